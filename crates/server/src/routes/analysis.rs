//! `GET /api/analysis/stream`: the engine's lines for any position as
//! server-sent events while it deepens (`event: info` per line and depth,
//! then `event: done`). The search holds an analysis slot, so engine replies
//! in games keep theirs; it stops at its time cap or as soon as the client
//! goes away.

use crate::dto::{AnalysisDone, AnalysisInfo, AnalysisQuery, OptionMap};
use crate::engine_queue::{
    AnalysisSlot, Asker, LanePass, Registered, MAX_QUEUED_ANALYSES_PER_ADDRESS, MAX_STREAM,
    MIN_STREAM, STREAM_LANE_WAIT, STREAM_WAIT,
};
use crate::error::{ApiError, ErrorCode};
use crate::rate::ClientAddr;
use crate::state::AppState;
use crate::{board, review, variants, view};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::Stream;
use menagerie_engine::{Engine, Info, Limits, Options, SearchResult};
use menagerie_rules::{GameRecord, Position};
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

/// The most lines the stream shows.
pub const MAX_MULTIPV: u8 = 3;

/// Sets the search's stop flag when the stream is dropped (the client left).
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// What a running stream holds until its search ends: the client's turn,
/// the engine slot, and its place among the analyses that yield.
struct Held {
    _lane: LanePass,
    _slot: AnalysisSlot,
    _yielding: Registered,
}

/// What a checked query asks for.
struct Request {
    record: GameRecord,
    multipv: usize,
    movetime: Duration,
}

fn bad_query(message: impl Into<String>) -> ApiError {
    ApiError::bad_request(ErrorCode::BadQuery, message)
}

fn check(q: &AnalysisQuery) -> Result<Request, ApiError> {
    let options: OptionMap = match q.options.as_deref().map(str::trim) {
        None | Some("") => OptionMap::new(),
        Some(j) => serde_json::from_str(j)
            .map_err(|e| bad_query(format!("options must be a JSON object of flags: {e}")))?,
    };
    let (_, _, start) = variants::start_position(&q.variant, Some(&options), q.fen.as_deref())?;
    let moves: Vec<String> = q
        .moves
        .as_deref()
        .unwrap_or_default()
        .split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    let record = board::replay(start, &moves)?.record;
    let multipv = q.multipv.unwrap_or(1);
    if !(1..=MAX_MULTIPV).contains(&multipv) {
        return Err(ApiError::bad_request(
            ErrorCode::BadMultipv,
            format!("multipv goes from 1 to {MAX_MULTIPV}, not {multipv}"),
        ));
    }
    let movetime = q
        .movetime_ms
        .map_or(MAX_STREAM, Duration::from_millis)
        .clamp(MIN_STREAM, MAX_STREAM);
    Ok(Request {
        record,
        multipv: usize::from(multipv),
        movetime,
    })
}

/// `GET /api/analysis/stream?variant=&fen=&options=&moves=&multipv=&movetime_ms=`.
///
/// # Errors
/// `400` for a bad query, variant, option, position, move or `multipv`;
/// `422` for an illegal move; `429 analysis_busy` while another analysis of
/// the address runs (after [`STREAM_LANE_WAIT`]); `503 busy` if no analysis
/// slot comes free within [`STREAM_WAIT`].
pub async fn stream(
    State(state): State<AppState>,
    ClientAddr(address): ClientAddr,
    query: Result<Query<AnalysisQuery>, QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let Query(q) = query.map_err(|e| bad_query(e.body_text()))?;
    let req = check(&q)?;
    let (tx, rx) = unbounded_channel();
    let stop = Arc::new(AtomicBool::new(false));
    if let Some(o) = req.record.outcome() {
        let _ = tx.send(done_event(&AnalysisDone {
            depth: 0,
            nodes: 0,
            time_ms: 0,
            best: None,
            outcome: Some(view::outcome_of(o)),
            yielded: false,
        }));
    } else {
        let engine = state.engine();
        let lane = engine
            .analysis_lane(
                &address,
                Some(MAX_QUEUED_ANALYSES_PER_ADDRESS),
                Some(STREAM_LANE_WAIT),
            )
            .await?;
        let slot = engine
            .analysis_slot(Asker::Client(&address), Some(STREAM_WAIT))
            .await?;
        let held = Held {
            _lane: lane,
            _slot: slot,
            _yielding: engine.yielding(stop.clone()),
        };
        let hash_mb = engine.hash_mb;
        let flag = stop.clone();
        tokio::task::spawn_blocking(move || search(req, hash_mb, &flag, &tx, held));
    }
    Ok(Sse::new(events(rx, StopOnDrop(stop))).keep_alive(KeepAlive::default()))
}

fn events(
    rx: UnboundedReceiver<Event>,
    guard: StopOnDrop,
) -> impl Stream<Item = Result<Event, Infallible>> {
    futures_util::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        let e = rx.recv().await?;
        Some((Ok(e), (rx, guard)))
    })
}

/// The search itself, on a blocking thread, holding `held` until it ends;
/// stopped early (`stop` set while the client is still there) it says it
/// yielded.
fn search(
    req: Request,
    hash_mb: usize,
    stop: &AtomicBool,
    tx: &UnboundedSender<Event>,
    held: Held,
) {
    let mut engine = Engine::new(Options {
        hash_mb,
        threads: 1,
        multipv: req.multipv,
        ..Options::default()
    });
    let pos = req.record.position().clone();
    let mut listener = |info: &Info| {
        let _ = tx.send(info_event(&pos, info));
    };
    let r = engine.search(
        &req.record,
        &Limits::movetime(req.movetime),
        stop,
        &mut listener,
    );
    drop(held);
    let yielded = stop.load(Ordering::Relaxed) && r.time < req.movetime;
    let _ = tx.send(done_event(&done_of(&pos, &r, yielded)));
}

fn info_event(pos: &Position, info: &Info) -> Event {
    let line = review::line(pos, &info.pv);
    let data = AnalysisInfo {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: info.multipv,
        score: review::white_view(info.score, pos.turn()),
        nodes: info.nodes,
        nps: info.nps,
        time_ms: millis(info.time),
        pv: line.texts,
        labels: line.labels,
        squares: line.squares,
    };
    json_event("info", &data)
}

fn done_of(pos: &Position, r: &SearchResult, yielded: bool) -> AnalysisDone {
    AnalysisDone {
        depth: r.depth,
        nodes: r.nodes,
        time_ms: millis(r.time),
        best: r.best.map(|m| menagerie_rules::notation::render(pos, &m)),
        outcome: None,
        yielded,
    }
}

fn done_event(d: &AnalysisDone) -> Event {
    json_event("done", d)
}

fn json_event(name: &str, data: &impl serde::Serialize) -> Event {
    Event::default()
        .event(name)
        .json_data(data)
        .unwrap_or_else(|_| Event::default().event("error").data("{}"))
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}
