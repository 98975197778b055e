//! Air and Trench Warfare (`docs/rules/air-and-trench.md`): every example
//! position of B.11 (P0-P7) as a named test, plus one test per rule sentence
//! the examples do not reach.

use menagerie_games::pick_the_piece::air_and_trench;
use menagerie_rules::{notation, Color, EndReason, Outcome, Position, Square};

use crate::pick_support;
use pick_support::*;

fn at(pieces: &[(&str, char)]) -> Position {
    at_side(pieces, 'w')
}

fn at_side(pieces: &[(&str, char)], side: char) -> Position {
    let fen = fen_of(pieces, side, "-", "");
    Position::from_fen(air_and_trench(), &fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn piece(p: &Position, sq: &str) -> Option<char> {
    p.board()
        .get(Square::parse(sq).unwrap())
        .map(|x| x.letter())
}

// ---------------------------------------------------------------- P0

#[test]
fn t_p0_initial_position_has_36_moves() {
    let p = Position::start(air_and_trench());
    let mut expected: Vec<String> = Vec::new();
    for f in 'a'..='j' {
        for r in 3..=5 {
            expected.push(format!("{f}2{f}{r}"));
        }
    }
    expected.extend(["c1b3", "c1d3", "h1g3", "h1i3", "a1c3", "j1h3"].map(String::from));
    expected.sort();
    assert_eq!(moves(&p), expected);
    assert_eq!(
        p.fen(),
        "arnbqkbnra/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/ARNBQKBNRA[COJJJcojjj] w KQkq - 0 1"
    );
}

// ---------------------------------------------------------------- P1

const P1: [(&str, char); 4] = [("f1", 'K'), ("a2", 'P'), ("f10", 'k'), ("b4", 'p')];

#[test]
fn t_p1a_double_step_allows_en_passant_on_the_skipped_square() {
    let p = after(&at(&P1), "a2a4");
    assert!(p.fen().contains(" a3 "), "{}", p.fen());
    assert!(from(&p, "b4").contains(&"b4a3".to_string()));
    let q = after(&p, "b4a3");
    assert_eq!(piece(&q, "a4"), None);
    assert_eq!(piece(&q, "a3"), Some('p'));
}

#[test]
fn t_p1b_triple_step_allows_en_passant_on_the_first_skipped_square() {
    let p = after(&at(&P1), "a2a5");
    assert!(p.fen().contains(" a3a4 "), "{}", p.fen());
    assert_eq!(captured(&p, "b4a3"), strs(&["a5"]));
    let q = after(&p, "b4a3");
    assert_eq!((piece(&q, "a5"), piece(&q, "a3")), (None, Some('p')));
}

#[test]
fn t_p1c_triple_step_allows_en_passant_on_the_second_skipped_square() {
    let start = at(&[("f1", 'K'), ("a2", 'P'), ("f10", 'k'), ("b5", 'p')]);
    let p = after(&start, "a2a5");
    assert_eq!(captured(&p, "b5a4"), strs(&["a5"]));
    let q = after(&p, "b5a4");
    assert_eq!((piece(&q, "a5"), piece(&q, "a4")), (None, Some('p')));
}

#[test]
fn t_p1d_double_step_next_to_a_pawn_is_an_ordinary_capture() {
    let start = at(&[("f1", 'K'), ("a2", 'P'), ("f10", 'k'), ("b5", 'p')]);
    let p = after(&start, "a2a4");
    assert_eq!(captured(&p, "b5a4"), strs(&["a4"]));
    assert!(!moves(&p).iter().any(|m| m.ends_with("a3")));
}

#[test]
fn t_p1e_en_passant_right_lasts_one_move() {
    let p = after(&at(&P1), "a2a4");
    let p = after(&after(&p, "f10e10"), "f1e1");
    assert!(!from(&p, "b4").contains(&"b4a3".to_string()));
    assert_eq!(from(&p, "b4"), strs(&["b4b3"]));
}

#[test]
fn t_p1f_ninja_pawns_take_no_part_in_en_passant() {
    let ninja = at(&[("f1", 'K'), ("a2", 'J'), ("f10", 'k'), ("b4", 'p')]);
    for step in ["a2a4", "a2a5"] {
        let p = after(&ninja, step);
        assert!(p.en_passant().is_none(), "{step}: {}", p.fen());
        assert_eq!(from(&p, "b4"), strs(&["b4b3"]), "{step}");
    }
    let ninja_b5 = at(&[("f1", 'K'), ("a2", 'J'), ("f10", 'k'), ("b5", 'p')]);
    let p = after(&ninja_b5, "a2a5");
    assert_eq!(from(&p, "b5"), strs(&["b5b4"]));
}

// ---------------------------------------------------------------- P2

const P2: [(&str, char); 4] = [("f1", 'K'), ("b1", 'R'), ("i1", 'R'), ("f10", 'k')];

fn castlings(p: &Position) -> Vec<String> {
    moves(p).into_iter().filter(|m| m.len() == 8).collect()
}

fn p2_with(extra: &[(&str, char)]) -> Position {
    let mut pieces = P2.to_vec();
    pieces.extend_from_slice(extra);
    let fen = fen_of(&pieces, 'w', "KQ", "");
    pos(&fen)
}

#[test]
fn t_p2_all_seven_castlings_and_their_results() {
    let p = p2_with(&[]);
    let table = [
        ("f1g1i1f1", "g1", "f1"),
        ("f1e1b1f1", "e1", "f1"),
        ("f1h1i1g1", "h1", "g1"),
        ("f1d1b1e1", "d1", "e1"),
        ("f1i1i1h1", "i1", "h1"),
        ("f1c1b1d1", "c1", "d1"),
        ("f1b1b1c1", "b1", "c1"),
    ];
    assert_eq!(
        castlings(&p),
        strs(&table.iter().map(|t| t.0).collect::<Vec<_>>())
    );
    for (mv, king, rook) in table {
        let q = after(&p, mv);
        assert_eq!(
            (piece(&q, king), piece(&q, rook)),
            (Some('K'), Some('R')),
            "{mv}"
        );
        let white: Vec<Square> = q.board().by_color(Color::White).into_iter().collect();
        assert_eq!(white.len(), 3, "{mv}");
        assert!(
            q.fen().contains(" - - "),
            "{mv} loses both rights: {}",
            q.fen()
        );
    }
}

#[test]
fn t_p2_rook_on_g10_forbids_kingside_castlings() {
    let p = p2_with(&[("g10", 'r')]);
    assert_eq!(
        castlings(&p),
        strs(&["f1e1b1f1", "f1d1b1e1", "f1c1b1d1", "f1b1b1c1"])
    );
}

#[test]
fn t_p2_rook_on_c10_forbids_castlings_6_and_7_only() {
    let p = p2_with(&[("c10", 'r')]);
    assert_eq!(
        castlings(&p),
        strs(&["f1g1i1f1", "f1h1i1g1", "f1i1i1h1", "f1e1b1f1", "f1d1b1e1"])
    );
}

// ---------------------------------------------------------------- P3

#[test]
fn t_p3_ninja_pawn_on_d2() {
    let p = at(&[("j1", 'K'), ("d2", 'J'), ("a10", 'k')]);
    assert_eq!(
        from(&p, "d2"),
        strs(&["d2d3", "d2d4", "d2d5", "d2c2", "d2e2"])
    );
}

#[test]
fn t_p3_ninja_pawn_on_d5() {
    let p = at(&[("j1", 'K'), ("d5", 'J'), ("a10", 'k')]);
    assert_eq!(from(&p, "d5"), strs(&["d5d6", "d5c5", "d5e5"]));
}

#[test]
fn t_p3_ninja_pawn_on_d7_among_knights() {
    let p = at(&[
        ("j1", 'K'),
        ("d7", 'J'),
        ("a10", 'k'),
        ("c8", 'n'),
        ("e8", 'n'),
        ("c7", 'n'),
        ("e7", 'n'),
    ]);
    assert_eq!(
        from(&p, "d7"),
        strs(&["d7d8", "d7c8", "d7e8", "d7c7", "d7e7"])
    );
}

#[test]
fn t_p3_ninja_pawn_on_d4_cannot_take_sideways_in_its_own_half() {
    let p = at(&[("j1", 'K'), ("d4", 'J'), ("a10", 'k'), ("c4", 'n')]);
    assert_eq!(from(&p, "d4"), strs(&["d4d5", "d4e4"]));
}

#[test]
fn t_p3_ninja_pawn_drop_with_optional_push() {
    let p = pos(
        "arnbqkbnra/pppppppppp/10/10/10/10/10/10/PPPP1PPPPP/ARNBQKBNRA[COJJJcojjj] w KQkq - 0 1",
    );
    let drops: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops, strs(&["J@e2", "J@e3", "J@e4", "J@e5"]));
    let q = after(&p, "J@e4");
    assert_eq!((piece(&q, "e2"), piece(&q, "e4")), (None, Some('J')));
    assert!(q.fen().starts_with(
        "arnbqkbnra/pppppppppp/10/10/10/10/4J5/10/PPPP1PPPPP/ARNBQKBNRA[COJJcojjj] b"
    ));
}

// ---------------------------------------------------------------- P4

fn bomber_d4(extra: &[(&str, char)]) -> Position {
    let mut pieces = vec![("j1", 'K'), ("j10", 'k'), ("d4", 'O')];
    pieces.extend_from_slice(extra);
    at(&pieces)
}

#[test]
fn t_p4_bomber_black_d6() {
    let p = bomber_d4(&[("d6", 'p')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d5", "d4d6", "d4d7"]));
    assert_eq!(captured(&p, "d4d6"), strs(&["d6"]));
    assert_eq!(captured(&p, "d4d7"), strs(&["d6"]));
    assert_eq!(captured(&p, "d4d5"), strs(&[]));
}

#[test]
fn t_p4_bomber_black_d5_black_d6_double_capture_only() {
    let p = bomber_d4(&[("d5", 'p'), ("d6", 'p')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d6"]));
    assert_eq!(captured(&p, "d4d6"), strs(&["d5", "d6"]));
}

#[test]
fn t_p4_bomber_black_d5_white_d6_no_move_north() {
    let p = bomber_d4(&[("d5", 'p'), ("d6", 'N')]);
    assert_eq!(north(&p, "d4"), strs(&[]));
}

#[test]
fn t_p4_bomber_white_d5_black_d6_jump_capture() {
    let p = bomber_d4(&[("d5", 'N'), ("d6", 'p')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d6"]));
    assert_eq!(captured(&p, "d4d6"), strs(&["d6"]));
}

#[test]
fn t_p4_bomber_white_d5_empty_d6_hop_of_range_two() {
    let p = bomber_d4(&[("d5", 'N')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d6"]));
    assert_eq!(captured(&p, "d4d6"), strs(&[]));
}

#[test]
fn t_p4_bomber_black_d7_fly_over_to_d8() {
    let p = bomber_d4(&[("d7", 'p')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d5", "d4d6", "d4d8"]));
    assert_eq!(captured(&p, "d4d8"), strs(&["d7"]));
}

#[test]
fn t_p4_bomber_black_d7_white_d8_no_capture() {
    let p = bomber_d4(&[("d7", 'p'), ("d8", 'N')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d5", "d4d6"]));
}

#[test]
fn t_p4_bomber_edge_victim_only_by_distance_two_landing() {
    let p = at(&[("j1", 'K'), ("j9", 'k'), ("d8", 'O'), ("d10", 'n')]);
    assert_eq!(north(&p, "d8"), strs(&["d8d9", "d8d10"]));
    assert_eq!(captured(&p, "d8d10"), strs(&["d10"]));
}

#[test]
fn t_bomber_adjacent_edge_enemy_cannot_be_taken() {
    // B.5.3: no replacement capture of an adjacent piece, and no square
    // behind an edge piece to fly to.
    let p = at(&[("j1", 'K'), ("j9", 'k'), ("d9", 'O'), ("d10", 'n')]);
    assert_eq!(north(&p, "d9"), strs(&[]));
}

#[test]
fn t_bomber_adjacent_enemy_is_flown_over() {
    // B.5.3 rule 2 / 4: s1 enemy, s2 empty: land on s2, s1 captured.
    let p = bomber_d4(&[("d5", 'p')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d6"]));
    assert_eq!(captured(&p, "d4d6"), strs(&["d5"]));
}

#[test]
fn t_bomber_moves_along_ranks_too_but_never_diagonally() {
    let p = bomber_d4(&[("f4", 'p'), ("e5", 'p')]);
    // West: c4 b4 a4. East: e4, fly over f4 to g4, land on f4 (distance 2).
    let west_east: Vec<String> = from(&p, "d4")
        .into_iter()
        .filter(|m| m.ends_with('4') && !m.ends_with("d4"))
        .collect();
    assert_eq!(
        west_east,
        strs(&["d4a4", "d4b4", "d4c4", "d4e4", "d4f4", "d4g4"])
    );
    assert!(!from(&p, "d4").contains(&"d4e5".to_string()));
}

// ---------------------------------------------------------------- P5

fn cannon_d4(extra: &[(&str, char)]) -> Position {
    let mut pieces = vec![("j1", 'K'), ("j10", 'k'), ("d4", 'C')];
    pieces.extend_from_slice(extra);
    at(&pieces)
}

#[test]
fn t_p5_cannon_friendly_screen_d6_takes_d8() {
    let p = cannon_d4(&[("d6", 'N'), ("d8", 'n')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d5", "d4d8"]));
    assert_eq!(captured(&p, "d4d8"), strs(&["d8"]));
    assert_eq!(piece(&after(&p, "d4d8"), "d6"), Some('N'));
}

#[test]
fn t_p5_cannon_enemy_screen_is_taken_too() {
    let p = cannon_d4(&[("d6", 'n'), ("d8", 'n')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d5", "d4d8"]));
    assert_eq!(captured(&p, "d4d8"), strs(&["d6", "d8"]));
}

#[test]
fn t_p5_cannon_hops_an_adjacent_friend() {
    let p = cannon_d4(&[("d5", 'N')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d6"]));
    assert_eq!(captured(&p, "d4d6"), strs(&[]));
}

#[test]
fn t_p5_cannon_does_not_hop_an_enemy() {
    let p = cannon_d4(&[("d5", 'n')]);
    assert_eq!(north(&p, "d4"), strs(&[]));
    let p = cannon_d4(&[("d5", 'n'), ("d9", 'n')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d9"]));
    assert_eq!(captured(&p, "d4d9"), strs(&["d5", "d9"]));
}

#[test]
fn t_p5_cannon_needs_a_screen() {
    let p = cannon_d4(&[("d6", 'n')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d5"]));
}

#[test]
fn t_cannon_hop_onto_an_enemy_is_a_screen_capture() {
    // Ambiguity 12: adjacent friend, enemy right behind it.
    let p = cannon_d4(&[("d5", 'N'), ("d6", 'n')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d6"]));
    assert_eq!(captured(&p, "d4d6"), strs(&["d6"]));
}

#[test]
fn t_cannon_never_moves_diagonally_and_hops_only_orthogonally() {
    let p = cannon_d4(&[("e5", 'N'), ("e4", 'N')]);
    let moves_d4 = from(&p, "d4");
    assert!(!moves_d4.iter().any(|m| m == "d4f6" || m == "d4e5"));
    assert!(moves_d4.contains(&"d4f4".to_string()));
}

#[test]
fn t_cannon_takes_only_the_first_piece_behind_the_screen() {
    let p = cannon_d4(&[("d6", 'N'), ("d8", 'N'), ("d9", 'n')]);
    assert_eq!(north(&p, "d4"), strs(&["d4d5"]));
}

// ---------------------------------------------------------------- P6

fn guard_d4(extra: &[(&str, char)]) -> Position {
    let mut pieces = vec![("j1", 'K'), ("j10", 'k'), ("d4", 'A')];
    pieces.extend_from_slice(extra);
    at(&pieces)
}

fn north_east(p: &Position) -> Vec<String> {
    from(p, "d4")
        .into_iter()
        .filter(|m| m == "d4e5" || m == "d4f6")
        .collect()
}

#[test]
fn t_p6_guard_leap_takes_jumped_and_landing_enemies() {
    let p = guard_d4(&[("e5", 'p'), ("f6", 'p')]);
    assert_eq!(north_east(&p), strs(&["d4e5", "d4f6"]));
    assert_eq!(captured(&p, "d4f6"), strs(&["e5", "f6"]));
}

#[test]
fn t_p6_guard_leap_over_a_friend_takes_the_landing_enemy() {
    let p = guard_d4(&[("e5", 'N'), ("f6", 'p')]);
    assert_eq!(north_east(&p), strs(&["d4f6"]));
    assert_eq!(captured(&p, "d4f6"), strs(&["f6"]));
    assert_eq!(piece(&after(&p, "d4f6"), "e5"), Some('N'));
}

#[test]
fn t_p6_guard_step_capture_or_leap_capture() {
    let p = guard_d4(&[("e5", 'p')]);
    assert_eq!(north_east(&p), strs(&["d4e5", "d4f6"]));
    assert_eq!(captured(&p, "d4e5"), strs(&["e5"]));
    assert_eq!(captured(&p, "d4f6"), strs(&["e5"]));
}

#[test]
fn t_p6_guard_may_not_land_on_a_friend() {
    let p = guard_d4(&[("e5", 'p'), ("f6", 'N')]);
    assert_eq!(north_east(&p), strs(&["d4e5"]));
}

#[test]
fn t_guard_all_eight_targets_on_an_open_board() {
    let p = guard_d4(&[]);
    assert_eq!(
        from(&p, "d4"),
        strs(&["d4c3", "d4b2", "d4e3", "d4f2", "d4c5", "d4b6", "d4e5", "d4f6"])
    );
}

// ---------------------------------------------------------------- P7

#[test]
fn t_p7_king_as_enemy_cannon_screen_is_in_check() {
    let p = at_side(&[("j1", 'K'), ("d2", 'C'), ("d4", 'k'), ("d6", 'p')], 'b');
    assert!(p.is_check());
    for m in moves(&p) {
        let q = after(&p, &m);
        assert!(
            !q.is_check_for(Color::Black),
            "{m} leaves the king in check"
        );
    }
    // Without the pawn behind, the king is not attacked along the file.
    let p = at_side(&[("j1", 'K'), ("d2", 'C'), ("d4", 'k')], 'b');
    assert!(!p.is_check());
}

#[test]
fn t_p7_bomber_checks_an_adjacent_king_with_empty_square_behind() {
    let p = at_side(&[("j1", 'K'), ("d2", 'O'), ("d3", 'k')], 'b');
    assert!(p.is_check());
}

#[test]
fn t_p7_bomber_checks_an_adjacent_king_with_its_own_piece_behind() {
    let p = at_side(&[("j1", 'K'), ("d2", 'O'), ("d3", 'k'), ("d4", 'n')], 'b');
    assert!(p.is_check());
}

#[test]
fn t_p7_bomber_no_check_with_white_piece_behind_the_king() {
    let p = at_side(&[("j1", 'K'), ("d2", 'O'), ("d3", 'k'), ("d4", 'N')], 'b');
    assert!(!p.is_check());
}

// ------------------------------------------------ B.9 attack table

#[test]
fn t_check_bomber_at_distance_two_whatever_between() {
    for between in ['N', 'n'] {
        let p = at_side(
            &[("j1", 'K'), ("d2", 'O'), ("d3", between), ("d4", 'k')],
            'b',
        );
        assert!(p.is_check(), "{between} between");
    }
    let p = at_side(&[("j1", 'K'), ("d2", 'O'), ("d5", 'k')], 'b');
    assert!(
        p.is_check(),
        "first piece met, empty square behind: fly-over"
    );
    let p = at_side(&[("j1", 'K'), ("d2", 'O'), ("d5", 'k'), ("d6", 'n')], 'b');
    assert!(!p.is_check(), "distance 3, no square to land on: no attack");
    let p = at_side(&[("j1", 'K'), ("d2", 'O'), ("d4", 'p'), ("d5", 'k')], 'b');
    assert!(
        !p.is_check(),
        "fly-over lands on the king's square: no attack"
    );
}

#[test]
fn t_check_guard_distance_two_diagonal_whatever_between() {
    for between in [None, Some('N'), Some('n')] {
        let mut pieces = vec![("a1", 'K'), ("d4", 'A'), ("f6", 'k')];
        if let Some(c) = between {
            pieces.push(("e5", c));
        }
        assert!(at_side(&pieces, 'b').is_check(), "{between:?}");
    }
    let p = at_side(&[("a1", 'K'), ("d4", 'A'), ("g7", 'k')], 'b');
    assert!(!p.is_check());
}

#[test]
fn t_check_cannon_through_one_screen() {
    let p = at_side(&[("j1", 'K'), ("d2", 'C'), ("d5", 'N'), ("d8", 'k')], 'b');
    assert!(p.is_check());
    let p = at_side(&[("j1", 'K'), ("d2", 'C'), ("d8", 'k')], 'b');
    assert!(!p.is_check(), "no screen");
    let p = at_side(
        &[
            ("j1", 'K'),
            ("d2", 'C'),
            ("d5", 'N'),
            ("d6", 'N'),
            ("d8", 'k'),
        ],
        'b',
    );
    assert!(!p.is_check(), "two screens");
}

#[test]
fn t_check_ninja_pawn_sideways_only_in_its_upper_half() {
    let p = at_side(&[("a1", 'K'), ("d6", 'J'), ("e6", 'k')], 'b');
    assert!(p.is_check());
    let p = at_side(&[("a1", 'K'), ("d5", 'J'), ("e5", 'k')], 'b');
    assert!(!p.is_check());
    let p = at_side(&[("a1", 'K'), ("d5", 'J'), ("e6", 'k')], 'b');
    assert!(p.is_check(), "diagonal forward");
}

// --------------------------------------------------- B.5.4 ninja pawn

#[test]
fn t_ninja_pawn_promotes_to_every_piece_of_the_game_but_king() {
    let p = at(&[("j1", 'K'), ("d9", 'J'), ("a10", 'k')]);
    assert_eq!(
        from(&p, "d9"),
        strs(&[
            "d9d10q", "d9d10r", "d9d10b", "d9d10n", "d9d10a", "d9d10c", "d9d10o", "d9c9", "d9e9"
        ])
    );
    assert!(
        notation::parse(&p, "d9d10").is_err(),
        "promotion is compulsory"
    );
}

#[test]
fn t_ninja_pawn_capture_onto_the_last_rank_promotes() {
    let p = at(&[("j1", 'K'), ("d10", 'n'), ("e9", 'J'), ("a10", 'k')]);
    // d10 holds a knight: e9 takes it diagonally and promotes.
    assert!(from(&p, "e9").contains(&"e9d10a".to_string()));
}

#[test]
fn t_black_ninja_pawn_mirrors_white() {
    let p = at_side(&[("a1", 'K'), ("j10", 'k'), ("d9", 'j')], 'b');
    assert_eq!(
        from(&p, "d9"),
        strs(&["d9d8", "d9d7", "d9d6", "d9c9", "d9e9"])
    );
    let p = at_side(
        &[
            ("a1", 'K'),
            ("j10", 'k'),
            ("d5", 'j'),
            ("c5", 'N'),
            ("e4", 'N'),
        ],
        'b',
    );
    assert_eq!(from(&p, "d5"), strs(&["d5d4", "d5c5", "d5e5", "d5e4"]));
}

#[test]
fn t_ninja_pawn_multi_step_stops_at_a_blocker() {
    let p = at(&[("j1", 'K'), ("d2", 'J'), ("d4", 'n'), ("a10", 'k')]);
    assert_eq!(from(&p, "d2"), strs(&["d2d3", "d2c2", "d2e2"]));
}

#[test]
fn t_ninja_pawn_on_rank_3_goes_to_the_middle_on_a_later_turn() {
    let p = at(&[("j1", 'K'), ("d3", 'J'), ("a10", 'k')]);
    assert_eq!(from(&p, "d3"), strs(&["d3d4", "d3d5", "d3c3", "d3e3"]));
}

// ---------------------------------------------------------- B.7 pawns

#[test]
fn t_pawn_goes_to_the_middle_rank_on_any_turn() {
    let p = at(&[("j1", 'K'), ("d3", 'P'), ("a10", 'k')]);
    assert_eq!(from(&p, "d3"), strs(&["d3d4", "d3d5"]));
    let p = at(&[("j1", 'K'), ("d4", 'P'), ("a10", 'k')]);
    assert_eq!(from(&p, "d4"), strs(&["d4d5"]));
    let p = at(&[("j1", 'K'), ("d5", 'P'), ("a10", 'k')]);
    assert_eq!(from(&p, "d5"), strs(&["d5d6"]));
    let p = at(&[("j1", 'K'), ("d7", 'P'), ("a10", 'k')]);
    assert_eq!(from(&p, "d7"), strs(&["d7d8"]));
}

#[test]
fn t_black_pawn_goes_down_to_rank_6() {
    let p = at_side(&[("j1", 'K'), ("d9", 'p'), ("a10", 'k')], 'b');
    assert_eq!(from(&p, "d9"), strs(&["d9d8", "d9d7", "d9d6"]));
}

#[test]
fn t_pawn_captures_diagonally_forward_only() {
    let p = at(&[
        ("j1", 'K'),
        ("d3", 'P'),
        ("c4", 'n'),
        ("e4", 'n'),
        ("c3", 'n'),
        ("d4", 'n'),
        ("a10", 'k'),
    ]);
    assert_eq!(from(&p, "d3"), strs(&["d3c4", "d3e4"]));
}

#[test]
fn t_pawn_promotes_to_every_piece_of_the_game_but_king() {
    let p = at(&[("j1", 'K'), ("d9", 'P'), ("a10", 'k')]);
    assert_eq!(
        from(&p, "d9"),
        strs(&["d9d10q", "d9d10r", "d9d10b", "d9d10n", "d9d10a", "d9d10c", "d9d10o"])
    );
}

#[test]
fn t_en_passant_after_a_non_initial_multi_step() {
    // Ambiguity 8: a3-a5 also gives an en-passant right.
    let p = at(&[("f1", 'K'), ("a3", 'P'), ("f10", 'k'), ("b5", 'p')]);
    let q = after(&p, "a3a5");
    assert!(q.fen().contains(" a4 "), "{}", q.fen());
    assert_eq!(captured(&q, "b5a4"), strs(&["a5"]));
}

#[test]
fn t_two_pawns_may_each_take_en_passant() {
    let p = at(&[
        ("f1", 'K'),
        ("c2", 'P'),
        ("f10", 'k'),
        ("b4", 'p'),
        ("d5", 'p'),
    ]);
    let q = after(&p, "c2c5");
    let b4 = from(&q, "b4");
    let d5 = from(&q, "d5");
    assert!(b4.contains(&"b4c3".to_string()), "{b4:?}");
    assert!(d5.contains(&"d5c4".to_string()), "{d5:?}");
    assert_eq!(captured(&q, "b4c3"), strs(&["c5"]));
    assert_eq!(captured(&q, "d5c4"), strs(&["c5"]));
}

#[test]
fn t_ninja_pawn_cannot_capture_en_passant() {
    let p = at(&[("f1", 'K'), ("a2", 'P'), ("f10", 'k'), ("b4", 'j')]);
    let q = after(&p, "a2a4");
    assert!(!from(&q, "b4").contains(&"b4a3".to_string()));
}

// ------------------------------------------------------- B.8 castling

#[test]
fn t_castling_ignores_the_slot_pieces_on_a1_and_j1() {
    let p = p2_with(&[("a1", 'A'), ("j1", 'A')]);
    assert_eq!(castlings(&p).len(), 7);
}

#[test]
fn t_castling_needs_every_square_between_king_and_rook_empty() {
    let p = p2_with(&[("h1", 'N')]);
    assert_eq!(
        castlings(&p),
        strs(&["f1e1b1f1", "f1d1b1e1", "f1c1b1d1", "f1b1b1c1"])
    );
    let p = p2_with(&[("c1", 'N')]);
    assert_eq!(castlings(&p), strs(&["f1g1i1f1", "f1h1i1g1", "f1i1i1h1"]));
}

#[test]
fn t_castling_not_out_of_check() {
    let p = p2_with(&[("f9", 'r')]);
    assert!(p.is_check());
    assert_eq!(castlings(&p), strs(&[]));
}

#[test]
fn t_castling_rights_are_lost_when_king_or_rook_moves() {
    let p = p2_with(&[]);
    let q = after(
        &after(&after(&after(&p, "i1i2"), "f10e10"), "i2i1"),
        "e10f10",
    );
    assert_eq!(
        castlings(&q),
        strs(&["f1e1b1f1", "f1d1b1e1", "f1c1b1d1", "f1b1b1c1"])
    );
    let q = after(
        &after(&after(&after(&p, "f1f2"), "f10e10"), "f2f1"),
        "e10f10",
    );
    assert_eq!(castlings(&q), strs(&[]));
}

#[test]
fn t_castling_rights_are_lost_when_the_rook_is_captured_by_a_side_effect() {
    // A black Bomber on i3 takes the i2 pawn and the i1 rook together
    // (compulsory double capture): White keeps only the queen-side right.
    let p = pos(&fen_of(
        &[
            ("f1", 'K'),
            ("b1", 'R'),
            ("i1", 'R'),
            ("i2", 'P'),
            ("f10", 'k'),
            ("i3", 'o'),
        ],
        'b',
        "KQ",
        "",
    ));
    assert_eq!(captured(&p, "i3i1"), strs(&["i1", "i2"]));
    let q = after(&p, "i3i1");
    assert!(q.fen().contains(" Q - "), "{}", q.fen());
}

#[test]
fn t_castling_square_attacked_by_a_side_effect_capture() {
    // B.8 "attacked square": the King placed on g1 would be taken by a
    // black Cannon on g10 over the white g2 pawn, so castlings 1, 3 and 5
    // (which land on or pass g1) are illegal.
    let p = p2_with(&[("g10", 'c'), ("g2", 'P')]);
    assert_eq!(
        castlings(&p),
        strs(&["f1e1b1f1", "f1d1b1e1", "f1c1b1d1", "f1b1b1c1"])
    );
    // A black Bomber on g3: the King placed on g1 would go in the double
    // capture of g2 and g1.
    let p = p2_with(&[("g3", 'o'), ("g2", 'P')]);
    assert_eq!(
        castlings(&p),
        strs(&["f1e1b1f1", "f1d1b1e1", "f1c1b1d1", "f1b1b1c1"])
    );
}

// ----------------------------------------------------------- B.6 drops

#[test]
fn t_cannon_and_bomber_drop_on_any_empty_back_rank_square() {
    let p = pos("4k5/10/10/10/10/10/10/10/PPPPPPPPPP/1R2K2R2[CO] w - - 0 1");
    let drops: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('@')).collect();
    let mut expected = Vec::new();
    for f in ['a', 'c', 'd', 'f', 'g', 'i', 'j'] {
        expected.push(format!("C@{f}1"));
        expected.push(format!("O@{f}1"));
    }
    expected.sort();
    assert_eq!(drops, expected);
}

#[test]
fn t_black_drops_on_rank_10_and_ninja_pawns_on_rank_9() {
    let p = pos("rnbqkbnrr1/ppppppppp1/10/10/10/10/10/10/10/4K5[cj] b - - 0 1");
    let drops: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops, strs(&["C@j10", "J@j9", "J@j8", "J@j7", "J@j6"]));
}

#[test]
fn t_drop_may_block_a_check() {
    let p = pos("k3r5/10/10/10/10/10/10/10/PPPP1PPPPP/4K5[CJ] w - - 0 1");
    assert!(p.is_check());
    let drops: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops, strs(&["J@e2", "J@e3", "J@e4", "J@e5"]));
}

#[test]
fn t_drop_may_give_check() {
    // A Cannon dropped on e1 checks the black king on e10 over the e2 pawn.
    let p = pos("4k5/10/10/10/10/10/10/10/4P5/5K4[C] w - - 0 1");
    let q = after(&p, "C@e1");
    assert!(q.is_check());
}

#[test]
fn t_drop_may_not_leave_the_king_in_check() {
    let p = pos("k3r5/10/10/10/10/10/10/10/10/4K5[C] w - - 0 1");
    let drops: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops, strs(&[]));
}

#[test]
fn t_ninja_pawn_push_stops_at_the_first_occupied_square() {
    let p = pos("4k5/10/10/10/10/10/2n7/10/PP1PPPPPPP/4K5[J] w - - 0 1");
    let drops: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops, strs(&["J@c2", "J@c3"]));
}

#[test]
fn t_captured_pieces_never_return_to_hand_and_drops_reset_the_clock() {
    let p = pos("4k5/10/10/10/10/10/10/10/10/4K2Rr1[C] w - - 7 9");
    let q = after(&p, "h1i1");
    assert!(q.fen().contains("[C]"), "{}", q.fen());
    let r = after(&p, "C@a1");
    assert!(r.fen().ends_with("[] b - - 0 9"), "{}", r.fen());
}

#[test]
fn t_ninja_pawn_moves_reset_the_clock() {
    let p = pos("4k5/10/10/10/10/10/10/10/3J6/9K[] w - - 7 9");
    assert!(after(&p, "d2c2").fen().ends_with(" 0 9"));
}

// --------------------------------------------------------- B.9 game end

#[test]
fn t_checkmate_by_a_bomber_and_stalemate() {
    // The white Bomber on c10 hits a10 at distance 2 and b10 by flying over
    // it; the white King on b8 covers a9 and b9.
    let mate = pos("k1O7/10/1K8/10/10/10/10/10/10/10[] b - - 0 1");
    assert!(mate.is_check());
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Checkmate
        }),
        "{:?}",
        moves(&mate)
    );
    let stale = pos("k9/2Q7/10/10/10/10/10/10/10/9K[] b - - 0 1");
    assert_eq!(
        stale.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Stalemate
        }),
        "{:?}",
        moves(&stale)
    );
}
