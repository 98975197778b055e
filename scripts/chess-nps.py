#!/usr/bin/env python3
"""Searches four chess positions (two middlegames of the search bench, the
start, a Queen's Gambit position) to a fixed node count with a fresh table
each and prints the nodes per second over all four.

    scripts/chess-nps.py BINARY [NET [NODES]]     # NODES: 1500000 by default

NET is an `EvalFile` (a net file; the shipped net when left out). Set WRAP
to run the engine under a tool, e.g. for instruction counts of the same
search (the node count fixes the tree):

    WRAP="valgrind --tool=callgrind --callgrind-out-file=cg.out" \
        scripts/chess-nps.py target/release/menagerie data/nnue/chess-12.nnue 100000

Valgrind 3.19 cannot decode AVX-512: on a machine that has it, count with
a build for AVX2 (RUSTFLAGS="-C target-cpu=x86-64-v3" and a
CARGO_TARGET_DIR of its own), not the native build.
"""
import os
import shlex
import subprocess
import sys

FENS = [
    "2kr4/1ppqbp2/2n1p1p1/p6r/P1PP2Q1/2B2N2/1P3PKP/R4R2 w - - 3 19",
    "r6r/3bkp2/6p1/2p1P1N1/2pp1PPp/P1P4P/3K4/RR6 b - - 1 26",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
]


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    net = sys.argv[2] if len(sys.argv) > 2 else None
    nodes = sys.argv[3] if len(sys.argv) > 3 else "1500000"
    cmd = shlex.split(os.environ.get("WRAP", "")) + [binary, "uci"]
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(line: str) -> None:
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def read() -> str:
        line = p.stdout.readline()
        if not line:
            sys.exit("the engine ended")
        return line

    send("uci")
    if net:
        send(f"setoption name EvalFile value {net}")
    send("setoption name Hash value 16")
    total_nodes = total_ms = 0
    for fen in FENS:
        send("ucinewgame")
        send("isready")
        while read().strip() != "readyok":
            pass
        send(f"position fen {fen}")
        send(f"go nodes {nodes}")
        last = None
        while not (line := read()).startswith("bestmove"):
            if " nps " in line:
                last = line.split()
        if last is None:
            sys.exit("no search report")
        total_nodes += int(last[last.index("nodes") + 1])
        total_ms += int(last[last.index("time") + 1])
    send("quit")
    p.wait()
    print(f"{total_nodes / max(total_ms, 1) * 1000:.0f} nps ({total_nodes} nodes, {total_ms} ms)")


if __name__ == "__main__":
    main()
