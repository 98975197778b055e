//! `menagerie tune generate`: self-play training data for the network, on
//! all cores. Each worker plays whole games at a fixed node budget from
//! random openings and stores every position it searched (after the
//! opening) with the search score; the game's result is stored once per
//! game. The format is `menagerie_engine::nnue::data`. A run is resumable:
//! rerunning the same command skips the games already in the file (a game
//! cut short by an interruption is dropped and replayed). Game `i` depends
//! only on the seed and `i`, so a file is reproducible from its command.

use crate::matches::opening;
use indicatif::{ProgressBar, ProgressStyle};
use menagerie_engine::nnue::data::{self, Game, Header, Record};
use menagerie_engine::nnue::EvalChoice;
use menagerie_engine::{Engine, Limits, Options, Score, Silent};
use menagerie_rules::{Color, GameRecord, Move, Outcome, Position, VariantRef};
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// A generation run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The game.
    pub variant: VariantRef,
    /// The self-play engine's evaluation.
    pub eval: EvalChoice,
    /// Games in the whole run.
    pub games: u32,
    /// Nodes per move.
    pub nodes: u64,
    /// Seed of the openings.
    pub seed: u64,
    /// Worker threads (games played at once).
    pub threads: usize,
    /// Random plies that make each opening.
    pub opening_plies: u32,
    /// At most this many men worn down after the opening (games with
    /// prongs: see [`crate::worn`]).
    pub worn: u32,
    /// At most this many men taken off after the opening (see
    /// [`crate::thin`]).
    pub thin: u32,
    /// A game this long is stopped and scored a draw.
    pub max_plies: usize,
    /// Deeper scores for the stored positions (none: each position is
    /// stored with the score of the search that chose its move).
    pub label: Option<Label>,
    /// The data file (appended to when it exists).
    pub out: PathBuf,
}

/// Positions scored by a search of their own, deeper than the one that
/// plays the moves: the games stay as quick and varied as at the move
/// budget, the stored scores see further.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    /// Nodes of each scoring search.
    pub nodes: u64,
    /// Every this many plies after the opening a position is scored and
    /// stored (1: every one); the others are played, not stored.
    pub every: usize,
}

/// The scoring searches of a labelled run, on an engine of their own so
/// that the games are the same with and without them.
struct Labeller {
    label: Label,
    engine: Engine,
}

impl Labeller {
    /// The score and choice of a scoring search of the position `plies`
    /// plies after the opening of `game`, if that position is stored.
    fn score(&mut self, game: &GameRecord, plies: usize) -> Option<(Score, Move)> {
        if plies % self.label.every.max(1) != 0 {
            return None;
        }
        let r = self.engine.search(
            game,
            &Limits::nodes(self.label.nodes),
            &AtomicBool::new(false),
            &mut Silent,
        );
        r.best.map(|best| (r.score, best))
    }
}

/// A side whose search says it is this far ahead (centipawns) for
/// [`RESIGN_PLIES`] plies in a row, confirmed by the other side's search,
/// is scored the winner.
const RESIGN_CP: i32 = 2500;
/// See [`RESIGN_CP`].
const RESIGN_PLIES: usize = 6;

/// Shared state of the workers.
struct Run<'a> {
    s: &'a Settings,
    states: bool,
    done: HashSet<u32>,
    next: AtomicU32,
    file: Mutex<std::fs::File>,
    seen: Mutex<HashSet<u64>>,
    written: AtomicU64,
    dropped: AtomicU64,
    failed: Mutex<Option<String>>,
    bar: ProgressBar,
}

/// Runs (or resumes) a generation and prints a summary.
///
/// # Errors
/// A message if the file cannot be read or written, or belongs to another
/// run.
pub fn run(s: &Settings) -> Result<(), String> {
    let header = Header {
        variant: s.variant.key.clone(),
        files: s.variant.geometry.files(),
        ranks: s.variant.geometry.ranks(),
        states: s.variant.prongs,
        seed: s.seed,
        nodes: s.label.map_or(s.nodes, |l| l.nodes),
    };
    let (file, done, seen, before) = open(&s.out, &header)?;
    let bar = ProgressBar::new(u64::from(s.games));
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise} eta {eta}]",
        )
        .map_err(|e| e.to_string())?,
    );
    bar.set_position(done.len() as u64);
    let run = Run {
        s,
        states: header.states,
        done,
        next: AtomicU32::new(0),
        file: Mutex::new(file),
        seen: Mutex::new(seen),
        written: AtomicU64::new(0),
        dropped: AtomicU64::new(0),
        failed: Mutex::new(None),
        bar,
    };
    let start = Instant::now();
    std::thread::scope(|scope| {
        for w in 0..s.threads.max(1) {
            let run = &run;
            scope.spawn(move || run.worker(w as u64));
        }
    });
    run.bar.finish();
    if let Some(e) = run.failed.lock().map_err(|e| e.to_string())?.take() {
        return Err(e);
    }
    summary(&run, before, start.elapsed().as_secs_f64());
    Ok(())
}

