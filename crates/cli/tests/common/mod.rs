//! Helpers shared by the command-line tests: run the built binary as a
//! user runs it and read what it printed.

// Each test binary compiles its own copy and uses only some of them.
#![allow(dead_code)]

use std::process::{Command, Output};

/// The built `menagerie` binary.
pub const MENAGERIE: &str = env!("CARGO_BIN_EXE_menagerie");

/// Runs `menagerie` with `args` and waits for it.
pub fn menagerie(args: &[&str]) -> Output {
    Command::new(MENAGERIE)
        .args(args)
        .output()
        .expect("run menagerie")
}

/// Bytes a process printed, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// What a run printed on its standard output.
pub fn stdout(o: &Output) -> String {
    text(&o.stdout)
}

/// What a run printed on its standard error.
pub fn stderr(o: &Output) -> String {
    text(&o.stderr)
}
