//! Chess with Wounds: every example W0-W9 of `docs/rules/wounds.md` (C.9)
//! as a named test, then one test per rule sentence the examples do not
//! reach (movement along prongs, wounds, rotation, no check/castling/
//! promotion/en passant, the King as an ordinary man, game end and draws).

use menagerie_games::wounds::{build, wounds};
use menagerie_rules::{notation, Color, EndReason, GameRecord, Move, Outcome, Position};

use crate::wounds_support;
use wounds_support::*;

/// The position after a sequence of legal actions.
fn after_all(pos: &Position, texts: &[&str]) -> Position {
    texts.iter().fold(pos.clone(), |p, t| after(&p, t))
}

/// A position string with `men` (square, letters) placed and `side` to move.
fn placed(men: &[(&str, &str)], side: char) -> String {
    let mut rows = Vec::new();
    for rank in (1..=8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in "abcdefgh".chars() {
            match men.iter().find(|(sq, _)| *sq == format!("{file}{rank}")) {
                Some((_, man)) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row += man;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    format!("{} {side} - - 0 1", rows.join("/"))
}

/// The prong list written after the man on `square`, if any.
fn prongs_written(pos: &Position, square: &str) -> Option<String> {
    let fen = pos.fen();
    let board = fen.split(' ').next().unwrap_or_default();
    let sq = menagerie_rules::Square::parse(square)?;
    let row = board.split('/').nth(7 - sq.rank() as usize)?;
    let mut file = 0;
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(n) = c.to_digit(10) {
            file += n;
            continue;
        }
        let mut list = None;
        if chars.peek() == Some(&'(') {
            let digits: String = chars.by_ref().skip(1).take_while(|&d| d != ')').collect();
            list = Some(digits);
        }
        if file == u32::from(sq.file()) {
            return list;
        }
        file += 1;
    }
    None
}

// ---------------------------------------------------------------- W0 ----

#[test]
fn t_w0_initial_position_has_26_actions() {
    let pos = Position::start(wounds());
    let expected = list(&[
        "a2a3", "a2b3", "b2b3", "b2a3", "b2c3", "c2c3", "c2b3", "c2d3", "d2d3", "d2c3", "d2e3",
        "e2e3", "e2d3", "e2f3", "f2f3", "f2e3", "f2g3", "g2g3", "g2f3", "g2h3", "h2h3", "h2g3",
        "b1a3", "b1c3", "g1f3", "g1h3",
    ]);
    assert_eq!(actions(&pos), expected);
}

#[test]
fn t_w0_pawns_have_22_actions_and_knights_4() {
    let pos = Position::start(wounds());
    let all = actions(&pos);
    let pawns = all.iter().filter(|s| s.as_bytes()[1] == b'2').count();
    let knights = all.iter().filter(|s| s.as_bytes()[1] == b'1').count();
    assert_eq!((pawns, knights), (22, 4));
}

#[test]
fn t_w0_no_rotations_nobody_is_wounded() {
    let pos = Position::start(wounds());
    assert!(!pos
        .legal_moves()
        .iter()
        .any(|m| matches!(m, Move::Rotate { .. })));
    let black = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1");
    assert_eq!(actions(&black).len(), 26);
    assert!(!black
        .legal_moves()
        .iter()
        .any(|m| matches!(m, Move::Rotate { .. })));
}

// ---------------------------------------------------------------- W1 ----

#[test]
fn t_w1_pawns_head_on_removes_the_south_prong() {
    let pos = at("8/8/8/4p3/4P3/8/8/8 w - - 7 1");
    assert_eq!(actions(&pos), list(&["e4d5", "e4e5", "e4f5"]));
    assert!(is_wound(action(&pos, "e4e5")));
    let next = after(&pos, "e4e5");
    assert_eq!(next.fen(), "8/8/8/4p(00010100)3/4P3/8/8/8 b - - 0 1");
}

#[test]
fn t_w1_wounded_pawn_keeps_se_sw_and_may_rotate() {
    let next = after(&at("8/8/8/4p3/4P3/8/8/8 w - - 0 1"), "e4e5");
    assert_eq!(
        actions(&next),
        list(&["e5d4", "e5f4", "e5l", "e5r"]),
        "no S prong: the wounded pawn can no longer attack e4"
    );
}

// ---------------------------------------------------------------- W2 ----

const W2: &str = "r6k/8/8/8/8/8/8/R6K w - - 0 1";

#[test]
fn t_w2_first_attack_shortens_the_long_south_prong() {
    let pos = at(W2);
    assert!(is_wound(action(&pos, "a1a8")));
    let next = after(&pos, "a1a8");
    assert_eq!(next.fen(), "r(20201020)6k/8/8/8/8/8/8/R6K b - - 0 1");
}

#[test]
fn t_w2_wounded_rook_goes_south_only_to_a7() {
    let next = after(&at(W2), "a1a8");
    assert_eq!(
        actions_from(&next, "a8"),
        list(&["a8a7", "a8b8", "a8c8", "a8d8", "a8e8", "a8f8", "a8g8", "a8l", "a8r"])
    );
}

#[test]
fn t_w2_second_identical_attack_removes_south() {
    let pos = after_all(&at(W2), &["a1a8", "h8h7"]);
    assert!(is_wound(action(&pos, "a1a8")));
    let next = after(&pos, "a1a8");
    assert_eq!(next.fen(), "r(20200020)7/7k/8/8/8/8/8/R6K b - - 0 2");
    assert!(actions_from(&next, "a8a").is_empty(), "no S prong left");
}

#[test]
fn t_w2_third_attack_captures_and_the_rook_ends_on_a8() {
    let pos = after_all(&at(W2), &["a1a8", "h8h7", "a1a8", "h7h8"]);
    let m = action(&pos, "a1a8");
    assert!(!is_wound(m) && m.captured().len() == 1);
    assert_eq!(after(&pos, "a1a8").fen(), "R6k/8/8/8/8/8/8/7K b - - 0 3");
}

// ---------------------------------------------------------------- W3 ----

#[test]
fn t_w3_no_facing_prong_captures() {
    let pos = at("8/8/8/n7/8/8/8/R7 w - - 3 1");
    assert_eq!(
        actions(&pos),
        list(&[
            "a1a2", "a1a3", "a1a4", "a1a5", "a1b1", "a1c1", "a1d1", "a1e1", "a1f1", "a1g1", "a1h1"
        ])
    );
    let next = after(&pos, "a1a5");
    assert_eq!(next.fen(), "8/8/8/R7/8/8/8/8 b - - 0 1");
}

// ---------------------------------------------------------------- W4 ----

#[test]
fn t_w4_knight_against_knight_removes_the_facing_leap() {
    let pos = at("8/8/5n2/8/4N3/8/8/8 w - - 0 1");
    assert!(is_wound(action(&pos, "e4f6")));
    let next = after(&pos, "e4f6");
    assert_eq!(next.fen(), "8/8/5n(11110111)2/8/4N3/8/8/8 b - - 0 1");
}

#[test]
fn t_w4_wounded_knight_still_may_not_rotate() {
    let next = after(&at("8/8/5n2/8/4N3/8/8/8 w - - 0 1"), "e4f6");
    assert_eq!(
        actions(&next),
        list(&["f6d5", "f6d7", "f6e8", "f6g4", "f6g8", "f6h5", "f6h7"]),
        "no rotation, and the removed (-1,-2) leap no longer reaches e4"
    );
}

#[test]
fn t_w4_knight_against_queen_captures() {
    let pos = at("8/8/5q2/8/4N3/8/8/8 w - - 0 1");
    assert!(!is_wound(action(&pos, "e4f6")));
    assert_eq!(after(&pos, "e4f6").fen(), "8/8/5N2/8/8/8/8/8 b - - 0 1");
}

// ---------------------------------------------------------------- W5 ----

#[test]
fn t_w5_last_prong_removed_captures_and_the_pawn_moves_in() {
    let pos = at("8/8/8/4p(00000100)3/3P4/8/8/8 w - - 0 1");
    let m = action(&pos, "d4e5");
    assert!(!is_wound(m));
    let next = after(&pos, "d4e5");
    assert_eq!(next.fen(), "8/8/8/4P3/8/8/8/8 b - - 0 1");
}

// ---------------------------------------------------------------- W6 ----

#[test]
fn t_w6_diagonal_defence_shortens_the_bishops_sw_prong() {
    let pos = at("8/8/8/4b3/3P4/8/8/8 w - - 0 1");
    assert!(is_wound(action(&pos, "d4e5")));
    let next = after(&pos, "d4e5");
    assert_eq!(next.fen(), "8/8/8/4b(02020102)3/3P4/8/8/8 b - - 0 1");
}

#[test]
fn t_w6_the_bishop_now_reaches_only_d4_to_the_south_west() {
    let next = after(&at("8/8/8/4b3/3P4/8/8/8 w - - 0 1"), "d4e5");
    assert_eq!(
        actions(&next),
        list(&[
            "e5b8", "e5c7", "e5d6", "e5f6", "e5g7", "e5h8", "e5f4", "e5g3", "e5h2", "e5d4", "e5l",
            "e5r"
        ])
    );
    assert!(
        is_wound(action(&next, "e5d4")),
        "the pawn's NE prong faces back"
    );
}

// ---------------------------------------------------------------- W7 ----

/// W7's wounded black pawn; White's stuck pawn on a8 only passes.
const W7: &str = "P7/8/8/4p(00010100)3/8/8/8/8 b - - 0 1";

#[test]
fn t_w7_rotate_right_turns_se_sw_into_s_w() {
    let next = after(&at(W7), "e5r");
    assert_eq!(next.fen(), "P7/8/8/4p(00001010)3/8/8/8/8 w - - 1 2");
}

#[test]
fn t_w7_rotate_left_turns_se_sw_into_e_s() {
    let next = after(&at(W7), "e5l");
    assert_eq!(next.fen(), "P7/8/8/4p(00101000)3/8/8/8/8 w - - 1 2");
}

#[test]
fn t_w7_unwounded_pawn_and_any_knight_have_no_rotation() {
    let pos = at("8/8/8/4p3/8/8/8/n(11011111)n6 b - - 0 1");
    let rotations: Vec<String> = actions(&pos)
        .into_iter()
        .filter(|s| s.ends_with('r') || s.ends_with('l'))
        .collect();
    assert!(rotations.is_empty(), "{rotations:?}");
}

// ---------------------------------------------------------------- W8 ----

#[test]
fn t_w8_queen_moving_north_shortens_the_rooks_south_prong() {
    let pos = at("4r3/8/8/8/8/8/8/4Q3 w - - 0 1");
    assert!(is_wound(action(&pos, "e1e8")));
    let next = after(&pos, "e1e8");
    assert_eq!(next.fen(), "4r(20201020)3/8/8/8/8/8/8/4Q3 b - - 0 1");
}

// ---------------------------------------------------------------- W9 ----

#[test]
fn t_w9_stuck_unwounded_pawn_passes() {
    let pos = at("P7/8/8/8/8/8/8/7k w - - 0 1");
    assert_eq!(actions(&pos), list(&["0000"]));
    assert_eq!(action(&pos, "0000"), Move::Pass);
}

#[test]
fn t_w9_after_the_pass_black_moves_normally() {
    let next = after(&at("P7/8/8/8/8/8/8/7k w - - 0 1"), "0000");
    assert_eq!(next.fen(), "P7/8/8/8/8/8/8/7k b - - 1 1");
    assert_eq!(actions(&next), list(&["h1g1", "h1g2", "h1h2"]));
    let mut game = GameRecord::new(at("P7/8/8/8/8/8/8/7k w - - 0 1"));
    game.play_str("0000").unwrap();
    game.play_str("h1g1").unwrap();
    assert_eq!(game.outcome(), None);
}

#[test]
fn t_w9_if_black_also_has_no_action_the_game_is_drawn() {
    let mut game = GameRecord::new(at("P7/8/8/8/8/8/8/7p w - - 0 1"));
    game.play_str("0000").unwrap();
    assert_eq!(game.outcome(), None, "one pass is not a draw");
    assert_eq!(actions(game.position()), list(&["0000"]));
    game.play_str("0000").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::TwoPasses
        })
    );
}

