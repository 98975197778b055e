//! `menagerie match` with clocks (`--tc BASE+INC`) and UCI options on
//! `uci:` players (issue #22): the built binary, run as a user runs it.

use crate::common;

use common::{menagerie, stderr, stdout, MENAGERIE};
use std::path::{Path, PathBuf};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("menagerie-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("make a scratch directory");
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temporary path")
}

#[test]
fn a_clocked_match_completes_without_time_losses() {
    let dir = scratch("clock-match");
    let pgn = dir.join("match.pgn");
    let o = menagerie(&[
        "match",
        "--tc",
        "1+0.05",
        "--games",
        "2",
        "--max-plies",
        "200",
        "--out",
        path(&pgn),
        "engine",
        "random",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("Score of engine vs random: 2 - 0 - 0  [1.000]  2"),
        "{out}"
    );
    assert!(out.contains("Time losses: engine 0, random 0"), "{out}");
    let record = std::fs::read_to_string(&pgn).expect("the record");
    assert_eq!(
        record.matches("[TimeControl \"1+0.05\"]").count(),
        2,
        "{record}"
    );
    assert!(!record.contains("time forfeit"), "{record}");
    // Under clocks every move's comment ends with the seconds it took,
    // the engine's after its score, the random mover's alone.
    let comments: Vec<&str> = record
        .split('{')
        .skip(1)
        .map(|c| c.split('}').next().unwrap_or(""))
        .collect();
    assert!(comments.len() >= 20, "{record}");
    for c in &comments {
        let seconds: f64 = c
            // The writer wraps long lines, inside comments too.
            .split_whitespace()
            .last()
            .and_then(|t| t.strip_suffix('s'))
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("no time in {c:?}"));
        assert!((0.0..1.5).contains(&seconds), "{c:?}");
    }
    assert!(comments.iter().any(|c| c.contains('/')), "{record}");
    assert!(comments.iter().any(|c| !c.contains('/')), "{record}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A UCI engine that answers every `go` after half a second: with 0.2 s on
/// its clock it must lose every game on time, whichever colour it has
/// (its moves are never even looked at).
const SLOWPOKE: &str = r#"while read -r line; do
  case "$line" in
    uci) echo "id name slowpoke"; echo "uciok" ;;
    isready) echo "readyok" ;;
    "position "*" moves "*) reply=e7e5 ;;
    position*) reply=e2e4 ;;
    go*) sleep 0.5; echo "bestmove $reply" ;;
    quit) exit 0 ;;
  esac
done
"#;

#[test]
fn a_move_after_the_flag_falls_loses_on_time() {
    let dir = scratch("clock-forfeit");
    let script = dir.join("slowpoke.sh");
    std::fs::write(&script, SLOWPOKE).expect("write the stub engine");
    let slow = format!("uci:sh {}", path(&script));
    let pgn = dir.join("match.pgn");
    let o = menagerie(&[
        "match",
        "--tc",
        "0.2+0",
        "--tc-margin",
        "50",
        "--opening-plies",
        "0",
        "--games",
        "2",
        "--out",
        path(&pgn),
        "engine",
        &slow,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(&format!("Score of engine vs {slow}: 2 - 0 - 0")),
        "{out}"
    );
    assert!(
        out.contains(&format!("Time losses: engine 0, {slow} 2")),
        "{out}"
    );
    let record = std::fs::read_to_string(&pgn).expect("the record");
    assert_eq!(
        record.matches("[Termination \"time forfeit\"]").count(),
        2,
        "{record}"
    );
    // The slow engine had White in the second game and lost before a move.
    assert!(record.contains("[Result \"0-1\"]"), "{record}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_option_the_engine_does_not_announce_exits_2_naming_it() {
    let engine = format!("uci:{MENAGERIE} uci?Nonesuch Knob=3");
    let o = menagerie(&["match", "--games", "2", "--nodes", "100", &engine, "random"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("\"Nonesuch Knob\""), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");

    let engine = format!("uci:{MENAGERIE} uci");
    let o = menagerie(&[
        "match",
        "--games",
        "2",
        "--nodes",
        "100",
        "--option-b",
        "Frobnication=on",
        "random",
        &engine,
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("\"Frobnication\""), "{}", stderr(&o));
}

#[test]
fn announced_options_are_set_before_isready_and_clocks_are_sent() {
    let dir = scratch("clock-options");
    let heard = dir.join("heard.txt");
    let engine = format!("uci:tee {} | {MENAGERIE} uci?Skill%20Level=3", path(&heard));
    let o = menagerie(&[
        "match",
        "--tc",
        "1+0.05",
        "--games",
        "2",
        "--max-plies",
        "40",
        "--option-a",
        "Hash=8",
        "--out",
        path(&dir.join("match.pgn")),
        &engine,
        "random",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Time losses: "), "{}", stdout(&o));
    let heard = std::fs::read_to_string(&heard).expect("what the engine heard");
    let at = |line: &str| {
        heard
            .find(line)
            .unwrap_or_else(|| panic!("the engine never heard {line:?}:\n{heard}"))
    };
    let ready = at("isready");
    assert!(at("setoption name Skill Level value 3") < ready, "{heard}");
    assert!(at("setoption name Hash value 8") < ready, "{heard}");
    assert!(
        at("uci\n") < at("setoption name Skill Level value 3"),
        "{heard}"
    );
    assert!(heard.contains(" winc 50 binc 50"), "{heard}");
    assert!(heard.contains("go wtime 1000 btime 1000"), "{heard}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_clock_arguments_exit_2_with_one_line() {
    for args in [
        vec![
            "match",
            "--tc",
            "1+0",
            "--movetime",
            "10",
            "engine",
            "random",
        ],
        vec!["match", "--tc", "1+0", "--nodes", "10", "engine", "random"],
        vec!["match", "--tc", "fast", "engine", "random"],
        vec!["match", "--tc", "0+1", "engine", "random"],
        vec!["match", "--option-a", "Hash=8", "engine", "random"],
        vec!["match", "--option-b", "Hash", "engine", "uci:x"],
    ] {
        let o = menagerie(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}
