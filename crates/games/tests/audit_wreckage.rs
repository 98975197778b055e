//! Independent audit of Wreckage and Carnage against
//! `docs/rules/wreckage-carnage.md`: one named test for every rule
//! sentence of §2-§13 that the existing tests (`wreckage_carnage.rs`,
//! `wreckage_rules.rs`) did not reach, or reached only weakly. Every
//! expected value was worked out by hand from the rules text.

use crate::wreckage_support;

use menagerie_rules::{Color, EndReason, Move, Outcome, Position};
use wreckage_support::*;

const PROMOTIONS: [&str; 7] = ["q", "r", "b", "w", "f", "d", "x"];

/// The destinations `to` followed by each promotion letter.
fn promoting(to: &str) -> Vec<String> {
    PROMOTIONS.iter().map(|p| format!("{to}{p}")).collect()
}

/// Plain destinations plus promotion destinations, sorted.
fn with_promotions(plain: &[&str], promo_squares: &[&str]) -> Vec<String> {
    let mut v = list(plain);
    for to in promo_squares {
        v.extend(promoting(to));
    }
    v.sort();
    v
}

/// The frozen squares of `color`, by name, sorted.
fn frozen(pos: &Position, color: Color) -> Vec<String> {
    let mut v: Vec<String> = pos.frozen(color).map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The drops among the legal actions that start with `prefix`.
fn drops_of(pos: &Position, prefix: &str) -> Vec<String> {
    drops(pos)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

// ---------------------------------------------------------------- §2 halves

#[test]
fn ninja_on_the_middle_rank_is_still_in_its_own_half() {
    // §2: White's own half is ranks 1-5, Black's ranks 6-10; §5.4: sideways
    // captures only in the enemy half. On the middle rank: forward 1 only.
    let white = w("Ka1 Je5 ka10 rd5 rf5", "", 'w');
    assert_eq!(dests(&white, "e5"), list(&["e6"]));
    let black = w("Ka1 je6 ka10 Rd6 Rf6", "", 'b');
    assert_eq!(dests(&black, "e6"), list(&["e5"]));
}

// ---------------------------------------------------------------- §4 turn

#[test]
fn passing_is_never_an_action() {
    for v in [wreckage(), carnage()] {
        let pos = Position::start(v);
        assert!(!legal(&pos, "0000"));
        assert!(pos.legal_moves().iter().all(|m| !matches!(m, Move::Pass)));
    }
    let stuck = c("Kc8 Tb9 ka10", "", 'b');
    assert!(stuck.legal_moves().is_empty(), "stalemate, not a pass");
}

// ---------------------------------------------------------------- §5.2 knights

#[test]
fn wazir_knight_leaps_and_steps_orthogonally() {
    let pos = w("Ka1 We5 kj10", "", 'w');
    assert_eq!(
        dests(&pos, "e5"),
        list(&["d7", "f7", "c6", "g6", "c4", "g4", "d3", "f3", "e6", "e4", "d5", "f5"])
    );
}

#[test]
fn ferz_knight_leaps_and_steps_diagonally() {
    let pos = w("Ka1 Fe5 kj10", "", 'w');
    assert_eq!(
        dests(&pos, "e5"),
        list(&["d7", "f7", "c6", "g6", "c4", "g4", "d3", "f3", "d6", "f6", "d4", "f4"])
    );
}

#[test]
fn knights_capture_by_replacement_on_leaps_and_steps() {
    let wazir = w("Ka1 We5 kj10 re6 rd7 rd6", "", 'w');
    assert_eq!(captures(&wazir, "e5e6"), list(&["e6"]));
    assert_eq!(captures(&wazir, "e5d7"), list(&["d7"]));
    assert!(!legal(&wazir, "e5d6"), "no diagonal step");
    let ferz = w("Ka1 Fe5 kj10 rd6 rd7 re6", "", 'w');
    assert_eq!(captures(&ferz, "e5d6"), list(&["d6"]));
    assert_eq!(captures(&ferz, "e5d7"), list(&["d7"]));
    assert!(!legal(&ferz, "e5e6"), "no orthogonal step");
}

#[test]
fn knight_checks_follow_their_moves() {
    // §11: Wazir-Knight: leap or orthogonal step; Ferz-Knight: leap or
    // diagonal step.
    let rows = [
        ("We5", "ke6", true),
        ("We5", "kd6", false),
        ("We5", "kd7", true),
        ("Fe5", "kd6", true),
        ("Fe5", "ke6", false),
        ("Fe5", "kd7", true),
    ];
    for (piece, king, check) in rows {
        let pos = w(&format!("Ka1 {piece} {king}"), "", 'b');
        assert_eq!(pos.is_check(), check, "{piece} {king}");
    }
}

// ---------------------------------------------------------------- §5.3 pawn

#[test]
fn pawn_passed_squares_must_be_empty_in_the_enemy_half() {
    assert_eq!(dests(&w("Ka1 Pe6 Be8 ka10", "", 'w'), "e6"), list(&["e7"]));
    assert!(dests(&w("Ka1 Pe6 be7 ka10", "", 'w'), "e6").is_empty());
    assert!(dests(&w("Ka1 Pe8 be9 ka10", "", 'w'), "e8").is_empty());
}

#[test]
fn pawn_multi_step_at_any_time() {
    // §5.3: "available at any time: it does not depend on whether the pawn
    // has moved before".
    let pos = after_all(&w("Ka1 Pe2 ka10", "", 'w'), &["e2e3", "a10b10"]);
    assert_eq!(dests(&pos, "e3"), list(&["e4", "e5"]));
}

#[test]
fn pawn_checks_one_square_diagonally_forward() {
    assert!(w("Ka1 Pe4 kd5", "", 'b').is_check());
    assert!(!w("Ka1 Pe4 ke5", "", 'b').is_check());
    assert!(!w("Ka1 Pe4 kd3", "", 'b').is_check());
    assert!(
        w("Kd4 ka10 pe5", "", 'w').is_check(),
        "Black pawn forward is down"
    );
    assert!(!w("Kd6 ka10 pe5", "", 'w').is_check());
}

// ---------------------------------------------------------------- §5.4 ninja

#[test]
fn ninja_forward_schedule_on_every_rank() {
    let d = |at: &str| dests(&w(&format!("Ka1 J{at} ka10"), "", 'w'), at);
    assert_eq!(d("e3"), list(&["d3", "e4", "e5", "f3"]));
    assert_eq!(d("e4"), list(&["d4", "e5", "f4"]));
    assert_eq!(d("e7"), list(&["d7", "e8", "e9", "f7"]));
    assert_eq!(d("e8"), with_promotions(&["d8", "e9", "f8"], &["e10"]));
    let b = |at: &str| dests(&w(&format!("Ka1 j{at} ka10"), "", 'b'), at);
    assert_eq!(b("e8"), list(&["d8", "e6", "e7", "f8"]));
    assert_eq!(b("e4"), list(&["d4", "e2", "e3", "f4"]));
}

#[test]
fn ninja_never_captures_straight_ahead_or_backward() {
    let pos = w("Ka1 Je6 ka10 re7 rd5 rf5", "", 'w');
    assert_eq!(dests(&pos, "e6"), list(&["d6", "f6"]));
}

#[test]
fn ninja_promotes_when_capturing_onto_the_last_rank() {
    let pos = w("Ka1 Je9 kj10 rd10", "", 'w');
    assert_eq!(
        dests(&pos, "e9"),
        with_promotions(&["d9", "f9"], &["d10", "e10"])
    );
    assert!(!legal(&pos, "e9d10"), "promotion is mandatory");
    assert_eq!(captures(&pos, "e9d10q"), list(&["d10"]));
}

#[test]
fn ninja_sideways_step_needs_an_empty_square() {
    let pos = w("Ka1 Je2 Bd2 ka10 rf2", "", 'w');
    assert_eq!(dests(&pos, "e2"), list(&["e3", "e4", "e5"]));
}

// ---------------------------------------------------------------- §5.5 Dragon

#[test]
fn dragon_approach_north_west() {
    let pos = w("Kj2 Dd4 ka10 rb6", "", 'w');
    assert_eq!(captures(&pos, "d4c5"), list(&["b6"]));
}

#[test]
fn dragon_withdrawal_east_takes_the_western_neighbour() {
    let pos = w("Kj2 Dd4 ka10 rc4", "", 'w');
    for to in ["e4", "f4", "g4", "h4", "i4", "j4"] {
        assert_eq!(captures(&pos, &format!("d4{to}")), list(&["c4"]), "{to}");
    }
}

#[test]
fn dragon_withdrawal_south_west_takes_the_north_eastern_neighbour() {
    let pos = w("Kj2 Dd4 ka10 re5", "", 'w');
    for to in ["c3", "b2", "a1"] {
        assert_eq!(captures(&pos, &format!("d4{to}")), list(&["e5"]), "{to}");
    }
}

#[test]
fn dragon_forward_slide_is_never_a_withdrawal() {
    // NE is an approach direction: moving away from a south-west neighbour
    // captures nothing (and nothing stands beyond the landing squares).
    let pos = w("Kj2 Dd4 ka10 rc3", "", 'w');
    for to in ["e5", "f6", "g7", "h8", "i9", "j10"] {
        assert!(captures(&pos, &format!("d4{to}")).is_empty(), "{to}");
    }
}

#[test]
fn black_dragon_approaches_diagonally_toward_rank_1() {
    let right = w("Ka1 ka10 dd7 Rf5", "", 'b');
    assert_eq!(captures(&right, "d7e6"), list(&["f5"]));
    let left = w("Ka1 ka10 dd7 Rb5", "", 'b');
    assert_eq!(captures(&left, "d7c6"), list(&["b5"]));
}

#[test]
fn black_dragon_withdraws_sideways_and_toward_rank_10() {
    let sideways = w("Ka1 ka10 dd7 Re7", "", 'b');
    for to in ["c7", "b7", "a7"] {
        assert_eq!(
            captures(&sideways, &format!("d7{to}")),
            list(&["e7"]),
            "{to}"
        );
    }
    let back = w("Ka1 ka10 dd7 Rc6", "", 'b');
    for to in ["e8", "f9", "g10"] {
        assert_eq!(captures(&back, &format!("d7{to}")), list(&["c6"]), "{to}");
    }
}

#[test]
fn dragon_capture_cannot_be_declined() {
    // §5.5: "The player cannot make that same slide and decline the capture."
    let pos = w("Ka1 Dd6 kj10 rd7 fc7 be6 pe7", "", 'w');
    for to in ["d5", "e5", "c6"] {
        let same: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                m.from() == Some(sq("d6"))
                    && matches!(m, Move::Normal { to: t, .. } if *t == sq(to))
            })
            .collect();
        assert_eq!(same.len(), 1, "{to}");
        assert_eq!(same[0].captured().count(), 1, "{to}");
    }
}

