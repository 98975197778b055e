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
    /// through `kings`; a training set (`train`) mirrors each position a
    /// second time left to right with [`Filter::mirror`], and takes its
    /// scores averaged over [`Filter::score_plies`].
    fn push_game(
        &mut self,
        g: &Game,
        size: (u8, u8),
        kings: &KingBuckets,
        train: bool,
        filter: &Filter,
    ) {
        let plies = if train { filter.score_plies } else { 0 };
        for (i, r) in g.records.iter().enumerate() {
            if r.flags & filter.skip_flags != 0 || f32::from(r.score).abs() > filter.max_score {
                continue;
            }
            let score = averaged_score(&g.records[i..], plies, filter.max_score);
            self.push_record(g, r, score, size, kings, filter);
            if train && filter.mirror {
                self.push_record(g, &r.mirrored(size.0), score, size, kings, filter);
            }
        }
    }

    fn push_record(
        &mut self,
        g: &Game,
        r: &data::Record,
        score: f32,
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
        self.scores.push(score);
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

/// The first of `records`' search scores averaged with those of the next
/// `plies` positions of its game, each from the first position's side to
/// move (the opponent's negated). A later score that is a mate or beyond
/// `max_score` ends the average: it says the game turned, not how good
/// the first position was. The intent: a small search's scores are
/// noisy, and the positions that follow were searched with the game's own
/// continuation in view. Measured in chess (`docs/engine-log/nnue-runs-stops-30-76.md`), the
/// averaged targets are harder to fit, not easier, and gain nothing
/// certain in games.
fn averaged_score(records: &[data::Record], plies: usize, max_score: f32) -> f32 {
    let Some(first) = records.first() else {
        return 0.0;
    };
    let (mut sum, mut n) = (f32::from(first.score), 1.0);
    for r in records.iter().skip(1).take(plies) {
        let s = f32::from(r.score);
        if r.flags & FLAG_MATE != 0 || s.abs() > max_score {
            break;
        }
        sum += if r.turn() == first.turn() { s } else { -s };
        n += 1.0;
    }
    sum / n
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
    /// A training position's score is averaged with the scores of this
    /// many positions after it in its game (0: its own score alone);
    /// validation positions keep their own, so losses stay comparable.
    pub score_plies: usize,
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
            score_plies: 0,
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
                train.push_game(g, size, &k, true, filter);
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
    fn a_score_is_averaged_with_the_next_plies_from_its_own_side() {
        use crate::nnue::data::{FLAG_BLACK, FLAG_MATE};
        let ply = |score: i16, black: bool| Record {
            score,
            flags: if black { FLAG_BLACK } else { 0 },
            ..one_piece(0)
        };
        // White +100; Black -60 (White +60); White +80; Black +40 (White -40).
        let game = [
            ply(100, false),
            ply(-60, true),
            ply(80, false),
            ply(40, true),
        ];
        let avg = |from: usize, plies| super::averaged_score(&game[from..], plies, 3000.0);
        assert!((avg(0, 0) - 100.0).abs() < 1e-4);
        assert!((avg(0, 1) - 80.0).abs() < 1e-4);
        assert!((avg(0, 2) - 80.0).abs() < 1e-4);
        assert!((avg(0, 3) - 50.0).abs() < 1e-4);
        // Past the game's end only the positions there are count.
        assert!((avg(2, 5) - 20.0).abs() < 1e-4);
        // From Black's side: -60, then White's +80 negated.
        assert!((avg(1, 1) + 70.0).abs() < 1e-4);
        // A mate score or one beyond the bound ends the average.
        let mated = [
            ply(100, false),
            ply(-200, true),
            Record {
                flags: FLAG_MATE,
                ..ply(900, false)
            },
        ];
        assert!((super::averaged_score(&mated, 4, 3000.0) - 150.0).abs() < 1e-4);
        assert!((super::averaged_score(&mated, 4, 150.0) - 100.0).abs() < 1e-4);
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
