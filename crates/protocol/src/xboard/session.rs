//! The XBoard loop: one [`Session`] per connection.
//!
//! The engine's move is printed by the search thread, which first leaves it
//! in a shared slot; before handling the next command the session joins the
//! finished search and plays that move into its own game, so the game always
//! matches what XBoard was told.

use super::board::{self, our_name, XBOARD_NAMES};
use super::command::Command;
use crate::flags::{parse_bool, FLAGS};
use crate::settings::{number_in, Settings, MAX_HASH_MB, MAX_THREADS};
use crate::text::{from_xboard, to_xboard, xboard_moves};
use crate::uci::options::PER_GAME;
use crate::worker::{Job, Out};
use menagerie_engine::{level::MAX_LEVEL, Clock, Engine, Info, Limits, Score, SearchResult};
use menagerie_rules::{Color, EndReason, GameRecord, Move, Outcome, Position};
use std::io::{self, BufRead};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// The time control XBoard set.
#[derive(Clone, Debug, Default)]
struct TimeControl {
    mps: u32,
    base_ms: u64,
    inc_ms: u64,
    st_ms: Option<u64>,
    depth: Option<u32>,
    own_ms: Option<u64>,
}

type Slot = Arc<Mutex<Option<Move>>>;

/// One XBoard connection's state.
pub struct Session {
    out: Out,
    engine: Arc<Mutex<Engine>>,
    settings: Settings,
    game: GameRecord,
    force: bool,
    engine_side: Color,
    post: bool,
    tc: TimeControl,
    job: Option<Job>,
    played: Slot,
}

/// Speaks XBoard's protocol over `input` and `out` until `quit` or the end
/// of input.
///
/// # Errors
/// Only errors reading `input`.
pub fn run(input: impl BufRead, out: Out) -> io::Result<()> {
    let mut session = Session::new(out);
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                session.out.line("Error (not UTF-8): line ignored");
                continue;
            }
            Err(e) => {
                session.halt();
                return Err(e);
            }
        };
        if !session.handle(&line) {
            break;
        }
    }
    session.halt();
    Ok(())
}

impl Session {
    /// A session playing chess: like a fresh CECP engine, it plays Black and
    /// waits for White's move.
    #[must_use]
    pub fn new(out: Out) -> Session {
        let settings = Settings::default();
        Session {
            out,
            engine: Arc::new(Mutex::new(Engine::new(settings.engine.clone()))),
            game: GameRecord::new(Position::start(menagerie_games::chess::chess())),
            settings,
            force: false,
            engine_side: Color::Black,
            post: false,
            tc: TimeControl {
                base_ms: 60_000,
                ..TimeControl::default()
            },
            job: None,
            played: Arc::new(Mutex::new(None)),
        }
    }

    /// Handles one line; false once the session should end.
    pub fn handle(&mut self, line: &str) -> bool {
        self.collect(false);
        match line.parse::<Command>() {
            Ok(Command::Quit) => return false,
            Ok(cmd) => self.command(cmd),
            Err(e) => self.out.line(&e.to_string()),
        }
        true
    }

    /// Stops any search (its move is still printed and played).
    pub fn halt(&mut self) {
        self.collect(true);
    }

    /// Joins a finished search (or, with `stop`, stops a running one) and
    /// plays the move it printed.
    fn collect(&mut self, stop: bool) {
        let finished = self.job.as_ref().is_some_and(Job::is_finished);
        if let Some(job) = self.job.take() {
            if stop {
                job.stop();
            } else if finished {
                job.wait();
            } else {
                self.job = Some(job);
                return;
            }
        }
        let m = self
            .played
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(m) = m {
            let _ = self.game.play(&m);
        }
    }

