//! Independent audit of Chess with Wounds against `docs/rules/wounds.md`
//! (C.2-C.9) and the notation contract (sections 3-5). These tests fill the
//! gaps left by `wounds_rules.rs`, `wounds_fen.rs` and `wounds_perft.rs`:
//! every expected value below is worked out by hand from the rule text.

use menagerie_games::wounds::wounds;
use menagerie_rules::perft::perft;
use menagerie_rules::{notation, Color, GameRecord, MoveError, Position};

use crate::wounds_support;
use wounds_support::*;

// ------------------------------------------------------------ C.2 ----

#[test]
fn c2_start_position_is_the_standard_array_white_to_move() {
    let pos = Position::start(wounds());
    assert_eq!(
        pos.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    );
    assert_eq!(pos.turn(), Color::White);
}

// ------------------------------------------------- C.3 initial prongs ----

#[test]
fn c3_unwounded_queen_has_eight_long_prongs() {
    let pos = at("8/8/8/8/3Q4/8/8/8 w - - 0 1");
    assert_eq!(
        actions(&pos),
        list(&[
            "d4d5", "d4d6", "d4d7", "d4d8", // N
            "d4e5", "d4f6", "d4g7", "d4h8", // NE
            "d4e4", "d4f4", "d4g4", "d4h4", // E
            "d4e3", "d4f2", "d4g1", // SE
            "d4d3", "d4d2", "d4d1", // S
            "d4c3", "d4b2", "d4a1", // SW
            "d4c4", "d4b4", "d4a4", // W
            "d4c5", "d4b6", "d4a7", // NW
        ])
    );
}

#[test]
fn c3_unwounded_rook_has_four_long_orthogonal_prongs() {
    let pos = at("8/8/8/8/3R4/8/8/8 w - - 0 1");
    assert_eq!(
        actions(&pos),
        list(&[
            "d4d5", "d4d6", "d4d7", "d4d8", "d4e4", "d4f4", "d4g4", "d4h4", "d4d3", "d4d2", "d4d1",
            "d4c4", "d4b4", "d4a4",
        ])
    );
}

#[test]
fn c3_unwounded_bishop_has_four_long_diagonal_prongs() {
    let pos = at("8/8/8/8/3B4/8/8/8 w - - 0 1");
    assert_eq!(
        actions(&pos),
        list(&[
            "d4e5", "d4f6", "d4g7", "d4h8", "d4e3", "d4f2", "d4g1", "d4c3", "d4b2", "d4a1", "d4c5",
            "d4b6", "d4a7",
        ])
    );
}

#[test]
fn c3_unwounded_knight_has_all_eight_leaps() {
    let pos = at("8/8/8/8/3N4/8/8/8 w - - 0 1");
    assert_eq!(
        actions(&pos),
        list(&["d4e6", "d4f5", "d4f3", "d4e2", "d4c2", "d4b3", "d4b5", "d4c6"])
    );
}

#[test]
fn c3_black_pawn_has_three_short_southward_prongs() {
    let pos = at("8/8/8/3p4/8/8/8/8 b - - 0 1");
    assert_eq!(actions(&pos), list(&["d5c4", "d5d4", "d5e4"]));
}

// ------------------------------------------------------ C.4 moving ----

#[test]
fn c4_pawn_captures_straight_forward_when_nothing_faces_it() {
    // The Bishop has no S prong: the pawn's N attack captures it.
    let pos = at("8/8/8/4b3/4P3/8/8/8 w - - 3 1");
    let m = action(&pos, "e4e5");
    assert!(!is_wound(m));
    assert_eq!(after(&pos, "e4e5").fen(), "8/8/8/4P3/8/8/8/8 b - - 0 1");
}

#[test]
fn c4_no_check_a_man_in_front_of_its_king_may_leave_the_line() {
    let pos = at("4r3/8/8/8/8/8/4R3/4K3 w - - 0 1");
    assert_eq!(
        actions_from(&pos, "e2"),
        list(&[
            "e2a2", "e2b2", "e2c2", "e2d2", "e2f2", "e2g2", "e2h2", "e2e3", "e2e4", "e2e5", "e2e6",
            "e2e7", "e2e8",
        ])
    );
    assert!(
        is_wound(action(&pos, "e2e8")),
        "the black Rook's S prong faces e2"
    );
}

// ----------------------------------------------------- C.5 wounds ----

#[test]
fn c5_black_attacker_wounds_the_white_pawns_north_prong() {
    // Black's S attack from e5: the White pawn's N prong faces it and is removed.
    let pos = at("8/8/8/4p3/4P3/8/8/8 b - - 5 1");
    assert!(is_wound(action(&pos, "e5e4")));
    let next = after(&pos, "e5e4");
    assert_eq!(next.fen(), "8/8/8/4p3/4P(01000001)3/8/8/8 w - - 0 2");
    assert_eq!(actions(&next), list(&["e4d5", "e4f5", "e4l", "e4r"]));
}

