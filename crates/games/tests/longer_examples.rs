//! Chess on a Longer Board: every example of the rules document's A.12
//! (L1-L8) as a named test, asserting the exact lists and counts it states.

use crate::longer_support as support;

use menagerie_games::longer_board::{longer_board, longer_board_straight_pass_over};
use menagerie_rules::{notation, Position};
use support::{captured, dests, fen, moves, moves_from, pos, pos_in, strings};

// ---------------------------------------------------------------- L1

#[test]
fn t_l1_initial_position_has_22_moves() {
    let p = Position::start(longer_board());
    let expected = strings(
        "a3a4 b3b4 c3c4 d3d4 e3e4 f3f4 g3g4 h3h4 \
         a3a5 b3b5 c3c5 d3d5 e3e5 f3f5 g3g5 h3h5 \
         d1c2 e1f2 b2c2 g2f2 d2c2 d2e2",
    );
    assert_eq!(moves(&p), expected);
}

#[test]
fn t_l1_queen_passes_the_wall_but_meets_own_pawns() {
    let p = Position::start(longer_board());
    assert_eq!(dests(&p, "d1"), strings("c2"));
}

#[test]
fn t_l1_withdrawers_cannot_pass_the_wall_sideways() {
    let p = Position::start(longer_board());
    assert_eq!(dests(&p, "b2"), strings("c2"));
    assert_eq!(dests(&p, "g2"), strings("f2"));
}

#[test]
fn t_l1_wall_steps_sideways_only() {
    let p = Position::start(longer_board());
    assert_eq!(dests(&p, "d2"), strings("c2 e2"));
}

#[test]
fn t_l1_knights_rooks_bishops_changelings_are_stuck() {
    let p = Position::start(longer_board());
    for sq in ["a1", "b1", "c1", "f1", "g1", "h1", "a2", "h2"] {
        assert_eq!(dests(&p, sq), Vec::<String>::new(), "{sq}");
    }
}

#[test]
fn t_l1_black_has_the_mirrored_22_moves() {
    let start = Position::start(longer_board()).fen().replace(" w ", " b ");
    let p = Position::from_fen(longer_board(), &start).unwrap();
    let expected = strings(
        "a8a7 b8b7 c8c7 d8d7 e8e7 f8f7 g8g7 h8h7 \
         a8a6 b8b6 c8c6 d8d6 e8e6 f8f6 g8g6 h8h6 \
         d10c9 e10f9 b9c9 g9f9 d9c9 d9e9",
    );
    assert_eq!(moves(&p), expected);
}

// ---------------------------------------------------------------- L2

const L2: &str = "Kh1 Rd1 Ld4 Le4 kd8 nd6 be6";

#[test]
fn t_l2_wall_has_exactly_six_moves() {
    let p = pos(L2, "w");
    assert_eq!(
        moves_from(&p, "d4"),
        strings("d4d5 d4d6 d4d3 d4d2 d4c4 d4e4")
    );
}

#[test]
fn t_l2_wall_double_capture() {
    let p = pos(L2, "w");
    assert_eq!(captured(&p, "d4d6"), strings("d6 e6"));
    let mut after = p.clone();
    after.play(&notation::parse(&p, "d4d6").unwrap()).unwrap();
    assert_eq!(after.fen(), fen("Kh1 Rd1 Ld6 Le6 kd8", "b"));
}

#[test]
fn t_l2_wall_backward_blocked_by_own_rook() {
    let p = pos(L2, "w");
    assert!(!moves(&p).contains(&"d4d1".to_string()));
}

#[test]
fn t_l2_knight_pinned_through_the_white_wall() {
    let p = pos(L2, "b");
    assert_eq!(dests(&p, "d6"), Vec::<String>::new());
    // The capture of the whole Wall would be a pseudo-legal knight move:
    // removing the pin (the Rook) makes it legal.
    let unpinned = pos("Kh1 Ld4 Le4 kd8 nd6 be6", "b");
    assert!(dests(&unpinned, "d6").contains(&"e4".to_string()));
    assert_eq!(captured(&unpinned, "d6e4"), strings("d4 e4"));
}

#[test]
fn t_l2_black_is_not_in_check() {
    assert!(!pos(L2, "b").is_check());
}

// ---------------------------------------------------------------- L3

const L3: &str = "Kh1 Ud4 Ng6 kb10 ld5 le5 uf7";

