//! [`Position`]: a validated, history-free game state with copy-make play.

use crate::board::Board;
use crate::color::{ByColor, Color};
use crate::error::{FenError, FenField, MoveError};
use crate::fen;
use crate::geometry::Square;
use crate::mechanics::{freeze, prongs, wall};
use crate::movegen;
use crate::moves::{Move, MoveList};
use crate::outcome::{EndReason, Outcome};
use crate::piece::{Piece, Role};
use crate::setup::{castling_bit, Pocket, Setup};
use crate::square_set::SquareSet;
use crate::variant::{relative_rank, EndRule, PawnRule, VariantRef};
use crate::zobrist;

/// The squares a standard pawn skipped on the previous ply, and where it stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    /// The skipped squares (one or two).
    pub targets: SquareSet,
    /// The pawn that made the multi-step and is removed by an en-passant capture.
    pub victim: Square,
}

impl EnPassant {
    /// The targets in the order the pawn passed them.
    #[must_use]
    pub fn targets_in_order(&self) -> Vec<Square> {
        let mut v: Vec<Square> = self.targets.collect();
        v.sort_by_key(|s| s.rank().abs_diff(self.victim.rank()));
        v.reverse();
        v
    }
}

/// A game state: placement, pockets, side to move, castling rights, en
/// passant, clocks and an incrementally updated hash. History (repetition,
/// passes) lives in [`crate::record::GameRecord`].
#[derive(Clone, Debug)]
pub struct Position {
    variant: VariantRef,
    board: Board,
    pockets: ByColor<Pocket>,
    turn: Color,
    castling: u8,
    ep: Option<EnPassant>,
    halfmoves: u32,
    fullmoves: u32,
    hash: u64,
}

impl PartialEq for Position {
    fn eq(&self, o: &Position) -> bool {
        self.variant.same_game(&o.variant)
            && self.board == o.board
            && self.pockets == o.pockets
            && self.turn == o.turn
            && self.castling == o.castling
            && self.ep == o.ep
            && self.halfmoves == o.halfmoves
            && self.fullmoves == o.fullmoves
    }
}

fn invalid(problem: impl Into<String>) -> FenError {
    FenError::new(FenField::Position, problem)
}

impl Position {
    /// The variant's start position.
    ///
    /// # Panics
    /// Panics if the variant's own start string is invalid (a program error,
    /// caught by every game's tests).
    #[must_use]
    pub fn start(variant: impl Into<VariantRef>) -> Position {
        let variant = variant.into();
        let fen = variant.start_fen.clone();
        Position::from_fen(variant, &fen).expect("variant start position must be valid")
    }

    /// Parses and validates a position string.
    ///
    /// # Errors
    /// A [`FenError`] naming the field and the problem.
    pub fn from_fen(variant: impl Into<VariantRef>, text: &str) -> Result<Position, FenError> {
        let variant = variant.into();
        let setup = fen::parse(&variant, text)?;
        Position::from_setup(variant, setup)
    }

