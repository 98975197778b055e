#!/usr/bin/env python3
"""Tune the search's constants (`menagerie_engine::params`) by SPSA.

Each iteration perturbs every constant at once by +/- c_k (a random sign
each), plays one opening with both colours between the two perturbed
engines (`menagerie match --games 2 --nodes N`), and moves every constant
along its sign by the pair's result (the usual simultaneous-perturbation
gradient step, with the gain schedules of Spall's paper: a_k falls as
k^-0.602, c_k as k^-0.101). Workers play pairs side by side, each pinned
to a core. The tuned values are printed (and written to the log) as
`p:NAME=VALUE` switches, ready for a confirming match against `engine`.

usage: scripts/spsa.py --binary target/release/menagerie --iterations 3000 \
           --nodes 6000 --workers 2 --seed 1 --log spsa.log
"""
import argparse, math, random, re, subprocess, threading, sys, time

# name, start, perturbation at the end (c_end), lowest, highest
PARAMS = [  # c_end: about a twentieth to a tenth of a sensible span
    ("rfp_depth", 4, 1.5, 0, 12),
    ("rfp_margin", 120, 18.0, 10, 600),
    ("fut_depth", 2, 1.5, 0, 10),
    ("fut_base", 100, 30.0, 0, 800),
    ("fut_margin", 150, 22.0, 10, 800),
    ("lmp_depth", 3, 1.5, 0, 12),
    ("lmp_base", 3, 1.5, 0, 40),
    ("lmr_base", 50, 25.0, -200, 300),
    ("lmr_div", 200, 25.0, 50, 800),
    ("nmp_base", 3, 1.5, 1, 8),
    ("nmp_div", 4, 1.5, 1, 20),
    ("see_quiet", 30, 8.0, 0, 400),
    ("see_capture", 120, 25.0, 0, 800),
    ("qs_delta", 250, 50.0, 0, 2000),
    ("aspiration", 30, 8.0, 5, 500),
    ("singular_margin", 2, 1.5, 0, 20),
]

SCORE = re.compile(r"Score of .* (\d+) - (\d+) - (\d+)")


def switches(theta):
    return "".join(
        f"/p:{name}={min(hi, max(lo, round(v)))}"
        for (name, _, _, lo, hi), v in zip(PARAMS, theta)
    )


def play_pair(args, core, seed, plus, minus):
    """W - L of the `plus` engine over one opening played with both colours."""
    cmd = [
        "taskset", "-c", str(core), args.binary, "match", "--variant", args.variant,
        "--nodes", str(args.nodes), "--games", "2", "--opening-plies", "8",
        "--seed", str(seed), "--out", f"/tmp/spsa-{core}.pgn",
        "engine" + switches(plus), "engine" + switches(minus),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    m = SCORE.search(out)
    if not m:
        raise RuntimeError("no score in match output:\n" + out)
    return int(m.group(1)) - int(m.group(2))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default="target/release/menagerie")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--iterations", type=int, default=3000)
    ap.add_argument("--nodes", type=int, default=5000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--r-end", type=float, default=0.01)
    ap.add_argument("--log", default="spsa.log")
    args = ap.parse_args()
    n = args.iterations
    big_a = 0.1 * n
    theta = [float(p[1]) for p in PARAMS]
    c_init = [p[2] * n ** 0.101 for p in PARAMS]
    a_init = [args.r_end * p[2] ** 2 * (big_a + n) ** 0.602 for p in PARAMS]
    lock = threading.Lock()
    state = {"k": 0, "pairs": 0, "score": 0}
    rng = random.Random(args.seed)
    log = open(args.log, "a")
    start = time.time()

    def worker(core):
        while True:
            with lock:
                k = state["k"]
                if k >= n:
                    return
                state["k"] += 1
                signs = [rng.choice((-1, 1)) for _ in PARAMS]
                c_k = [c / (k + 1) ** 0.101 for c in c_init]
                plus = [t + c * s for t, c, s in zip(theta, c_k, signs)]
                minus = [t - c * s for t, c, s in zip(theta, c_k, signs)]
                seed = args.seed * 1_000_000 + k
            result = play_pair(args, core, seed, plus, minus)
            with lock:
                for i, (lo_hi, s) in enumerate(zip(PARAMS, signs)):
                    a_k = a_init[i] / (big_a + k + 1) ** 0.602
                    step = a_k / c_k[i] * result * s
                    theta[i] = min(lo_hi[4], max(lo_hi[3], theta[i] + step))
                state["pairs"] += 1
                if state["pairs"] % 25 == 0:
                    line = (f"{state['pairs']} pairs {time.time() - start:.0f} s: "
                            + " ".join(f"{p[0]}={t:.1f}" for p, t in zip(PARAMS, theta)))
                    print(line, file=log, flush=True)

    threads = [threading.Thread(target=worker, args=(w,)) for w in range(args.workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = "engine" + switches(theta)
    print("tuned: " + final, file=log, flush=True)
    print(final)


if __name__ == "__main__":
    sys.exit(main())
