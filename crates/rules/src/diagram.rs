//! Movement diagrams computed by the move generator: a piece near the middle
//! of its game's board with both kings far away, the squares it can reach,
//! and what its moves would do to an enemy standing on each square of a
//! small window around it. Nothing here knows how any piece moves: every
//! mark comes from the game's legal actions in a probe position.

use crate::color::Color;
use crate::geometry::Square;
use crate::mechanics::{prongs, wall};
use crate::moves::Move;
use crate::piece::{Piece, Role};
use crate::position::Position;
use crate::setup::Setup;
use crate::square_set::SquareSet;
use crate::variant::{Variant, VariantRef};

/// Files and ranks of a diagram's window.
pub const SIZE: u8 = 7;

/// What a diagram says about one square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MarkKind {
    /// The piece can move there, never capturing by landing there.
    MoveOnly,
    /// An enemy there would be removed by a side-effect capture (approach,
    /// withdrawal, a jump, a fly-over).
    Taken,
    /// The piece can move there and capture an enemy there by landing.
    Move,
    /// The piece captures an enemy there by landing, but cannot move there
    /// when it is empty.
    Capture,
    /// An enemy there would be removed by the piece exploding in place.
    Blast,
    /// An enemy there would be frozen.
    Freeze,
}

/// One marked square, in the window's own coordinates (a1 bottom left).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The square.
    pub square: Square,
    /// What the piece does there.
    pub kind: MarkKind,
}

/// A movement diagram: the pieces to draw and the marks, in a window of
/// [`SIZE`] by [`SIZE`] squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The pieces in the window (the subject and any screen it needs).
    pub pieces: Vec<(Square, Piece)>,
    /// The marks, at most one per square, in square order.
    pub marks: Vec<Mark>,
}

/// The movement diagram of `role` as it plays in `v`, or `None` when no
/// legal probe position exists (a board smaller than the window).
#[must_use]
pub fn movement(v: &VariantRef, role: Role) -> Option<Diagram> {
    let g = &v.geometry;
    if g.files() < SIZE || g.ranks() < SIZE {
        return None;
    }
    let home = home_square(v, role)?;
    let window = Window::around(v, home);
    let probe = Probe::new(v, role, home, window)?;
    let mut marks: Vec<Option<MarkKind>> = vec![None; usize::from(SIZE * SIZE)];
    let quiet = probe.reach(None)?;
    // a Wall stepping sideways keeps one of its squares: no mark under a piece
    for sq in quiet - probe.board.occupied() {
        window.mark(&mut marks, sq, MarkKind::MoveOnly);
    }
    for sq in window.squares(g.squares()) {
        if probe.board.get(sq).is_none() {
            probe.victim_on(sq, quiet, &window, &mut marks);
        }
    }
    Some(Diagram {
        pieces: window.pieces(&probe.board),
        marks: window.collect(&marks),
    })
}

/// Where the subject stands: near the middle; a pawn or ninja pawn on the
/// lowest rank White's pawns start on (its second rank if it has none).
fn home_square(v: &VariantRef, role: Role) -> Option<Square> {
    let g = &v.geometry;
    let rank = match role {
        Role::Pawn | Role::NinjaPawn => Position::start(v)
            .board()
            .pieces(Color::White, Role::Pawn)
            .into_iter()
            .map(Square::rank)
            .min()
            .unwrap_or(1),
        _ => (g.ranks() - 1) / 2,
    };
    Square::new((g.files() - 1) / 2, rank)
}

/// The window: which board squares the diagram shows.
#[derive(Copy, Clone, Debug)]
struct Window {
    file0: u8,
    rank0: u8,
}

impl Window {
    fn around(v: &Variant, home: Square) -> Window {
        let g = &v.geometry;
        let half = SIZE / 2;
        Window {
            file0: home.file().saturating_sub(half).min(g.files() - SIZE),
            rank0: home.rank().saturating_sub(half).min(g.ranks() - SIZE),
        }
    }

    /// The window's square for board square `sq`, if shown.
    fn to_window(self, sq: Square) -> Option<Square> {
        let f = sq.file().checked_sub(self.file0)?;
        let r = sq.rank().checked_sub(self.rank0)?;
        (f < SIZE && r < SIZE).then(|| Square::new(f, r)).flatten()
    }

    /// The board squares of `all` inside the window.
    fn squares(self, all: SquareSet) -> SquareSet {
        all.into_iter()
            .filter(|&s| self.to_window(s).is_some())
            .collect()
    }

    fn mark(self, marks: &mut [Option<MarkKind>], sq: Square, kind: MarkKind) {
        let Some(w) = self.to_window(sq) else {
            return;
        };
        let slot = &mut marks[usize::from(w.rank() * SIZE + w.file())];
        *slot = Some(slot.map_or(kind, |k| k.max(kind)));
    }

    fn collect(self, marks: &[Option<MarkKind>]) -> Vec<Mark> {
        (0..SIZE * SIZE)
            .filter_map(|i| {
                let kind = marks[usize::from(i)]?;
                Some(Mark {
                    square: Square::new(i % SIZE, i / SIZE)?,
                    kind,
                })
            })
            .collect()
    }

    fn pieces(self, board: &crate::board::Board) -> Vec<(Square, Piece)> {
        board
            .occupied()
            .into_iter()
            .filter_map(|sq| Some((self.to_window(sq)?, board.get(sq)?)))
            .collect()
    }
}

/// The probe: the subject (and a screen, for a piece that captures over
/// one) on an otherwise empty board; kings are added per position.
struct Probe {
    variant: VariantRef,
    board: crate::board::Board,
    home: Square,
    window: Window,
    victim: Role,
}

