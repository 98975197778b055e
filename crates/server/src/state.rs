//! [`AppState`]: the store, the games in memory, the engine queue and the
//! rate limiter, with the operations that change a game: each one checks,
//! stores, applies, then broadcasts the new view.

use crate::dto::{GameView, OptionMap, ReviewBudget, TimeControl};
use crate::engine_queue::{self, EngineQueue, Job};
use crate::error::{ApiError, ErrorCode};
use crate::game::{Game, GameEvent, NewGame, Seat};
use crate::rate::RateLimiter;
use crate::review::{self, Reviews};
use crate::store::{Ending, GameRow, Store, StoreError};
use crate::{variants, view};
use menagerie_rules::{ByColor, Color, GameRecord, Position};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// A shared game.
pub type GameRef = Arc<Mutex<Game>>;

/// Games kept in memory before idle ones are dropped (they reload from the store).
pub const MAX_GAMES_IN_MEMORY: usize = 2000;

/// Drops the games nobody holds, watches or waits on (they reload on demand).
fn forget_idle(games: &mut HashMap<String, GameRef>) {
    games.retain(|_, g| {
        if Arc::strong_count(g) > 1 {
            return true;
        }
        let game = lock(g);
        game.engine_thinking || game.events.receiver_count() > 0 || game.running().is_some()
    });
}

/// Locks a mutex, recovering the data if a panicking thread poisoned it.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Everything the handlers share.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    store: Arc<dyn Store>,
    games: Mutex<HashMap<String, GameRef>>,
    engine: EngineQueue,
    limiter: RateLimiter,
    reviews: Reviews,
    review_budget: ReviewBudget,
    budget: crate::budget::Budget,
    lobby: crate::lobby::Lobby,
    jobs: crate::jobs::Jobs,
    /// Changes by other servers heard so far ([`AppState::refresh`]).
    changes_heard: AtomicU64,
}

impl AppState {
    /// State over `store`, with `workers` engine searches at once and the
    /// given rate limiter.
    #[must_use]
    pub fn new(store: Arc<dyn Store>, workers: usize, limiter: RateLimiter) -> AppState {
        AppState::with_review_budget(
            store,
            workers,
            limiter,
            ReviewBudget {
                nodes: review::REVIEW_NODES,
            },
        )
    }

    /// State as [`AppState::new`], reviewing games at `budget`.
    #[must_use]
    pub fn with_review_budget(
        store: Arc<dyn Store>,
        workers: usize,
        limiter: RateLimiter,
        budget: ReviewBudget,
    ) -> AppState {
        AppState::build(store, workers, limiter, budget, crate::jobs::DEFAULT_LEASE)
    }

    fn build(
        store: Arc<dyn Store>,
        workers: usize,
        limiter: RateLimiter,
        budget: ReviewBudget,
        lease: Duration,
    ) -> AppState {
        AppState {
            inner: Arc::new(Inner {
                store,
                games: Mutex::new(HashMap::new()),
                engine: EngineQueue::new(workers),
                limiter,
                reviews: Reviews::default(),
                review_budget: budget,
                budget: crate::budget::Budget::default(),
                lobby: crate::lobby::Lobby::default(),
                jobs: crate::jobs::Jobs::new(lease),
                changes_heard: AtomicU64::new(0),
            }),
        }
    }

    /// State over `store` with `config`'s limits and review budget.
    #[must_use]
    pub fn from_config(store: Arc<dyn Store>, config: &crate::Config) -> AppState {
        let limiter = RateLimiter::new(config.rate_burst, config.rate_per_second)
            .trusting(&config.trusted_proxies);
        AppState::build(
            store,
            config.engine_workers,
            limiter,
            ReviewBudget {
                nodes: config.review_nodes.max(1),
            },
            config.job_lease,
        )
    }

    /// This server's side of the jobs table (PostgreSQL).
    #[must_use]
    pub fn jobs(&self) -> &crate::jobs::Jobs {
        &self.inner.jobs
    }

