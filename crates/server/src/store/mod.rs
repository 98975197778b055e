//! Storage behind one trait, [`Store`], with two implementations: SQLite
//! ([`SqliteStore`], the default, one file) and PostgreSQL ([`PgStore`],
//! several servers on one database). Every game keeps its start, its
//! settings and each action in order; a call returns only after the change
//! is committed. [`open`] picks the backend from the `--db` value.

use crate::game::{Mode, Player};
use crate::readable::color_name;
use menagerie_rules::Color;
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;

pub mod copy;
pub mod guarded;
pub mod migrations;
mod open;
pub mod pg;

mod challenges;
mod corr;
pub mod jobs;
mod names;
mod public;
mod rematches;
mod reviews;

pub use challenges::{ChallengeRow, ChallengeState};
pub use guarded::Seen;
pub use jobs::{JobKind, JobRow, JobStore};
pub use open::{is_postgres_url, open, shown_location};
pub use pg::PgStore;
pub use rematches::RematchRow;
pub use reviews::{ReviewPlyRow, ReviewRow};

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or failed.
    #[error("database: {0}")]
    Db(#[from] rusqlite::Error),
    /// A stored row could not be read back.
    #[error("corrupt row: {0}")]
    Corrupt(String),
    /// PostgreSQL refused or failed (its code and message).
    #[error("PostgreSQL: {0}")]
    Postgres(String),
    /// The database cannot be reached (connection refused, timed out).
    #[error("database unavailable: {0}")]
    Unavailable(String),
    /// A `--db` value that is not a usable database address.
    #[error("bad database address: {0}")]
    BadAddress(String),
    /// Another change came first (the row is already stored): for a move,
    /// another server or request stored that ply.
    #[error("conflict: {0}")]
    Conflict(String),
    /// A change to a game that is not stored.
    #[error("no game {0:?}")]
    NoSuchGame(String),
    /// The database was made by a newer Menagerie than this one.
    #[error(
        "the database's schema is version {found}, newer than the {known} this server knows: \
         run a newer Menagerie, or restore a backup made for this version"
    )]
    SchemaTooNew {
        /// The version found in the database.
        found: i64,
        /// The newest version this build knows.
        known: i64,
    },
}

/// A game's settings as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's id.
    pub id: String,
    /// The variant spec (a game name or a Pick the Piece spec).
    pub variant: String,
    /// Rule flags that differ from the defaults, as JSON.
    pub options_json: String,
    /// The start position string.
    pub start_fen: String,
    /// How it is played (stored as `engine`, `local` or `link`).
    pub mode: Mode,
    /// White's player (stored as `human` or `engine:LEVEL`).
    pub white: Player,
    /// Black's player.
    pub black: Player,
    /// White's seat token (empty for the engine).
    pub white_token: String,
    /// Black's seat token (empty for the engine).
    pub black_token: String,
    /// The time control as JSON, if timed.
    pub time_control_json: Option<String>,
    /// An ending the moves do not show (resignation, agreement, timeout).
    pub ending: Option<Ending>,
    /// The side that offers a draw (stored as `white` or `black`).
    pub draw_offer: Option<Color>,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// The side of the player who created a game over a link (stored as
    /// `white` or `black`; none in other games and in games stored before
    /// it was kept): the holder of its seat is shown the invitation link.
    pub creator: Option<Color>,
    /// The claim ticket of the invited seat (the side that is not
    /// `creator`) of a game over a link; none in other games and in games
    /// stored before tickets were kept.
    pub ticket: Option<SeatTicket>,
}

/// The one-time claim ticket of the invited seat of a game over a link:
/// its holder trades it once for that seat's token
/// (`POST /api/games/{id}/claim`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatTicket {
    /// The secret (as random as a seat token).
    pub secret: String,
    /// When it was claimed, milliseconds since the Unix epoch (none while
    /// it is not).
    pub claimed_ms: Option<i64>,
}

/// An ending decided off the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// `resignation`, `agreement` or `timeout`.
    pub reason: String,
}

/// One stored action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// 1 for the first action.
    pub ply: usize,
    /// The move string.
    pub text: String,
    /// White's clock after the action (timed games).
    pub white_ms: Option<i64>,
    /// Black's clock after the action (timed games).
    pub black_ms: Option<i64>,
    /// When it was played, milliseconds since the Unix epoch (none in
    /// games stored before it was kept).
    pub played_ms: Option<i64>,
}

