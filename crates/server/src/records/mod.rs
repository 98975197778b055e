//! Game records for the analysis board and annotated exports: a record's
//! first game as a tree of moves ([`read()`]), a tree written as a record
//! ([`write()`]), and a reviewed game's evaluations, judgements and better
//! lines added to its record ([`annotate`]). The dialect is the protocol
//! crate's (`docs/protocols.md`).

mod annotate;
mod build;
mod tree;

pub use annotate::{annotate, eval_comment, judgement_nag, BETTER_LINE_MOVES};
pub use build::write;
pub use tree::read;

use crate::error::{ApiError, ErrorCode};
use menagerie_protocol::{flags, pgn};
use menagerie_rules::VariantRef;

/// The largest body `POST /api/records/read` and `/write` accept.
pub const BODY_LIMIT: usize = 1 << 20;

/// The most moves a record read or written through the API may hold, its
/// main line and variations together.
pub const MAX_MOVES: usize = 5000;

/// The record reader's resolver for text from web clients: the `Variant`
/// tag as `POST /api/games` takes a spec (built-in games and inline Pick
/// the Piece setups; never a setup file on the server), with `RuleFlags`.
///
/// # Errors
/// The message of the unknown spec or flag.
pub fn resolver(tags: &[(String, String)]) -> Result<VariantRef, String> {
    let base = crate::variants::base(pgn::variant_spec(tags)).map_err(|e| e.message)?;
    Ok(flags::apply(&base, &pgn::tag_flags(tags)?))
}

/// `400 bad_record` with `message`.
#[must_use]
pub fn bad_record(message: impl Into<String>) -> ApiError {
    ApiError::bad_request(ErrorCode::BadRecord, message)
}
