//! Dead positions: a bare king against a king and at most one Knight or
//! Bishop can never be mated, so the search scores such a position as a
//! draw, and a side ahead does not trade into one.

use menagerie_engine::dead::is_dead;
use menagerie_engine::pruning::Features;
use menagerie_engine::{Engine, Limits, Options, Score, Silent};
use menagerie_rules::{fide, notation, GameRecord, Position};
use std::sync::atomic::AtomicBool;

fn chess(fen: &str) -> Position {
    Position::from_fen(fide::chess(), fen).unwrap()
}

#[test]
fn a_bare_king_against_at_most_one_minor_piece_is_dead() {
    for fen in [
        "8/8/8/5b2/3k4/8/8/2K5 w - - 0 1",
        "8/8/8/8/3k4/8/8/2K2N2 b - - 0 1",
        "8/8/8/8/3k4/8/8/2K5 w - - 0 1",
    ] {
        assert!(is_dead(&chess(fen)), "{fen}");
    }
}

#[test]
fn material_that_can_mate_or_be_mated_is_not_dead() {
    for fen in [
        "8/8/8/8/3k4/8/8/2K1NN2 w - - 0 1",  // two Knights
        "8/8/8/5b2/3k4/8/P7/2K5 w - - 0 1",  // a pawn against the Bishop
        "8/8/8/8/3k4/8/8/2K1R3 w - - 0 1",   // a Rook
        "8/8/8/5b2/3k4/8/8/2K2N2 w - - 0 1", // a minor piece each
        "3r4/4k3/8/8/2B5/8/8/3R2K1 w - - 0 1",
    ] {
        assert!(!is_dead(&chess(fen)), "{fen}");
    }
}

/// White's move and score at depth 6 from `fen`, its root moves limited to
/// `only` (long algebraic; empty: all), with [`Features::dead`] as `dead`.
fn search(fen: &str, only: &[&str], dead: bool) -> (String, Score) {
    let game = GameRecord::new(chess(fen));
    let mut engine = Engine::new(Options {
        hash_mb: 4,
        features: Features {
            dead,
            ..Features::default()
        },
        ..Options::default()
    });
    let mut limits = Limits::depth(6);
    limits.searchmoves = only
        .iter()
        .map(|m| notation::parse(game.position(), m).unwrap())
        .collect();
    let stop = AtomicBool::new(false);
    let r = engine.search(&game, &limits, &stop, &mut Silent);
    let best = r.best.expect("White has moves");
    (notation::render(game.position(), &best), r.score)
}

/// Rook and Bishop against Rook: trading Rooks (d1d8, Kxd8) leaves a
/// Bishop against a bare king, a draw, where keeping them plays on.
const TRADE: &str = "3r4/4k3/8/8/2B5/8/8/3R2K1 w - - 0 1";

#[test]
fn the_trade_into_a_dead_position_scores_a_draw() {
    assert_eq!(search(TRADE, &["d1d8"], true).1, Score::Cp(0));
    let (_, without) = search(TRADE, &["d1d8"], false);
    assert!(
        matches!(without, Score::Cp(cp) if cp != 0),
        "the evaluation alone scores the ending {without:?}"
    );
}

/// Without the rule the engine traded (d1d8 at +3.01 with `chess-4`).
#[test]
fn a_side_ahead_does_not_trade_into_a_dead_position() {
    let (best, score) = search(TRADE, &[], true);
    assert_ne!(best, "d1d8");
    assert!(matches!(score, Score::Cp(cp) if cp > 0), "{score:?}");
}