impl Probe {
    fn new(v: &VariantRef, role: Role, home: Square, window: Window) -> Option<Probe> {
        let mut board = crate::board::Board::empty();
        if role == Role::Wall {
            let half = |state| Piece {
                state,
                ..Piece::new(Color::White, role)
            };
            board.put(home, half(wall::WEST));
            board.put(home.offset(1, 0)?, half(wall::EAST));
        } else {
            board.put(home, man(v, Color::White, role));
        }
        if role == Role::Cannon {
            board.put(home.offset(0, 2)?, man(v, Color::White, Role::Pawn));
        }
        let victim = [
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::WazirKnight,
            Role::FerzKnight,
        ]
        .into_iter()
        .find(|&r| v.roles.contains(r))?;
        Some(Probe {
            variant: v.clone(),
            board,
            home,
            window,
            victim,
        })
    }

    /// The board squares the subject's pieces cover after each legal action
    /// from `home` (the board plus `extra`, kings added where they fit).
    fn reach(&self, extra: Option<(Square, Piece)>) -> Option<SquareSet> {
        let pos = self.position(extra)?;
        let mut out = SquareSet::EMPTY;
        for m in self.subject_moves(&pos) {
            if let Move::Normal { to, .. } = m {
                out |= landing(&pos, &m, to);
            }
        }
        Some(out)
    }

    /// What the subject's actions do to an enemy on `sq`.
    fn victim_on(
        &self,
        sq: Square,
        quiet: SquareSet,
        window: &Window,
        marks: &mut [Option<MarkKind>],
    ) {
        let victim = man(&self.variant, Color::Black, self.victim);
        let Some(pos) = self.position(Some((sq, victim))) else {
            return;
        };
        if pos.frozen(Color::Black).contains(sq) {
            window.mark(marks, sq, MarkKind::Freeze);
        }
        for m in self.subject_moves(&pos) {
            let kind = match m {
                Move::Detonate { captured, .. } if captured.contains(sq) => MarkKind::Blast,
                Move::Wound { target, .. } if target == sq => landed(quiet, sq),
                Move::Normal { to, captured, .. } if captured.contains(sq) => {
                    if landing(&pos, &m, to).contains(sq) {
                        landed(quiet, sq)
                    } else {
                        MarkKind::Taken
                    }
                }
                _ => continue,
            };
            window.mark(marks, sq, kind);
        }
    }

    /// The legal actions of the subject (the piece on `home`).
    fn subject_moves(&self, pos: &Position) -> Vec<Move> {
        pos.legal_moves()
            .iter()
            .copied()
            .filter(|m| match *m {
                Move::Normal { from, .. } | Move::Wound { from, .. } => from == self.home,
                Move::Detonate { at, .. } => at == self.home,
                _ => false,
            })
            .collect()
    }

    /// The probe position with `extra` on the board and, in a game with a
    /// royal king, both kings (or the other king, when the subject is one)
    /// on the first squares outside the window where neither is in check.
    fn position(&self, extra: Option<(Square, Piece)>) -> Option<Position> {
        let mut board = self.board.clone();
        if let Some((sq, p)) = extra {
            board.put(sq, p);
        }
        if !self.variant.has_royal_king() {
            return self.setup(board);
        }
        let outside: Vec<Square> = self
            .variant
            .geometry
            .squares()
            .into_iter()
            .filter(|&s| self.window.to_window(s).is_none() && board.get(s).is_none())
            .collect();
        let subject_is_king = board.get(self.home).map(|p| p.role) == Some(Role::King);
        let white_kings: Vec<Option<Square>> = if subject_is_king {
            vec![None]
        } else {
            outside.iter().copied().map(Some).collect()
        };
        // A king in check moves only out of it: a checked position is the
        // fallback (the subject is the king and the victim gives check).
        let mut checked = None;
        for &wk in &white_kings {
            for &bk in outside.iter().rev() {
                let wk_square = wk.unwrap_or(self.home);
                if wk_square == bk || adjacent(wk_square, bk) {
                    continue;
                }
                let mut b = board.clone();
                if let Some(wk) = wk {
                    b.put(wk, Piece::new(Color::White, Role::King));
                }
                b.put(bk, Piece::new(Color::Black, Role::King));
                match self.setup(b) {
                    Some(pos) if !pos.is_check() => return Some(pos),
                    Some(pos) => checked = checked.or(Some(pos)),
                    None => {}
                }
            }
        }
        checked
    }

    fn setup(&self, board: crate::board::Board) -> Option<Position> {
        let setup = Setup {
            board,
            pockets: crate::color::ByColor::default(),
            turn: Color::White,
            castling: 0,
            en_passant: Vec::new(),
            halfmoves: 0,
            fullmoves: 1,
        };
        Position::from_setup(&self.variant, setup).ok()
    }
}

/// A piece as it starts in `v` (with its prongs in a prong game).
fn man(v: &Variant, color: Color, role: Role) -> Piece {
    let mut p = Piece::new(color, role);
    if v.prongs {
        p.state = prongs::initial(color, role);
    }
    p
}

/// The squares the moving piece covers once `m` is played (both squares of
/// a Wall).
fn landing(pos: &Position, m: &Move, to: Square) -> SquareSet {
    let mut after = pos.clone();
    after.play_unchecked(m);
    after.footprint(to)
}

fn landed(quiet: SquareSet, sq: Square) -> MarkKind {
    if quiet.contains(sq) {
        MarkKind::Move
    } else {
        MarkKind::Capture
    }
}

fn adjacent(a: Square, b: Square) -> bool {
    a.file().abs_diff(b.file()) <= 1 && a.rank().abs_diff(b.rank()) <= 1
}
