//! The SQLite side of open challenges (the lobby): one `challenges` row per
//! challenge, open until someone accepts it, its creator cancels it or it
//! lapses. Accepting is one conditional `UPDATE`, so of two players who
//! accept at once exactly one wins.

use super::StoreError;
use rusqlite::{params, Connection, OptionalExtension};

/// Where a challenge stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChallengeState {
    /// Waiting in the lobby.
    Open,
    /// Taken: its game exists.
    Accepted,
    /// Withdrawn by its creator.
    Cancelled,
    /// Its creator was gone too long.
    Lapsed,
}

impl ChallengeState {
    /// The state as stored and sent (`open`, `accepted`, ...).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ChallengeState::Open => "open",
            ChallengeState::Accepted => "accepted",
            ChallengeState::Cancelled => "cancelled",
            ChallengeState::Lapsed => "lapsed",
        }
    }

    /// The state of a stored name.
    #[must_use]
    pub fn from_name(s: &str) -> Option<ChallengeState> {
        [
            ChallengeState::Open,
            ChallengeState::Accepted,
            ChallengeState::Cancelled,
            ChallengeState::Lapsed,
        ]
        .into_iter()
        .find(|c| c.name() == s)
    }
}

/// An open challenge as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    /// The challenge's id.
    pub id: String,
    /// The creator's player key (a secret of the creator's browser).
    pub player: String,
    /// The address it was created from (for the per-address limit).
    pub address: String,
    /// The creator's display name.
    pub name: String,
    /// The variant spec.
    pub variant: String,
    /// Rule flags that differ from the defaults, as JSON.
    pub options_json: String,
    /// The start position string.
    pub start_fen: String,
    /// The time control as JSON, if timed.
    pub time_control_json: Option<String>,
    /// The creator's colour: `white`, `black` or `random`.
    pub color: String,
    /// The seat token the creator will hold in the game.
    pub token: String,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// When the creator was last seen in the lobby.
    pub seen_ms: i64,
    /// Where it stands.
    pub state: ChallengeState,
    /// The game it started, once accepted.
    pub game_id: Option<String>,
    /// Whether its game is listed among the games to watch.
    pub public: bool,
    /// How long after its creator was last seen it lapses, in milliseconds.
    pub lapse_ms: i64,
}

const COLUMNS: &str = "id, player, address, name, variant, options, start_fen, time_control,
    color, token, created_ms, seen_ms, state, game_id, public, lapse_ms";

fn read_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<ChallengeRow> {
    Ok(ChallengeRow {
        id: r.get(0)?,
        player: r.get(1)?,
        address: r.get(2)?,
        name: r.get(3)?,
        variant: r.get(4)?,
        options_json: r.get(5)?,
        start_fen: r.get(6)?,
        time_control_json: r.get(7)?,
        color: r.get(8)?,
        token: r.get(9)?,
        created_ms: r.get(10)?,
        seen_ms: r.get(11)?,
        state: super::stored(r, 12, ChallengeState::from_name)?,
        game_id: r.get(13)?,
        public: r.get(14)?,
        lapse_ms: r.get(15)?,
    })
}

fn to_i64(v: usize) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

fn to_usize(v: i64) -> usize {
    usize::try_from(v).unwrap_or(0)
}

pub(super) fn create(conn: &Connection, c: &ChallengeRow) -> Result<(), StoreError> {
    conn.execute(
        &format!("INSERT INTO challenges ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)"),
        params![
            c.id,
            c.player,
            c.address,
            c.name,
            c.variant,
            c.options_json,
            c.start_fen,
            c.time_control_json,
            c.color,
            c.token,
            c.created_ms,
            c.seen_ms,
            c.state.name(),
            c.game_id,
            c.public,
            c.lapse_ms
        ],
    )?;
    Ok(())
}

pub(super) fn load(conn: &Connection, id: &str) -> Result<Option<ChallengeRow>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM challenges WHERE id = ?1");
    Ok(conn.query_row(&sql, params![id], read_row).optional()?)
}

pub(super) fn open_page(
    conn: &Connection,
    offset: usize,
    limit: usize,
) -> Result<(Vec<ChallengeRow>, usize), StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM challenges WHERE state = 'open'
         ORDER BY created_ms DESC, rowid DESC LIMIT ?1 OFFSET ?2"
    );
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt
        .query_map(params![to_i64(limit), to_i64(offset)], read_row)?
        .collect::<Result<Vec<_>, _>>()?;
    let total: i64 = conn.query_row(
        "SELECT COUNT(*) FROM challenges WHERE state = 'open'",
        [],
        |r| r.get(0),
    )?;
    Ok((rows, to_usize(total)))
}