fn summary(run: &Run, before: u64, secs: f64) {
    let written = run.written.load(Ordering::Relaxed);
    let dropped = run.dropped.load(Ordering::Relaxed);
    eprintln!(
        "{written} positions written ({dropped} duplicates dropped) in {secs:.0} s: \
         {:.0} positions/s with {} threads; {} positions in {} now",
        written as f64 / secs.max(1e-9),
        run.s.threads.max(1),
        before + written,
        run.s.out.display()
    );
}

type Opened = (std::fs::File, HashSet<u32>, HashSet<u64>, u64);

/// Opens the data file: a new one gets the header; an existing one must
/// have the same header, and its cut-short tail is dropped.
fn open(path: &PathBuf, header: &Header) -> Result<Opened, String> {
    let io = |e: std::io::Error| format!("{}: {e}", path.display());
    let mut done = HashSet::new();
    let mut seen = HashSet::new();
    let mut positions = 0;
    if path.exists() {
        let bytes = std::fs::read(path).map_err(io)?;
        let scan = data::scan(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        if scan.header != *header {
            return Err(format!(
                "{} was made by another run ({:?}); use a new file",
                path.display(),
                scan.header
            ));
        }
        for g in &scan.games {
            done.insert(g.index);
            for r in &g.records {
                seen.insert(key(r));
                positions += 1;
            }
        }
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(io)?;
        file.set_len(scan.sound_len as u64).map_err(io)?;
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(io)?;
        file.flush().map_err(io)?;
        eprintln!(
            "resuming {}: {} games, {positions} positions",
            path.display(),
            done.len()
        );
        return Ok((file, done, seen, positions));
    }
    let mut file = std::fs::File::create(path).map_err(io)?;
    file.write_all(&data::encode_header(header)).map_err(io)?;
    Ok((file, done, seen, 0))
}

/// What makes two records the same position (the score aside).
fn key(r: &Record) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    r.flags.hash(&mut h);
    r.pieces.hash(&mut h);
    r.pockets.hash(&mut h);
    h.finish()
}

impl Run<'_> {
    fn worker(&self, id: u64) {
        let seat = || {
            Engine::new(Options {
                hash_mb: 16,
                seed: self.s.seed ^ id,
                eval: self.s.eval.clone(),
                ..Options::default()
            })
        };
        let mut engine = seat();
        let mut labeller = self.s.label.map(|label| Labeller {
            label,
            engine: seat(),
        });
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= self.s.games || self.failed.lock().map_or(true, |f| f.is_some()) {
                return;
            }
            if self.done.contains(&i) {
                continue;
            }
            engine.new_game();
            if let Some(l) = &mut labeller {
                l.engine.new_game();
            }
            let game = play(self.s, &mut engine, labeller.as_mut(), i);
            if let Err(e) = self.write(game) {
                if let Ok(mut f) = self.failed.lock() {
                    *f = Some(e);
                }
                return;
            }
        }
    }

    fn write(&self, mut game: Game) -> Result<(), String> {
        let before = game.records.len();
        {
            let mut seen = self.seen.lock().map_err(|e| e.to_string())?;
            game.records.retain(|r| seen.insert(key(r)));
        }
        let dropped = (before - game.records.len()) as u64;
        let bytes = data::encode_game(&game, self.states);
        let mut file = self.file.lock().map_err(|e| e.to_string())?;
        file.write_all(&bytes)
            .and_then(|()| file.flush())
            .map_err(|e| format!("{}: {e}", self.s.out.display()))?;
        drop(file);
        let n = self
            .written
            .fetch_add(game.records.len() as u64, Ordering::Relaxed)
            + game.records.len() as u64;
        self.dropped.fetch_add(dropped, Ordering::Relaxed);
        let secs = self.bar.elapsed().as_secs_f64().max(1e-9);
        let msg = format!("{n} positions, {:.0}/s", n as f64 / secs);
        self.bar.inc(1);
        if self.bar.is_hidden() && self.bar.position() % 50 == 0 {
            // No terminal (a log file): a line now and then instead.
            eprintln!("{} games: {msg}", self.bar.position());
        }
        self.bar.set_message(msg);
        Ok(())
    }
}

