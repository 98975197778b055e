//! Two servers on one PostgreSQL database, and the steps of a game played
//! through them (the cluster tests: `cluster*.rs`).

use super::pg::ScratchDb;
use super::{view_moves, Client, Server};
use menagerie_server::{Config, PgStore, Store};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;

/// How long a change may take to reach the other server before a test
/// fails (the aim, checked on the median where measured, is 200 ms).
pub const PROPAGATION_LIMIT: Duration = Duration::from_secs(3);

/// A server's limits in these tests: one engine worker, no rate limit to
/// speak of.
#[must_use]
pub fn config() -> Config {
    Config {
        engine_workers: 1,
        rate_burst: 10_000,
        rate_per_second: 10_000,
        ..Config::default()
    }
}

/// Servers A and B on one scratch database.
#[must_use]
pub fn two_servers(db: &ScratchDb) -> (Server, Server) {
    let store = || -> Arc<dyn Store> { Arc::new(PgStore::open(&db.url).expect("PostgreSQL")) };
    (
        Server::with_store(store(), &config()),
        Server::with_store(store(), &config()),
    )
}

/// A game over a link created on `c`'s server with `extra` fields in the
/// request (a time control...): (id, White's token, Black's token).
pub async fn link_game_with(c: &Client, extra: Value) -> (String, String, String) {
    let mut body = json!({ "variant": "chess", "opponent": { "kind": "link" } });
    if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        b.extend(e.clone());
    }
    let a = c
        .expect(201, "POST", "/api/games", None, Some(&body))
        .await
        .unwrap();
    let id = a.json["id"].as_str().unwrap().to_string();
    let white = a.json["token"].as_str().unwrap().to_string();
    let black = c.claim(&a.json["links"]["black"]).await.unwrap();
    (id, white, black)
}

/// A game over a link created on `c`'s server: (id, White's token, Black's token).
pub async fn link_game(c: &Client) -> (String, String, String) {
    link_game_with(c, json!({})).await
}

/// The first legal action of a view.
#[must_use]
pub fn first_legal(view: &Value) -> String {
    view["legal"][0]["text"].as_str().unwrap().to_string()
}

/// Whether a view has `n` plies.
pub fn plies(n: usize) -> impl Fn(&Value) -> bool {
    move |v| view_moves(v).len() == n
}

/// The moves stored for game `id`, read with a store of its own.
#[must_use]
pub fn stored_moves(db: &ScratchDb, id: &str) -> Vec<String> {
    let check = PgStore::open(&db.url).expect("PostgreSQL");
    let (_, moves) = check.load_game(id).unwrap().expect("the game is stored");
    moves.into_iter().map(|m| m.text).collect()
}
