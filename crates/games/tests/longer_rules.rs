//! Chess on a Longer Board: one test per rule sentence of A.4-A.10 that the
//! document's own examples (tests/longer_examples.rs) do not reach.

use crate::longer_support as support;

use menagerie_games::longer_board::{longer_board, longer_board_straight_pass_over};
use menagerie_rules::{Color, EndReason, GameRecord, Outcome, Position};
use support::{after, captured, dests, fen, fen_with, moves, moves_from, pos, pos_in, strings};

fn has(p: &Position, mv: &str) -> bool {
    moves(p).contains(&mv.to_string())
}

fn pos_castling(pieces: &str, castling: &str) -> Position {
    let text = fen_with(pieces, "w", castling);
    Position::from_fen(longer_board(), &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

// ------------------------------------------------------------ Wall (A.6)

#[test]
fn wall_cannot_capture_or_pass_the_enemy_wall() {
    // Straight ahead: the enemy Wall fills both destination squares.
    let p = pos("Kh1 Ld4 Le4 ka10 ld5 le5", "w");
    assert_eq!(moves_from(&p, "d4"), strings("d4c4 d4e4 d4d3 d4d2 d4d1"));
    // Offset by one file: one destination is the enemy Wall, so no slide N
    // at all, and the sideways step onto it is refused too.
    let p = pos("Kh1 Ld4 Le4 ka10 le5 lf5", "w");
    assert_eq!(moves_from(&p, "d4"), strings("d4c4 d4e4 d4d3 d4d2 d4d1"));
    let p = pos("Kh1 Ld4 Le4 ka10 lf4 lg4", "w");
    assert!(!has(&p, "d4e4"));
    assert!(has(&p, "d4c4"));
}

#[test]
fn wall_stops_at_the_first_enemy_in_either_file() {
    let p = pos("Kh1 Ld4 Le4 ka10 pe6", "w");
    let north: Vec<String> = moves_from(&p, "d4")
        .into_iter()
        .filter(|m| m.starts_with("d4d") && m[3..].parse::<u8>().unwrap() > 4)
        .collect();
    assert_eq!(north, strings("d4d5 d4d6"));
    assert_eq!(captured(&p, "d4d6"), strings("e6"));
}

#[test]
fn wall_never_enters_or_passes_a_friendly_piece() {
    let p = pos("Kh1 Ld4 Le4 Ne7 ka10", "w");
    let north: Vec<String> = moves_from(&p, "d4")
        .into_iter()
        .filter(|m| m.as_bytes()[2] == b'd' && m[3..].parse::<u8>().unwrap() > 4)
        .collect();
    assert_eq!(north, strings("d4d5 d4d6"));
    let p = pos("Kh1 Ld4 Le4 Bc4 ka10", "w");
    assert!(!has(&p, "d4c4"));
}

#[test]
fn wall_captures_backward_and_sideways() {
    let p = pos("Kh1 Ld4 Le4 ka10 ne3 bc4", "w");
    assert_eq!(captured(&p, "d4d3"), strings("e3"));
    assert!(!has(&p, "d4d2"), "a capture ends the slide");
    assert_eq!(captured(&p, "d4c4"), strings("c4"));
}

#[test]
fn wall_sideways_step_stays_on_the_board() {
    let p = pos("Kh1 Lg4 Lh4 ka10", "w");
    assert_eq!(dests(&p, "g4"), strings("f4 g5 g6 g7 g8 g9 g10 g3 g2"));
}

#[test]
fn wall_is_captured_whole_by_a_pawn() {
    let p = pos("Kh1 Ld4 Le4 ka10 pf5", "b");
    assert_eq!(captured(&p, "f5e4"), strings("d4 e4"));
    assert_eq!(
        after(&p, "f5e4").fen(),
        fen("Kh1 pe4 ka10", "w").replace(" 1", " 2")
    );
}

#[test]
fn wall_is_captured_whole_by_a_knight_leaping_in() {
    let p = pos("Kh1 Ld4 Le4 ka10 nc6", "b");
    assert_eq!(captured(&p, "c6d4"), strings("d4 e4"));
}

#[test]
fn slider_along_a_rank_lands_only_on_the_first_wall_square() {
    let p = pos("Ka1 Ld4 Le4 ka10 rh4", "b");
    let rank4: Vec<String> = dests(&p, "h4")
        .into_iter()
        .filter(|d| d.ends_with('4') && d.len() == 2)
        .collect();
    assert_eq!(rank4, strings("g4 f4 e4"));
    assert_eq!(captured(&p, "h4e4"), strings("d4 e4"));
}

#[test]
fn wall_can_be_pinned_and_sideways_step_keeps_the_pin_blocked() {
    // Pinned on the c1-g5 diagonal through d2: the Wall may step west
    // (d2 stays covered) or north to d3e3 (e3 covers the diagonal), nothing else.
    let p = pos("Kc1 Ld2 Le2 ka10 bg5", "w");
    assert_eq!(moves_from(&p, "d2"), strings("d2c2 d2d3"));
    // Pinned along rank 2: only the sideways step that keeps c2 covered.
    let p = pos("Ka2 Lb2 Lc2 ka10 rh2", "w");
    assert_eq!(moves_from(&p, "b2"), strings("b2c2"));
}

#[test]
fn capturing_the_enemy_wall_can_open_a_line_to_the_own_king() {
    // Black's Rook on e1 looks north (backward for Black) at its own Wall:
    // blocked. Taking the Wall on d5 opens the e-file; taking it on e5 does not.
    let p = pos("Ke10 Pd8 Nb4 Ng4 ka1 re1 ld5 le5", "w");
    assert!(!p.is_check());
    assert!(!has(&p, "b4d5"));
    assert!(has(&p, "g4e5"));
    assert_eq!(captured(&p, "g4e5"), strings("d5 e5"));
}

#[test]
fn wall_check_needs_both_destination_squares_enterable() {
    // The Wall could land on d6 only together with e6, its own Knight's square.
    assert!(!pos("Kh1 Ld4 Le4 Ne6 kd6", "b").is_check());
    assert!(pos("Kh1 Ld4 Le4 ne6 kd6", "b").is_check());
}

#[test]
fn lone_wall_mates_a_bare_king() {
    let p = pos("Kh1 La8 Lb8 ka10", "b");
    assert!(p.is_check());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Checkmate
        })
    );
}

