//! The command-line contract of the notation spec, section 5.

use crate::common;

use common::{menagerie, stderr, stdout, MENAGERIE};

#[test]
fn perft_prints_nodes_searched_last() {
    let o = menagerie(&["perft", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("Nodes searched: 8902"));
}

#[test]
fn perft_divide_lists_root_moves_then_total() {
    let o = menagerie(&["perft", "--divide", "2"]);
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines.contains(&"e2e4: 20"));
    assert_eq!(lines[20], "Nodes searched: 400");
    let mut moves: Vec<&str> = lines[..20].to_vec();
    moves.sort_unstable();
    assert_eq!(
        moves,
        lines[..20].to_vec(),
        "divide lines are in byte order"
    );
}

#[test]
fn moves_are_sorted_in_byte_order() {
    let o = menagerie(&["moves", "--variant", "wreckage"]);
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 36);
    let mut sorted = lines.clone();
    sorted.sort_unstable();
    assert_eq!(lines, sorted);
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        vec!["perft", "--fen", "not a fen", "1"],
        vec!["perft", "--variant", "nonesuch", "1"],
        vec!["perft", "deep"],
        vec!["perft", "-1"],
        vec!["moves", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
        vec!["frobnicate"],
        vec!["perft"],
    ] {
        let o = menagerie(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

#[test]
fn every_built_in_variant_has_the_documented_perft_1() {
    for (variant, n) in [
        ("chess", 20),
        ("wreckage", 36),
        ("carnage", 36),
        ("air-and-trench", 36),
        ("longer-board", 22),
        ("wounds", 26),
    ] {
        let o = menagerie(&["perft", "--variant", variant, "1"]);
        assert_eq!(
            stdout(&o).trim(),
            format!("Nodes searched: {n}"),
            "{variant}"
        );
    }
}

/// Issue #14: `perft --fen` reads the Changeling phase that a custom setup's
/// own play reaches (`Y` when only `Z` is picked, `z` when only `Y` is).
#[test]
fn a_changeling_setup_reads_the_phase_its_play_reaches() {
    for (variant, before, mv, after, nodes) in [
        (
            "pick-the-piece:slots=Z,Q",
            "zrnbqkbnrq/1ppppppppp/p9/10/10/10/1P8/10/P1PPPPPPPP/ZRNBQKBNRQ w KQkq - 0 2",
            "a1b2: 1",
            "zrnbqkbnrq/1ppppppppp/p9/10/10/10/1P8/10/PYPPPPPPPP/1RNBQKBNRQ b KQkq - 1 2",
            "Nodes searched: 1156",
        ),
        (
            "pick-the-piece:slots=Y,Q",
            "yrnbqkbnrq/1ppppppppp/p9/10/10/10/10/PP8/2PPPPPPPP/YRNBQKBNRQ b KQkq - 0 2",
            "a10a9: 1",
            "1rnbqkbnrq/zppppppppp/p9/10/10/10/10/PP8/2PPPPPPPP/YRNBQKBNRQ w KQkq - 1 3",
            "Nodes searched: 1292",
        ),
    ] {
        let o = menagerie(&[
            "perft",
            "--variant",
            variant,
            "--fen",
            before,
            "--divide",
            "1",
        ]);
        assert!(o.status.success(), "{variant}: {}", stderr(&o));
        assert!(stdout(&o).lines().any(|l| l == mv), "{variant}: no {mv}");
        let o = menagerie(&["perft", "--variant", variant, "--fen", after, "2"]);
        assert!(o.status.success(), "{variant}: {}", stderr(&o));
        assert_eq!(stdout(&o).lines().last(), Some(nodes), "{variant}");
    }
}

#[test]
fn a_match_gives_an_external_engine_no_move_overhead() {
    let dir = std::env::temp_dir().join(format!("menagerie-uci-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let heard = dir.join("heard.txt");
    let engine = format!("uci:tee {} | {} uci", heard.display(), MENAGERIE);
    let out_file = dir.join("match.pgn");
    let o = menagerie(&[
        "match",
        &engine,
        "random",
        "--games",
        "2",
        "--nodes",
        "200",
        "--max-plies",
        "20",
        "--out",
        out_file.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let heard = std::fs::read_to_string(&heard).unwrap();
    assert!(
        heard.contains("setoption name Move Overhead value 0"),
        "{heard}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn record_check_reads_variations_and_reports_a_bad_one() {
    let dir = std::env::temp_dir().join(format!("menagerie-record-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("annotated.pgn");
    std::fs::write(
        &file,
        "[Event \"?\"]\n[Variant \"wreckage\"]\n\n\
         1. e2e5 {[%eval 0.20]} e9e6 $6 (1... e9e7 {[%eval 0.10]} 2. J@e4 $1) 2. d2d4 *\n\n\
         [Event \"?\"]\n\n1. e2e4 e7e5 (1... e7e4) *\n",
    )
    .unwrap();
    let o = menagerie(&["record", "check", file.to_str().unwrap()]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(o.status.code(), Some(2), "{out}");
    assert!(
        lines[0].starts_with("game 1: ok, wreckage, 3 plies, 1 variation, *"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("game 2, line 8, move 1...: in a variation: "),
        "{out}"
    );
    assert_eq!(lines[2], "2 games, 1 good, 1 bad");
    std::fs::remove_dir_all(&dir).ok();
}
