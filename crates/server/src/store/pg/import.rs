//! Bulk copy into PostgreSQL (for `menagerie db migrate`): every row in one
//! transaction, so a failed copy keeps nothing.

use super::{lobby, queries, to_i64, PgStore};
use crate::store::copy::{Counts, GameCopy, LobbyCopy, COUNTS_SQL};
use crate::store::{ReviewRow, SetupRow, StoreError};
use tokio_postgres::GenericClient;

async fn import_review(c: &impl GenericClient, r: &ReviewRow) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO reviews (game_id, total_plies, budget, complete) VALUES ($1, $2, $3, $4)",
        &[
            &r.game_id,
            &to_i64(r.total_plies),
            &r.budget_json,
            &r.complete,
        ],
    )
    .await?;
    for p in &r.plies {
        c.execute(
            "INSERT INTO review_plies (game_id, ply, fen, data) VALUES ($1, $2, $3, $4)",
            &[&r.game_id, &to_i64(p.ply), &p.fen, &p.data_json],
        )
        .await?;
    }
    Ok(())
}

impl PgStore {
    /// Stores `games`, `setups` and the `lobby`'s rows in one transaction.
    ///
    /// # Errors
    /// A [`StoreError`]; nothing is kept then.
    pub fn import(
        &self,
        games: Vec<GameCopy>,
        setups: Vec<SetupRow>,
        lobby: LobbyCopy,
    ) -> Result<(), StoreError> {
        let origin = self.origin.clone();
        self.call(move |mut c| async move {
            let tx = c.transaction().await?;
            for g in &games {
                queries::create_game(&*tx, &g.game).await?;
                for m in &g.moves {
                    queries::append_move(&*tx, &origin, &g.game.id, m).await?;
                }
                if let Some(r) = &g.review {
                    import_review(&*tx, r).await?;
                }
            }
            for s in &setups {
                queries::save_setup(&*tx, s).await?;
            }
            for ch in &lobby.challenges {
                lobby::create_challenge(&*tx, ch).await?;
            }
            for (id, created_ms, address) in &lobby.public_games {
                lobby::set_public(&*tx, id, *created_ms, address.as_deref()).await?;
            }
            for (id, white, black) in &lobby.game_names {
                lobby::set_game_names(&*tx, &origin, id, white, black).await?;
            }
            tx.commit().await?;
            Ok(())
        })
    }

    /// How many rows of each kind the database holds.
    ///
    /// # Errors
    /// A [`StoreError`].
    pub fn counts(&self) -> Result<Counts, StoreError> {
        self.call(|c| async move {
            let r = c.query_one(COUNTS_SQL, &[]).await?;
            Ok(Counts::from_columns(|i| r.try_get(i))?)
        })
    }
}
