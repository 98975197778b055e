#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets into fuzz/corpus/<target>/.

Seeds come from the repository: the games' start positions and golden perft
positions, the example setup files, and short protocol sessions. Run from
the repository root: python3 fuzz/seeds.py
"""
import hashlib, json, os, pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "fuzz" / "corpus"
GAMES = ["chess", "wreckage", "carnage", "air-and-trench", "longer-board", "wounds"]


def put(target, data):
    if isinstance(data, str):
        data = data.encode()
    d = CORPUS / target
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(data).hexdigest()).write_bytes(data)


def perft_cases():
    for f in sorted((ROOT / "crates/games/tests/data").glob("*.perft")):
        variant = None
        for line in f.read_text().splitlines():
            if line.startswith("variant "):
                variant = line.split(" ", 1)[1]
            elif line.startswith("fen ") and variant in GAMES:
                yield GAMES.index(variant), line.split(" ", 1)[1]


def main():
    for i, fen in perft_cases():
        put("fen", bytes([i]) + fen.encode())
    for i, moves in enumerate(["e2e4", "e2e5", "J@e2", "d2d4", "e1g1", "@@@@", "e2e3r", "a1a2"]):
        put("moves", bytes([i % 6, 0]) + moves.encode())
        put("moves", bytes([i % 6, 4, 1, 2, 3, 4]) + moves.encode())
    for f in sorted((ROOT / "examples/pick-the-piece").glob("*.toml")):
        put("setup", b"\x01" + f.read_bytes())
    for spec in ["slots=O,C;drops=A,J2", "slots=A,A;drops=C,O,J3", "slots=N,B", "slots=Q,G;drops=J1"]:
        put("setup", b"\x00" + spec.encode())
    for g in GAMES:
        put("uci", f"uci\nsetoption name UCI_Variant value {g}\nisready\nucinewgame\n"
                   f"position startpos moves\ngo depth 2\nisready\n")
        put("xboard", f"xboard\nprotover 2\nnew\nvariant {g if g != 'chess' else 'normal'}\n"
                      f"force\nsd 1\ngo\nping 1\nundo\nremove\n")
        put("pgn", f'[Event "?"]\n[Variant "{g}"]\n[Result "*"]\n\n*\n')
    put("pgn", '[Event "?"]\n[Result "*"]\n\n1. e2e4 {+0.35/12} e7e5 2. g1f3 *\n')
    annotated = ('[Event "?"]\n[Result "1-0"]\n\n1. e2e4 {[%eval 0.31]} e7e5 2. d1h5 b8c6 3. f1c4!? '
                 'g8f6 $4 {[%eval #1]} (3... g7g6 $1 4. h5f3 (4. h5e5+ d8e7) 4... g8f6) 4. h5f7# 1-0\n')
    put("pgn", annotated)
    wreckage = ('[Event "?"]\n[Variant "wreckage"]\n\n1. j2j5 j9j8 2. J@j2 {main} '
                '(2. J@j3 a10b8 3. a1b3 b8g3 4. b3g8 {push} 4... g3g3 $3) 2... a10b8 *\n')
    put("pgn", wreckage)
    for i, g in enumerate(GAMES):
        put("server_json", bytes([0, i]) + f'{{"variant": "{g}", "color": "black"}}'.encode())
    put("server_json", b"\x00\x00" + b'{"variant": "chess", "time_control": {"initial_ms": 1000}}')
    put("server_json", b"\x01\x00" + b'{"move": "e2e4"}')
    put("server_json", b"\x01\x01" + b'{"move": "J@e2"}')
    put("server_json", b"\x02\x00" + b'{"action": "offer"}')
    put("server_json", b"\x03\x00" + b'{"name": "mine", "spec": "pick-the-piece:slots=O,C", "options": {}}')
    put("server_json", b"\x04\x01" + annotated.encode())
    put("server_json", b"\x04\x01" + wreckage.encode())
    put("server_json", b"\x04\x00" + ('{"text": %s}' % json.dumps(annotated)).encode())
    put("server_json", b"\x05\x00" + b'{"variant": "wreckage", "line": [{"move": "j2j5"}, {"move": "j9j8"}, '
        b'{"move": "J@j2", "comment": "main", "variations": [[{"move": "J@j3", "nags": [1]}]]}], '
        b'"tags": [["White", "Ann"]], "result": "*"}')


if __name__ == "__main__":
    main()
