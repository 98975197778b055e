//! Capture history: how often a capture (the capturer's role, its target
//! square and the role it takes) has refuted a position before, so that
//! among captures of like value the proven ones are tried first. Cut-offs
//! by a capture reward it; the captures tried before the move that cut are
//! punished, as the quiet history does for quiet moves.

use crate::ordering::gravity;
use menagerie_rules::{Move, Position};

/// One search thread's capture history, sized to the game on first use.
#[derive(Clone, Debug, Default)]
pub struct CaptureHistory {
    /// Counters by side to move, capturer's role, target square and the
    /// role taken (both roles by their place among the game's pieces).
    table: Vec<i16>,
}

/// The index of capture `m` from `pos` in a table for `roles` roles, if
/// it is a capture by a man of the board of a man on the board.
fn slot(pos: &Position, m: &Move, roles: usize) -> Option<usize> {
    let board = pos.board();
    let rank = |sq| {
        board
            .get(sq)
            .and_then(|p| pos.variant().roles.rank_of(p.role))
    };
    let mover = rank(m.from()?)?;
    let to = m.to()?;
    let victim = rank(m.captured().first()?)?;
    let side = pos.turn().index();
    Some(((side * roles + mover) * 100 + to.index()) * roles + victim)
}

impl CaptureHistory {
    /// The counter of capture `m` from `pos` (0 for any other move, or
    /// before the table has learned anything of this game).
    #[must_use]
    pub fn of(&self, pos: &Position, m: &Move) -> i32 {
        let roles = pos.variant().roles.len();
        slot(pos, m, roles)
            .and_then(|i| self.table.get(i))
            .map_or(0, |&h| i32::from(h))
    }

    /// Moves the counter of capture `m` by one cut-off's `step`
    /// ([`crate::ordering::history_step`]): up when it cut, down when it
    /// did not.
    pub fn update(&mut self, pos: &Position, m: &Move, step: i32, cut: bool) {
        let roles = pos.variant().roles.len();
        let size = 2 * roles * 100 * roles;
        if self.table.len() != size {
            // First use, or a search of another game: a table of its size.
            self.table = vec![0; size];
        }
        if let Some(h) = slot(pos, m, roles).and_then(|i| self.table.get_mut(i)) {
            *h = gravity(i32::from(*h), if cut { step } else { -step }) as i16;
        }
    }

    /// Halves every counter (between the searches of one game).
    pub fn age(&mut self) {
        for h in &mut self.table {
            *h /= 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::{fide, notation};

    #[test]
    fn a_capture_that_cut_rises_and_one_that_failed_falls() {
        let pos = Position::from_fen(fide::chess(), "4k3/8/2p5/3p4/8/4N3/3Q4/4K3 w - - 0 1")
            .expect("fen");
        let by_knight = notation::parse(&pos, "e3d5").expect("Nxd5");
        let by_queen = notation::parse(&pos, "d2d5").expect("Qxd5");
        let quiet = notation::parse(&pos, "e1f1").expect("Kf1");
        let mut h = CaptureHistory::default();
        assert_eq!(h.of(&pos, &by_knight), 0);
        h.update(&pos, &by_knight, 16, true);
        h.update(&pos, &by_queen, 16, false);
        h.update(&pos, &quiet, 16, true);
        assert!(h.of(&pos, &by_knight) > 0);
        assert!(h.of(&pos, &by_queen) < 0);
        assert_eq!(h.of(&pos, &quiet), 0);
        let before = h.of(&pos, &by_knight);
        h.age();
        assert_eq!(h.of(&pos, &by_knight), before / 2);
    }
}
