//! `GET /api/lobby/events`: the lobby live. `event: challenges` with the
//! page of open challenges now and after every change, and `event:
//! accepted` when a challenge becomes a game (a private game only on its
//! creator's stream). With `?player=KEY` the stream also keeps that
//! player's challenges from lapsing while it is open. Every stream shows
//! the one reading of the list made after a change
//! ([`crate::lobby::Lobby::shared_list`]).

use super::{lobby_query, shared_page};
use crate::dto::{ChallengeAccepted, LobbyQuery};
use crate::error::ApiError;
use crate::ids;
use crate::lobby::{LobbyEvent, TOUCH_EVERY};
use crate::state::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::Stream;
use std::convert::Infallible;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::broadcast::Receiver;
use tokio::time::Interval;

/// What one lobby stream holds between events.
struct Watch {
    state: AppState,
    query: LobbyQuery,
    rx: Receiver<LobbyEvent>,
    tick: Interval,
    first: bool,
}

impl Watch {
    /// Marks the viewer present (if it said who it is).
    fn touch(&self) {
        if let Some(p) = &self.query.player {
            let _ = self.state.store().touch_challenges(p, ids::now_ms());
        }
    }

    /// The list as an event.
    async fn list(&self) -> Event {
        match shared_page(&self.state, &self.query).await {
            Ok(p) => Event::default().event("challenges").json_data(p),
            Err(e) => Event::default()
                .event("error")
                .json_data(serde_json::json!({ "error": e.code, "message": e.message })),
        }
        .unwrap_or_else(|_| Event::default().event("error").data("{}"))
    }

    /// The next event; `None` when the server stops.
    async fn next(&mut self) -> Option<Event> {
        if self.first {
            self.first = false;
            self.touch();
            return Some(self.list().await);
        }
        loop {
            tokio::select! {
                _ = self.tick.tick() => self.touch(),
                e = self.rx.recv() => match e {
                    Ok(LobbyEvent::Changed) | Err(RecvError::Lagged(_)) => return Some(self.list().await),
                    Ok(LobbyEvent::Accepted { challenge, game, only_for }) => {
                        if only_for.is_some() && only_for != self.query.player {
                            continue;
                        }
                        let data = ChallengeAccepted { challenge, game };
                        return Event::default().event("accepted").json_data(data).ok();
                    }
                    Err(RecvError::Closed) => return None,
                },
            }
        }
    }
}

/// `GET /api/lobby/events?player=&limit=&offset=`.
///
/// # Errors
/// `400 bad_query` or `bad_player_key`.
pub async fn stream(
    State(state): State<AppState>,
    q: Result<Query<LobbyQuery>, QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let query = lobby_query(q)?;
    shared_page(&state, &query).await?;
    let rx = state.lobby().subscribe();
    let mut tick = tokio::time::interval(TOUCH_EVERY);
    tick.reset();
    let watch = Watch {
        state,
        query,
        rx,
        tick,
        first: true,
    };
    let s = futures_util::stream::unfold(watch, |mut w| async move {
        let e = w.next().await?;
        Some((Ok(e), w))
    });
    Ok(Sse::new(s).keep_alive(KeepAlive::default()))
}
