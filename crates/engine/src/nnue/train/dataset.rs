//! Training positions in memory: each position's active features from
//! both perspectives (side to move first), its search score and its
//! game's result from the side to move's view, and the men on its board
//! (which choose its output bucket), split into training and validation
//! by game.

use super::model::factors_of;
use crate::nnue::data::{self, Game, FLAG_CAPTURE, FLAG_CHECK, FLAG_MATE};
use crate::nnue::kings::KingBuckets;
use menagerie_rules::mechanics::prongs;
use menagerie_rules::{Color, Role};

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
    /// Whether the position has a man other than a Pawn down to a single
    /// prong (games with prongs only): such men are mostly seen on the
    /// losing side, so the result misprices them and the trainer may
    /// weigh these positions' targets differently.
    pub one_prong: Vec<bool>,
    /// Men on the board (the occupied squares; pockets not counted).
    pub men: Vec<u8>,
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

    /// The most men on the board of any position (0 when empty).
    #[must_use]
    pub fn max_men(&self) -> usize {
        self.men.iter().copied().max().map_or(0, usize::from)
    }

    /// The two perspectives' features of position `i`.
    #[must_use]
    #[inline]
    pub fn sample(&self, i: usize) -> (&[u16], &[u16]) {
        let (a, b) = (self.offsets[i] as usize, self.offsets[i + 1] as usize);
        self.features[a..b].split_at((b - a) / 2)
    }

    /// Adds `g`'s positions on a board of `size` (files, ranks), seen
    /// through `kings`; with `mirror` set, each position also a second
    /// time mirrored left to right.
    fn push_game(
        &mut self,
        g: &Game,
        size: (u8, u8),
        kings: &KingBuckets,
        mirror: bool,
        filter: &Filter,
    ) {
        for r in &g.records {
            if r.flags & filter.skip_flags != 0 || f32::from(r.score).abs() > filter.max_score {
                continue;
            }
            self.push_record(g, r, size, kings, filter);
            if mirror {
                self.push_record(g, &r.mirrored(size.0), size, kings, filter);
            }
        }
    }

    fn push_record(
        &mut self,
        g: &Game,
        r: &data::Record,
        size: (u8, u8),
        kings: &KingBuckets,
        filter: &Filter,
    ) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        let turn = r.turn();
        for persp in [turn, !turn] {
            let start = self.features.len();
            r.features(persp, size, kings, &mut self.features);
            if filter.factors {
                for i in start..self.features.len() {
                    let f = self.features[i];
                    factors_of(f, kings, |g| self.features.push(g));
                }
            }
        }
        self.offsets.push(self.features.len() as u32);
        self.scores.push(f32::from(r.score));
        self.one_prong.push(has_one_prong_man(r));
        // One piece per occupied square of the stored mask: its popcount.
        self.men
            .push(u8::try_from(r.pieces.len()).unwrap_or(u8::MAX));
        let white = f32::from(g.white_result) / 2.0;
        self.results.push(if turn == Color::White {
            white
        } else {
            1.0 - white
        });
    }
}

/// Whether a man other than a Pawn has a single prong left (never in a
/// game without prongs: its data stores no states, so every man reads as
/// having none).
fn has_one_prong_man(r: &data::Record) -> bool {
    r.pieces
        .iter()
        .any(|&(_, p)| p.role != Role::Pawn && prongs::count(p.role, p.state) == 1)
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
    /// Whether every training position is added a second time mirrored
    /// left to right (validation positions never are).
    pub mirror: bool,
    /// King buckets of the net to train (1: none), laid out by
    /// [`KingBuckets::preset`] for the data's board width.
    pub king_buckets: usize,
}

impl Default for Filter {
    fn default() -> Filter {
        Filter {
            skip_flags: FLAG_CHECK | FLAG_CAPTURE | FLAG_MATE,
            max_score: 3000.0,
            validation_every: 20,
            factors: true,
            mirror: false,
            king_buckets: 1,
        }
    }
}

/// What [`load`] read.
#[derive(Debug)]
pub struct Loaded {
    /// The training set.
    pub train: Dataset,
    /// The validation set.
    pub valid: Dataset,
    /// The keys of the games the data holds.
    pub games: Vec<String>,
    /// The king buckets the features were made with.
    pub kings: KingBuckets,
}

