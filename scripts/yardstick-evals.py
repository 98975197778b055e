#!/usr/bin/env python3
"""Where the engine misjudges its yardstick games (issue #22).

Reads a PGN written by scripts/yardstick.sh (the engine's moves carry
`{score/depth}` comments, the mover's view in pawns) and prints:

1. how the games ended measured against the engine's own scores: losses
   and draws of games in which it once thought itself well ahead;
2. the engine's score beside Stockfish's at a fixed depth on a random
   sample of the same positions (the position before each commented
   move), grouped by the engine's score;
3. with COSTLY above 0, the engine's costly moves in the first COSTLY
   games: every position before and after each of its commented moves
   scored by Stockfish, a move's cost being the mover's expected score
   before it less the expected score after it (`1 / (1 + 10^(-cp/400))`);
   the moves costing 0.15 or more, by move number, thinking time and the
   engine's own score, and the losses that hold none.

Usage: scripts/yardstick-evals.py [PGN] [POSITIONS] [DEPTH] [COSTLY]
  PGN        default target/yardstick-2300-10+0.1.pgn
  POSITIONS  positions to give Stockfish (default 300; 0: none)
  DEPTH      Stockfish's search depth (default 14)
  COSTLY     games whose every move Stockfish scores (default 0: none)
Stockfish is /usr/games/stockfish (scripts/yardstick.sh installs it).
Only a script: no part of Menagerie calls or ships Stockfish.
"""

import collections
import random
import re
import statistics
import subprocess
import sys

ENGINE = "engine"
STOCKFISH = "/usr/games/stockfish"
SCORE = re.compile(r"\{([+-])(M?)([\d.]+)/(\d+)")
SECONDS = re.compile(r"([\d.]+)s\}")
COSTLY = 0.15
MOVE = re.compile(r"\{[^}]*\}|\b[a-j]\d+[a-j]\d+[qrbn]?\b")


def games(text):
    """(engine is White, result, [(moves up to and with the engine's move,
    its score in pawns, whether a mate, seconds or None)])."""
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
                secs = SECONDS.search(token)
                secs = float(secs.group(1)) if secs else None
                scored.append((list(moves), sign * pawns, bool(m.group(2)), secs))
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
        best = max((s for _, s, _, _ in scored), default=0.0)
        key = outcome(engine_white, result)
        counts.setdefault(key, [0, 0])
        counts[key][0] += 1
        counts[key][1] += best >= 2.0
    for key in ("won", "drawn", "lost"):
        n, ahead = counts.get(key, [0, 0])
        print(f"{key}: {n} games, {ahead} of them after the engine once scored +2 or more")


class Stockfish:
    """Stockfish at full strength, scoring positions at a fixed depth."""

    def __init__(self, depth):
        self.depth = depth
        self.sf = subprocess.Popen(
            [STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.send("setoption name Hash value 16")
        self.send("isready")
        while self.sf.stdout.readline().strip() != "readyok":
            pass

    def send(self, line):
        self.sf.stdin.write(line + "\n")

    def score(self, moves, mate=None):
        """The mover's score in centipawns after `moves` from the start;
        a mate is `mate` centipawns (its sign the mover's), or None."""
        self.send("ucinewgame")
        self.send("position startpos moves " + " ".join(moves))
        self.send(f"go depth {self.depth}")
        theirs = None
        while True:
            line = self.sf.stdout.readline()
            if not line or line.startswith("bestmove"):
                return theirs
            m = re.search(r"score (cp|mate) (-?\d+)", line)
            if m and m.group(1) == "cp":
                theirs = int(m.group(2))
            elif m:
                theirs = None if mate is None else (mate if int(m.group(2)) > 0 else -mate)

    def close(self):
        self.send("quit")
        self.sf.wait()


def stockfish_scores(samples, depth):
    sf = Stockfish(depth)
    pairs = []
    for moves, ours in samples:
        theirs = sf.score(moves)
        if theirs is not None:
            pairs.append((round(ours * 100), theirs))
    sf.close()
    return pairs


def compare(all_games, count, depth):
    samples = [
        (moves[:-1], s)
        for _, _, scored in all_games
        for moves, s, mate, _ in scored
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


def expected(cp):
    return 1 / (1 + 10 ** (-cp / 400))


def costly_moves(scored, sf):
    """(move number, seconds, the engine's score) of each costly move."""
    found = []
    for moves, ours, _, secs in scored:
        before = sf.score(moves[:-1], 3000)
        after = sf.score(moves, 3000)
        if before is not None and after is not None:
            if expected(before) - expected(-after) >= COSTLY:
                found.append(((len(moves) + 1) // 2, secs, ours))
    return found


def band(value, bounds, names):
    """The name of the first bound `value` is at or below (the last name
    above them all; "unknown" for no value)."""
    if value is None:
        return "unknown"
    return next((n for b, n in zip(bounds, names) if value <= b), names[-1])


def costly(all_games, count, depth):
    sf = Stockfish(depth)
    moves = losses = plain = 0
    phases, clocks, leads = collections.Counter(), collections.Counter(), collections.Counter()
    for engine_white, result, scored in all_games[:count]:
        found = costly_moves(scored, sf)
        moves += len(scored)
        if outcome(engine_white, result) == "lost":
            losses += 1
            plain += not found
        for number, secs, ours in found:
            phases[band(number, (19, 39, 59), ("1-19", "20-39", "40-59", "60 on"))] += 1
            clocks[band(secs, (0.15, 0.3), ("<= 0.15 s", "0.15-0.3 s", "longer"))] += 1
            leads["+2 or more" if ours >= 2 else "below +2"] += 1
    sf.close()
    total = sum(phases.values())
    print(f"{total} of the engine's {moves} moves cost {COSTLY} or more (Stockfish at depth {depth})")
    print(f"by move number: {dict(phases)}; by time: {dict(clocks)}; by the engine's score: {dict(leads)}")
    print(f"{plain} of {losses} losses hold no such move")


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "target/yardstick-2300-10+0.1.pgn"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    depth = int(sys.argv[3]) if len(sys.argv) > 3 else 14
    with open(path, encoding="utf-8") as f:
        all_games = list(games(f.read()))
    conversion(all_games)
    if count > 0:
        compare(all_games, count, depth)
    games_costly = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    if games_costly > 0:
        costly(all_games, games_costly, depth)


if __name__ == "__main__":
    main()
