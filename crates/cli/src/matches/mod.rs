//! `menagerie match`: games between two players in any variant, openings
//! varied by a few random plies and each opening played with both colours,
//! with a progress bar, an Elo estimate, an optional SPRT, optional chess
//! clocks (a side whose time runs out loses), and every game saved as a
//! replayable record.

pub mod clock;
pub mod players;
pub mod stats;
pub mod uci_player;

use indicatif::{ProgressBar, ProgressStyle};
use menagerie_engine::level::Rng;
use menagerie_protocol::pgn;
use menagerie_rules::{fen, notation, Color, GameRecord, Outcome, Position, Setup, VariantRef};
use players::{Budget, Player, Spec};
use stats::Tally;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Variant spec as given (sent to external engines too).
    pub variant_spec: String,
    /// The game.
    pub variant: VariantRef,
    /// First player.
    pub a: Spec,
    /// Second player.
    pub b: Spec,
    /// Games to play (rounded up to an even number: each opening twice).
    pub games: u32,
    /// Per-move budget of engines, or the clocks every game starts with.
    pub budget: Budget,
    /// Grace beyond a clock's time before a late move loses on time.
    pub tc_margin: Duration,
    /// Games played at once.
    pub concurrency: usize,
    /// Random plies from the start position that make an opening.
    pub opening_plies: u32,
    /// SPRT hypotheses (elo0, elo1), if the match should stop when decided.
    pub sprt: Option<(f64, f64)>,
    /// Where records go.
    pub out: Option<std::path::PathBuf>,
    /// Seed of openings and of the random players.
    pub seed: u64,
    /// A game this long (in plies) is adjudicated a draw.
    pub max_plies: usize,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct Finished {
    /// Index of the game.
    pub index: u32,
    /// Whether the first player had White.
    pub a_white: bool,
    /// The game.
    pub record: GameRecord,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// Why the game ended.
    pub termination: String,
    /// Engine comments per move.
    pub comments: Vec<Option<String>>,
    /// The side that lost on time, if one did.
    pub time_loser: Option<Color>,
}

impl Finished {
    /// The first player's points (1, 0.5 or 0) as wins/losses/draws.
    fn score_for_a(&self) -> Tally {
        let a_color = if self.a_white {
            Color::White
        } else {
            Color::Black
        };
        let mut t = Tally::default();
        match self.result {
            "1-0" if a_color == Color::White => t.wins = 1,
            "0-1" if a_color == Color::Black => t.wins = 1,
            "1/2-1/2" => t.draws = 1,
            _ => t.losses = 1,
        }
        t
    }
}

/// `game`'s position after `edit` has changed its setup, as the start of a
/// new record (the moves that led to it are dropped): how `tune generate`
/// wears and thins its openings. `game` itself if its position cannot be
/// read as a setup or the edited setup is not a valid position.
#[must_use]
pub fn edited(game: GameRecord, edit: impl FnOnce(&mut Setup)) -> GameRecord {
    let pos = game.position();
    let v = pos.variant();
    let Ok(mut setup) = fen::parse(v, &pos.fen()) else {
        return game;
    };
    edit(&mut setup);
    match Position::from_setup(v, setup) {
        Ok(changed) => GameRecord::new(changed),
        Err(_) => game,
    }
}

/// An opening: `plies` random legal moves from the start position, chosen
/// from the opening's own seed, that do not end the game.
#[must_use]
pub fn opening(variant: &VariantRef, plies: u32, seed: u64) -> GameRecord {
    let mut rng = Rng::new(seed);
    for _ in 0..100 {
        let mut game = GameRecord::new(Position::start(variant));
        for _ in 0..plies {
            let legal = game.position().legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            if game.play(&m).is_err() {
                break;
            }
        }
        if game.outcome().is_none() && game.moves().len() == plies as usize {
            return game;
        }
    }
    GameRecord::new(Position::start(variant))
}

fn play_game(
    s: &Settings,
    index: u32,
    white: &mut Player,
    black: &mut Player,
) -> Result<Finished, String> {
    let mut game = opening(
        &s.variant,
        s.opening_plies,
        s.seed ^ u64::from(index / 2).wrapping_mul(0x9e37_79b9_7f4a_7c15),
    );
    let mut comments = vec![None; game.moves().len()];
    white.new_game(&s.variant_spec)?;
    black.new_game(&s.variant_spec)?;
    let mut budget = s.budget;
    let mut time_loser = None;
    let (result, termination) = loop {
        if let Some(o) = game.outcome() {
            break (o.result(), describe(&o));
        }
        if game.moves().len() >= s.max_plies {
            break ("1/2-1/2", format!("adjudicated: {} plies", s.max_plies));
        }
        let side = game.position().turn();
        let mover = if side == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let asked = Instant::now();
        let (m, comment) = mover.choose(&game, budget)?;
        let elapsed = asked.elapsed();
        let comment = timed(comment, &budget, elapsed);
        if !charge(&mut budget, side, elapsed, s.tc_margin) {
            time_loser = Some(side);
            break (loss_of(side), "time forfeit".to_string());
        }
        game.play(&m).map_err(|e| {
            format!(
                "game {}: illegal move {}: {e}",
                index + 1,
                notation::render(game.position(), &m)
            )
        })?;
        comments.push(comment);
    };
    Ok(Finished {
        index,
        a_white: index % 2 == 0,
        record: game,
        result,
        termination,
        comments,
        time_loser,
    })
}

