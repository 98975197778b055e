//! Players' own Pick the Piece setups (`docs/pick-the-piece-custom.md`):
//! the inline form and TOML files resolve to one interned variant, the
//! example files play, promotion and drops follow the chosen pieces, every
//! bad setup is refused with an error naming the offending entry, garbage
//! never panics, and each custom setup has golden perft data checked against
//! the naive reference generator.

use crate::common;
use crate::pick_support;

use menagerie_games::pick_the_piece::{air_and_trench, SetupProblem};
use menagerie_games::{resolve, VariantError};
use menagerie_rules::perft::{perft, perft_reference};
use menagerie_rules::{notation, Color, Position, Role, Square, Variant, VariantRef};
use proptest::prelude::*;
use std::path::PathBuf;

const FILES: [&str; 3] = [
    "pick-bombers-and-cannons.perft",
    "pick-knights-of-daniel.perft",
    "pick-queen-and-guard.perft",
];

fn example(name: &str) -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/pick-the-piece");
    root.join(name).to_string_lossy().into_owned()
}

fn variant(spec: &str) -> VariantRef {
    resolve(spec).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn same(a: &VariantRef, b: &VariantRef) -> bool {
    VariantRef::ptr_eq(a, b)
}

/// Checks every line of a custom perft file within `limit` (the variant line
/// goes through `resolve`); returns how many lines ran.
fn check_custom_perft_file(name: &str, limit: u64) -> usize {
    let mut ran = 0;
    for case in common::read_perft_file(name) {
        let v = variant(&case.variant);
        let pos = Position::from_fen(v, &case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        assert_eq!(pos.fen(), case.fen, "{}: FEN round trip", case.id);
        for &(depth, nodes) in case.lines.iter().filter(|l| l.1 <= limit) {
            assert_eq!(perft(&pos, depth), nodes, "{} perft({depth})", case.id);
            ran += 1;
        }
    }
    assert!(ran > 0, "{name}: no perft line ran");
    ran
}

// ------------------------------------------------------------- perft

#[test]
fn custom_perft_within_node_limit() {
    for file in FILES {
        check_custom_perft_file(file, common::node_limit());
    }
}

#[test]
#[ignore = "deep: runs every line of the custom suites (minutes)"]
fn custom_perft_full() {
    for file in FILES {
        check_custom_perft_file(file, u64::MAX);
    }
}

#[test]
fn custom_reference_perft_matches_small_depths() {
    for file in FILES {
        for case in common::read_perft_file(file) {
            let pos = Position::from_fen(variant(&case.variant), &case.fen).unwrap();
            for &(depth, nodes) in case.lines.iter().filter(|l| l.0 <= 2) {
                assert_eq!(perft_reference(&pos, depth), nodes, "{} {file}", case.id);
            }
        }
    }
}

#[test]
fn custom_reference_agrees_on_random_playouts() {
    for file in FILES {
        for case in common::read_perft_file(file) {
            let pos = Position::from_fen(variant(&case.variant), &case.fen).unwrap();
            common::random_playouts(&pos, 3, 50, case.fen.len() as u64 ^ 0x5eed);
        }
    }
}

#[test]
fn a_toml_setup_plays_through_perft_3() {
    let v = variant(&example("bombers-and-cannons.toml"));
    assert_eq!(perft(&Position::start(v), 3), 57114);
}

// ------------------------------------------------------- resolution

#[test]
fn built_in_names_resolve_to_the_built_in_games() {
    assert!(same(&variant("air-and-trench"), &air_and_trench()));
    for name in menagerie_games::NAMES {
        assert!(same(
            &variant(name),
            &menagerie_games::by_name(name).unwrap()
        ));
    }
}

#[test]
fn the_recommended_game_spelled_out_is_air_and_trench() {
    assert!(same(
        &variant("pick-the-piece:slots=A,A;drops=C,O,J3"),
        &air_and_trench()
    ));
    assert!(same(
        &variant(&example("air-and-trench.toml")),
        &air_and_trench()
    ));
}

#[test]
fn example_files_equal_their_inline_forms() {
    for (file, inline) in [
        (
            "bombers-and-cannons.toml",
            "pick-the-piece:slots=O,C;drops=N,A,J2",
        ),
        (
            "knights-of-daniel.toml",
            "pick-the-piece:slots=W,F;drops=C,J3",
        ),
        ("queen-and-guard.toml", "pick-the-piece:slots=Q,A"),
    ] {
        let from_file = variant(&example(file));
        assert_eq!(from_file.key, inline, "{file}");
        let by_inline = variant(inline);
        assert_eq!(by_inline.start_fen, from_file.start_fen, "{file}");
        assert_eq!(by_inline.promotion, from_file.promotion, "{file}");
    }
}

#[test]
fn one_setup_one_variant_however_spelled_and_however_often() {
    let first = variant("pick-the-piece:slots=O,C;drops=N,A,J2");
    for spelling in [
        "pick-the-piece:slots=O,C;drops=N,A,J2",
        "pick-the-piece:drops=J2,A,N;slots=O,C",
        "  PICK-THE-PIECE: slots = o , c ; drops = ninja-pawn*2, Ninja Guard, knight ",
        "pick-the-piece:slots=flying-bomber,super-cannon;drops=A1,N1,J2;",
    ] {
        for _ in 0..50 {
            assert!(same(&variant(spelling), &first), "{spelling}");
        }
    }
    assert!(!same(
        &variant("pick-the-piece:slots=C,O;drops=N,A,J2"),
        &first
    ));
}

#[test]
fn toml_file_lookups_are_interned_too() {
    let path = example("knights-of-daniel.toml");
    let first = variant(&path);
    for _ in 0..50 {
        assert!(same(&variant(&path), &first));
    }
    assert_eq!(first.title, "Knights of Daniel");
}

#[test]
fn custom_start_positions() {
    assert_eq!(
        variant("pick-the-piece:slots=O,C;drops=N,A,J2").start_fen,
        "ornbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/ORNBQKBNRC[NAJJnajj] w KQkq - 0 1"
    );
    assert_eq!(
        variant("pick-the-piece:slots=Q,A").start_fen,
        "qrnbqkbnra/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/QRNBQKBNRA w KQkq - 0 1"
    );
}

#[test]
fn a_setup_without_drops_has_no_pocket() {
    let v = variant("pick-the-piece:slots=Q,A;drops=none");
    assert!(!v.has_pockets());
    let err = Position::from_fen(
        v,
        "qrnbqkbnra/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/QRNBQKBNRA[] w KQkq - 0 1",
    )
    .unwrap_err();
    assert!(err.to_string().contains("pocket"), "{err}");
}

fn promotions(v: &VariantRef) -> Vec<String> {
    let pos = Position::from_fen(v, &fen_with_pocket(v, "k9/3P6/10/10/10/10/10/10/10/9K")).unwrap();
    let mut out: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| notation::render(&pos, m))
        .filter(|m| m.starts_with("d9d10"))
        .map(|m| m[5..].to_string())
        .collect();
    out.sort();
    out
}

fn fen_with_pocket(v: &Variant, board: &str) -> String {
    let pocket = if v.has_pockets() { "[]" } else { "" };
    format!("{board}{pocket} w - - 0 1")
}

#[test]
fn promotion_choices_follow_the_chosen_pieces() {
    assert_eq!(
        promotions(&variant("pick-the-piece:slots=O,C;drops=N,A,J2")),
        pick_support::strs(&["q", "r", "b", "n", "o", "c", "a"])
    );
    assert_eq!(
        promotions(&variant("pick-the-piece:slots=W,F;drops=C,J3")),
        pick_support::strs(&["q", "r", "b", "n", "w", "f", "c"])
    );
    assert_eq!(
        promotions(&variant("pick-the-piece:slots=Q,A")),
        pick_support::strs(&["q", "r", "b", "n", "a"])
    );
    assert_eq!(
        promotions(&variant("pick-the-piece:slots=R,R;drops=J")),
        pick_support::strs(&["q", "r", "b", "n"])
    );
}

#[test]
fn chosen_drops_enter_where_the_rules_say() {
    let v = variant("pick-the-piece:slots=O,C;drops=N,A,J2");
    let pos = Position::from_fen(
        v,
        "k9/10/10/10/10/10/10/10/PPPPPPPP1P/KR1RRRRRRR[NJ] w - - 0 1",
    )
    .unwrap();
    let mut drops: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| notation::render(&pos, m))
        .filter(|m| m.contains('@'))
        .collect();
    drops.sort();
    assert_eq!(drops, ["J@i2", "J@i3", "J@i4", "J@i5", "N@c1"]);
}

