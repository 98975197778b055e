//! Shared helpers for the transcript tests: a front-end driven over
//! in-memory streams, either with a whole script at once or line by line
//! from a live pipe (as a GUI does).
#![allow(dead_code)] // each test file uses a part

use menagerie_protocol::worker::{Out, SharedBuffer};
use menagerie_rules::{notation, Position, VariantRef};
use std::io::{self, BufReader, Read};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A front-end entry point (`uci::run` or `xboard::run`).
pub type Front = fn(BufReader<Pipe>, Out) -> io::Result<()>;

/// Runs `script` through the UCI front-end to the end of input.
pub fn uci(script: &str) -> String {
    let buf = SharedBuffer::new();
    menagerie_protocol::uci::run(script.as_bytes(), Out::new(buf.clone()))
        .expect("the front-end reads its input");
    buf.text()
}

/// Runs `script` through the XBoard front-end to the end of input.
pub fn xboard(script: &str) -> String {
    let buf = SharedBuffer::new();
    menagerie_protocol::xboard::run(script.as_bytes(), Out::new(buf.clone()))
        .expect("the front-end reads its input");
    buf.text()
}

/// The UCI front-end as a [`Front`].
pub fn uci_front() -> Front {
    |i, o| menagerie_protocol::uci::run(i, o)
}

/// The XBoard front-end as a [`Front`].
pub fn xboard_front() -> Front {
    |i, o| menagerie_protocol::xboard::run(i, o)
}

/// The read end of a pipe the test writes lines into.
pub struct Pipe {
    rx: Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

impl Read for Pipe {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            match self.rx.recv() {
                Ok(chunk) => self.pending = chunk,
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.pending.len());
        out[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// A front-end running on its own thread, fed line by line.
pub struct Live {
    tx: Option<Sender<Vec<u8>>>,
    out: SharedBuffer,
    /// Output lines already consumed by `expect`.
    seen: usize,
    handle: Option<JoinHandle<io::Result<()>>>,
}

impl Live {
    /// Starts `front` on a thread.
    pub fn start(front: Front) -> Live {
        let (tx, rx) = channel();
        let out = SharedBuffer::new();
        let o = Out::new(out.clone());
        let pipe = Pipe {
            rx,
            pending: Vec::new(),
        };
        let handle = std::thread::spawn(move || front(BufReader::new(pipe), o));
        Live {
            tx: Some(tx),
            out,
            seen: 0,
            handle: Some(handle),
        }
    }

    /// Sends one line.
    pub fn send(&self, line: &str) {
        let tx = self.tx.as_ref().expect("input is open");
        tx.send(format!("{line}\n").into_bytes())
            .expect("the front-end is running");
    }

    /// All output lines so far.
    pub fn lines(&self) -> Vec<String> {
        self.out.text().lines().map(str::to_string).collect()
    }

    /// Waits up to `limit` for a line not yet consumed that satisfies
    /// `want`; consumes the output up to and including it.
    pub fn expect(&mut self, limit: Duration, want: impl Fn(&str) -> bool) -> Option<String> {
        let start = Instant::now();
        loop {
            let lines = self.lines();
            if let Some(i) = lines[self.seen..].iter().position(|l| want(l)) {
                self.seen += i + 1;
                return Some(lines[self.seen - 1].clone());
            }
            if start.elapsed() > limit {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Output lines not yet consumed.
    pub fn unread(&self) -> Vec<String> {
        self.lines()[self.seen..].to_vec()
    }

    /// Closes the input and waits for the front-end to return.
    pub fn close(mut self) -> String {
        self.tx = None;
        if let Some(h) = self.handle.take() {
            h.join()
                .expect("the front-end does not panic")
                .expect("no read error");
        }
        self.out.text()
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        self.tx = None;
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// A built-in game.
pub fn game(name: &str) -> VariantRef {
    menagerie_games::by_name(name).expect("a built-in game")
}

/// `moves` (our notation) played from `start`; panics on an illegal move.
pub fn replay(start: &Position, moves: &[String]) -> Position {
    let mut pos = start.clone();
    for (i, text) in moves.iter().enumerate() {
        let m = notation::parse(&pos, text).unwrap_or_else(|e| {
            panic!("move {} {text:?} is not legal in {}: {e}", i + 1, pos.fen())
        });
        pos.play(&m).expect("a parsed move plays");
    }
    pos
}

/// The word after `bestmove` in a line.
pub fn bestmove_of(line: &str) -> &str {
    line.strip_prefix("bestmove ")
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("not a bestmove line: {line:?}"))
}

/// Every `bestmove` line of a transcript.
pub fn bestmoves(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.starts_with("bestmove "))
        .map(bestmove_of)
        .collect()
}

/// A small deterministic generator for choosing moves in tests.
pub struct Lcg(pub u64);

impl Lcg {
    /// The next number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(self.0 >> 33).unwrap_or(0) % n
    }
}

/// Plays `plies` pseudo-random legal moves from `start` (fewer if the game
/// ends); returns them in our notation.
pub fn random_moves(start: &Position, plies: usize, rng: &mut Lcg) -> Vec<String> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.outcome().is_some() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        out.push(notation::render(&pos, &m));
        pos.play(&m).expect("a legal move plays");
    }
    out
}

/// A patient limit for waiting on a search in tests.
pub const PATIENCE: Duration = Duration::from_secs(20);
