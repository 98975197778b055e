//! [`Snapshot`]: the moves of a game as a review sees them, copied out of
//! the game so the review never holds the game's lock while it searches.

use super::{judge, StoredEval};
use crate::dto::{ReviewPly, Side};
use crate::game::Game;
use crate::store::ReviewRow;
use menagerie_rules::{Color, GameRecord};

/// A game's start and moves at one moment.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The game's id.
    pub id: String,
    /// Its start and moves.
    pub record: GameRecord,
    /// The move strings.
    pub texts: Vec<String>,
    /// Their readable labels.
    pub labels: Vec<String>,
}

impl Snapshot {
    /// The game's plies now.
    #[must_use]
    pub fn of(game: &Game) -> Snapshot {
        Snapshot {
            id: game.id.clone(),
            record: game.record.clone(),
            texts: game.texts.clone(),
            labels: game.labels.clone(),
        }
    }

    /// How many plies the game has.
    #[must_use]
    pub fn total_plies(&self) -> usize {
        self.record.moves().len()
    }

    /// The position string after `ply` plies.
    #[must_use]
    pub fn fen(&self, ply: usize) -> Option<String> {
        self.record
            .positions()
            .get(ply)
            .map(menagerie_rules::Position::fen)
    }

    /// The game up to `ply` plies (earlier positions kept for repetitions).
    #[must_use]
    pub fn record_at(&self, ply: usize) -> GameRecord {
        let mut r = GameRecord::new(self.record.start().clone());
        for m in self.record.moves().iter().take(ply) {
            if r.play(m).is_err() {
                break;
            }
        }
        r
    }

    /// The stored evaluations that still describe this game's positions, in
    /// ply order from the start: up to the first one that is missing, does
    /// not read, or was made for another position (the game was undone and
    /// played differently since).
    #[must_use]
    pub fn valid_prefix(&self, row: &ReviewRow) -> Vec<StoredEval> {
        let mut out = Vec::new();
        for (i, p) in row.plies.iter().enumerate() {
            if p.ply != i || self.fen(i).as_deref() != Some(p.fen.as_str()) {
                break;
            }
            let Ok(e) = serde_json::from_str::<StoredEval>(&p.data_json) else {
                break;
            };
            out.push(e);
        }
        out
    }

    /// The side that played ply `ply` (1-based), if it exists.
    fn mover(&self, ply: usize) -> Option<Color> {
        let i = ply.checked_sub(1)?;
        self.record
            .positions()
            .get(i)
            .map(menagerie_rules::Position::turn)
    }

    /// The reviewed position after `ply` plies, its move judged against the
    /// evaluation of the position before it.
    #[must_use]
    pub fn ply_view(&self, ply: usize, e: &StoredEval, before: Option<&StoredEval>) -> ReviewPly {
        let here = judge::expected(e.eval, e.result.as_deref());
        let mover = self.mover(ply);
        let text = ply.checked_sub(1).and_then(|i| self.texts.get(i)).cloned();
        let (loss, judgement, better, better_label, better_squares) = match (before, mover) {
            (Some(b), Some(side)) => {
                let prev = judge::expected(b.eval, b.result.as_deref());
                let loss = judge::loss(side == Color::White, prev, here);
                let best = b.best.first();
                let played_best = best.is_some() && best == text.as_ref();
                let j = judge::judge(loss).filter(|_| !played_best);
                let better = j.and(best.cloned());
                let better_label = j.and(b.best_labels.first().cloned());
                let better_squares = j.and(b.best_squares.first().cloned());
                (
                    Some(judge::round3(loss)),
                    j,
                    better,
                    better_label,
                    better_squares,
                )
            }
            _ => (None, None, None, None, None),
        };
        ReviewPly {
            ply,
            side: mover.map(Side::from),
            label: ply.checked_sub(1).and_then(|i| self.labels.get(i)).cloned(),
            text,
            eval: e.eval,
            expected: judge::round3(here),
            result: e.result.clone(),
            best: e.best.clone(),
            best_labels: e.best_labels.clone(),
            best_squares: e.best_squares.clone(),
            depth: e.depth,
            loss,
            judgement,
            better,
            better_label,
            better_squares,
        }
    }
}