#[test]
fn knights_leap_over_walls_and_give_check() {
    assert!(pos("Kh1 Nd3 ld4 le4 ke5", "b").is_check());
}

// -------------------------------------------------- Own-Wall pass-over (A.4)

#[test]
fn queen_passes_own_wall_straight_and_diagonally_forward_but_not_sideways() {
    let p = pos("Kh1 Qd1 Ld2 Le2 ka10", "w");
    let d = dests(&p, "d1");
    for sq in ["d3", "d10", "f3", "h5", "c2", "a4", "c1", "a1", "e1", "g1"] {
        assert!(d.contains(&sq.to_string()), "{sq}");
    }
    assert!(!d.contains(&"d2".to_string()) && !d.contains(&"e2".to_string()));
    // Sideways along rank 2 the Queen on c2 is blocked by d2.
    let p = pos("Kh1 Qc2 Ld2 Le2 ka10", "w");
    assert!(!dests(&p, "c2").iter().any(|s| s == "f2" || s == "g2"));
}

#[test]
fn narrow_reading_passes_straight_only() {
    let pieces = "Kh1 Qd1 Ld2 Le2 ka10";
    let narrow = pos_in(&longer_board_straight_pass_over(), pieces, "w");
    let d = dests(&narrow, "d1");
    assert!(d.contains(&"d3".to_string()));
    assert!(!d.contains(&"f3".to_string()));
}

#[test]
fn black_passes_its_wall_going_south() {
    let p = pos("Kh1 ka10 rd10 ld9 le9", "b");
    assert!(dests(&p, "d10").contains(&"d1".to_string()));
    // A White Rook south of the Black Wall cannot pass it.
    let p = pos("Kh1 Rd1 ka10 ld9 le9", "w");
    assert!(!dests(&p, "d1").contains(&"d10".to_string()));
    assert!(dests(&p, "d1").contains(&"d9".to_string()));
}

// ------------------------------------------------------- Withdrawer (A.5)

