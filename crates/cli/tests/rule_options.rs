//! Rule options on the command line (`perft`/`moves --option NAME=VALUE`)
//! and UCI `go perft`, which must count what `menagerie perft` counts.

use crate::common;

use common::{menagerie, text, MENAGERIE};
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `menagerie uci` with `lines` on its input; returns what it printed.
fn uci(lines: &[String]) -> String {
    let mut child = Command::new(MENAGERIE)
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run menagerie uci");
    let mut input = child.stdin.take().unwrap();
    for l in lines {
        writeln!(input, "{l}").unwrap();
    }
    writeln!(input, "quit").unwrap();
    drop(input);
    text(&child.wait_with_output().unwrap().stdout)
}

const DETONATOR_AMONG_OWN_MEN: &str = "k9/10/10/10/4p5/3PXP4/4P5/10/10/K9[] w - - 0 1";

#[test]
fn an_option_changes_perft_as_the_golden_file_says() {
    let plain = menagerie(&[
        "perft",
        "--variant",
        "wreckage",
        "--fen",
        DETONATOR_AMONG_OWN_MEN,
        "3",
    ]);
    assert_eq!(
        text(&plain.stdout).lines().last(),
        Some("Nodes searched: 6288")
    );
    let with = menagerie(&[
        "perft",
        "--variant",
        "wreckage",
        "--fen",
        DETONATOR_AMONG_OWN_MEN,
        "--option",
        "detonator_hits_friendly=true",
        "3",
    ]);
    assert!(with.status.success(), "{}", text(&with.stderr));
    assert_eq!(
        text(&with.stdout).lines().last(),
        Some("Nodes searched: 6321")
    );
}

#[test]
fn moves_takes_options_and_the_old_wounds_name() {
    for name in ["draw_rules", "wounds_draw_rules"] {
        let o = menagerie(&[
            "moves",
            "--variant",
            "wounds",
            "--option",
            &format!("{name}=true"),
        ]);
        assert!(o.status.success(), "{name}: {}", text(&o.stderr));
        assert_eq!(
            text(&o.stdout).lines().count(),
            26,
            "{name}: wounds.perft says 26 at depth 1"
        );
    }
}

#[test]
fn a_bad_option_exits_2_with_one_line_naming_it() {
    for (args, names) in [
        (
            vec![
                "perft",
                "--variant",
                "wreckage",
                "--option",
                "bogus=true",
                "1",
            ],
            "bogus",
        ),
        (
            vec!["perft", "--option", "freeze_affects_friendly=true", "1"],
            "freeze_affects_friendly",
        ),
        (
            vec!["perft", "--option", "draw_rules=maybe", "1"],
            "draw_rules",
        ),
        (vec!["moves", "--option", "draw_rules"], "draw_rules"),
    ] {
        let o = menagerie(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = text(&o.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(names), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

/// `go perft` prints `move: count` lines, a blank line and `Nodes searched: N`.
fn uci_perft(variant: &str, fen: Option<&str>, options: &[&str], depth: u32) -> String {
    let mut lines = vec![
        "uci".to_string(),
        format!("setoption name UCI_Variant value {variant}"),
    ];
    for o in options {
        let (name, value) = o.split_once('=').unwrap();
        lines.push(format!("setoption name {name} value {value}"));
    }
    lines.push(match fen {
        Some(f) => format!("position fen {f}"),
        None => "position startpos".into(),
    });
    lines.push(format!("go perft {depth}"));
    lines.push("isready".into());
    let out = uci(&lines);
    let start = out.find("uciok").expect("uciok") + "uciok".len();
    let end = out.find("readyok").expect("readyok");
    out[start..end]
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("info"))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn uci_go_perft_counts_as_the_command_line_does_in_every_game() {
    let cases: [(&str, Option<&str>, Option<&str>); 9] = [
        ("chess", None, None),
        ("wreckage", None, None),
        ("carnage", None, None),
        ("air-and-trench", None, None),
        ("longer-board", None, None),
        ("wounds", None, Some("draw_rules=true")),
        (
            "wreckage",
            Some(DETONATOR_AMONG_OWN_MEN),
            Some("detonator_hits_friendly=true"),
        ),
        (
            "carnage",
            Some("k9/10/10/10/4p5/3PTP4/4P5/10/10/K9[] w - - 0 1"),
            Some("freeze_affects_friendly=true"),
        ),
        (
            "longer-board",
            Some("k7/8/8/8/8/8/8/3LL3/3BQ3/4K3 w - - 0 1"),
            Some("wall_pass_over_straight_only=true"),
        ),
    ];
    for (variant, fen, option) in cases {
        let options: Vec<&str> = option.into_iter().collect();
        let from_uci = uci_perft(variant, fen, &options, 2);
        let mut args = vec!["perft", "--variant", variant, "--divide"];
        if let Some(f) = fen {
            args.extend(["--fen", f]);
        }
        for o in &options {
            args.extend(["--option", o]);
        }
        args.push("2");
        let cli = menagerie(&args);
        assert!(cli.status.success(), "{variant}: {}", text(&cli.stderr));
        assert_eq!(from_uci, text(&cli.stdout), "{variant} {fen:?} {option:?}");
        assert!(
            from_uci.contains("Nodes searched: "),
            "{variant}: {from_uci}"
        );
    }
}
