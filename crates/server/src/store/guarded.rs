//! Changes to a game decided on what a server saw of it. With several
//! servers on one database a server's copy of a game may be behind the
//! stored one, so every change to a game in play names the state it was
//! decided on ([`Seen`]); the store reads the stored state under the game's
//! lock (one transaction) and makes the change only if they agree, and
//! otherwise answers [`StoreError::Conflict`] (`409 concurrent_change`),
//! after which the server reloads the game. This module holds the rule and
//! its SQLite side; PostgreSQL's is `pg::guarded`.

use super::{Ending, MoveRow, StoreError};
use crate::readable::color_name;
use menagerie_rules::Color;
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};

/// What a server saw of a game when it decided an action on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    /// Plies played.
    pub plies: usize,
    /// The draw offer standing.
    pub draw_offer: Option<Color>,
}

/// A game's state as stored, read under its lock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stored {
    /// Whether it has ended.
    pub over: bool,
    /// The draw offer standing.
    pub draw_offer: Option<Color>,
    /// Plies played.
    pub plies: usize,
}

impl Stored {
    /// `Ok` if an action decided on `seen` may change game `id`: it has
    /// not ended and is as seen.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] saying what differs.
    pub fn allows(&self, id: &str, seen: &Seen) -> Result<(), StoreError> {
        if self.over {
            return Err(StoreError::Conflict(format!("game {id} has ended")));
        }
        if self.plies != seen.plies {
            return Err(StoreError::Conflict(format!(
                "game {id} has {} plies, not {}",
                self.plies, seen.plies
            )));
        }
        if self.draw_offer != seen.draw_offer {
            return Err(StoreError::Conflict(format!(
                "game {id}'s draw offer changed"
            )));
        }
        Ok(())
    }

    /// `Ok` if move `ply` may be added to game `id`: it has not ended and
    /// has exactly the plies before it (an undo elsewhere may have taken
    /// some back; another move may have landed).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] saying what differs.
    pub fn allows_move(&self, id: &str, ply: usize) -> Result<(), StoreError> {
        if self.over {
            return Err(StoreError::Conflict(format!("game {id} has ended")));
        }
        if self.plies + 1 != ply {
            return Err(StoreError::Conflict(format!(
                "game {id} already has ply {ply}, or lacks the plies before it ({} stored)",
                self.plies
            )));
        }
        Ok(())
    }
}

/// Game `id`'s stored state; [`StoreError::NoSuchGame`] if there is none.
fn stored(c: &Connection, id: &str) -> Result<Stored, StoreError> {
    let row: Option<(bool, Option<String>, i64)> = c
        .query_row(
            "SELECT result IS NOT NULL, draw_offer,
                (SELECT count(*) FROM moves WHERE game_id = ?1)
             FROM games WHERE id = ?1",
            params![id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let (over, offer, plies) = row.ok_or_else(|| StoreError::NoSuchGame(id.to_string()))?;
    let draw_offer = match offer {
        None => None,
        Some(s) => Some(
            super::side_of(&s)
                .ok_or_else(|| StoreError::Corrupt(format!("unexpected stored side {s:?}")))?,
        ),
    };
    Ok(Stored {
        over,
        draw_offer,
        plies: usize::try_from(plies).unwrap_or(0),
    })
}

/// Runs `change` in one immediate transaction (the database's write lock
/// taken first) after `check` accepts the stored state of game `id`.
fn guarded(
    c: &mut Connection,
    id: &str,
    check: impl FnOnce(&Stored) -> Result<(), StoreError>,
    change: impl FnOnce(&Connection) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
    check(&stored(&tx, id)?)?;
    change(&tx)?;
    tx.commit()?;
    Ok(())
}

/// Adds move `mv` to game `id` (see [`Stored::allows_move`]) and, in the
/// same transaction, withdraws a draw offer standing from `declines` (the
/// side the move answers).
pub(super) fn append_move(
    c: &mut Connection,
    id: &str,
    mv: &MoveRow,
    declines: Option<Color>,
) -> Result<(), StoreError> {
    guarded(
        c,
        id,
        |s| s.allows_move(id, mv.ply),
        |tx| {
            tx.execute(
                "INSERT INTO moves (game_id, ply, move, white_ms, black_ms, played_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    id,
                    mv.ply as i64,
                    mv.text,
                    mv.white_ms,
                    mv.black_ms,
                    mv.played_ms
                ],
            )?;
            if let Some(offerer) = declines {
                tx.execute(
                    "UPDATE games SET draw_offer = NULL WHERE id = ?1 AND draw_offer = ?2",
                    params![id, color_name(offerer)],
                )?;
            }
            Ok(())
        },
    )
}

/// Keeps the first `keep` plies of game `id` and clears its draw offer.
pub(super) fn take_back(
    c: &mut Connection,
    id: &str,
    seen: &Seen,
    keep: usize,
) -> Result<(), StoreError> {
    guarded(
        c,
        id,
        |s| s.allows(id, seen),
        |tx| {
            tx.execute(
                "DELETE FROM moves WHERE game_id = ?1 AND ply > ?2",
                params![id, keep as i64],
            )?;
            tx.execute(
                "UPDATE games SET draw_offer = NULL WHERE id = ?1",
                params![id],
            )?;
            Ok(())
        },
    )
}

/// Ends game `id` off the board, clearing its draw offer.
pub(super) fn end_game(
    c: &mut Connection,
    id: &str,
    seen: &Seen,
    ending: &Ending,
) -> Result<(), StoreError> {
    guarded(
        c,
        id,
        |s| s.allows(id, seen),
        |tx| {
            tx.execute(
                "UPDATE games SET result = ?2, reason = ?3, draw_offer = NULL WHERE id = ?1",
                params![id, ending.result, ending.reason],
            )?;
            Ok(())
        },
    )
}

/// Makes or clears game `id`'s draw offer.
pub(super) fn set_draw_offer(
    c: &mut Connection,
    id: &str,
    seen: &Seen,
    side: Option<Color>,
) -> Result<(), StoreError> {
    guarded(
        c,
        id,
        |s| s.allows(id, seen),
        |tx| {
            tx.execute(
                "UPDATE games SET draw_offer = ?2 WHERE id = ?1",
                params![id, side.map(color_name)],
            )?;
            Ok(())
        },
    )
}
