//! Wreckage and Carnage: golden perft files, the fast-versus-reference
//! differential from every file position, reference perft at small depths,
//! (position strings are checked in `wreckage_fen.rs`).

use crate::common;

use menagerie_games::wreckage::{self, Flags};
use menagerie_rules::{perft, Position};

const FILES: [&str; 2] = ["wreckage.perft", "carnage.perft"];

#[test]
fn perft_files_within_node_limit() {
    for name in FILES {
        common::check_perft_file(name, common::node_limit());
    }
}

#[test]
#[ignore = "deep: runs every line of both files (minutes)"]
fn perft_files_full() {
    for name in FILES {
        common::check_perft_file(name, u64::MAX);
    }
}

#[test]
fn reference_agrees_on_random_playouts_from_the_start() {
    for name in ["wreckage", "carnage"] {
        let v = menagerie_games::by_name(name).unwrap();
        common::random_playouts(&Position::start(v), 8, 80, 0x5eed_0000 + name.len() as u64);
    }
}

#[test]
fn reference_agrees_on_random_playouts_from_every_file_position() {
    for name in FILES {
        for case in common::read_perft_file(name) {
            let v = menagerie_games::by_name(&case.variant).unwrap();
            let pos = Position::from_fen(v, &case.fen).unwrap();
            common::random_playouts(
                &pos,
                4,
                40,
                case.fen.len() as u64 * 31 + case.id.len() as u64,
            );
        }
    }
}

#[test]
fn reference_perft_matches_small_depths() {
    for name in FILES {
        for case in common::read_perft_file(name) {
            let v = menagerie_games::by_name(&case.variant).unwrap();
            let pos = Position::from_fen(v, &case.fen).unwrap();
            let (depth, nodes) = case.lines[1];
            assert_eq!(perft::perft_reference(&pos, depth), nodes, "{}", case.id);
        }
    }
}

#[test]
fn reference_agrees_with_every_flag_flipped() {
    let flags = Flags {
        freeze_affects_friendly: true,
        detonator_hits_friendly: true,
        promote_to_drop_piece: true,
        drops_reset_50_move: false,
    };
    for (carnage, name) in [(false, "wreckage.perft"), (true, "carnage.perft")] {
        let v = wreckage::build(carnage, flags).shared();
        for case in common::read_perft_file(name) {
            let pos = Position::from_fen(&v, &case.fen).unwrap();
            common::random_playouts(&pos, 2, 40, case.id.len() as u64 * 977);
        }
    }
}
