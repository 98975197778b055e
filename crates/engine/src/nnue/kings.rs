//! King buckets: a net may see each side's board features through where
//! that side's own king stands. A table of the canvas gives the king's
//! bucket (the king's square as the perspective sees it, after mirroring),
//! each bucket above the first has its own copy of the board features,
//! and a net that mirrors looks at a board whose king stands on the left
//! half as if it were mirrored left to right, so a king castled on either
//! wing looks the same. What a piece means then depends on how near the
//! own king it is: the king's shelter and the attackers near it, which a
//! net of (colour, role, square) alone can hardly tell.
//!
//! The king is the side's only King on the board; a side with none, or
//! with several, sees the first bucket unmirrored. Pocket and prong
//! features are never bucketed or mirrored. A net with one bucket is the
//! net of before king buckets. No game is named: the buckets are data in
//! the net file, made by [`KingBuckets::preset`] from the board's width.

use super::features::{self, BOARD_FEATURES, FEATURES};
use menagerie_rules::geometry::{CANVAS, CANVAS_SQUARES};
use menagerie_rules::{Board, Color, Piece, Role, Square};

/// Most king buckets a net may have.
pub const MAX_KING_BUCKETS: usize = 4;
/// Every input a net may have: the base features, then the board features
/// of each king bucket after the first.
pub const MAX_FEATURES: usize = FEATURES + (MAX_KING_BUCKETS - 1) * BOARD_FEATURES;

/// How a side's own king chooses the board features of its perspective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingBuckets {
    /// Buckets (1 to [`MAX_KING_BUCKETS`]; 1: no king buckets).
    pub count: usize,
    /// Whether a king on the left half of the board mirrors the board.
    pub mirror: bool,
    /// The bucket of a king on each canvas square, as the perspective sees
    /// it after mirroring (each below `count`).
    pub table: [u8; CANVAS_SQUARES],
}

/// How one perspective sees the board: its king's bucket and, when the
/// board is mirrored, the board's width (0: not mirrored).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// The own king's bucket.
    pub bucket: u8,
    /// The files to mirror within (0: none).
    pub mirror: u8,
}

/// `sq` mirrored left to right on a board `files` wide.
#[must_use]
#[inline]
pub fn mirrored(sq: Square, files: u8) -> Square {
    let file = files.saturating_sub(1).saturating_sub(sq.file());
    Square::new(file, sq.rank()).unwrap_or(sq)
}

impl KingBuckets {
    /// No king buckets: every perspective sees the base features.
    pub const NONE: KingBuckets = KingBuckets {
        count: 1,
        mirror: false,
        table: [0; CANVAS_SQUARES],
    };

    /// The layout of `count` buckets on a board `files` wide, mirrored
    /// (so the king is on the right half): 1, none; 2, the back rank and
    /// the rest; 3, the back rank's three outer files (a castled king), the
    /// rest of the back rank, and the rest; 4, as 3 with the second rank a
    /// bucket of its own.
    ///
    /// # Errors
    /// A message if `count` is not 1 to [`MAX_KING_BUCKETS`].
    pub fn preset(count: usize, files: u8) -> Result<KingBuckets, String> {
        if !(1..=MAX_KING_BUCKETS).contains(&count) {
            return Err(format!("{count} king buckets (1 to {MAX_KING_BUCKETS})"));
        }
        if count == 1 {
            return Ok(KingBuckets::NONE);
        }
        let mut table = [0; CANVAS_SQUARES];
        for (i, t) in table.iter_mut().enumerate() {
            let (file, rank) = (i % usize::from(CANVAS), i / usize::from(CANVAS));
            let file = file.max(usize::from(files).saturating_sub(1).saturating_sub(file));
            let outer = file + 3 >= usize::from(files);
            *t = match (count, rank, outer) {
                (2, 0, _) => 0,
                (2, _, _) => 1,
                (_, 0, true) => 0,
                (_, 0, false) => 1,
                (4, 1, _) => 2,
                (4, _, _) => 3,
                _ => 2,
            };
        }
        Ok(KingBuckets {
            count,
            mirror: true,
            table,
        })
    }

    /// Inputs of a net with these buckets.
    #[must_use]
    pub fn inputs(&self) -> usize {
        FEATURES + (self.count.max(1) - 1) * BOARD_FEATURES
    }

    /// Whether there is more than one bucket.
    #[must_use]
    #[inline]
    pub fn bucketed(&self) -> bool {
        self.count > 1
    }

    /// The view of `persp` whose own king stands on `king`, on a board
    /// `files` x `ranks`.
    #[must_use]
    #[inline]
    pub fn view(&self, persp: Color, king: Option<Square>, files: u8, ranks: u8) -> View {
        let Some(k) = king.filter(|_| self.bucketed()) else {
            return View::default();
        };
        let flip = self.mirror && k.file() < files / 2;
        let k = if flip { mirrored(k, files) } else { k };
        View {
            bucket: self.table[features::oriented(persp, k, ranks)],
            mirror: if flip { files } else { 0 },
        }
    }

    /// The view of `persp` on `board`.
    #[must_use]
    #[inline]
    pub fn view_of(&self, persp: Color, board: &Board, files: u8, ranks: u8) -> View {
        if !self.bucketed() {
            return View::default();
        }
        let kings = board.pieces(persp, Role::King);
        let king = if kings.len() == 1 {
            kings.first()
        } else {
            None
        };
        self.view(persp, king, files, ranks)
    }

