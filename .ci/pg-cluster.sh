# shellcheck shell=bash
# A throwaway PostgreSQL cluster for the tests, sourced by .ci/run:
# `pg_cluster_start` installs PostgreSQL from Debian's packages if `initdb`
# is missing, creates a cluster in a temporary folder listening on
# 127.0.0.1 on a free port (run as the `postgres` user when we are root),
# and exports MENAGERIE_TEST_PG, and for the restart test (crates/server/
# tests/cluster_restart.rs) MENAGERIE_TEST_PG_CTL (the command running
# pg_ctl as the cluster's owner) and MENAGERIE_TEST_PG_DATA (its data
# folder); `pg_cluster_stop` stops it and removes the
# folder (.ci/run calls it from its EXIT trap). `nginx_install` installs
# nginx for the proxy test.

PG_BIN=""
PG_DIR=""
PG_PORT=""

# Runs a PostgreSQL program as the cluster's owner.
pg_as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# Finds the folder of initdb and pg_ctl (PATH, then Debian's versioned ones).
pg_find_bin() {
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return 0
  fi
  local newest
  newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$newest" ] && [ -x "$newest/initdb" ] && echo "$newest"
}

# Installs Debian packages (as root, or with sudo).
ci_apt_install() {
  echo "== installing $* (apt-get install)"
  local apt=(apt-get)
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 || {
      echo "$* missing, and we are neither root nor have sudo: install $*" >&2
      return 1
    }
    apt=(sudo apt-get)
  fi
  DEBIAN_FRONTEND=noninteractive "${apt[@]}" update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -q "$@" >/dev/null
}

pg_install() {
  ci_apt_install postgresql
}

# nginx for the proxy test (crates/server/tests/nginx.rs); the package's
# own service is not used.
nginx_install() {
  if [ ! -x /usr/sbin/nginx ] && ! command -v nginx >/dev/null 2>&1; then
    ci_apt_install nginx
  fi
}

# Whether something listens on 127.0.0.1:$1.
pg_port_taken() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

pg_cluster_start() {
  PG_BIN=$(pg_find_bin || true)
  if [ -z "$PG_BIN" ]; then
    pg_install
    PG_BIN=$(pg_find_bin)
  fi
  PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/menagerie-pg.XXXXXX")
  if [ "$(id -u)" = 0 ]; then
    chown postgres: "$PG_DIR"
  fi
  pg_as_owner "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust -E UTF8 --locale=C \
    >"$PG_DIR/initdb.log" 2>&1 || { cat "$PG_DIR/initdb.log" >&2; return 1; }
  local tries
  for tries in 1 2 3 4 5 6 7 8 9 10; do
    PG_PORT=$((20000 + RANDOM % 20000))
    pg_port_taken "$PG_PORT" && continue
    if pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR -c fsync=off" start >/dev/null; then
      # The same settings for a plain `pg_ctl start` after a stop (the
      # restart test stops and starts the cluster).
      printf '%s\n' "listen_addresses = '127.0.0.1'" "port = $PG_PORT" \
        "unix_socket_directories = '$PG_DIR'" "fsync = off" \
        | pg_as_owner tee -a "$PG_DIR/data/postgresql.conf" >/dev/null
      export MENAGERIE_TEST_PG="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
      if [ "$(id -u)" = 0 ]; then
        export MENAGERIE_TEST_PG_CTL="runuser -u postgres -- $PG_BIN/pg_ctl"
      else
        export MENAGERIE_TEST_PG_CTL="$PG_BIN/pg_ctl"
      fi
      export MENAGERIE_TEST_PG_DATA="$PG_DIR/data"
      echo "== PostgreSQL $("$PG_BIN/pg_ctl" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT (throwaway, $PG_DIR)"
      return 0
    fi
    echo "(try $tries: could not start on port $PG_PORT)" >&2
  done
  cat "$PG_DIR/server.log" >&2
  return 1
}

pg_cluster_stop() {
  if [ -n "$PG_DIR" ] && [ -d "$PG_DIR/data" ]; then
    pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  if [ -n "$PG_DIR" ]; then
    rm -rf "$PG_DIR"
  fi
  PG_DIR=""
  unset MENAGERIE_TEST_PG MENAGERIE_TEST_PG_CTL MENAGERIE_TEST_PG_DATA
}
