//! Wreckage and Carnage: one test per rule sentence that the §15 examples do
//! not reach, the §16 flags, and the history-based draw rules.

use crate::wreckage_support;

use menagerie_games::wreckage::Flags;
use menagerie_rules::{Color, EndReason, GameRecord, Outcome, Position, Role};
use wreckage_support::*;

// ---------------------------------------------------------------- pawns

#[test]
fn pawn_captures_one_square_diagonally_forward_only() {
    let pos = w("Ka1 Pe4 ka10 rd5 rf5 re5 rd3 rf4", "", 'w');
    assert_eq!(dests(&pos, "e4"), list(&["d5", "f5"]));
}

#[test]
fn pawn_two_step_from_rank_3_is_taken_en_passant() {
    let pos = w("Ka1 Pe3 ka10 pd5", "", 'w');
    let next = after(&pos, "e3e5");
    assert!(next.fen().contains(" e4 "), "{}", next.fen());
    assert_eq!(captures(&next, "d5e4"), list(&["e5"]));
}

#[test]
fn black_three_step_lists_targets_in_the_order_passed() {
    let pos = w("Ka1 ka10 pe9", "", 'b');
    assert!(after(&pos, "e9e6").fen().contains(" e8e7 "));
}

#[test]
fn en_passant_is_not_compulsory() {
    let pos = after(&w("Kj1 Pa2 kj10 pb4", "", 'w'), "a2a4");
    assert!(legal(&pos, "b4a3"));
    assert!(legal(&pos, "b4b3"));
    assert!(legal(&pos, "j10i10"));
}

#[test]
fn promotion_by_capture() {
    let pos = w("Ka1 Pe9 kj10 rd10", "", 'w');
    assert!(legal(&pos, "e9d10d"));
    assert_eq!(captures(&pos, "e9d10x"), list(&["d10"]));
    assert!(!legal(&pos, "e9d10"));
}

#[test]
fn promotion_never_to_king_pawn_ninja_or_drop_piece() {
    let pos = w("Ka1 Pe9 kj10", "", 'w');
    for bad in ["e9e10k", "e9e10p", "e9e10j", "e9e10g", "e9e10t"] {
        assert!(!legal(&pos, bad), "{bad}");
    }
}

// ---------------------------------------------------------------- ninja pawns

#[test]
fn black_ninja_pawn_promotes_on_rank_1() {
    let pos = w("Ka10 kj10 je2", "", 'b');
    let mut expect: Vec<String> = ["q", "r", "b", "w", "f", "d", "x"]
        .iter()
        .map(|p| format!("e1{p}"))
        .collect();
    expect.extend(list(&["d2", "f2"]));
    expect.sort();
    assert_eq!(dests(&pos, "e2"), expect);
}

#[test]
fn ninja_pawn_move_resets_the_halfmove_clock() {
    let pos = at(&wreckage(), "9k/10/10/10/10/10/10/10/4J5/K9[] w - - 17 40");
    assert_eq!(after(&pos, "e2d2").halfmoves(), 0);
}

// ---------------------------------------------------------------- Dragon

#[test]
fn dragon_withdraws_from_an_adjacent_enemy_over_any_distance() {
    let pos = w("Kj2 Dd4 ka10 rd5", "", 'w');
    for to in ["d3", "d2", "d1"] {
        assert_eq!(captures(&pos, &format!("d4{to}")), list(&["d5"]), "{to}");
    }
}

#[test]
fn dragon_cannot_approach_an_already_adjacent_enemy() {
    let pos = w("Kj2 Dd4 Bd3 ka10 rd5", "", 'w');
    assert!(pos.legal_moves().iter().all(|m| m.captured().is_empty()));
}

#[test]
fn dragon_never_captures_friendly_pieces() {
    let pos = w("Kj2 Dd4 Rd7 Re3 ka10", "", 'w');
    assert!(captures(&pos, "d4d6").is_empty());
    assert!(
        captures(&pos, "d4c5").is_empty(),
        "withdrawal from e3 is not allowed anyway"
    );
    let beside = w("Kj2 Dd4 Re4 ka10", "", 'w');
    assert!(captures(&beside, "d4c4").is_empty());
}

