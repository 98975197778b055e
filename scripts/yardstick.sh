#!/usr/bin/env bash
# A yardstick outside ourselves (issue #22): Menagerie's full-strength engine
# against Stockfish held to a given Elo (UCI_LimitStrength), in chess, under
# real clocks. Prints the score line and the Elo difference with its 95%
# margin, and the rating that difference implies on Stockfish's UCI_Elo scale.
#
# Usage: scripts/yardstick.sh [ELO] [TC] [GAMES]
#   ELO    Stockfish's UCI_Elo (default 2300)
#   TC     time control BASE+INC in seconds (default 10+0.1)
#   GAMES  games to play, rounded up to even (default 100)
# Environment: CONCURRENCY, games played at once (default 1; neither side
# ponders, so 2 keeps two cores busy and no more on an idle 2-core machine);
# ENGINE, Menagerie's player as `menagerie match` names it (default
# `engine`; for example `engine/drawish` or `engine/net=FILE` to measure a
# switch or a net against the same yardstick); SEED, the seed of the random
# openings (default 1, the openings of every run before it; another seed
# plays other openings, so that runs can be pooled as independent samples).
#
# Installs Debian's stockfish package with apt-get when /usr/games/stockfish
# is missing (through sudo when not root). The games are saved to
# target/yardstick-ELO-TC.pgn and the output to target/yardstick-ELO-TC.log
# (with the switches of ENGINE appended to the name when it is not `engine`).
set -euo pipefail

elo="${1:-2300}"
tc="${2:-10+0.1}"
games="${3:-100}"
concurrency="${CONCURRENCY:-1}"
engine="${ENGINE:-engine}"
seed="${SEED:-1}"
stockfish=/usr/games/stockfish

die() {
	echo "yardstick: $*" >&2
	exit 2
}

[[ "$elo" =~ ^[0-9]+$ ]] || die "ELO must be a whole number, not '$elo'"
[[ "$tc" =~ ^[0-9.]+(\+[0-9.]+)?$ ]] || die "TC must be BASE+INC in seconds (e.g. 10+0.1), not '$tc'"
[[ "$games" =~ ^[0-9]+$ ]] || die "GAMES must be a whole number, not '$games'"
[[ "$concurrency" =~ ^[1-9][0-9]*$ ]] || die "CONCURRENCY must be a positive whole number, not '$concurrency'"
[[ "$seed" =~ ^(0|[1-9][0-9]*)$ ]] || die "SEED must be a whole number without leading zeros, not '$seed'"
[[ "$engine" == engine* ]] || die "ENGINE must be an engine player (engine, engine/SWITCH, ...), not '$engine'"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"

install_stockfish() {
	local sudo=()
	if [[ "$(id -u)" != 0 ]]; then
		command -v sudo >/dev/null || die "$stockfish is missing and sudo is not available: install the stockfish package"
		sudo=(sudo)
	fi
	echo "yardstick: installing Debian's stockfish package" >&2
	export DEBIAN_FRONTEND=noninteractive
	"${sudo[@]}" apt-get install -y stockfish >&2 ||
		{ "${sudo[@]}" apt-get update >&2 && "${sudo[@]}" apt-get install -y stockfish >&2; } ||
		die "apt-get could not install stockfish"
	[[ -x "$stockfish" ]] || die "the stockfish package did not provide $stockfish"
}

[[ -x "$stockfish" ]] || install_stockfish

echo "yardstick: building menagerie (release)" >&2
cargo build --release -p menagerie --quiet
menagerie="$target/release/menagerie"

name="yardstick-$elo-$tc"
if [[ "$engine" != engine ]]; then
	name="$name-$(tr -c 'A-Za-z0-9.=-' '_' <<<"${engine#engine/}" | sed 's/_$//')"
fi
if [[ "$seed" != 1 ]]; then
	name="$name-seed$seed"
fi
pgn="$target/$name.pgn"
log="$target/$name.log"
opponent="uci:$stockfish?UCI_LimitStrength=true&UCI_Elo=$elo&Threads=1&Hash=16"

echo "yardstick: $engine vs Stockfish at UCI_Elo $elo, $tc, $games games, seed $seed (records: $pgn)" >&2
"$menagerie" match --variant chess --tc "$tc" --games "$games" --out "$pgn" \
	--concurrency "$concurrency" --seed "$seed" \
	"$engine" "$opponent" | tee "$log"

# The match prints `Elo difference: D +/- M` and `Score of A vs B: ...`.
line="$(grep '^Elo difference:' "$log" || true)"
read -r diff margin < <(awk '{ print $3, $5 }' <<<"$line")
echo
grep '^Score of' "$log"
echo "$line"
if [[ "$diff" =~ ^[-+]?[0-9.]+$ && "$margin" =~ ^[0-9.]+$ ]]; then
	awk -v elo="$elo" -v d="$diff" -v m="$margin" \
		'BEGIN { printf "Menagerie: about %.0f +/- %.0f on the Stockfish UCI_Elo scale\n", elo + d, m }'
fi
