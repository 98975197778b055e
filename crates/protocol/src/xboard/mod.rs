//! The XBoard front-end (`menagerie xboard`, CECP v2).
//!
//! Feature negotiation lists our games in XBoard's form: chess is `normal`,
//! the others are engine-defined variants which this engine describes to
//! XBoard with `setup` (board size, holdings, piece letters on XBoard's
//! piece images, start position) right after `variant`. Move strings are
//! translated at the edge ([`crate::text`]): 0-based ranks on 10-rank
//! boards, castling as the king's move, the pass as `@@@@`.
//!
//! ```
//! use menagerie_protocol::{xboard, worker::{Out, SharedBuffer}};
//! let buf = SharedBuffer::new();
//! xboard::run(&b"xboard\nprotover 2\nnew\nvariant wreckage\nforce\nsd 2\ngo\nping 1\nquit\n"[..],
//!     Out::new(buf.clone())).unwrap();
//! let text = buf.text();
//! assert!(text.contains("feature ") && text.contains("setup (") && text.contains("move "));
//! ```

pub mod board;
pub mod command;
pub mod mirror;
pub mod session;

pub use command::{Command, ParseError};
pub use session::{run, Session};
