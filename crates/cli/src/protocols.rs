//! The `uci`, `xboard` and `record check` subcommands.

use menagerie_protocol::{pgn, uci, worker::Out, xboard};
use std::process::ExitCode;

/// `menagerie uci` (also the default when a GUI pipes commands in).
pub fn uci() -> ExitCode {
    finish(uci::run(
        std::io::stdin().lock(),
        Out::new(std::io::stdout()),
    ))
}

/// `menagerie xboard`.
pub fn xboard() -> ExitCode {
    finish(xboard::run(
        std::io::stdin().lock(),
        Out::new(std::io::stdout()),
    ))
}

fn finish(r: std::io::Result<()>) -> ExitCode {
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("menagerie: reading standard input: {e}");
            ExitCode::from(2)
        }
    }
}

/// `menagerie record check FILE`: one line per game; status 2 if any game
/// is bad (or the file cannot be read, or holds no game).
pub fn record_check(file: &str) -> ExitCode {
    let text = match std::fs::read(file) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            eprintln!("menagerie: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let reports = pgn::check(&text, &pgn::standard_resolver);
    if reports.is_empty() {
        eprintln!("menagerie: {file} holds no game");
        return ExitCode::from(2);
    }
    for r in &reports {
        println!("{}", r.line);
    }
    let bad = reports.iter().filter(|r| !r.ok).count();
    println!(
        "{} games, {} good, {bad} bad",
        reports.len(),
        reports.len() - bad
    );
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}