/// A move's comment with, under clocks, the time the move took appended
/// as the seconds it was charged (`+0.31/12 0.254s`, as other match tools
/// write it; a mover without a comment gets the time alone).
fn timed(comment: Option<String>, budget: &Budget, elapsed: Duration) -> Option<String> {
    if !matches!(budget, Budget::Clock(_)) {
        return comment;
    }
    let time = format!("{:.3}s", elapsed.as_secs_f64());
    Some(match comment {
        Some(c) => format!("{c} {time}"),
        None => time,
    })
}

/// Charges a clocked mover for its move; `false` if it lost on time.
/// Budgets without a clock never lose on time.
fn charge(budget: &mut Budget, side: Color, elapsed: Duration, margin: Duration) -> bool {
    match budget {
        Budget::Clock(c) => c.charge(side, elapsed, margin),
        Budget::Movetime(_) | Budget::Nodes(_) => true,
    }
}

/// The result when `side` loses.
fn loss_of(side: Color) -> &'static str {
    match side {
        Color::White => "0-1",
        Color::Black => "1-0",
    }
}

fn describe(o: &Outcome) -> String {
    let reason = match o {
        Outcome::Decisive { reason, .. } | Outcome::Draw { reason } => reason,
    };
    format!("{reason:?}").to_lowercase()
}

/// The game as a record in the PGN dialect of docs/protocols.md, with the
/// engines' scores as move comments.
#[must_use]
pub fn record_pgn(s: &Settings, f: &Finished) -> String {
    let (a, b) = (s.a.name(), s.b.name());
    let (white, black) = if f.a_white { (a, b) } else { (b, a) };
    let mut game = pgn::Game::new(f.record.start().clone());
    game.set_tag("Event", "Menagerie match");
    game.set_tag("Round", &(f.index + 1).to_string());
    game.set_tag("White", &white);
    game.set_tag("Black", &black);
    game.set_tag(
        "TimeControl",
        &match s.budget {
            Budget::Movetime(ms) => format!("movetime {ms} ms"),
            Budget::Nodes(n) => format!("nodes {n}"),
            Budget::Clock(c) => clock::TimeControl {
                base: c.white,
                increment: c.increment,
            }
            .tag(),
        },
    );
    for (m, c) in f.record.moves().iter().zip(&f.comments) {
        game.push(*m, c.clone());
    }
    game.finish(f.result, Some(&f.termination));
    pgn::write(&game)
}

/// Plays the match and prints its progress and result lines.
///
/// # Errors
/// A message if a player fails or the record file cannot be written.
pub fn run(s: &Settings) -> Result<Tally, String> {
    let games = s.games.max(2).div_ceil(2) * 2;
    let next = AtomicU32::new(0);
    let decided = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<Finished, String>>();
    let mut out = match &s.out {
        Some(p) => Some(
            std::fs::File::create(p).map_err(|e| format!("cannot write {}: {e}", p.display()))?,
        ),
        None => None,
    };
    let bar = ProgressBar::new(u64::from(games));
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut tally = Tally::default();
    let mut time_losses = (0, 0);
    let (a_name, b_name) = (s.a.name(), s.b.name());
    let result = std::thread::scope(|scope| -> Result<(), String> {
        for worker in 0..s.concurrency.max(1) {
            let tx = tx.clone();
            let (next, decided) = (&next, &decided);
            scope.spawn(move || {
                let seed = s.seed ^ (worker as u64 + 1).wrapping_mul(0xa076_1d64_78bd_642f);
                let seats = Player::seat(&s.a, seed)
                    .and_then(|a| Player::seat(&s.b, seed ^ 1).map(|b| (a, b)));
                let (mut pa, mut pb) = match seats {
                    Ok(p) => p,
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games || decided.load(Ordering::Relaxed) {
                        break;
                    }
                    let r = if i % 2 == 0 {
                        play_game(s, i, &mut pa, &mut pb)
                    } else {
                        play_game(s, i, &mut pb, &mut pa)
                    };
                    let failed = r.is_err();
                    if tx.send(r).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for r in rx {
            let f = r?;
            let t = f.score_for_a();
            tally.wins += t.wins;
            tally.losses += t.losses;
            tally.draws += t.draws;
            match f.time_loser.map(|side| (side == Color::White) == f.a_white) {
                Some(true) => time_losses.0 += 1,
                Some(false) => time_losses.1 += 1,
                None => {}
            }
            if let Some(file) = out.as_mut() {
                write!(file, "{}", record_pgn(s, &f))
                    .map_err(|e| format!("cannot write the record: {e}"))?;
            }
            bar.inc(1);
            bar.set_message(format!(
                "{} - {} - {}",
                tally.wins, tally.losses, tally.draws
            ));
            if let Some((e0, e1)) = s.sprt {
                let (lo, hi) = stats::sprt_bounds(0.05, 0.05);
                let llr = tally.llr(e0, e1);
                if llr <= lo || llr >= hi {
                    decided.store(true, Ordering::Relaxed);
                    bar.println(format!(
                        "SPRT: llr {llr:.2} ({lo:.2}, {hi:.2}) accepts {}",
                        if llr >= hi { "H1" } else { "H0" }
                    ));
                }
            }
        }
        Ok(())
    });
    bar.finish_and_clear();
    result?;
    println!("{}", stats::summary(&a_name, &b_name, &tally));
    if matches!(s.budget, Budget::Clock(_)) {
        println!(
            "{}",
            stats::time_losses(&a_name, &b_name, time_losses.0, time_losses.1)
        );
    }
    Ok(tally)
}