// ---------------------------------------------------------------- §5.6 Detonator

#[test]
fn detonator_moves_as_queen_or_knight_to_empty_squares() {
    // 35 queen-slide squares from e5 on an empty 10x10 board, plus 8 leaps.
    let pos = w("Kj2 Xe5 ka10", "", 'w');
    assert_eq!(dests(&pos, "e5").len(), 43);
    for to in ["e10", "e1", "j5", "a5", "j10", "a9", "i1", "a1", "d7", "g4"] {
        assert!(legal(&pos, &format!("e5{to}")), "{to}");
    }
    assert!(!legal(&pos, "e5e5"), "no enemy neighbour: no detonation");
}

#[test]
fn detonation_is_the_only_answer_to_check() {
    // §10: detonations count as actions for checkmate.
    let pos = w("Ka1 Pa2 Pb2 Xd1 kj10 rc1", "", 'w');
    assert!(pos.is_check());
    assert_eq!(moves(&pos), list(&["d1d1"]));
    assert_eq!(pos.outcome(), None);
    assert_eq!(captures(&pos, "d1d1"), list(&["c1"]));
}

#[test]
fn pinned_detonator_may_detonate_but_not_leave_the_line() {
    // §10 legality: the Detonator stays put when it detonates, so a pinned
    // one may still blow up a neighbour, but may only move along the pin.
    let pos = w("Ke1 Xe4 kj10 re9 bf5", "", 'w');
    assert_eq!(
        dests(&pos, "e4"),
        list(&["e2", "e3", "e4", "e5", "e6", "e7", "e8"])
    );
    assert_eq!(captures(&pos, "e4e4"), list(&["f5"]));
}

