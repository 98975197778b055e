//! Shared pieces of the fuzz targets: choosing a game from a byte, and the
//! checks every position a fuzz input reaches must pass.

use menagerie_rules::movegen::reference;
use menagerie_rules::{notation, Position, VariantRef};

/// The games a fuzz input may pick: the built-in ones, the narrow Longer
/// Board reading and two players' own Pick the Piece setups.
#[must_use]
pub fn game(selector: u8) -> VariantRef {
    let mut all = menagerie_games::all();
    all.push(menagerie_games::longer_board::longer_board_straight_pass_over());
    for spec in [
        "pick-the-piece:slots=O,C;drops=A,J2",
        "pick-the-piece:slots=A,A;drops=C,O,J3",
    ] {
        all.push(menagerie_games::resolve(spec).expect("a valid setup"));
    }
    all.swap_remove(usize::from(selector) % all.len())
}

/// Sorted move strings of a list of actions.
fn texts(pos: &Position, moves: &[menagerie_rules::Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| notation::render(pos, m)).collect();
    v.sort();
    v
}

/// Checks a position that was accepted: the written string reads back to
/// the same position, the fast generator agrees with the reference one,
/// every action's string reads back to it, and every action can be played
/// keeping the internal invariants.
///
/// # Panics
/// When one of these checks fails (that is what the fuzzer looks for).
pub fn exercise(pos: &Position) {
    assert!(pos.invariants_hold(), "invariants of {}", pos.fen());
    let fen = pos.fen();
    let back = Position::from_fen(pos.variant(), &fen).expect("a written position reads back");
    assert_eq!(back.fen(), fen);
    assert_eq!(back.hash(), pos.hash());
    let moves = pos.legal_moves();
    assert_eq!(
        texts(pos, &moves),
        texts(pos, &reference::legal_moves(pos)),
        "fast and reference generators differ at {fen}"
    );
    let _ = pos.outcome();
    let _ = pos.is_check();
    for m in moves.iter() {
        let text = notation::render(pos, m);
        assert_eq!(
            notation::parse(pos, &text).as_ref(),
            Ok(m),
            "{text} at {fen}"
        );
        let mut next = pos.clone();
        next.play(m).expect("a listed action is legal");
        assert!(next.invariants_hold(), "invariants after {text} at {fen}");
    }
}