/// Plays game `index` of the run and returns its positions.
fn play(
    s: &Settings,
    engine: &mut Engine,
    mut labeller: Option<&mut Labeller>,
    index: u32,
) -> Game {
    let seed = s.seed ^ u64::from(index).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut game = opening(&s.variant, s.opening_plies, seed);
    if s.worn > 0 {
        let mut rng = menagerie_engine::level::Rng::new(seed ^ 0x776f_726e);
        let men = rng.below(s.worn as usize + 1) as u32;
        game = crate::worn::wear(game, men, &mut rng);
    }
    if s.thin > 0 {
        let mut rng = menagerie_engine::level::Rng::new(seed ^ 0x7468_696e);
        let men = rng.below(s.thin as usize + 1) as u32;
        game = crate::thin::thin(game, men, &mut rng);
    }
    let first = game.moves().len();
    let mut records = Vec::new();
    let mut streak: (Option<Color>, usize) = (None, 0);
    let mut adjudicated = None;
    while game.outcome().is_none() && game.moves().len() < s.max_plies {
        let r = engine.search(
            &game,
            &Limits::nodes(s.nodes),
            &AtomicBool::new(false),
            &mut Silent,
        );
        let Some(m) = r.best else { break };
        let pos = game.position();
        let stored = match labeller.as_deref_mut() {
            Some(l) => l.score(&game, game.moves().len() - first),
            None => Some((r.score, m)),
        };
        if let Some((score, chosen)) = stored {
            records.push(record(pos, score, &chosen));
        }
        adjudicated = adjudicate(&mut streak, pos.turn(), r.score);
        if adjudicated.is_some() || game.play(&m).is_err() {
            break;
        }
    }
    Game {
        index,
        white_result: white_result(&game, adjudicated),
        records,
    }
}

/// The record of `pos`, whose search scored `score` and chose `chosen`.
fn record(pos: &Position, score: Score, chosen: &Move) -> Record {
    let (score, mate) = stored_score(score);
    let mut flags = if mate { data::FLAG_MATE } else { 0 };
    if pos.variant().has_royal_king() && pos.is_check() {
        flags |= data::FLAG_CHECK;
    }
    if chosen.is_capture() {
        flags |= data::FLAG_CAPTURE;
    }
    Record::new(pos, score, flags)
}

/// The score as stored: centipawns, or a clamped mate score.
fn stored_score(score: Score) -> (i16, bool) {
    match score {
        Score::Cp(cp) => (cp.clamp(-20_000, 20_000) as i16, false),
        Score::Mate(n) if n > 0 => (data::MATE_SCORE, true),
        Score::Mate(_) => (-data::MATE_SCORE, true),
    }
}

/// Tracks how long one side has been winning by far; returns the winner
/// once both sides' searches agree for long enough (or a mate is seen).
fn adjudicate(streak: &mut (Option<Color>, usize), mover: Color, score: Score) -> Option<Color> {
    let leader = match score {
        Score::Mate(n) if n > 0 => return Some(mover),
        Score::Mate(_) => return Some(!mover),
        Score::Cp(cp) if cp >= RESIGN_CP => Some(mover),
        Score::Cp(cp) if cp <= -RESIGN_CP => Some(!mover),
        Score::Cp(_) => None,
    };
    if leader.is_some() && leader == streak.0 {
        streak.1 += 1;
    } else {
        *streak = (leader, usize::from(leader.is_some()));
    }
    (streak.1 >= RESIGN_PLIES).then_some(streak.0).flatten()
}