// ---------------------------------------------------------------- §5.7 Guillotine

#[test]
fn guillotine_hops_diagonally_over_an_adjacent_friend() {
    let pos = w("Kj1 Gd1 Pe2 ka10", "", 'w');
    assert!(legal(&pos, "d1f3"));
    assert!(!legal(&pos, "d1g4"), "no slide after a hop");
}

#[test]
fn guillotine_cannot_hop_a_non_adjacent_piece() {
    let pos = w("Kj1 Gd1 Pd3 ka10", "", 'w');
    assert!(legal(&pos, "d1d2"));
    assert!(!legal(&pos, "d1d3"));
    assert!(!legal(&pos, "d1d4"));
}

#[test]
fn guillotine_fly_over_cannot_land_on_a_friend() {
    let pos = w("Kj1 Gd1 Pd4 ka10 rd3", "", 'w');
    assert!(captures(&pos, "d1d2").is_empty());
    assert_eq!(captures(&pos, "d1d3"), list(&["d3"]), "C2 at distance 2");
    assert!(!legal(&pos, "d1d4"));
}

#[test]
fn guillotine_diagonal_checks() {
    assert!(w("Ka1 Ge4 kg6", "", 'b').is_check(), "distance 2");
    assert!(w("Ka1 Ge4 kh7", "", 'b').is_check(), "fly-over to i8");
    assert!(!w("Ka1 Ge4 kh7 ri8", "", 'b').is_check(), "i8 occupied");
    assert!(!w("Ka1 Ge4 kh7 bg6", "", 'b').is_check(), "line blocked");
}

