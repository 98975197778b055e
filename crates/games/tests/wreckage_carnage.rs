//! The example positions of the Wreckage and Carnage rules document (§15),
//! one named test per example, asserting exactly what the document states.

use crate::wreckage_support;

use menagerie_rules::{EndReason, Outcome, Position, Role};
use wreckage_support::*;

// ---------------------------------------------------------------- T-INIT

#[test]
fn t_init_36_actions_for_white_in_both_games() {
    for v in [wreckage(), carnage()] {
        let pos = Position::start(&v);
        let all = moves(&pos);
        assert_eq!(all.len(), 36, "{}", v.key);
        let pawn_moves = all
            .iter()
            .filter(|m| m.as_bytes()[1] == b'2' && m.len() == 4)
            .count();
        assert_eq!(pawn_moves, 30, "10 pawns x 1/2/3 steps");
        for f in "abcdefghij".chars() {
            for r in 3..=5 {
                assert!(all.contains(&format!("{f}2{f}{r}")), "{f}2{f}{r}");
            }
        }
        for m in ["c1b3", "c1d3", "h1g3", "h1i3", "a1b3", "j1i3"] {
            assert!(all.contains(&m.to_string()), "{m}");
        }
        assert!(drops(&pos).is_empty(), "ranks 1 and 2 are full");
        assert!(castlings(&pos).is_empty());
        assert!(!all.contains(&"a1a1".to_string()), "no detonation");
    }
}

#[test]
fn t_init_black_also_has_36() {
    for v in [wreckage(), carnage()] {
        let fen = v.start_fen.replace(" w ", " b ");
        let pos = at(&v, &fen);
        let all = moves(&pos);
        assert_eq!(all.len(), 36);
        for m in ["c10b8", "c10d8", "h10g8", "h10i8", "a10b8", "j10i8", "e9e6"] {
            assert!(all.contains(&m.to_string()), "{m}");
        }
    }
}

// ---------------------------------------------------------------- T-DROP

#[test]
fn t_drop_1_ninja_drops_after_e2e5_e9e6() {
    for v in [wreckage(), carnage()] {
        let pos = after_all(&Position::start(&v), &["e2e5", "e9e6"]);
        assert_eq!(drops(&pos), list(&["J@e2", "J@e3", "J@e4"]), "{}", v.key);
    }
}

#[test]
fn t_drop_2_guillotine_on_any_empty_back_rank_square() {
    let pos = w("Kf1 Rb1 Ri1 kf10", "GJJJJJ", 'w');
    let g: Vec<String> = drops(&pos)
        .into_iter()
        .filter(|m| m.starts_with('G'))
        .collect();
    assert_eq!(
        g,
        list(&["G@a1", "G@c1", "G@d1", "G@e1", "G@g1", "G@h1", "G@j1"])
    );
}

#[test]
fn t_drop_2_one_guillotine_per_game_even_after_capture() {
    let pos = w("Kf1 Rb1 Ri1 kf10 ra10", "GJJJJJ", 'w');
    let dropped = after(&pos, "G@a1");
    assert_eq!(
        dropped
            .pocket(menagerie_rules::Color::White)
            .count(Role::Guillotine),
        0
    );
    let taken = after(&dropped, "a10a1");
    assert!(taken.board().by_role(Role::Guillotine).is_empty());
    assert!(drops(&taken).iter().all(|m| !m.starts_with('G')));
    assert_eq!(drops(&taken).len(), 40, "ninja drops remain");
}

#[test]
fn t_drop_3_ninja_targets_on_a_file() {
    let pos = w("Ka1 Pc2 ka10", "JJJJJ", 'w');
    let f: Vec<String> = drops(&pos)
        .into_iter()
        .filter(|m| m.as_bytes()[2] == b'f')
        .collect();
    assert_eq!(f, list(&["J@f2", "J@f3", "J@f4", "J@f5"]));
    assert!(
        drops(&pos).iter().all(|m| m.as_bytes()[2] != b'c'),
        "c2 is occupied"
    );
    let blocked = w("Ka1 Pc2 ka10 rf4", "JJJJJ", 'w');
    let f: Vec<String> = drops(&blocked)
        .into_iter()
        .filter(|m| m.as_bytes()[2] == b'f')
        .collect();
    assert_eq!(f, list(&["J@f2", "J@f3"]));
}