// ------------------------------------------------ movement along prongs ----

#[test]
fn movement_only_along_the_remaining_prongs() {
    // N short, E long, everything else gone.
    let pos = at("8/8/8/8/3Q(10200000)4/8/8/8 w - - 0 1");
    assert_eq!(
        actions(&pos),
        list(&["d4d5", "d4e4", "d4f4", "d4g4", "d4h4", "d4l", "d4r"])
    );
}

#[test]
fn long_prong_stops_before_a_friend_and_on_the_first_enemy() {
    let pos = at("8/8/8/8/R2p1p2/8/8/P7 w - - 0 1");
    assert_eq!(
        actions_from(&pos, "a4"),
        list(&["a4a2", "a4a3", "a4a5", "a4a6", "a4a7", "a4a8", "a4b4", "a4c4", "a4d4"])
    );
}

#[test]
fn short_prong_steps_one_square_and_king_is_an_ordinary_man() {
    let pos = at("8/8/8/3p4/3K4/8/8/8 w - - 0 1");
    assert_eq!(
        actions(&pos),
        list(&["d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5"])
    );
}

#[test]
fn knight_prong_jumps_over_men() {
    let pos = at("8/8/8/8/8/PPP5/PNP5/PPP5 w - - 0 1");
    assert_eq!(
        actions_from(&pos, "b2"),
        list(&["b2a4", "b2c4", "b2d1", "b2d3"])
    );
}

