//! One review job: the positions of a game from where the stored review
//! stops to the last ply, each searched in an analysis slot (waiting its
//! turn, so engine replies in games keep their own slot), stored, and
//! announced on the game's event stream.

use super::{RunningGuard, Snapshot, StoredEval};
use crate::dto::{MoveSquares, ReviewProgress, ReviewStatus, ScoreView};
use crate::error::ApiError;
use crate::game::GameEvent;
use crate::state::{lock, AppState, GameRef};
use crate::store::ReviewPlyRow;
use menagerie_engine::{Engine, Limits, Options, Score, SearchResult, Silent};
use menagerie_rules::{notation, Color, GameRecord, Outcome, Position};
use std::sync::atomic::AtomicBool;

/// Whether a review should stop after the position it is on (its server
/// is stopping, or lost the job to another server).
pub(super) type StopCheck<'a> = dyn Fn() -> bool + Send + Sync + 'a;

/// Runs the job to its end (or until `stop` says so, checked before each
/// position), then frees the game and says how it ended; whether the
/// review is complete.
pub(super) async fn run(
    state: AppState,
    g: GameRef,
    snap: Snapshot,
    guard: RunningGuard,
    stop: &StopCheck<'_>,
) -> bool {
    let (stored, complete) = work(&state, &g, &snap, &guard, stop).await;
    drop(guard);
    let status = if complete {
        ReviewStatus::Done
    } else {
        ReviewStatus::Partial
    };
    announce(
        &g,
        ReviewProgress {
            status,
            done_plies: stored.saturating_sub(1),
            total_plies: snap.total_plies(),
        },
    );
    complete
}

fn announce(g: &GameRef, p: ReviewProgress) {
    let _ = lock(g).events.send(GameEvent::Review(p));
}

/// Reviews the positions not stored yet: how many are stored at the end,
/// and whether the review is complete.
async fn work(
    state: &AppState,
    g: &GameRef,
    snap: &Snapshot,
    guard: &RunningGuard,
    stop: &StopCheck<'_>,
) -> (usize, bool) {
    let total = snap.total_plies();
    let budget = state.review_budget();
    let budget_json = serde_json::to_string(&budget).unwrap_or_default();
    let keep = match state.store().load_review(&snap.id) {
        Ok(Some(r)) if r.budget_json == budget_json => snap.valid_prefix(&r).len(),
        Ok(_) => 0,
        Err(_) => return (0, false),
    }
    .min(total + 1);
    if state
        .store()
        .begin_review(&snap.id, total, &budget_json, keep)
        .is_err()
    {
        return (keep, false);
    }
    let mut engine = Some(Engine::new(Options {
        hash_mb: state.engine().hash_mb,
        threads: 1,
        ..Options::default()
    }));
    let mut record = snap.record_at(keep);
    for ply in keep..=total {
        if stop() {
            return (ply, false);
        }
        let Ok(eval) = evaluate(state, &mut engine, &record, budget.nodes).await else {
            return (ply, false);
        };
        let row = ReviewPlyRow {
            ply,
            fen: record.position().fen(),
            data_json: serde_json::to_string(&eval).unwrap_or_default(),
        };
        if state.store().save_review_ply(&snap.id, &row).is_err() {
            return (ply, false);
        }
        announce(g, guard.advance(ply));
        if let Some(m) = snap.record.moves().get(ply) {
            if record.play(m).is_err() {
                return (ply + 1, false);
            }
        }
    }
    (total + 1, state.store().finish_review(&snap.id).is_ok())
}

/// The evaluation of the current position of `record`: its result if the
/// game is over there, otherwise a search of `nodes` nodes.
async fn evaluate(
    state: &AppState,
    engine: &mut Option<Engine>,
    record: &GameRecord,
    nodes: u64,
) -> Result<StoredEval, ApiError> {
    if let Some(o) = record.outcome() {
        return Ok(of_outcome(o));
    }
    let slot = state
        .engine()
        .analysis_slot(crate::engine_queue::Asker::Review, None)
        .await?;
    let mut e = engine
        .take()
        .ok_or_else(|| ApiError::internal("the review's engine was lost"))?;
    let search = record.clone();
    let (e, result) = state
        .engine()
        .run_in_slot(slot, move || {
            let stop = AtomicBool::new(false);
            let r = e.search(&search, &Limits::nodes(nodes), &stop, &mut Silent);
            (e, r)
        })
        .await?;
    *engine = Some(e);
    Ok(of_search(record.position(), &result))
}

/// A position that ends the game: its result, nothing searched.
fn of_outcome(o: Outcome) -> StoredEval {
    let eval = match o {
        Outcome::Decisive { .. } => ScoreView::Mate { mate: 0 },
        Outcome::Draw { .. } => ScoreView::Cp { cp: 0 },
    };
    StoredEval {
        eval,
        result: Some(o.result().to_string()),
        best: Vec::new(),
        best_labels: Vec::new(),
        best_squares: Vec::new(),
        depth: 0,
        nodes: 0,
    }
}

/// A search's finding, its score turned to White's view.
fn of_search(pos: &Position, r: &SearchResult) -> StoredEval {
    let line = line(pos, &r.pv);
    StoredEval {
        eval: white_view(r.score, pos.turn()),
        result: None,
        best: line.texts,
        best_labels: line.labels,
        best_squares: line.squares,
        depth: r.depth,
        nodes: r.nodes,
    }
}

/// A score from the side to move's view, seen from White's.
#[must_use]
pub fn white_view(score: Score, turn: Color) -> ScoreView {
    let sign = if turn == Color::White { 1 } else { -1 };
    match score {
        Score::Cp(cp) => ScoreView::Cp { cp: cp * sign },
        Score::Mate(mate) => ScoreView::Mate { mate: mate * sign },
    }
}

/// A line of moves from `pos` as move strings and readable labels (up to
/// the first move that does not play).
#[must_use]
pub fn line(pos: &Position, pv: &[menagerie_rules::Move]) -> Line {
    let mut p = pos.clone();
    let mut texts = Vec::new();
    for m in pv {
        texts.push(notation::render(&p, m));
        if p.play(m).is_err() {
            texts.pop();
            break;
        }
    }
    let played = &pv[..texts.len()];
    Line {
        labels: crate::readable::line(pos, played),
        squares: played.iter().map(crate::view::squares).collect(),
        texts,
    }
}

/// A line of moves as the API writes it.
#[derive(Clone, Debug, Default)]
pub struct Line {
    /// Move strings.
    pub texts: Vec<String>,
    /// Readable labels.
    pub labels: Vec<String>,
    /// Each move's squares, for arrows.
    pub squares: Vec<MoveSquares>,
}
