//! A one-step static exchange test for replacement captures: a capture whose
//! capturer is worth clearly more than its victim, landing on a square the
//! opponent attacks, loses material if the opponent recaptures. Used to
//! order such captures after the quiet moves and to skip them in the
//! quiescence search.
//!
//! Only replacement captures (the capturer lands on its single victim's
//! square) are judged: approach, withdrawal, fly-over, detonation, cannon
//! and Wall captures are never called losing, since the recapture square is
//! not the victim's. The test asks the rules core whether the opponent
//! attacks the landing square after the capture, so every piece of every
//! game counts as a defender, frozen pieces excepted.

use crate::eval::{self, Weights};
use menagerie_rules::movegen::attacks;
use menagerie_rules::{Color, Move, Position, Role, Square, SquareSet};

/// Centipawns a capturer may outweigh its victim before a defended landing
/// square makes the capture losing (a bishop for a knight is an even trade).
const EVEN_TRADE: i32 = 50;

/// What a replacement capture `m` risks beyond its victim: the capturer's
/// value minus the victim's, if that is more than an even trade; `None` for
/// any other move.
#[must_use]
pub fn risk(pos: &Position, w: &Weights, m: &Move) -> Option<i32> {
    let Move::Normal {
        from,
        to,
        captured,
        promotion: None,
    } = *m
    else {
        return None;
    };
    if captured.len() != 1 || !captured.contains(to) {
        return None;
    }
    let loss = eval::piece_value(pos, w, from) - eval::piece_value(pos, w, to);
    (loss > EVEN_TRADE).then_some(loss)
}

/// Whether `child`, the position after the replacement capture `m` from
/// `pos`, lets the opponent recapture on the landing square.
#[must_use]
pub fn recapturable(pos: &Position, m: &Move, child: &Position) -> bool {
    m.to().is_some_and(|to| child.is_attacked(to, !pos.turn()))
}

/// The static exchange value of `m`, a replacement capture or a quiet
/// step of one man (no promotion), in centipawns for the mover: what it
/// takes, less what the opponent then wins on the landing square when
/// both sides go on capturing there, least valuable man first, each side
/// free to stop (a King captures last, never into an attack). `None`
/// where the rules core cannot list the attackers of a square set-wise
/// (exotic pieces on the board, prongs: see
/// [`attacks::OrthodoxAttackers`]) or for any other kind of move.
#[must_use]
pub fn value(pos: &Position, w: &Weights, m: &Move) -> Option<i32> {
    let (Some(from), Some(to)) = (m.from(), m.to()) else {
        return None;
    };
    if !value_kind(m) {
        return None;
    }
    let mut square = Contested::new(pos, to, from)?;
    let board = pos.board();
    let mut gains = [0i32; 40];
    gains[0] = eval::piece_value(pos, w, to);
    let mut on_square = eval::piece_value(pos, w, from);
    let mut side = !pos.turn();
    let mut n = 0;
    while n + 1 < gains.len() {
        let Some(next) = least_valuable(pos, w, square.attackers(pos, side)) else {
            break;
        };
        let king = board.get(next).is_some_and(|p| p.role == Role::King);
        if king && !square.attackers(pos, !side).is_empty() {
            break;
        }
        n += 1;
        gains[n] = on_square - gains[n - 1];
        on_square = eval::piece_value(pos, w, next);
        square.leave(pos, next);
        side = !side;
    }
    while n > 0 {
        gains[n - 1] = -(-gains[n - 1]).max(gains[n]);
        n -= 1;
    }
    Some(gains[0])
}

/// The square an exchange is fought on, and the attackers of each side
/// still on the board, each side's listed when first asked for; a man
/// leaving uncovers at most the slider behind it.
struct Contested {
    sides: attacks::OrthodoxAttackers,
    square: Square,
    occupied: SquareSet,
    attackers: [Option<SquareSet>; 2],
}

impl Contested {
    /// The exchange on `square` of `pos` once the man on `from` has left
    /// for it; `None` where the attackers cannot be listed set-wise.
    fn new(pos: &Position, square: Square, from: Square) -> Option<Contested> {
        Some(Contested {
            sides: attacks::OrthodoxAttackers::new(pos)?,
            square,
            occupied: pos.board().occupied() - SquareSet::from_square(from),
            attackers: [None; 2],
        })
    }

    /// The men of `side` attacking the square.
    fn attackers(&mut self, pos: &Position, side: Color) -> SquareSet {
        let (sides, square, occupied) = (&self.sides, self.square, self.occupied);
        *self.attackers[side.index()].get_or_insert_with(|| sides.onto(pos, square, occupied, side))
    }

    /// The man on `from` leaves the board (it captured on the square).
    fn leave(&mut self, pos: &Position, from: Square) {
        self.occupied.remove(from);
        let behind = self.sides.behind(pos, self.square, self.occupied, from);
        for (side, set) in [Color::White, Color::Black]
            .into_iter()
            .zip(&mut self.attackers)
        {
            if let Some(set) = set {
                set.remove(from);
                *set |= behind & pos.board().by_color(side);
            }
        }
    }
}

