//! [`Game`]: one game in memory: its record, seats, clocks and off-board
//! ending, and the rules of who may do what. Storage and broadcasting are
//! the caller's; every method that changes the game is split into a check
//! that computes the change and an `apply` that makes it, so the change is
//! stored before it becomes visible.

use crate::dto::{GameView, LegalAction, OptionMap, ReviewProgress, TimeControl};
use crate::error::{ApiError, ErrorCode};
use crate::explain;
use crate::readable::{self, color_name};
use crate::store::{Ending, MoveRow, SeatTicket};
use crate::view;
use menagerie_rules::{ByColor, Color, GameRecord, Move, Outcome, VariantRef};
use std::cell::OnceCell;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::broadcast;

/// How the game is played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One person against the engine.
    Engine,
    /// Two people at one screen, one token.
    Local,
    /// Two people, each with a secret link.
    Link,
}

impl Mode {
    /// Its stored name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Mode::Engine => "engine",
            Mode::Local => "local",
            Mode::Link => "link",
        }
    }

    /// The mode of a stored name.
    #[must_use]
    pub fn from_name(s: &str) -> Option<Mode> {
        match s {
            "engine" => Some(Mode::Engine),
            "local" => Some(Mode::Local),
            "link" => Some(Mode::Link),
            _ => None,
        }
    }
}

/// Who plays a side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person.
    Human,
    /// The engine at a level.
    Engine(u8),
}

impl Player {
    /// Its stored name: `human` or `engine:LEVEL`.
    #[must_use]
    pub fn stored(self) -> String {
        match self {
            Player::Human => "human".into(),
            Player::Engine(l) => format!("engine:{l}"),
        }
    }

    /// The player of a stored name.
    #[must_use]
    pub fn from_stored(s: &str) -> Option<Player> {
        if s == "human" {
            return Some(Player::Human);
        }
        s.strip_prefix("engine:")?
            .parse()
            .ok()
            .map(|l: u8| Player::Engine(l.clamp(1, 10)))
    }

    /// Its display name.
    #[must_use]
    pub fn display(self) -> String {
        match self {
            Player::Human => "human".into(),
            Player::Engine(l) => format!("engine level {l}"),
        }
    }
}

/// What a seat token allows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// One side.
    Side(Color),
    /// Both sides (a game at one screen).
    Both,
}

impl Seat {
    /// `white`, `black` or `both`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Seat::Side(c) => color_name(c),
            Seat::Both => "both",
        }
    }

    /// Whether the seat plays `c`.
    #[must_use]
    pub fn plays(self, c: Color) -> bool {
        self == Seat::Both || self == Seat::Side(c)
    }
}

/// Running clocks: time left per side when the running one started.
#[derive(Copy, Clone, Debug)]
struct ClockState {
    ms: ByColor<i64>,
    since: Instant,
}

/// A move ready to be stored and applied.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The move.
    pub mv: Move,
    /// Its readable label.
    pub label: String,
    /// The row to store.
    pub row: MoveRow,
}

/// What the current position offers: computed once per change of the game
/// and shared by the views, move matching and the outcome.
#[derive(Debug)]
pub struct Facts {
    /// The board's verdict (checkmate, stalemate, draws by rule), if any.
    pub outcome: Option<Outcome>,
    /// The legal actions as the page gets them, sorted by move string.
    pub actions: Vec<LegalAction>,
    /// The moves of `actions`, in the same order.
    pub moves: Vec<Move>,
}

impl Facts {
    fn of(record: &GameRecord) -> Facts {
        let pos = record.position();
        let (actions, moves) = view::legal_with_moves(pos);
        Facts {
            outcome: record.outcome(),
            actions,
            moves,
        }
    }
}