#[test]
fn dragon_knight_leap_never_triggers_a_capture() {
    let pos = w("Kj2 Dd4 ka10 re7 rd5", "", 'w');
    assert!(captures(&pos, "d4e6").is_empty());
}

#[test]
fn dragon_takes_at_most_one_piece_per_move() {
    let pos = w("Kj2 Dd4 ka10 rd7 rd3", "", 'w');
    assert_eq!(captures(&pos, "d4d6"), list(&["d7"]));
    let down = w("Kj2 Dd4 ka10 rd5 rd1", "", 'w');
    assert_eq!(captures(&down, "d4d2"), list(&["d5"]));
}

// ---------------------------------------------------------------- Detonator

#[test]
fn detonator_never_captures_by_moving() {
    let pos = w("Kj2 Xd4 ka10 rd6 re6", "", 'w');
    assert!(!legal(&pos, "d4d6"), "slide onto an enemy");
    assert!(!legal(&pos, "d4e6"), "knight leap onto an enemy");
    assert!(legal(&pos, "d4d5"));
    assert!(pos.legal_moves().iter().all(|m| m.captured().is_empty()));
}

#[test]
fn detonation_resets_the_halfmove_clock() {
    let pos = at(&wreckage(), "9k/10/10/10/4r5/4X5/10/10/10/K9[] w - - 30 40");
    let next = after(&pos, "e5e5");
    assert_eq!(next.halfmoves(), 0);
    assert_eq!(next.board().get(sq("e6")), None);
}

// ---------------------------------------------------------------- Guillotine

#[test]
fn guillotine_takes_pawns_and_ninja_pawns() {
    let pawn = w("Kj2 Gd4 ka10 pd5", "", 'w');
    assert_eq!(captures(&pawn, "d4d6"), list(&["d5"]));
    let ninja = w("Kj2 Gd4 ka10 jd6", "", 'w');
    assert_eq!(captures(&ninja, "d4d6"), list(&["d6"]));
    assert_eq!(captures(&ninja, "d4d7"), list(&["d6"]));
}

#[test]
fn guillotine_cannot_fly_over_two_pieces() {
    let pos = w("Kj2 Gd4 ka10 rd6 rd7", "", 'w');
    assert!(!legal(&pos, "d4d8"));
    assert_eq!(captures(&pos, "d4d6"), list(&["d6"]));
}

#[test]
fn guillotine_fly_over_needs_a_landing_square_on_the_board() {
    let pos = w("Kj2 Gd9 ka1 rd10", "", 'w');
    assert!(pos
        .legal_moves()
        .iter()
        .all(|m| !m.captured().contains(sq("d10"))));
    let two = w("Kj2 Gd8 ka1 rd10", "", 'w');
    assert_eq!(captures(&two, "d8d10"), list(&["d10"]));
}

#[test]
fn guillotine_never_lands_on_a_friend() {
    let pos = w("Kj2 Gd4 Rd6 ka10", "", 'w');
    assert!(!legal(&pos, "d4d6"));
    assert!(legal(&pos, "d4d5"));
}

// ---------------------------------------------------------------- Terror Freeze

#[test]
fn freeze_never_captures() {
    let pos = c("Kj2 Tc3 ka10 rd5 rc5 rb4", "", 'w');
    assert!(pos.legal_moves().iter().all(|m| m.captured().is_empty()));
    assert!(!legal(&pos, "c3d5"));
    assert!(!legal(&pos, "c3c5"));
}

#[test]
fn frozen_piece_still_blocks_a_line() {
    let pos = c("Ke1 Be2 kj10 re8 tf3", "", 'w');
    assert!(!pos.is_check());
    assert!(dests(&pos, "e2").is_empty());
}

#[test]
fn frozen_pawn_cannot_take_en_passant() {
    let free = after(&c("Ka1 Pe6 kj10 pd9", "", 'b'), "d9d6");
    assert!(legal(&free, "e6d7"));
    let frozen = after(&c("Ka1 Pe6 kj10 pd9 tf7", "", 'b'), "d9d6");
    assert!(!legal(&frozen, "e6d7"));
}