/// A named custom setup, kept per player key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupRow {
    /// The player key that saved it ([`LEGACY_OWNER`] for a setup saved
    /// before setups had owners).
    pub owner: String,
    /// The name, unique per owner.
    pub name: String,
    /// The variant spec.
    pub spec: String,
    /// Rule flags as JSON.
    pub options_json: String,
    /// Last saved, milliseconds since the Unix epoch.
    pub saved_ms: i64,
}

/// What the server needs from a database.
pub trait Store: Send + Sync {
    /// Stores a new game.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn create_game(&self, game: &GameRow) -> Result<(), StoreError>;
    /// A game and its actions in order, if it exists.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn load_game(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError>;
    /// Appends one action, if the game has not ended and has exactly the
    /// plies before it (see [`guarded`]).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the ply is already stored, the game has
    /// ended or lacks plies before it; [`StoreError::NoSuchGame`].
    fn append_move(&self, id: &str, mv: &MoveRow) -> Result<(), StoreError> {
        self.append_move_declining(id, mv, None)
    }
    /// Adds move `mv` as [`Store::append_move`] does and, with `declined`
    /// set, in the same transaction withdraws the draw offer standing from
    /// that side, which the move declines (so no other server can accept it
    /// after the move).
    ///
    /// # Errors
    /// As [`Store::append_move`].
    fn append_move_declining(
        &self,
        id: &str,
        mv: &MoveRow,
        declined: Option<Color>,
    ) -> Result<(), StoreError>;
    /// Keeps only the first `keep` actions (undo) and clears the draw
    /// offer, if the game is as `seen` (see [`guarded`]).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if it is not; another [`StoreError`].
    fn take_back(&self, id: &str, seen: &Seen, keep: usize) -> Result<(), StoreError>;
    /// Records an off-board ending (resignation, agreement, time) and
    /// clears the draw offer, if the game is as `seen` (see [`guarded`]).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if it is not (it has ended meanwhile, a
    /// move landed, the offer changed); another [`StoreError`].
    fn end_game(&self, id: &str, seen: &Seen, ending: &Ending) -> Result<(), StoreError>;
    /// Records or clears a draw offer, if the game is as `seen` (see
    /// [`guarded`]).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if it is not; another [`StoreError`].
    fn set_draw_offer(&self, id: &str, seen: &Seen, side: Option<Color>) -> Result<(), StoreError>;
    /// Saves (or replaces) a setup under its owner and name.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn save_setup(&self, setup: &SetupRow) -> Result<(), StoreError>;
    /// Every setup of every owner, by owner and name (copying a database).
    ///
    /// # Errors
    /// A [`StoreError`].
    fn list_setups(&self) -> Result<Vec<SetupRow>, StoreError>;
    /// The setups `owner` saved, by name.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn player_setups(&self, owner: &str) -> Result<Vec<SetupRow>, StoreError> {
        let mut all = self.list_setups()?;
        all.retain(|r| r.owner == owner);
        Ok(all)
    }
    /// The setup `owner` saved as `name`, if any.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn find_setup(&self, owner: &str, name: &str) -> Result<Option<SetupRow>, StoreError> {
        Ok(self
            .player_setups(owner)?
            .into_iter()
            .find(|r| r.name == name))
    }
    /// How many setups the store holds, all owners together.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn count_setups(&self) -> Result<u64, StoreError> {
        Ok(self.list_setups()?.len() as u64)
    }
    /// Deletes the setup `owner` saved as `name`; whether it existed.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn delete_setup(&self, owner: &str, name: &str) -> Result<bool, StoreError>;
    /// A game's stored review with its positions in ply order, if any.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn load_review(&self, id: &str) -> Result<Option<ReviewRow>, StoreError>;
    /// Starts or continues a review of `total_plies` plies at `budget_json`:
    /// marks it not complete and drops its positions from ply `keep` on.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn begin_review(
        &self,
        id: &str,
        total_plies: usize,
        budget_json: &str,
        keep: usize,
    ) -> Result<(), StoreError>;
    /// Stores (or replaces) one reviewed position.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn save_review_ply(&self, id: &str, row: &ReviewPlyRow) -> Result<(), StoreError>;
    /// Marks a review complete.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn finish_review(&self, id: &str) -> Result<(), StoreError>;
    /// The games whose review was begun and not completed.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn unfinished_reviews(&self) -> Result<Vec<String>, StoreError>;
    /// Stores a new open challenge.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn create_challenge(&self, c: &ChallengeRow) -> Result<(), StoreError>;
    /// A challenge in any state, if it exists.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn load_challenge(&self, id: &str) -> Result<Option<ChallengeRow>, StoreError>;
    /// Up to `limit` open challenges from the `offset`-th, newest first, and
    /// how many are open in all.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn open_challenges(
        &self,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<ChallengeRow>, usize), StoreError>;
    /// How many open challenges `player` has, and how many come from `address`.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn count_open_challenges(
        &self,
        player: &str,
        address: &str,
    ) -> Result<(usize, usize), StoreError>;
    /// Marks an open challenge accepted with its game, atomically: `false`
    /// if it was not open (already accepted, cancelled or lapsed).
    ///
    /// # Errors
    /// A [`StoreError`].
    fn claim_challenge(&self, id: &str, game_id: &str) -> Result<bool, StoreError>;
    /// Cancels an open challenge of `player`; whether there was one.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn cancel_challenge(&self, id: &str, player: &str) -> Result<bool, StoreError>;
    /// Notes that `player` is in the lobby at `now_ms` (its open challenges stay).
    ///
    /// # Errors
    /// A [`StoreError`].
    fn touch_challenges(&self, player: &str, now_ms: i64) -> Result<(), StoreError>;
    /// Marks lapsed the open challenges whose creator was last seen longer
    /// ago than the challenge's lapse time at `now_ms`; how many.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn lapse_challenges(&self, now_ms: i64) -> Result<usize, StoreError>;
    /// Lists a game among the games to watch (`created_ms` orders the list),
    /// counted for no address.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn set_public(&self, id: &str, created_ms: i64) -> Result<(), StoreError> {
        self.set_public_from(id, created_ms, None)
    }
    /// Lists a game among the games to watch as [`Store::set_public`], counted
    /// for `address` while it is live (see [`Store::live_public_games`]).
    ///
    /// # Errors
    /// A [`StoreError`].
    fn set_public_from(
        &self,
        id: &str,
        created_ms: i64,
        address: Option<&str>,
    ) -> Result<(), StoreError>;
    /// The public games counted for `address`: those with no off-board
    /// ending not released ([`Store::release_public`]), newest first.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn live_public_games(&self, address: &str) -> Result<Vec<String>, StoreError>;
    /// Stops counting public game `id` for its address (it is over on the
    /// board); it stays listed as before.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn release_public(&self, id: &str) -> Result<(), StoreError>;
    /// Up to `limit` public games with no off-board ending, newest first,
    /// from the `offset`-th.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn public_games(&self, offset: usize, limit: usize) -> Result<Vec<String>, StoreError>;
    /// The correspondence games (days per move) with no off-board ending
    /// stored, oldest first: the server checks their deadlines.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn unfinished_correspondence(&self) -> Result<Vec<String>, StoreError>;
    /// Marks the claim ticket of game `id` claimed at `now_ms`, if it has
    /// one not claimed yet (one conditional update, so of claims through
    /// several servers at once exactly one wins), and tells the other
    /// servers: whether this call claimed it.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn claim_ticket(&self, id: &str, now_ms: i64) -> Result<bool, StoreError>;
    /// Keeps the players' display names of a game.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn set_game_names(&self, id: &str, white: &str, black: &str) -> Result<(), StoreError>;
    /// The players' display names of a game (White's, Black's), if kept.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn game_names(&self, id: &str) -> Result<Option<(String, String)>, StoreError>;
    /// A game's rematch offer or started rematch, if any.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn load_rematch(&self, id: &str) -> Result<Option<RematchRow>, StoreError>;
    /// Keeps `side`'s rematch offer in game `id` and tells the other
    /// servers, unless a rematch has started or the other side has offered
    /// (decided in one statement): whether it is kept.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn offer_rematch(&self, id: &str, side: Color, now_ms: i64) -> Result<bool, StoreError>;
    /// Starts game `id`'s rematch `new` (each player's token in it by the
    /// side they played in `id`) unless one has started, decided once
    /// across servers: whether this call started it. The other servers are
    /// told by [`Store::announce`] of `id` once the new game is stored.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn claim_rematch(
        &self,
        id: &str,
        new: &str,
        tokens: &[String; 2],
        now_ms: i64,
    ) -> Result<bool, StoreError>;
    /// Undoes [`Store::claim_rematch`] of `new` after its game could not be
    /// made.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn release_rematch(&self, id: &str, new: &str) -> Result<(), StoreError>;
    /// Tells the other servers on the same database of a change that is
    /// not a game's (a lobby note, [`crate::lobby::LobbyEvent::note`]) or
    /// of a game's that is not yet announced (its id, which they reload: a
    /// started rematch); they receive it from [`Store::changes`]. A store only this process
    /// uses has no one to tell.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn announce(&self, _note: &str) -> Result<(), StoreError> {
        Ok(())
    }
    /// Checks that the database answers (a trivial query).
    ///
    /// # Errors
    /// A [`StoreError`] saying why it does not.
    fn ping(&self) -> Result<(), StoreError>;
    /// The ids of games that other servers on the same database changed,
    /// as they change ([`pg::notify::ALL_GAMES`] when any may have
    /// changed unseen); `None` for a store only this process uses.
    fn changes(&self) -> Option<tokio::sync::broadcast::Receiver<String>> {
        None
    }
    /// The `jobs` table engine work is queued in, claimed by any server
    /// on the same database; `None` for a store only this process uses
    /// (its engine work stays in the process's own queue).
    fn jobs(&self) -> Option<&dyn JobStore> {
        None
    }
}