/// Whether the static exchange value of `m` ([`value`]) is below
/// `threshold`; `None` where it has none. The bound every exchange keeps
/// (the mover may lose at most itself) settles most moves without it.
#[must_use]
pub fn value_below(pos: &Position, w: &Weights, m: &Move, threshold: i32) -> Option<bool> {
    let (Some(from), Some(to)) = (m.from(), m.to()) else {
        return None;
    };
    let floor = eval::piece_value(pos, w, to) - eval::piece_value(pos, w, from);
    if floor >= threshold && value_kind(m) {
        return attacks::OrthodoxAttackers::apply(pos).then_some(false);
    }
    value(pos, w, m).map(|v| v < threshold)
}

/// Whether `m` is a move [`value`] can judge: a replacement capture or a
/// quiet step of one man, without promotion.
fn value_kind(m: &Move) -> bool {
    matches!(m, Move::Normal { to, captured, promotion: None, .. }
        if captured.is_empty() || captured.len() == 1 && captured.contains(*to))
}

/// The least valuable of the men on `set`, if any.
fn least_valuable(pos: &Position, w: &Weights, set: SquareSet) -> Option<Square> {
    set.into_iter()
        .min_by_key(|&s| eval::piece_value(pos, w, s))
}

/// Whether the capture `m` loses material: by its static exchange value
/// where the board allows it ([`value`]; more than an even trade lost),
/// otherwise by the one-step exchange test.
#[must_use]
pub fn losing_by_exchange(pos: &Position, w: &Weights, m: &Move) -> bool {
    loses(pos, w, m).unwrap_or_else(|| losing(pos, w, m))
}

/// Whether the exchange value of `m` loses more than an even trade
/// (`None` where it has none).
#[must_use]
pub fn loses(pos: &Position, w: &Weights, m: &Move) -> Option<bool> {
    value_below(pos, w, m, -EVEN_TRADE)
}