/// Training and validation sets from data files' bytes, the keys of the
/// games they hold, and the king buckets of `filter` laid out for their
/// board width.
///
/// # Errors
/// A message naming the file whose header is bad, a bad number of king
/// buckets, or data files of different widths with king buckets.
pub fn load(files: &[(String, Vec<u8>)], filter: &Filter) -> Result<Loaded, String> {
    let (mut train, mut valid, mut games) = (Dataset::default(), Dataset::default(), Vec::new());
    let mut kings: Option<(u8, KingBuckets)> = None;
    for (name, bytes) in files {
        let scan = data::scan(bytes).map_err(|e| format!("{name}: {e}"))?;
        if !games.contains(&scan.header.variant) {
            games.push(scan.header.variant.clone());
        }
        let size = (scan.header.files, scan.header.ranks);
        let k = match kings {
            Some((files, _)) if files != size.0 && filter.king_buckets > 1 => {
                return Err(format!(
                    "{name}: king buckets need data of one board width ({} and {files} files)",
                    size.0
                ));
            }
            Some((_, k)) => k,
            None => KingBuckets::preset(filter.king_buckets, size.0)?,
        };
        kings = Some((size.0, k));
        for g in &scan.games {
            if g.index % filter.validation_every.max(2) == 0 {
                valid.push_game(g, size, &k, false, filter);
            } else {
                train.push_game(g, size, &k, filter.mirror, filter);
            }
        }
    }
    Ok(Loaded {
        train,
        valid,
        games,
        kings: kings.map_or(KingBuckets::NONE, |(_, k)| k),
    })
}

#[cfg(test)]
mod tests {
    use crate::nnue::data::Record;
    use crate::nnue::kings::KingBuckets;
    use menagerie_rules::mechanics::prongs;
    use menagerie_rules::{Color, Piece, Role, Square};

    fn one_piece(file: u8) -> Record {
        let sq = Square::new(file, 1).expect("on the canvas");
        Record {
            score: 12,
            flags: 0,
            pieces: vec![(sq, Piece::new(Color::White, Role::ALL[2]))],
            pockets: vec![(Color::Black, Role::ALL[1], 2)],
        }
    }

    #[test]
    fn one_prong_men_other_than_pawns_are_found() {
        let queen = |digits| Piece {
            state: prongs::parse(Role::Queen, digits).expect("prongs"),
            ..Piece::new(Color::Black, Role::Queen)
        };
        let pawn = Piece {
            state: prongs::parse(Role::Pawn, "00000100").expect("prongs"),
            ..Piece::new(Color::White, Role::Pawn)
        };
        let with = |p: Piece| Record {
            pieces: vec![(Square::new(3, 4).expect("on the canvas"), p)],
            ..one_piece(0)
        };
        assert!(super::has_one_prong_man(&with(queen("00001000"))));
        assert!(super::has_one_prong_man(&with(queen("00002000"))));
        assert!(!super::has_one_prong_man(&with(queen("00001010"))));
        assert!(!super::has_one_prong_man(&with(queen("22222222"))));
        assert!(!super::has_one_prong_man(&with(pawn)));
        assert!(!super::has_one_prong_man(&with(Piece::new(
            Color::White,
            Role::Queen
        ))));
    }

    #[test]
    fn mirroring_swaps_the_wings_and_keeps_pockets() {
        for (files, from, to) in [(10, 0, 9), (10, 3, 6), (8, 0, 7), (8, 4, 3)] {
            let (a, b) = (one_piece(from), one_piece(to));
            assert_eq!(a.mirrored(files), b);
            assert_eq!(b.mirrored(files), a);
            for persp in Color::BOTH {
                let (mut fa, mut fb) = (Vec::new(), Vec::new());
                let none = &KingBuckets::NONE;
                a.mirrored(files).features(persp, (files, 8), none, &mut fa);
                b.features(persp, (files, 8), none, &mut fb);
                assert_eq!(fa, fb);
            }
        }
    }
}
