//! XBoard's own picture of the board, and whether an action keeps it right.
//!
//! XBoard (run with `-testLegality false`) does not know our rules: it moves
//! the piece from its from-square to its to-square, taking what stands there
//! and what stands on the kill square of a two-leg move (`a0c2,c2d3`); it
//! castles by moving the nearest piece beyond the king's start next to the
//! king's destination; a pawn (or the piece in the Lance slot, our ninja
//! pawn) stepping diagonally onto an empty square takes the man behind it,
//! as in en passant; a drop puts the piece on its square. An action whose
//! result XBoard would draw differently (a Wall sliding, a wound, a
//! detonation of several men) would leave XBoard with a wrong board, and it
//! later forfeits a legal move it believes impossible; such actions are not
//! sent to XBoard at all (see [`crate::text::xboard_can_carry`]).

use crate::xboard::board::{piece_table, plain_fen};
use menagerie_rules::{Color, Position};

/// What XBoard knows besides the board when it plays a move string.
#[derive(Copy, Clone, Debug)]
pub struct Context {
    /// The side to move.
    pub turn: Color,
    /// Whether ranks are numbered from 0 (boards of more than 9 ranks).
    pub zero_based: bool,
    /// The letter in XBoard's Lance slot (our ninja pawn), which XBoard
    /// moves like a pawn; `.` when the game has none.
    pub ninja: char,
    /// The file of a pawn that has just made a double step (XBoard's
    /// en-passant file), if any.
    pub ep_file: Option<usize>,
}

impl Context {
    /// The context of `pos`.
    #[must_use]
    pub fn of(pos: &Position) -> Context {
        Context {
            turn: pos.turn(),
            zero_based: pos.variant().geometry.ranks() > 9,
            ninja: piece_table(pos.variant()).chars().nth(18).unwrap_or('.'),
            ep_file: pos.en_passant().map(|e| usize::from(e.victim.file())),
        }
    }
}

/// The men on the board, one letter per square (`.` for empty), as XBoard
/// sees them: rank 0 first, files left to right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    files: usize,
    cells: Vec<char>,
}

impl Grid {
    /// The placement of a position string (Wounds' prong states dropped).
    #[must_use]
    pub fn of(pos: &Position) -> Grid {
        let g = &pos.variant().geometry;
        let (files, ranks) = (usize::from(g.files()), usize::from(g.ranks()));
        let fen = plain_fen(&pos.fen());
        let placement = fen.split([' ', '[']).next().unwrap_or("");
        let mut cells = vec!['.'; files * ranks];
        for (row, text) in placement.split('/').enumerate() {
            let rank = ranks.saturating_sub(row + 1);
            let mut file = 0;
            let mut run = 0;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                    continue;
                }
                file += run;
                run = 0;
                if c.is_ascii_alphabetic() && file < files && rank < ranks {
                    cells[rank * files + file] = c;
                    file += 1;
                }
            }
        }
        Grid { files, cells }
    }

    fn ranks(&self) -> usize {
        self.cells.len() / self.files
    }

    fn at(&self, (f, r): (usize, usize)) -> char {
        self.cells[r * self.files + f]
    }

    fn set(&mut self, (f, r): (usize, usize), c: char) {
        self.cells[r * self.files + f] = c;
    }

    /// Plays an XBoard move string the way XBoard does; false when XBoard
    /// would refuse it (a from-square without a man of the side to move,
    /// from and to the same square without a kill square, a drop onto a
    /// man, a string it cannot read).
    pub fn play(&mut self, text: &str, cx: &Context) -> bool {
        if text == "@@@@" {
            return true;
        }
        let turn = cx.turn;
        let Some(m) = XMove::parse(text, cx.zero_based, self) else {
            return false;
        };
        match m {
            XMove::Drop(letter, to) => {
                if self.at(to) != '.' {
                    return false;
                }
                let c = if turn == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter.to_ascii_lowercase()
                };
                self.set(to, c);
                true
            }
            XMove::Board {
                from,
                kill,
                to,
                promo,
            } => self.play_board(from, kill, to, promo, cx),
        }
    }

    fn play_board(
        &mut self,
        from: (usize, usize),
        kill: Option<(usize, usize)>,
        to: (usize, usize),
        promo: Option<char>,
        cx: &Context,
    ) -> bool {
        let turn = cx.turn;
        let piece = self.at(from);
        let own = piece != '.' && piece.is_ascii_uppercase() == (turn == Color::White);
        if !own || (from == to && kill.is_none()) {
            return false;
        }
        if let Some(k) = kill {
            self.set(k, '.');
        }
        let upper = piece.to_ascii_uppercase();
        let dx = from.0.abs_diff(to.0);
        if upper == 'K' && from.1 == to.1 && dx > 1 && from.0 > 0 && from.0 + 1 < self.files {
            self.castle(from, to);
            return true;
        }
        let pawnlike = upper == 'P' || upper == cx.ninja.to_ascii_uppercase();
        if pawnlike && from.0 != to.0 && self.at(to) == '.' && cx.ep_file == Some(to.0) {
            self.en_passant(from, to, turn);
        }
        self.set(from, '.');
        let landed = match promo {
            Some(p) if turn == Color::White => p.to_ascii_uppercase(),
            Some(p) => p.to_ascii_lowercase(),
            None => piece,
        };
        self.set(to, landed);
        true
    }

    /// XBoard's castling: the nearest man from the king outwards (or the
    /// edge square) lands next to the king's destination, inside.
    fn castle(&mut self, from: (usize, usize), to: (usize, usize)) {
        let king = self.at(from);
        let right = to.0 > from.0;
        let mut x = if right { from.0 + 1 } else { from.0 - 1 };
        while self.at((x, from.1)) == '.' && if right { x + 1 < self.files } else { x > 0 } {
            x = if right { x + 1 } else { x - 1 };
        }
        let rook = self.at((x, from.1));
        let inside = if right { to.0 - 1 } else { to.0 + 1 };
        self.set((x, from.1), '.');
        self.set(from, '.');
        self.set((inside, from.1), rook);
        self.set(to, king);
    }

    /// A pawn stepping diagonally onto an empty square of the en-passant
    /// file in the far half takes the man behind its destination.
    fn en_passant(&mut self, from: (usize, usize), to: (usize, usize), turn: Color) {
        let half = self.ranks() / 2;
        match turn {
            Color::White if from.1 >= half && to.1 > 0 => self.set((to.0, to.1 - 1), '.'),
            Color::Black if from.1 < half && to.1 + 1 < self.ranks() => {
                self.set((to.0, to.1 + 1), '.');
            }
            _ => {}
        }
    }
}