/// Every challenge in any state, in the order they were stored.
pub(super) fn all(conn: &Connection) -> Result<Vec<ChallengeRow>, StoreError> {
    let mut stmt = conn.prepare(&format!("SELECT {COLUMNS} FROM challenges ORDER BY rowid"))?;
    let rows = stmt
        .query_map([], read_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

pub(super) fn count_open(
    conn: &Connection,
    player: &str,
    address: &str,
) -> Result<(usize, usize), StoreError> {
    let count = |column: &str, value: &str| -> Result<usize, StoreError> {
        let sql = format!("SELECT COUNT(*) FROM challenges WHERE state = 'open' AND {column} = ?1");
        let n: i64 = conn.query_row(&sql, params![value], |r| r.get(0))?;
        Ok(to_usize(n))
    };
    Ok((count("player", player)?, count("address", address)?))
}

pub(super) fn claim(conn: &Connection, id: &str, game_id: &str) -> Result<bool, StoreError> {
    let n = conn.execute(
        "UPDATE challenges SET state = 'accepted', game_id = ?2 WHERE id = ?1 AND state = 'open'",
        params![id, game_id],
    )?;
    Ok(n == 1)
}

pub(super) fn cancel(conn: &Connection, id: &str, player: &str) -> Result<bool, StoreError> {
    let n = conn.execute(
        "UPDATE challenges SET state = 'cancelled'
         WHERE id = ?1 AND player = ?2 AND state = 'open'",
        params![id, player],
    )?;
    Ok(n == 1)
}

pub(super) fn touch(conn: &Connection, player: &str, now_ms: i64) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE challenges SET seen_ms = ?2 WHERE player = ?1 AND state = 'open'",
        params![player, now_ms],
    )?;
    Ok(())
}

pub(super) fn lapse(conn: &Connection, now_ms: i64) -> Result<usize, StoreError> {
    let n = conn.execute(
        "UPDATE challenges SET state = 'lapsed' WHERE state = 'open' AND seen_ms + lapse_ms < ?1",
        params![now_ms],
    )?;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::super::{SqliteStore, Store};
    use super::*;

    fn row(id: &str, player: &str, seen_ms: i64) -> ChallengeRow {
        ChallengeRow {
            id: id.into(),
            player: player.into(),
            address: "127.0.0.1".into(),
            name: "Ann".into(),
            variant: "chess".into(),
            options_json: "{}".into(),
            start_fen: "8/8/8/8/8/8/8/8 w - - 0 1".into(),
            time_control_json: None,
            color: "random".into(),
            token: "tok".into(),
            created_ms: seen_ms,
            seen_ms,
            state: ChallengeState::Open,
            game_id: None,
            public: true,
            lapse_ms: 100,
        }
    }

    #[test]
    fn a_challenge_is_claimed_once() {
        let s = SqliteStore::in_memory().unwrap();
        s.create_challenge(&row("c1", "p", 10)).unwrap();
        assert!(s.claim_challenge("c1", "g1").unwrap());
        assert!(!s.claim_challenge("c1", "g2").unwrap());
        let c = s.load_challenge("c1").unwrap().unwrap();
        assert_eq!(c.state, ChallengeState::Accepted);
        assert_eq!(c.game_id.as_deref(), Some("g1"));
        assert!(s.load_challenge("nope").unwrap().is_none());
    }

    #[test]
    fn only_the_creator_cancels_and_old_ones_lapse() {
        let s = SqliteStore::in_memory().unwrap();
        s.create_challenge(&row("c1", "p", 10)).unwrap();
        s.create_challenge(&row("c2", "p", 10)).unwrap();
        s.create_challenge(&row("c3", "q", 50)).unwrap();
        assert_eq!(s.count_open_challenges("p", "127.0.0.1").unwrap(), (2, 3));
        assert!(!s.cancel_challenge("c1", "q").unwrap());
        assert!(s.cancel_challenge("c1", "p").unwrap());
        s.touch_challenges("p", 100).unwrap();
        assert_eq!(s.lapse_challenges(160).unwrap(), 1, "only q's c3 is stale");
        let (page, total) = s.open_challenges(0, 10).unwrap();
        assert_eq!(total, 1);
        assert_eq!(page[0].id, "c2");
        assert_eq!(
            s.load_challenge("c3").unwrap().unwrap().state,
            ChallengeState::Lapsed
        );
        assert!(!s.claim_challenge("c3", "g").unwrap(), "a lapsed one");
    }

    #[test]
    fn the_open_list_is_paged_newest_first() {
        let s = SqliteStore::in_memory().unwrap();
        for i in 0..5 {
            s.create_challenge(&row(&format!("c{i}"), "p", i)).unwrap();
        }
        let (page, total) = s.open_challenges(1, 2).unwrap();
        assert_eq!(total, 5);
        let ids: Vec<_> = page.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["c3", "c2"]);
    }
}