#[test]
fn t_drop_3_five_ninja_pawns_then_none() {
    let mut pos = w("Ka1 Pc2 ka10", "JJJJJ", 'w');
    for (drop, reply) in [
        ("J@d2", "a10b10"),
        ("J@e2", "b10a10"),
        ("J@f2", "a10b10"),
        ("J@g2", "b10a10"),
        ("J@h2", "a10b10"),
    ] {
        pos = after_all(&pos, &[drop, reply]);
    }
    assert_eq!(
        pos.pocket(menagerie_rules::Color::White)
            .count(Role::NinjaPawn),
        0
    );
    assert!(drops(&pos).is_empty());
}

#[test]
fn t_drop_4_drop_blocks_check() {
    let pos = w("Kf1 kj10 rf8", "JJJJJ", 'w');
    assert!(pos.is_check());
    assert_eq!(drops(&pos), list(&["J@f2", "J@f3", "J@f4", "J@f5"]));
    assert!(!legal(&pos, "J@a2"));
}

#[test]
fn t_drop_5_drop_gives_check() {
    let pos = w("Ka1 kd6", "JJJJJ", 'w');
    let next = after(&pos, "J@e5");
    assert!(next.is_check());
}

// ---------------------------------------------------------------- T-PAWN

fn pawn_dests(pieces: &str, side: char, from: &str) -> Vec<String> {
    dests(&w(pieces, "", side), from)
}

const PROMOTIONS: [&str; 7] = ["q", "r", "b", "w", "f", "d", "x"];

fn promotions_on(to: &str) -> Vec<String> {
    PROMOTIONS.iter().map(|p| format!("{to}{p}")).collect()
}

#[test]
fn t_pawn_white_ranges_by_rank() {
    assert_eq!(
        pawn_dests("Ka1 Pe2 ka10", 'w', "e2"),
        list(&["e3", "e4", "e5"])
    );
    assert_eq!(pawn_dests("Ka1 Pe3 ka10", 'w', "e3"), list(&["e4", "e5"]));
    assert_eq!(pawn_dests("Ka1 Pe4 ka10", 'w', "e4"), list(&["e5"]));
    assert_eq!(pawn_dests("Ka1 Pe5 ka10", 'w', "e5"), list(&["e6"]));
    assert_eq!(pawn_dests("Ka1 Pe6 ka10", 'w', "e6"), list(&["e7", "e8"]));
    let mut e8 = list(&["e9"]);
    e8.extend(promotions_on("e10"));
    e8.sort();
    assert_eq!(pawn_dests("Ka1 Pe8 ka10", 'w', "e8"), e8);
    let mut e9 = promotions_on("e10");
    e9.sort();
    assert_eq!(pawn_dests("Ka1 Pe9 ka10", 'w', "e9"), e9);
    assert!(!legal(&w("Ka1 Pe2 ka10", "", 'w'), "e2e6"));
}

#[test]
fn t_pawn_page_sequence_e2_e5_e6_e8_e10() {
    let pos = w("Ka1 Pe2 ka10", "", 'w');
    let end = after_all(
        &pos,
        &[
            "e2e5", "a10b10", "e5e6", "b10a10", "e6e8", "a10b10", "e8e10q",
        ],
    );
    assert_eq!(
        end.board().get(sq("e10")).map(|p| p.role),
        Some(Role::Queen)
    );
}

#[test]
fn t_pawn_blocked_by_any_piece_on_e4() {
    assert_eq!(pawn_dests("Ka1 Pe2 Be4 ka10", 'w', "e2"), list(&["e3"]));
    assert_eq!(pawn_dests("Ka1 Pe2 be4 ka10", 'w', "e2"), list(&["e3"]));
}

