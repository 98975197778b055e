#!/usr/bin/env python3
"""What Wounds self-play data says a worn man is worth (docs/engine-log/nnue-runs-stops-30-76.md, stop 34).

Reads a data file of `menagerie tune generate --variant wounds` (the format
of crates/engine/src/nnue/data.rs) and fits, by least squares over the
positions without mate scores, the search score (centipawns) and the game
result (0, 1/2, 1), each from the side to move's view, to three
differences between the sides: total prong strength (long 2, short and
knight 1), men, and men other than Kings and Pawns left with strength 1.

Usage: scripts/prong-regression.py FILE.mgd [MAX_POSITIONS]   (needs numpy)
"""
import struct
import sys

import numpy as np

KING, KNIGHT, PAWN = 0, 4, 5


def strength(role, state):
    if role == KNIGHT:
        return bin(state & 0xFF).count("1")
    return sum((state >> (2 * i)) & 3 for i in range(8))


def positions(path, limit):
    data = open(path, "rb").read()
    if data[:8] != b"MNGDATA\0":
        sys.exit(f"{path}: not a Menagerie data file")
    _version, _files, _ranks, states = struct.unpack_from("<HBBB", data, 8)
    (key_len,) = struct.unpack_from("<H", data, 8 + 5 + 16)
    o = 8 + 5 + 16 + 2 + key_len
    rows = []
    while o + 13 <= len(data) and len(rows) < limit:
        _index, result, count, length = struct.unpack_from("<IBII", data, o)
        o += 13
        if o + length > len(data):
            break
        p = o
        for _ in range(count):
            score, flags = struct.unpack_from("<hB", data, p)
            lo, hi = struct.unpack_from("<QQ", data, p + 3)
            p += 19
            n = bin(lo | hi << 64).count("1")
            pieces = data[p : p + n]
            p += n
            st = struct.unpack_from(f"<{n}H", data, p) if states else (0,) * n
            p += 2 * n if states else 0
            p += 1 + 2 * data[p]
            black = flags & 1
            if flags & 8 or abs(score) > 3000:
                continue
            f = [0.0] * 6
            for piece, s in zip(pieces, st):
                role, side = piece & 127, 0 if piece >> 7 == black else 3
                k = strength(role, s)
                f[side] += k
                f[side + 1] += 1
                f[side + 2] += role not in (KING, PAWN) and k == 1
            r = result / 2
            rows.append((f[0] - f[3], f[1] - f[4], f[2] - f[5], score, 1 - r if black else r))
        o += length
    return np.array(rows)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    a = positions(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000)
    print(f"{len(a)} positions, {int((a[:, 2] != 0).sum())} with a one-prong man more on one side")
    x = np.c_[a[:, :3], np.ones(len(a))]
    for name, y in (("score (cp)", a[:, 3]), ("result", a[:, 4])):
        c = np.linalg.lstsq(x, y, rcond=None)[0]
        print(f"{name}: per prong strength {c[0]:.3f}, per man {c[1]:.3f}, "
              f"per one-prong man {c[2]:.3f}, constant {c[3]:.3f}")


main()