/// One game in memory.
#[derive(Debug)]
pub struct Game {
    /// Its id.
    pub id: String,
    /// The variant spec.
    pub spec: String,
    /// Flags that differ from the defaults.
    pub options: OptionMap,
    /// The game's rules.
    pub variant: VariantRef,
    /// How it is played.
    pub mode: Mode,
    /// Who plays each side.
    pub players: ByColor<Player>,
    /// Each side's seat token (empty for the engine).
    pub tokens: ByColor<String>,
    /// Start position and moves.
    pub record: GameRecord,
    /// The move strings played.
    pub texts: Vec<String>,
    /// Their readable labels.
    pub labels: Vec<String>,
    /// The clock settings.
    pub time_control: Option<TimeControl>,
    clock: Option<ClockState>,
    clock_history: Vec<ByColor<i64>>,
    /// When each ply was played, milliseconds since the Unix epoch.
    played: Vec<i64>,
    /// An ending decided off the board.
    pub ending: Option<Ending>,
    /// The side that offers a draw.
    pub draw_offer: Option<Color>,
    /// Whether an engine search for this game is under way.
    pub engine_thinking: bool,
    /// The game's revision: bumped by every change (moves, undo, draw
    /// offers, endings, clock events, the engine starting or stopping), so
    /// engine replies can check it before applying and pages can tell a newer
    /// view from an older one. It starts from [`revision_base`], so it keeps
    /// growing across a restart of the server.
    pub version: u64,
    /// Subscribers' channel: a new view after every change, and the
    /// progress of a review of the game.
    pub events: broadcast::Sender<GameEvent>,
    /// The current position's legal actions and outcome, once computed
    /// (emptied by every move and undo).
    facts: OnceCell<Facts>,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// The creator's side in a game over a link (its seat holder is shown
    /// the invitation link).
    pub creator: Option<Color>,
    /// The claim ticket of the other seat of a game over a link (see
    /// [`crate::store::SeatTicket`]).
    pub ticket: Option<SeatTicket>,
    /// The players' display names, if they gave them (lobby games).
    pub names: Option<ByColor<String>>,
    /// The side that offered a rematch (as stored, `rematches`).
    pub rematch_offer: Option<Color>,
    /// The rematch, once started: its id and, by the side played in this
    /// game, each player's seat token in it.
    pub rematch_game: Option<(String, ByColor<String>)>,
}

/// What a game's event stream carries.
#[derive(Clone, Debug)]
pub enum GameEvent {
    /// The game changed: its new view (`event: game`).
    View(Arc<GameView>),
    /// A review of the game made progress (`event: review`).
    Review(ReviewProgress),
}

/// Everything to build a [`Game`] from.
#[derive(Debug)]
pub struct NewGame {
    /// Its id.
    pub id: String,
    /// The variant spec.
    pub spec: String,
    /// Flags that differ from the defaults.
    pub options: OptionMap,
    /// The start position.
    pub record: GameRecord,
    /// How it is played.
    pub mode: Mode,
    /// Who plays each side.
    pub players: ByColor<Player>,
    /// Seat tokens.
    pub tokens: ByColor<String>,
    /// Clock settings.
    pub time_control: Option<TimeControl>,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// The creator's side in a game over a link.
    pub creator: Option<Color>,
    /// The claim ticket of the invited seat of a game over a link.
    pub ticket: Option<SeatTicket>,
}

/// Where a game's revision starts when it is created or loaded: the wall
/// clock in milliseconds times 1024. A game loaded after a restart thus starts
/// above every revision the previous process could have reached (that would
/// take over 1024 changes per millisecond of its life), and the value stays
/// below 2^53, so pages read it exactly as a JSON number.
#[must_use]
pub fn revision_base() -> u64 {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(0));
    ms.saturating_mul(1024)
}

/// The most plies a game has: one reaching it ends drawn, reason
/// `ply_limit` (a site rule, not a rule of the games: without it a game
/// could grow without end, and every view, record and replay with it).
/// 1,000 plies (500 moves each) is far beyond any real game.
pub const MAX_PLIES: usize = 1000;

/// The API name of the ending by [`MAX_PLIES`].
pub const PLY_LIMIT_REASON: &str = "ply_limit";

/// A day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

fn ms_of(tc: TimeControl) -> i64 {
    i64::try_from(tc.initial_ms).unwrap_or(i64::MAX / 4)
}