#[test]
fn t_pawn_black_mirror() {
    assert_eq!(
        pawn_dests("Ka1 ka10 pe9", 'b', "e9"),
        list(&["e6", "e7", "e8"])
    );
    assert_eq!(pawn_dests("Ka1 ka10 pe6", 'b', "e6"), list(&["e5"]));
    assert_eq!(pawn_dests("Ka1 ka10 pe5", 'b', "e5"), list(&["e3", "e4"]));
    let mut e3 = list(&["e2"]);
    e3.extend(promotions_on("e1"));
    e3.sort();
    assert_eq!(pawn_dests("Ka1 ka10 pe3", 'b', "e3"), e3);
}

// ---------------------------------------------------------------- T-EP

#[test]
fn t_ep_1_after_a2a4_and_a2a5() {
    let pos = w("Kj1 Pa2 kj10 pb4", "", 'w');
    let two = after(&pos, "a2a4");
    assert_eq!(captures(&two, "b4a3"), list(&["a4"]));
    let three = after(&pos, "a2a5");
    assert_eq!(captures(&three, "b4a3"), list(&["a5"]));
}

#[test]
fn t_ep_1_right_expires() {
    let pos = w("Kj1 Pa2 kj10 pb4", "", 'w');
    let later = after_all(&pos, &["a2a4", "j10i10", "j1i1"]);
    assert!(!legal(&later, "b4a3"));
}

#[test]
fn t_ep_2_three_step_past_b5() {
    let pos = w("Kj1 Pa2 kj10 pb5", "", 'w');
    let three = after(&pos, "a2a5");
    assert_eq!(captures(&three, "b5a4"), list(&["a5"]));
    let one = after(&pos, "a2a3");
    assert!(one.en_passant().is_none());
    assert!(!legal(&one, "b5a4"));
    let two = after(&pos, "a2a4");
    assert_eq!(captures(&two, "b5a4"), list(&["a4"]), "an ordinary capture");
}

#[test]
fn t_ep_3_enemy_half() {
    let pos = w("Ka1 Pe6 ka10 pf8", "", 'w');
    let next = after(&pos, "e6e8");
    assert_eq!(captures(&next, "f8e7"), list(&["e8"]));
}

#[test]
fn t_ep_4_three_step_with_two_targets() {
    let pos = w("Ka1 Pe2 ka10 pd4 pf5", "", 'w');
    let next = after(&pos, "e2e5");
    assert!(next.fen().contains(" e3e4 "), "{}", next.fen());
    assert_eq!(captures(&next, "d4e3"), list(&["e5"]));
    assert_eq!(captures(&next, "f5e4"), list(&["e5"]));
}

#[test]
fn t_ep_5_ninja_pawn_cannot_be_taken_en_passant() {
    let pos = w("Ka1 Ja2 ka10 pb4", "", 'w');
    let next = after(&pos, "a2a5");
    assert!(next.en_passant().is_none());
    assert!(!legal(&next, "b4a3"));
}

#[test]
fn t_ep_5_ninja_pawn_cannot_take_en_passant() {
    let pos = w("Ka1 Pa2 ka10 jb4", "", 'w');
    let next = after(&pos, "a2a4");
    assert!(!legal(&next, "b4a3"));
    assert_eq!(captures(&next, "b4a4"), list(&["a4"]), "sideways capture");
}

// ---------------------------------------------------------------- T-NINJA

#[test]
fn t_ninja_white_moves_by_rank() {
    let d = |at: &str| dests(&w(&format!("Ka1 J{at} ka10"), "", 'w'), at);
    assert_eq!(d("e2"), list(&["d2", "e3", "e4", "e5", "f2"]));
    assert_eq!(d("e5"), list(&["d5", "e6", "f5"]));
    assert_eq!(d("e6"), list(&["d6", "e7", "e8", "f6"]));
    let mut e9 = promotions_on("e10");
    e9.extend(list(&["d9", "f9"]));
    e9.sort();
    assert_eq!(d("e9"), e9, "must promote on e10");
}

