//! The UCI front-end (`menagerie uci`).
//!
//! Variants follow the Fairy-Stockfish convention: the GUI picks a game with
//! `setoption name UCI_Variant value wreckage`, or a custom Pick the Piece
//! setup with `setoption name PickThePieceSetup value <inline form or .toml
//! path>` (which, while set, is the game played). Positions and moves use our
//! own notation (`docs/notation-contract.md`) unchanged.
//!
//! ```
//! use menagerie_protocol::{uci, worker::{Out, SharedBuffer}};
//! let buf = SharedBuffer::new();
//! uci::run(&b"uci\nisready\nposition startpos moves e2e4\ngo depth 2\nquit\n"[..], Out::new(buf.clone())).unwrap();
//! let text = buf.text();
//! assert!(text.contains("uciok") && text.contains("readyok") && text.contains("bestmove "));
//! ```

pub mod command;
pub mod options;
pub mod session;

pub use command::{Command, Go, ParseError, Start};
pub use session::{run, Session};
