//! The UCI loop: one [`Session`] per connection, reading lines and answering
//! on a shared [`Out`]; searches run on a [`Job`] thread.

use super::command::{Command, Go, Start};
use super::options::{self, Changed};
use crate::settings::Settings;
use crate::worker::{Job, Out};
use menagerie_engine::{Clock, Engine, Info, Limits, Score, SearchResult};
use menagerie_rules::{notation, Color, GameRecord, Move, Position};
use std::io::{self, BufRead};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// The engine's name as `id name` reports it.
pub const NAME: &str = concat!("Menagerie ", env!("CARGO_PKG_VERSION"));
/// The author line.
pub const AUTHOR: &str = "the Menagerie authors";

/// One UCI connection's state.
pub struct Session {
    out: Out,
    engine: Arc<Mutex<Engine>>,
    settings: Settings,
    game: GameRecord,
    job: Option<Job>,
    /// The time limits of a running `go ponder`, applied at `ponderhit`.
    ponder_limits: Option<Limits>,
    /// Whether the running search ends by itself.
    bounded: bool,
}

/// Speaks UCI over `input` and `out` until `quit` or the end of input.
///
/// # Errors
/// Only errors reading `input`.
pub fn run(input: impl BufRead, out: Out) -> io::Result<()> {
    let mut session = Session::new(out);
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                session
                    .out
                    .line("info string ignored a line that is not UTF-8");
                continue;
            }
            Err(e) => {
                session.finish();
                return Err(e);
            }
        };
        if !session.handle(&line) {
            session.finish();
            return Ok(());
        }
    }
    session.end_of_input();
    Ok(())
}

impl Session {
    /// A session playing chess from the start position.
    #[must_use]
    pub fn new(out: Out) -> Session {
        let settings = Settings::default();
        let engine = Engine::new(settings.engine.clone());
        let variant = settings
            .game()
            .unwrap_or_else(|_| menagerie_games::chess::chess());
        Session {
            out,
            engine: Arc::new(Mutex::new(engine)),
            settings,
            game: GameRecord::new(Position::start(variant)),
            job: None,
            ponder_limits: None,
            bounded: false,
        }
    }

    /// Handles one line; false once the session should end (`quit`).
    pub fn handle(&mut self, line: &str) -> bool {
        match line.parse::<Command>() {
            Ok(Command::Quit) => return false,
            Ok(cmd) => self.command(cmd),
            Err(e) => self.info(&format!("{e}; line ignored")),
        }
        true
    }

    /// At the end of input: a bounded search (time, depth, nodes, clock)
    /// runs to its end and reports; an unbounded one is stopped.
    pub fn end_of_input(&mut self) {
        if self.bounded {
            if let Some(job) = self.job.take() {
                job.wait();
            }
        }
        self.finish();
    }