// -------------------------------------------------------- Changeling

/// Plays `moves` (canonical strings) from `pos`.
fn play(pos: &Position, moves: &[&str]) -> Position {
    moves
        .iter()
        .fold(pos.clone(), |p, mv| pick_support::after(&p, mv))
}

/// `fen` is what `played` writes, reads back to the same position, and
/// perft(2) agrees from both (fast and reference generators).
fn reads_back(played: &Position, fen: &str, nodes: u64) {
    assert_eq!(played.fen(), fen);
    let back = Position::from_fen(played.variant(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(&back, played, "{fen}");
    assert_eq!(perft(&back, 2), nodes, "{fen}");
    assert_eq!(perft(played, 2), nodes, "{fen}");
    assert_eq!(perft_reference(&back, 2), nodes, "{fen}");
}

/// Issue #14: a setup that picks one Changeling phase refused the other
/// phase, which its own play reaches after the Changeling's first move.
#[test]
fn a_changeling_setup_reads_back_the_phase_its_play_reaches() {
    let z = variant("pick-the-piece:slots=Z,Q");
    let before = Position::from_fen(
        z,
        "zrnbqkbnrq/1ppppppppp/p9/10/10/10/1P8/10/P1PPPPPPPP/ZRNBQKBNRQ w KQkq - 0 2",
    )
    .unwrap();
    let after = play(&before, &["a1b2"]);
    reads_back(
        &after,
        "zrnbqkbnrq/1ppppppppp/p9/10/10/10/1P8/10/PYPPPPPPPP/1RNBQKBNRQ b KQkq - 1 2",
        1156,
    );

    let y = variant("pick-the-piece:slots=Y,Q");
    let after = play(&Position::start(y), &["a2a3", "a9a8", "b2b3", "a10a9"]);
    reads_back(
        &after,
        "1rnbqkbnrq/zppppppppp/p9/10/10/10/10/PP8/2PPPPPPPP/YRNBQKBNRQ w KQkq - 1 3",
        1292,
    );
}

#[test]
fn a_setup_with_either_changeling_phase_has_both_as_pieces() {
    let changeling = [Role::ChangelingBishop, Role::ChangelingRook];
    for spec in [
        "pick-the-piece:slots=Z,Q",
        "pick-the-piece:slots=Q,Y",
        "pick-the-piece:slots=Q,Q;drops=Z",
        "pick-the-piece:slots=A,A;drops=Y2,J",
    ] {
        let pieces: Vec<Role> = variant(spec).pieces().collect();
        for phase in changeling {
            assert!(pieces.contains(&phase), "{spec}: {pieces:?}");
        }
    }
    let none: Vec<Role> = variant("pick-the-piece:slots=Q,A;drops=U")
        .pieces()
        .collect();
    assert!(!none.iter().any(|r| changeling.contains(r)), "{none:?}");
}

#[test]
fn a_promoted_changeling_enters_in_the_phase_picked() {
    for (spec, choices) in [
        (
            "pick-the-piece:slots=Z,Q",
            pick_support::strs(&["q", "r", "b", "n", "z"]),
        ),
        (
            "pick-the-piece:slots=Y,Q",
            pick_support::strs(&["q", "r", "b", "n", "y"]),
        ),
        (
            "pick-the-piece:slots=Z,Y",
            pick_support::strs(&["q", "r", "b", "n", "z", "y"]),
        ),
        (
            "pick-the-piece:slots=Q,Q;drops=Y",
            pick_support::strs(&["q", "r", "b", "n", "y"]),
        ),
    ] {
        assert_eq!(promotions(&variant(spec)), choices, "{spec}");
    }
    // The promoted piece is the phase named, and changes phase when it moves.
    let v = variant("pick-the-piece:slots=Y,Q");
    let pos = Position::from_fen(&v, "k9/3P6/10/10/10/10/10/10/10/9K w - - 0 1").unwrap();
    let promoted = play(&pos, &["d9d10y"]);
    let d10 = Square::parse("d10").unwrap();
    assert_eq!(
        promoted.board().get(d10).map(|p| p.role),
        Some(Role::ChangelingRook)
    );
    let moved = play(&promoted, &["a10a9", "d10d9"]);
    let d9 = Square::parse("d9").unwrap();
    assert_eq!(
        moved.board().get(d9).map(|p| p.role),
        Some(Role::ChangelingBishop)
    );
    assert_eq!(Position::from_fen(v, &moved.fen()).as_ref(), Ok(&moved));
}

#[test]
fn a_dropped_changeling_enters_in_the_phase_picked() {
    let v = variant("pick-the-piece:slots=Q,Q;drops=Y,Z");
    assert_eq!(v.key, "pick-the-piece:slots=Q,Q;drops=Z,Y");
    let pos = Position::from_fen(
        &v,
        "k9/10/10/10/10/10/10/10/PPPPPPPPPP/K1R7[YZzy] w - - 0 1",
    )
    .unwrap();
    assert_eq!(
        pos.fen(),
        "k9/10/10/10/10/10/10/10/PPPPPPPPPP/K1R7[ZYzy] w - - 0 1",
        "pocket letters in the order of the drops"
    );
    let dropped = play(&pos, &["Y@e1"]);
    let e1 = Square::parse("e1").unwrap();
    assert_eq!(
        dropped.board().get(e1).map(|p| p.role),
        Some(Role::ChangelingRook)
    );
    assert_eq!(dropped.pocket(Color::White).count(Role::ChangelingRook), 0);
    assert_eq!(
        dropped.pocket(Color::White).count(Role::ChangelingBishop),
        1
    );
    let moved = play(&dropped, &["a10b10", "e1g1"]);
    let g1 = Square::parse("g1").unwrap();
    assert_eq!(
        moved.board().get(g1).map(|p| p.role),
        Some(Role::ChangelingBishop)
    );
    assert_eq!(
        moved.fen(),
        "1k8/10/10/10/10/10/10/10/PPPPPPPPPP/K1R3Z3[Zzy] b - - 2 2"
    );
    assert_eq!(Position::from_fen(v, &moved.fen()).as_ref(), Ok(&moved));
}

// ------------------------------------------------------------ errors

/// Resolves a spec that must fail with a setup error naming `field` and
/// `entry`, and with `problem`.
fn refused(spec: &str, field: &str, entry: &str, problem: &SetupProblem) {
    match resolve(spec) {
        Err(VariantError::Setup { error, .. }) => {
            assert_eq!(
                (&error.field[..], &error.entry[..], &error.problem),
                (field, entry, problem),
                "{spec}"
            );
            let text = VariantError::Setup {
                spec: spec.into(),
                error: error.clone(),
            }
            .to_string();
            assert!(text.contains(field), "{text}");
            assert!(
                text.contains(&format!("{entry:?}")) || entry.is_empty(),
                "{text}"
            );
        }
        other => panic!("{spec}: expected a setup error, got {other:?}"),
    }
}

#[test]
fn unknown_piece_is_named() {
    refused(
        "pick-the-piece:slots=A,Hippogriff",
        "slots",
        "Hippogriff",
        &SetupProblem::UnknownPiece,
    );
    refused(
        "pick-the-piece:slots=A,A;drops=C,E2",
        "drops",
        "E2",
        &SetupProblem::UnknownPiece,
    );
}

#[test]
fn king_in_a_slot_or_in_hand_is_refused() {
    refused(
        "pick-the-piece:slots=K,A",
        "slots",
        "K",
        &SetupProblem::King,
    );
    refused(
        "pick-the-piece:slots=A,A;drops=king",
        "drops",
        "king",
        &SetupProblem::King,
    );
}

#[test]
fn pawns_do_not_go_in_slots_and_pawns_are_not_dropped() {
    refused(
        "pick-the-piece:slots=J,A",
        "slots",
        "J",
        &SetupProblem::PawnInSlot,
    );
    refused(
        "pick-the-piece:slots=A,pawn",
        "slots",
        "pawn",
        &SetupProblem::PawnInSlot,
    );
    refused(
        "pick-the-piece:slots=A,A;drops=P2",
        "drops",
        "P2",
        &SetupProblem::PawnDrop,
    );
}

#[test]
fn a_wall_is_not_a_single_square_piece() {
    refused(
        "pick-the-piece:slots=L,A",
        "slots",
        "L",
        &SetupProblem::Wall,
    );
}

#[test]
fn too_many_drops_are_refused() {
    refused(
        "pick-the-piece:slots=A,A;drops=C5,J6",
        "drops",
        "C5,J6",
        &SetupProblem::TooManyDrops { total: 11 },
    );
    refused(
        "pick-the-piece:slots=A,A;drops=J11",
        "drops",
        "J11",
        &SetupProblem::BadCount,
    );
    refused(
        "pick-the-piece:slots=A,A;drops=J0",
        "drops",
        "J0",
        &SetupProblem::BadCount,
    );
    refused(
        "pick-the-piece:slots=A,A;drops=J99999999999999999999999",
        "drops",
        "J99999999999999999999999",
        &SetupProblem::BadCount,
    );
}

#[test]
fn duplicate_drop_entries_are_refused() {
    refused(
        "pick-the-piece:slots=A,A;drops=C,cannon",
        "drops",
        "cannon",
        &SetupProblem::Duplicate,
    );
    refused(
        "pick-the-piece:slots=A,A;drops=Z,changeling",
        "drops",
        "changeling",
        &SetupProblem::Duplicate,
    );
}

#[test]
fn shape_errors_of_the_inline_form() {
    refused(
        "pick-the-piece:slots=A",
        "slots",
        "A",
        &SetupProblem::SlotCount { found: 1 },
    );
    refused(
        "pick-the-piece:slots=A,A,A",
        "slots",
        "A,A,A",
        &SetupProblem::SlotCount { found: 3 },
    );
    refused(
        "pick-the-piece:drops=C",
        "slots",
        "",
        &SetupProblem::Missing,
    );
    refused("pick-the-piece:", "slots", "", &SetupProblem::Missing);
    refused(
        "pick-the-piece:slots=A,A;pieces=C",
        "setup",
        "pieces=C",
        &SetupProblem::UnknownField,
    );
    refused(
        "pick-the-piece:slots=A,A;slots=C,C",
        "slots",
        "slots=C,C",
        &SetupProblem::RepeatedField,
    );
    refused(
        "pick-the-piece:slots=A,A;C",
        "setup",
        "C",
        &SetupProblem::Malformed,
    );
}

#[test]
fn unknown_variant_names_list_the_choices() {
    let e = resolve("air-and-trenches").unwrap_err();
    assert_eq!(
        e,
        VariantError::Unknown {
            spec: "air-and-trenches".into()
        }
    );
    let text = e.to_string();
    assert!(
        text.contains("air-and-trench,") && text.contains("pick-the-piece:"),
        "{text}"
    );
}

/// Writes `text` to a fresh file in the temporary directory.
fn temp_toml(tag: &str, text: &str) -> String {
    let path =
        std::env::temp_dir().join(format!("menagerie-pick-{}-{tag}.toml", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn toml_setup_errors_name_the_entry() {
    let king = temp_toml("king", "[slots]\na1 = \"A\"\nj1 = \"King\"\n");
    refused(&king, "slots.j1", "King", &SetupProblem::King);
    let count = temp_toml(
        "count",
        "[slots]\na1 = \"A\"\nj1 = \"A\"\n[drops]\nQ = 11\n",
    );
    refused(&count, "drops.Q", "Q = 11", &SetupProblem::BadCount);
    let many = temp_toml(
        "many",
        "[slots]\na1 = \"A\"\nj1 = \"A\"\n[drops]\nQ = 6\nninja-pawn = 6\n",
    );
    refused(
        &many,
        "drops",
        "",
        &SetupProblem::TooManyDrops { total: 12 },
    );
    let unknown = temp_toml(
        "unknown",
        "[slots]\na1 = \"A\"\nj1 = \"A\"\n[drops]\nunicorn = 1\n",
    );
    refused(
        &unknown,
        "drops.unicorn",
        "unicorn = 1",
        &SetupProblem::UnknownPiece,
    );
    let missing = temp_toml("missing", "[slots]\na1 = \"A\"\n");
    refused(&missing, "slots.j1", "", &SetupProblem::Missing);
    let no_slots = temp_toml("noslots", "name = \"x\"\n");
    refused(&no_slots, "slots", "", &SetupProblem::Missing);
    let duplicate = temp_toml(
        "dup",
        "[slots]\na1 = \"A\"\nj1 = \"A\"\n[drops]\nC = 1\ncannon = 1\n",
    );
    match resolve(&duplicate) {
        Err(VariantError::Setup { error, .. }) => {
            assert_eq!(error.problem, SetupProblem::Duplicate);
            assert!(error.field == "drops.C" || error.field == "drops.cannon");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn malformed_toml_is_reported_with_line_and_key() {
    let broken = temp_toml("broken", "[slots\na1 = \"A\"\n");
    match resolve(&broken) {
        Err(VariantError::MalformedToml { problem, .. }) => {
            assert!(problem.starts_with("line 1, column 7:"), "{problem}");
        }
        other => panic!("{other:?}"),
    }
    let typo = temp_toml("typo", "[slots]\na1 = \"A\"\nj1 = \"A\"\nb1 = \"R\"\n");
    match resolve(&typo) {
        Err(e @ VariantError::MalformedToml { .. }) => {
            let text = e.to_string();
            assert!(text.contains("line 4") && text.contains("`b1`"), "{text}");
            assert!(!text.contains('\n'), "one line: {text}");
        }
        other => panic!("{other:?}"),
    }
    let wrong_type = temp_toml(
        "type",
        "[slots]\na1 = \"A\"\nj1 = \"A\"\n[drops]\nJ = \"three\"\n",
    );
    match resolve(&wrong_type) {
        Err(e @ VariantError::MalformedToml { .. }) => {
            assert!(e.to_string().contains("line 5"), "{e}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn unreadable_setup_file() {
    let e = resolve("/nonexistent/dir/setup.toml").unwrap_err();
    assert!(
        matches!(&e, VariantError::Unreadable { path, .. } if path == "/nonexistent/dir/setup.toml"),
        "{e:?}"
    );
}

// ---------------------------------------------------------- garbage

fn garbage_spec() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,60}",
        "pick-the-piece:[a-zA-Z0-9=;,* _-]{0,40}",
        "pick-the-piece:slots=[A-Za-z0-9]{0,3},[A-Za-z0-9]{0,3};drops=[A-Za-z0-9,*]{0,20}",
        "[a-z/]{0,12}\\.toml",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn garbage_specs_never_panic(spec in garbage_spec()) {
        match resolve(&spec) {
            Ok(v) => {
                let pos = Position::start(&v);
                prop_assert!(!pos.legal_moves().is_empty());
                prop_assert!(same(&resolve(&spec).unwrap(), &v));
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}
