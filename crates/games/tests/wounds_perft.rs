//! Chess with Wounds: the golden perft file, the fast generator against the
//! naive reference generator (perft and random playouts), and the start
//! position's well-known counts.

use crate::common;

use menagerie_games::wounds::wounds;
use menagerie_rules::perft::{perft, perft_reference};
use menagerie_rules::Position;

/// Largest node count the slow reference perft is asked to reproduce.
const REFERENCE_NODES: u64 = 30_000;

#[test]
fn perft_file_within_node_limit() {
    common::check_perft_file("wounds.perft", common::node_limit());
}

#[test]
#[ignore = "deep: runs every line of the file (about a minute)"]
fn perft_file_full() {
    common::check_perft_file("wounds.perft", u64::MAX);
}

#[test]
fn start_position_perft_1_to_4() {
    let pos = Position::start(wounds());
    let counts: Vec<u64> = (1..=4).map(|d| perft(&pos, d)).collect();
    assert_eq!(counts, [26, 676, 18662, 514916]);
}

#[test]
fn reference_perft_matches_every_file_position() {
    for case in common::read_perft_file("wounds.perft") {
        let pos = Position::from_fen(wounds(), &case.fen).unwrap();
        let &(depth, nodes) = case
            .lines
            .iter()
            .filter(|(_, n)| *n <= REFERENCE_NODES)
            .max_by_key(|(d, _)| *d)
            .unwrap_or_else(|| panic!("{}: no small line", case.id));
        assert_eq!(
            perft_reference(&pos, depth),
            nodes,
            "{} depth {depth}",
            case.id
        );
    }
}

#[test]
fn reference_agrees_on_random_playouts_from_the_start() {
    let start = Position::start(wounds());
    for seed in 1..=8 {
        common::random_playouts(&start, 2, 120, seed);
    }
}

#[test]
fn reference_agrees_on_random_playouts_from_every_file_position() {
    for case in common::read_perft_file("wounds.perft") {
        let pos = Position::from_fen(wounds(), &case.fen).unwrap();
        let checked = common::random_playouts(&pos, 4, 60, case.fen.len() as u64);
        assert!(checked > 0, "{}", case.id);
    }
}