impl Game {
    /// A game with no moves yet.
    #[must_use]
    pub fn new(n: NewGame) -> Game {
        let (events, _) = broadcast::channel(16);
        let real_time = n.time_control.filter(|tc| tc.days_per_move.is_none());
        let clock = real_time.map(|tc| ClockState {
            ms: ByColor([ms_of(tc), ms_of(tc)]),
            since: Instant::now(),
        });
        Game {
            id: n.id,
            spec: n.spec,
            options: n.options,
            variant: n.record.start().variant().clone(),
            mode: n.mode,
            players: n.players,
            tokens: n.tokens,
            record: n.record,
            texts: Vec::new(),
            labels: Vec::new(),
            time_control: n.time_control,
            clock,
            clock_history: Vec::new(),
            played: Vec::new(),
            ending: None,
            draw_offer: None,
            engine_thinking: false,
            version: revision_base(),
            events,
            facts: OnceCell::new(),
            created_ms: n.created_ms,
            creator: n.creator,
            ticket: n.ticket,
            names: None,
            rematch_offer: None,
            rematch_game: None,
        }
    }

    /// Replays a stored action (loading). Clocks come from the row.
    ///
    /// # Errors
    /// The move string's error if it no longer names a legal action.
    pub fn replay(&mut self, row: &MoveRow) -> Result<(), ApiError> {
        let pos = self.record.position();
        let mv = explain::parse(pos, &row.text)?;
        let label = readable::label(pos, &mv);
        self.record
            .play(&mv)
            .map_err(|e| ApiError::illegal(e.to_string()))?;
        self.texts.push(row.text.clone());
        self.labels.push(label);
        self.played.push(row.played_ms.unwrap_or(self.created_ms));
        if let (Some(c), Some(w), Some(b)) = (self.clock.as_mut(), row.white_ms, row.black_ms) {
            c.ms = ByColor([w, b]);
            c.since = Instant::now();
            self.clock_history.push(c.ms);
        }
        Ok(())
    }

    /// The seat a token holds.
    #[must_use]
    pub fn seat_of(&self, token: Option<&str>) -> Option<Seat> {
        let token = token?;
        if token.is_empty() {
            return None;
        }
        let w = eq_secret(&self.tokens[Color::White], token);
        let b = eq_secret(&self.tokens[Color::Black], token);
        match (w, b) {
            (true, true) => Some(Seat::Both),
            (true, false) => Some(Seat::Side(Color::White)),
            (false, true) => Some(Seat::Side(Color::Black)),
            (false, false) => None,
        }
    }

    /// The invited seat of a game over a link: the side its claim ticket
    /// is for (the side that is not the creator's).
    #[must_use]
    pub fn invited_side(&self) -> Option<Color> {
        self.creator
            .filter(|_| self.mode == Mode::Link && self.ticket.is_some())
            .map(|c| !c)
    }

    /// The claim ticket still to be claimed, if any.
    #[must_use]
    pub fn open_ticket(&self) -> Option<&str> {
        self.ticket
            .as_ref()
            .filter(|t| t.claimed_ms.is_none())
            .map(|t| t.secret.as_str())
    }

    /// Checks a claim ticket: the invited side and its token if `ticket`
    /// is this game's (compared in constant time, as tokens are).
    ///
    /// # Errors
    /// `403 bad_ticket` for a ticket that is not this game's; `409
    /// seat_taken` once it has been claimed.
    pub fn check_ticket(&self, ticket: &str) -> Result<(Color, String), ApiError> {
        let (Some(t), Some(side)) = (self.ticket.as_ref(), self.invited_side()) else {
            return Err(bad_ticket());
        };
        if !eq_secret(&t.secret, ticket) {
            return Err(bad_ticket());
        }
        if t.claimed_ms.is_some() {
            return Err(seat_taken());
        }
        Ok((side, self.tokens[side].clone()))
    }