#[test]
fn frozen_king_cannot_castle() {
    let pos = at(&carnage(), &fen_with("Rb1 Kf1 Ri1 kf10 te2", "", 'w', "KQ"));
    assert!(pos.frozen(Color::White).contains(sq("f1")));
    assert!(castlings(&pos).is_empty());
}

#[test]
fn frozen_rook_cannot_castle() {
    let pos = at(&carnage(), &fen_with("Rb1 Kf1 Ri1 kf10 ta2", "", 'w', "KQ"));
    assert_eq!(castlings(&pos), list(&["f1g1i1f1", "f1h1i1g1", "f1i1i1h1"]));
}

#[test]
fn frozen_enemy_does_not_attack_the_castling_path() {
    let attacked = at(&carnage(), &fen_with("Rb1 Kf1 Ri1 kf10 rg5", "", 'w', "KQ"));
    assert_eq!(castlings(&attacked).len(), 4);
    let frozen = at(
        &carnage(),
        &fen_with("Rb1 Kf1 Ri1 Th5 kf10 rg5", "", 'w', "KQ"),
    );
    assert_eq!(castlings(&frozen).len(), 7);
}

#[test]
fn king_may_step_next_to_a_frozen_king() {
    let pos = c("Kc9 Tb9 ka10", "", 'w');
    assert!(legal(&pos, "c9b10"));
}

#[test]
fn dropped_piece_next_to_an_enemy_freeze_is_frozen_at_once() {
    let pos = c("Kj1 kj10 td3", "J", 'w');
    let next = after(&pos, "J@e2");
    assert!(next.frozen(Color::White).contains(sq("e2")));
    let king = c("Ka1 kh2", "T", 'w');
    let next = after(&king, "T@g1");
    assert!(next.frozen(Color::Black).contains(sq("h2")));
    assert_eq!(
        next.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Stalemate
        })
    );
}

#[test]
fn drop_and_push_past_an_enemy_freeze_is_allowed() {
    let pos = c("Kj1 kj10 td3", "J", 'w');
    assert!(legal(&pos, "J@e4"));
    assert!(after(&pos, "J@e4").frozen(Color::White).contains(sq("e4")));
}

// ---------------------------------------------------------------- drops

#[test]
fn black_drop_zones() {
    let pos = w("Ka1 kj10", "gj", 'b');
    let e: Vec<String> = drops(&pos)
        .into_iter()
        .filter(|m| m.starts_with("J@e"))
        .collect();
    assert_eq!(e, list(&["J@e6", "J@e7", "J@e8", "J@e9"]));
    let g: Vec<String> = drops(&pos)
        .into_iter()
        .filter(|m| m.starts_with('G'))
        .collect();
    assert_eq!(g.len(), 9, "every empty square of rank 10");
    assert!(g.iter().all(|m| m.ends_with("10")));
}

#[test]
fn drop_push_creates_no_en_passant() {
    let pos = w("Ka1 kj10 pd4", "J", 'w');
    let next = after(&pos, "J@e5");
    assert!(next.en_passant().is_none());
    assert!(!legal(&next, "d4e3"));
}

#[test]
fn captured_pieces_never_return_to_the_hand() {
    let pos = w("Ka1 Rd1 kj10 jd7", "j", 'w');
    let next = after(&pos, "d1d7");
    assert_eq!(next.pocket(Color::Black).count(Role::NinjaPawn), 1);
    assert_eq!(next.pocket(Color::White).count(Role::NinjaPawn), 0);
}

#[test]
fn drops_count_as_actions_against_stalemate() {
    let pos = c("Kc8 Tb9 ka10", "j", 'b');
    assert_eq!(pos.outcome(), None);
    assert!(moves(&pos).iter().all(|m| m.starts_with("J@")));
}

// ---------------------------------------------------------------- castling

