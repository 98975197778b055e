#!/bin/bash
# Makes a net for one game by the recipe of docs/engine.md ("Network
# evaluation (NNUE)"; its runs from stop 32 on are in
# docs/engine-log/nnue-runs-stops-30-76.md): self-play data at 1 000 nodes a move,
# three annealed epochs at lambda 0.75, then the match against the
# classical evaluation at 20 000 nodes and the search speed with the net.
# Long (about an hour on two idle cores for 5 M positions); not part of CI.
#
#   scripts/nnue-train.sh VARIANT [DATA_DIR] [GAMES] [SEED]
#
# Environment: SIGMOID (centipawns of the sigmoid's scale; 600 suits the
# 10x10 games, 400 chess), NODES (self-play budget, 1000), EPOCHS (3),
# BOUND (time bound of the self-play, default 60m; rerunning resumes it),
# NET (self-play with this net: a later generation), MENAGERIE (the binary).
# The commands of earlier runs (generation 1 at 5 000 nodes, 30 epochs)
# are in docs/engine-log/nnue-runs-stops-30-76.md beside their figures.
set -euo pipefail
variant=${1:?usage: scripts/nnue-train.sh VARIANT [DATA_DIR] [GAMES] [SEED]}
dir=${2:-/work/data}
games=${3:-100000}
seed=${4:-1}
bin=${MENAGERIE:-target/release/menagerie}
sigmoid=${SIGMOID:-600}
nodes=${NODES:-1000}
epochs=${EPOCHS:-3}
bound=${BOUND:-60m}
mkdir -p "$dir"
play=()
name="$variant-n$nodes-s$seed"
if [[ -n "${NET:-}" ]]; then
  play=(--net "$NET")
  # Data from a net engine never resumes into the classical engine's file.
  name="$name-$(basename "$NET" .nnue)"
fi
data="$dir/$name.mgd"
# The time bound (exit status 124) ends the run; the file keeps every whole
# game. Any other failure stops the script.
timeout "$bound" "$bin" tune generate --variant "$variant" --games "$games" \
  --nodes "$nodes" --seed "$seed" --threads 2 "${play[@]}" --out "$data" ||
  [[ $? -eq 124 ]]
net="$dir/$name.nnue"
"$bin" tune train "$data" --hidden 128 --epochs "$epochs" --batch 16384 \
  --sigmoid-cp "$sigmoid" --lambda 0.75 --seed 1 --threads 2 --out "$net"
"$bin" match --variant "$variant" --nodes 20000 --games 200 --opening-plies 8 \
  --concurrency 2 --seed 2 --out "$dir/match-$name.pgn" \
  "engine/net=$net" engine/classical
"$bin" bench --search-only --classical
"$bin" bench --search-only --net "$net"
