//! An external engine over UCI, speaking our move strings: started with
//! `sh -c COMMAND`, told the variant with `setoption name UCI_Variant` and a
//! `Move Overhead` of 0, and given each position as
//! `position fen START moves ...`.

use super::players::Budget;
use menagerie_rules::{notation, GameRecord, Move};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// A running external UCI engine.
pub struct UciPlayer {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

/// The UCI option with which an engine keeps back time for lag.
const MOVE_OVERHEAD: &str = "Move Overhead";

/// How long an external engine may stay silent before it counts as hung.
const PATIENCE: Duration = Duration::from_secs(30);

impl UciPlayer {
    /// Starts `command` and waits for `uciok`.
    ///
    /// # Errors
    /// A message if the process cannot start or does not answer.
    pub fn start(command: &str) -> Result<UciPlayer, String> {
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
        };
        p.send("uci")?;
        p.wait_for(|l| l == "uciok")?;
        Ok(p)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("the engine closed its input: {e}"))
    }

    fn wait_for(&mut self, done: impl Fn(&str) -> bool) -> Result<String, String> {
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) if done(line.trim()) => return Ok(line),
                Ok(_) => {}
                Err(_) => return Err("the external engine stopped answering".to_string()),
            }
        }
    }

    /// Selects the variant and starts a new game.
    ///
    /// # Errors
    /// A message if the engine does not answer.
    pub fn new_game(&mut self, variant: &str) -> Result<(), String> {
        self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        // The runner's in-process players keep nothing back from their time,
        // and a pipe to a local process costs well under a millisecond: with
        // no overhead both sides of a timed match think for the same time.
        // (Engines without this option ignore it, as UCI asks.)
        self.send(&format!("setoption name {MOVE_OVERHEAD} value 0"))?;
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for(|l| l == "readyok").map(|_| ())
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
        self.send(&match budget {
            Budget::Movetime(ms) => format!("go movetime {ms}"),
            Budget::Nodes(n) => format!("go nodes {n}"),
        })?;
        let line = self.wait_for(|l| l.starts_with("bestmove"))?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        notation::parse(game.position(), text)
            .map_err(|e| format!("the external engine played {text:?}: {e}"))
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