    /// The view of `persp` on a board of these `pieces`.
    #[must_use]
    pub fn view_of_pieces(
        &self,
        persp: Color,
        pieces: &[(Square, Piece)],
        files: u8,
        ranks: u8,
    ) -> View {
        let mut kings = pieces
            .iter()
            .filter(|(_, p)| p.color == persp && p.role == Role::King);
        let king = match (kings.next(), kings.next()) {
            (Some(&(sq, _)), None) => Some(sq),
            _ => None,
        };
        self.view(persp, king, files, ranks)
    }
}

impl View {
    /// The board feature of a `color` `role` on `sq` seen from `persp`
    /// through this view, on a board of `ranks` ranks.
    #[must_use]
    #[inline]
    pub fn board(self, persp: Color, color: Color, role: Role, sq: Square, ranks: u8) -> usize {
        let sq = if self.mirror > 0 {
            mirrored(sq, self.mirror)
        } else {
            sq
        };
        let f = features::board(persp, color, role, sq, ranks);
        match self.bucket {
            0 => f,
            b => FEATURES + (usize::from(b) - 1) * BOARD_FEATURES + f,
        }
    }
}

/// The base board feature (first bucket, unmirrored square as seen) of
/// input `f`, if `f` is a board feature of any bucket.
#[must_use]
#[inline]
pub fn base_board(f: usize) -> Option<usize> {
    if f < BOARD_FEATURES {
        Some(f)
    } else if (FEATURES..MAX_FEATURES).contains(&f) {
        Some((f - FEATURES) % BOARD_FEATURES)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::fide;
    use menagerie_rules::Position;

    fn sq(name: &str) -> Square {
        let b = name.as_bytes();
        Square::new(b[0] - b'a', b[1] - b'1').unwrap()
    }

    #[test]
    fn the_presets_bucket_the_king_by_rank_and_wing() {
        let k3 = KingBuckets::preset(3, 8).unwrap();
        let bucket = |persp, s| k3.view(persp, Some(sq(s)), 8, 8);
        let view = |bucket, mirror| View { bucket, mirror };
        // Castled on either wing, either colour: bucket 0; the king on the
        // left half mirrors the board.
        assert_eq!(bucket(Color::White, "g1"), view(0, 0));
        assert_eq!(bucket(Color::White, "b1"), view(0, 8));
        assert_eq!(bucket(Color::Black, "g8"), view(0, 0));
        assert_eq!(bucket(Color::Black, "c8"), view(0, 8));
        assert_eq!(bucket(Color::White, "e1").bucket, 1);
        assert_eq!(bucket(Color::White, "d1"), view(1, 8));
        assert_eq!(bucket(Color::White, "g2").bucket, 2);
        assert_eq!(bucket(Color::Black, "g8").bucket, 0);
        assert_eq!(bucket(Color::Black, "g1").bucket, 2);
        let k4 = KingBuckets::preset(4, 10).unwrap();
        let at = |s| k4.view(Color::White, Some(sq(s)), 10, 10).bucket;
        assert_eq!(
            [at("h1"), at("e1"), at("f1"), at("a2"), at("e5")],
            [0, 1, 1, 2, 3]
        );
        assert!(KingBuckets::preset(5, 8).is_err());
        assert!(KingBuckets::preset(0, 8).is_err());
        assert_eq!(KingBuckets::preset(1, 8).unwrap(), KingBuckets::NONE);
        assert_eq!(
            KingBuckets::preset(2, 8).unwrap().inputs(),
            FEATURES + BOARD_FEATURES
        );
    }

    #[test]
    fn every_bucketed_feature_is_an_input_with_its_base() {
        let k = KingBuckets::preset(MAX_KING_BUCKETS, 10).unwrap();
        for b in 0..MAX_KING_BUCKETS as u8 {
            for mirror in [0, 10] {
                let v = View { bucket: b, mirror };
                let f = v.board(Color::Black, Color::White, Role::Queen, sq("c3"), 10);
                assert!(f < k.inputs());
                let seen = if mirror > 0 { sq("h3") } else { sq("c3") };
                let base = features::board(Color::Black, Color::White, Role::Queen, seen, 10);
                assert_eq!(base_board(f), Some(base));
            }
        }
        assert_eq!(base_board(BOARD_FEATURES), None);
        assert_eq!(base_board(MAX_FEATURES), None);
    }

    #[test]
    fn a_side_without_a_single_king_sees_the_first_bucket() {
        let k = KingBuckets::preset(3, 8).unwrap();
        let pos = Position::from_fen(fide::chess(), "4k3/8/8/8/8/8/6K1/8 w - - 0 1").unwrap();
        assert_eq!(k.view_of(Color::Black, pos.board(), 8, 8).bucket, 1);
        assert_eq!(k.view_of(Color::White, pos.board(), 8, 8).bucket, 2);
        assert_eq!(
            KingBuckets::NONE.view_of(Color::White, pos.board(), 8, 8),
            View::default()
        );
        let king = |s| (sq(s), Piece::new(Color::White, Role::King));
        let one = [king("g2")];
        let two = [king("g2"), king("b1")];
        assert_eq!(k.view_of_pieces(Color::White, &one, 8, 8).bucket, 2);
        assert_eq!(k.view_of_pieces(Color::White, &two, 8, 8), View::default());
        assert_eq!(k.view_of_pieces(Color::Black, &one, 8, 8), View::default());
    }
}
