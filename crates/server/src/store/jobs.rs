//! Engine work as rows of a `jobs` table ([`JobStore`], PostgreSQL only):
//! any server with a free engine slot claims the oldest claimable job of a
//! kind (`FOR UPDATE SKIP LOCKED`, so two servers never claim one job) and
//! holds it under a lease that it renews while it works; a job whose lease
//! ran out (its server died) is claimable again. A finished job's row is
//! deleted. See `docs/deploy.md`.

use super::StoreError;
use std::time::Duration;

/// What a job asks of the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JobKind {
    /// The engine's move in a game against the engine, for the position
    /// after the job's ply.
    Reply,
    /// A review of the game's every position (its ply is 0: the game as it
    /// stands when the job runs).
    Review,
}

impl JobKind {
    /// The name stored in the `kind` column.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            JobKind::Reply => "reply",
            JobKind::Review => "review",
        }
    }

    /// The kind of a stored name.
    #[must_use]
    pub fn from_name(s: &str) -> Option<JobKind> {
        match s {
            "reply" => Some(JobKind::Reply),
            "review" => Some(JobKind::Review),
            _ => None,
        }
    }
}

/// One job as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobRow {
    /// The job's number (the order jobs are claimed in).
    pub id: i64,
    /// What it asks.
    pub kind: JobKind,
    /// The game it is about.
    pub game_id: String,
    /// For a reply, how many plies the game had when the engine was to
    /// move (the reply is ply `ply + 1`); 0 for a review.
    pub ply: usize,
    /// The server holding it, if one does (its lease may have run out).
    pub owner: Option<String>,
    /// How many times it was claimed (1 on the first claim).
    pub attempts: u32,
}

/// The `jobs` table: queue, claim under a lease, renew, finish, hand back.
pub trait JobStore: Send + Sync {
    /// Queues a job, unless the same one (kind, game, ply) is queued or
    /// held already; whether a row was added.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn enqueue(&self, kind: JobKind, game_id: &str, ply: usize) -> Result<bool, StoreError>;
    /// Claims the oldest job of `kind` that nobody holds or whose lease ran
    /// out, for `owner`, with a lease of `lease` from now (the database's
    /// clock); `None` if there is none.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn claim(
        &self,
        kind: JobKind,
        owner: &str,
        lease: Duration,
    ) -> Result<Option<JobRow>, StoreError>;
    /// Extends `owner`'s lease of job `id` to `lease` from now; `false` if
    /// `owner` no longer holds it (another server took it over, or it is
    /// finished).
    ///
    /// # Errors
    /// A [`StoreError`].
    fn renew(&self, id: i64, owner: &str, lease: Duration) -> Result<bool, StoreError>;
    /// Deletes job `id` if `owner` holds it; whether it did.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn finish(&self, id: i64, owner: &str) -> Result<bool, StoreError>;
    /// Hands job `id` back (claimable at once by any server) if `owner`
    /// holds it; whether it did.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn release(&self, id: i64, owner: &str) -> Result<bool, StoreError>;
    /// Hands back every job `owner` holds (a server stopping); how many.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn release_all(&self, owner: &str) -> Result<usize, StoreError>;
    /// Whether a job of `kind` for game `game_id` is queued or held.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn has_job(&self, kind: JobKind, game_id: &str) -> Result<bool, StoreError>;
    /// Every job queued or held, oldest first.
    ///
    /// # Errors
    /// A [`StoreError`].
    fn list_jobs(&self) -> Result<Vec<JobRow>, StoreError>;
}