#[test]
fn no_double_step_for_pawns_and_no_promotion() {
    let pos = at("8/P7/8/8/8/8/4P3/k7 w - - 0 1");
    assert_eq!(actions_from(&pos, "e2"), list(&["e2d3", "e2e3", "e2f3"]));
    assert_eq!(actions_from(&pos, "a7"), list(&["a7a8", "a7b8"]));
    assert_eq!(after(&pos, "a7a8").fen(), "P7/8/8/8/8/8/4P3/k7 b - - 1 1");
}

#[test]
fn rotated_pawn_moves_along_its_new_directions() {
    let pos = after(&at(W7), "e5r");
    let pos = after(&pos, "0000");
    assert_eq!(pos.turn(), Color::Black);
    assert_eq!(actions(&pos), list(&["e5d5", "e5e4", "e5l", "e5r"]));
}

// ----------------------------------------------------------- wounds ----

#[test]
fn attacker_prong_length_does_not_matter_a_short_prong_wounds_a_queen() {
    let pos = at("8/8/8/4q3/4K3/8/8/8 w - - 0 1");
    assert!(is_wound(action(&pos, "e4e5")));
    assert_eq!(
        after(&pos, "e4e5").fen(),
        "8/8/8/4q(22221222)3/4K3/8/8/8 b - - 0 1"
    );
}

