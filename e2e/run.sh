#!/usr/bin/env bash
# End-to-end browser tests of the Menagerie web page.
# Installs what it needs (Debian chromium, playwright-core via npm ci), builds
# the server binary unless MENAGERIE_BIN points at one, then runs the tests.
# Screenshots go to target/e2e-screenshots/ (E2E_SCREENSHOTS overrides).
set -euo pipefail
if [ -n "${MENAGERIE_BIN:-}" ] && [ "${MENAGERIE_BIN#/}" = "$MENAGERIE_BIN" ]; then MENAGERIE_BIN="$PWD/$MENAGERIE_BIN"; fi
cd "$(dirname "$0")"
ROOT="$(cd .. && pwd)"

if [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  echo "e2e: installing chromium (apt-get)" >&2
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get install -y chromium >/dev/null || { $SUDO apt-get update >/dev/null && $SUDO apt-get install -y chromium >/dev/null; }
fi
export CHROMIUM="${CHROMIUM:-$(command -v chromium)}"

if [ ! -d node_modules/playwright-core ]; then
  npm ci --no-audit --no-fund >/dev/null
fi

if [ -z "${MENAGERIE_BIN:-}" ]; then
  (cd "$ROOT" && cargo build --release --quiet -p menagerie)
  export MENAGERIE_BIN="$ROOT/target/release/menagerie"
fi

if [ "$#" -eq 0 ]; then set -- tests/*.test.mjs; fi
exec node --test --test-concurrency=1 --test-reporter=spec "$@"