#[test]
fn withdrawer_capture_is_automatic_and_only_straight_away() {
    let p = pos("Kh1 Ud4 pd5 ka10", "w");
    for m in moves_from(&p, "d4") {
        let away = m.as_bytes()[2] == b'd' && m[3..].parse::<u8>().unwrap() < 4;
        let expected = if away { strings("d5") } else { vec![] };
        assert_eq!(captured(&p, &m), expected, "{m}");
    }
    // S 3, E 4, W 3, NE 4, NW 3, SE 3, SW 3; N is blocked by the pawn.
    assert_eq!(dests(&p, "d4").len(), 3 + 4 + 3 + 4 + 3 + 3 + 3);
}

#[test]
fn withdrawer_blocked_retreat_gives_no_check() {
    assert!(!pos("Kh1 Ue4 Pe3 ke5", "b").is_check());
}

#[test]
fn withdrawer_never_attacks_at_a_distance() {
    assert!(!pos("Kh1 Ue4 ke7", "b").is_check());
}

#[test]
fn withdrawer_passes_own_wall_forward_and_withdraws_through_it() {
    let p = pos("Kh1 Ud3 Ld4 Le4 ka10 nd2", "w");
    assert!(!has(&p, "d3d4"));
    for to in ["d5", "d6", "d7", "d8", "d9", "d10"] {
        assert_eq!(captured(&p, &format!("d3{to}")), strings("d2"), "{to}");
    }
    assert!(has(&p, "d3f5"), "NE ray passes e4");
}

// ------------------------------------------------------- Changeling (A.7)

#[test]
fn changeling_range_counts_the_own_wall_squares_it_passes() {
    // hB on c1: NE e=5 -> range 3 (d2 is passed, e3 and f4 reached);
    // NW e=2 -> range 1.
    let p = pos("Kh1 Zc1 Ld2 Le2 ka10", "w");
    assert_eq!(dests(&p, "c1"), strings("e3 f4 b2"));
}

#[test]
fn changeling_captures_a_wall_and_flips_phase_on_a_capture() {
    let p = pos("Kh1 Ye1 ka10 le3 lf3", "w");
    assert_eq!(captured(&p, "e1e3"), strings("e3 f3"));
    assert_eq!(after(&p, "e1e3").fen(), fen("Kh1 Ze3 ka10", "b"));
}

#[test]
fn black_changeling_flips_too() {
    let p = pos("Kh1 ka10 zc8", "b");
    assert_eq!(
        after(&p, "c8d7").fen(),
        fen("Kh1 ka10 yd7", "w").replace("0 1", "1 2")
    );
    let p = pos("Kh1 ka10 yc8", "b");
    assert_eq!(
        after(&p, "c8c7").fen(),
        fen("Kh1 ka10 zc7", "w").replace("0 1", "1 2")
    );
}

#[test]
fn changeling_is_blocked_inside_its_range() {
    // hR on a1: N range 5, but a3 holds its own pawn.
    let p = pos("Kh1 Ya1 Pa3 ka10", "w");
    assert_eq!(dests(&p, "a1"), strings("a2 b1 c1 d1 e1"));
}

#[test]
fn changeling_check_follows_its_phase() {
    // hB on d5 reaches f7 (range 2) but not g8 (range would need 3).
    assert!(pos("Kh1 Zd5 kf7", "b").is_check());
    assert!(!pos("Kh1 Zd5 kg8", "b").is_check());
    assert!(!pos("Kh1 Yd5 kf7", "b").is_check());
    assert!(pos("Kh1 Yd5 kd8", "b").is_check());
}

// ------------------------------------------------------------ Pawns (A.8)

#[test]
fn pawn_double_steps_over_its_own_wall() {
    let p = pos("Kh1 Pd3 Ld4 Le4 ka10 pc6", "w");
    assert_eq!(moves_from(&p, "d3"), strings("d3d5"));
    let next = after(&p, "d3d5");
    assert_eq!(
        next.fen(),
        fen("Kh1 Pd5 Ld4 Le4 ka10 pc6", "b").replace(" - 0", " d4 0")
    );
}