    /// Validates a [`Setup`].
    ///
    /// # Errors
    /// A [`FenError`] for missing or extra kings, impossible pawns, castling
    /// rights without their pieces, impossible en-passant targets, or the side
    /// not to move being in check.
    pub fn from_setup(variant: impl Into<VariantRef>, setup: Setup) -> Result<Position, FenError> {
        let variant = variant.into();
        let royal = variant.has_royal_king();
        let mut pos = Position {
            variant,
            board: setup.board,
            pockets: setup.pockets,
            turn: setup.turn,
            castling: setup.castling,
            ep: None,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            hash: 0,
        };
        pos.validate_pieces()?;
        pos.validate_castling()?;
        pos.ep = pos.validate_en_passant(&setup.en_passant)?;
        if royal && pos.is_check_for(!pos.turn) {
            return Err(invalid(format!(
                "the side not to move ({:?}) is in check",
                !pos.turn
            )));
        }
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    fn validate_pieces(&self) -> Result<(), FenError> {
        let g = &self.variant.geometry;
        if self.variant.has_royal_king() {
            for c in Color::BOTH {
                let n = self.board.pieces(c, Role::King).len();
                if n != 1 {
                    return Err(invalid(format!(
                        "{c:?} has {n} kings; exactly one is required"
                    )));
                }
            }
        }
        if self.variant.prongs {
            return Ok(());
        }
        for sq in self.board.by_role(Role::Pawn) | self.board.by_role(Role::NinjaPawn) {
            let Some(p) = self.board.get(sq) else {
                continue;
            };
            if self.variant.promotion.zone_contains(g, p.color, sq) {
                return Err(invalid(format!(
                    "a {} on {sq} stands in its promotion zone",
                    p.role.name()
                )));
            }
            if p.role == Role::Pawn && relative_rank(g, p.color, sq) == 0 {
                return Err(invalid(format!(
                    "a pawn on {sq} stands on its own back rank"
                )));
            }
        }
        Ok(())
    }

    fn validate_castling(&self) -> Result<(), FenError> {
        if self.castling == 0 {
            return Ok(());
        }
        let Some((king_file, rook_files)) = self.variant.castling.files() else {
            return Err(FenError::new(
                FenField::Castling,
                format!("{} has no castling", self.variant.key),
            ));
        };
        for color in Color::BOTH {
            for (i, rook_file) in rook_files.into_iter().enumerate() {
                if self.castling & castling_bit(color, i == 1) == 0 {
                    continue;
                }
                let rank = self.back_rank(color);
                let king_ok = Square::new(king_file, rank).and_then(|s| self.board.get(s))
                    == Some(Piece::new(color, Role::King));
                let rook_ok = Square::new(rook_file, rank).and_then(|s| self.board.get(s))
                    == Some(Piece::new(color, Role::Rook));
                if !king_ok || !rook_ok {
                    return Err(FenError::new(
                        FenField::Castling,
                        format!("{color:?} has a castling right but its king or rook is not on its starting square"),
                    ));
                }
            }
        }
        Ok(())
    }

    fn validate_en_passant(&self, targets: &[Square]) -> Result<Option<EnPassant>, FenError> {
        let Some(&first) = targets.first() else {
            return Ok(None);
        };
        let bad = |why: &str| Err(FenError::new(FenField::EnPassant, why.to_string()));
        if self.variant.prongs {
            return bad("this game has no en passant");
        }
        let mover = !self.turn;
        let fwd = mover.forward();
        for pair in targets.windows(2) {
            if pair[0].offset(0, fwd) != Some(pair[1]) {
                return bad(
                    "the targets must be consecutive squares in the order the pawn passed them",
                );
            }
        }
        let last = *targets.last().unwrap_or(&first);
        let Some(victim) = self.variant.geometry.offset(last, 0, fwd) else {
            return bad("no square beyond the targets for the pawn to stand on");
        };
        // A multi-step that promoted leaves its new piece there (notation §3).
        let promoted = self
            .variant
            .promotion
            .zone_contains(&self.variant.geometry, mover, victim)
            && self.board.get(victim).is_some_and(|p| p.color == mover);
        if self.board.get(victim) != Some(Piece::new(mover, Role::Pawn)) && !promoted {
            return bad("no pawn of the side that just moved stands just beyond the targets");
        }
        for &t in targets {
            if let Some(p) = self.board.get(t) {
                if !(p.role == Role::Wall && p.color == mover) {
                    return bad("a target square is occupied");
                }
            }
        }
        let origin = self
            .variant
            .geometry
            .offset(first, 0, -fwd)
            .and_then(|o| self.board.get(o));
        if origin.is_some() {
            return bad("the square the pawn came from is occupied");
        }
        Ok(Some(EnPassant {
            targets: targets.iter().copied().collect(),
            victim,
        }))
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for sq in self.board.occupied() {
            if let Some(p) = self.board.get(sq) {
                h ^= zobrist::piece(sq, p);
            }
        }
        for color in Color::BOTH {
            for rule in &self.variant.drops {
                h ^= zobrist::pocket(color, rule.role, self.pockets[color].count(rule.role));
            }
        }
        h ^= zobrist::castling(self.castling);
        if let Some(ep) = self.ep {
            for t in ep.targets {
                h ^= zobrist::en_passant(t);
            }
        }
        if self.turn == Color::Black {
            h ^= zobrist::side();
        }
        h
    }

    /// The game.
    #[must_use]
    #[inline]
    pub fn variant(&self) -> &VariantRef {
        &self.variant
    }

    /// Piece placement.
    #[must_use]
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// `color`'s pieces in hand.
    #[must_use]
    #[inline]
    pub fn pocket(&self, color: Color) -> &Pocket {
        &self.pockets[color]
    }

    /// Side to move.
    #[must_use]
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Castling rights (bits from [`castling_bit`]).
    #[must_use]
    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// En-passant state left by the previous ply.
    #[must_use]
    #[inline]
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.ep
    }

