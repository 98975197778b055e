//! # menagerie-protocol
//!
//! Menagerie's faces to the outside world:
//!
//! - [`uci`]: the UCI front-end, for GUIs such as Cute Chess and tournament
//!   managers (variants chosen with `UCI_Variant`, as Fairy-Stockfish does);
//! - [`xboard`]: the XBoard/WinBoard front-end (CECP v2), which also tells
//!   XBoard the board size, start position and piece letters of each game;
//! - [`pgn`]: the game-record format, a PGN dialect whose movetext is our
//!   own move notation, written and read back exactly, and the replay check
//!   behind `menagerie record check`.
//!
//! Both front-ends run over any `BufRead` and `Write` (tests drive them with
//! in-memory streams); searches run on a worker thread that `stop` halts
//! through the engine's stop flag. The formats and GUI set-up are described
//! in `docs/protocols.md`.
#![deny(missing_docs)]

pub mod flags;
pub mod pgn;
pub mod settings;
pub mod text;
pub mod uci;
pub mod worker;
pub mod xboard;

pub use flags::RuleFlags;
pub use settings::Settings;