/// An XBoard move string, read.
enum XMove {
    Drop(char, (usize, usize)),
    Board {
        from: (usize, usize),
        kill: Option<(usize, usize)>,
        to: (usize, usize),
        promo: Option<char>,
    },
}

impl XMove {
    /// `X@sq`, `from to [promo]` or the two legs `from kill,kill to [promo]`.
    fn parse(text: &str, zero_based: bool, grid: &Grid) -> Option<XMove> {
        let square = |s: &str| -> Option<((usize, usize), usize)> {
            let mut chars = s.chars();
            let file = chars.next().filter(char::is_ascii_lowercase)?;
            let digits: String = chars.take_while(char::is_ascii_digit).take(2).collect();
            let number: usize = digits.parse().ok()?;
            let rank = if zero_based {
                number
            } else {
                number.checked_sub(1)?
            };
            let f = usize::from(file as u8 - b'a');
            (f < grid.files && rank < grid.ranks()).then_some(((f, rank), 1 + digits.len()))
        };
        if let Some((letter, at)) = text.split_once('@') {
            let mut l = letter.chars();
            let (Some(c), None) = (l.next(), l.next()) else {
                return None;
            };
            let (sq, used) = square(at)?;
            return (c.is_ascii_alphabetic() && used == at.len()).then_some(XMove::Drop(c, sq));
        }
        let (first, second) = match text.split_once(',') {
            Some((a, b)) => (a, Some(b)),
            None => (text, None),
        };
        let (from, n) = square(first)?;
        let (mid, m) = square(&first[n..])?;
        let (kill, to, rest) = match second {
            None => (None, mid, &first[n + m..]),
            Some(b) => {
                let (again, k) = square(b)?;
                let (to, t) = square(&b[k..])?;
                if again != mid || n + m != first.len() {
                    return None;
                }
                (Some(mid), to, &b[k + t..])
            }
        };
        let mut r = rest.chars();
        let promo = match (r.next(), r.next()) {
            (None, _) => None,
            (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
            _ => return None,
        };
        Some(XMove::Board {
            from,
            kill,
            to,
            promo,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(name: &str, fen: &str) -> Position {
        Position::from_fen(menagerie_games::by_name(name).unwrap(), fen).unwrap()
    }

    #[test]
    fn moves_kills_and_castling_as_xboard_does() {
        let p = pos("chess", "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        let mut g = Grid::of(&p);
        let mut cx = Context::of(&p);
        assert_eq!(cx.ep_file, Some(3));
        assert!(g.play("e5d6", &cx));
        assert_eq!(g.at((3, 4)), '.', "the en-passant victim is gone");
        cx.turn = Color::Black;
        cx.ep_file = None;
        assert!(g.play("e8g8", &cx));
        assert_eq!((g.at((6, 7)), g.at((5, 7)), g.at((7, 7))), ('k', 'r', '.'));
        assert!(!g.play("h8h8", &cx), "a null move");
        cx.turn = Color::White;
        assert!(g.play("a1d1,d1d4", &cx));
        assert_eq!(g.at((3, 0)), '.');
        assert_eq!(g.at((3, 3)), 'R');
        assert!(!g.play("a1a1", &cx), "no man there");
        assert!(!g.play("e4r", &cx));
    }

    #[test]
    fn ten_rank_grids_count_from_zero() {
        let v = menagerie_games::by_name("wreckage").unwrap();
        let start = Position::start(v);
        let mut g = Grid::of(&start);
        let mut cx = Context::of(&start);
        assert!(cx.zero_based);
        assert_eq!(cx.ninja, 'J');
        assert_eq!(g.at((0, 0)), 'X');
        assert!(g.play("e1e4", &cx));
        assert_eq!(g.at((4, 4)), 'P');
        cx.turn = Color::Black;
        assert!(g.play("J@e6", &cx));
        assert_eq!(g.at((4, 6)), 'j');
        cx.turn = Color::White;
        assert!(!g.play("J@e6", &cx), "occupied");
    }
}