    /// Plies since the last capture, pawn move or drop.
    #[must_use]
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// Move number.
    #[must_use]
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Zobrist hash of placement, pockets, side, castling and en passant.
    #[must_use]
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether `other` is the same position for the repetition rule: same
    /// placement (piece states included), pockets, side to move, castling
    /// rights and en-passant targets; the clocks do not count.
    #[must_use]
    pub fn same_identity(&self, other: &Position) -> bool {
        self.variant.same_game(&other.variant)
            && self.board == other.board
            && self.pockets == other.pockets
            && self.turn == other.turn
            && self.castling == other.castling
            && self.ep == other.ep
    }

    /// Zobrist hash recomputed from nothing (for tests of the incremental one).
    #[must_use]
    pub fn hash_recomputed(&self) -> u64 {
        self.hash_from_scratch()
    }

    /// The position string.
    #[must_use]
    pub fn fen(&self) -> String {
        fen::write(self)
    }

    /// Zero-based rank index of `color`'s back rank.
    #[must_use]
    #[inline]
    pub fn back_rank(&self, color: Color) -> u8 {
        match color {
            Color::White => 0,
            Color::Black => self.variant.geometry.ranks() - 1,
        }
    }

    /// The squares a capture on `sq` empties: `sq`, or both squares of a Wall.
    #[must_use]
    #[inline]
    pub fn footprint(&self, sq: Square) -> SquareSet {
        match self.board.get(sq) {
            Some(p) if p.role == Role::Wall => wall::squares(sq, p.state),
            _ => SquareSet::from_square(sq),
        }
    }

    /// `color`'s pieces that are frozen by an enemy Terror Freeze (or, with
    /// `freeze_affects_friendly`, by any Freeze).
    #[must_use]
    #[inline]
    pub fn frozen(&self, color: Color) -> SquareSet {
        if self.board.by_role(Role::Freeze).is_empty() {
            SquareSet::EMPTY
        } else {
            freeze::frozen(self, color)
        }
    }