#[test]
fn castling_moves_king_and_rook() {
    let pos = at(&wreckage(), &fen_with("Rb1 Kf1 Ri1 kf10", "", 'w', "KQ"));
    let next = after(&pos, "f1b1b1c1");
    assert_eq!(next.fen(), "5k4/10/10/10/10/10/10/10/10/1KR5R1[] b - - 1 1");
    let short = after(&pos, "f1g1i1f1");
    assert_eq!(
        short.fen(),
        "5k4/10/10/10/10/10/10/10/10/1R3RK3[] b - - 1 1"
    );
}

#[test]
fn castling_shorthand_and_king_step_are_distinct() {
    let pos = at(&wreckage(), &fen_with("Rb1 Kf1 Ri1 kf10", "", 'w', "KQ"));
    let step = menagerie_rules::notation::parse(&pos, "f1g1").unwrap();
    assert!(matches!(step, menagerie_rules::Move::Normal { .. }));
    let castle = menagerie_rules::notation::parse(&pos, "f1h1").unwrap();
    assert!(matches!(castle, menagerie_rules::Move::Castle { .. }));
}

#[test]
fn dropped_guillotine_between_king_and_rook_blocks_castling() {
    let pos = at(&wreckage(), &fen_with("Rb1 Kf1 Ri1 kf10", "G", 'w', "KQ"));
    let next = after_all(&pos, &["G@g1", "f10e10"]);
    assert_eq!(castlings(&next).len(), 4, "queen-side only");
}

#[test]
fn castling_rights_are_kept_per_rook() {
    let pos = at(&wreckage(), &fen_with("Rb1 Kf1 Ri1 kf10", "", 'w', "KQ"));
    let next = after_all(&pos, &["i1h1", "f10e10", "h1i1", "e10f10"]);
    assert!(next.fen().contains(" Q "), "{}", next.fen());
    assert_eq!(castlings(&next).len(), 4);
    let king = after_all(&pos, &["f1f2", "f10e10", "f2f1", "e10f10"]);
    assert!(castlings(&king).is_empty());
}

#[test]
fn detonating_a_rook_ends_its_right() {
    let pos = at(
        &wreckage(),
        &fen_with("Rb1 Kf1 Ri1 Xc9 rb10 kf10 ri10", "", 'w', "KQkq"),
    );
    let next = after(&pos, "c9c9");
    assert_eq!(next.board().get(sq("b10")), None);
    assert!(next.fen().contains(" KQk "), "{}", next.fen());
}

#[test]
fn dragon_approach_on_a_rook_ends_its_right() {
    let pos = at(
        &wreckage(),
        &fen_with("Rb1 Kf1 Ri1 Di2 rb10 kf10 ri10", "", 'w', "KQkq"),
    );
    let next = after(&pos, "i2i9");
    assert_eq!(next.board().get(sq("i10")), None);
    assert!(next.fen().contains(" KQq "), "{}", next.fen());
}

#[test]
fn guillotine_fly_over_capture_of_a_rook_ends_its_right() {
    let pos = at(
        &wreckage(),
        "1r3k2r1/10/1G8/10/10/10/10/10/10/1R3K2R1[] w KQkq - 0 1",
    );
    let next = after(&pos, "b8b10");
    assert!(next.fen().contains(" KQk "), "{}", next.fen());
}

// ---------------------------------------------------------------- draws

#[test]
fn fifty_move_rule_with_a_drop_resetting_it() {
    let fen = "9k/10/10/10/10/10/10/10/10/K9[J] w - - 99 80";
    let quiet = {
        let mut g = GameRecord::new(at(&wreckage(), fen));
        g.play_str("a1b1").unwrap();
        g
    };
    assert_eq!(
        quiet.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::FiftyMoves
        })
    );
    let mut dropped = GameRecord::new(at(&wreckage(), fen));
    dropped.play_str("J@e2").unwrap();
    assert_eq!(dropped.position().halfmoves(), 0);
    assert_eq!(dropped.outcome(), None);
}