#[test]
fn only_the_facing_prong_is_hit_not_the_one_in_the_attack_direction() {
    // The Queen attacked northwards keeps its long N prong; only S shortens.
    let pos = at("8/8/8/4q(22221222)3/8/8/8/4R3 w - - 0 1");
    let next = after(&pos, "e1e5");
    assert_eq!(next.fen(), "8/8/8/4q(22220222)3/8/8/8/4R3 b - - 0 1");
}

#[test]
fn a_wounded_short_facing_prong_is_removed_and_then_the_man_captured() {
    let pos = at("8/8/8/4k(00001000)3/8/8/8/4R3 w - - 0 1");
    let m = action(&pos, "e1e5");
    assert!(!is_wound(m), "the last prong goes: captured");
    assert_eq!(after(&pos, "e1e5").fen(), "8/8/8/4R3/8/8/8/8 b - - 0 1");
}

#[test]
fn knights_are_captured_by_compass_attacks_even_unwounded() {
    let pos = at("8/8/8/4n3/4Q3/8/8/8 w - - 0 1");
    assert!(!is_wound(action(&pos, "e4e5")));
    assert_eq!(after(&pos, "e4e5").fen(), "8/8/8/4Q3/8/8/8/8 b - - 0 1");
}

#[test]
fn knights_capture_non_knights_without_wounding() {
    for victim in ["k", "q", "r", "b", "p", "p(11111111)"] {
        let pos = at(&format!("8/8/5{victim}2/8/4N3/8/8/8 w - - 0 1"));
        assert!(!is_wound(action(&pos, "e4f6")), "{victim}");
    }
}