#[test]
fn t_l3_withdrawer_takes_the_wall_six_ways() {
    let p = pos(L3, "w");
    let capturing: Vec<String> = moves_from(&p, "d4")
        .into_iter()
        .filter(|m| !captured(&p, m).is_empty())
        .collect();
    assert_eq!(capturing, strings("d4d3 d4d2 d4d1 d4c3 d4b2 d4a1"));
    for m in &capturing {
        assert_eq!(captured(&p, m), strings("d5 e5"), "{m}");
    }
}

#[test]
fn t_l3_black_withdrawer_takes_the_knight_three_ways() {
    let p = pos(L3, "b");
    let capturing: Vec<String> = moves_from(&p, "f7")
        .into_iter()
        .filter(|m| !captured(&p, m).is_empty())
        .collect();
    assert_eq!(capturing, strings("f7e8 f7d9 f7c10"));
    for m in &capturing {
        assert_eq!(captured(&p, m), strings("g6"), "{m}");
    }
}

// ---------------------------------------------------------------- L4

/// Two king squares that share no line with `sq` (so they neither block
/// nor get captured) and are not neighbours of each other.
fn kings_away_from(sq: &str) -> (String, String) {
    let (f0, r0) = (
        (sq.as_bytes()[0] - b'a') as i32,
        sq[1..].parse::<i32>().unwrap(),
    );
    let free: Vec<(i32, i32)> = (1..=10)
        .flat_map(|r| (0..8).map(move |f| (f, r)))
        .filter(|&(f, r)| f != f0 && r != r0 && (f - f0).abs() != (r - r0).abs())
        .collect();
    let white = free[0];
    let black = *free
        .iter()
        .rev()
        .find(|&&(f, r)| (f - white.0).abs() > 1 || (r - white.1).abs() > 1)
        .unwrap();
    let name = |(f, r): (i32, i32)| format!("{}{r}", (b'a' + f as u8) as char);
    (name(white), name(black))
}

fn halfling_dests(sq: &str, letter: char) -> Vec<String> {
    let (wk, bk) = kings_away_from(sq);
    let p = pos(&format!("K{wk} k{bk} {letter}{sq}"), "w");
    dests(&p, sq)
}

fn check_halfling_row(sq: &str, bishop: &str, rook: &str) {
    assert_eq!(halfling_dests(sq, 'Z'), strings(bishop), "hB on {sq}");
    assert_eq!(halfling_dests(sq, 'Y'), strings(rook), "hR on {sq}");
}

#[test]
fn t_l4_halfling_a2() {
    check_halfling_row("a2", "b3 c4 d5 e6 b1", "a3 a4 a5 a6 a1 b2 c2 d2 e2");
}

#[test]
fn t_l4_halfling_d5() {
    check_halfling_row(
        "d5",
        "e6 f7 c6 b7 e4 f3 c4 b3",
        "d6 d7 d8 d4 d3 e5 f5 c5 b5",
    );
    assert_eq!(halfling_dests("d5", 'Z').len(), 8);
    assert_eq!(halfling_dests("d5", 'Y').len(), 9);
}

#[test]
fn t_l4_halfling_e5() {
    check_halfling_row(
        "e5",
        "f6 g7 d6 c7 f4 g3 d4 c3",
        "e6 e7 e8 e4 e3 f5 g5 d5 c5",
    );
}

#[test]
fn t_l4_halfling_c3() {
    check_halfling_row("c3", "d4 e5 f6 b4 d2 b2", "c4 c5 c6 c7 c2 d3 e3 f3 b3");
}

#[test]
fn t_l4_halfling_a1() {
    check_halfling_row("a1", "b2 c3 d4 e5", "a2 a3 a4 a5 a6 b1 c1 d1 e1");
}

#[test]
fn t_l4_halfling_h10() {
    check_halfling_row("h10", "g9 f8 e7 d6", "h9 h8 h7 h6 h5 g10 f10 e10 d10");
}

#[test]
fn t_l4_halfling_b9() {
    check_halfling_row("b9", "c10 a10 c8 d7 e6 a8", "b10 b8 b7 b6 b5 c9 d9 e9 a9");
}