fn white_result(game: &GameRecord, adjudicated: Option<Color>) -> u8 {
    let winner = adjudicated.or(match game.outcome() {
        Some(Outcome::Decisive { winner, .. }) => Some(winner),
        _ => None,
    });
    match winner {
        Some(Color::White) => 2,
        Some(Color::Black) => 0,
        None => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lasting_big_lead_or_a_mate_ends_the_game() {
        let mut streak = (None, 0);
        for ply in 0..RESIGN_PLIES {
            let (mover, cp) = if ply % 2 == 0 {
                (Color::White, 3000)
            } else {
                (Color::Black, -3000)
            };
            let verdict = adjudicate(&mut streak, mover, Score::Cp(cp));
            assert_eq!(verdict.is_some(), ply + 1 == RESIGN_PLIES);
        }
        let mut streak = (None, 0);
        assert_eq!(
            adjudicate(&mut streak, Color::Black, Score::Mate(-2)),
            Some(Color::White)
        );
        assert_eq!(adjudicate(&mut streak, Color::White, Score::Cp(10)), None);
    }

    #[test]
    fn mates_are_stored_as_flagged_extremes() {
        assert_eq!(stored_score(Score::Mate(3)), (data::MATE_SCORE, true));
        assert_eq!(stored_score(Score::Mate(-1)), (-data::MATE_SCORE, true));
        assert_eq!(stored_score(Score::Cp(-40)), (-40, false));
    }

    /// A short chess run of two 30-ply games at 200 nodes a move, with
    /// the classical evaluation, two threads, no labels, into `out`.
    fn short_run(out: PathBuf) -> Settings {
        Settings {
            variant: menagerie_games::by_name("chess").unwrap(),
            eval: EvalChoice::Classical,
            games: 2,
            nodes: 200,
            seed: 5,
            threads: 2,
            opening_plies: 4,
            worn: 0,
            thin: 0,
            max_plies: 30,
            label: None,
            out,
        }
    }

    #[test]
    fn a_run_resumes_where_it_stopped() {
        let dir = std::env::temp_dir().join(format!("menagerie-gen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("d.mgd");
        let mut s = short_run(out.clone());
        run(&s).unwrap();
        let first = std::fs::read(&out).unwrap();
        // Cut the file inside its last game, then ask for one game more.
        std::fs::write(&out, &first[..first.len() - 5]).unwrap();
        s.games = 3;
        run(&s).unwrap();
        let scan = data::scan(&std::fs::read(&out).unwrap()).unwrap();
        let mut indices: Vec<u32> = scan.games.iter().map(|g| g.index).collect();
        indices.sort_unstable();
        assert_eq!(indices, vec![0, 1, 2]);
        s.seed = 6;
        assert!(run(&s).unwrap_err().contains("another run"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn labelled_runs_store_every_kth_position_scored_deeper() {
        let dir = std::env::temp_dir().join(format!("menagerie-label-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // One thread, so each game meets the same engines in both runs.
        let settings = |label, name: &str| Settings {
            threads: 1,
            label,
            ..short_run(dir.join(name))
        };
        let plain = settings(None, "plain.mgd");
        let label = Label {
            nodes: 2000,
            every: 3,
        };
        let labelled = settings(Some(label), "labelled.mgd");
        run(&plain).unwrap();
        run(&labelled).unwrap();
        let read = |s: &Settings| {
            let mut scan = data::scan(&std::fs::read(&s.out).unwrap()).unwrap();
            scan.games.sort_by_key(|g| g.index);
            (scan.header, scan.games)
        };
        let (plain_header, plain_games) = read(&plain);
        let (header, games) = read(&labelled);
        assert_eq!(plain_header.nodes, 200);
        assert_eq!(header.nodes, 2000, "the header names the scores' budget");
        for (p, l) in plain_games.iter().zip(&games) {
            // The same games (the moves come from the same engine, the
            // scores from another), so every third position of the plain
            // run, in order, with a score of its own.
            let every_third: Vec<_> = p.records.iter().step_by(3).collect();
            assert_eq!(l.records.len(), every_third.len());
            for (a, b) in every_third.iter().zip(&l.records) {
                assert_eq!((&a.pieces, &a.pockets), (&b.pieces, &b.pockets));
            }
        }
        let rescored = plain_games
            .iter()
            .zip(&games)
            .flat_map(|(p, l)| p.records.iter().step_by(3).zip(&l.records))
            .filter(|(a, b)| a.score != b.score)
            .count();
        assert!(rescored > 0, "the deeper search changes some scores");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