    /// The review jobs running.
    #[must_use]
    pub fn reviews(&self) -> &Reviews {
        &self.inner.reviews
    }

    /// The lobby's broadcast of changes.
    #[must_use]
    pub fn lobby(&self) -> &crate::lobby::Lobby {
        &self.inner.lobby
    }

    /// The search budget of each reviewed position.
    #[must_use]
    pub fn review_budget(&self) -> ReviewBudget {
        self.inner.review_budget
    }

    /// The store.
    #[must_use]
    pub fn store(&self) -> &dyn Store {
        self.inner.store.as_ref()
    }

    /// The engine queue.
    #[must_use]
    pub fn engine(&self) -> &EngineQueue {
        &self.inner.engine
    }

    /// The engine budget per client address.
    #[must_use]
    pub fn budget(&self) -> &crate::budget::Budget {
        &self.inner.budget
    }

    /// The rate limiter.
    #[must_use]
    pub fn limiter(&self) -> &RateLimiter {
        &self.inner.limiter
    }

    /// Gives a game its players' display names (stored, then shown).
    ///
    /// # Errors
    /// `500` if they cannot be stored.
    pub fn name_players(&self, g: &GameRef, names: ByColor<String>) -> Result<(), ApiError> {
        let mut game = lock(g);
        self.store()
            .set_game_names(&game.id, &names[Color::White], &names[Color::Black])?;
        game.names = Some(names);
        game.version += 1;
        Ok(())
    }

    /// Trades game `g`'s claim ticket for its invited seat, once (decided
    /// by the store, so once across servers): the side and its token. The
    /// creator's view then no longer carries the invitation.
    ///
    /// # Errors
    /// `403 bad_ticket` for a ticket that is not the game's; `409
    /// seat_taken` once it was claimed (here or through another server);
    /// `500`/`503` if the store fails.
    pub fn claim(&self, g: &GameRef, ticket: &str) -> Result<(Color, String), ApiError> {
        let claimed = {
            let mut game = lock(g);
            let (side, token) = game.check_ticket(ticket)?;
            let now = crate::ids::now_ms();
            let won = self.store().claim_ticket(&game.id, now)?;
            if won {
                if let Some(t) = game.ticket.as_mut() {
                    t.claimed_ms = Some(now);
                }
                game.version += 1;
            }
            won.then_some((side, token))
        };
        if let Some(seat) = claimed {
            self.broadcast(g);
            return Ok(seat);
        }
        // Claimed through another server, which this copy had not heard of.
        self.reload(g);
        Err(crate::game::seat_taken())
    }

    /// Creates, stores and registers a game; schedules the engine if it moves first.
    ///
    /// # Errors
    /// `500` if it cannot be stored.
    pub fn insert_new(&self, n: NewGame) -> Result<GameRef, ApiError> {
        let game = Game::new(n);
        let row = GameRow {
            id: game.id.clone(),
            variant: game.spec.clone(),
            options_json: serde_json::to_string(&game.options).unwrap_or_else(|_| "{}".into()),
            start_fen: game.record.start().fen(),
            mode: game.mode,
            white: game.players[Color::White],
            black: game.players[Color::Black],
            white_token: game.tokens[Color::White].clone(),
            black_token: game.tokens[Color::Black].clone(),
            time_control_json: game
                .time_control
                .and_then(|t| serde_json::to_string(&t).ok()),
            ending: None,
            draw_offer: None,
            created_ms: game.created_ms,
            creator: game.creator,
            ticket: game.ticket.clone(),
        };
        self.store().create_game(&row)?;
        let id = game.id.clone();
        let g = Arc::new(Mutex::new(game));
        {
            let mut games = lock(&self.inner.games);
            if games.len() >= MAX_GAMES_IN_MEMORY {
                forget_idle(&mut games);
            }
            games.insert(id, g.clone());
        }
        self.after_change(&g);
        Ok(g)
    }