/// Whether the capture `m` loses material by the one-step exchange test.
#[must_use]
pub fn losing(pos: &Position, w: &Weights, m: &Move) -> bool {
    if risk(pos, w, m).is_none() {
        return false;
    }
    let mut child = pos.clone();
    child.play_unchecked(m);
    recapturable(pos, m, &child)
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::{fide, Position};

    fn capture(fen: &str, text: &str) -> (Position, Move) {
        let pos = Position::from_fen(fide::chess(), fen).unwrap();
        let m = menagerie_rules::notation::parse(&pos, text)
            .unwrap_or_else(|e| panic!("{text} in {fen}: {e}"));
        (pos, m)
    }

    fn worth(role: Role) -> i32 {
        Weights::default().piece[role.index()]
    }

    fn exchange_value(fen: &str, text: &str) -> Option<i32> {
        let (pos, m) = capture(fen, text);
        value(&pos, &Weights::default(), &m)
    }

    #[test]
    fn the_exchange_value_of_a_loose_capture_is_the_victim() {
        let v = exchange_value("4k3/8/8/3n4/8/8/3R4/4K3 w - - 0 1", "d2d5");
        assert_eq!(v, Some(worth(Role::Knight)));
    }

    #[test]
    fn a_queen_taking_a_pawn_a_pawn_defends_loses_the_queen_for_it() {
        let v = exchange_value("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5");
        assert_eq!(v, Some(worth(Role::Pawn) - worth(Role::Queen)));
        let (pos, m) = capture("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5");
        assert!(losing_by_exchange(&pos, &Weights::default(), &m));
    }

    #[test]
    fn a_rook_behind_the_capturer_wins_the_exchange_by_x_ray() {
        // Re2xe5 Rxe5 Rxe5: the rook on e1 backs the first up through e2.
        let fen = "4k3/4r3/8/4p3/8/8/4R3/4R1K1 w - - 0 1";
        assert_eq!(exchange_value(fen, "e2e5"), Some(worth(Role::Pawn)));
        // Without it the rook is lost for the pawn.
        let fen = "4k3/4r3/8/4p3/8/8/4R3/6K1 w - - 0 1";
        let lost = worth(Role::Pawn) - worth(Role::Rook);
        assert_eq!(exchange_value(fen, "e2e5"), Some(lost));
        let (pos, m) = capture(fen, "e2e5");
        assert!(losing_by_exchange(&pos, &Weights::default(), &m));
    }

    #[test]
    fn the_defender_may_decline_to_recapture() {
        // Nxd5 wins the pawn: Rxd5 would lose the rook to the bishop.
        let fen = "3rk3/8/8/3p4/8/4N3/6B1/4K3 w - - 0 1";
        assert_eq!(exchange_value(fen, "e3d5"), Some(worth(Role::Pawn)));
        // Without the bishop the rook takes the knight.
        let fen = "3rk3/8/8/3p4/8/4N3/8/4K3 w - - 0 1";
        let lost = worth(Role::Pawn) - worth(Role::Knight);
        assert_eq!(exchange_value(fen, "e3d5"), Some(lost));
    }

    #[test]
    fn a_king_never_recaptures_into_an_attack() {
        // Qxf7+ with the bishop on c4 behind it: the king cannot take.
        let fen = "4k3/5p2/8/7Q/2B5/8/8/4K3 w - - 0 1";
        assert_eq!(exchange_value(fen, "h5f7"), Some(worth(Role::Pawn)));
        // Without the bishop the king takes the queen.
        let fen = "4k3/5p2/8/7Q/8/8/8/4K3 w - - 0 1";
        let lost = worth(Role::Pawn) - worth(Role::Queen);
        assert_eq!(exchange_value(fen, "h5f7"), Some(lost));
    }

    #[test]
    fn a_quiet_step_onto_a_square_a_pawn_guards_loses_the_man() {
        let v = exchange_value("4k3/8/2p5/8/8/4N3/8/4K3 w - - 0 1", "e3d5");
        assert_eq!(v, Some(-worth(Role::Knight)));
        let v = exchange_value("4k3/8/2p5/8/8/4N3/8/4K3 w - - 0 1", "e3c4");
        assert_eq!(v, Some(0));
    }

    #[test]
    fn exotic_pieces_on_the_board_leave_the_exchange_to_the_one_step_test() {
        let v = menagerie_games::by_name("wreckage").expect("wreckage");
        let pos = Position::start(v);
        let mut moves = Vec::new();
        menagerie_rules::movegen::generate_pseudo(&pos, &mut moves);
        assert!(!moves.is_empty());
        for m in &moves {
            assert_eq!(value(&pos, &Weights::default(), m), None, "{m:?}");
        }
    }

    /// The exchange value with every side's attackers listed afresh at
    /// each capture (the way [`value`] worked before it kept them): the
    /// yardstick for the kept set and its x-rays.
    fn value_listed_afresh(pos: &Position, w: &Weights, m: &Move) -> Option<i32> {
        let (from, to) = (m.from()?, m.to()?);
        if !value_kind(m) {
            return None;
        }
        let sides = attacks::OrthodoxAttackers::new(pos)?;
        let board = pos.board();
        let mut occupied = board.occupied() - SquareSet::from_square(from);
        let mut gains = vec![eval::piece_value(pos, w, to)];
        let mut on_square = eval::piece_value(pos, w, from);
        let mut side = !pos.turn();
        while let Some(next) = least_valuable(pos, w, sides.onto(pos, to, occupied, side)) {
            let king = board.get(next).is_some_and(|p| p.role == Role::King);
            if king && !sides.onto(pos, to, occupied, !side).is_empty() {
                break;
            }
            gains.push(on_square - gains[gains.len() - 1]);
            on_square = eval::piece_value(pos, w, next);
            occupied.remove(next);
            side = !side;
        }
        for n in (1..gains.len()).rev() {
            gains[n - 1] = -(-gains[n - 1]).max(gains[n]);
        }
        Some(gains[0])
    }

    #[test]
    fn the_kept_attackers_value_every_exchange_as_listing_them_afresh_does() {
        // Random games of chess: every move's exchange value equals the
        // one found by listing the attackers again after each capture;
        // enough of them must be long exchanges with a man behind a
        // capturer (x-rays), so the test sees what it is about.
        let w = Weights::default();
        let (mut compared, mut uncovered) = (0, 0);
        for pos in crate::random_games::chess_positions(57, 30, 100) {
            let sides = attacks::OrthodoxAttackers::new(&pos).expect("chess");
            for m in &pos.legal_moves() {
                let kept = value(&pos, &w, m);
                assert_eq!(
                    kept,
                    value_listed_afresh(&pos, &w, m),
                    "{} {m:?}",
                    pos.fen()
                );
                compared += usize::from(kept.is_some());
                if let (Some(from), Some(to)) = (m.from(), m.to()) {
                    let occupied = pos.board().occupied() - SquareSet::from_square(from);
                    uncovered += usize::from(!sides.behind(&pos, to, occupied, from).is_empty());
                }
            }
        }
        assert!(compared > 20_000, "{compared} exchanges compared");
        assert!(uncovered > 500, "{uncovered} men with a slider behind them");
    }

    #[test]
    fn a_queen_taking_a_defended_pawn_loses() {
        let (pos, m) = capture("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5");
        assert!(losing(&pos, &Weights::default(), &m));
    }

    #[test]
    fn a_queen_taking_a_loose_pawn_does_not() {
        let (pos, m) = capture("4k3/8/8/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5");
        assert!(!losing(&pos, &Weights::default(), &m));
    }

    #[test]
    fn taking_a_worth_as_much_or_more_is_never_losing() {
        let (pos, m) = capture("4k3/8/2p5/3q4/8/8/3Q4/4K3 w - - 0 1", "d2d5");
        assert_eq!(risk(&pos, &Weights::default(), &m), None);
        assert!(!losing(&pos, &Weights::default(), &m));
    }
}