#[test]
fn an_unwounded_knight_defends_once_against_every_knight_leap() {
    // Leap i from e4 is answered by the opposite leap, i + 4 (mod 8).
    let targets = ["f6", "g5", "g3", "f2", "d2", "c3", "c5", "d6"];
    for (i, target) in targets.into_iter().enumerate() {
        let pos = at(&placed(&[("e4", "N"), (target, "n")], 'w'));
        let attack = format!("e4{target}");
        assert!(is_wound(action(&pos, &attack)), "{attack}");
        let next = after(&pos, &attack);
        let mut expected = *b"11111111";
        expected[(i + 4) % 8] = b'0';
        assert_eq!(
            prongs_written(&next, target).as_deref(),
            std::str::from_utf8(&expected).ok(),
            "{attack}"
        );
        assert_eq!(prongs_written(&next, "e4"), None, "attacker untouched");
        assert!(!actions(&next).iter().any(|s| s == &format!("{target}e4")));
    }
}

#[test]
fn a_knight_with_one_leap_left_is_captured_by_a_knight_through_it() {
    // f6 keeps only (-1,-2), pointing at e4.
    let pos = at("8/8/5n(00001000)2/8/4N3/8/8/8 w - - 0 1");
    assert!(!is_wound(action(&pos, "e4f6")));
    assert_eq!(after(&pos, "e4f6").fen(), "8/8/5N2/8/8/8/8/8 b - - 0 1");
}

#[test]
fn halfmove_clock_resets_on_capture_and_wound_only() {
    let pos = at("8/8/8/3np3/4P3/8/8/8 w - - 9 5");
    assert_eq!(after(&pos, "e4e5").halfmoves(), 0, "wound");
    assert_eq!(after(&pos, "e4d5").halfmoves(), 0, "capture");
    assert_eq!(
        after(&pos, "e4f5").halfmoves(),
        10,
        "a pawn move is no reset"
    );
    let rot = at("8/8/8/4p(00010100)3/8/8/8/8 b - - 9 5");
    assert_eq!(after(&rot, "e5r").halfmoves(), 10, "rotation");
    assert_eq!(
        after(&at("P7/8/8/8/8/8/8/7k w - - 4 1"), "0000").halfmoves(),
        5
    );
}

// --------------------------------------------------------- rotation ----

#[test]
fn rotation_wraps_around_north_both_ways() {
    let nw = at("8/8/8/8/3P(00000001)4/8/8/8 w - - 0 1");
    assert_eq!(
        after(&nw, "d4r").fen(),
        "8/8/8/8/3P(10000000)4/8/8/8 b - - 1 1"
    );
    let n = at("8/8/8/8/3P(10000000)4/8/8/8 w - - 0 1");
    assert_eq!(
        after(&n, "d4l").fen(),
        "8/8/8/8/3P(00000001)4/8/8/8 b - - 1 1"
    );
}