#[test]
fn castling_does_not_reset_the_halfmove_clock() {
    let pos = at(
        &wreckage(),
        "5k4/10/10/10/10/10/10/10/10/1R3K2R1[] w K - 12 30",
    );
    assert_eq!(after(&pos, "f1h1i1g1").halfmoves(), 13);
}

#[test]
fn repetition_counts_the_hands() {
    let start = at(&wreckage(), "1r7k/10/10/10/10/10/10/10/10/9K[J] w - - 0 1");
    let mut g = GameRecord::new(start);
    for m in [
        "J@b2", "b10b2", "j1i1", "b2b10", "i1i2", "j10i10", "i2j1", "i10j10",
    ] {
        g.play_str(m).unwrap();
    }
    assert_eq!(g.position().board(), g.start().board());
    assert_eq!(g.repetitions(), 1, "same placement, different hand");
    for m in ["j1i1", "j10i10", "i1j1", "i10j10"] {
        g.play_str(m).unwrap();
    }
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    for m in ["j1i1", "j10i10", "i1j1", "i10j10"] {
        g.play_str(m).unwrap();
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
}

// ---------------------------------------------------------------- flags (§16)

#[test]
fn flag_freeze_affects_friendly() {
    let v = flagged(
        true,
        Flags {
            freeze_affects_friendly: true,
            ..Flags::default()
        },
    );
    let pos = at(&v, &fen("Ka1 Te5 Re6 kj10", "", 'w'));
    assert!(pos.frozen(Color::White).contains(sq("e6")));
    assert!(dests(&pos, "e6").is_empty());
    let default = c("Ka1 Te5 Re6 kj10", "", 'w');
    assert_eq!(dests(&default, "e6").len(), 13);
}

#[test]
fn flag_detonator_hits_friendly() {
    let v = flagged(
        false,
        Flags {
            detonator_hits_friendly: true,
            ..Flags::default()
        },
    );
    let pieces = "Ka1 Xe5 Rf6 kj10 rd6 we6 bf4 jf5 pd4";
    let pos = at(&v, &fen(pieces, "", 'w'));
    assert_eq!(
        captures(&pos, "e5e5"),
        list(&["d4", "d6", "e6", "f4", "f6"])
    );
    let own_king = at(&v, &fen("Kd5 Xe5 kj10 re6", "", 'w'));
    assert!(!legal(&own_king, "e5e5"), "would destroy its own king");
    let no_check = at(&v, &fen("Ke4 Xe5 kf6", "", 'b'));
    assert!(!no_check.is_check(), "that detonation is never available");
    assert!(w("Ke4 Xe5 kf6", "", 'b').is_check());
}

#[test]
fn flag_promote_to_drop_piece() {
    for (carnage, letter) in [(false, "g"), (true, "t")] {
        let v = flagged(
            carnage,
            Flags {
                promote_to_drop_piece: true,
                ..Flags::default()
            },
        );
        let pos = at(&v, &fen("Ka1 Pe9 kj10", "", 'w'));
        assert_eq!(dests(&pos, "e9").len(), 8);
        assert!(legal(&pos, &format!("e9e10{letter}")));
        let default = at(
            &menagerie_games::wreckage::build(carnage, Flags::default()).shared(),
            &fen("Ka1 Pe9 kj10", "", 'w'),
        );
        assert!(!legal(&default, &format!("e9e10{letter}")));
    }
}

#[test]
fn flag_drops_reset_50_move() {
    let fen_text = "9k/10/10/10/10/10/10/10/10/K9[J] w - - 40 80";
    let v = flagged(
        false,
        Flags {
            drops_reset_50_move: false,
            ..Flags::default()
        },
    );
    assert_eq!(after(&at(&v, fen_text), "J@e2").halfmoves(), 41);
    assert_eq!(after(&at(&wreckage(), fen_text), "J@e2").halfmoves(), 0);
}

#[test]
fn default_flags_are_the_documented_ones() {
    assert_eq!(
        Flags::default(),
        Flags {
            freeze_affects_friendly: false,
            detonator_hits_friendly: false,
            promote_to_drop_piece: false,
            drops_reset_50_move: true,
        }
    );
    let _ = Position::start(wreckage());
}
