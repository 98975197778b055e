//! Independent audit of Chess on a Longer Board against
//! `docs/rules/longer-board.md`: one named test per rule sentence of
//! A.2-A.11 that tests/longer_examples.rs and tests/longer_rules.rs reach
//! only weakly or not at all. Every expected value is worked out by hand from
//! the rule text (the working is in the comments).

use crate::longer_support as support;

use menagerie_games::longer_board::longer_board;
use menagerie_rules::{notation, GameRecord, Position};
use support::{after, captured, dests, fen, fen_with, moves, moves_from, pos, strings};

fn has(p: &Position, mv: &str) -> bool {
    moves(p).contains(&mv.to_string())
}

fn pos_fen(text: &str) -> Position {
    Position::from_fen(longer_board(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The castling moves (four-square strings) among the legal moves.
fn castlings(p: &Position) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.chars().filter(char::is_ascii_alphabetic).count() == 4)
        .collect()
}

// ------------------------------------------------------------ A.2 / A.3

#[test]
fn audit_a2_board_is_eight_files_by_ten_ranks() {
    // Rook a1 on an otherwise empty line: 9 squares north, 7 east.
    let p = pos("Ra1 Kc3 kh10", "w");
    assert_eq!(
        dests(&p, "a1"),
        strings("a2 a3 a4 a5 a6 a7 a8 a9 a10 b1 c1 d1 e1 f1 g1 h1")
    );
}

#[test]
fn audit_a3_start_position_string() {
    assert_eq!(
        Position::start(longer_board()).fen(),
        "rnbqkbnr/zu1ll1uz/pppppppp/8/8/8/8/PPPPPPPP/ZU1LL1UZ/RNBQKBNR w KQkq - 0 1"
    );
}

// ---------------------------------------------- A.4 item 1: own-Wall pass-over

#[test]
fn audit_a4_own_wall_blocks_a_straight_backward_move() {
    // Rd5 above its own Wall d4e4: S is backward, so d4 blocks.
    let p = pos("Kh1 Rd5 Ld4 Le4 kh10", "w");
    assert_eq!(
        dests(&p, "d5"),
        strings("d6 d7 d8 d9 d10 e5 f5 g5 h5 c5 b5 a5")
    );
}

#[test]
fn audit_a4_own_wall_blocks_a_diagonal_backward_move() {
    // Bf5: SW runs into its own Wall square e4 (backward for White).
    let p = pos("Kh1 Bf5 Ld4 Le4 kh10", "w");
    assert_eq!(dests(&p, "f5"), strings("g6 h7 e6 d7 c8 b9 a10 g4 h3"));
}

#[test]
fn audit_a4_bishop_moves_through_own_wall_diagonally_forward() {
    // Bc1: NE passes d2 and goes on to e3 f4 g5 h6; NW b2 a3.
    let p = pos("Kh1 Bc1 Ld2 Le2 kh10", "w");
    assert_eq!(dests(&p, "c1"), strings("e3 f4 g5 h6 b2 a3"));
}

#[test]
fn audit_a4_slider_captures_beyond_its_own_wall() {
    let p = pos("Kh1 Rd1 Ld2 Le2 kh10 nd5", "w");
    assert_eq!(dests(&p, "d1"), strings("d3 d4 d5 e1 f1 g1 c1 b1 a1"));
    assert_eq!(captured(&p, "d1d5"), strings("d5"));
}

#[test]
fn audit_a4_slider_past_own_wall_stops_on_the_enemy_wall() {
    let p = pos("Kh1 Rd1 Ld2 Le2 kh10 ld6 le6", "w");
    assert_eq!(dests(&p, "d1"), strings("d3 d4 d5 d6 e1 f1 g1 c1 b1 a1"));
    assert_eq!(captured(&p, "d1d6"), strings("d6 e6"));
}

// --------------------------------------- A.4 items 2-3: enemy Wall, Wall capture

#[test]
fn audit_a4_enemy_wall_blocks_a_pawn_which_may_capture_it_diagonally() {
    // Pd3: d4 is the enemy Wall (no step, no double step); e4 is capturable.
    let p = pos("Kh1 Pd3 kh10 ld4 le4", "w");
    assert_eq!(moves_from(&p, "d3"), strings("d3e4"));
    assert_eq!(captured(&p, "d3e4"), strings("d4 e4"));
    assert_eq!(after(&p, "d3e4").fen(), fen("Kh1 Pe4 kh10", "b"));
}

#[test]
fn audit_a4_capturer_stands_on_the_wall_square_it_entered() {
    // L6a: Rd10xd2 enters the left square.
    let p = pos("Kd1 Ld2 Le2 kh10 rd10", "b");
    assert_eq!(
        after(&p, "d10d2").fen(),
        fen("Kd1 rd2 kh10", "w").replace("0 1", "0 2")
    );
    // L5: Kf4xe4 enters the right square.
    let p = pos("Kh1 Ld4 Le4 kf4", "b");
    assert_eq!(
        after(&p, "f4e4").fen(),
        fen("Kh1 ke4", "w").replace("0 1", "0 2")
    );
}

#[test]
fn audit_a4_knight_has_no_camel_first_move_by_default() {
    // (2,1) only: a3 c3 d2; a Camel (3,1) would add a4 c4 e2.
    let p = pos("Nb1 Kh1 kh10", "w");
    assert_eq!(dests(&p, "b1"), strings("a3 c3 d2"));
}

// ------------------------------------------------------------ A.5 Withdrawer

#[test]
fn audit_a5_withdrawer_takes_only_the_piece_it_moves_away_from() {
    // Enemies N (d5), NE (e5), NW (c5). Away from d5 = S, from e5 = SW,
    // from c5 = SE; E and W capture nothing; N, NE, NW are blocked.
    let p = pos("Kh1 Ud4 kh10 pd5 ne5 bc5", "w");
    let expected = [
        ("d4d3", "d5"),
        ("d4d2", "d5"),
        ("d4d1", "d5"),
        ("d4c3", "e5"),
        ("d4b2", "e5"),
        ("d4a1", "e5"),
        ("d4e3", "c5"),
        ("d4f2", "c5"),
        ("d4g1", "c5"),
        ("d4e4", ""),
        ("d4f4", ""),
        ("d4g4", ""),
        ("d4h4", ""),
        ("d4c4", ""),
        ("d4b4", ""),
        ("d4a4", ""),
    ];
    let listed: Vec<String> = expected.iter().map(|(m, _)| m.to_string()).collect();
    assert_eq!(moves_from(&p, "d4"), support::sorted(listed));
    for (m, taken) in expected {
        assert_eq!(captured(&p, m), strings(taken), "{m}");
    }
}

#[test]
fn audit_a5_no_withdrawal_when_the_square_behind_is_occupied() {
    // Own pawn d3 blocks the retreat from d5.
    let p = pos("Kh1 Ud4 Pd3 kh10 pd5", "w");
    let from = moves_from(&p, "d4");
    assert_eq!(from.len(), 4 + 3 + 4 + 3 + 3 + 3);
    for m in &from {
        assert!(captured(&p, m).is_empty(), "{m}");
    }
}

#[test]
fn audit_a5_no_withdrawal_backward_over_the_own_wall() {
    // Ud5, enemy d6 (N). The retreat S starts on the own Wall d4, and S is
    // backward for White: blocked. SE (e4) is blocked the same way.
    let p = pos("Kh1 Ud5 Ld4 Le4 kh10 pd6", "w");
    assert_eq!(
        dests(&p, "d5"),
        strings("e5 f5 g5 h5 c5 b5 a5 e6 f7 g8 h9 c6 b7 a8 c4 b3 a2")
    );
    for m in moves_from(&p, "d5") {
        assert!(captured(&p, &m).is_empty(), "{m}");
    }
}

#[test]
fn audit_a5_withdrawer_cannot_land_on_an_enemy_wall() {
    let p = pos("Kh1 Ud3 kh10 ld5 le5", "w");
    let d = dests(&p, "d3");
    assert!(d.contains(&"d4".to_string()));
    assert!(!d.contains(&"d5".to_string()));
    for m in moves_from(&p, "d3") {
        assert!(captured(&p, &m).is_empty(), "{m}");
    }
}

// ------------------------------------------------------------------ A.6 Wall

#[test]
fn audit_a6_black_wall_slides_both_ways_and_captures() {
    // N: d8 d9 d10. S: d6 d5 d4 (takes Ne4, ends the slide). Sideways c7 e7.
    let p = pos("Kh1 Ne4 ka10 ld7 le7", "b");
    assert_eq!(
        moves_from(&p, "d7"),
        strings("d7d8 d7d9 d7d10 d7d6 d7d5 d7d4 d7c7 d7e7")
    );
    assert_eq!(captured(&p, "d7d4"), strings("e4"));
}

#[test]
fn audit_a6_wall_on_the_a_file_steps_only_right() {
    let p = pos("Kh1 La4 Lb4 kh10", "w");
    assert_eq!(
        moves_from(&p, "a4"),
        strings("a4a5 a4a6 a4a7 a4a8 a4a9 a4a10 a4a3 a4a2 a4a1 a4b4")
    );
}

#[test]
fn audit_a6_wall_pinned_on_a_file() {
    // Rd10 pins the Wall through d2 against Kd1: every N slide keeps the
    // d-file covered (d10 captures the Rook), c2d2 keeps d2; e2f2 does not.
    let p = pos("Kd1 Ld2 Le2 ka10 rd10", "w");
    assert_eq!(
        moves_from(&p, "d2"),
        strings("d2c2 d2d3 d2d4 d2d5 d2d6 d2d7 d2d8 d2d9 d2d10")
    );
    assert_eq!(captured(&p, "d2d10"), strings("d10"));
}

#[test]
fn audit_a6_wall_gives_check_moving_backward() {
    // Wall d6e6 slides S over d5e5, d4e4 onto d3e3: the King on e3.
    assert!(pos("Kh1 Ld6 Le6 ke3", "b").is_check());
    // A black pawn on e5 stops the slide at d5e5.
    assert!(!pos("Kh1 Ld6 Le6 ke3 pe5", "b").is_check());
}

// ------------------------------------------------------------ A.7 Changeling

#[test]
fn audit_a7_halfling_range_is_absolute_not_relative() {
    // hR a1: N e=9 -> 5 (a2..a6, capturing a6); a relative halfling would
    // stop at a4. E e=7 -> 4.
    let p = pos("Kh1 Ya1 na6 kh10", "w");
    assert_eq!(dests(&p, "a1"), strings("a2 a3 a4 a5 a6 b1 c1 d1 e1"));
    assert_eq!(captured(&p, "a1a6"), strings("a6"));
}

// --------------------------------------------------------------- A.8 Pawns

#[test]
fn audit_a8_en_passant_only_on_the_very_next_move() {
    let p = pos("Kh1 Pc3 kh10 pd5", "w");
    let next = after(&p, "c3c5");
    assert_eq!(moves_from(&next, "d5"), strings("d5d4 d5c4"));
    let later = after(&after(&next, "h10g10"), "h1g1");
    assert_eq!(moves_from(&later, "d5"), strings("d5d4"));
}

#[test]
fn audit_a8_black_double_step_and_en_passant() {
    let p = pos("Kh1 Pd6 ka10 pe8", "b");
    assert_eq!(moves_from(&p, "e8"), strings("e8e7 e8e6"));
    let next = after(&p, "e8e6");
    assert_eq!(moves_from(&next, "d6"), strings("d6d7 d6e7"));
    assert_eq!(captured(&next, "d6e7"), strings("e6"));
}

#[test]
fn audit_a8_promotion_by_capturing_the_enemy_wall() {
    let p = pos("Kh1 Pc8 Pf8 ka10 ld9 le9", "w");
    let letters = ["q", "r", "b", "n", "u", "z"];
    let c8: Vec<String> = ["c8c9", "c8d9"]
        .iter()
        .flat_map(|m| letters.iter().map(move |l| format!("{m}{l}")))
        .collect();
    assert_eq!(moves_from(&p, "c8"), support::sorted(c8));
    let f8: Vec<String> = ["f8f9", "f8e9"]
        .iter()
        .flat_map(|m| letters.iter().map(move |l| format!("{m}{l}")))
        .collect();
    assert_eq!(moves_from(&p, "f8"), support::sorted(f8));
    assert_eq!(captured(&p, "c8d9q"), strings("d9 e9"));
    assert_eq!(captured(&p, "f8e9u"), strings("d9 e9"));
    assert_eq!(after(&p, "f8e9u").fen(), fen("Kh1 Pc8 Ue9 ka10", "b"));
}

#[test]
fn audit_a8_no_black_pawn_on_rank_one() {
    let text = fen("Kh1 ka10 pb1", "w");
    assert!(Position::from_fen(longer_board(), &text).is_err());
}

// ------------------------------------------------------------ A.8 Castling

#[test]
fn audit_a8_black_castles_on_rank_ten() {
    let p = pos_fen(&fen_with("ra10 ke10 rh10 Kb1", "b", "kq"));
    assert_eq!(castlings(&p), strings("e10g10h10f10 e10c10a10d10"));
    assert_eq!(
        after(&p, "e10g10h10f10").fen(),
        fen_with("ra10 rf10 kg10 Kb1", "w", "-").replace("0 1", "1 2")
    );
    assert_eq!(
        after(&p, "e10c10a10d10").fen(),
        fen_with("kc10 rd10 rh10 Kb1", "w", "-").replace("0 1", "1 2")
    );
}

#[test]
fn audit_a8_no_castling_out_of_a_wall_check() {
    // Black Wall d3e3 can slide to d1e1: check.
    let p = pos_fen(&fen_with("Ra1 Ke1 Rh1 kc10 ld3 le3", "w", "KQ"));
    assert!(p.is_check());
    assert_eq!(castlings(&p), Vec::<String>::new());
    // Wall c3d3 attacks c1 and d1 but not e1, f1 or g1.
    let p = pos_fen(&fen_with("Ra1 Ke1 Rh1 kc10 lc3 ld3", "w", "KQ"));
    assert!(!p.is_check());
    assert_eq!(castlings(&p), strings("e1g1h1f1"));
    // notation.md section 4: the king's squares alone are accepted too.
    let m = notation::parse(&p, "e1g1").unwrap();
    assert_eq!(notation::render(&p, &m), "e1g1h1f1");
}

#[test]
fn audit_a8_castling_right_lost_when_the_wall_takes_the_rook() {
    let p = pos_fen(&fen_with("Ra1 Ke1 Rh1 kc10 lg3 lh3", "b", "KQ"));
    assert_eq!(captured(&p, "g3g1"), strings("h1"));
    assert_eq!(
        after(&p, "g3g1").fen(),
        fen_with("Ra1 Ke1 lg1 lh1 kc10", "w", "Q").replace("0 1", "0 2")
    );
}

#[test]
fn audit_a8_castling_right_lost_when_a_withdrawer_takes_the_rook() {
    // Ug9 withdraws SW from Rh10 (NE of it) without entering h10.
    let p = pos_fen(&fen_with("Kb1 Ug9 ra10 ke10 rh10", "w", "kq"));
    assert_eq!(captured(&p, "g9f8"), strings("h10"));
    assert_eq!(
        after(&p, "g9f8").fen(),
        fen_with("Kb1 Uf8 ra10 ke10", "b", "q")
    );
}

// ------------------------------------------------------------ A.9 Game end

#[test]
fn audit_a9_pawn_move_resets_the_fifty_move_count() {
    let p = pos_fen(&fen("Kh1 Pd3 kh10", "w").replace(" 0 1", " 30 40"));
    assert_eq!(after(&p, "d3d4").halfmoves(), 0);
    assert_eq!(after(&p, "h1g1").halfmoves(), 31);
}

#[test]
fn audit_a11_19_insufficient_material_is_not_detected() {
    // The players' page states it; the rules allow detection to be off.
    let p = pos("Kh1 kh10", "w");
    assert_eq!(p.outcome(), None);
    assert_eq!(GameRecord::new(p).outcome(), None);
}

// ------------------------------------------------------- A.10 Attacks table

#[test]
fn audit_a10_pawn_attacks_only_its_diagonal_forward_squares() {
    assert!(pos("Kh1 Pd4 ke5", "b").is_check());
    assert!(!pos("Kh1 Pd4 kd5", "b").is_check());
    assert!(!pos("Kh1 Pd4 kc3", "b").is_check());
    assert!(pos("Kd4 kh10 pe5", "w").is_check());
    assert!(!pos("Kd6 kh10 pe5", "w").is_check());
}

#[test]
fn audit_a10_withdrawer_attack_needs_the_retreat_past_the_own_wall() {
    // White Ud5 over its Wall d4e4: retreat S is backward, blocked: no check.
    assert!(!pos("Kh1 Ud5 Ld4 Le4 kd6", "b").is_check());
    // Black ud5 over its Wall d4e4: S is forward for Black, d3 reached: check.
    assert!(pos("Kd6 kh10 ud5 ld4 le4", "w").is_check());
}

#[test]
fn audit_a10_withdrawer_attacks_for_castling_only_by_withdrawal() {
    // uf5 could land on f1 but attacks nothing at a distance.
    let p = pos_fen(&fen_with("Ke1 Rh1 kc10 uf5", "w", "K"));
    assert_eq!(castlings(&p), strings("e1g1h1f1"));
    // ug2 attacks f1 (retreat to h3) and g1 (retreat to g3).
    let p = pos_fen(&fen_with("Ke1 Rh1 kc10 ug2", "w", "K"));
    assert!(!p.is_check());
    assert_eq!(castlings(&p), Vec::<String>::new());
    // With g3 and h3 occupied neither retreat exists.
    let p = pos_fen(&fen_with("Ke1 Rh1 kc10 ug2 pg3 ph3", "w", "K"));
    assert_eq!(castlings(&p), strings("e1g1h1f1"));
}

#[test]
fn audit_a10_wall_check_needs_a_partner_square_off_the_enemy_wall() {
    // d6e6 would put the partner half on Black's Wall square e6: no check.
    assert!(!pos("Kh1 Ld4 Le4 kd6 le6 lf6", "b").is_check());
    // With Black's Wall one file further right, d6e6 is open: check.
    assert!(pos("Kh1 Ld4 Le4 kd6 lf6 lg6", "b").is_check());
}

#[test]
fn audit_a10_changeling_check_counts_the_own_wall_square_in_its_range() {
    // hR d1: N e=9 -> range 5: d2 (own Wall, passed) d3 d4 d5 d6. The own
    // pawn e4 keeps the Wall itself below rank 4 (its slide needs e3 e4...).
    assert!(pos("Kh1 Yd1 Ld2 Le2 Pe4 kd6", "b").is_check());
    assert!(!pos("Kh1 Yd1 Ld2 Le2 Pe4 kd7", "b").is_check());
}

// ------------------------------------------------- A.9 repetition identity

#[test]
fn audit_a9_changeling_phase_is_part_of_the_position() {
    // Same squares, different phase: different moves, so not a repetition.
    let bishop = pos("Kh1 Zd4 kh10", "w");
    let rook = pos("Kh1 Yd4 kh10", "w");
    assert!(!bishop.same_identity(&rook));
    assert_ne!(bishop.hash(), rook.hash());
    // d4-e5 (hB) e5-e3 (hR) e3-d4 (hB) brings it back as a halfling rook.
    let mut game = GameRecord::new(bishop.clone());
    for m in [
        "d4e5", "h10g10", "e5e3", "g10h10", "e3d4", "h10g10", "h1g1", "g10h10",
    ] {
        game.play_str(m).unwrap();
    }
    assert_eq!(
        game.position().fen(),
        fen("Kg1 Yd4 kh10", "w").replace("0 1", "8 5")
    );
}

#[test]
fn audit_a10_king_may_not_take_a_wall_whose_other_half_shields_it() {
    // Kf4xe4 removes d4 too, opening rank 4 from Ra4 to e4: illegal. Before
    // the capture Ra4 sees only its own Wall (sideways: opaque).
    let p = pos("Kh1 Ra4 Ld4 Le4 kf4", "b");
    assert!(p.is_check());
    assert!(!has(&p, "f4e4"));
    // Without the Rook the capture is legal (L5).
    assert!(has(&pos("Kh1 Ld4 Le4 kf4", "b"), "f4e4"));
}