// ---------------------------------------------------------------- §5.8 Freeze

#[test]
fn freeze_moves_as_queen_or_knight_to_empty_squares() {
    let pos = c("Kj2 Te5 ka10", "", 'w');
    assert_eq!(dests(&pos, "e5").len(), 43);
    assert!(legal(&pos, "e5d7"));
    assert!(legal(&pos, "e5j10"));
}

#[test]
fn frozen_freeze_still_freezes_its_other_neighbours() {
    let pos = c("Ka1 Td5 kj10 te5 rc5", "", 'b');
    assert_eq!(frozen(&pos, Color::Black), list(&["c5", "e5"]));
    assert_eq!(frozen(&pos, Color::White), list(&["d5"]));
    assert!(dests(&pos, "c5").is_empty());
    assert!(dests(&pos, "e5").is_empty());
}

#[test]
fn capturing_the_freeze_releases_its_neighbours() {
    let pos = c("Ka1 Rd5 Qh2 kj10 te5", "", 'w');
    assert_eq!(frozen(&pos, Color::White), list(&["d5"]));
    assert!(dests(&pos, "d5").is_empty());
    let next = after(&pos, "h2e5");
    assert!(frozen(&next, Color::White).is_empty());
    let later = after(&next, "j10i10");
    // Rook on d5: d6-d10, d4-d1, c5-a5 (e5 is the own queen).
    assert_eq!(dests(&later, "d5").len(), 5 + 4 + 3);
}

#[test]
fn piece_arriving_next_to_an_enemy_freeze_is_frozen() {
    let pos = c("Ka1 Rd1 kj10 te5", "", 'w');
    let next = after(&pos, "d1d4");
    assert_eq!(frozen(&next, Color::White), list(&["d4"]));
    let later = after(&next, "j10i10");
    assert!(dests(&later, "d4").is_empty());
}

#[test]
fn freeze_can_only_be_taken_from_a_distance() {
    let pos = c("Ka1 Pd4 We6 Wc4 Rh5 kj10 te5", "", 'w');
    assert_eq!(frozen(&pos, Color::White), list(&["d4", "e6"]));
    assert!(!legal(&pos, "d4e5"), "frozen pawn");
    assert!(!legal(&pos, "e6e5"), "frozen Wazir-Knight step");
    assert_eq!(captures(&pos, "c4e5"), list(&["e5"]), "knight leap");
    assert_eq!(captures(&pos, "h5e5"), list(&["e5"]), "rook slide");
}

