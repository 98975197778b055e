//! Engine time as a budget per client address (`docs/api.md`, Limits), as
//! Lichess limits game creation and server analysis per address: a few
//! games against the engine in progress at once, one review at a time,
//! and a daily number of reviews of games the client did not play.
//!
//! The counts live in this process (the address is the one
//! [`crate::rate::ClientAddr`] gives): several servers on one PostgreSQL
//! database each keep their own, so behind a load balancer a client may
//! have up to this many per server; a restart forgets them.

use crate::error::{ApiError, ErrorCode};
use crate::state::lock;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Games against the engine one address may have in progress at once: 3.
/// Creating a 4th is `429 too_many_engine_games`; a game that ends (a
/// result, a resignation, a flag) frees its place.
pub const MAX_ENGINE_GAMES_PER_ADDRESS: usize = 3;

/// Reviews of games it did not play (no seat token of the game) one
/// address may start in a day: 20 (at 150,000 nodes a position, some 20
/// reviews of 60-ply games: 3 minutes of one core). Past it
/// `429 too_many_reviews` until the day since its first such review is over.
pub const MAX_FOREIGN_REVIEWS_PER_DAY: u32 = 20;

/// The length of the day of [`MAX_FOREIGN_REVIEWS_PER_DAY`].
pub const REVIEW_DAY: Duration = Duration::from_secs(86_400);

/// Addresses whose reviews are remembered before the ones with nothing
/// running and a day over are forgotten: 100,000.
pub const MAX_REVIEW_ADDRESSES: usize = 100_000;

/// The per-address counts of this process.
#[derive(Debug, Default)]
pub struct Budget {
    engine_games: Mutex<EngineGames>,
    reviews: Mutex<HashMap<String, Reviewer>>,
}

#[derive(Debug, Default)]
struct EngineGames {
    by_address: HashMap<String, Vec<String>>,
    owner: HashMap<String, String>,
}

/// One address's reviews.
#[derive(Debug)]
struct Reviewer {
    day_from: Instant,
    foreign: u32,
    running: Option<String>,
}

impl Budget {
    /// Gives game `id` against the engine a place among `address`'s games
    /// in progress; `live` says whether one of its earlier games is still
    /// in progress (the ones that ended are forgotten).
    ///
    /// # Errors
    /// `429 too_many_engine_games` when it has
    /// [`MAX_ENGINE_GAMES_PER_ADDRESS`] in progress.
    pub fn admit_engine_game(
        &self,
        address: &str,
        id: &str,
        live: impl Fn(&str) -> bool,
    ) -> Result<(), ApiError> {
        let earlier = lock(&self.engine_games)
            .by_address
            .get(address)
            .cloned()
            .unwrap_or_default();
        let ended: Vec<String> = earlier.into_iter().filter(|g| !live(g)).collect();
        let mut games = lock(&self.engine_games);
        for g in &ended {
            games.forget(g);
        }
        let mine = games.by_address.entry(address.to_string()).or_default();
        if mine.len() >= MAX_ENGINE_GAMES_PER_ADDRESS {
            return Err(ApiError::too_many(
                ErrorCode::TooManyEngineGames,
                format!(
                    "you have {MAX_ENGINE_GAMES_PER_ADDRESS} games against the engine in progress; \
                     finish or resign one first"
                ),
            ));
        }
        mine.push(id.to_string());
        games.owner.insert(id.to_string(), address.to_string());
        Ok(())
    }

    /// Frees game `id`'s place (it was not created after all).
    pub fn forget_engine_game(&self, id: &str) {
        lock(&self.engine_games).forget(id);
    }

    /// The address that created game `id` against the engine, if this
    /// process created it and it is counted still.
    #[must_use]
    pub fn engine_game_owner(&self, id: &str) -> Option<String> {
        lock(&self.engine_games).owner.get(id).cloned()
    }