#[test]
fn t_l4_toggle_after_d5_f7() {
    let p = pos("Kh1 Zd5 ka10", "w");
    let mut after = p.clone();
    after.play(&notation::parse(&p, "d5f7").unwrap()).unwrap();
    assert_eq!(after.fen(), fen("Kh1 Yf7 ka10", "b").replace("0 1", "1 1"));
    after
        .play(&notation::parse(&after, "a10b10").unwrap())
        .unwrap();
    // N e=3 -> 2; S e=6 -> 3; E e=2 -> 1; W e=5 -> 3.
    assert_eq!(dests(&after, "f7"), strings("f8 f9 f6 f5 f4 g7 e7 d7 c7"));
}

// ---------------------------------------------------------------- L5

#[test]
fn t_l5_wall_gives_check_by_forward_slide() {
    let p = pos("Kh1 Ld4 Le4 ke6", "b");
    assert!(p.is_check());
}

#[test]
fn t_l5_wall_gives_check_by_sideways_step() {
    let p = pos("Kh1 Ld4 Le4 kf4", "b");
    assert!(p.is_check());
    assert!(moves(&p).contains(&"f4e4".to_string()));
    assert_eq!(captured(&p, "f4e4"), strings("d4 e4"));
}

#[test]
fn t_l5_king_cannot_take_a_defended_wall() {
    // A White Bishop on c2 defends e4 (c2-d3-e4).
    let p = pos("Kh1 Bc2 Ld4 Le4 kf4", "b");
    assert!(p.is_check());
    assert!(!moves(&p).contains(&"f4e4".to_string()));
}

// ---------------------------------------------------------------- L6

#[test]
fn t_l6a_enemy_wall_blocks() {
    let white = pos("Kd1 Ld2 Le2 kh10 rd10", "w");
    assert!(!white.is_check());
    let black = pos("Kd1 Ld2 Le2 kh10 rd10", "b");
    let rook = dests(&black, "d10");
    assert!(rook.contains(&"d2".to_string()));
    assert!(!rook.contains(&"d1".to_string()));
    assert_eq!(captured(&black, "d10d2"), strings("d2 e2"));
}

#[test]
fn t_l6b_backward_ray_does_not_pass_own_wall() {
    let p = pos("Ka1 Bg8 Le6 Lf6 kc4", "b");
    assert!(!p.is_check());
}

#[test]
fn t_l6c_forward_diagonal_passes_own_wall() {
    let pieces = "Kg1 kh10 ba7 lb6 lc6";
    assert!(pos(pieces, "w").is_check());
    // Under the narrow reading (A-8, straight forward only) it is no check.
    assert!(!pos_in(&longer_board_straight_pass_over(), pieces, "w").is_check());
}

#[test]
fn t_l6d_straight_forward_passes_own_wall() {
    assert!(pos("Ka1 Rd1 Ld3 Le3 kd7 pe5", "b").is_check());
    // Without the Rook, the Wall alone does not reach d7 (e5 blocks).
    assert!(!pos("Ka1 Ld3 Le3 kd7 pe5", "b").is_check());
}

// ---------------------------------------------------------------- L7

#[test]
fn t_l7_no_withdrawal_off_the_board() {
    let p = pos("Kh1 Ua4 nb4 kh10", "w");
    let from_a4 = moves_from(&p, "a4");
    assert!(!from_a4.is_empty());
    for m in &from_a4 {
        assert!(captured(&p, m).is_empty(), "{m}");
    }
}

#[test]
fn t_l7_withdrawer_never_captures_by_displacement() {
    let p = pos("Kh1 Ud4 pd5 kh10", "w");
    assert!(!dests(&p, "d4").contains(&"d5".to_string()));
}

#[test]
fn t_l7_adjacent_withdrawer_gives_check() {
    assert!(pos("Kh1 Ue4 ke5", "b").is_check());
}

// ---------------------------------------------------------------- L8

#[test]
fn t_l8_promotion_on_the_second_last_rank() {
    let p = pos("Kh1 Pg8 ka10", "w");
    assert_eq!(
        moves_from(&p, "g8"),
        strings("g8g9q g8g9r g8g9b g8g9n g8g9u g8g9z")
    );
    let mut after = p.clone();
    after.play(&notation::parse(&p, "g8g9z").unwrap()).unwrap();
    assert_eq!(after.fen(), fen("Kh1 Zg9 ka10", "b"));
}

#[test]
fn t_l8_no_white_pawn_on_rank_9_or_10() {
    for sq in ["g9", "g10"] {
        let text = fen(&format!("Kh1 P{sq} ka10"), "w");
        let err = Position::from_fen(longer_board(), &text).expect_err(&text);
        assert!(err.to_string().contains("position"), "{err}");
    }
}
