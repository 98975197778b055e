//! An external engine over UCI, speaking our move strings: started with
//! `sh -c COMMAND`, given the options the player names
//! (`uci:COMMAND?NAME=VALUE&...`, checked against the options the engine
//! announces), told the variant with `setoption name UCI_Variant` and a
//! `Move Overhead` of 0 when it has those options, and given each position
//! as `position fen START moves ...`.

use super::players::Budget;
use menagerie_rules::{notation, Color, GameRecord, Move};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// An external engine as the command line names it: the command and the
/// UCI options to set before the first game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciSpec {
    /// The shell command that starts the engine.
    pub command: String,
    /// `(name, value)` pairs, sent in this order.
    pub options: Vec<(String, String)>,
}

impl UciSpec {
    /// Parses `COMMAND` or `COMMAND?NAME=VALUE&NAME=VALUE...` (the text after
    /// `uci:`). Names and values may contain spaces, written as is or as
    /// `%20` (any `%XX` is decoded).
    ///
    /// # Errors
    /// A message if the command is empty or an option is not `NAME=VALUE`.
    pub fn parse(text: &str) -> Result<UciSpec, String> {
        let (command, query) = match text.split_once('?') {
            Some((c, q)) => (c, Some(q)),
            None => (text, None),
        };
        if command.trim().is_empty() {
            return Err("uci: needs a command".to_string());
        }
        let mut spec = UciSpec {
            command: command.to_string(),
            options: Vec::new(),
        };
        if let Some(q) = query {
            for pair in q.split('&') {
                spec.add_option(pair)?;
            }
        }
        Ok(spec)
    }

    /// Adds one `NAME=VALUE` option (`%XX` decoded).
    ///
    /// # Errors
    /// A message if the text is not `NAME=VALUE` with a name.
    pub fn add_option(&mut self, text: &str) -> Result<(), String> {
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| format!("UCI option {text:?} is not NAME=VALUE"))?;
        let name = percent_decode(name).trim().to_string();
        if name.is_empty() {
            return Err(format!("UCI option {text:?} has no name"));
        }
        self.options
            .push((name, percent_decode(value).trim().to_string()));
        Ok(())
    }

    /// The command followed by its options, as in `uci:` players.
    #[must_use]
    pub fn name(&self) -> String {
        if self.options.is_empty() {
            return self.command.clone();
        }
        let pairs: Vec<String> = self
            .options
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        format!("{}?{}", self.command, pairs.join("&"))
    }
}

/// Decodes `%XX` escapes (hex); anything else, including a `%` not followed
/// by two hex digits, is kept as written.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The option name of an `option name NAME type ...` line.
fn announced_option(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix("option name ")?;
    let name = match rest.find(" type ") {
        Some(i) => &rest[..i],
        None => rest,
    };
    Some(name.trim())
}

/// A running external UCI engine.
pub struct UciPlayer {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// Announced option names, lower-cased (UCI names ignore case), mapped
    /// to their spelling.
    options: BTreeMap<String, String>,
}

/// The UCI option with which an engine keeps back time for lag.
const MOVE_OVERHEAD: &str = "Move Overhead";

/// The UCI option that selects the game.
const UCI_VARIANT: &str = "UCI_Variant";

/// How long an external engine may stay silent, beyond the time its move
/// may take, before it counts as hung.
const PATIENCE: Duration = Duration::from_secs(30);

impl UciPlayer {
    /// Starts the engine, waits for `uciok`, sets the spec's options (each
    /// must be one the engine announced) and waits for `readyok`.
    ///
    /// # Errors
    /// A message if the process cannot start or does not answer, or names an
    /// option the engine does not have.
    pub fn start(spec: &UciSpec) -> Result<UciPlayer, String> {
        let command = &spec.command;
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin for the engine")?;
        let output: ChildStdout = child.stdout.take().ok_or("no stdout for the engine")?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut p = UciPlayer {
            child,
            input,
            lines,
            options: BTreeMap::new(),
        };
        p.send("uci")?;
        p.read_options()
            .map_err(|e| format!("{command:?} is not a UCI engine: {e}"))?;
        p.set_options(spec)?;
        p.send("isready")?;
        p.wait_for(|l| l == "readyok", PATIENCE).map(|_| p)
    }

    /// Reads the engine's `option name` lines up to `uciok`.
    fn read_options(&mut self) -> Result<(), String> {
        loop {
            let line = self.wait_for(|_| true, PATIENCE)?;
            if line.trim() == "uciok" {
                return Ok(());
            }
            if let Some(name) = announced_option(&line) {
                self.options
                    .insert(name.to_ascii_lowercase(), name.to_string());
            }
        }
    }

    /// Sends the spec's options, failing on one the engine did not announce.
    fn set_options(&mut self, spec: &UciSpec) -> Result<(), String> {
        for (name, value) in &spec.options {
            if !self.has_option(name) {
                let known: Vec<&str> = self.options.values().map(String::as_str).collect();
                return Err(format!(
                    "the engine {:?} has no UCI option {name:?} (it announces: {})",
                    spec.command,
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                ));
            }
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        Ok(())
    }

    fn has_option(&self, name: &str) -> bool {
        self.options.contains_key(&name.to_ascii_lowercase())
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("the engine closed its input: {e}"))
    }

