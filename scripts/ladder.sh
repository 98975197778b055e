#!/usr/bin/env bash
# The level ladder: each level against the one below it, and level 1 against
# the one-ply material grabber (greedy), in one game, both colours, varied
# openings. Prints one line per step: the match's score line and its Elo
# with the 95% margin, then the cumulative Elo of every level over greedy.
#
#   scripts/ladder.sh [VARIANT] [GAMES] [MOVETIME_MS]   (defaults: wreckage 40 100)
#
# Not part of CI (levels 9 and 10 think for the whole move time).
set -euo pipefail
cd "$(dirname "$0")/.."
variant="${1:-wreckage}"
games="${2:-40}"
movetime="${3:-100}"
case "$games$movetime" in *[!0-9]*) echo "GAMES and MOVETIME_MS are whole numbers" >&2; exit 2 ;; esac
cargo build --release -q -p menagerie
bin=target/release/menagerie
out="target/ladder-$variant"
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
    *inf*|'') echo "  (no finite Elo: the cumulative sum stops here)"; return 1 ;;
  esac
  total=$(awk -v t="$total" -v e="$elo" 'BEGIN { printf "%.0f", t + e }')
  echo "  $name: $total Elo over greedy"
}
step engine:1 greedy level1 || exit 0
for l in 2 3 4 5 6 7 8 9 10; do
  step "engine:$l" "engine:$((l - 1))" "level$l" || exit 0
done