    /// Side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.record.position().turn()
    }

    /// The result: an off-board ending, or what the board and history say.
    #[must_use]
    pub fn outcome(&self) -> Option<(String, Option<Color>, String)> {
        if let Some(e) = &self.ending {
            let winner = match e.result.as_str() {
                "1-0" => Some(Color::White),
                "0-1" => Some(Color::Black),
                _ => None,
            };
            return Some((e.result.clone(), winner, e.reason.clone()));
        }
        let Some(o) = self.facts().outcome else {
            return self
                .at_ply_limit()
                .then(|| ("1/2-1/2".to_string(), None, PLY_LIMIT_REASON.to_string()));
        };
        let (winner, reason) = match o {
            Outcome::Decisive { winner, reason } => (Some(winner), reason),
            Outcome::Draw { reason } => (None, reason),
        };
        Some((
            o.result().to_string(),
            winner,
            reason_name(reason).to_string(),
        ))
    }

    /// The current position's legal actions and board outcome, computed on
    /// first use after each change.
    #[must_use]
    pub fn facts(&self) -> &Facts {
        self.facts.get_or_init(|| Facts::of(&self.record))
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.ending.is_some() || self.facts().outcome.is_some() || self.at_ply_limit()
    }

    /// Whether the game has [`MAX_PLIES`] plies (it is then drawn, unless
    /// the last one ended it on the board).
    #[must_use]
    pub fn at_ply_limit(&self) -> bool {
        self.record.moves().len() >= MAX_PLIES
    }

    /// The engine's level if the engine is to move in a live game.
    #[must_use]
    pub fn engine_to_move(&self) -> Option<u8> {
        match self.players[self.turn()] {
            Player::Engine(l) if !self.is_over() => Some(l),
            _ => None,
        }
    }

    fn clock_running(&self) -> bool {
        self.clock.is_some() && !self.record.moves().is_empty() && !self.is_over()
    }

    /// Milliseconds left per side now.
    #[must_use]
    pub fn clock_now(&self, now: Instant) -> Option<ByColor<i64>> {
        let c = self.clock?;
        let mut ms = c.ms;
        if self.clock_running() {
            let elapsed =
                i64::try_from(now.duration_since(c.since).as_millis()).unwrap_or(i64::MAX);
            let t = self.turn();
            ms[t] = ms[t].saturating_sub(elapsed);
        }
        Some(ms)
    }

    /// Which side's clock runs.
    #[must_use]
    pub fn running(&self) -> Option<Color> {
        self.clock_running().then(|| self.turn())
    }

    /// Correspondence: the days each move may take.
    #[must_use]
    pub fn days_per_move(&self) -> Option<u32> {
        self.time_control.and_then(|t| t.days_per_move)
    }

    /// Correspondence: when the side to move loses on time (milliseconds
    /// since the Unix epoch), counted from the last move (or the game's
    /// creation); none once the game is over.
    #[must_use]
    pub fn deadline_ms(&self) -> Option<i64> {
        let days = self.days_per_move()?;
        if self.is_over() {
            return None;
        }
        let since = self.played.last().copied().unwrap_or(self.created_ms);
        Some(since.saturating_add(i64::from(days) * DAY_MS))
    }

    /// Correspondence: an ending by time if the deadline of the side to
    /// move has passed at `wall_ms` (to be stored).
    #[must_use]
    pub fn deadline_passed(&self, wall_ms: i64) -> Option<Ending> {
        let deadline = self.deadline_ms()?;
        (wall_ms > deadline).then(|| Ending {
            result: win(!self.turn()),
            reason: "timeout".into(),
        })
    }

    /// An ending by time if the side to move has run out (to be stored).
    #[must_use]
    pub fn flag_fall(&self, now: Instant) -> Option<Ending> {
        if !self.clock_running() {
            return None;
        }
        let ms = self.clock_now(now)?;
        (ms[self.turn()] <= 0).then(|| Ending {
            result: win(!self.turn()),
            reason: "timeout".into(),
        })
    }

    /// Checks that `seat` may act for the side to move in a live game.
    ///
    /// # Errors
    /// `403 not_your_seat`, `409 game_over` or `409 not_your_turn`.
    pub fn check_turn(&self, seat: Option<Seat>) -> Result<(), ApiError> {
        let Some(seat) = seat else {
            return Err(ApiError::forbidden(
                ErrorCode::NotYourSeat,
                "this needs a seat token (X-Seat-Token) of a player of this game; spectators may only watch",
            ));
        };
        if let Some((result, _, reason)) = self.outcome() {
            return Err(ApiError::conflict(
                ErrorCode::GameOver,
                format!("the game is over ({result}, {reason})"),
            ));
        }
        let turn = self.turn();
        if !seat.plays(turn) {
            return Err(ApiError::conflict(
                ErrorCode::NotYourTurn,
                format!(
                    "it is {}'s turn, and you play {}",
                    color_name(turn),
                    seat.name()
                ),
            ));
        }
        if self.players[turn] != Player::Human {
            return Err(ApiError::conflict(
                ErrorCode::NotYourTurn,
                "it is the engine's turn",
            ));
        }
        Ok(())
    }

    /// Checks a move string and computes its stored row (clocks included).
    ///
    /// # Errors
    /// The move's `400`/`422` error.
    pub fn prepare(&self, text: &str, now: Instant) -> Result<Prepared, ApiError> {
        if text.len() > 32 {
            return Err(ApiError::bad_request(
                ErrorCode::MalformedMove,
                "a move string has at most 32 characters",
            ));
        }
        let pos = self.record.position();
        let facts = self.facts();
        let (mv, label) = match facts.actions.iter().position(|a| a.text == text) {
            Some(i) => (facts.moves[i], facts.actions[i].label.clone()),
            None => {
                let mv = explain::parse(pos, text)?;
                (mv, readable::label(pos, &mv))
            }
        };
        let clocks = self.clock_now(now).map(|mut ms| {
            let t = self.turn();
            if let Some(tc) = self.time_control {
                ms[t] = ms[t].saturating_add(i64::try_from(tc.increment_ms).unwrap_or(0));
            }
            ms
        });
        Ok(Prepared {
            row: MoveRow {
                ply: self.record.moves().len() + 1,
                text: menagerie_rules::notation::render(pos, &mv),
                white_ms: clocks.map(|c| c[Color::White]),
                black_ms: clocks.map(|c| c[Color::Black]),
                played_ms: Some(crate::ids::now_ms()),
            },
            mv,
            label,
        })
    }

    /// Makes a prepared move (after it is stored).
    pub fn apply(&mut self, p: Prepared, now: Instant) {
        let mover = self.turn();
        if self.record.play(&p.mv).is_err() {
            return;
        }
        self.facts = OnceCell::new();
        self.texts.push(p.row.text);
        self.labels.push(p.label);
        self.played
            .push(p.row.played_ms.unwrap_or_else(crate::ids::now_ms));
        if let (Some(c), Some(w), Some(b)) = (self.clock.as_mut(), p.row.white_ms, p.row.black_ms) {
            c.ms = ByColor([w, b]);
            c.since = now;
            self.clock_history.push(c.ms);
        }
        if self.draw_offer == Some(!mover) {
            self.draw_offer = None;
        }
        self.version += 1;
    }

    /// How many plies an undo by `seat` takes back.
    ///
    /// # Errors
    /// `409` if undo is not available in this game now.
    pub fn undo_plies(&self, seat: Option<Seat>) -> Result<usize, ApiError> {
        let Some(seat) = seat else {
            return Err(ApiError::forbidden(
                ErrorCode::NotYourSeat,
                "only a player of this game may take moves back",
            ));
        };
        if let Some(e) = &self.ending {
            return Err(ApiError::conflict(
                ErrorCode::GameOver,
                format!("the game is over ({}, {})", e.result, e.reason),
            ));
        }
        let n = self.record.moves().len();
        let plies = match self.mode {
            Mode::Link => {
                return Err(ApiError::conflict(
                    ErrorCode::UndoNotAvailable,
                    "moves cannot be taken back in a game over a link",
                ))
            }
            Mode::Local => 1,
            Mode::Engine => {
                let human = match seat {
                    Seat::Side(c) => c,
                    Seat::Both => self.turn(),
                };
                if self.turn() == human {
                    2
                } else {
                    1
                }
            }
        };
        let human_moved = match (self.mode, seat) {
            (Mode::Engine, Seat::Side(c)) => {
                (0..n).rev().take(plies).any(|i| self.color_of_ply(i) == c)
            }
            _ => true,
        };
        if n < plies || n == 0 || !human_moved {
            return Err(ApiError::conflict(
                ErrorCode::NothingToUndo,
                "there is no move of yours to take back",
            ));
        }
        Ok(plies)
    }

    fn color_of_ply(&self, i: usize) -> Color {
        let first = self.record.start().turn();
        if i % 2 == 0 {
            first
        } else {
            !first
        }
    }

    /// Takes back `plies` plies (after the store did), restoring the clocks.
    pub fn undo(&mut self, plies: usize, now: Instant) {
        for _ in 0..plies {
            self.facts = OnceCell::new();
            if self.record.undo().is_none() {
                break;
            }
            self.texts.pop();
            self.labels.pop();
            self.played.pop();
            if self.clock.is_some() {
                self.clock_history.pop();
            }
        }
        if let (Some(c), Some(tc)) = (self.clock.as_mut(), self.time_control) {
            c.ms = self
                .clock_history
                .last()
                .copied()
                .unwrap_or(ByColor([ms_of(tc), ms_of(tc)]));
            c.since = now;
        }
        self.draw_offer = None;
        self.version += 1;
    }

    /// Ends the game off the board (after the store did).
    pub fn end(&mut self, ending: Ending) {
        if let Some(ms) = self.clock_now(Instant::now()) {
            if let Some(c) = self.clock.as_mut() {
                c.ms = ByColor([ms[Color::White].max(0), ms[Color::Black].max(0)]);
            }
        }
        self.ending = Some(ending);
        self.draw_offer = None;
        self.engine_thinking = false;
        self.version += 1;
    }

    /// Becomes `fresh`, the game as just reloaded from the store after
    /// another server changed it, keeping this one's subscribers and a
    /// revision above every one sent before. An engine search under way
    /// here no longer applies (its revision is passed).
    pub fn take_over(&mut self, mut fresh: Game) {
        fresh.events = self.events.clone();
        fresh.version = self.version.max(fresh.version) + 1;
        fresh.engine_thinking = false;
        if fresh.names.is_none() {
            fresh.names = self.names.take();
        }
        *self = fresh;
    }

    /// Sets the stored rematch offer or started rematch of a game just
    /// loaded (none if `row` is).
    pub fn restore_rematch(&mut self, row: Option<crate::store::RematchRow>) {
        self.rematch_offer = row.as_ref().and_then(|r| r.offered_by);
        self.rematch_game = row
            .and_then(|r| r.game)
            .map(|(id, [white, black])| (id, ByColor([white, black])));
    }

    /// Sets the stored ending of a game just loaded. After a timeout the
    /// loser's clock shows 0, as on the server that saw the flag fall (the
    /// stored moves hold the clocks only up to the last move).
    pub fn restore_ending(&mut self, ending: Option<Ending>) {
        if let (Some(e), Some(c)) = (&ending, self.clock.as_mut()) {
            let loser = match e.result.as_str() {
                "1-0" => Some(Color::Black),
                "0-1" => Some(Color::White),
                _ => None,
            };
            if let (Some(side), "timeout") = (loser, e.reason.as_str()) {
                c.ms[side] = 0;
            }
        }
        self.ending = ending;
    }

    /// What this copy shows of the game, for a change decided on it (see
    /// [`crate::store::guarded`]).
    #[must_use]
    pub fn seen(&self) -> crate::store::Seen {
        crate::store::Seen {
            plies: self.record.moves().len(),
            draw_offer: self.draw_offer,
        }
    }

    /// The side a seat acts for in an action that is not a move (resign,
    /// draw): its own colour, or the side to move for a shared seat.
    #[must_use]
    pub fn acting_side(&self, seat: Seat) -> Color {
        match seat {
            Seat::Side(c) => c,
            Seat::Both => self.turn(),
        }
    }
}