#[test]
fn t_ninja_sideways_capture_only_in_enemy_half() {
    let own = w("Ka1 Je4 ka10 rd5 rd4", "", 'w');
    assert!(legal(&own, "e4d5"));
    assert!(!legal(&own, "e4d4"));
    let enemy = w("Ka1 Je6 ka10 rd7 rd6 rf6", "", 'w');
    for m in ["e6d7", "e6d6", "e6f6"] {
        assert!(legal(&enemy, m), "{m}");
    }
}

#[test]
fn t_ninja_black_moves() {
    let d = |at: &str| dests(&w(&format!("Ka1 j{at} ka10"), "", 'b'), at);
    assert_eq!(d("e7"), list(&["d7", "e6", "f7"]));
    assert_eq!(d("e9"), list(&["d9", "e6", "e7", "e8", "f9"]));
    let pos = w("Ka1 je5 ka10 Rd4 Rd5", "", 'b');
    assert_eq!(dests(&pos, "e5"), list(&["d4", "d5", "e3", "e4", "f5"]));
}

#[test]
fn t_ninja_checks() {
    assert!(
        w("Ka1 Je6 kd6", "", 'b').is_check(),
        "sideways in the enemy half"
    );
    assert!(
        !w("Ka1 Je4 kd4", "", 'b').is_check(),
        "own half: no sideways attack"
    );
}

// ---------------------------------------------------------------- T-DRAGON

#[test]
fn t_dragon_1_approach() {
    let pos = w("Ka1 Dd4 kj10 bd8 fg7", "", 'w');
    assert_eq!(captures(&pos, "d4d7"), list(&["d8"]));
    assert!(captures(&pos, "d4d5").is_empty());
    assert!(captures(&pos, "d4d6").is_empty());
    assert_eq!(captures(&pos, "d4f6"), list(&["g7"]));
    assert!(captures(&pos, "d4e5").is_empty());
    for m in ["d4c5", "d4b6", "d4a7"] {
        assert!(captures(&pos, m).is_empty(), "{m}");
    }
}

#[test]
fn t_dragon_1_check_by_approach() {
    assert!(w("Ka1 Dd4 ka7", "", 'b').is_check());
}

#[test]
fn t_dragon_2_withdrawal() {
    let pos = w("Ka1 Dd6 kj10 rd7 fc7 be6 pe7", "", 'w');
    let all = dests(&pos, "d6");
    assert_eq!(all.len(), 24);
    let capturing: Vec<&String> = all
        .iter()
        .filter(|to| !captures(&pos, &format!("d6{to}")).is_empty())
        .collect();
    assert_eq!(capturing.len(), 13);
    for to in ["d5", "d4", "d3", "d2", "d1"] {
        assert_eq!(captures(&pos, &format!("d6{to}")), list(&["d7"]), "{to}");
    }
    for to in ["e5", "f4", "g3", "h2", "i1"] {
        assert_eq!(captures(&pos, &format!("d6{to}")), list(&["c7"]), "{to}");
    }
    for to in ["c6", "b6", "a6"] {
        assert_eq!(captures(&pos, &format!("d6{to}")), list(&["e6"]), "{to}");
    }
    for to in [
        "c5", "b4", "a3", "b5", "b7", "c4", "c8", "e4", "e8", "f5", "f7",
    ] {
        assert!(captures(&pos, &format!("d6{to}")).is_empty(), "{to}");
    }
}

#[test]
fn t_dragon_3_pawns_are_immune() {
    for pieces in ["Kj2 Dd4 ka10 pd7", "Kj2 Dd4 ka10 jd7"] {
        let pos = w(pieces, "", 'w');
        assert!(captures(&pos, "d4d6").is_empty(), "{pieces}");
    }
}

#[test]
fn t_dragon_3_south_is_not_an_approach_direction() {
    let pos = w("Kj2 Dd4 ka10 rd1", "", 'w');
    assert!(captures(&pos, "d4d2").is_empty());
}

