//! # menagerie-games
//!
//! Every game Menagerie plays, as a [`Variant`] value built from the rules
//! core's parts. Each game's module links its rules document and lists our
//! decisions on its ambiguities.
//!
//! ```
//! let v = menagerie_games::by_name("wreckage").unwrap();
//! let pos = menagerie_rules::Position::start(v);
//! assert_eq!(pos.legal_moves().len(), 36);
//! ```
#![deny(missing_docs)]

pub mod chess;
pub mod longer_board;
pub mod pick_the_piece;
pub mod wounds;
pub mod wreckage;

use menagerie_rules::Variant;

/// The names of the built-in games, as accepted by [`by_name`].
pub const NAMES: [&str; 6] = [
    "chess",
    "wreckage",
    "carnage",
    "air-and-trench",
    "longer-board",
    "wounds",
];

/// A built-in game by its protocol name.
#[must_use]
pub fn by_name(name: &str) -> Option<&'static Variant> {
    match name {
        "chess" => Some(chess::chess()),
        "wreckage" => Some(wreckage::wreckage()),
        "carnage" => Some(wreckage::carnage()),
        "air-and-trench" => Some(pick_the_piece::air_and_trench()),
        "longer-board" => Some(longer_board::longer_board()),
        "wounds" => Some(wounds::wounds()),
        _ => None,
    }
}

/// Every built-in game.
#[must_use]
pub fn all() -> Vec<&'static Variant> {
    NAMES.iter().filter_map(|n| by_name(n)).collect()
}
