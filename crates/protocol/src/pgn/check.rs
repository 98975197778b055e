//! `menagerie record check`: replay every game of a record and say, per
//! game, that it is sound or where it first goes wrong.

use super::read::{read_each, Resolver};
use super::{count_variations, Game, LineMove};
use menagerie_rules::{Outcome, Position};

/// The verdict on one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// 1-based number of the game in the file.
    pub number: usize,
    /// Whether every move was legal and the result fits the final position.
    pub ok: bool,
    /// One line: a summary, or the first problem and where it is.
    pub line: String,
}

/// Checks every game of `text`.
#[must_use]
pub fn check(text: &str, resolve: &Resolver) -> Vec<GameReport> {
    read_each(text, resolve)
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let number = i + 1;
            match r
                .map_err(|e| e.to_string())
                .and_then(|g| check_game(&g).map_err(|m| format!("game {number}: {m}")))
            {
                Ok(summary) => GameReport {
                    number,
                    ok: true,
                    line: format!("game {number}: ok, {summary}"),
                },
                Err(problem) => GameReport {
                    number,
                    ok: false,
                    line: problem,
                },
            }
        })
        .collect()
}

/// Replays a game already read, its variations too: the result must agree
/// with a final position that ends the game by rule (checkmate, stalemate,
/// no men left, two passes). Returns a short summary.
///
/// # Errors
/// What is wrong (an illegal move, a result that contradicts the board).
pub fn check_game(g: &Game) -> Result<String, String> {
    let record = g.replay().map_err(|(i, e)| format!("ply {}: {e}", i + 1))?;
    let line = g.line();
    for ((i, m), before) in line.iter().enumerate().zip(record.positions()) {
        check_variations(before, m, &format!("ply {}", i + 1))?;
    }
    let by_rule = record.position().outcome().or_else(|| {
        record
            .outcome()
            .filter(|o| matches!(o, Outcome::Draw { reason } if *reason == menagerie_rules::EndReason::TwoPasses))
    });
    if let Some(o) = by_rule {
        if g.result != o.result() {
            return Err(format!(
                "the result is {} but the final position ends the game {} ({:?})",
                g.result,
                o.result(),
                reason(&o)
            ));
        }
    }
    let white = g.tag("White").unwrap_or("?");
    let black = g.tag("Black").unwrap_or("?");
    let variations = match count_variations(&line) {
        0 => String::new(),
        1 => ", 1 variation".to_string(),
        n => format!(", {n} variations"),
    };
    Ok(format!(
        "{}, {} plies{variations}, {} ({white} - {black})",
        g.start.variant().key,
        g.moves.len(),
        g.result
    ))
}

/// Replays the variations of `m`, each from `before` (the position before
/// `m`), and theirs in turn. `at` says where `m` is.
fn check_variations(before: &Position, m: &LineMove, at: &str) -> Result<(), String> {
    for (v, line) in m.variations.iter().enumerate() {
        let mut pos = before.clone();
        for (j, vm) in line.iter().enumerate() {
            let here = format!("{at}, variation {}, move {}", v + 1, j + 1);
            let start = pos.clone();
            pos.play(&vm.mv).map_err(|e| format!("{here}: {e}"))?;
            check_variations(&start, vm, &here)?;
        }
    }
    Ok(())
}

fn reason(o: &Outcome) -> menagerie_rules::EndReason {
    match *o {
        Outcome::Decisive { reason, .. } | Outcome::Draw { reason } => reason,
    }
}
