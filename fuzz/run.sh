#!/usr/bin/env bash
# Runs every fuzz target (or those named) for SECONDS each (default 300),
# one at a time under `nice`, then minimizes its corpus. Stable toolchain:
# RUSTC_BOOTSTRAP=1 lets cargo-fuzz use the sanitizer flags.
# Usage: fuzz/run.sh [SECONDS] [TARGET...]; logs in fuzz/logs/.
# FUZZ_SANITIZER=none runs without AddressSanitizer (the protocol targets
# run many times faster: each session allocates the engine's 64 MiB table).
set -uo pipefail
cd "$(dirname "$0")"
secs=${1:-300}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fen moves setup uci xboard pgn server_json)
mkdir -p logs
export RUSTC_BOOTSTRAP=1
for t in "${targets[@]}"; do
  echo "== $t: ${secs}s"
  nice -n 19 cargo fuzz run -O -s "${FUZZ_SANITIZER:-address}" "$t" corpus/"$t" -- \
    -max_total_time="$secs" -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
    >logs/"$t${FUZZ_SANITIZER:+-$FUZZ_SANITIZER}".log 2>&1
  echo "exit $? for $t"
  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)|^#[0-9]+.*DONE|SUMMARY|panicked' logs/"$t${FUZZ_SANITIZER:+-$FUZZ_SANITIZER}".log | tail -5
done