    /// `color`'s king square (none in Wounds, or if there is no king).
    #[must_use]
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.board.pieces(color, Role::King).first()
    }

    /// Whether some non-frozen piece of `by` could, if it were `by`'s turn,
    /// remove a piece of the other side standing on `target` (§ "check").
    #[must_use]
    pub fn is_attacked(&self, target: Square, by: Color) -> bool {
        movegen::attacks::is_attacked(self, target, by)
    }

    /// Whether `color`'s royal king is attacked.
    #[must_use]
    pub fn is_check_for(&self, color: Color) -> bool {
        self.variant.has_royal_king()
            && self
                .king(color)
                .is_some_and(|k| self.is_attacked(k, !color))
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.is_check_for(self.turn)
    }

    /// All legal actions.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::with_capacity(128);
        movegen::generate_legal(self, &mut out);
        out
    }

    /// Appends all legal actions to `out`.
    pub fn generate_legal(&self, out: &mut MoveList) {
        movegen::generate_legal(self, out);
    }

    /// Whether `m` (any pseudo-legal action) leaves the mover's king safe.
    #[must_use]
    pub fn is_safe_after(&self, m: &Move) -> bool {
        if !self.variant.has_royal_king() {
            return true;
        }
        let mut after = self.clone();
        after.play_unchecked(m);
        !after.is_check_for(self.turn)
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// [`MoveError::Illegal`] if `m` is not among the legal actions.
    pub fn play(&mut self, m: &Move) -> Result<(), MoveError> {
        if self.legal_moves().contains(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(MoveError::Illegal(crate::notation::render(self, m)))
        }
    }

    /// The game result if the position itself ends the game (no legal action
    /// or no men); history-based draws are in [`crate::record::GameRecord`].
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if self.variant.end == EndRule::CaptureAll {
            return [self.turn, !self.turn]
                .into_iter()
                .find(|&side| self.board.by_color(side).is_empty())
                .map(|side| Outcome::Decisive {
                    winner: !side,
                    reason: EndReason::NoMenLeft,
                });
        }
        if !self.legal_moves().is_empty() {
            return None;
        }
        Some(if self.is_check() {
            Outcome::Decisive {
                winner: !self.turn,
                reason: EndReason::Checkmate,
            }
        } else {
            Outcome::Draw {
                reason: EndReason::Stalemate,
            }
        })
    }

    fn remove(&mut self, sq: Square) -> Option<Piece> {
        let p = self.board.take(sq)?;
        self.hash ^= zobrist::piece(sq, p);
        Some(p)
    }

    fn place(&mut self, sq: Square, p: Piece) {
        self.remove(sq);
        self.board.put(sq, p);
        self.hash ^= zobrist::piece(sq, p);
    }

    fn set_pocket(&mut self, color: Color, role: Role, n: u8) {
        self.hash ^= zobrist::pocket(color, role, self.pockets[color].count(role));
        self.pockets[color].set(role, n);
        self.hash ^= zobrist::pocket(color, role, n);
    }

    fn set_castling(&mut self, rights: u8) {
        self.hash ^= zobrist::castling(self.castling) ^ zobrist::castling(rights);
        self.castling = rights;
    }

    fn set_en_passant(&mut self, ep: Option<EnPassant>) {
        // A plain loop over both: `flatten` here cost 1% of perft (callgrind).
        for e in [self.ep, ep] {
            let Some(e) = e else { continue };
            for t in e.targets {
                self.hash ^= zobrist::en_passant(t);
            }
        }
        self.ep = ep;
    }

    /// Plays a pseudo-legal action without checking it.
    pub fn play_unchecked(&mut self, m: &Move) {
        let us = self.turn;
        if self.ep.is_some() {
            self.set_en_passant(None);
        }
        let mut touched = SquareSet::EMPTY;
        let reset = match *m {
            Move::Normal {
                from,
                to,
                captured,
                promotion,
            } => {
                touched = captured | SquareSet::from_square(from) | SquareSet::from_square(to);
                self.play_normal(from, to, captured, promotion)
            }
            Move::Drop { role, to, .. } => {
                let n = self.pockets[us].count(role);
                self.set_pocket(us, role, n.saturating_sub(1));
                self.place(to, Piece::new(us, role));
                self.variant.options.drops_reset_halfmove
            }
            Move::Castle {
                king,
                king_to,
                rook,
                rook_to,
            } => {
                touched = SquareSet::from_square(king) | SquareSet::from_square(rook);
                let k = self.remove(king);
                let r = self.remove(rook);
                if let (Some(k), Some(r)) = (k, r) {
                    self.place(king_to, k);
                    self.place(rook_to, r);
                }
                false
            }
            Move::Detonate { captured, .. } => {
                touched = captured;
                for sq in captured {
                    self.remove(sq);
                }
                true
            }
            Move::Wound { from, target } => {
                if let Some(mut p) = self.board.get(target) {
                    p.state = prongs::wounded(p.role, p.state, from, target);
                    self.place(target, p);
                }
                true
            }
            Move::Rotate { at, clockwise } => {
                if let Some(mut p) = self.board.get(at) {
                    p.state = prongs::rotated(p.role, p.state, clockwise);
                    self.place(at, p);
                }
                false
            }
            Move::Pass => false,
        };
        if self.castling != 0 && !(touched & self.variant.geometry.back_ranks()).is_empty() {
            self.strip_castling(touched);
        }
        self.halfmoves = if reset {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !us;
        self.hash ^= zobrist::side();
    }

    /// Moves a piece; returns whether the halfmove clock resets.
    fn play_normal(
        &mut self,
        from: Square,
        to: Square,
        captured: SquareSet,
        promotion: Option<Role>,
    ) -> bool {
        for sq in captured {
            self.remove(sq);
        }
        let Some(piece) = self.board.get(from) else {
            return false;
        };
        if piece.role == Role::Wall {
            wall::relocate(self, from, to);
            return !captured.is_empty();
        }
        self.remove(from);
        let moved = match (promotion, piece.role) {
            (Some(role), _) => Piece::new(piece.color, role),
            (None, Role::ChangelingBishop) => Piece::new(piece.color, Role::ChangelingRook),
            (None, Role::ChangelingRook) => Piece::new(piece.color, Role::ChangelingBishop),
            _ => piece,
        };
        self.place(to, moved);
        if piece.role == Role::Pawn && self.variant.pawn != PawnRule::Prongs {
            self.note_multi_step(from, to);
        }
        !captured.is_empty() || (piece.role.is_pawn_like() && !self.variant.prongs)
    }

    /// Records the skipped squares of a standard pawn's multi-step.
    fn note_multi_step(&mut self, from: Square, to: Square) {
        if from.file() != to.file() || from.rank().abs_diff(to.rank()) < 2 {
            return;
        }
        let fwd = self.turn.forward();
        let mut targets = SquareSet::EMPTY;
        let mut s = from;
        while let Some(n) = s.offset(0, fwd) {
            if n == to {
                break;
            }
            targets.insert(n);
            s = n;
        }
        self.set_en_passant(Some(EnPassant {
            targets,
            victim: to,
        }));
    }

    fn strip_castling(&mut self, touched: SquareSet) {
        let Some((king_file, rook_files)) = self.variant.castling.files() else {
            return;
        };
        let mut rights = self.castling;
        for color in Color::BOTH {
            let rank = self.back_rank(color);
            let king_hit = Square::new(king_file, rank).is_some_and(|s| touched.contains(s));
            for (i, f) in rook_files.into_iter().enumerate() {
                let rook_hit = Square::new(f, rank).is_some_and(|s| touched.contains(s));
                if king_hit || rook_hit {
                    rights &= !castling_bit(color, i == 1);
                }
            }
        }
        if rights != self.castling {
            self.set_castling(rights);
        }
    }

    /// Replaces the piece on `sq` (mechanics that relocate several squares at
    /// once, such as the Wall, use this to keep the hash in step).
    pub(crate) fn put_piece(&mut self, sq: Square, p: Piece) {
        self.place(sq, p);
    }

    /// Removes the piece on `sq`, keeping the hash in step.
    pub(crate) fn take_piece(&mut self, sq: Square) -> Option<Piece> {
        self.remove(sq)
    }

    /// Checks every internal invariant: derived sets, hash, kings, Walls.
    #[must_use]
    pub fn invariants_hold(&self) -> bool {
        self.board.invariants_hold()
            && self.hash == self.hash_from_scratch()
            && wall::all_paired(self)
    }
}
