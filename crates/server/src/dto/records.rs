//! The JSON shapes of game records for the analysis board:
//! `POST /api/records/read`, `POST /api/records/write` and the query of
//! `GET /api/games/{id}/record`.

use super::OptionMap;
use serde::{Deserialize, Serialize};

/// The query of `GET /api/games/{id}/record`.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct RecordQuery {
    /// `true` (or `1`): with the review's evaluations, judgements and better
    /// lines; absent or `false`: the plain record.
    #[serde(default)]
    pub annotated: Option<String>,
}

/// `POST /api/records/read`: a record's text.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct ReadRecord {
    /// The record in the dialect of `docs/protocols.md` (only its first game
    /// is read).
    pub text: String,
}

/// One move of a record as the analysis board loads it: the move, its
/// annotations and the alternatives to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordNode {
    /// The move string (canonical).
    #[serde(rename = "move")]
    pub text: String,
    /// The move in readable notation.
    pub label: String,
    /// The comment after the move.
    pub comment: Option<String>,
    /// Its NAGs (`$1` to `$255`: 1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`).
    pub nags: Vec<u8>,
    /// Alternatives to this move, each a line played from the position
    /// before it.
    pub variations: Vec<Vec<RecordNode>>,
}

/// `POST /api/records/read` → the first game of the record as a tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordTree {
    /// The variant spec, canonical (as `POST /api/games` takes it).
    pub variant: String,
    /// Rule flags that differ from the game's defaults.
    pub options: OptionMap,
    /// The start position string.
    pub fen: String,
    /// The tags in the record's order, each `[name, value]`.
    pub tags: Vec<(String, String)>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The main line, with its variations.
    pub line: Vec<RecordNode>,
}

/// One move sent to `POST /api/records/write`: a [`RecordNode`] without
/// its label (a label sent is ignored).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct NodeInput {
    /// The move string.
    #[serde(rename = "move")]
    pub text: String,
    /// The comment after the move (none or blank: no comment).
    #[serde(default)]
    pub comment: Option<String>,
    /// Its NAGs, 0 to 255.
    #[serde(default)]
    pub nags: Vec<u8>,
    /// Alternatives to this move, each played from the position before it.
    #[serde(default)]
    pub variations: Vec<Vec<NodeInput>>,
}

/// `POST /api/records/write`: a game to write as a record.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct WriteRecord {
    /// A built-in game name or a custom Pick the Piece spec (as in `POST /api/games`).
    pub variant: String,
    /// Rule flags; absent ones keep the game's defaults.
    #[serde(default)]
    pub options: Option<OptionMap>,
    /// The start position string (none or empty: the game's start).
    #[serde(default)]
    pub fen: Option<String>,
    /// The main line with its variations.
    #[serde(default)]
    pub line: Vec<NodeInput>,
    /// Tags to write, each `[name, value]` (`Variant`, `RuleFlags`, `SetUp`
    /// and `FEN` follow from the game and its start, and are not taken).
    #[serde(default)]
    pub tags: Option<Vec<(String, String)>>,
    /// The result (default: the `Result` tag sent, or `*`).
    #[serde(default)]
    pub result: Option<String>,
}

/// `POST /api/records/write` → the record's text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordText {
    /// The record in the dialect of `docs/protocols.md`.
    pub text: String,
}
