//! Movement diagrams computed by the move generator, checked against what
//! the rules documents say each piece does.

use menagerie_rules::diagram::{movement, Diagram, MarkKind, SIZE};
use menagerie_rules::{Role, Square, VariantRef};

fn game(key: &str) -> VariantRef {
    menagerie_games::by_name(key).expect("a game of the catalogue")
}

fn diagram(key: &str, role: Role) -> Diagram {
    movement(&game(key), role).expect("a diagram")
}

/// The diagram as text, rank 7 first: `.` nothing, `o` moves only, `*`
/// moves or captures, `x` captures only, `t` side-effect capture, `b`
/// blast, `f` freeze, letters for pieces.
fn picture(d: &Diagram) -> String {
    let mut out = String::new();
    for r in (0..SIZE).rev() {
        for f in 0..SIZE {
            let sq = Square::new(f, r).unwrap();
            let piece = d
                .pieces
                .iter()
                .find(|(s, _)| *s == sq)
                .map(|(_, p)| p.letter());
            let mark = d
                .marks
                .iter()
                .find(|m| m.square == sq)
                .map(|m| match m.kind {
                    MarkKind::MoveOnly => 'o',
                    MarkKind::Move => '*',
                    MarkKind::Capture => 'x',
                    MarkKind::Taken => 't',
                    MarkKind::Blast => 'b',
                    MarkKind::Freeze => 'f',
                });
            out.push(piece.or(mark).unwrap_or('.'));
        }
        out.push('\n');
    }
    out
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("a square name")
}

fn marks(d: &Diagram, kind: MarkKind) -> Vec<Square> {
    d.marks
        .iter()
        .filter(|m| m.kind == kind)
        .map(|m| m.square)
        .collect()
}

fn names(squares: &[Square]) -> Vec<String> {
    squares.iter().map(ToString::to_string).collect()
}

#[test]
fn the_queen_reaches_and_captures_along_all_eight_lines() {
    let d = diagram("chess", Role::Queen);
    assert_eq!(marks(&d, MarkKind::Move).len(), 24, "{}", picture(&d));
    assert_eq!(d.marks.len(), 24);
    assert_eq!(d.pieces.len(), 1, "kings stay outside the window");
}

#[test]
fn the_pawn_steps_and_double_steps_and_captures_diagonally() {
    let d = diagram("chess", Role::Pawn);
    assert_eq!(
        names(&marks(&d, MarkKind::MoveOnly)),
        ["d3", "d4"],
        "{}",
        picture(&d)
    );
    assert_eq!(names(&marks(&d, MarkKind::Capture)), ["c3", "e3"]);
    let wreckage = diagram("wreckage", Role::Pawn);
    assert_eq!(
        names(&marks(&wreckage, MarkKind::MoveOnly)),
        ["d3", "d4", "d5"],
        "to the middle rank"
    );
    let longer = diagram("longer-board", Role::Pawn);
    assert_eq!(
        longer.pieces[0].0,
        sq("d3"),
        "Longer Board pawns start on the third rank"
    );
}

#[test]
fn the_dragon_never_lands_on_a_capture() {
    let d = diagram("wreckage", Role::Dragon);
    let p = picture(&d);
    assert!(
        marks(&d, MarkKind::Move).is_empty() && marks(&d, MarkKind::Capture).is_empty(),
        "{p}"
    );
    let taken = marks(&d, MarkKind::Taken);
    for s in ["d5", "d6", "d7", "c4", "e4"] {
        assert!(taken.contains(&sq(s)), "{s}: approach or withdrawal\n{p}");
    }
    for s in ["d3", "d2", "c3", "b3", "c6"] {
        assert!(!taken.contains(&sq(s)), "{s}: no capture there\n{p}");
    }
    assert!(
        marks(&d, MarkKind::MoveOnly).contains(&sq("c6")),
        "a knight leap\n{p}"
    );
}

#[test]
fn the_detonator_blasts_its_eight_neighbours_and_the_freeze_freezes_them() {
    let ring = ["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"].map(sq);
    let d = diagram("wreckage", Role::Detonator);
    let mut blast = marks(&d, MarkKind::Blast);
    blast.sort();
    let mut want = ring.to_vec();
    want.sort();
    assert_eq!(blast, want, "{}", picture(&d));
    let f = diagram("carnage", Role::Freeze);
    let mut frozen = marks(&f, MarkKind::Freeze);
    frozen.sort();
    assert_eq!(frozen, want, "{}", picture(&f));
}

#[test]
fn the_cannon_captures_over_its_screen() {
    let d = diagram("air-and-trench", Role::Cannon);
    assert_eq!(d.pieces.len(), 2, "the cannon and its screen");
    assert_eq!(
        names(&marks(&d, MarkKind::Capture)),
        ["d7"],
        "{}",
        picture(&d)
    );
    assert!(
        marks(&d, MarkKind::Move).is_empty(),
        "it never captures by sliding onto a piece"
    );
}

#[test]
fn the_wall_is_two_squares_and_moves_as_one() {
    let d = diagram("longer-board", Role::Wall);
    let halves: Vec<Square> = d.pieces.iter().map(|(s, _)| *s).collect();
    assert_eq!(names(&halves), ["d4", "e4"]);
    let m = marks(&d, MarkKind::Move);
    for s in ["d1", "e1", "d7", "e7", "c4", "f4"] {
        assert!(m.contains(&sq(s)), "{s}\n{}", picture(&d));
    }
    assert!(!m.contains(&sq("b4")), "one square sideways only");
    assert!(
        d.marks.iter().all(|mk| !halves.contains(&mk.square)),
        "no mark under the Wall"
    );
}

#[test]
fn a_king_steps_one_square_in_every_game() {
    for key in ["chess", "wreckage", "longer-board", "wounds"] {
        let d = diagram(key, Role::King);
        assert_eq!(marks(&d, MarkKind::Move).len(), 8, "{key}\n{}", picture(&d));
    }
}

#[test]
fn every_piece_of_every_game_has_a_diagram_showing_it_and_somewhere_to_go() {
    for v in menagerie_games::all() {
        for r in Role::ALL.into_iter().filter(|&r| v.roles.contains(r)) {
            let d = movement(&v, r).unwrap_or_else(|| panic!("{} {r:?}", v.key));
            assert!(d.pieces.iter().any(|(_, p)| p.role == r), "{} {r:?}", v.key);
            assert!(!d.marks.is_empty(), "{} {r:?}\n{}", v.key, picture(&d));
        }
    }
}