#[test]
fn t_dragon_3_adjacent_south_cannot_be_taken() {
    let pos = w("Kj2 Dd4 ka10 rd3", "", 'w');
    for to in ["d5", "d6", "d7", "d8", "d9", "d10"] {
        assert!(captures(&pos, &format!("d4{to}")).is_empty(), "{to}");
    }
    assert!(pos.legal_moves().iter().all(|m| m.captured().is_empty()));
}

#[test]
fn t_dragon_3_no_leap_onto_an_occupied_square() {
    let pos = w("Kj2 Dd4 ka10 re6", "", 'w');
    assert!(!legal(&pos, "d4e6"));
}

#[test]
fn t_dragon_4_black_orientation() {
    let approach = w("Ka1 ka10 dd7 Bd3", "", 'b');
    assert_eq!(captures(&approach, "d7d4"), list(&["d3"]));
    let withdrawal = w("Ka1 ka10 dd7 Rd6", "", 'b');
    assert_eq!(captures(&withdrawal, "d7d8"), list(&["d6"]));
    let neither = w("Ka1 ka10 dd7 Rd8", "", 'b');
    assert!(captures(&neither, "d7d6").is_empty());
}

#[test]
fn t_dragon_check_table() {
    let rows: [(&str, &str, bool); 14] = [
        ("ke5", "", true),
        ("ke5", "Pe3", false),
        ("ke6", "", true),
        ("ke10", "", true),
        ("kg6", "", true),
        ("kd5", "", true),
        ("kf5", "", true),
        ("kd4", "", true),
        ("kf4", "", true),
        ("ke3", "", false),
        ("kd3", "", false),
        ("kf3", "", false),
        ("kc5", "", false),
        ("ka4", "", false),
    ];
    for (king, extra, check) in rows {
        let pos = w(&format!("Ka1 De4 {king} {extra}"), "", 'b');
        assert_eq!(pos.is_check(), check, "{king} {extra}");
    }
}

#[test]
fn t_dragon_check_black_mirror() {
    assert!(w("Ke6 ka10 de7", "", 'w').is_check());
}

// ---------------------------------------------------------------- T-DET

#[test]
fn t_det_1_red_squares() {
    let pos = w("Ka1 Xe5 Rf6 kj10 rd6 we6 bf4 jf5 pd4", "", 'w');
    assert_eq!(captures(&pos, "e5e5"), list(&["d4", "d6", "e6", "f4"]));
    let next = after(&pos, "e5e5");
    assert_eq!(
        next.board().get(sq("e5")).map(|p| p.role),
        Some(Role::Detonator)
    );
    assert_eq!(
        next.board().get(sq("f5")).map(|p| p.role),
        Some(Role::NinjaPawn)
    );
    assert_eq!(next.board().get(sq("f6")).map(|p| p.role), Some(Role::Rook));
}

#[test]
fn t_det_2_no_capturable_neighbour_no_detonation() {
    let ninja = w("Ka1 Xe5 kj10 je6", "", 'w');
    assert!(!legal(&ninja, "e5e5"));
    let friends = w("Ka1 Xe5 Re6 Bd4 kj10", "", 'w');
    assert!(!legal(&friends, "e5e5"));
}

#[test]
fn t_det_3_detonation_may_not_expose_the_king() {
    let pos = w("Ke1 Xd4 kj10 re9 be4", "", 'w');
    assert!(!legal(&pos, "d4d4"));
}

#[test]
fn t_det_check() {
    let pos = w("Ka1 Xe5 kf6", "", 'b');
    assert!(pos.is_check());
    assert_eq!(
        dests(&pos, "f6"),
        list(&["e5", "e7", "f7", "g5", "g6", "g7"])
    );
}

// ---------------------------------------------------------------- T-FG

