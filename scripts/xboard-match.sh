#!/usr/bin/env bash
# Plays Menagerie against itself under the real XBoard, headless, for each
# game given (default: every game), and prints how each match went.
#
#   scripts/xboard-match.sh [--games N] [--tc MIN:SEC] [--inc SEC] [--out DIR]
#                           [--options 'NAME=VALUE,...'] [--no-debug] [VARIANT...]
#
# VARIANT is an XBoard variant name: normal (chess), wreckage, carnage,
# air-and-trench, longer-board, wounds, or pick-the-piece (which plays the
# engine option PickThePieceSetup, e.g. --options
# PickThePieceSetup=$PWD/examples/pick-the-piece/knights-of-daniel.toml;
# XBoard splits --options at commas). --no-debug runs XBoard without its
# debug log (and so without the audit). Needs xboard and xvfb-run (Debian:
# apt-get install xboard xvfb); installs nothing itself. Not part of CI:
# XBoard is a GUI (and GPL), this script is for people checking the
# XBoard front-end by hand. See docs/protocols.md, "XBoard in practice".
set -euo pipefail
cd "$(dirname "$0")/.."

games=2 tc=0:20 inc=0.2 out=target/xboard-match options=
debug_flags=(-debug -nameOfDebugFile)
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games=$2; shift 2 ;;
    --tc) tc=$2; shift 2 ;;
    --inc) inc=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --options) options=$2; shift 2 ;;
    --no-debug) debug_flags=(); shift ;;
    -h|--help) sed -n 2,16p "$0"; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(normal wreckage carnage air-and-trench longer-board wounds)

xboard=${XBOARD:-/usr/games/xboard}
command -v "$xboard" >/dev/null || { echo "xboard not found (set XBOARD=...)" >&2; exit 1; }
command -v xvfb-run >/dev/null || { echo "xvfb-run not found" >&2; exit 1; }

bin=${MENAGERIE_BIN:-}
if [ -z "$bin" ]; then
  cargo build --release -q -p menagerie
  bin=target/release/menagerie
fi
# The audit replays XBoard's debug log: the actions that went through and
# the first ply (if any) where XBoard's board differs from ours.
cargo build --release -q -p menagerie-protocol --example xboard_audit
audit=$(realpath target/release/examples/xboard_audit)
bin=$(realpath "$bin")
mkdir -p "$out"
out=$(realpath "$out")

for v in "${variants[@]}"; do
  pgn=$out/$v.pgn debug=$out/$v.debug
  rm -f "$pgn" "$debug"
  # A match of N games takes at most N * 2 * (tc + moves * inc) plus start-up;
  # XBoard exits after the match (-xexit: no exit pop-up), timeout is a guard.
  secs=$(( games * 2 * (${tc%%:*} * 60 + 10#${tc##*:} + 60) + 60 ))
  echo "== $v: $games games, $tc + $inc s (at most ${secs}s)"
  timeout "$secs" xvfb-run -a "$xboard" -noGUI -xexit \
    -settingsFile /dev/null -saveSettingsFile /dev/null -saveSettingsOnExit false \
    -fcp "$bin xboard" -fd "$out" -scp "$bin xboard" -sd "$out" \
    -firstOptions "$options" -secondOptions "$options" \
    -variant "$v" -matchGames "$games" -tc "$tc" -inc "$inc" \
    -testLegality false -autoCallFlag true -xponder \
    -saveGameFile "$pgn" -pgnExtendedInfo true \
    ${debug_flags[@]+"${debug_flags[@]}" "$debug"} >/dev/null 2>&1 || echo "   (xboard exited with status $?)"
  if [ -s "$pgn" ]; then
    grep -o '{[^}]*}[[:space:]]*\(1-0\|0-1\|1/2-1/2\|\*\)' "$pgn" | sed 's/^/   end: /'
  else
    echo "   no game saved; see $debug"
  fi
  setup=$(printf '%s' "$options" | sed -n 's/.*PickThePieceSetup=\([^,]*\).*/\1/p')
  [ "$v" = pick-the-piece ] && [ -n "$setup" ] || setup=
  [ -s "$debug" ] && "$audit" "$v" "$debug" $setup | sed 's/^/   /'

  echo "   record: $pgn"
  [ -s "$debug" ] && echo "   protocol log: $debug"
  true
done
