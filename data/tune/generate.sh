#!/bin/bash
# Regenerates the training data of the piece-value fit (docs/engine.md):
# self-play at 3000 nodes a move from random 6-ply openings, seed 1.
set -euo pipefail
bin=${MENAGERIE:-target/release/menagerie}
for v in chess wreckage carnage air-and-trench longer-board wounds; do
  "$bin" tune generate --text --variant "$v" --games 40 --nodes 3000 --seed 1 --out "data/tune/$v.txt"
done
"$bin" tune fit data/tune/*.txt
