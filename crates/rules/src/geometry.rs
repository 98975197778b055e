//! Squares, board shapes and compass directions.
//!
//! Every game is played on a sub-rectangle of one fixed 10x10 canvas, so a
//! [`Square`] means the same thing in every game: index `rank * 10 + file`,
//! files and ranks counted from zero. A [`Geometry`] says how much of the
//! canvas a game uses and precomputes neighbour and leap tables for it.

use crate::square_set::SquareSet;
use std::fmt;

/// Width and height of the shared canvas.
pub const CANVAS: u8 = 10;
/// Number of squares on the canvas.
pub const CANVAS_SQUARES: usize = 100;

/// Length of the per-square geometry tables: a power of two above
/// [`CANVAS_SQUARES`], so that a masked index needs no bounds check.
const TABLE: usize = 128;

/// A square of the 10x10 canvas (`rank * 10 + file`, zero-based).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` and `rank` (both zero-based), if it is on the canvas.
    #[must_use]
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < CANVAS && rank < CANVAS).then(|| Square(rank * CANVAS + file))
    }

    /// The square with this canvas index, if the index is below 100.
    #[must_use]
    pub fn from_index(index: usize) -> Option<Square> {
        (index < CANVAS_SQUARES).then_some(Square(index as u8))
    }

    /// The square with this canvas index, which the caller knows is below
    /// 100 (a bit of a [`crate::square_set::SquareSet`], which holds no
    /// other).
    #[must_use]
    #[inline]
    pub(crate) fn from_set_bit(index: u32) -> Square {
        debug_assert!(index < CANVAS_SQUARES as u32);
        Square(index as u8)
    }

    /// Index into a per-square table of [`TABLE`] entries.
    #[inline]
    fn slot(self) -> usize {
        usize::from(self.0) & (TABLE - 1)
    }

    /// Canvas index as a byte.
    #[must_use]
    #[inline]
    pub(crate) fn byte(self) -> u8 {
        self.0
    }

    /// Canvas index, `rank * 10 + file`.
    #[must_use]
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Zero-based file (0 is the a-file).
    #[must_use]
    #[inline]
    pub fn file(self) -> u8 {
        self.0 % CANVAS
    }

    /// Zero-based rank (0 is rank 1).
    #[must_use]
    #[inline]
    pub fn rank(self) -> u8 {
        self.0 / CANVAS
    }

    /// The square `df` files and `dr` ranks away, if that is still on the canvas.
    #[must_use]
    #[inline]
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if (0..CANVAS as i8).contains(&f) && (0..CANVAS as i8).contains(&r) {
            Some(Square((r * CANVAS as i8 + f) as u8))
        } else {
            None
        }
    }

    /// Parses a square name such as `e4` or `a10`.
    #[must_use]
    pub fn parse(name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || digits.starts_with('0') {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        Square::new(file as u8 - b'a', rank.checked_sub(1)?)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// One of the eight compass directions, fixed to the board (N points to higher ranks).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Toward higher ranks.
    N,
    /// Toward higher ranks and files.
    NE,
    /// Toward higher files.
    E,
    /// Toward lower ranks, higher files.
    SE,
    /// Toward lower ranks.
    S,
    /// Toward lower ranks and files.
    SW,
    /// Toward lower files.
    W,
    /// Toward higher ranks, lower files.
    NW,
}

impl Dir {
    /// All eight, clockwise from N.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];
    /// The four orthogonal directions.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
    /// The four diagonal directions.
    pub const DIAGONAL: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];

    /// Position in clockwise order starting from N (0..8).
    #[must_use]
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The direction with this clockwise index (taken modulo 8).
    #[must_use]
    pub fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 8]
    }

    /// File and rank step.
    #[must_use]
    #[inline]
    pub fn delta(self) -> (i8, i8) {
        const D: [(i8, i8); 8] = [
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
        ];
        D[self as usize]
    }

    /// The opposite direction.
    #[must_use]
    #[inline]
    pub fn opposite(self) -> Dir {
        Dir::from_index(self.index() + 4)
    }

    /// Turned by 45 degrees clockwise (`clockwise = true`) or counter-clockwise.
    #[must_use]
    pub fn turned(self, clockwise: bool) -> Dir {
        Dir::from_index(self.index() + if clockwise { 1 } else { 7 })
    }

    /// Whether squares along this direction have rising canvas indices
    /// (N, NE, E, NW), so the nearest square of a ray is its lowest bit.
    #[must_use]
    #[inline]
    pub fn ascending(self) -> bool {
        matches!(self, Dir::N | Dir::NE | Dir::E | Dir::NW)
    }

    /// Whether this is N, E, S or W.
    #[must_use]
    #[inline]
    pub fn is_orthogonal(self) -> bool {
        self.index() % 2 == 0
    }

    /// The direction whose delta is the sign of `(df, dr)`, if the offset is along a line.
    #[must_use]
    pub fn between(df: i8, dr: i8) -> Option<Dir> {
        if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return None;
        }
        let d = (df.signum(), dr.signum());
        Dir::ALL.into_iter().find(|x| x.delta() == d)
    }
}

/// The eight knight offsets (file, rank), in the order of the notation spec.
pub const KNIGHT_OFFSETS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The board a game uses: `files` x `ranks` in the lower-left corner of the canvas,
/// with neighbour and knight tables precomputed for fast move generation.
#[derive(Clone)]
pub struct Geometry {
    files: u8,
    ranks: u8,
    on_board: SquareSet,
    neighbour: Box<[[Option<Square>; 8]; TABLE]>,
    knight: Box<[SquareSet; TABLE]>,
    around: Box<[SquareSet; TABLE]>,
    rays: Box<[[SquareSet; 8]; TABLE]>,
    /// Per square: the union of its orthogonal rays and of its diagonal rays.
    lines: Box<[[SquareSet; 2]; TABLE]>,
    back_ranks: SquareSet,
}

