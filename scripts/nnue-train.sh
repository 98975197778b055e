#!/bin/bash
# Reproduces a generation of the Wreckage net (docs/engine.md, "Network
# evaluation (NNUE)"): self-play data, training, the match against the
# classical evaluation, and the search speed with and without the net.
# Long (about an hour and a half on two busy cores); not part of CI.
#
#   scripts/nnue-train.sh [DATA_DIR] [GAMES] [SEED]
#
# Defaults reproduce generation 1 (2115 games, seed 1; the match used the
# checkpoint of epoch 15). A generation after the first self-plays with the
# previous net:  NET=data/nnue/wreckage-1.nnue GEN=2 scripts/nnue-train.sh
set -euo pipefail
dir=${1:-/work/data}
games=${2:-2115}
seed=${3:-1}
gen=${GEN:-1}
epoch=${EPOCH:-15}
bin=${MENAGERIE:-target/release/menagerie}
mkdir -p "$dir"
play=()
if [[ -n "${NET:-}" ]]; then play=(--net "$NET"); fi
"$bin" tune generate --variant wreckage --games "$games" --nodes 5000 \
  --seed "$seed" --threads 2 "${play[@]}" --out "$dir/wreckage-g$gen.mgd"
"$bin" tune train "$dir/wreckage-g$gen.mgd" --hidden 128 --epochs 30 \
  --batch 16384 --sigmoid-cp 600 --lambda 0.75 --seed 1 \
  --out "$dir/wreckage-${gen}f.nnue"
net="$dir/wreckage-${gen}f-e$epoch.nnue"
"$bin" match --variant wreckage --nodes 20000 --games 200 --opening-plies 8 \
  --concurrency 2 --seed 2 --out "$dir/match-g${gen}f.pgn" \
  "engine/net=$net" engine/classical
"$bin" bench --search-only --classical
"$bin" bench --search-only --net "$net"
