//! Independent audit of Air and Trench Warfare (`docs/rules/air-and-trench.md`,
//! B.2-B.10, and the notation contract sections 3-4): rule sentences that the
//! example tests in `pick_rules.rs` do not reach, or reach only weakly. Every
//! expected value below is worked out by hand from the rule text.

use menagerie_games::pick_the_piece::air_and_trench;
use menagerie_rules::record::GameRecord;
use menagerie_rules::{notation, EndReason, Outcome, Position};

use crate::pick_support;
use pick_support::*;

fn at_side(pieces: &[(&str, char)], side: char) -> Position {
    pos(&fen_of(pieces, side, "-", ""))
}

fn at(pieces: &[(&str, char)]) -> Position {
    at_side(pieces, 'w')
}

fn drops(p: &Position) -> Vec<String> {
    moves(p).into_iter().filter(|m| m.contains('@')).collect()
}

/// A FEN field by index (0 board, 1 side, 2 castling, 3 en passant, 4 halfmove).
fn field(p: &Position, i: usize) -> String {
    p.fen().split_whitespace().nth(i).unwrap().to_string()
}

// ------------------------------------------------ B.5.2 Super Cannon

#[test]
fn t_audit_cannon_enemy_screen_but_friendly_target_takes_nothing() {
    // "there must be exactly one piece, the screen (any colour), between the
    // Cannon and an enemy target": a friendly first piece behind the screen
    // is no target.
    let p = at(&[
        ("j1", 'K'),
        ("j10", 'k'),
        ("d4", 'C'),
        ("d6", 'n'),
        ("d8", 'N'),
    ]);
    assert_eq!(north(&p, "d4"), strs(&["d4d5"]));
}

#[test]
fn t_audit_cannon_hop_needs_an_empty_landing_square() {
    // (b) lands "on the empty square directly behind it": two friends in a
    // row leave the Cannon no move north at all.
    let p = at(&[
        ("j1", 'K'),
        ("j10", 'k'),
        ("d4", 'C'),
        ("d5", 'N'),
        ("d6", 'N'),
    ]);
    assert_eq!(north(&p, "d4"), strs(&[]));
}

#[test]
fn t_audit_cannon_captures_along_a_rank_too() {
    // Capture "along a rank or file": enemy screen f4, enemy target h4.
    let p = at(&[
        ("j1", 'K'),
        ("j10", 'k'),
        ("d4", 'C'),
        ("f4", 'n'),
        ("h4", 'n'),
    ]);
    let east: Vec<String> = from(&p, "d4")
        .into_iter()
        .filter(|m| m.ends_with('4') && m.as_bytes()[2] > b'd')
        .collect();
    assert_eq!(east, strs(&["d4e4", "d4h4"]));
    assert_eq!(captured(&p, "d4h4"), strs(&["f4", "h4"]));
}

// ------------------------------------------------ B.5.3 Flying Bomber

fn bomber_d4(extra: &[(&str, char)]) -> Position {
    let mut pieces = vec![("j1", 'K'), ("j10", 'k'), ("d4", 'O')];
    pieces.extend_from_slice(extra);
    at(&pieces)
}

#[test]
fn t_audit_bomber_two_friends_in_a_row_block_it() {
    // Rule 2: "If s2 is friendly, no jump is possible".
    let p = bomber_d4(&[("d5", 'N'), ("d6", 'N')]);
    assert_eq!(north(&p, "d4"), strs(&[]));
}

