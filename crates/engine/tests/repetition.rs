//! Repetitions of the game's own positions inside the search: a move that
//! brings a position about for the third time ends the game drawn, so the
//! side that is behind takes it; one that brings it about for the second
//! time does not, so it is scored like any other move.

use menagerie_engine::{Engine, Limits, Options, Score, Silent};
use menagerie_rules::{fide, notation, GameRecord, Position};
use std::sync::atomic::AtomicBool;

/// White's king alone against king and queen: Kh1 and Ke8, Qd8.
const START: &str = "3qk3/8/8/8/8/8/8/7K w - - 0 1";

/// The game after `moves` (long algebraic) from [`START`].
fn game(moves: &[&str]) -> GameRecord {
    let mut game = GameRecord::new(Position::from_fen(fide::chess(), START).unwrap());
    for text in moves {
        let m = notation::parse(game.position(), text).unwrap();
        game.play(&m).unwrap();
    }
    game
}

/// The engine's move and score at depth 6 in `game`.
fn search(game: &GameRecord) -> (String, Score) {
    let mut engine = Engine::new(Options {
        hash_mb: 4,
        ..Options::default()
    });
    let stop = AtomicBool::new(false);
    let r = engine.search(game, &Limits::depth(6), &stop, &mut Silent);
    let best = r.best.expect("White has moves");
    (notation::render(game.position(), &best), r.score)
}

/// The position with Kg1, Ke8 and Black to move (X) came about after moves 1
/// and 5; White's king, now on f1, brings it about a third time with f1g1.
#[test]
fn the_side_behind_takes_a_threefold_repetition() {
    let g = game(&[
        "h1g1", "e8f8", "g1h1", "f8e8", // X once, back to the start
        "h1g1", "e8f8", "g1f1", "f8e8", // X twice, then Kf1 and Ke8
    ]);
    let (best, score) = search(&g);
    assert_eq!((best.as_str(), score), ("f1g1", Score::Cp(0)));
}

/// The same, with X seen once before: f1g1 repeats it only a second time,
/// which ends nothing, so White stays a queen down whatever it plays.
#[test]
fn a_second_occurrence_is_no_draw() {
    let g = game(&["h1g1", "e8f8", "g1f1", "f8e8"]);
    let (_, score) = search(&g);
    assert!(
        matches!(score, Score::Cp(cp) if cp < -500) || matches!(score, Score::Mate(m) if m < 0),
        "{score:?}"
    );
}