#[test]
fn rotation_keeps_each_prongs_kind() {
    let pos = at("r(20201020)7/8/8/8/8/8/8/7K b - - 0 1");
    assert_eq!(
        after(&pos, "a8r").fen(),
        "r(02020102)7/8/8/8/8/8/8/7K w - - 1 2"
    );
    assert_eq!(
        after(&pos, "a8l").fen(),
        "r(02010202)7/8/8/8/8/8/8/7K w - - 1 2"
    );
}

#[test]
fn rotation_is_legal_both_ways_even_when_nothing_changes() {
    let pos = at("8/8/8/8/3Q(11111111)4/8/8/8 w - - 0 1");
    assert_eq!(actions_from(&pos, "d4").len(), 10);
    for way in ["d4r", "d4l"] {
        let next = after(&pos, way);
        assert_eq!(next.fen(), "8/8/8/8/3Q(11111111)4/8/8/8 b - - 1 1");
    }
}

#[test]
fn wounded_status_is_permanent_through_rotations() {
    let mut pos = at(W7);
    for _ in 0..8 {
        assert!(actions(&pos).contains(&"e5r".to_string()));
        pos = after(&after(&pos, "e5r"), "0000");
    }
    assert_eq!(pos.fen(), "P7/8/8/4p(00010100)3/8/8/8/8 b - - 16 9");
}

#[test]
fn unwounded_men_never_rotate() {
    let pos = at("8/8/8/8/2QRBK2/8/8/8 w - - 0 1");
    assert!(!pos
        .legal_moves()
        .iter()
        .any(|m| matches!(m, Move::Rotate { .. })));
}

#[test]
fn a_stuck_wounded_man_rotates_instead_of_passing() {
    let pos = at("P(11000000)7/8/8/8/8/8/8/7k w - - 0 1");
    assert_eq!(actions(&pos), list(&["a8l", "a8r"]));
}

// ------------------------------------------- no check, castling, e.p. ----

#[test]
fn there_is_no_check_the_king_may_stand_attacked() {
    let pos = at("8/8/8/8/8/8/r7/4K3 w - - 0 1");
    assert!(!pos.is_check());
    assert_eq!(
        actions(&pos),
        list(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
}

#[test]
fn capturing_the_king_is_an_ordinary_capture() {
    let pos = at("4r3/8/8/8/8/8/P7/4K(01111111)3 b - - 0 1");
    assert!(!is_wound(action(&pos, "e8e1")));
    let next = after(&pos, "e8e1");
    assert_eq!(next.fen(), "8/8/8/8/8/8/P7/4r3 w - - 0 2");
    assert_eq!(next.outcome(), None, "White still has a man");
    assert_eq!(actions(&next), list(&["a2a3", "a2b3"]));
}

#[test]
fn no_castling_and_no_en_passant_in_position_strings() {
    for (fen, field) in [
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "castling"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "en-passant"),
    ] {
        let e = Position::from_fen(wounds(), fen)
            .expect_err(fen)
            .to_string();
        assert!(e.contains(field), "{fen}: {e}");
    }
    let pos = at("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert_eq!(
        actions_from(&pos, "e1"),
        list(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
}

#[test]
fn any_number_of_kings_and_pawns_on_back_ranks_are_accepted() {
    for fen in [
        "8/8/8/8/8/8/8/Q7 w - - 0 1",
        "KK6/8/8/8/8/8/8/kkk5 b - - 0 1",
        "PPPPPPPP/8/8/8/8/8/8/pppppppp w - - 0 1",
    ] {
        assert!(Position::from_fen(wounds(), fen).is_ok(), "{fen}");
    }
}

// ---------------------------------------------------------- game end ----

#[test]
fn a_side_that_loses_every_man_loses() {
    let next = after(&at("8/8/8/n7/8/8/8/R7 w - - 0 1"), "a1a5");
    assert!(
        next.legal_moves().is_empty(),
        "no men: no action, not even a pass"
    );
    assert_eq!(
        next.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::NoMenLeft
        })
    );
    let mut game = GameRecord::new(at("8/8/8/n7/8/8/8/R7 w - - 0 1"));
    game.play_str("a1a5").unwrap();
    assert_eq!(game.outcome().map(|o| o.result()), Some("1-0"));
}

#[test]
fn a_side_without_men_has_lost_even_when_the_other_side_is_to_move() {
    let pos = at("8/8/8/8/8/8/8/7k b - - 0 1");
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: EndReason::NoMenLeft
        })
    );
}

