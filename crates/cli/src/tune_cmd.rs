//! `menagerie tune`: make training data from self-play and fit the piece
//! values to it (see `menagerie_engine::tune` and docs/engine.md).
//!
//! `tune generate` plays engine-versus-engine games from random openings
//! and writes one quiet position per line with the game's result for White
//! (`FEN<TAB>score`); `tune fit` reads such files and prints the fitted
//! values.

use crate::matches::opening;
use menagerie_engine::tune::{self, Sample};
use menagerie_engine::{eval, Engine, Limits, Options, Silent};
use menagerie_rules::{Color, GameRecord, Outcome, Position, VariantRef};
use std::io::Write;
use std::sync::atomic::AtomicBool;

/// Plays `games` self-play games of `variant` at `nodes` per move and
/// writes every third quiet position with its game's result to `out`.
///
/// # Errors
/// A message if the file cannot be written.
pub fn generate(
    variant: VariantRef,
    games: u32,
    nodes: u64,
    seed: u64,
    out: &std::path::Path,
) -> Result<(), String> {
    let mut file =
        std::fs::File::create(out).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let mut engine = Engine::new(Options {
        hash_mb: 16,
        seed,
        ..Options::default()
    });
    let mut lines = 0;
    for g in 0..games {
        engine.new_game();
        let mut game = opening(
            &variant,
            6,
            seed ^ u64::from(g).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        );
        let mut keep: Vec<String> = Vec::new();
        while game.outcome().is_none() && game.moves().len() < 300 {
            let r = engine.search(
                &game,
                &Limits::nodes(nodes),
                &AtomicBool::new(false),
                &mut Silent,
            );
            let Some(m) = r.best else { break };
            let quiet = !m.is_capture();
            if game.play(&m).is_err() {
                break;
            }
            let pos = game.position();
            let calm = quiet && !(pos.variant().has_royal_king() && pos.is_check());
            if calm && game.moves().len() % 3 == 0 && game.moves().len() > 8 {
                keep.push(pos.fen());
            }
        }
        let score = white_score(&game);
        for fen in keep {
            writeln!(file, "{fen}\t{score}").map_err(|e| format!("cannot write: {e}"))?;
            lines += 1;
        }
    }
    eprintln!(
        "{lines} positions from {games} games written to {}",
        out.display()
    );
    Ok(())
}

fn white_score(game: &GameRecord) -> f64 {
    match game.outcome() {
        Some(Outcome::Decisive {
            winner: Color::White,
            ..
        }) => 1.0,
        Some(Outcome::Decisive {
            winner: Color::Black,
            ..
        }) => 0.0,
        _ => 0.5,
    }
}

/// Reads training files (each line `FEN<TAB>score`, the variant taken from
/// the file's `VARIANT.txt` name or from `variant`).
///
/// # Errors
/// A message naming the file and line of a bad entry.
pub fn read(
    paths: &[std::path::PathBuf],
    variant_for: impl Fn(&std::path::Path) -> Result<VariantRef, String>,
) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for p in paths {
        let v = variant_for(p)?;
        let text =
            std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
        for (i, line) in text.lines().enumerate() {
            let bad = |why: &str| format!("{}:{}: {why}", p.display(), i + 1);
            let (fen, score) = line
                .split_once('\t')
                .ok_or_else(|| bad("expected FEN<TAB>score"))?;
            let position = Position::from_fen(&v, fen).map_err(|e| bad(&e.to_string()))?;
            let white_score: f64 = score
                .trim()
                .parse()
                .map_err(|_| bad("the score must be 0, 0.5 or 1"))?;
            out.push(Sample {
                position,
                white_score,
            });
        }
    }
    Ok(out)
}

/// Fits the values to the samples, prints them beside the values in use
/// and, with `write`, saves them as a weights file (`LETTER board pocket`
/// per line) that the `engine/weights=FILE` match player reads.
///
/// # Errors
/// A message if the weights file cannot be written.
pub fn fit(
    samples: &[Sample],
    rounds: usize,
    write: Option<&std::path::Path>,
) -> Result<(), String> {
    let roles = tune::roles_seen(samples, samples.len() / 50 + 1);
    let (w, before, after) = tune::fit(samples, &eval::DEFAULT, &roles, 10, rounds);
    if let Some(path) = write {
        let text: String = menagerie_rules::Role::ALL
            .iter()
            .map(|r| {
                format!(
                    "{} {} {}\n",
                    r.letter(),
                    w.piece[r.index()],
                    w.pocket[r.index()]
                )
            })
            .collect();
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    println!("{} samples; loss {before:.6} -> {after:.6}", samples.len());
    for r in roles {
        println!(
            "{:<30} board {:>5} (was {:>5})   pocket {:>5} (was {:>5})",
            r.name(),
            w.piece[r.index()],
            eval::DEFAULT.piece[r.index()],
            w.pocket[r.index()],
            eval::DEFAULT.pocket[r.index()]
        );
    }
    Ok(())
}

/// Reads a weights file written by [`fit`] over the default weights.
///
/// # Errors
/// A message naming the file and the bad line.
pub fn read_weights(path: &std::path::Path) -> Result<eval::Weights, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut w = eval::DEFAULT;
    for (i, line) in text.lines().enumerate() {
        let bad = || format!("{}:{}: expected LETTER BOARD POCKET", path.display(), i + 1);
        let f: Vec<&str> = line.split_whitespace().collect();
        let [l, b, p] = f[..] else { return Err(bad()) };
        let role = l
            .chars()
            .next()
            .and_then(menagerie_rules::Role::from_letter)
            .ok_or_else(bad)?;
        w.piece[role.index()] = b.parse().map_err(|_| bad())?;
        w.pocket[role.index()] = p.parse().map_err(|_| bad())?;
    }
    Ok(w)
}