    /// Starts a review of game `id` for `address`, which played the game
    /// or not (`foreign`); `running` says whether its previous review is
    /// still running (or queued).
    ///
    /// # Errors
    /// `429 review_busy` while its previous review runs;
    /// `429 too_many_reviews` past [`MAX_FOREIGN_REVIEWS_PER_DAY`] reviews
    /// of games it did not play.
    pub fn begin_review(
        &self,
        address: &str,
        id: &str,
        foreign: bool,
        running: impl Fn(&str) -> bool,
    ) -> Result<(), ApiError> {
        let previous = lock(&self.reviews)
            .get(address)
            .and_then(|r| r.running.clone());
        let busy = previous.as_deref().is_some_and(|p| p != id && running(p));
        let mut reviews = lock(&self.reviews);
        let now = Instant::now();
        if reviews.len() >= MAX_REVIEW_ADDRESSES {
            reviews
                .retain(|_, r| r.running.is_some() || now.duration_since(r.day_from) < REVIEW_DAY);
        }
        let r = reviews.entry(address.to_string()).or_insert(Reviewer {
            day_from: now,
            foreign: 0,
            running: None,
        });
        if busy && r.running == previous {
            return Err(ApiError::too_many(
                ErrorCode::ReviewBusy,
                "a review you asked for is still running; wait for it to end",
            ));
        }
        if now.duration_since(r.day_from) >= REVIEW_DAY {
            r.day_from = now;
            r.foreign = 0;
        }
        if foreign {
            if r.foreign >= MAX_FOREIGN_REVIEWS_PER_DAY {
                return Err(ApiError::too_many(
                    ErrorCode::TooManyReviews,
                    format!(
                        "you have reviewed {MAX_FOREIGN_REVIEWS_PER_DAY} games you did not play \
                         today; review your own games, or come back tomorrow"
                    ),
                ));
            }
            r.foreign += 1;
        }
        r.running = Some(id.to_string());
        Ok(())
    }
}

impl EngineGames {
    fn forget(&mut self, id: &str) {
        let Some(address) = self.owner.remove(id) else {
            return;
        };
        if let Some(games) = self.by_address.get_mut(&address) {
            games.retain(|g| g != id);
            if games.is_empty() {
                self.by_address.remove(&address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_games_are_capped_until_one_ends() {
        let b = Budget::default();
        for id in ["g1", "g2", "g3"] {
            b.admit_engine_game("a", id, |_| true).unwrap();
        }
        let e = b.admit_engine_game("a", "g4", |_| true).unwrap_err();
        assert_eq!(e.code, ErrorCode::TooManyEngineGames);
        assert_eq!(e.status.as_u16(), 429);
        b.admit_engine_game("other", "h1", |_| true).unwrap();
        b.admit_engine_game("a", "g4", |g| g != "g2").unwrap();
        assert_eq!(b.engine_game_owner("g4").as_deref(), Some("a"));
        assert_eq!(b.engine_game_owner("g2"), None);
        b.forget_engine_game("g4");
        b.admit_engine_game("a", "g5", |_| true).unwrap();
    }

    #[test]
    fn one_review_at_a_time_and_a_daily_budget_of_foreign_ones() {
        let b = Budget::default();
        b.begin_review("a", "x", false, |_| true).unwrap();
        let e = b.begin_review("a", "y", false, |_| true).unwrap_err();
        assert_eq!(e.code, ErrorCode::ReviewBusy);
        for n in 0..MAX_FOREIGN_REVIEWS_PER_DAY {
            b.begin_review("a", &format!("f{n}"), true, |_| false)
                .unwrap();
        }
        let e = b.begin_review("a", "z", true, |_| false).unwrap_err();
        assert_eq!(e.code, ErrorCode::TooManyReviews);
        b.begin_review("a", "mine", false, |_| false).unwrap();
        b.begin_review("b", "z", true, |_| false).unwrap();
    }
}
