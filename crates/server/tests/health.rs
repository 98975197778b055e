//! `GET /healthz`: `200` with the engine's slots while the database
//! answers, `503` naming the failure when it does not; never rate limited.

use crate::support;

use menagerie_rules::Color;
use menagerie_server::store::{
    ChallengeRow, Ending, GameRow, MoveRow, RematchRow, ReviewPlyRow, ReviewRow, Seen, SetupRow,
    SqliteStore, Store, StoreError,
};
use menagerie_server::Config;
use std::sync::Arc;
use support::{Client, Server};

fn config() -> Config {
    Config {
        engine_workers: 3,
        rate_burst: 2,
        rate_per_second: 1,
        ..Config::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthy_with_engine_slots_and_not_rate_limited() {
    let store = Arc::new(SqliteStore::in_memory().unwrap());
    let server = Server::with_store(store, &config());
    let c = Client::new(server.addr);
    for _ in 0..5 {
        let a = c.expect(200, "GET", "/healthz", None, None).await.unwrap();
        assert_eq!(a.json["status"], "ok");
        assert_eq!(a.json["database"], "ok");
        assert_eq!(a.json["engine"]["slots"], 3);
        assert_eq!(a.json["engine"]["free"], 3);
    }
}

/// A store whose database has gone away: every call fails.
struct Gone(SqliteStore);

fn gone() -> StoreError {
    StoreError::Unavailable("connection refused".into())
}

impl Store for Gone {
    fn create_game(&self, _: &GameRow) -> Result<(), StoreError> {
        Err(gone())
    }
    fn load_game(&self, _: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> {
        Err(gone())
    }
    fn append_move_declining(
        &self,
        _: &str,
        _: &MoveRow,
        _: Option<Color>,
    ) -> Result<(), StoreError> {
        Err(gone())
    }
    fn take_back(&self, _: &str, _: &Seen, _: usize) -> Result<(), StoreError> {
        Err(gone())
    }
    fn end_game(&self, _: &str, _: &Seen, _: &Ending) -> Result<(), StoreError> {
        Err(gone())
    }
    fn set_draw_offer(&self, _: &str, _: &Seen, _: Option<Color>) -> Result<(), StoreError> {
        Err(gone())
    }
    fn save_setup(&self, _: &SetupRow) -> Result<(), StoreError> {
        Err(gone())
    }
    fn list_setups(&self) -> Result<Vec<SetupRow>, StoreError> {
        Err(gone())
    }
    fn delete_setup(&self, _: &str, _: &str) -> Result<bool, StoreError> {
        Err(gone())
    }
    fn load_review(&self, _: &str) -> Result<Option<ReviewRow>, StoreError> {
        Err(gone())
    }
    fn begin_review(&self, _: &str, _: usize, _: &str, _: usize) -> Result<(), StoreError> {
        Err(gone())
    }
    fn save_review_ply(&self, _: &str, _: &ReviewPlyRow) -> Result<(), StoreError> {
        Err(gone())
    }
    fn finish_review(&self, _: &str) -> Result<(), StoreError> {
        Err(gone())
    }
    fn unfinished_reviews(&self) -> Result<Vec<String>, StoreError> {
        // At start the server asks for these; the database was still there.
        self.0.unfinished_reviews()
    }
    fn ping(&self) -> Result<(), StoreError> {
        Err(gone())
    }
    fn create_challenge(&self, _: &ChallengeRow) -> Result<(), StoreError> {
        Err(gone())
    }
    fn load_challenge(&self, _: &str) -> Result<Option<ChallengeRow>, StoreError> {
        Err(gone())
    }
    fn open_challenges(
        &self,
        _: usize,
        _: usize,
    ) -> Result<(Vec<ChallengeRow>, usize), StoreError> {
        Err(gone())
    }
    fn count_open_challenges(&self, _: &str, _: &str) -> Result<(usize, usize), StoreError> {
        Err(gone())
    }
    fn claim_challenge(&self, _: &str, _: &str) -> Result<bool, StoreError> {
        Err(gone())
    }
    fn cancel_challenge(&self, _: &str, _: &str) -> Result<bool, StoreError> {
        Err(gone())
    }
    fn touch_challenges(&self, _: &str, _: i64) -> Result<(), StoreError> {
        Err(gone())
    }
    fn lapse_challenges(&self, _: i64) -> Result<usize, StoreError> {
        Err(gone())
    }
    fn set_public_from(&self, _: &str, _: i64, _: Option<&str>) -> Result<(), StoreError> {
        Err(gone())
    }
    fn live_public_games(&self, _: &str) -> Result<Vec<String>, StoreError> {
        Err(gone())
    }
    fn release_public(&self, _: &str) -> Result<(), StoreError> {
        Err(gone())
    }
    fn public_games(&self, _: usize, _: usize) -> Result<Vec<String>, StoreError> {
        Err(gone())
    }
    fn unfinished_correspondence(&self) -> Result<Vec<String>, StoreError> {
        // Asked at start too, like the reviews.
        self.0.unfinished_correspondence()
    }
    fn claim_ticket(&self, _: &str, _: i64) -> Result<bool, StoreError> {
        Err(gone())
    }
    fn set_game_names(&self, _: &str, _: &str, _: &str) -> Result<(), StoreError> {
        Err(gone())
    }
    fn game_names(&self, _: &str) -> Result<Option<(String, String)>, StoreError> {
        Err(gone())
    }
    fn load_rematch(&self, _: &str) -> Result<Option<RematchRow>, StoreError> {
        Err(gone())
    }
    fn offer_rematch(&self, _: &str, _: Color, _: i64) -> Result<bool, StoreError> {
        Err(gone())
    }
    fn claim_rematch(&self, _: &str, _: &str, _: &[String; 2], _: i64) -> Result<bool, StoreError> {
        Err(gone())
    }
    fn release_rematch(&self, _: &str, _: &str) -> Result<(), StoreError> {
        Err(gone())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unavailable_when_the_database_does_not_answer() {
    let store = Arc::new(Gone(SqliteStore::in_memory().unwrap()));
    let server = Server::with_store(store, &config());
    let c = Client::new(server.addr);
    let a = c.expect(503, "GET", "/healthz", None, None).await.unwrap();
    assert_eq!(a.json["status"], "unavailable");
    let said = a.json["database"].as_str().unwrap_or_default();
    assert!(said.contains("connection refused"), "{said}");
    assert_eq!(a.json["engine"]["slots"], 3);
}