#[test]
fn t_audit_bomber_friend_at_distance_two_behind_empty_s1() {
    // Rule 2 needs s1 occupied; rule 3 needs an enemy on s2; rule 4 needs an
    // enemy first piece. Only the rook move to d5 is left.
    let p = bomber_d4(&[("d6", 'N')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d5"]));
}

#[test]
fn t_audit_bomber_never_flies_over_two_pieces() {
    // Rule 4: the square behind the first piece met must be empty.
    let p = bomber_d4(&[("d7", 'n'), ("d8", 'n')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d5", "d4d6"]));
    // A friendly first piece is never flown over.
    let p = bomber_d4(&[("d7", 'N')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d5", "d4d6"]));
}

// ------------------------------------------------ B.5.4 Ninja Pawn

#[test]
fn t_audit_ninja_pawn_never_captures_straight_ahead() {
    // Lower half: no sideways capture either, diagonals empty.
    let p = at(&[("j1", 'K'), ("a10", 'k'), ("d3", 'J'), ("d4", 'n')]);
    assert_eq!(from(&p, "d3"), strs(&["d3c3", "d3e3"]));
    // Upper half as well.
    let p = at(&[("j1", 'K'), ("a10", 'k'), ("d7", 'J'), ("d8", 'n')]);
    assert_eq!(from(&p, "d7"), strs(&["d7c7", "d7e7"]));
}

#[test]
fn t_audit_black_ninja_pawn_lower_half_is_ranks_10_to_6() {
    // Rank 7 and rank 6 are Black's lower half: no sideways capture there;
    // from d7 the multi-step reaches only d6.
    let p = at_side(&[("j1", 'K'), ("a10", 'k'), ("d7", 'j'), ("c7", 'N')], 'b');
    assert_eq!(from(&p, "d7"), strs(&["d7d6", "d7e7"]));
    let p = at_side(&[("j1", 'K'), ("a10", 'k'), ("d6", 'j'), ("c6", 'N')], 'b');
    assert_eq!(from(&p, "d6"), strs(&["d6d5", "d6e6"]));
}

#[test]
fn t_audit_black_ninja_pawn_promotes_on_rank_1() {
    // Ambiguity 9: Black promotes on rank 1; choices Q R B N A C O.
    let p = at_side(&[("j10", 'K'), ("a10", 'k'), ("d2", 'j')], 'b');
    assert_eq!(
        from(&p, "d2"),
        strs(&["d2d1q", "d2d1r", "d2d1b", "d2d1n", "d2d1a", "d2d1c", "d2d1o", "d2c2", "d2e2"])
    );
}

// ------------------------------------------------ B.7 pawns

#[test]
fn t_audit_pawn_multi_step_stops_before_a_blocker() {
    // "straight forward through empty squares"; never a straight capture.
    let p = at(&[("j1", 'K'), ("a10", 'k'), ("d2", 'P'), ("d4", 'n')]);
    assert_eq!(from(&p, "d2"), strs(&["d2d3"]));
    let p = at(&[("j1", 'K'), ("a10", 'k'), ("d2", 'P'), ("d3", 'n')]);
    assert_eq!(from(&p, "d2"), strs(&[]));
}

#[test]
fn t_audit_black_pawn_promotes_on_rank_1() {
    let p = at_side(&[("j10", 'K'), ("a10", 'k'), ("d2", 'p')], 'b');
    assert_eq!(
        from(&p, "d2"),
        strs(&["d2d1q", "d2d1r", "d2d1b", "d2d1n", "d2d1a", "d2d1c", "d2d1o"])
    );
}

#[test]
fn t_audit_white_takes_a_black_triple_step_en_passant() {
    // Black a9-a6 skips a8 and a7; b7 attacks a8, b6 attacks a7: both may
    // take en passant on the very next move, removing the a6 pawn.
    let p = at_side(
        &[
            ("f1", 'K'),
            ("f10", 'k'),
            ("a9", 'p'),
            ("b7", 'P'),
            ("b6", 'P'),
        ],
        'b',
    );
    let q = after(&p, "a9a6");
    assert_eq!(field(&q, 3), "a8a7");
    assert_eq!(from(&q, "b7"), strs(&["b7a8", "b7b8"]));
    assert_eq!(from(&q, "b6"), strs(&["b6a7"]));
    assert_eq!(captured(&q, "b7a8"), strs(&["a6"]));
    assert_eq!(captured(&q, "b6a7"), strs(&["a6"]));
}

#[test]
fn t_audit_en_passant_field_written_without_any_enemy_pawn() {
    // notation.md 3: written after every standard-pawn move of two or more
    // squares, whether or not a capture is possible.
    let p = at(&[("f1", 'K'), ("f10", 'k'), ("a2", 'P')]);
    assert_eq!(field(&after(&p, "a2a4"), 3), "a3");
    assert_eq!(field(&after(&p, "a2a5"), 3), "a3a4");
    assert_eq!(field(&after(&p, "a2a3"), 3), "-");
}

// ------------------------------------------------ B.6 drops

#[test]
fn t_audit_dropped_ninja_pawn_blocks_only_where_the_push_ends() {
    // Ambiguity 6: only the final position counts. White King a4 in check
    // from the rook on j4; a Ninja Pawn dropped on b2..i2 and pushed to
    // rank 4 blocks; J@x2, J@x3, J@x5 do not.
    let p = pos("k9/10/10/10/10/10/K8r/10/10/10[J] w - - 0 1");
    assert!(p.is_check());
    assert_eq!(
        drops(&p),
        strs(&["J@b4", "J@c4", "J@d4", "J@e4", "J@f4", "J@g4", "J@h4", "J@i4"])
    );
}

#[test]
fn t_audit_black_drops_cannon_and_bomber_on_rank_10_only() {
    let p = pos("1r2k2r2/pppppppppp/10/10/10/10/10/10/10/4K5[co] b - - 0 1");
    let mut expected = Vec::new();
    for f in ['a', 'c', 'd', 'f', 'g', 'i', 'j'] {
        expected.push(format!("C@{f}10"));
        expected.push(format!("O@{f}10"));
    }
    expected.sort();
    assert_eq!(drops(&p), expected);
}

#[test]
fn t_audit_pocket_written_in_start_pocket_order() {
    // notation.md 3: readers accept any order; writers put White first, then
    // Black, each in the order of the start pocket (C, O, J).
    let p = pos("4k5/10/10/10/10/10/10/10/10/4K5[jJcOC] w - - 0 1");
    assert_eq!(p.fen(), "4k5/10/10/10/10/10/10/10/10/4K5[COJcj] w - - 0 1");
}

// ------------------------------------------------ B.8 castling

#[test]
fn t_audit_black_castles_seven_ways_on_rank_10() {
    let p = pos(&fen_of(
        &[("f1", 'K'), ("f10", 'k'), ("b10", 'r'), ("i10", 'r')],
        'b',
        "kq",
        "",
    ));
    let castlings: Vec<String> = moves(&p).into_iter().filter(|m| m.len() == 12).collect();
    assert_eq!(
        castlings,
        strs(&[
            "f10g10i10f10",
            "f10e10b10f10",
            "f10h10i10g10",
            "f10d10b10e10",
            "f10i10i10h10",
            "f10c10b10d10",
            "f10b10b10c10",
        ])
    );
    let q = after(&p, "f10c10b10d10");
    assert_eq!(field(&q, 0), "2kr4r1/10/10/10/10/10/10/10/10/5K4[]");
    assert_eq!(field(&q, 2), "-");
}

#[test]
fn t_audit_castling_written_as_king_from_to() {
    // notation.md 4: king from-to is accepted where no legal action has that
    // canonical string and exactly one castling matches; f1g1 and f1e1 are
    // King steps.
    let p = pos(&fen_of(
        &[("f1", 'K'), ("b1", 'R'), ("i1", 'R'), ("f10", 'k')],
        'w',
        "KQ",
        "",
    ));
    for (short, full) in [
        ("f1h1", "f1h1i1g1"),
        ("f1i1", "f1i1i1h1"),
        ("f1d1", "f1d1b1e1"),
        ("f1c1", "f1c1b1d1"),
        ("f1b1", "f1b1b1c1"),
        ("f1g1", "f1g1"),
        ("f1e1", "f1e1"),
    ] {
        let m = notation::parse(&p, short).unwrap_or_else(|e| panic!("{short}: {e:?}"));
        assert_eq!(notation::render(&p, &m), full, "{short}");
    }
}

#[test]
fn t_audit_cannon_double_capture_on_the_rook_square_loses_the_right() {
    // Ambiguity 17 / notation.md 3: a right is lost when its Rook is
    // captured, by whatever method. The black Cannon on j1 takes the i1 Rook
    // (enemy screen) and the g1 Knight together. Afterwards the white King
    // on f1 is an enemy screen with its own Rook b1 behind it: check (B.9).
    let p = pos(&fen_of(
        &[
            ("b1", 'R'),
            ("f1", 'K'),
            ("g1", 'N'),
            ("i1", 'R'),
            ("j1", 'c'),
            ("f10", 'k'),
        ],
        'b',
        "KQ",
        "",
    ));
    assert_eq!(captured(&p, "j1g1"), strs(&["g1", "i1"]));
    let q = after(&p, "j1g1");
    assert_eq!(field(&q, 2), "Q");
    assert!(q.is_check());
}

// ------------------------------------------------ B.9 check

#[test]
fn t_audit_king_screen_with_own_enemy_behind_is_no_check() {
    // Cannon (ii) needs the piece behind the King-screen to be an enemy of
    // the Cannon; a white piece there gives no check.
    let p = at_side(&[("j1", 'K'), ("d2", 'C'), ("d4", 'k'), ("d6", 'N')], 'b');
    assert!(!p.is_check());
}

#[test]
fn t_audit_guard_step_attack_gives_check() {
    // "all four diagonal neighbours".
    for king in ["e5", "c5", "e3", "c3"] {
        let p = at_side(&[("a10", 'K'), ("d4", 'A'), (king, 'k')], 'b');
        assert!(p.is_check(), "{king}");
    }
    let p = at_side(&[("a10", 'K'), ("d4", 'A'), ("d5", 'k')], 'b');
    assert!(!p.is_check(), "never orthogonally");
}

#[test]
fn t_audit_pawn_checks_diagonally_forward_only() {
    let p = at_side(&[("a1", 'K'), ("d5", 'P'), ("e6", 'k')], 'b');
    assert!(p.is_check());
    let p = at_side(&[("a1", 'K'), ("d5", 'P'), ("d6", 'k')], 'b');
    assert!(!p.is_check());
}

#[test]
fn t_audit_halfmove_clock_counts_and_resets() {
    // B.9: captures and pawn moves reset the 50-move counter; other moves
    // count one.
    let p = pos("4k5/10/10/10/10/10/10/1n8/2P7/4K2N2[] w - - 7 9");
    assert_eq!(field(&after(&p, "h1g3"), 4), "8");
    assert_eq!(field(&after(&p, "c2c4"), 4), "0");
    assert_eq!(field(&after(&p, "c2b3"), 4), "0");
}

#[test]
fn t_audit_fifty_move_rule_is_orthodox() {
    let p = pos("4k5/10/10/10/10/10/10/10/10/4K2N2[] w - - 99 60");
    let mut record = GameRecord::new(p);
    assert_eq!(record.outcome(), None);
    record.play_str("h1g3").unwrap();
    assert_eq!(
        record.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::FiftyMoves
        })
    );
}

#[test]
fn t_audit_threefold_repetition_is_orthodox() {
    let mut record = GameRecord::new(Position::start(air_and_trench()));
    let shuffle = ["h1g3", "h10g8", "g3h1", "g8h10"];
    for mv in shuffle {
        record.play_str(mv).unwrap();
    }
    assert_eq!(record.repetitions(), 2);
    assert_eq!(record.outcome(), None);
    for mv in shuffle {
        record.play_str(mv).unwrap();
    }
    assert_eq!(
        record.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
}

#[test]
fn t_audit_castling_through_a_square_a_bomber_hits_at_distance_two() {
    // B.8 "attacked square": the King placed on d1 would be taken by the
    // black Bomber on d3 jumping the d2 pawn (double capture), so castling 4
    // (lands on d1) and 6, 7 (pass d1) are illegal; 1, 2, 3, 5 stay legal.
    let p = pos(&fen_of(
        &[
            ("f1", 'K'),
            ("b1", 'R'),
            ("i1", 'R'),
            ("f10", 'k'),
            ("d2", 'P'),
            ("d3", 'o'),
        ],
        'w',
        "KQ",
        "",
    ));
    let castlings: Vec<String> = moves(&p).into_iter().filter(|m| m.len() == 8).collect();
    assert_eq!(
        castlings,
        strs(&["f1g1i1f1", "f1h1i1g1", "f1i1i1h1", "f1e1b1f1"])
    );
}

#[test]
fn t_audit_a_distant_bomber_does_not_attack_the_back_rank() {
    // B.5.3: an enemy at the board edge can only be taken from distance 2; a
    // Bomber on g5 over an empty g-file cannot fly over a King on g1 (no
    // square behind), so all seven castlings stay legal.
    let p = pos(&fen_of(
        &[
            ("f1", 'K'),
            ("b1", 'R'),
            ("i1", 'R'),
            ("f10", 'k'),
            ("g5", 'o'),
        ],
        'w',
        "KQ",
        "",
    ));
    let castlings: Vec<String> = moves(&p).into_iter().filter(|m| m.len() == 8).collect();
    assert_eq!(castlings.len(), 7, "{castlings:?}");
}

#[test]
fn t_audit_pushed_ninja_pawn_drop_gives_no_en_passant() {
    // B.5.4: a Ninja Pawn can never be captured en passant, also after a
    // drop pushed two squares past a black pawn.
    let p = pos("5k4/10/10/10/10/10/1p8/10/10/5K4[J] w - - 0 1");
    let q = after(&p, "J@a4");
    assert_eq!(field(&q, 3), "-");
    assert_eq!(from(&q, "b4"), strs(&["b4b3"]));
}

#[test]
fn t_audit_pawn_capture_onto_the_last_rank_promotes() {
    let p = at(&[("j1", 'K'), ("a5", 'k'), ("e9", 'P'), ("d10", 'n')]);
    let mut expected = Vec::new();
    for to in ["e10", "d10"] {
        for r in ['q', 'r', 'b', 'n', 'a', 'c', 'o'] {
            expected.push(format!("e9{to}{r}"));
        }
    }
    expected.sort();
    assert_eq!(from(&p, "e9"), expected);
}
