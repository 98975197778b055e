#!/usr/bin/env bash
# wounds-tactic.sh NET [BIN]: the measure of the test `wounds_wound_finishes_a_man`
# (crates/engine/tests/tactics.rs) for a Wounds net file, without rebuilding:
# d4d5 searched at depth 4, then a fresh depth-4 search over every other move
# (UCI searchmoves); the test asks for a gap of at least 50 cp.
set -euo pipefail
net=$(realpath "${1:?usage: wounds-tactic.sh NET [BIN]}")
bin=${2:-target/release/menagerie}
fen='7k/6pp/8/3q(00001000)4/3R(10000000)4/8/6PP/1N4K1 w - - 0 1'
others=$("$bin" moves --variant wounds --fen "$fen" | grep -v '^d4d5$' | tr '\n' ' ')
# One search in a fresh engine: prints "MOVE CP" of its last depth-4 line.
search() {
  printf 'uci\nsetoption name UCI_Variant value wounds\nsetoption name EvalFile value %s\nposition fen %s\ngo depth 4 %s\n' \
    "$net" "$fen" "$1" | (cat; sleep 2; echo quit) | "$bin" uci |
    grep -E '^info depth 4 ' | tail -n 1 | sed -E 's/.*score cp (-?[0-9]+).* pv ([^ ]+).*/\2 \1/'
}
best=$(search "")
rest=$(search "searchmoves $others")
gap=$(( ${best#* } - ${rest#* } ))
verdict=fails
[ "${best% *}" = d4d5 ] && [ "$gap" -ge 50 ] && verdict=passes
echo "best $best, best other $rest, gap $gap: $verdict"
