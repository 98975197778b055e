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

# The perturbation at the end of the run (c_end) of each constant, about a
# twentieth to a tenth of a sensible span. Names, starting values (the
# binary's defaults) and allowed ranges come from `menagerie params`.
C_END = {
    "rfp_depth": 1.5, "rfp_margin": 18.0, "fut_depth": 1.5, "fut_base": 30.0,
    "fut_margin": 22.0, "lmp_depth": 1.5, "lmp_base": 1.5, "lmr_base": 25.0,
    "lmr_div": 25.0, "nmp_base": 1.5, "nmp_div": 1.5, "see_quiet": 8.0,
    "see_capture": 25.0, "qs_delta": 50.0, "aspiration": 8.0, "singular_margin": 1.5,
    "singular_depth": 1.0, "singular_tt_depth": 1.0, "iir_depth": 1.0, "see_depth": 1.0,
    "nmp_eval_max": 1.0, "corr_pawns": 8.0, "corr_pieces": 8.0, "corr_limit": 16.0,
    "corr_moves": 8.0,
}
PARAMS = []  # name, start, c_end, lowest, highest: filled by load_params


def load_params(binary):
    """The tunables as the binary lists them, each with its c_end."""
    out = subprocess.run([binary, "params"], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        name, value, lo, hi = line.split()
        if name not in C_END:
            raise SystemExit(f"spsa.py: no c_end for {name}: add it to C_END")
        PARAMS.append((name, int(value), C_END[name], int(lo), int(hi)))


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
    ap.add_argument("--c-scale", type=float, default=1.0,
                    help="every step size times this (a second round starts nearer)")
    ap.add_argument("--log", default="spsa.log")
    args = ap.parse_args()
    load_params(args.binary)
    n = args.iterations
    big_a = 0.1 * n
    theta = [float(p[1]) for p in PARAMS]
    c_end = [p[2] * args.c_scale for p in PARAMS]
    c_init = [c * n ** 0.101 for c in c_end]
    a_init = [args.r_end * c ** 2 * (big_a + n) ** 0.602 for c in c_end]
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
