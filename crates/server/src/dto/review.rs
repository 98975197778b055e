//! The JSON shapes of a game review (`docs/review.md`):
//! `GET`/`POST /api/games/{id}/review` and the `review` event.

use super::{MoveSquares, ScoreView, Side};
use serde::{Deserialize, Serialize};

/// Where a game's review stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ReviewStatus {
    /// Never reviewed.
    None,
    /// A review job runs now.
    Running,
    /// Some plies are reviewed and no job runs (the game gained plies since,
    /// or a job stopped on an error): `POST` continues it.
    Partial,
    /// Every ply of the game is reviewed.
    Done,
}

/// The search budget of every reviewed position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewBudget {
    /// Nodes searched per position (one thread, full strength).
    pub nodes: u64,
}

/// How a played move is judged, from its loss in expected score.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    /// A loss of at least 0.10 (`?!`).
    Inaccuracy,
    /// A loss of at least 0.20 (`?`).
    Mistake,
    /// A loss of at least 0.30 (`??`).
    Blunder,
}

/// One reviewed position: the start (ply 0) or the position after a ply,
/// with the judgement of the move that led to it.
#[derive(Clone, Debug, Serialize)]
pub struct ReviewPly {
    /// Plies played to reach it (0: the start), as in the game's move list.
    pub ply: usize,
    /// The side that played the move of this ply (none at ply 0).
    pub side: Option<Side>,
    /// The move string of this ply (none at ply 0).
    #[serde(rename = "move")]
    pub text: Option<String>,
    /// Its readable label (none at ply 0).
    pub label: Option<String>,
    /// The evaluation of the position, from White's view.
    pub eval: ScoreView,
    /// White's expected score in the position, 0 to 1 (the evaluation
    /// through the logistic of `docs/review.md`; mates and results are 0 or
    /// 1, a drawn result 0.5): what the evaluation graph plots.
    pub expected: f64,
    /// The result if the position ends the game on the board (`1-0`, `0-1`,
    /// `1/2-1/2`); such a position is scored by its result, not searched.
    pub result: Option<String>,
    /// The engine's line in this position, as move strings (its first move
    /// is the engine's best; empty once the game is over).
    pub best: Vec<String>,
    /// The same line in readable notation.
    pub best_labels: Vec<String>,
    /// The squares of each move of the line, for arrows.
    pub best_squares: Vec<MoveSquares>,
    /// The depth the search reached (0 for a finished game).
    pub depth: u32,
    /// What the move of this ply lost in expected score, for the side that
    /// played it (0 to 1; none at ply 0).
    pub loss: Option<f64>,
    /// The judgement of the move of this ply, if it lost enough.
    pub judgement: Option<Judgement>,
    /// When judged: the engine's best move in the position before it.
    pub better: Option<String>,
    /// `better` in readable notation.
    pub better_label: Option<String>,
    /// The squares of `better`, for an arrow.
    pub better_squares: Option<MoveSquares>,
}

/// How many moves of one side were judged each way.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct JudgementCounts {
    /// Inaccuracies (`?!`).
    pub inaccuracies: u32,
    /// Mistakes (`?`).
    pub mistakes: u32,
    /// Blunders (`??`).
    pub blunders: u32,
}

/// Judgement counts per side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ReviewCounts {
    /// White's moves.
    pub white: JudgementCounts,
    /// Black's moves.
    pub black: JudgementCounts,
}

/// A game's review: `GET /api/games/{id}/review`, and the answer to `POST`.
#[derive(Clone, Debug, Serialize)]
pub struct ReviewView {
    /// `none`, `running`, `partial` or `done`.
    pub status: ReviewStatus,
    /// Plies reviewed: every move up to this ply is judged.
    pub done_plies: usize,
    /// The game's plies now.
    pub total_plies: usize,
    /// The search budget per position.
    pub budget: ReviewBudget,
    /// The reviewed positions in order, `plies[i].ply == i`, from the start
    /// to `done_plies` (empty until the start position is evaluated).
    pub plies: Vec<ReviewPly>,
    /// Per side, how many moves were judged inaccuracies, mistakes and blunders.
    pub counts: ReviewCounts,
}

/// The `review` event of a game's event stream: progress of its review.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewProgress {
    /// `running` while the job runs; `done` or `partial` when it ends.
    pub status: ReviewStatus,
    /// Plies reviewed so far.
    pub done_plies: usize,
    /// Plies the job reviews.
    pub total_plies: usize,
}
