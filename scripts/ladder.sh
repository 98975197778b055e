#!/usr/bin/env bash
# The level ladder: each level against the one below it, and level 1 against
# the one-ply material grabber (greedy), in one game, both colours, varied
# openings. Prints one line per step: the match's score line and its Elo
# with the 95% margin, then the cumulative Elo of every level over greedy.
#
#   scripts/ladder.sh [VARIANT] [GAMES] [MOVETIME_MS] [FROM]   (defaults: wreckage 40 100 1)
#
# FROM above 1 measures only the steps from that level up (the cumulative
# figures then start from 0).
#
# MENAGERIE_BIN=path plays that binary instead of building this checkout.
# Not part of CI (levels 9 and 10 think for the whole move time).
set -euo pipefail
cd "$(dirname "$0")/.."
variant="${1:-wreckage}"
games="${2:-40}"
movetime="${3:-100}"
from="${4:-1}"
case "$games$movetime$from" in *[!0-9]*) echo "GAMES and MOVETIME_MS are whole numbers" >&2; exit 2 ;; esac
bin="${MENAGERIE_BIN:-}"
if [ -z "$bin" ]; then
  cargo build --release -q -p menagerie
  bin=target/release/menagerie
fi
out="${LADDER_OUT:-target/ladder-$variant}"
mkdir -p "$out"
total=0
step() {
  local a="$1" b="$2" name="$3" line elo
  line=$("$bin" match --variant "$variant" --games "$games" --movetime "$movetime" --seed 7 \
    --out "$out/$name.pgn" "$a" "$b" 2>/dev/null | grep -E '^(Score|Elo)')
  elo=$(printf '%s\n' "$line" | sed -n 's/^Elo difference: \([-+0-9.inf]*\).*/\1/p')
  printf '%s\n' "$line" | tr '\n' ' '
  echo
  case "$elo" in
    ''|-inf) echo "  (no Elo: the ladder stops here)"; return 1 ;;
    *inf*) elo=600; echo "  (every game won: counted as +600, a floor)" ;;
  esac
  total=$(awk -v t="$total" -v e="$elo" 'BEGIN { printf "%.0f", t + e }')
  echo "  $name: $total Elo over greedy"
}
if [ "$from" -le 1 ]; then
  step engine:1 greedy level1 || exit 0
  from=2
fi
for l in $(seq "$from" 10); do
  step "engine:$l" "engine:$((l - 1))" "level$l" || exit 0
done
