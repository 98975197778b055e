#!/bin/bash
# Reproduces a generation of the Wreckage net (docs/engine.md, "Network
# evaluation"): self-play data, training, then the match against the
# classical evaluation and the search speed with and without the net.
# Long (about an hour on two cores); not part of CI.
#
#   scripts/nnue-train.sh [DATA_DIR] [GAMES] [SEED]
#
# A generation after the first self-plays with the previous net:
#   NET=nets/wreckage-1.nnue GEN=2 scripts/nnue-train.sh
set -euo pipefail
dir=${1:-/work/data}
games=${2:-4000}
seed=${3:-1}
gen=${GEN:-1}
bin=${MENAGERIE:-target/release/menagerie}
mkdir -p "$dir"
play=()
if [[ -n "${NET:-}" ]]; then play=(--net "$NET"); fi
"$bin" tune generate --variant wreckage --games "$games" --nodes 5000 \
  --seed "$seed" "${play[@]}" --out "$dir/wreckage-g$gen.mgd"
"$bin" tune train "$dir/wreckage-g$gen.mgd" --hidden 128 --epochs 30 \
  --sigmoid-cp 600 --lambda 0.75 --out "$dir/wreckage-$gen.nnue"
"$bin" match --variant wreckage --nodes 20000 --games 200 --opening-plies 8 \
  --concurrency 2 --out "$dir/match-g$gen.pgn" \
  "engine/net=$dir/wreckage-$gen.nnue" engine/classical
"$bin" bench --search-only --classical
"$bin" bench --search-only --net "$dir/wreckage-$gen.nnue"
