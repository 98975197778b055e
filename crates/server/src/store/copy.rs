//! `menagerie db migrate --from FILE --to postgres://...`: copies every
//! game (with its moves and review), every saved setup, and the lobby's
//! rows (challenges, games to watch, players' names) from a SQLite
//! file into an empty PostgreSQL database in one transaction, then checks
//! that both hold the same number of rows of each kind.

use super::{PgStore, SqliteStore, Store, StoreError};
use std::path::Path;

/// How many rows of each kind a database holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Games.
    pub games: i64,
    /// Moves of all games.
    pub moves: i64,
    /// Saved setups.
    pub setups: i64,
    /// Reviews.
    pub reviews: i64,
    /// Reviewed positions.
    pub review_plies: i64,
    /// Challenges, in any state.
    pub challenges: i64,
    /// Games listed to watch.
    pub public_games: i64,
    /// Games with their players' names.
    pub game_names: i64,
}

/// The query both backends answer with a [`Counts`] row.
pub const COUNTS_SQL: &str = "SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM moves),
    (SELECT COUNT(*) FROM setups), (SELECT COUNT(*) FROM reviews),
    (SELECT COUNT(*) FROM review_plies), (SELECT COUNT(*) FROM challenges),
    (SELECT COUNT(*) FROM public_games), (SELECT COUNT(*) FROM game_names)";

impl Counts {
    /// Counts from a row of [`COUNTS_SQL`], read by `get(i)`.
    ///
    /// # Errors
    /// The first column `get` cannot read.
    pub fn from_columns<E>(mut get: impl FnMut(usize) -> Result<i64, E>) -> Result<Counts, E> {
        Ok(Counts {
            games: get(0)?,
            moves: get(1)?,
            setups: get(2)?,
            reviews: get(3)?,
            review_plies: get(4)?,
            challenges: get(5)?,
            public_games: get(6)?,
            game_names: get(7)?,
        })
    }

    /// Whether nothing is stored.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Counts::default()
    }
}

/// The lobby's rows, as copied, each table in the order it was stored.
#[derive(Clone, Debug, Default)]
pub struct LobbyCopy {
    /// Every challenge, in any state.
    pub challenges: Vec<super::ChallengeRow>,
    /// The games to watch: id, listing time and the address counted for.
    pub public_games: Vec<(String, i64, Option<String>)>,
    /// Players' names: game id, White's, Black's.
    pub game_names: Vec<(String, String, String)>,
}

impl std::fmt::Display for Counts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} games, {} moves, {} setups, {} reviews ({} reviewed positions), \
             {} challenges, {} games to watch, {} games with players' names",
            self.games,
            self.moves,
            self.setups,
            self.reviews,
            self.review_plies,
            self.challenges,
            self.public_games,
            self.game_names
        )
    }
}

/// One game as copied: its row, its moves and its review.
#[derive(Clone, Debug)]
pub struct GameCopy {
    /// The game.
    pub game: super::GameRow,
    /// Its moves in order.
    pub moves: Vec<super::MoveRow>,
    /// Its review, if it has one.
    pub review: Option<super::ReviewRow>,
}

/// Reads every game of `from`.
fn read_games(from: &SqliteStore) -> Result<Vec<GameCopy>, StoreError> {
    let mut games = Vec::new();
    for id in from.game_ids()? {
        let Some((game, moves)) = from.load_game(&id)? else {
            continue;
        };
        let review = from.load_review(&id)?;
        games.push(GameCopy {
            game,
            moves,
            review,
        });
    }
    Ok(games)
}

/// Copies the SQLite file `from` into the empty PostgreSQL database `to`;
/// the counts copied.
///
/// # Errors
/// A sentence: no such file, a database that cannot be opened, a target
/// that is not empty, a failed copy (nothing is kept then), or counts that
/// differ afterwards.
pub fn sqlite_to_postgres(from: &Path, to: &str) -> Result<Counts, String> {
    if !from.is_file() {
        return Err(format!("no SQLite file at {}", from.display()));
    }
    let source =
        SqliteStore::open(from).map_err(|e| format!("cannot open {}: {e}", from.display()))?;
    let shown = super::shown_location(Path::new(to));
    let target = PgStore::open(to).map_err(|e| format!("cannot open {shown}: {e}"))?;
    let before = target.counts().map_err(|e| e.to_string())?;
    if !before.is_empty() {
        return Err(format!(
            "{shown} is not empty ({before}): migrate into an empty database"
        ));
    }
    let want = source.counts().map_err(|e| e.to_string())?;
    let games = read_games(&source).map_err(|e| format!("reading {}: {e}", from.display()))?;
    let setups = source.list_setups().map_err(|e| e.to_string())?;
    let lobby = source
        .lobby_rows()
        .map_err(|e| format!("reading {}: {e}", from.display()))?;
    target
        .import(games, setups, lobby)
        .map_err(|e| format!("copying into {shown} failed, nothing was kept: {e}"))?;
    let got = target.counts().map_err(|e| e.to_string())?;
    if got != want {
        return Err(format!(
            "the counts differ after copying: {} holds {want}, {shown} holds {got}",
            from.display()
        ));
    }
    Ok(got)
}