impl std::fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({}x{})", self.files, self.ranks)
    }
}

impl Geometry {
    /// A board of `files` x `ranks` (each 1..=10).
    ///
    /// # Panics
    /// Panics if either size is 0 or above 10; board sizes are program constants.
    #[must_use]
    pub fn new(files: u8, ranks: u8) -> Geometry {
        assert!(
            (1..=CANVAS).contains(&files) && (1..=CANVAS).contains(&ranks),
            "board size out of range"
        );
        let mut on_board = SquareSet::EMPTY;
        for r in 0..ranks {
            for f in 0..files {
                on_board.insert(Square(r * CANVAS + f));
            }
        }
        let inside = |s: Option<Square>| s.filter(|s| on_board.contains(*s));
        let mut neighbour = Box::new([[None; 8]; TABLE]);
        let mut knight = Box::new([SquareSet::EMPTY; TABLE]);
        let mut around = Box::new([SquareSet::EMPTY; TABLE]);
        let mut rays = Box::new([[SquareSet::EMPTY; 8]; TABLE]);
        let mut lines = Box::new([[SquareSet::EMPTY; 2]; TABLE]);
        let mut back_ranks = SquareSet::EMPTY;
        for sq in on_board {
            if sq.rank() == 0 || sq.rank() == ranks - 1 {
                back_ranks.insert(sq);
            }
            for d in Dir::ALL {
                let (df, dr) = d.delta();
                neighbour[sq.index()][d.index()] = inside(sq.offset(df, dr));
                if let Some(n) = neighbour[sq.index()][d.index()] {
                    around[sq.index()].insert(n);
                }
                let mut s = sq;
                while let Some(t) = inside(s.offset(df, dr)) {
                    rays[sq.index()][d.index()].insert(t);
                    lines[sq.index()][usize::from(!d.is_orthogonal())].insert(t);
                    s = t;
                }
            }
            for (df, dr) in KNIGHT_OFFSETS {
                if let Some(t) = inside(sq.offset(df, dr)) {
                    knight[sq.index()].insert(t);
                }
            }
        }
        Geometry {
            files,
            ranks,
            on_board,
            neighbour,
            knight,
            around,
            rays,
            lines,
            back_ranks,
        }
    }

    /// Number of files.
    #[must_use]
    #[inline]
    pub fn files(&self) -> u8 {
        self.files
    }

    /// Number of ranks.
    #[must_use]
    #[inline]
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// All squares of the board.
    #[must_use]
    #[inline]
    pub fn squares(&self) -> SquareSet {
        self.on_board
    }

    /// Whether `sq` is on this board.
    #[must_use]
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.on_board.contains(sq)
    }

    /// The neighbour of `sq` in direction `d`, if on the board.
    #[must_use]
    #[inline]
    pub fn step(&self, sq: Square, d: Dir) -> Option<Square> {
        self.neighbour[sq.slot()][d.index()]
    }

    /// The square `df`, `dr` away from `sq`, if on the board.
    #[must_use]
    #[inline]
    pub fn offset(&self, sq: Square, df: i8, dr: i8) -> Option<Square> {
        sq.offset(df, dr).filter(|t| self.on_board.contains(*t))
    }

    /// Squares a knight's leap away from `sq`.
    #[must_use]
    #[inline]
    pub fn knight_leaps(&self, sq: Square) -> SquareSet {
        self.knight[sq.slot()]
    }

    /// The (up to eight) neighbours of `sq`.
    #[must_use]
    #[inline]
    pub fn around(&self, sq: Square) -> SquareSet {
        self.around[sq.slot()]
    }

    /// Every square from `sq` (exclusive) to the edge in direction `d`.
    #[must_use]
    #[inline]
    pub fn ray(&self, sq: Square, d: Dir) -> SquareSet {
        self.rays[sq.slot()][d.index()]
    }

    /// Every square on the four orthogonal (or, with `orthogonal` false,
    /// the four diagonal) rays from `sq`.
    #[must_use]
    #[inline]
    pub fn lines(&self, sq: Square, orthogonal: bool) -> SquareSet {
        self.lines[sq.slot()][usize::from(!orthogonal)]
    }

    /// The first and last ranks.
    #[must_use]
    #[inline]
    pub fn back_ranks(&self) -> SquareSet {
        self.back_ranks
    }

    /// Number of squares from `sq` to the edge in direction `d` (0 on that edge).
    #[must_use]
    pub fn distance_to_edge(&self, sq: Square, d: Dir) -> u8 {
        let mut n = 0;
        let mut s = sq;
        while let Some(t) = self.step(s, d) {
            n += 1;
            s = t;
        }
        n
    }

    /// Parses a square name and checks that it is on this board.
    #[must_use]
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        Square::parse(name).filter(|s| self.contains(*s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for i in 0..CANVAS_SQUARES {
            let s = Square::from_index(i).unwrap();
            assert_eq!(Square::parse(&s.to_string()), Some(s));
        }
        assert_eq!(
            Square::parse("a10").map(|s| (s.file(), s.rank())),
            Some((0, 9))
        );
        for bad in ["", "a", "a0", "a11", "k1", "A1", "a01", "e4x"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn geometry_tables() {
        let g = Geometry::new(8, 8);
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(g.knight_leaps(a1).len(), 2);
        assert_eq!(g.step(a1, Dir::S), None);
        assert_eq!(g.step(Square::parse("h4").unwrap(), Dir::E), None);
        assert_eq!(g.around(a1).len(), 3);
        assert_eq!(g.distance_to_edge(a1, Dir::NE), 7);
        assert!(g.parse_square("i1").is_none());
    }
}