#[test]
fn no_en_passant_when_the_skipped_square_is_the_wall() {
    let p = pos("Kh1 Pd3 Ld4 Le4 ka10 pc5", "w");
    let next = after(&p, "d3d5");
    assert_eq!(next.en_passant().map(|e| e.targets.len()), Some(1));
    // c5xd4 takes the Wall (both squares), not the pawn on d5.
    assert_eq!(moves_from(&next, "c5"), strings("c5c4 c5d4"));
    assert_eq!(captured(&next, "c5d4"), strings("d4 e4"));
}

#[test]
fn en_passant_over_an_empty_square() {
    let p = pos("Kh1 Pc3 ka10 pd5", "w");
    let next = after(&p, "c3c5");
    assert_eq!(captured(&next, "d5c4"), strings("c5"));
}

#[test]
fn double_step_only_from_the_third_rank_and_only_through_clear_squares() {
    let p = pos("Kh1 Pd4 Pf3 Pg3 ka10 pf4 ng5", "w");
    assert_eq!(moves_from(&p, "d4"), strings("d4d5"));
    assert_eq!(moves_from(&p, "f3"), Vec::<String>::new());
    assert_eq!(moves_from(&p, "g3"), strings("g3g4 g3f4"));
}

#[test]
fn black_pawn_promotes_on_the_second_rank() {
    let p = pos("Kh1 ka10 pb3", "b");
    assert_eq!(
        moves_from(&p, "b3"),
        strings("b3b2q b3b2r b3b2b b3b2n b3b2u b3b2z")
    );
    assert_eq!(
        after(&p, "b3b2u").fen(),
        fen("Kh1 ka10 ub2", "w").replace("0 1", "0 2")
    );
}

#[test]
fn capture_onto_the_promotion_rank_promotes() {
    let p = pos("Kh1 Pc8 ka10 nd9 nc9", "w");
    assert_eq!(
        moves_from(&p, "c8"),
        strings("c8d9q c8d9r c8d9b c8d9n c8d9u c8d9z")
    );
}

#[test]
fn no_pawn_on_its_own_first_rank() {
    let text = fen("Kh1 Pa1 ka10", "w");
    assert!(Position::from_fen(longer_board(), &text).is_err());
    let text = fen("Kh1 ka10 pa10", "w");
    assert!(Position::from_fen(longer_board(), &text).is_err());
    let text = fen("Kh1 ka10 pa2", "w");
    assert!(Position::from_fen(longer_board(), &text).is_err());
}

// --------------------------------------------------------- Castling (A.8)

const CASTLE: &str = "Ra1 Ke1 Rh1 kc10";

#[test]
fn castling_fide_both_sides() {
    let p = pos_castling(CASTLE, "KQ");
    assert!(has(&p, "e1g1h1f1") && has(&p, "e1c1a1d1"));
    assert_eq!(
        after(&p, "e1g1h1f1").fen(),
        fen("Ra1 Rf1 Kg1 kc10", "b").replace("0 1", "1 1")
    );
}

#[test]
fn own_wall_square_blocks_castling() {
    let p = pos_castling("Ra1 Ke1 Lf1 Lg1 kc10", "Q");
    assert!(!moves(&p)
        .iter()
        .any(|m| m.len() == 8 && m.starts_with("e1g1")));
    let p = pos_castling("Ra1 Lb1 Lc1 Ke1 Rh1 kf10", "KQ");
    assert!(has(&p, "e1g1h1f1"));
    assert!(!has(&p, "e1c1a1d1"));
}

#[test]
fn enemy_wall_square_blocks_castling() {
    let p = pos_castling("Ra1 Ke1 Rh1 kd10 lb1 lc1", "KQ");
    assert!(has(&p, "e1g1h1f1"));
    assert!(!has(&p, "e1c1a1d1"));
}

#[test]
fn wall_attack_on_the_kings_path_forbids_castling() {
    // The Black Wall on f3g3 can slide to f1g1: f1 and g1 are attacked.
    let p = pos_castling("Ra1 Ke1 Rh1 kc10 lf3 lg3", "KQ");
    assert!(!p.is_check());
    assert!(!has(&p, "e1g1h1f1"));
    assert!(has(&p, "e1c1a1d1"));
}

// ------------------------------------------------------- Game end (A.9)

