#!/usr/bin/env python3
"""Where the engine misjudges its yardstick games (issue #22).

Reads a PGN written by scripts/yardstick.sh (the engine's moves carry
`{score/depth}` comments, the mover's view in pawns) and prints:

1. how the games ended measured against the engine's own scores: losses
   and draws of games in which it once thought itself well ahead;
2. the engine's score beside Stockfish's at a fixed depth on a random
   sample of the same positions (the position before each commented
   move), grouped by the engine's score.

Usage: scripts/yardstick-evals.py [PGN] [POSITIONS] [DEPTH]
  PGN        default target/yardstick-2300-10+0.1.pgn
  POSITIONS  positions to give Stockfish (default 300; 0: none)
  DEPTH      Stockfish's search depth (default 14)
Stockfish is /usr/games/stockfish (scripts/yardstick.sh installs it).
Only a script: no part of Menagerie calls or ships Stockfish.
"""

import random
import re
import statistics
import subprocess
import sys

ENGINE = "engine"
STOCKFISH = "/usr/games/stockfish"
SCORE = re.compile(r"\{([+-])(M?)([\d.]+)/(\d+)")
MOVE = re.compile(r"\{[^}]*\}|\b[a-j]\d+[a-j]\d+[qrbn]?\b")


def games(text):
    """(engine is White, result, [(moves before, engine's score or None)])."""
    for chunk in re.split(r"\n(?=\[Event )", text):
        if "\n\n" not in chunk:
            continue
        head, body = chunk.split("\n\n", 1)
        white = re.search(r'\[White "([^"]*)"', head)
        result = re.search(r'\[Result "([^"]*)"', head)
        if not white or not result:
            continue
        moves, scored = [], []
        for token in MOVE.findall(re.sub(r"\s+", " ", body)):
            if not token.startswith("{"):
                moves.append(token)
                continue
            m = SCORE.match(token)
            if m and moves:
                sign = 1 if m.group(1) == "+" else -1
                pawns = 100.0 if m.group(2) else float(m.group(3))
                scored.append((moves[:-1], sign * pawns, bool(m.group(2))))
        # The engine's name may carry switches (`engine/drawish`, ENGINE of yardstick.sh).
        name = white.group(1)
        yield name == ENGINE or name.startswith(ENGINE + "/"), result.group(1), scored


def outcome(engine_white, result):
    """The engine's result: 'won', 'lost' or 'drawn'."""
    if result == "1/2-1/2":
        return "drawn"
    return "won" if (result == "1-0") == engine_white else "lost"


def conversion(all_games):
    counts = {}
    for engine_white, result, scored in all_games:
        best = max((s for _, s, _ in scored), default=0.0)
        key = outcome(engine_white, result)
        counts.setdefault(key, [0, 0])
        counts[key][0] += 1
        counts[key][1] += best >= 2.0
    for key in ("won", "drawn", "lost"):
        n, ahead = counts.get(key, [0, 0])
        print(f"{key}: {n} games, {ahead} of them after the engine once scored +2 or more")


def stockfish_scores(samples, depth):
    sf = subprocess.Popen(
        [STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )

    def send(line):
        sf.stdin.write(line + "\n")

    send("uci")
    send("setoption name Hash value 16")
    send("isready")
    while sf.stdout.readline().strip() != "readyok":
        pass
    pairs = []
    for moves, ours in samples:
        send("ucinewgame")
        send("position startpos moves " + " ".join(moves))
        send(f"go depth {depth}")
        theirs = None
        while True:
            line = sf.stdout.readline()
            if not line or line.startswith("bestmove"):
                break
            m = re.search(r"score (cp|mate) (-?\d+)", line)
            if m:
                theirs = int(m.group(2)) if m.group(1) == "cp" else None
        if theirs is not None:
            pairs.append((round(ours * 100), theirs))
    send("quit")
    sf.wait()
    return pairs


def compare(all_games, count, depth):
    samples = [
        (moves, s)
        for _, _, scored in all_games
        for moves, s, mate in scored
        if not mate and abs(s) < 8
    ]
    random.Random(1).shuffle(samples)
    pairs = stockfish_scores(samples[:count], depth)
    print(f"{len(pairs)} positions, Stockfish at depth {depth} (centipawns, the mover's view)")
    print("engine's score      positions  Stockfish's mean  median")
    for lo, hi in [(-800, -300), (-300, -150), (-150, -50), (-50, 50), (50, 150), (150, 300), (300, 800)]:
        theirs = [t for o, t in pairs if lo <= o < hi]
        if theirs:
            print(
                f"[{lo:5}, {hi:4})      {len(theirs):9}  {statistics.mean(theirs):16.0f}  "
                f"{statistics.median(theirs):6.0f}"
            )


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "target/yardstick-2300-10+0.1.pgn"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    depth = int(sys.argv[3]) if len(sys.argv) > 3 else 14
    with open(path, encoding="utf-8") as f:
        all_games = list(games(f.read()))
    conversion(all_games)
    if count > 0:
        compare(all_games, count, depth)


if __name__ == "__main__":
    main()
