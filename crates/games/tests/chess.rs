//! Orthodox chess: the standard perft suite, the differential test against
//! the reference generator, FEN handling and game-end rules.

use crate::common;

use menagerie_games::chess::chess;
use menagerie_rules::{notation, EndReason, GameRecord, Outcome, Position};

#[test]
fn perft_suite_within_node_limit() {
    common::check_perft_file("chess.perft", common::node_limit());
}

#[test]
#[ignore = "deep: runs every line of the suite (minutes)"]
fn perft_suite_full() {
    common::check_perft_file("chess.perft", u64::MAX);
}

#[test]
fn reference_agrees_on_random_playouts() {
    for case in common::read_perft_file("chess.perft") {
        let pos = Position::from_fen(chess(), &case.fen).unwrap();
        common::random_playouts(&pos, 6, 60, case.fen.len() as u64);
    }
}

#[test]
fn reference_perft_matches_small_depths() {
    for case in common::read_perft_file("chess.perft") {
        let pos = Position::from_fen(chess(), &case.fen).unwrap();
        let (depth, nodes) = case.lines[1];
        assert_eq!(
            menagerie_rules::perft::perft_reference(&pos, depth),
            nodes,
            "{}",
            case.id
        );
    }
}

#[test]
fn castling_is_written_king_from_to() {
    let pos = Position::from_fen(chess(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| notation::render(&pos, m))
        .collect();
    assert!(moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
    let mut after = pos.clone();
    after.play(&notation::parse(&pos, "e1g1").unwrap()).unwrap();
    assert_eq!(after.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
}

#[test]
fn en_passant_and_promotion() {
    let pos = Position::from_fen(chess(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    let mut after = pos.clone();
    after.play(&notation::parse(&pos, "e5d6").unwrap()).unwrap();
    assert_eq!(after.fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    let pos = Position::from_fen(chess(), "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let promos: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| notation::render(&pos, m))
        .filter(|s| s.starts_with("b7"))
        .collect();
    assert_eq!(promos.len(), 4);
    assert!(
        notation::parse(&pos, "b7b8").is_err(),
        "promotion must name a piece"
    );
}

#[test]
fn checkmate_and_stalemate() {
    let mate = Position::from_fen(
        chess(),
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    )
    .unwrap();
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Decisive {
            winner: menagerie_rules::Color::Black,
            reason: EndReason::Checkmate
        })
    );
    let stale = Position::from_fen(chess(), "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(
        stale.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Stalemate
        })
    );
}

#[test]
fn threefold_repetition_and_fifty_moves() {
    let mut game = GameRecord::new(Position::start(chess()));
    for _ in 0..2 {
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            assert!(game.outcome().is_none());
            game.play_str(m).unwrap();
        }
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
    let game =
        GameRecord::new(Position::from_fen(chess(), "4k3/8/8/8/8/8/8/R3K3 w - - 100 80").unwrap());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::FiftyMoves
        })
    );
}

#[test]
fn malformed_positions_are_rejected_with_the_field_named() {
    let cases = [
        ("not a fen", "position string"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "board"),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "board",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "board",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "en-passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "halfmove",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            "fullmove",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
            "position",
        ),
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "position"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            "pocket",
        ),
        ("8/8/8/8/8/8/8/8(22222222) w - - 0 1", "board"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq é3 0 1",
            "en-passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq 3e 0 1",
            "en-passant",
        ),
    ];
    for (fen, field) in cases {
        let e = Position::from_fen(chess(), fen).expect_err(fen).to_string();
        assert!(e.contains(field), "{fen}: {e}");
    }
}

#[test]
fn repetition_identity_counts_en_passant_and_castling_but_not_clocks() {
    let with_ep = Position::from_fen(chess(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1").unwrap();
    let without = Position::from_fen(chess(), "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1").unwrap();
    let later = Position::from_fen(chess(), "4k3/8/8/8/3pP3/8/8/4K3 b - - 7 9").unwrap();
    assert!(!with_ep.same_identity(&without));
    assert!(without.same_identity(&later));
    let rights = Position::from_fen(chess(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    let no_rights = Position::from_fen(chess(), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    assert!(!rights.same_identity(&no_rights));
}