    fn command(&mut self, cmd: Command) {
        match cmd {
            Command::Protover(_) => self.features(),
            Command::New => {
                self.halt();
                self.settings.variant = "chess".into();
                self.engine
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .new_game();
                self.reset();
                self.force = false;
                self.engine_side = Color::Black;
                self.tc.st_ms = None;
                self.tc.depth = None;
            }
            Command::Variant(name) => self.variant(&name),
            Command::Force => {
                self.halt();
                self.force = true;
            }
            Command::Go => {
                self.halt();
                self.force = false;
                self.engine_side = self.game.position().turn();
                self.think();
            }
            Command::PlayOther => {
                self.halt();
                self.force = false;
                self.engine_side = !self.game.position().turn();
            }
            Command::Side(white) => {
                self.halt();
                self.engine_side = if white { Color::Black } else { Color::White };
            }
            Command::Level {
                mps,
                base_ms,
                inc_ms,
            } => {
                self.tc.mps = mps;
                self.tc.base_ms = base_ms;
                self.tc.inc_ms = inc_ms;
                self.tc.st_ms = None;
            }
            Command::St(s) => self.tc.st_ms = Some(s.saturating_mul(1000)),
            Command::Sd(d) => self.tc.depth = Some(d.max(1)),
            Command::Time(cs) => self.tc.own_ms = Some(cs.saturating_mul(10)),
            Command::UserMove(text) => self.user_move(&text),
            Command::MoveNow => {
                if let Some(job) = self.job.take() {
                    job.stop();
                    self.collect(false);
                }
            }
            Command::Ping(n) => self.out.line(&format!("pong {n}")),
            Command::Result(_) => {
                self.halt();
                self.force = true;
            }
            Command::SetBoard(fen) => self.set_board(&fen),
            Command::Undo => {
                self.halt();
                self.game.undo();
            }
            Command::Remove => {
                self.halt();
                self.game.undo();
                self.game.undo();
            }
            Command::Post => self.post = true,
            Command::NoPost => self.post = false,
            Command::Option { name, value } => self.option(&name, value.as_deref()),
            Command::Memory(mb) => {
                self.settings.engine.hash_mb = mb.clamp(1, MAX_HASH_MB);
            }
            Command::Cores(n) => self.settings.engine.threads = n.clamp(1, MAX_THREADS),
            Command::Xboard
            | Command::Feature
            | Command::Otim(_)
            | Command::Draw
            | Command::Ignored
            | Command::Nothing
            | Command::Quit => {}
        }
    }

    fn features(&self) {
        let variants: Vec<&str> = XBOARD_NAMES.iter().map(|(x, _)| *x).collect();
        let mut options = vec![
            "option=\"PickThePieceSetup -string \"".to_string(),
            format!("option=\"Skill Level -spin {MAX_LEVEL} 1 {MAX_LEVEL}\""),
        ];
        for f in FLAGS {
            options.push(if f.per_game {
                format!(
                    "option=\"{} -combo *{PER_GAME} /// true /// false\"",
                    f.name
                )
            } else {
                format!("option=\"{} -check {}\"", f.name, u8::from(f.default))
            });
        }
        self.out.line(&format!(
            "feature done=0 myname=\"{}\" ping=1 setboard=1 usermove=1 time=1 draw=0 \
             sigint=0 sigterm=0 reuse=1 analyze=0 colors=0 san=0 memory=1 smp=1 \
             variants=\"{}\"",
            crate::uci::session::NAME,
            variants.join(",")
        ));
        for o in options {
            self.out.line(&format!("feature {o}"));
        }
        self.out.line("feature done=1");
    }

    fn reset(&mut self) {
        match self.settings.game() {
            Ok(v) => self.game = GameRecord::new(Position::start(v)),
            Err(e) => self.out.line(&format!("Error (variant): {e}")),
        }
    }

    fn variant(&mut self, name: &str) {
        self.halt();
        let Some(ours) =
            our_name(name).or_else(|| menagerie_games::NAMES.iter().find(|n| **n == name).copied())
        else {
            return self.out.line(&format!("Error (unknown variant): {name}"));
        };
        self.settings.variant = ours.to_string();
        if name != "pick-the-piece" {
            self.settings.setup.clear();
        } else if self.settings.setup.is_empty() {
            self.settings.variant = "air-and-trench".into();
        }
        self.reset();
        if name != "normal" {
            self.describe_board();
        }
    }

    fn describe_board(&self) {
        let pos = self.game.position();
        for p in board::piece_commands(pos.variant()) {
            self.out.line(&p);
        }
        self.out.line(&board::setup_command(pos));
    }

    fn set_board(&mut self, fen: &str) {
        self.halt();
        let Ok(v) = self.settings.game() else {
            return self
                .out
                .line("tellusererror Illegal position: no valid game selected");
        };
        match Position::from_fen(v, fen) {
            Ok(p) => self.game = GameRecord::new(p),
            Err(e) => self
                .out
                .line(&format!("tellusererror Illegal position: {e}")),
        }
    }

    fn option(&mut self, name: &str, value: Option<&str>) {
        self.halt();
        let value = value.unwrap_or("");
        let canonical = menagerie_games::options::canonical(name);
        let result = if let Some(f) = FLAGS.iter().find(|f| f.name == canonical) {
            let reset = f.per_game && value.trim() == PER_GAME;
            let v = if reset { None } else { parse_bool(value) };
            if v.is_some() || reset {
                self.settings.flags.set_or_reset(f.name, v);
                Ok(())
            } else if f.per_game {
                Err(format!("{name} must be {PER_GAME}, true or false"))
            } else {
                Err(format!("{name} must be 0 or 1"))
            }
        } else if name == "PickThePieceSetup" {
            let mut trial = self.settings.clone();
            trial.setup = value.trim().to_string();
            trial.game().map(|_| self.settings = trial)
        } else if name == "Skill Level" {
            number_in(name, value, 1, u64::from(MAX_LEVEL)).map(|v| {
                self.settings.engine.level = u8::try_from(v).unwrap_or(MAX_LEVEL);
            })
        } else {
            Err(format!("unknown option {name}"))
        };
        match result {
            Ok(()) if self.game.moves().is_empty() => self.reset(),
            Ok(()) => {}
            Err(e) => self.out.line(&format!("Error (option): {e}")),
        }
    }