    /// A game by id, loaded from the store (moves replayed) if needed.
    ///
    /// # Errors
    /// `404` if there is no such game; `500` if it cannot be read.
    pub fn game(&self, id: &str) -> Result<GameRef, ApiError> {
        if let Some(g) = lock(&self.inner.games).get(id) {
            return Ok(g.clone());
        }
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(ApiError::not_found(format!("no game {id:?}")));
        }
        let heard = self.changes_heard();
        let game = self.load_stored(id)?;
        Ok(self.hold(game, heard))
    }

    /// How many changes by other servers this one has heard of.
    fn changes_heard(&self) -> u64 {
        self.inner.changes_heard.load(Ordering::SeqCst)
    }

    /// Game `id` as stored, with its players' names and rematch offer.
    fn load_stored(&self, id: &str) -> Result<Game, ApiError> {
        let Some((row, moves)) = self.store().load_game(id)? else {
            return Err(ApiError::not_found(format!("no game {id:?}")));
        };
        let mut game = load(row, &moves)?;
        game.names = self.store().game_names(id)?.map(|(w, b)| ByColor([w, b]));
        game.restore_rematch(self.store().load_rematch(id)?);
        Ok(game)
    }

    /// Holds `game` in memory (unless another request put it there first),
    /// loaded when `heard` changes had been heard. A change another server
    /// made while it was being read is heard before the game is held, so
    /// [`AppState::refresh`] found nothing to reload: if any change was heard
    /// meanwhile, the game is read again, or this copy would stay behind
    /// until the game's next change.
    fn hold(&self, game: Game, heard: u64) -> GameRef {
        let g = {
            let mut games = lock(&self.inner.games);
            if games.len() >= MAX_GAMES_IN_MEMORY {
                forget_idle(&mut games);
            }
            games
                .entry(game.id.clone())
                .or_insert_with(|| Arc::new(Mutex::new(game)))
                .clone()
        };
        if self.changes_heard() != heard {
            self.reload(&g);
        }
        self.after_change(&g);
        g
    }

    /// Ends the game by time if its clock has run out (stored, broadcast).
    pub fn check_flag(&self, g: &GameRef) {
        self.check_flag_at(g, crate::ids::now_ms());
    }

    /// As [`AppState::check_flag`], with a correspondence deadline judged
    /// at the wall-clock time `wall_ms` (tests pass a time days ahead).
    pub fn check_flag_at(&self, g: &GameRef, wall_ms: i64) {
        let ending = {
            let mut game = lock(g);
            let ending = game
                .flag_fall(Instant::now())
                .or_else(|| game.deadline_passed(wall_ms));
            let Some(ending) = ending else {
                return;
            };
            let stored = self.store().end_game(&game.id, &game.seen(), &ending);
            if stored.is_ok() {
                game.end(ending);
            }
            stored
        };
        // A move that beat the flag through another server, or an ending
        // stored there first: this copy is behind, so it is reloaded.
        if self.settle(g, ending).is_ok() {
            self.broadcast(g);
        }
    }

    /// Plays a move for `seat`; the view as of the move.
    ///
    /// # Errors
    /// The rule or seat error; `409 concurrent_change` if another server
    /// stored a move for that ply first (the game is reloaded); `500` if it
    /// cannot be stored.
    pub fn play(&self, g: &GameRef, seat: Option<Seat>, text: &str) -> Result<GameView, ApiError> {
        self.check_flag(g);
        let stored = {
            let mut game = lock(g);
            game.check_turn(seat)?;
            let now = Instant::now();
            let p = game.prepare(text, now)?;
            let stored = store_move(self.store(), &game, &p);
            if stored.is_ok() {
                game.apply(p, now);
            }
            stored
        };
        self.settle(g, stored)?;
        Ok(self.after_move(g))
    }

    /// Passes on a store's answer to a change of game `g`; a conflict (the
    /// stored game is not as this copy shows it: another server changed it
    /// first) reloads the copy and is `409 concurrent_change`.
    pub(crate) fn settle<T>(
        &self,
        g: &GameRef,
        stored: Result<T, StoreError>,
    ) -> Result<T, ApiError> {
        stored.map_err(|e| {
            if matches!(e, StoreError::Conflict(_)) {
                self.reload(g);
            }
            e.into()
        })
    }

    /// Reloads a game held in memory from the store, if it is held (another
    /// server changed it), and sends its new view to the subscribers.
    pub fn refresh(&self, id: &str) {
        self.inner.changes_heard.fetch_add(1, Ordering::SeqCst);
        let held = lock(&self.inner.games).get(id).cloned();
        if let Some(g) = held {
            self.reload(&g);
        }
    }

    /// Reloads every game held in memory (after changes may have been missed).
    pub fn refresh_all(&self) {
        self.inner.changes_heard.fetch_add(1, Ordering::SeqCst);
        let held: Vec<GameRef> = lock(&self.inner.games).values().cloned().collect();
        for g in held {
            self.reload(&g);
        }
    }

    /// Reloads a game from the store under its lock (so no change made
    /// here meanwhile is overwritten), then broadcasts it.
    pub(crate) fn reload(&self, g: &GameRef) {
        {
            let mut game = lock(g);
            let Ok(Some((row, moves))) = self.store().load_game(&game.id) else {
                return;
            };
            let Ok(mut fresh) = load(row, &moves) else {
                return;
            };
            if let Ok(names) = self.store().game_names(&game.id) {
                fresh.names = names.map(|(w, b)| ByColor([w, b]));
            }
            match self.store().load_rematch(&game.id) {
                Ok(row) => fresh.restore_rematch(row),
                Err(_) => {
                    fresh.rematch_offer = game.rematch_offer;
                    fresh.rematch_game = game.rematch_game.clone();
                }
            }
            game.take_over(fresh);
        }
        self.broadcast(g);
        self.schedule_flag(g);
    }

    /// Takes moves back; the view as of the undo.
    ///
    /// # Errors
    /// `403`/`409` if undo is not available.
    pub fn undo(&self, g: &GameRef, seat: Option<Seat>) -> Result<GameView, ApiError> {
        let stored = {
            let mut game = lock(g);
            let plies = game.undo_plies(seat)?;
            let keep = game.record.moves().len() - plies;
            let stored = self.store().take_back(&game.id, &game.seen(), keep);
            if stored.is_ok() {
                game.undo(plies, Instant::now());
                game.engine_thinking = false;
            }
            stored
        };
        self.settle(g, stored)?;
        Ok(self.after_move(g))
    }

    /// Resigns for the seat's side.
    ///
    /// # Errors
    /// `403`/`409` if not a player or the game is over.
    pub fn resign(&self, g: &GameRef, seat: Option<Seat>) -> Result<(), ApiError> {
        let stored = {
            let mut game = lock(g);
            let seat = live_seat(&game, seat)?;
            let side = game.acting_side(seat);
            let ending = Ending {
                result: crate::game::win(!side),
                reason: "resignation".into(),
            };
            let stored = self.store().end_game(&game.id, &game.seen(), &ending);
            if stored.is_ok() {
                game.end(ending);
            }
            stored
        };
        self.settle(g, stored)?;
        self.broadcast(g);
        Ok(())
    }

    /// The game's view now, for everyone (no `you`).
    #[must_use]
    pub fn view(&self, g: &GameRef) -> GameView {
        view::build(&lock(g), Instant::now())
    }

    /// Sends the current view to every subscriber.
    pub fn broadcast(&self, g: &GameRef) {
        let game = lock(g);
        self.note_end(&game);
        if game.events.receiver_count() > 0 {
            let v = view::build(&game, Instant::now());
            let _ = game.events.send(GameEvent::View(Arc::new(v)));
        }
    }

    /// Frees the place of a game against the engine that has ended among
    /// its creator's games in progress ([`crate::budget`]).
    fn note_end(&self, game: &Game) {
        if game.mode == crate::game::Mode::Engine && game.is_over() {
            self.budget().forget_engine_game(&game.id);
        }
    }

    /// After a move, undo or load: broadcast, start the engine if it is to
    /// move, and watch the clock.
    pub fn after_change(&self, g: &GameRef) {
        self.schedule_engine(g);
        self.broadcast(g);
        self.schedule_flag(g);
    }

    fn schedule_flag(&self, g: &GameRef) {
        let (deadline, version) = {
            let game = lock(g);
            let Some(side) = game.running() else {
                return;
            };
            let Some(ms) = game.clock_now(Instant::now()) else {
                return;
            };
            let left = u64::try_from(ms[side].max(0)).unwrap_or(0);
            (Duration::from_millis(left + 20), game.version)
        };
        let Ok(rt) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let state = self.clone();
        let g = g.clone();
        rt.spawn(async move {
            tokio::time::sleep(deadline).await;
            if lock(&g).version == version {
                state.check_flag(&g);
            }
        });
    }

    /// Starts the engine's search if it is to move and not already thinking.
    pub fn schedule_engine(&self, g: &GameRef) {
        let job = engine_job(&mut lock(g));
        if let Some(job) = job {
            self.spawn_engine(g, job);
        }
    }

    /// After a move or an undo: the view as of the change, built and sent
    /// to the subscribers before the engine may reply (so the answer to a
    /// move is never newer than the engine's reply); then the engine starts
    /// if it is to move, and the clock is watched.
    fn after_move(&self, g: &GameRef) -> GameView {
        let (view, job) = {
            let mut game = lock(g);
            self.note_end(&game);
            let job = engine_job(&mut game);
            let v = view::build(&game, Instant::now());
            if game.events.receiver_count() > 0 {
                let _ = game.events.send(GameEvent::View(Arc::new(v.clone())));
            }
            (v, job)
        };
        if let Some(job) = job {
            self.spawn_engine(g, job);
        }
        self.schedule_flag(g);
        view
    }

    /// Whose turn an engine reply in game `id` waits for: the address that
    /// created the game, if this process did (one search at a time per
    /// address), otherwise the game's own.
    #[must_use]
    pub fn engine_key(&self, id: &str) -> String {
        self.budget()
            .engine_game_owner(id)
            .unwrap_or_else(|| format!("game:{id}"))
    }

    /// Runs the engine's search of `job` (from [`engine_job`]) and plays
    /// its move if the game has not changed meanwhile.
    fn spawn_engine(&self, g: &GameRef, job: (Job, u64)) {
        if crate::jobs::queue_reply(self, g) {
            return;
        }
        let Ok(rt) = tokio::runtime::Handle::try_current() else {
            let mut game = lock(g);
            game.engine_thinking = false;
            game.version += 1;
            return;
        };
        let state = self.clone();
        let g = g.clone();
        let key = self.engine_key(&lock(&g).id);
        rt.spawn(async move {
            let (job, version) = job;
            let result = state.engine().search(&key, job).await;
            let best = result.ok().and_then(|r| r.best);
            let applied = {
                let mut game = lock(&g);
                if game.version != version {
                    // An undo or an ending came first; its own change rescheduled if needed.
                    false
                } else {
                    game.engine_thinking = false;
                    game.version += 1;
                    match best {
                        Some(m) => {
                            let text =
                                menagerie_rules::notation::render(game.record.position(), &m);
                            let now = Instant::now();
                            if let Ok(p) = game.prepare(&text, now) {
                                if store_move(state.store(), &game, &p).is_ok() {
                                    game.apply(p, now);
                                }
                            }
                            true
                        }
                        None => true,
                    }
                }
            };
            if applied {
                state.broadcast(&g);
                state.schedule_flag(&g);
            }
        });
    }
}

