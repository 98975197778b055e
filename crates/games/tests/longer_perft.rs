//! Chess on a Longer Board: the golden perft file, the fast-versus-reference
//! differential (perft at small depth and random playouts from every file
//! position), and robustness of the position parser against garbage.

use crate::common;

use menagerie_games::longer_board::{longer_board, longer_board_straight_pass_over};
use menagerie_rules::{perft, Position};
use proptest::prelude::*;

const FILE: &str = "longer-board.perft";

#[test]
fn perft_file_within_node_limit() {
    common::check_perft_file(FILE, common::node_limit());
}

#[test]
#[ignore = "deep: runs every line of the file (minutes)"]
fn perft_file_full() {
    common::check_perft_file(FILE, u64::MAX);
}

#[test]
fn start_position_perft_1_is_22() {
    assert_eq!(perft::perft(&Position::start(longer_board()), 1), 22);
}

#[test]
fn reference_perft_matches_at_depth_2() {
    for case in common::read_perft_file(FILE) {
        let pos = Position::from_fen(longer_board(), &case.fen).unwrap();
        let (depth, nodes) = case.lines[1];
        assert_eq!(perft::perft_reference(&pos, depth), nodes, "{}", case.id);
    }
}

#[test]
fn reference_agrees_on_random_playouts() {
    let mut checked = 0;
    for case in common::read_perft_file(FILE) {
        let pos = Position::from_fen(longer_board(), &case.fen).unwrap();
        checked += common::random_playouts(&pos, 10, 80, case.fen.len() as u64 ^ 0x5eed);
    }
    assert!(checked > 5000, "only {checked} nodes compared");
}

#[test]
fn reference_agrees_under_the_narrow_pass_over_reading() {
    let v = longer_board_straight_pass_over();
    let mut checked = 0;
    for case in common::read_perft_file(FILE) {
        let pos = Position::from_fen(&v, &case.fen).unwrap();
        checked += common::random_playouts(&pos, 2, 60, case.id.len() as u64);
    }
    assert!(checked > 500, "only {checked} nodes compared");
}

/// Characters a mutated position string is built from.
const ALPHABET: &[u8] = b"KQRBNPULZYkqrbnpulzy0123456789/ -wbKQkqacdefgh[]()";

fn mutate(base: &str, edits: &[(usize, u8, u8)]) -> String {
    let mut bytes = base.as_bytes().to_vec();
    for &(at, what, kind) in edits {
        let i = at % (bytes.len() + 1);
        let c = ALPHABET[what as usize % ALPHABET.len()];
        match kind % 3 {
            0 if i < bytes.len() => bytes[i] = c,
            1 => bytes.insert(i, c),
            _ if i < bytes.len() => {
                bytes.remove(i);
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn mutated_positions_never_panic(
        which in 0usize..4,
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6),
    ) {
        let game = longer_board();
        let bases = [
            game.start_fen.as_str(),
            "1k6/8/8/5u2/6N1/3ll3/3U4/8/8/7K w - - 0 1",
            "k7/8/8/8/8/2pPp3/3LL3/5P2/8/7K b - d4 0 1",
            "r3k2r/1uz5/p4llp/3pp3/8/8/8/P6P/3LL1U1/R3K2R w KQkq - 0 1",
        ];
        let text = mutate(bases[which], &edits);
        if let Ok(pos) = Position::from_fen(longer_board(), &text) {
            prop_assert!(pos.invariants_hold());
            let _ = pos.legal_moves();
            let _ = perft::perft(&pos, 2);
            let _ = pos.outcome();
            let again = Position::from_fen(longer_board(), &pos.fen());
            prop_assert!(again.is_ok(), "{} -> {}", text, pos.fen());
        }
    }

    #[test]
    fn arbitrary_strings_never_panic(text in "\\PC{0,90}") {
        if let Ok(pos) = Position::from_fen(longer_board(), &text) {
            let _ = pos.legal_moves();
        }
    }
}
