//! What the helper threads of a lazy-SMP search hand back: the deepest
//! iteration any of them completed. A helper runs about one ply ahead of
//! the main thread (it starts at depth 2, reports nothing and searches one
//! line), so when the time runs out it has often finished an iteration the
//! main thread has not; its choice is then the better informed one
//! (`Features::deepest`, docs/engine.md).

use crate::root::RootMove;
use std::sync::Mutex;

/// The deepest iteration a helper completed, shared by the threads of one
/// search.
#[derive(Default)]
pub struct Deepest {
    slot: Mutex<Option<(u32, RootMove)>>,
}

impl Deepest {
    /// Records that a helper completed `depth` with `best` first, if no
    /// thread has offered a deeper iteration yet.
    pub fn offer(&self, depth: u32, best: &RootMove) {
        if let Ok(mut slot) = self.slot.lock() {
            if !matches!(slot.as_ref(), Some((d, _)) if *d >= depth) {
                *slot = Some((depth, best.clone()));
            }
        }
    }

    /// The deepest offered iteration, if it is deeper than `depth`.
    pub fn deeper_than(&self, depth: u32) -> Option<(u32, RootMove)> {
        let slot = self.slot.lock().ok()?;
        slot.as_ref().filter(|(d, _)| *d > depth).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::Position;

    fn root(index: usize) -> RootMove {
        let v = menagerie_games::by_name("chess").unwrap();
        let pos = Position::start(v);
        let mut roots = crate::root::root_moves(&pos, &[]);
        roots.swap_remove(index)
    }

    #[test]
    fn the_deepest_offer_stands() {
        let d = Deepest::default();
        assert!(d.deeper_than(0).is_none());
        d.offer(5, &root(0));
        d.offer(4, &root(1));
        let (depth, best) = d.deeper_than(4).unwrap();
        assert_eq!((depth, best.m), (5, root(0).m));
        assert!(
            d.deeper_than(5).is_none(),
            "not deeper than the main thread"
        );
        d.offer(7, &root(2));
        assert_eq!(d.deeper_than(5).unwrap().1.m, root(2).m);
    }
}
