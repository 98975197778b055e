//! # menagerie-rules
//!
//! The rules core of Menagerie: boards up to 10x10 on one canvas, the piece
//! catalogue of all our games, self-describing moves, history-free positions
//! with copy-make play, legal move generation, position strings, move strings
//! and perft. It names no game: `menagerie-games` builds each game's
//! [`Variant`] from the parts here.
//!
//! ```
//! use menagerie_rules::{Position, Variant, notation, perft};
//! # fn variant() -> menagerie_rules::VariantRef { menagerie_rules::fide::chess() }
//! let pos = Position::start(variant());
//! assert_eq!(pos.legal_moves().len(), 20);
//! let e4 = notation::parse(&pos, "e2e4").unwrap();
//! let mut next = pos.clone();
//! next.play(&e4).unwrap();
//! assert_eq!(next.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! assert_eq!(perft::perft(&pos, 3), 8902);
//! ```
#![deny(missing_docs)]

pub mod board;
pub mod color;
pub mod diagram;
pub mod error;
pub mod fen;
pub mod fide;
pub mod geometry;
pub mod mechanics;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod record;
pub mod setup;
pub mod square_set;
pub mod summary;

pub mod variant;
pub mod zobrist;

pub use board::Board;
pub use color::{ByColor, Color};
pub use error::{FenError, FenField, MoveError};
pub use geometry::{Dir, Geometry, Square};
pub use moves::{Move, MoveList};
pub use outcome::{EndReason, Outcome};
pub use piece::{AttackClass, Pick, Piece, PieceEntry, Role, RoleSet, PIECES};
pub use position::{EnPassant, Position};
pub use record::GameRecord;
pub use setup::{Pocket, Setup};
pub use square_set::SquareSet;
pub use variant::{Variant, VariantRef};