/// The result string of a win by `c`.
#[must_use]
pub fn win(c: Color) -> String {
    match c {
        Color::White => "1-0".into(),
        Color::Black => "0-1".into(),
    }
}

/// The API name of an end reason.
#[must_use]
pub fn reason_name(r: menagerie_rules::EndReason) -> &'static str {
    use menagerie_rules::EndReason as R;
    match r {
        R::Checkmate => "checkmate",
        R::Stalemate => "stalemate",
        R::NoMenLeft => "no_men_left",
        R::FiftyMoves => "fifty_moves",
        R::Repetition => "repetition",
        R::TwoPasses => "two_passes",
    }
}

/// `403 bad_ticket`.
fn bad_ticket() -> ApiError {
    ApiError::forbidden(
        ErrorCode::BadTicket,
        "this is not the claim ticket of this game's invitation",
    )
}

/// `409 seat_taken`.
#[must_use]
pub fn seat_taken() -> ApiError {
    ApiError::conflict(
        ErrorCode::SeatTaken,
        "this invitation has been used already: its seat is taken",
    )
}

/// Compares two secrets without stopping at the first difference.
fn eq_secret(a: &str, b: &str) -> bool {
    if a.is_empty() || a.len() != b.len() {
        return false;
    }
    a.bytes()
        .zip(b.bytes())
        .fold(0u8, |acc, (x, y)| acc | (x ^ y))
        == 0
}
