//! Every position play reaches can be written and read back (issue #14).
//!
//! In every game, and in custom Pick the Piece setups drawn at random from
//! the whole catalogue (every pickable piece, in slots and in drops, with
//! counts), random games are played; at every position the position string
//! the program writes must be read back to an equal position (same hash,
//! same string), and perft(2) from the read-back position must equal
//! perft(2) from the played one.

use crate::common;

use common::Rng;
use menagerie_games::pick_the_piece::custom::catalogue;
use menagerie_games::{resolve, VariantError};
use menagerie_rules::perft::perft;
use menagerie_rules::{Color, Piece, Position, Role, VariantRef};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestRunner};
use std::collections::BTreeSet;
use std::sync::Mutex;

/// Checks one position: written, read back equal, same perft(2).
fn check_round_trip(pos: &Position) {
    let key = &pos.variant().key;
    let fen = pos.fen();
    let back = Position::from_fen(pos.variant(), &fen)
        .unwrap_or_else(|e| panic!("{key}: the written position {fen:?} is refused: {e}"));
    assert_eq!(&back, pos, "{key}: {fen} reads back to another position");
    assert_eq!(back.hash(), pos.hash(), "{key}: hash after reading {fen}");
    assert_eq!(back.fen(), fen, "{key}: {fen} is written differently");
    assert_eq!(
        perft(&back, 2),
        perft(pos, 2),
        "{key}: perft(2) differs after reading {fen}"
    );
}

/// Plays `games` random games of up to `plies` plies from `start`, checking
/// every position on the way; returns the number of positions checked.
fn random_games(start: &Position, games: usize, plies: usize, seed: u64) -> usize {
    let mut rng = Rng(seed | 1);
    let mut checked = 0;
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..=plies {
            check_round_trip(&pos);
            checked += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
    }
    checked
}

/// The golden perft files: between them, positions of every game.
const PERFT_FILES: [&str; 9] = [
    "chess.perft",
    "wreckage.perft",
    "carnage.perft",
    "air-and-trench.perft",
    "longer-board.perft",
    "wounds.perft",
    "pick-bombers-and-cannons.perft",
    "pick-knights-of-daniel.perft",
    "pick-queen-and-guard.perft",
];

#[test]
fn every_game_round_trips_along_random_games() {
    let mut checked = 0;
    let mut starts = 0;
    for v in menagerie_games::all() {
        checked += random_games(&Position::start(&v), 4, 60, v.key.len() as u64);
        starts += 1;
    }
    let narrow = menagerie_games::longer_board::longer_board_straight_pass_over();
    checked += random_games(&Position::start(narrow), 2, 40, 0x1009);
    for file in PERFT_FILES {
        for case in common::read_perft_file(file) {
            let v = resolve(&case.variant).unwrap_or_else(|e| panic!("{}: {e}", case.id));
            let pos =
                Position::from_fen(v, &case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
            checked += random_games(&pos, 2, 30, case.fen.len() as u64 ^ 0x7e57);
            starts += 1;
        }
    }
    assert!(starts > 80, "only {starts} start positions");
    assert!(checked > 5000, "only {checked} positions checked");
}

/// An inline setup drawn from the whole catalogue (slots and drops, with
/// counts): the a1 piece, the j1 piece, the spec, and a seed for its games.
/// Some draws are invalid setups (a Ninja Pawn in a slot, a piece twice,
/// more than ten in hand); the test rejects those and proptest draws again.
fn any_setup() -> impl Strategy<Value = (Role, Role, String, u64)> {
    let pieces: Vec<Role> = catalogue().collect();
    let piece = proptest::sample::select(pieces);
    (
        piece.clone(),
        piece.clone(),
        proptest::collection::vec((piece, 1u8..=5), 0..=4),
        any::<u64>(),
    )
        .prop_map(|(a1, j1, drops, seed)| {
            let drops: Vec<String> = drops
                .into_iter()
                .map(|(r, n)| format!("{}{n}", r.letter()))
                .collect();
            let spec = format!(
                "pick-the-piece:slots={},{};drops={}",
                a1.letter(),
                j1.letter(),
                drops.join(",")
            );
            (a1, j1, spec, seed)
        })
}

/// A position of a setup's game with open back ranks, the full start pocket
/// and pawns about to promote, so that drops and promotions of the picked
/// pieces come early: White Kf1, the slot pieces on a1/j1, Pc9 Pd9; Black
/// Kf10, the slot pieces on a10/j10, pg2 ph2.
fn open_position(v: &VariantRef, a1: Role, j1: Role) -> Position {
    let (a1, j1) = (Piece::new(Color::White, a1), Piece::new(Color::White, j1));
    let (a10, j10) = (
        Piece::new(Color::Black, a1.role),
        Piece::new(Color::Black, j1.role),
    );
    let board = v.start_fen.split(' ').next().unwrap_or_default();
    let pocket = board.find('[').map_or("", |i| &board[i..]);
    let fen = format!(
        "{}4k3{}/2PP6/10/10/10/10/10/10/6pp2/{}4K3{}{pocket} w - - 0 1",
        a10.letter(),
        j10.letter(),
        a1.letter(),
        j1.letter()
    );
    Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("{}: {fen}: {e}", v.key))
}

#[test]
fn random_custom_setups_round_trip_along_random_games() {
    const SETUPS: u32 = 64;
    let config = Config {
        cases: SETUPS,
        source_file: Some(file!()),
        failure_persistence: Some(Box::new(FileFailurePersistence::default())),
        ..Config::default()
    };
    let tested = Mutex::new(BTreeSet::new());
    let mut runner = TestRunner::new(config);
    let outcome = runner.run(&any_setup(), |(a1, j1, spec, seed)| {
        let v = match resolve(&spec) {
            Ok(v) => v,
            Err(VariantError::Setup { .. }) => {
                return Err(TestCaseError::reject("refused by the setup validator"))
            }
            Err(e) => panic!("{spec}: not a setup error: {e}"),
        };
        assert_eq!(v.roles, v.roles.with_phases(), "{spec}: a phase is missing");
        random_games(&Position::start(&v), 2, 50, seed);
        random_games(&open_position(&v, a1, j1), 2, 40, seed.rotate_left(17));
        tested
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(spec);
        Ok(())
    });
    if let Err(e) = outcome {
        panic!("{e}\n{runner}");
    }
    let tested = tested
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    assert!(
        tested.len() >= 50,
        "only {} distinct valid setups tested",
        tested.len()
    );
}