    fn user_move(&mut self, text: &str) {
        if let Some(job) = self.job.take() {
            // A move while thinking: XBoard thinks it is its turn; obey.
            job.stop();
            self.collect(false);
        }
        let pos = self.game.position().clone();
        match from_xboard(&pos, text) {
            Ok(m) => {
                let _ = self.game.play(&m);
                if !self.force && self.game.position().turn() == self.engine_side {
                    self.think();
                }
            }
            Err(e) => self.out.line(&format!("Illegal move ({e}): {text}")),
        }
    }

    fn limits(&self) -> Limits {
        let pos = self.game.position();
        let mut limits = Limits {
            depth: self.tc.depth,
            move_overhead: self.settings.move_overhead,
            searchmoves: xboard_moves(pos),
            ..Limits::default()
        };
        if let Some(st) = self.tc.st_ms {
            limits.movetime = Some(Duration::from_millis(st.max(1)));
        } else {
            let moves_to_go = (self.tc.mps > 0).then(|| {
                let done = pos.fullmoves().saturating_sub(1) % self.tc.mps;
                self.tc.mps - done
            });
            limits.clock = Some(Clock {
                time: Duration::from_millis(self.tc.own_ms.unwrap_or(self.tc.base_ms)),
                increment: Duration::from_millis(self.tc.inc_ms),
                moves_to_go,
            });
        }
        limits
    }

    fn think(&mut self) {
        if let Some(o) = self.game.outcome() {
            self.out.line(&result_line(&o));
            return;
        }
        let o = self.settings.engine.clone();
        self.engine
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .set_options(o);
        let limits = self.limits();
        let root = self.game.position().clone();
        let out = self.out.clone();
        let post = self.post;
        let info_root = root.clone();
        let on_info = Box::new(move |i: &Info| {
            if post {
                out.line(&thinking_line(&info_root, i));
            }
        });
        let out = self.out.clone();
        let slot = Arc::clone(&self.played);
        let mut after = self.game.clone();
        let on_done = Box::new(move |r: SearchResult| {
            let Some(best) = r.best else { return };
            *slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(best);
            out.line(&format!("move {}", to_xboard(&root, &best)));
            if after.play(&best).is_ok() {
                if let Some(o) = after.outcome() {
                    out.line(&result_line(&o));
                }
            }
        });
        self.job = Some(Job::start(
            &self.engine,
            self.game.clone(),
            limits,
            false,
            on_info,
            on_done,
        ));
    }
}

/// XBoard's thinking output: `ply score time(cs) nodes pv`; mates are
/// scored 100000 + moves, as XBoard expects.
#[must_use]
pub fn thinking_line(root: &Position, i: &Info) -> String {
    let score = match i.score {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => 100_000 + n,
        Score::Mate(n) => -100_000 + n,
    };
    let mut pos = root.clone();
    let mut pv = Vec::new();
    for m in &i.pv {
        let text = to_xboard(&pos, m);
        if pos.play(m).is_err() {
            break;
        }
        pv.push(text);
    }
    format!(
        "{} {score} {} {} {}",
        i.depth,
        i.time.as_millis() / 10,
        i.nodes,
        pv.join(" ")
    )
}

/// The result claim XBoard expects when a game ends.
#[must_use]
pub fn result_line(o: &Outcome) -> String {
    let why = match *o {
        Outcome::Decisive { winner, reason } => {
            let w = if winner == Color::White {
                "White"
            } else {
                "Black"
            };
            match reason {
                EndReason::NoMenLeft => format!("{w} wins: the other side has no men left"),
                _ => format!("{w} mates"),
            }
        }
        Outcome::Draw { reason } => match reason {
            EndReason::Stalemate => "Stalemate".to_string(),
            EndReason::FiftyMoves => "Draw by 50-move rule".to_string(),
            EndReason::Repetition => "Draw by repetition".to_string(),
            EndReason::TwoPasses => "Draw: both sides passed".to_string(),
            _ => "Draw".to_string(),
        },
    };
    format!("{} {{{why}}}", o.result())
}