#[test]
fn stalemate_is_a_draw() {
    let p = pos("Kh1 Qc9 ka10", "b");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Stalemate
        })
    );
}

#[test]
fn threefold_repetition_and_fifty_moves() {
    let mut game = GameRecord::new(Position::start(longer_board()));
    for _ in 0..2 {
        for m in ["b2c2", "b9c9", "c2b2", "c9b9"] {
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
    let text = fen("Kh1 Ld4 Le4 ka10", "w").replace(" 0 1", " 100 80");
    let game = GameRecord::new(Position::from_fen(longer_board(), &text).unwrap());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::FiftyMoves
        })
    );
}

#[test]
fn wall_and_withdrawer_captures_reset_the_fifty_move_count() {
    let text = fen("Kh1 Ld4 Le4 Ub4 ka10 nd5 nb5", "w").replace(" 0 1", " 30 40");
    let p = Position::from_fen(longer_board(), &text).unwrap();
    assert_eq!(after(&p, "d4d5").halfmoves(), 0);
    assert_eq!(after(&p, "b4b3").halfmoves(), 0);
    assert_eq!(after(&p, "d4d3").halfmoves(), 31);
    assert_eq!(after(&p, "b4c4").halfmoves(), 31);
}

// --------------------------------------------- Position strings (notation §2)

/// The start position with White's second rank replaced by `rank2`.
fn start_with_rank2(rank2: &str) -> String {
    longer_board()
        .start_fen
        .replace("/ZU1LL1UZ/", &format!("/{rank2}/"))
}

#[test]
fn wall_pairing_accepts_two_adjacent_letters_of_one_colour() {
    for rank2 in ["LL6", "6LL", "ZU2LLUZ", "LLll4"] {
        let text = start_with_rank2(rank2);
        let p = Position::from_fen(longer_board(), &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.fen(), text);
        assert!(p.invariants_hold());
    }
}

#[test]
fn wall_pairing_errors_name_the_board_field() {
    for rank2 in [
        "ZU1L2UZ", "ZU1L1LUZ", "7L", "ZU1LN1UZ", "ZU1Ll1UZ", "ZU1lL1UZ", "LLL5", "ZUL1L1UZ",
    ] {
        let text = start_with_rank2(rank2);
        let e = Position::from_fen(longer_board(), &text)
            .expect_err(&text)
            .to_string();
        assert!(e.contains("board") && e.contains("Wall"), "{text}: {e}");
    }
}

#[test]
fn en_passant_field_may_name_the_own_wall_but_not_the_enemy_wall() {
    let own = fen("Kh1 Pd5 Ld4 Le4 ka10 pc5", "b").replace(" - 0", " d4 0");
    let p = Position::from_fen(longer_board(), &own).unwrap();
    assert_eq!(p.fen(), own);
    let enemy = fen("Kh1 Pd5 ld4 le4 ka10", "b").replace(" - 0", " d4 0");
    let e = Position::from_fen(longer_board(), &enemy)
        .expect_err(&enemy)
        .to_string();
    assert!(e.contains("en-passant"), "{e}");
}

#[test]
fn wall_moves_keep_the_halves_paired_and_are_written_from_the_left_square() {
    let p = pos("Kh1 Ld4 Le4 ka10", "w");
    assert_eq!(
        after(&p, "d4e4").fen(),
        fen("Kh1 Le4 Lf4 ka10", "b").replace("0 1", "1 1")
    );
    assert_eq!(
        after(&p, "d4c4").fen(),
        fen("Kh1 Lc4 Ld4 ka10", "b").replace("0 1", "1 1")
    );
    assert_eq!(
        after(&p, "d4d9").fen(),
        fen("Kh1 Ld9 Le9 ka10", "b").replace("0 1", "1 1")
    );
}

#[test]
fn far_off_board_square_names_are_rejected_without_panic() {
    for ep in ["a99", "h26", "z10", "a0"] {
        let text = fen("Kh1 ka10", "w").replace(" - 0", &format!(" {ep} 0"));
        let e = Position::from_fen(longer_board(), &text)
            .expect_err(&text)
            .to_string();
        assert!(e.contains("en-passant"), "{text}: {e}");
    }
}
