//! Training positions in memory: each position's active features from
//! both perspectives (side to move first), its search score and its
//! game's result from the side to move's view, split into training and
//! validation by game.

use super::model::factor_of;
use crate::nnue::data::{self, Game, FLAG_CAPTURE, FLAG_CHECK, FLAG_MATE};
use menagerie_rules::Color;

/// Positions as flat arrays.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Features of every position: the side to move's, then the other's
    /// (the same number of each).
    pub features: Vec<u16>,
    /// Where each position's features start (one more entry than
    /// positions).
    pub offsets: Vec<u32>,
    /// Search score, centipawns, side to move's view.
    pub scores: Vec<f32>,
    /// Game result, side to move's view: 0, 0.5 or 1.
    pub results: Vec<f32>,
}

impl Dataset {
    /// Number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Whether there are no positions.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// The two perspectives' features of position `i`.
    #[must_use]
    #[inline]
    pub fn sample(&self, i: usize) -> (&[u16], &[u16]) {
        let (a, b) = (self.offsets[i] as usize, self.offsets[i + 1] as usize);
        self.features[a..b].split_at((b - a) / 2)
    }

    fn push_game(&mut self, g: &Game, ranks: u8, filter: &Filter) {
        for r in &g.records {
            if r.flags & filter.skip_flags != 0 || f32::from(r.score).abs() > filter.max_score {
                continue;
            }
            if self.offsets.is_empty() {
                self.offsets.push(0);
            }
            let turn = r.turn();
            for persp in [turn, !turn] {
                let start = self.features.len();
                r.features(persp, ranks, &mut self.features);
                if filter.factors {
                    for i in start..self.features.len() {
                        if let Some(g) = factor_of(self.features[i]) {
                            self.features.push(g);
                        }
                    }
                }
            }
            self.offsets.push(self.features.len() as u32);
            self.scores.push(f32::from(r.score));
            let white = f32::from(g.white_result) / 2.0;
            self.results.push(if turn == Color::White {
                white
            } else {
                1.0 - white
            });
        }
    }
}

/// Which positions are used.
#[derive(Copy, Clone, Debug)]
pub struct Filter {
    /// Positions with any of these flags are skipped (in check, a capture
    /// chosen, a mate score: not quiet).
    pub skip_flags: u8,
    /// Positions scored beyond this many centipawns are skipped.
    pub max_score: f32,
    /// Every n-th game goes to validation.
    pub validation_every: u32,
    /// Whether the training-only factor features are added.
    pub factors: bool,
}

impl Default for Filter {
    fn default() -> Filter {
        Filter {
            skip_flags: FLAG_CHECK | FLAG_CAPTURE | FLAG_MATE,
            max_score: 3000.0,
            validation_every: 20,
            factors: true,
        }
    }
}

/// Training and validation sets from data files' bytes, and the keys of
/// the games they hold.
///
/// # Errors
/// A message naming the file whose header is bad.
pub fn load(
    files: &[(String, Vec<u8>)],
    filter: &Filter,
) -> Result<(Dataset, Dataset, Vec<String>), String> {
    let (mut train, mut valid, mut games) = (Dataset::default(), Dataset::default(), Vec::new());
    for (name, bytes) in files {
        let scan = data::scan(bytes).map_err(|e| format!("{name}: {e}"))?;
        if !games.contains(&scan.header.variant) {
            games.push(scan.header.variant.clone());
        }
        for g in &scan.games {
            let set = if g.index % filter.validation_every.max(2) == 0 {
                &mut valid
            } else {
                &mut train
            };
            set.push_game(g, scan.header.ranks, filter);
        }
    }
    Ok((train, valid, games))
}
