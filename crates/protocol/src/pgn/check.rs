//! `menagerie record check`: replay every game of a record and say, per
//! game, that it is sound or where it first goes wrong.

use super::read::{read_each, Resolver};
use super::Game;
use menagerie_rules::Outcome;

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

/// Replays a game already read: the result must agree with a final
/// position that ends the game by rule (checkmate, stalemate, no men left,
/// two passes). Returns a short summary.
///
/// # Errors
/// What is wrong (an illegal move, a result that contradicts the board).
pub fn check_game(g: &Game) -> Result<String, String> {
    let record = g.replay().map_err(|(i, e)| format!("ply {}: {e}", i + 1))?;
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
    Ok(format!(
        "{}, {} plies, {} ({white} - {black})",
        g.start.variant().key,
        g.moves.len(),
        g.result
    ))
}

fn reason(o: &Outcome) -> menagerie_rules::EndReason {
    match *o {
        Outcome::Decisive { reason, .. } | Outcome::Draw { reason } => reason,
    }
}