#[test]
fn c5_long_diagonal_attack_from_afar_shortens_the_facing_prong() {
    // a1->h8 moves NE: the black Bishop's SW prong becomes short.
    let pos = at("7b/8/8/8/8/8/8/B7 w - - 0 1");
    assert!(is_wound(action(&pos, "a1h8")));
    let next = after(&pos, "a1h8");
    assert_eq!(next.fen(), "7b(02020102)/8/8/8/8/8/8/B7 b - - 0 1");
    assert_eq!(actions(&next), list(&["h8g7", "h8l", "h8r"]));
}

#[test]
fn t_w4_a_knight_without_the_facing_leap_is_captured_by_a_knight() {
    // f6 lost (-1,-2) in W4. From e4 (+1,+2) nothing faces: captured.
    // From g4 (-1,+2) the (+1,-2) leap faces: removed, a second wound.
    let pos = at("8/8/5n(11110111)2/8/4N1N1/8/8/8 w - - 0 1");
    assert!(!is_wound(action(&pos, "e4f6")));
    assert_eq!(after(&pos, "e4f6").fen(), "8/8/5N2/8/6N1/8/8/8 b - - 0 1");
    assert!(is_wound(action(&pos, "g4f6")));
    assert_eq!(
        after(&pos, "g4f6").fen(),
        "8/8/5n(11100111)2/8/4N1N1/8/8/8 b - - 0 1"
    );
}

#[test]
fn c5_a_wounded_knight_attacker_still_wounds_a_knight() {
    // The attacker's own prongs do not matter: a one-leap Knight wounds.
    let pos = at("8/8/5n2/8/4N(10000000)3/8/8/8 w - - 0 1");
    assert_eq!(actions(&pos), list(&["e4f6"]));
    assert_eq!(
        after(&pos, "e4f6").fen(),
        "8/8/5n(11110111)2/8/4N(10000000)3/8/8/8 b - - 0 1"
    );
}

// --------------------------------------------------- C.6 rotation ----

#[test]
fn c6_a_stuck_wounded_knight_passes_because_knights_never_rotate() {
    // (+1,+2) from a8 leaves the board; the Knight is wounded but may not rotate.
    let pos = at("N(10000000)7/8/8/8/8/8/8/7k w - - 0 1");
    assert_eq!(actions(&pos), list(&["0000"]));
}

#[test]
fn c6_rotations_that_are_not_legal_do_not_parse() {
    let pos = at("8/5n(11110111)2/8/4p(00010100)3/3p4/8/3P(01000001)4/4P3 w - - 0 1");
    for text in ["d2r", "d2l"] {
        assert!(notation::parse(&pos, text).is_ok(), "{text}");
    }
    for text in [
        "e1r", // unwounded
        "e5r", // enemy man
        "c3r", // empty square
    ] {
        assert!(
            matches!(notation::parse(&pos, text), Err(MoveError::Illegal(_))),
            "{text}"
        );
    }
    let black = at("8/5n(11110111)2/8/4p(00010100)3/3p4/8/3P(01000001)4/4P3 b - - 0 1");
    assert_eq!(
        actions_from(&black, "f7")
            .into_iter()
            .filter(|s| s.len() == 3)
            .count(),
        0,
        "a wounded Knight has no rotation"
    );
    assert!(matches!(
        notation::parse(&black, "f7l"),
        Err(MoveError::Illegal(_))
    ));
    // SW towards d4 is blocked by Black's own pawn.
    assert_eq!(actions_from(&black, "e5"), list(&["e5f4", "e5l", "e5r"]));
}

#[test]
fn c6_every_wounded_kind_but_the_knight_rotates_both_ways() {
    let pos = at("8/8/8/8/8/8/8/K(11111110)Q(22222221)R(20201000)B(02020100)P(11000000)N(01111111)2 w - - 0 1");
    let rotations: Vec<String> = actions(&pos).into_iter().filter(|s| s.len() == 3).collect();
    assert_eq!(
        rotations,
        list(&["a1l", "a1r", "b1l", "b1r", "c1l", "c1r", "d1l", "d1r", "e1l", "e1r"])
    );
}

// ---------------------------------------------------- C.7 game end ----

#[test]
fn c7_two_passes_must_be_in_a_row_to_draw() {
    let mut game = GameRecord::new(at("P7/8/8/8/8/8/8/7k w - - 0 1"));
    for m in ["0000", "h1g1", "0000", "g1h1", "0000"] {
        game.play_str(m).unwrap();
        assert_eq!(game.outcome(), None, "after {m}");
    }
}

#[test]
fn c7_perft_ignores_the_two_pass_draw_and_a_side_without_men_has_no_child() {
    let both_stuck = at("P7/8/8/8/8/8/8/7p w - - 0 1");
    let counts: Vec<u64> = (1..=4).map(|d| perft(&both_stuck, d)).collect();
    assert_eq!(counts, [1, 1, 1, 1]);
    let no_white = at("8/8/8/8/8/8/8/7k w - - 0 1");
    assert_eq!(perft(&no_white, 1), 0);
    assert!(no_white.legal_moves().is_empty());
}

#[test]
fn c7_a_pass_is_a_whole_turn_and_counts_the_fullmove() {
    let pos = at("7K/8/8/8/8/8/8/p7 b - - 2 7");
    assert_eq!(actions(&pos), list(&["0000"]));
    assert_eq!(after(&pos, "0000").fen(), "7K/8/8/8/8/8/8/p7 w - - 3 8");
}