// ---------------------------------------------------------------- §6 en passant

#[test]
fn black_three_step_answered_by_two_white_pawns() {
    let pos = w("Ka1 Pd6 Pf7 ka10 pe9", "", 'b');
    let next = after(&pos, "e9e6");
    assert!(next.fen().contains(" e8e7 "), "{}", next.fen());
    assert_eq!(captures(&next, "d6e7"), list(&["e6"]));
    assert_eq!(captures(&next, "f7e8"), list(&["e6"]));
}

// ---------------------------------------------------------------- §8 castling

#[test]
fn black_castles_seven_ways_on_rank_10() {
    let pos = at(&wreckage(), &fen_with("Kf1 rb10 kf10 ri10", "", 'b', "kq"));
    assert_eq!(
        castlings(&pos),
        list(&[
            "f10g10i10f10",
            "f10h10i10g10",
            "f10i10i10h10",
            "f10e10b10f10",
            "f10d10b10e10",
            "f10c10b10d10",
            "f10b10b10c10",
        ])
    );
}

#[test]
fn castling_path_attacked_by_exotic_pieces() {
    // §8: attacked = the king placed there would be in check. A Black
    // Dragon on h2 withdraws (toward rank 10) from g1, h1, i1; a Black
    // Detonator on h2 is next to them.
    let q_side = list(&["f1b1b1c1", "f1c1b1d1", "f1d1b1e1", "f1e1b1f1"]);
    let dragon = at(
        &wreckage(),
        &fen_with("Rb1 Kf1 Ri1 kf10 dh2", "", 'w', "KQ"),
    );
    assert_eq!(castlings(&dragon), q_side);
    let detonator = at(
        &wreckage(),
        &fen_with("Rb1 Kf1 Ri1 kf10 xh2", "", 'w', "KQ"),
    );
    assert_eq!(castlings(&detonator), q_side);
    // With g3 and i3 occupied the Dragon cannot withdraw from i1 or g1:
    // only h1 stays attacked, so the one-step castling returns.
    let blocked = at(
        &wreckage(),
        &fen_with("Rb1 Kf1 Ri1 kf10 dh2 pg3 pi3", "", 'w', "KQ"),
    );
    let mut expect = q_side.clone();
    expect.push("f1g1i1f1".into());
    expect.sort();
    assert_eq!(castlings(&blocked), expect);
}

// ---------------------------------------------------------------- §9 drops

#[test]
fn terror_freeze_drops_on_any_empty_back_rank_square() {
    let white = c("Kf1 Rb1 Ri1 kf10", "TJ", 'w');
    assert_eq!(
        drops_of(&white, "T"),
        list(&["T@a1", "T@c1", "T@d1", "T@e1", "T@g1", "T@h1", "T@j1"])
    );
    let black = c("Ka1 kf10 rb10", "t", 'b');
    assert_eq!(
        drops_of(&black, "T"),
        list(&["T@a10", "T@c10", "T@d10", "T@e10", "T@g10", "T@h10", "T@i10", "T@j10"])
    );
    let dropped = after(&white, "T@e1");
    assert_eq!(
        dropped
            .pocket(Color::White)
            .count(menagerie_rules::Role::Freeze),
        0
    );
}

#[test]
fn drop_may_give_checkmate() {
    let pos = w("Kh4 kj6 pi6 pi7 pj7 pj5", "J", 'w');
    assert!(!pos.is_check());
    let next = after(&pos, "J@i5");
    assert!(next.is_check());
    assert_eq!(
        next.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Checkmate
        })
    );
}

// ---------------------------------------------------------------- §10 endings

#[test]
fn no_insufficient_material_draw() {
    // §10 allows "only K vs K, or nothing"; the players' page says nothing.
    assert_eq!(w("Ka1 kj10", "", 'w').outcome(), None);
    assert_eq!(c("Ka1 kj10", "", 'b').outcome(), None);
}