    /// Stops any search (its `bestmove` is still printed).
    pub fn finish(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop();
        }
    }

    fn info(&self, text: &str) {
        self.out.line(&format!("info string {text}"));
    }

    fn command(&mut self, cmd: Command) {
        match cmd {
            Command::Uci => self.identify(),
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => {
                self.finish();
                self.lock_engine().new_game();
                self.reset_game();
            }
            Command::Position { start, moves } => {
                self.finish();
                self.set_position(&start, &moves);
            }
            Command::Go(go) => self.go(&go),
            Command::Stop => self.finish(),
            Command::PonderHit => self.ponder_hit(),
            Command::Debug(_) | Command::Register | Command::Nothing | Command::Quit => {}
        }
    }

    fn identify(&self) {
        self.out.line(&format!("id name {NAME}"));
        self.out.line(&format!("id author {AUTHOR}"));
        for l in options::option_lines() {
            self.out.line(&l);
        }
        self.out.line("uciok");
    }

    fn lock_engine(&self) -> std::sync::MutexGuard<'_, Engine> {
        self.engine.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        self.finish();
        match options::apply(&mut self.settings, name, value) {
            Ok(Changed::Game) => self.reset_game(),
            Ok(Changed::Engine) => {
                let o = self.settings.engine.clone();
                self.lock_engine().set_options(o);
            }
            Ok(Changed::Nothing) => {}
            Err(e) => self.info(&format!("setoption: {e}")),
        }
    }

    fn reset_game(&mut self) {
        match self.settings.game() {
            Ok(v) => self.game = GameRecord::new(Position::start(v)),
            Err(e) => self.info(&e),
        }
    }

    fn set_position(&mut self, start: &Start, moves: &[String]) {
        let Ok(variant) = self.settings.game() else {
            return self.info("position: the selected game is not valid");
        };
        let pos = match start {
            Start::StartPos => Position::start(variant),
            Start::Fen(fen) => match Position::from_fen(&variant, fen) {
                Ok(p) => p,
                Err(e) => {
                    return self.info(&format!(
                        "position: {e}; position unchanged ({} is the game)",
                        variant.key
                    ))
                }
            },
        };
        let mut game = GameRecord::new(pos);
        for (i, text) in moves.iter().enumerate() {
            if let Err(e) = game.play_str(text) {
                self.info(&format!(
                    "position: move {} {e}; the moves after it are ignored",
                    i + 1
                ));
                break;
            }
        }
        self.game = game;
    }

    fn go(&mut self, go: &Go) {
        self.finish();
        if let Some(depth) = go.perft {
            self.perft(depth);
            return;
        }
        let limits = self.limits(go);
        let held = go.infinite || go.ponder;
        self.bounded = !held
            && (limits.depth.is_some()
                || limits.nodes.is_some()
                || limits.movetime.is_some()
                || limits.clock.is_some());
        let search_limits = if go.ponder {
            self.ponder_limits = Some(limits.clone());
            Limits {
                infinite: true,
                searchmoves: limits.searchmoves.clone(),
                ..Limits::default()
            }
        } else {
            self.ponder_limits = None;
            limits
        };
        let o = self.settings.engine.clone();
        self.lock_engine().set_options(o);
        let root = self.game.position().clone();
        let (out_info, out_done) = (self.out.clone(), self.out.clone());
        let done_root = root.clone();
        self.job = Some(Job::start(
            &self.engine,
            self.game.clone(),
            search_limits,
            held,
            Box::new(move |i: &Info| out_info.line(&info_line(&root, i))),
            Box::new(move |r: SearchResult| out_done.line(&bestmove_line(&done_root, &r))),
        ));
    }

    /// The deepest `go perft` answered (it runs before the next command is read).
    const MAX_PERFT: u32 = 12;

    /// `go perft N`: one `move: count` line per root action of the current
    /// position (with the current rule options), then `Nodes searched: N`,
    /// as `menagerie perft --divide` prints them.
    fn perft(&self, depth: u32) {
        if depth > Self::MAX_PERFT {
            self.info(&format!(
                "go perft: depth {depth} is too deep here (at most {})",
                Self::MAX_PERFT
            ));
            return;
        }
        let pos = self.game.position();
        let mut total = 0;
        for (m, n) in menagerie_rules::perft::divide(pos, depth) {
            self.out.line(&format!("{m}: {n}"));
            total += n;
        }
        let nodes = if depth == 0 { 1 } else { total };
        self.out.line("");
        self.out.line(&format!("Nodes searched: {nodes}"));
    }

    fn limits(&self, go: &Go) -> Limits {
        let pos = self.game.position();
        let (time, inc) = match pos.turn() {
            Color::White => (go.wtime, go.winc),
            Color::Black => (go.btime, go.binc),
        };
        let clock = time.map(|t| Clock {
            time: Duration::from_millis(t),
            increment: Duration::from_millis(inc.unwrap_or(0)),
            moves_to_go: go.movestogo.filter(|&n| n > 0),
        });
        let mut searchmoves = Vec::new();
        for text in &go.searchmoves {
            match notation::parse(pos, text) {
                Ok(m) => searchmoves.push(m),
                Err(e) => self.info(&format!("searchmoves: {e}; skipped")),
            }
        }
        Limits {
            depth: go.depth.map(|d| d.max(1)),
            nodes: go.nodes,
            movetime: go.movetime.map(Duration::from_millis),
            clock,
            mate: go.mate,
            infinite: go.infinite,
            move_overhead: self.settings.move_overhead,
            searchmoves,
        }
    }

    fn ponder_hit(&mut self) {
        let Some(job) = &self.job else {
            return self.info("ponderhit without a search");
        };
        if let Some((soft, _)) = self.ponder_limits.take().and_then(|l| l.time_budget()) {
            job.stop_after(soft);
        }
        job.release();
    }
}

/// One `info` line for a finished iteration.
#[must_use]
pub fn info_line(root: &Position, i: &Info) -> String {
    let score = match i.score {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} hashfull {} time {}",
        i.depth,
        i.seldepth,
        i.multipv,
        i.nodes,
        i.nps,
        i.hashfull,
        i.time.as_millis()
    );
    let pv = render_line(root, &i.pv);
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// The move strings of `moves` played one after another from `root`
/// (stopping at the first one that is not legal).
#[must_use]
pub fn render_line(root: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        let text = notation::render(&pos, m);
        if pos.play(m).is_err() {
            break;
        }
        out.push(text);
    }
    out
}

/// The `bestmove` line: our move string, `0000` when there is no legal
/// action at all (in Wounds `0000` is also the legal pass).
#[must_use]
pub fn bestmove_line(root: &Position, r: &SearchResult) -> String {
    let Some(best) = r.best else {
        return "bestmove 0000".to_string();
    };
    let mut line = format!("bestmove {}", notation::render(root, &best));
    if let Some(reply) = r.ponder {
        let mut next = root.clone();
        if next.play(&best).is_ok() && next.legal_moves().contains(&reply) {
            line.push_str(&format!(" ponder {}", notation::render(&next, &reply)));
        }
    }
    line
}