#[test]
fn losing_the_king_alone_ends_nothing() {
    let mut game = GameRecord::new(at("7k/8/8/8/8/8/6P1/4k1K(11111011)1 w - - 0 1"));
    game.play_str("g1f2").unwrap();
    game.play_str("e1f2").unwrap();
    assert_eq!(game.position().fen(), "7k/8/8/8/8/8/5kP1/8 w - - 0 2");
    assert_eq!(game.outcome(), None, "White still has a pawn");
    assert_eq!(actions(game.position()), list(&["g2f3", "g2g3", "g2h3"]));
}

#[test]
fn pass_is_offered_only_when_nothing_else_is_legal() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        "8/8/8/4p(00010100)3/8/8/8/8 b - - 0 1",
        "P7/8/8/8/8/8/8/7k b - - 0 1",
    ] {
        assert!(!actions(&at(fen)).contains(&"0000".to_string()), "{fen}");
    }
    assert!(notation::parse(&at(W7), "0000").is_err());
}

// -------------------------------------------------- optional draws ----

fn shuffle(game: &mut GameRecord, times: usize) {
    for _ in 0..times {
        for m in ["a1a2", "h8h7", "a2a1", "h7h8"] {
            game.play_str(m).unwrap();
        }
    }
}

const SHUFFLE: &str = "7k/8/8/8/8/8/8/K7 w - - 0 1";

#[test]
fn repetition_is_no_draw_by_default() {
    let mut game = GameRecord::new(at(SHUFFLE));
    shuffle(&mut game, 3);
    assert!(game.repetitions() >= 3);
    assert_eq!(game.outcome(), None);
}

#[test]
fn repetition_draws_with_the_optional_draw_rules() {
    let v = build(true).shared();
    assert!(v.options.draw_rules && !wounds().options.draw_rules);
    let mut game = GameRecord::new(Position::from_fen(v, SHUFFLE).unwrap());
    shuffle(&mut game, 1);
    assert_eq!(game.outcome(), None, "second occurrence");
    shuffle(&mut game, 1);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
}

#[test]
fn no_progress_draw_only_with_the_optional_draw_rules() {
    let fen = "7k/8/8/8/8/8/8/K7 w - - 100 80";
    assert_eq!(GameRecord::new(at(fen)).outcome(), None);
    let v = build(true).shared();
    let game = GameRecord::new(Position::from_fen(&v, fen).unwrap());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::FiftyMoves
        })
    );
    let game = GameRecord::new(Position::from_fen(v, "7k/8/8/8/8/8/8/K7 w - - 99 80").unwrap());
    assert_eq!(game.outcome(), None);
}

#[test]
fn two_passes_draw_also_without_the_optional_rules() {
    let mut game = GameRecord::new(at("P7/8/8/8/8/8/8/7p b - - 0 1"));
    game.play_str("0000").unwrap();
    game.play_str("0000").unwrap();
    assert_eq!(game.outcome().map(|o| o.result()), Some("1/2-1/2"));
}