/// Marks the engine thinking and describes its search, if it is to move
/// and not already thinking: the job and the game's revision then.
fn engine_job(game: &mut Game) -> Option<(Job, u64)> {
    if game.engine_thinking {
        return None;
    }
    let job = reply_search(game)?;
    game.engine_thinking = true;
    game.version += 1;
    Some((job, game.version))
}

/// The engine's search for its move, if it is to move in a live game.
#[must_use]
pub fn reply_search(game: &Game) -> Option<Job> {
    let level = game.engine_to_move()?;
    let clock = game.clock_now(Instant::now()).map(|ms| {
        (
            ms[game.turn()],
            game.time_control.map_or(0, |t| t.increment_ms),
        )
    });
    let seed = seed_of(&game.id, game.record.moves().len());
    let job = Job {
        record: game.record.clone(),
        level,
        movetime: engine_queue::movetime(level, clock),
        seed,
    };
    Some(job)
}

/// Stores `game`'s prepared move `p`; a move answering the opponent's
/// draw offer declines it, withdrawn in the move's own transaction.
///
/// # Errors
/// As [`Store::append_move`].
pub(crate) fn store_move(
    store: &dyn Store,
    game: &Game,
    p: &crate::game::Prepared,
) -> Result<(), StoreError> {
    let declined = game.draw_offer.filter(|&c| c != game.turn());
    store.append_move_declining(&game.id, &p.row, declined)
}

