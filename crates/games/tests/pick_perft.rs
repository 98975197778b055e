//! Air and Trench Warfare: golden perft values, the naive reference
//! generator agreeing with the fast one (perft at small depths and random
//! playouts from every file position), and garbage position strings never
//! panicking.

use crate::common;

use menagerie_games::pick_the_piece::air_and_trench;
use menagerie_rules::perft::{perft, perft_reference};
use menagerie_rules::Position;
use proptest::prelude::*;

const FILE: &str = "air-and-trench.perft";

#[test]
fn perft_suite_within_node_limit() {
    common::check_perft_file(FILE, common::node_limit());
}

#[test]
#[ignore = "deep: runs every line of the suite (minutes)"]
fn perft_suite_full() {
    common::check_perft_file(FILE, u64::MAX);
}

#[test]
fn start_position_perft_1_to_3() {
    let pos = Position::start(air_and_trench());
    assert_eq!(
        [1, 2, 3].map(|d| perft(&pos, d)),
        [36, 1296, 51986],
        "P0: 36 moves, and Black mirrors them"
    );
}

#[test]
fn reference_perft_matches_small_depths() {
    for case in common::read_perft_file(FILE) {
        let pos = Position::from_fen(air_and_trench(), &case.fen).unwrap();
        for &(depth, nodes) in case.lines.iter().filter(|l| l.0 <= 2 || l.1 <= 60_000) {
            assert_eq!(
                perft_reference(&pos, depth),
                nodes,
                "{} reference perft({depth})",
                case.id
            );
        }
    }
}

#[test]
fn reference_agrees_on_random_playouts() {
    let mut checked = 0;
    for case in common::read_perft_file(FILE) {
        let pos = Position::from_fen(air_and_trench(), &case.fen).unwrap();
        checked += common::random_playouts(&pos, 4, 60, case.fen.len() as u64);
    }
    assert!(checked > 1000, "only {checked} nodes checked");
}

/// Mutations of file positions: each character may be replaced, dropped or
/// doubled.
fn mutated_fen() -> impl Strategy<Value = String> {
    let fens: Vec<String> = common::read_perft_file(FILE)
        .into_iter()
        .map(|c| c.fen)
        .collect();
    (
        proptest::sample::select(fens),
        proptest::collection::vec((any::<u16>(), 0u8..4, any::<char>()), 1..6),
    )
        .prop_map(|(fen, edits)| {
            let mut chars: Vec<char> = fen.chars().collect();
            for (at, kind, c) in edits {
                if chars.is_empty() {
                    break;
                }
                let i = usize::from(at) % chars.len();
                match kind {
                    0 => chars[i] = c,
                    1 => {
                        chars.remove(i);
                    }
                    2 => chars.insert(i, chars[i]),
                    _ => {
                        chars[i] = "0123456789/[]AaCcOoJjKkPp -"
                            .chars()
                            .nth(usize::from(at) % 27)
                            .unwrap_or('x')
                    }
                }
            }
            chars.into_iter().collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn garbage_position_strings_never_panic(fen in mutated_fen()) {
        if let Ok(pos) = Position::from_fen(air_and_trench(), &fen) {
            let _ = pos.legal_moves();
            let _ = perft(&pos, 2);
            let _ = pos.fen();
        }
    }

    #[test]
    fn arbitrary_strings_never_panic(fen in "\\PC{0,80}") {
        if let Ok(pos) = Position::from_fen(air_and_trench(), &fen) {
            let _ = perft(&pos, 1);
        }
    }
}