#[test]
fn t_fg_1_eighteen_actions() {
    let pos = w("Kj1 Gd4 Pc4 ka10 rd6 ff6 bb4 rd3 pe4 wf4", "", 'w');
    assert_eq!(
        dests(&pos, "d4"),
        list(&[
            "d5", "d6", "d7", "e5", "f6", "g7", "f4", "e3", "f2", "g1", "d2", "c3", "b2", "a1",
            "b4", "c5", "b6", "a7"
        ])
    );
    let expect: [(&str, &[&str]); 8] = [
        ("d4d6", &["d6"]),
        ("d4d7", &["d6"]),
        ("d4f6", &["f6"]),
        ("d4g7", &["f6"]),
        ("d4f4", &["e4", "f4"]),
        ("d4d2", &["d3"]),
        ("d4b4", &["b4"]),
        ("d4d5", &[]),
    ];
    for (m, caps) in expect {
        assert_eq!(captures(&pos, m), list(caps), "{m}");
    }
    for m in [
        "d4e5", "d4e3", "d4f2", "d4g1", "d4c3", "d4b2", "d4a1", "d4c5", "d4b6", "d4a7",
    ] {
        assert!(captures(&pos, m).is_empty(), "{m}");
    }
    assert!(!legal(&pos, "d4d8"));
    assert!(!legal(&pos, "d4c4"));
}

#[test]
fn t_fg_check_table() {
    let rows: [(&str, bool); 7] = [
        ("ke5", true),
        ("ke5 pe6", true),
        ("ke5 Pe6", false),
        ("ke6", true),
        ("ke9", true),
        ("ke10", false),
        ("ke8 re9", false),
    ];
    for (pieces, check) in rows {
        let pos = w(&format!("Ka1 Ge4 {pieces}"), "", 'b');
        assert_eq!(pos.is_check(), check, "{pieces}");
    }
}

#[test]
fn t_fg_check_distance_two_whatever_stands_between() {
    for between in ["Pe5", "pe5", "Fe5", "fe5"] {
        let pos = w(&format!("Ka1 Ge4 ke6 {between}"), "", 'b');
        assert!(pos.is_check(), "{between}");
    }
}

#[test]
fn t_fg_hop() {
    let pos = w("Kj1 Gd1 Pd2 ka10", "", 'w');
    assert!(legal(&pos, "d1d3"));
    assert!(!legal(&pos, "d1d4"));
    let with_enemy = w("Kj1 Gd1 Pd2 ka10 rd3", "", 'w');
    assert_eq!(captures(&with_enemy, "d1d3"), list(&["d3"]));
}

#[test]
fn t_fg_range() {
    let pos = w("Kj1 Ga1 kj9 ra4", "", 'w');
    assert!(captures(&pos, "a1a2").is_empty());
    assert!(captures(&pos, "a1a3").is_empty());
    assert_eq!(captures(&pos, "a1a5"), list(&["a4"]));
    assert!(!legal(&pos, "a1a4"));
    assert!(!legal(&pos, "a1a6"));
}

// ---------------------------------------------------------------- T-TF

#[test]
fn t_tf_1_frozen_bishop_gives_no_check() {
    let pos = c("Ka1 Te5 Qh3 kj10 re6 bd4", "", 'w');
    assert!(!pos.is_check());
    assert_eq!(captures(&pos, "h3e6"), list(&["e6"]));
    assert!(legal(&pos, "e5e4"));
    assert!(!legal(&pos, "e5f5"));
    assert!(!legal(&pos, "e5h5"));
}

#[test]
fn t_tf_1_frozen_pieces_have_no_moves() {
    let pos = c("Ka1 Te5 Qh3 kj10 re6 bd4", "", 'b');
    assert!(dests(&pos, "e6").is_empty());
    assert!(dests(&pos, "d4").is_empty());
    assert!(!moves(&pos).is_empty(), "the king still moves");
}

#[test]
fn t_tf_2_moving_the_freeze_may_unfreeze_a_checker() {
    let pos = c("Ke1 Td8 kj10 re8", "", 'w');
    assert!(!pos.is_check());
    assert!(!legal(&pos, "d8d2"));
    assert!(legal(&pos, "d8e7"));
}

#[test]
fn t_tf_3_frozen_king_stalemate() {
    let pos = c("Kc8 Tb9 ka10", "", 'b');
    assert!(!pos.is_check());
    assert!(pos
        .frozen(menagerie_rules::Color::Black)
        .contains(sq("a10")));
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Stalemate
        })
    );
}

