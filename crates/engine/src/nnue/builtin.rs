//! The nets shipped inside the binary. Each file lists the games it was
//! trained for; a game plays with the first shipped net that serves it
//! and with the classical evaluation otherwise. A net is shipped only
//! when a match showed that it beats the classical evaluation in those
//! games (`docs/engine.md`).

use super::net::Network;
use std::sync::{Arc, OnceLock};

/// The shipped net files (sizes, hashes and the matches that admitted
/// them: `docs/engine.md`).
const FILES: &[&[u8]] = &[
    include_bytes!("../../../../data/nnue/wreckage-2.nnue"),
    include_bytes!("../../../../data/nnue/carnage-1.nnue"),
    include_bytes!("../../../../data/nnue/chess-12.nnue"),
    include_bytes!("../../../../data/nnue/air-and-trench-2.nnue"),
    include_bytes!("../../../../data/nnue/longer-board-1.nnue"),
    include_bytes!("../../../../data/nnue/wounds-3.nnue"),
];

/// Every shipped net, parsed once (a file that fails to parse is left
/// out; a test checks that none does).
#[must_use]
pub fn all() -> &'static [Arc<Network>] {
    static NETS: OnceLock<Vec<Arc<Network>>> = OnceLock::new();
    NETS.get_or_init(|| {
        FILES
            .iter()
            .filter_map(|b| Network::from_bytes(b).ok().map(Arc::new))
            .collect()
    })
}

/// The shipped net for the game with this key, if any.
#[must_use]
pub fn for_game(key: &str) -> Option<Arc<Network>> {
    all().iter().find(|n| n.serves(key)).cloned()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_shipped_net_loads() {
        for bytes in super::FILES {
            let net = super::Network::from_bytes(bytes).unwrap();
            assert!(bytes.len() <= 4 << 20, "nets stay under 4 MB");
            assert!(!net.games.is_empty());
            // Version 1 files: one output bucket, written back byte for byte.
            assert_eq!(net.buckets, 1);
            assert_eq!(net.to_bytes(), *bytes);
        }
    }

    #[test]
    fn each_game_with_a_shipped_net_plays_its_own() {
        let wreckage = super::for_game("wreckage").unwrap();
        let carnage = super::for_game("carnage").unwrap();
        let chess = super::for_game("chess").unwrap();
        assert!(!wreckage.serves("carnage") && !carnage.serves("wreckage"));
        assert!(!chess.serves("wounds") && !wreckage.serves("chess"));
        let air = super::for_game("air-and-trench").unwrap();
        assert!(!air.serves("wreckage") && !chess.serves("air-and-trench"));
        let longer = super::for_game("longer-board").unwrap();
        assert!(!longer.serves("chess") && !chess.serves("longer-board"));
        let wounds = super::for_game("wounds").unwrap();
        assert!(!wounds.serves("chess") && !chess.serves("wounds"));
    }
}