/// A column stored as text, read back into its type.
fn stored<T>(
    row: &rusqlite::Row<'_>,
    i: usize,
    parse: fn(&str) -> Option<T>,
) -> rusqlite::Result<T> {
    let text: String = row.get(i)?;
    parse(&text).ok_or_else(|| bad_text(i, &text))
}

/// `white` or `black` as stored.
pub(crate) fn side_of(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// The error for a stored text this version cannot read.
fn bad_text(i: usize, text: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(
        i,
        rusqlite::types::Type::Text,
        format!("unexpected stored value {text:?}").into(),
    )
}

/// SQLite storage in one file (WAL mode, every commit synced to disk).
#[derive(Debug)]
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

/// The tables of schema version 1 (see [`migrations`]).
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    start_fen TEXT NOT NULL,
    mode TEXT NOT NULL,
    white TEXT NOT NULL,
    black TEXT NOT NULL,
    white_token TEXT NOT NULL,
    black_token TEXT NOT NULL,
    time_control TEXT,
    result TEXT,
    reason TEXT,
    draw_offer TEXT,
    created_ms INTEGER NOT NULL,
    creator TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    move TEXT NOT NULL,
    white_ms INTEGER,
    black_ms INTEGER,
    PRIMARY KEY (game_id, ply)
);
CREATE TABLE IF NOT EXISTS setups (
    name TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    saved_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS reviews (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    total_plies INTEGER NOT NULL,
    budget TEXT NOT NULL,
    complete INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS review_plies (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    fen TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
";

/// The lobby's tables, added by schema version 2 (see [`migrations`]).
const LOBBY_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS challenges (
    id TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    address TEXT NOT NULL,
    name TEXT NOT NULL,
    variant TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    start_fen TEXT NOT NULL,
    time_control TEXT,
    color TEXT NOT NULL,
    token TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    seen_ms INTEGER NOT NULL,
    state TEXT NOT NULL DEFAULT 'open',
    game_id TEXT,
    public INTEGER NOT NULL DEFAULT 1,
    lapse_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS game_names (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    white TEXT NOT NULL,
    black TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS public_games (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    created_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS challenges_by_state ON challenges(state, created_ms);
";

impl SqliteStore {
    /// Opens (creating if needed) the database at `path`.
    ///
    /// # Errors
    /// A [`StoreError`] if the file cannot be opened or the schema created.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let conn = Connection::open(path)?;
        SqliteStore::init(conn)
    }

    /// A database in memory (tests).
    ///
    /// # Errors
    /// A [`StoreError`].
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        SqliteStore::init(Connection::open_in_memory()?)
    }

    fn init(mut conn: Connection) -> Result<SqliteStore, StoreError> {
        conn.pragma_update(None, "journal_mode", "WAL")?;
        // FULL: a commit is on disk (the WAL synced) before the call returns,
        // so an action the server acknowledged survives a power cut too, not
        // only a killed process (with NORMAL the last commits may be lost).
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        migrations::migrate_sqlite(&mut conn)?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
        })
    }

    /// Every game's id, oldest first.
    ///
    /// # Errors
    /// A [`StoreError`].
    pub fn game_ids(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT id FROM games ORDER BY created_ms, id")?;
        let ids = stmt
            .query_map([], |r| r.get(0))?
            .collect::<Result<Vec<String>, _>>()?;
        Ok(ids)
    }

    /// How many rows of each kind the file holds.
    ///
    /// # Errors
    /// A [`StoreError`].
    pub fn counts(&self) -> Result<copy::Counts, StoreError> {
        Ok(self.conn().query_row(copy::COUNTS_SQL, [], |r| {
            copy::Counts::from_columns(|i| r.get(i))
        })?)
    }

    /// Every challenge, game to watch and players' names, each table in
    /// the order it was stored (for copying).
    ///
    /// # Errors
    /// A [`StoreError`].
    pub fn lobby_rows(&self) -> Result<copy::LobbyCopy, StoreError> {
        let conn = self.conn();
        let challenges = challenges::all(&conn)?;
        let mut stmt =
            conn.prepare("SELECT game_id, created_ms, address FROM public_games ORDER BY rowid")?;
        let public_games = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<Vec<_>, _>>()?;
        let mut stmt =
            conn.prepare("SELECT game_id, white, black FROM game_names ORDER BY rowid")?;
        let game_names = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(copy::LobbyCopy {
            challenges,
            public_games,
            game_names,
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The setups matching `filter` (an SQL condition with its order).
    fn setups_where(
        &self,
        filter: &str,
        args: &[&dyn rusqlite::ToSql],
    ) -> Result<Vec<SetupRow>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!(
            "SELECT owner, name, spec, options, saved_ms FROM setups WHERE {filter}"
        ))?;
        let rows = stmt
            .query_map(args, |r| {
                Ok(SetupRow {
                    owner: r.get(0)?,
                    name: r.get(1)?,
                    spec: r.get(2)?,
                    options_json: r.get(3)?,
                    saved_ms: r.get(4)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }
}

/// The owner of the setups saved before setups were kept per player key:
/// no player key is empty, so they are listed to no one and nobody can
/// overwrite or delete them; they stay readable by name.
pub const LEGACY_OWNER: &str = "";

impl Store for SqliteStore {
    fn create_game(&self, g: &GameRow) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO games (id, variant, options, start_fen, mode, white, black, white_token,
                black_token, time_control, result, reason, draw_offer, created_ms, creator,
                ticket, ticket_claimed_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
            params![
                g.id,
                g.variant,
                g.options_json,
                g.start_fen,
                g.mode.name(),
                g.white.stored(),
                g.black.stored(),
                g.white_token,
                g.black_token,
                g.time_control_json,
                g.ending.as_ref().map(|e| e.result.clone()),
                g.ending.as_ref().map(|e| e.reason.clone()),
                g.draw_offer.map(color_name),
                g.created_ms,
                g.creator.map(color_name),
                g.ticket.as_ref().map(|t| t.secret.clone()),
                g.ticket.as_ref().and_then(|t| t.claimed_ms)
            ],
        )?;
        Ok(())
    }

    fn load_game(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> {
        let conn = self.conn();
        let row = conn
            .query_row(
                "SELECT id, variant, options, start_fen, mode, white, black, white_token,
                    black_token, time_control, result, reason, draw_offer, created_ms, creator,
                    ticket, ticket_claimed_ms
                 FROM games WHERE id = ?1",
                params![id],
                |r| {
                    let result: Option<String> = r.get(10)?;
                    let reason: Option<String> = r.get(11)?;
                    let ticket: Option<String> = r.get(15)?;
                    let claimed_ms: Option<i64> = r.get(16)?;
                    Ok(GameRow {
                        id: r.get(0)?,
                        variant: r.get(1)?,
                        options_json: r.get(2)?,
                        start_fen: r.get(3)?,
                        mode: stored(r, 4, Mode::from_name)?,
                        white: stored(r, 5, Player::from_stored)?,
                        black: stored(r, 6, Player::from_stored)?,
                        white_token: r.get(7)?,
                        black_token: r.get(8)?,
                        time_control_json: r.get(9)?,
                        ending: result.map(|result| Ending {
                            result,
                            reason: reason.unwrap_or_default(),
                        }),
                        draw_offer: r
                            .get::<_, Option<String>>(12)?
                            .map(|s| side_of(&s).ok_or_else(|| bad_text(12, &s)))
                            .transpose()?,
                        created_ms: r.get(13)?,
                        creator: r
                            .get::<_, Option<String>>(14)?
                            .map(|s| side_of(&s).ok_or_else(|| bad_text(14, &s)))
                            .transpose()?,
                        ticket: ticket.map(|secret| SeatTicket { secret, claimed_ms }),
                    })
                },
            )
            .optional()?;
        let Some(row) = row else {
            return Ok(None);
        };
        let mut stmt = conn.prepare(
            "SELECT ply, move, white_ms, black_ms, played_ms FROM moves WHERE game_id = ?1
             ORDER BY ply",
        )?;
        let moves = stmt
            .query_map(params![id], |r| {
                let ply: i64 = r.get(0)?;
                Ok(MoveRow {
                    ply: usize::try_from(ply).unwrap_or(0),
                    text: r.get(1)?,
                    white_ms: r.get(2)?,
                    black_ms: r.get(3)?,
                    played_ms: r.get(4)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        for (i, m) in moves.iter().enumerate() {
            if m.ply != i + 1 {
                return Err(StoreError::Corrupt(format!(
                    "game {id}: ply {} stored where {} was expected",
                    m.ply,
                    i + 1
                )));
            }
        }
        Ok(Some((row, moves)))
    }

    fn append_move_declining(
        &self,
        id: &str,
        mv: &MoveRow,
        declined: Option<Color>,
    ) -> Result<(), StoreError> {
        guarded::append_move(&mut self.conn(), id, mv, declined)
    }

    fn take_back(&self, id: &str, seen: &Seen, keep: usize) -> Result<(), StoreError> {
        guarded::take_back(&mut self.conn(), id, seen, keep)
    }

    fn end_game(&self, id: &str, seen: &Seen, ending: &Ending) -> Result<(), StoreError> {
        guarded::end_game(&mut self.conn(), id, seen, ending)
    }

    fn set_draw_offer(&self, id: &str, seen: &Seen, side: Option<Color>) -> Result<(), StoreError> {
        guarded::set_draw_offer(&mut self.conn(), id, seen, side)
    }

    fn save_setup(&self, s: &SetupRow) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO setups (owner, name, spec, options, saved_ms) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT(owner, name) DO UPDATE SET spec = excluded.spec,
                options = excluded.options, saved_ms = excluded.saved_ms",
            params![s.owner, s.name, s.spec, s.options_json, s.saved_ms],
        )?;
        Ok(())
    }

    fn list_setups(&self) -> Result<Vec<SetupRow>, StoreError> {
        self.setups_where("1 = 1 ORDER BY owner, name", &[])
    }

    fn player_setups(&self, owner: &str) -> Result<Vec<SetupRow>, StoreError> {
        self.setups_where("owner = ?1 ORDER BY name", &[&owner])
    }

    fn find_setup(&self, owner: &str, name: &str) -> Result<Option<SetupRow>, StoreError> {
        Ok(self
            .setups_where("owner = ?1 AND name = ?2", &[&owner, &name])?
            .pop())
    }

    fn count_setups(&self) -> Result<u64, StoreError> {
        let n: i64 = self
            .conn()
            .query_row("SELECT COUNT(*) FROM setups", [], |r| r.get(0))?;
        Ok(u64::try_from(n).unwrap_or(0))
    }

    fn delete_setup(&self, owner: &str, name: &str) -> Result<bool, StoreError> {
        let n = self.conn().execute(
            "DELETE FROM setups WHERE owner = ?1 AND name = ?2",
            params![owner, name],
        )?;
        Ok(n > 0)
    }

    fn load_review(&self, id: &str) -> Result<Option<ReviewRow>, StoreError> {
        reviews::load(&self.conn(), id)
    }

    fn begin_review(
        &self,
        id: &str,
        total_plies: usize,
        budget_json: &str,
        keep: usize,
    ) -> Result<(), StoreError> {
        reviews::begin(&mut self.conn(), id, total_plies, budget_json, keep)
    }

    fn save_review_ply(&self, id: &str, row: &ReviewPlyRow) -> Result<(), StoreError> {
        reviews::save_ply(&self.conn(), id, row)
    }

    fn finish_review(&self, id: &str) -> Result<(), StoreError> {
        reviews::finish(&self.conn(), id)
    }

    fn unfinished_reviews(&self) -> Result<Vec<String>, StoreError> {
        reviews::unfinished(&self.conn())
    }

    fn ping(&self) -> Result<(), StoreError> {
        self.conn().query_row("SELECT 1", [], |_| Ok(()))?;
        Ok(())
    }

    fn create_challenge(&self, c: &ChallengeRow) -> Result<(), StoreError> {
        challenges::create(&self.conn(), c)
    }

    fn load_challenge(&self, id: &str) -> Result<Option<ChallengeRow>, StoreError> {
        challenges::load(&self.conn(), id)
    }

    fn open_challenges(
        &self,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<ChallengeRow>, usize), StoreError> {
        challenges::open_page(&self.conn(), offset, limit)
    }

    fn count_open_challenges(
        &self,
        player: &str,
        address: &str,
    ) -> Result<(usize, usize), StoreError> {
        challenges::count_open(&self.conn(), player, address)
    }

    fn claim_challenge(&self, id: &str, game_id: &str) -> Result<bool, StoreError> {
        challenges::claim(&self.conn(), id, game_id)
    }

    fn cancel_challenge(&self, id: &str, player: &str) -> Result<bool, StoreError> {
        challenges::cancel(&self.conn(), id, player)
    }

    fn touch_challenges(&self, player: &str, now_ms: i64) -> Result<(), StoreError> {
        challenges::touch(&self.conn(), player, now_ms)
    }

    fn lapse_challenges(&self, now_ms: i64) -> Result<usize, StoreError> {
        challenges::lapse(&self.conn(), now_ms)
    }

    fn set_public_from(
        &self,
        id: &str,
        created_ms: i64,
        address: Option<&str>,
    ) -> Result<(), StoreError> {
        public::set(&self.conn(), id, created_ms, address)
    }

    fn live_public_games(&self, address: &str) -> Result<Vec<String>, StoreError> {
        public::live_from(&self.conn(), address)
    }

    fn release_public(&self, id: &str) -> Result<(), StoreError> {
        public::release(&self.conn(), id)
    }

    fn public_games(&self, offset: usize, limit: usize) -> Result<Vec<String>, StoreError> {
        public::page(&self.conn(), offset, limit)
    }

    fn unfinished_correspondence(&self) -> Result<Vec<String>, StoreError> {
        corr::unfinished(&self.conn())
    }

    fn claim_ticket(&self, id: &str, now_ms: i64) -> Result<bool, StoreError> {
        let n = self.conn().execute(
            "UPDATE games SET ticket_claimed_ms = ?2
             WHERE id = ?1 AND ticket IS NOT NULL AND ticket_claimed_ms IS NULL",
            params![id, now_ms],
        )?;
        Ok(n == 1)
    }

    fn set_game_names(&self, id: &str, white: &str, black: &str) -> Result<(), StoreError> {
        names::set(&self.conn(), id, white, black)
    }

    fn game_names(&self, id: &str) -> Result<Option<(String, String)>, StoreError> {
        names::get(&self.conn(), id)
    }

    fn load_rematch(&self, id: &str) -> Result<Option<RematchRow>, StoreError> {
        rematches::load(&self.conn(), id)
    }

    fn offer_rematch(&self, id: &str, side: Color, now_ms: i64) -> Result<bool, StoreError> {
        rematches::offer(&self.conn(), id, side, now_ms)
    }

    fn claim_rematch(
        &self,
        id: &str,
        new: &str,
        tokens: &[String; 2],
        now_ms: i64,
    ) -> Result<bool, StoreError> {
        rematches::claim(&self.conn(), id, new, tokens, now_ms)
    }

    fn release_rematch(&self, id: &str, new: &str) -> Result<(), StoreError> {
        rematches::release(&self.conn(), id, new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn row(id: &str) -> GameRow {
        GameRow {
            id: id.into(),
            variant: "chess".into(),
            options_json: "{}".into(),
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            mode: Mode::Local,
            white: Player::Human,
            black: Player::Human,
            white_token: "t".into(),
            black_token: "t".into(),
            time_control_json: None,
            ending: None,
            draw_offer: None,
            created_ms: 1,
            creator: None,
            ticket: None,
        }
    }

    #[test]
    fn games_and_moves_round_trip() {
        let s = SqliteStore::in_memory().unwrap();
        s.create_game(&row("g1")).unwrap();
        for (i, m) in ["e2e4", "e7e5", "g1f3"].iter().enumerate() {
            s.append_move(
                "g1",
                &MoveRow {
                    ply: i + 1,
                    text: (*m).into(),
                    white_ms: None,
                    black_ms: None,
                    played_ms: None,
                },
            )
            .unwrap();
        }
        assert!(s
            .append_move(
                "g1",
                &MoveRow {
                    ply: 3,
                    text: "x".into(),
                    white_ms: None,
                    black_ms: None,
                    played_ms: None
                }
            )
            .is_err());
        let seen = |plies| Seen {
            plies,
            draw_offer: None,
        };
        s.take_back("g1", &seen(3), 1).unwrap();
        let end = Ending {
            result: "0-1".into(),
            reason: "resignation".into(),
        };
        s.end_game("g1", &seen(1), &end).unwrap();
        let (g, moves) = s.load_game("g1").unwrap().unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(g.ending, Some(end));
        assert!(s.load_game("nope").unwrap().is_none());
    }

    #[test]
    fn a_database_of_an_older_version_gains_the_creator_column() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE games (id TEXT PRIMARY KEY, variant TEXT NOT NULL,
                options TEXT NOT NULL DEFAULT '{}', start_fen TEXT NOT NULL, mode TEXT NOT NULL,
                white TEXT NOT NULL, black TEXT NOT NULL, white_token TEXT NOT NULL,
                black_token TEXT NOT NULL, time_control TEXT, result TEXT, reason TEXT,
                draw_offer TEXT, created_ms INTEGER NOT NULL);
             INSERT INTO games VALUES ('old', 'chess', '{}', 'x', 'link', 'human', 'human',
                'a', 'b', NULL, NULL, NULL, NULL, 1);",
        )
        .unwrap();
        let s = SqliteStore::init(conn).unwrap();
        let (old, _) = s.load_game("old").unwrap().unwrap();
        assert_eq!(old.creator, None);
        let mut new = row("new");
        new.mode = Mode::Link;
        new.creator = Some(Color::Black);
        s.create_game(&new).unwrap();
        assert_eq!(s.load_game("new").unwrap().unwrap().0, new);
        // Opening it again changes nothing.
        migrations::migrate_sqlite(&mut s.conn()).unwrap();
    }

    #[test]
    fn commits_are_synced_to_disk() {
        let path = std::env::temp_dir().join(format!("menagerie-sync-{}.db", std::process::id()));
        let s = SqliteStore::open(&path).unwrap();
        let (mode, sync): (String, i64) = {
            let c = s.conn();
            let mode = c
                .query_row("PRAGMA journal_mode", [], |r| r.get(0))
                .unwrap();
            let sync = c.query_row("PRAGMA synchronous", [], |r| r.get(0)).unwrap();
            (mode, sync)
        };
        drop(s);
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
        assert_eq!(mode, "wal");
        assert_eq!(sync, 2, "synchronous must be FULL (2)");
    }

    #[test]
    fn setups_by_name() {
        let s = SqliteStore::in_memory().unwrap();
        let mut r = SetupRow {
            owner: "0123456789abcdef".into(),
            name: "mine".into(),
            spec: "pick-the-piece:slots=O,C".into(),
            options_json: "{}".into(),
            saved_ms: 1,
        };
        s.save_setup(&r).unwrap();
        r.spec = "pick-the-piece:slots=A,A".into();
        s.save_setup(&r).unwrap();
        assert_eq!(s.list_setups().unwrap(), vec![r]);
        assert!(s.delete_setup("0123456789abcdef", "mine").unwrap());
        assert!(!s.delete_setup("0123456789abcdef", "mine").unwrap());
    }
}