#[test]
fn t_tf_3_frozen_king_checkmate() {
    let pos = c("Kc8 Tb9 Rj10 ka10", "", 'b');
    assert!(pos.is_check());
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Decisive {
            winner: menagerie_rules::Color::White,
            reason: EndReason::Checkmate
        })
    );
}

#[test]
fn t_tf_4_adjacent_freezes_lock_each_other() {
    let white = c("Ka1 Td5 kj10 te5", "", 'w');
    assert!(dests(&white, "d5").is_empty());
    let black = c("Ka1 Td5 kj10 te5", "", 'b');
    assert!(dests(&black, "e5").is_empty());
}

#[test]
fn t_tf_5_frozen_detonator_cannot_detonate() {
    let pos = c("Ka1 Xe4 kj10 te5 rf5", "", 'w');
    assert!(!legal(&pos, "e4e4"));
    assert!(dests(&pos, "e4").is_empty());
}

#[test]
fn t_tf_6_dragon_approach_takes_the_freeze() {
    let pos = c("Ka1 De2 kj10 te5", "", 'w');
    assert_eq!(captures(&pos, "e2e4"), list(&["e5"]));
}

#[test]
fn t_tf_7_frozen_detonator_gives_no_check() {
    let pos = c("Ke1 Tf3 kj10 xe2", "", 'w');
    assert!(!pos.is_check());
    assert_eq!(captures(&pos, "e1e2"), list(&["e2"]));
}

#[test]
fn t_tf_8_friendly_pieces_are_not_frozen() {
    let pos = c("Ka1 Te5 Re6 kj10", "", 'w');
    assert!(pos.frozen(menagerie_rules::Color::White).is_empty());
    assert_eq!(dests(&pos, "e6").len(), 13);
}

// ---------------------------------------------------------------- T-CASTLE

const ALL_SEVEN: [&str; 7] = [
    "f1g1i1f1", "f1h1i1g1", "f1i1i1h1", "f1e1b1f1", "f1d1b1e1", "f1c1b1d1", "f1b1b1c1",
];

fn castle_position(extra: &str) -> Position {
    at(
        &wreckage(),
        &fen_with(&format!("Xa1 Rb1 Kf1 Ri1 Dj1 {extra}"), "", 'w', "KQ"),
    )
}

#[test]
fn t_castle_seven_options() {
    assert_eq!(castlings(&castle_position("kf10")), list(&ALL_SEVEN));
    let carnage_pos = at(
        &carnage(),
        &fen_with("Xa1 Rb1 Kf1 Ri1 Dj1 kf10", "", 'w', "KQ"),
    );
    assert_eq!(castlings(&carnage_pos), list(&ALL_SEVEN));
}

#[test]
fn t_castle_attacked_d1_leaves_rows_1_to_4() {
    assert_eq!(
        castlings(&castle_position("kf10 rd10")),
        list(&ALL_SEVEN[..4])
    );
}

#[test]
fn t_castle_not_out_of_check() {
    let pos = castle_position("kh10 rf10");
    assert!(pos.is_check());
    assert!(castlings(&pos).is_empty());
}

#[test]
fn t_castle_piece_on_h1_leaves_rows_4_to_7() {
    assert_eq!(
        castlings(&castle_position("kf10 Fh1")),
        list(&ALL_SEVEN[3..])
    );
}

// ---------------------------------------------------------------- T-PROMO

#[test]
fn t_promo_seven_choices() {
    let pos = w("Ka1 Pe9 kj10", "", 'w');
    let mut expect = promotions_on("e10");
    expect.sort();
    assert_eq!(dests(&pos, "e9"), expect);
    assert!(!legal(&pos, "e9e10"));
}

#[test]
fn t_promo_two_step_onto_the_last_rank() {
    let pos = w("Ka1 Pe8 kj10", "", 'w');
    for p in PROMOTIONS {
        assert!(legal(&pos, &format!("e8e10{p}")), "{p}");
    }
    assert!(!legal(&pos, "e8e10"));
}