pub(crate) fn live_seat(game: &Game, seat: Option<Seat>) -> Result<Seat, ApiError> {
    let Some(seat) = seat else {
        return Err(ApiError::forbidden(
            ErrorCode::NotYourSeat,
            "this needs a seat token (X-Seat-Token) of a player of this game",
        ));
    };
    if let Some((result, _, reason)) = game.outcome() {
        return Err(ApiError::conflict(
            ErrorCode::GameOver,
            format!("the game is over ({result}, {reason})"),
        ));
    }
    Ok(seat)
}

fn seed_of(id: &str, ply: usize) -> u64 {
    id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    }) ^ ply as u64
}

/// Rebuilds a stored game: settings, then every action replayed.
///
/// # Errors
/// `500` if the row is unreadable or a stored action no longer replays.
pub fn load(row: GameRow, moves: &[crate::store::MoveRow]) -> Result<Game, ApiError> {
    let options: OptionMap = serde_json::from_str(&row.options_json)
        .map_err(|e| ApiError::internal(format!("stored options: {e}")))?;
    let (variant, options) = variants::resolve(&row.variant, &options)?;
    let start = Position::from_fen(variant, &row.start_fen)
        .map_err(|e| ApiError::internal(format!("stored start position: {e}")))?;
    let time_control: Option<TimeControl> = match &row.time_control_json {
        Some(j) => Some(
            serde_json::from_str(j)
                .map_err(|e| ApiError::internal(format!("stored time control: {e}")))?,
        ),
        None => None,
    };
    let mut game = Game::new(NewGame {
        id: row.id.clone(),
        spec: row.variant.clone(),
        options,
        record: GameRecord::new(start),
        mode: row.mode,
        players: ByColor([row.white, row.black]),
        tokens: ByColor([row.white_token.clone(), row.black_token.clone()]),
        time_control,
        created_ms: row.created_ms,
        creator: row.creator,
        ticket: row.ticket.clone(),
    });
    for m in moves {
        game.replay(m).map_err(|e| {
            ApiError::internal(format!(
                "stored move {} ({}) of game {} no longer replays: {}",
                m.ply, m.text, row.id, e.message
            ))
        })?;
    }
    game.restore_ending(row.ending);
    game.draw_offer = row.draw_offer;
    Ok(game)
}

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