    fn wait_for(
        &mut self,
        done: impl Fn(&str) -> bool,
        patience: Duration,
    ) -> Result<String, String> {
        loop {
            match self.lines.recv_timeout(patience) {
                Ok(line) if done(line.trim()) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err("the external engine stopped answering".to_string())
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err("the external engine exited".to_string())
                }
            }
        }
    }

    /// Selects the variant and starts a new game.
    ///
    /// # Errors
    /// A message if the engine does not answer, or cannot play a variant
    /// other than chess (it announces no `UCI_Variant`).
    pub fn new_game(&mut self, variant: &str) -> Result<(), String> {
        if self.has_option(UCI_VARIANT) {
            self.send(&format!("setoption name {UCI_VARIANT} value {variant}"))?;
        } else if !variant.eq_ignore_ascii_case("chess") {
            return Err(format!(
                "the external engine announces no {UCI_VARIANT} option, so it plays only chess, not {variant:?}"
            ));
        }
        // The runner's in-process players keep nothing back from their time,
        // and a pipe to a local process costs well under a millisecond: with
        // no overhead both sides of a timed match think for the same time.
        if self.has_option(MOVE_OVERHEAD) {
            self.send(&format!("setoption name {MOVE_OVERHEAD} value 0"))?;
        }
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for(|l| l == "readyok", PATIENCE).map(|_| ())
    }

    /// The engine's move in the game's current position.
    ///
    /// # Errors
    /// A message if the engine fails or answers an illegal move.
    pub fn choose(&mut self, game: &GameRecord, budget: Budget) -> Result<Move, String> {
        let mut cmd = format!("position fen {}", game.start().fen());
        if !game.moves().is_empty() {
            cmd.push_str(" moves");
            for (p, m) in game.positions().iter().zip(game.moves()) {
                cmd.push(' ');
                cmd.push_str(&notation::render(p, m));
            }
        }
        self.send(&cmd)?;
        self.send(&go_line(budget))?;
        let patience = PATIENCE + allowance(budget, game.position().turn());
        let line = self.wait_for(|l| l.starts_with("bestmove"), patience)?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        notation::parse(game.position(), text)
            .map_err(|e| format!("the external engine played {text:?}: {e}"))
    }
}

/// The `go` command of a budget; clock times in whole milliseconds.
fn go_line(budget: Budget) -> String {
    match budget {
        Budget::Movetime(ms) => format!("go movetime {ms}"),
        Budget::Nodes(n) => format!("go nodes {n}"),
        Budget::Clock(c) => format!(
            "go wtime {} btime {} winc {inc} binc {inc}",
            c.white.as_millis(),
            c.black.as_millis(),
            inc = c.increment.as_millis()
        ),
    }
}

/// The most time a move under `budget` may take when `side` moves.
fn allowance(budget: Budget, side: Color) -> Duration {
    match budget {
        Budget::Movetime(ms) => Duration::from_millis(ms),
        Budget::Nodes(_) => Duration::ZERO,
        Budget::Clock(c) => c.left(side),
    }
}

impl Drop for UciPlayer {
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::clock::{Clocks, TimeControl};

    #[test]
    fn parses_options_after_the_question_mark() {
        let s = UciSpec::parse("/usr/games/stockfish?UCI_LimitStrength=true&Skill%20Level=3")
            .expect("a valid spec");
        assert_eq!(s.command, "/usr/games/stockfish");
        assert_eq!(
            s.options,
            vec![
                ("UCI_LimitStrength".to_string(), "true".to_string()),
                ("Skill Level".to_string(), "3".to_string())
            ]
        );
        assert_eq!(
            s.name(),
            "/usr/games/stockfish?UCI_LimitStrength=true&Skill Level=3"
        );
        assert!(UciSpec::parse("x?Hash").is_err());
        assert!(UciSpec::parse("x?=3").is_err());
        assert!(UciSpec::parse("?Hash=3").is_err());
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("a%2x"), "a%2x");
    }

    #[test]
    fn reads_option_names_with_spaces() {
        assert_eq!(
            announced_option("option name Skill Level type spin default 10 min 1 max 10"),
            Some("Skill Level")
        );
        assert_eq!(announced_option("id name x"), None);
    }

    #[test]
    fn a_clock_becomes_wtime_btime_winc_binc() {
        let mut c = Clocks::start(TimeControl {
            base: Duration::from_secs(10),
            increment: Duration::from_millis(100),
        });
        c.black = Duration::from_millis(9_876);
        assert_eq!(
            go_line(Budget::Clock(c)),
            "go wtime 10000 btime 9876 winc 100 binc 100"
        );
        assert_eq!(allowance(Budget::Clock(c), Color::Black), c.black);
    }
}
