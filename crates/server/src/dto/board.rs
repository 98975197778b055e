//! The JSON shapes of the analysis board: `POST /api/positions` and the
//! events of `GET /api/analysis/stream`.

use super::{BoardPiece, LastMove, LegalAction, OptionMap, OutcomeView, Pockets, ScoreView, Side};
use serde::{Deserialize, Serialize};

/// `POST /api/positions`: a position not tied to a game.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// A built-in game name or a custom Pick the Piece spec (as in `POST /api/games`).
    pub variant: String,
    /// Rule flags; absent ones keep the game's defaults.
    #[serde(default)]
    pub options: Option<OptionMap>,
    /// The position string to start from (none or empty: the game's start).
    #[serde(default)]
    pub fen: Option<String>,
    /// Move strings played from there, in order.
    #[serde(default)]
    pub moves: Option<Vec<String>>,
}

/// A position of the analysis board, with everything to draw it and play on.
#[derive(Clone, Debug, Serialize)]
pub struct BoardPosition {
    /// The variant spec, canonical.
    pub variant: String,
    /// Display title.
    pub title: String,
    /// Rule flags that differ from the game's defaults.
    pub options: OptionMap,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// The position string the moves start from.
    pub start_fen: String,
    /// The position string after the moves.
    pub fen: String,
    /// The moves as the server writes them (normalised move strings).
    pub moves: Vec<String>,
    /// The moves in readable notation.
    pub labels: Vec<String>,
    /// Side to move.
    pub turn: Side,
    /// The pieces on the board.
    pub board: Vec<BoardPiece>,
    /// Pieces in hand per side, by letter.
    pub pockets: Pockets,
    /// Squares of frozen pieces (either side).
    pub frozen: Vec<String>,
    /// Whether the side to move is in check.
    pub check: bool,
    /// The last of the moves (none without moves).
    pub last_move: Option<LastMove>,
    /// The legal actions, as a game's `legal` (empty once the game is over).
    pub legal: Vec<LegalAction>,
    /// The result if the position ends the game (by the board, or by
    /// repetition, the 50-move rule or two passes over the moves given).
    pub outcome: Option<OutcomeView>,
}

/// The query of `GET /api/analysis/stream`.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct AnalysisQuery {
    /// A built-in game name or a custom Pick the Piece spec.
    pub variant: String,
    /// The position string (none or empty: the game's start).
    #[serde(default)]
    pub fen: Option<String>,
    /// Rule flags as a JSON object (`{"draw_rules":false}`).
    #[serde(default)]
    pub options: Option<String>,
    /// Move strings played from `fen`, separated by commas or spaces.
    #[serde(default)]
    pub moves: Option<String>,
    /// Lines to show, 1 to 3 (default 1).
    #[serde(default)]
    pub multipv: Option<u8>,
    /// Search time in milliseconds (default and most: 20 000; at least 100).
    #[serde(default)]
    pub movetime_ms: Option<u64>,
}

/// The squares an arrow joins for one move: `from` none for a drop, equal
/// to `to` for an action in place (a detonation, a rotation), both none for
/// a pass.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveSquares {
    /// Where the acting piece stands.
    pub from: Option<String>,
    /// Where it goes (a dropped piece: where it ends).
    pub to: Option<String>,
}

/// `event: info` of the analysis stream: one line of one finished depth.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisInfo {
    /// Depth in plies.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The line's rank, 1 (best) to `multipv`.
    pub multipv: usize,
    /// The line's score from White's view.
    pub score: ScoreView,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// The line as move strings, its first move the one to play.
    pub pv: Vec<String>,
    /// The line in readable notation.
    pub labels: Vec<String>,
    /// The squares of each move of the line, for arrows.
    pub squares: Vec<MoveSquares>,
}

/// `event: done` of the analysis stream: the search ended.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisDone {
    /// The last depth completed (0 if none, or the game is over).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds searched.
    pub time_ms: u64,
    /// The best move, if the side to move has one.
    pub best: Option<String>,
    /// The result if the position ends the game (then nothing is searched).
    pub outcome: Option<OutcomeView>,
    /// Whether the search stopped before its time to give its engine slot
    /// to other work waiting for one (after
    /// [`crate::engine_queue::ANALYSIS_SHARE`]).
    pub yielded: bool,
}
