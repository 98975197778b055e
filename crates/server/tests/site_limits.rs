//! The site's limits of the security review's low list: at most 5 live
//! public games per address, a game drawn at 1,000 plies (`ply_limit`),
//! display names that hide, reorder or pass for the engine or the site
//! refused, and a lobby game's record naming its players.

use crate::support;

use axum::http::StatusCode;
use menagerie_server::game::MAX_PLIES;
use menagerie_server::routes::watch::MAX_PUBLIC_GAMES_PER_ADDRESS;
use serde_json::{json, Value};
use support::router::App;
use support::{remove_db, temp_db};

const ANN: &str = "ann-key-0123456789";
const BOB: &str = "bob-key-0123456789";

/// `POST /api/games` of a game at one screen, public or not.
async fn local_game(app: &App, public: bool) -> (StatusCode, Value) {
    let body = json!({ "variant": "chess", "opponent": { "kind": "local" }, "public": public });
    app.post("/api/games", None, body).await
}

/// Plays `moves` with `token`, each answered `200`; the last answer.
async fn play(app: &App, id: &str, token: &str, moves: &[&str]) -> Value {
    let uri = format!("/api/games/{id}/moves");
    let mut last = Value::Null;
    for m in moves {
        let (s, v) = app.post(&uri, Some(token), json!({ "move": m })).await;
        assert_eq!(s, StatusCode::OK, "{m}: {v}");
        last = v;
    }
    last
}

/// The 6th live public game from one address is `429`; a private one is
/// still made; a game over (resigned, or mated on the board) stops counting.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sixth_public_game_from_an_address_is_refused() {
    let app = App::memory(1000);
    let mut games = Vec::new();
    for _ in 0..MAX_PUBLIC_GAMES_PER_ADDRESS {
        let (s, v) = local_game(&app, true).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        games.push((
            v["id"].as_str().unwrap().to_string(),
            v["token"].as_str().unwrap().to_string(),
        ));
    }
    let (s, v) = local_game(&app, true).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("too_many_public_games")),
        "{v}"
    );
    let (_, page) = app.get("/api/games?limit=50").await;
    assert_eq!(
        page["games"].as_array().unwrap().len(),
        MAX_PUBLIC_GAMES_PER_ADDRESS
    );
    let (s, _) = local_game(&app, false).await;
    assert_eq!(s, StatusCode::CREATED, "a private game is still made");
    // A resignation frees a place...
    let (id, token) = &games[0];
    let (s, _) = app
        .post(&format!("/api/games/{id}/resign"), Some(token), json!({}))
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, v) = local_game(&app, true).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let (s, _) = local_game(&app, true).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
    // ...and so does a mate on the board.
    let (id, token) = &games[1];
    let mated = play(&app, id, token, &["f2f3", "e7e5", "g2g4", "d8h4"]).await;
    assert_eq!(mated["outcome"]["reason"], "checkmate");
    let (s, v) = local_game(&app, true).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
}

/// A game reaching 1,000 plies (knights shuffling, draw rules off) ends
/// drawn with `ply_limit`: no legal actions, the next move refused, the
/// record drawn, and so after a restart too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_reaching_1000_plies_is_drawn() {
    assert_eq!(MAX_PLIES, 1000);
    let db = temp_db("ply-limit");
    let app = App::file(&db, 1000);
    let body = json!({ "variant": "chess", "options": { "draw_rules": false },
        "opponent": { "kind": "local" } });
    let (id, token) = app.create(body).await;
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let uri = format!("/api/games/{id}/moves");
    let mut last = Value::Null;
    for ply in 0..MAX_PLIES {
        let m = shuffle[ply % 4];
        let (s, v) = app.post(&uri, Some(&token), json!({ "move": m })).await;
        assert_eq!(s, StatusCode::OK, "ply {}: {v}", ply + 1);
        if ply + 1 < MAX_PLIES {
            assert!(v["outcome"].is_null(), "over at ply {}: {v}", ply + 1);
        }
        last = v;
    }
    assert_eq!(
        last["outcome"],
        json!({ "result": "1/2-1/2", "winner": null, "reason": "ply_limit" })
    );
    assert_eq!(last["legal"], json!([]));
    let (s, v) = app
        .post(&uri, Some(&token), json!({ "move": "g1f3" }))
        .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("game_over"))
    );
    let (_, _, pgn) = app.text(&format!("/api/games/{id}/record")).await;
    assert!(pgn.trim_end().ends_with("1/2-1/2"), "{pgn}");
    drop(app);
    let app = App::file(&db, 1000);
    let (_, v) = app.get(&format!("/api/games/{id}")).await;
    assert_eq!(v["outcome"]["reason"], "ply_limit", "after a restart");
    assert_eq!(v["moves"].as_array().unwrap().len(), MAX_PLIES);
    drop(app);
    remove_db(&db);
}

/// Names with bidirectional controls, zero-width or control characters,
/// or that pass for the engine or the site, are `400 bad_name` when a
/// challenge is opened and when one is accepted.
#[tokio::test]
async fn bad_display_names_are_refused() {
    let app = App::memory(1000);
    let bad = [
        "engine level 10",
        "Engine",
        "MENAGERIE",
        "admin",
        "Moderator",
        "Ann\u{202E}nnA",
        "\u{2066}Ann\u{2069}",
        "An\u{200B}n",
        "An\u{200D}n",
        "\u{FEFF}Ann",
        "A\u{200F}",
        "Ann\u{1b}[31m",
    ];
    for name in bad {
        let body = json!({ "player": ANN, "name": name, "variant": "chess" });
        let (s, v) = app.post("/api/challenges", None, body).await;
        assert_eq!(
            (s, v["error"].as_str()),
            (StatusCode::BAD_REQUEST, Some("bad_name")),
            "{name:?}"
        );
    }
    let body = json!({ "player": ANN, "name": "Ann", "variant": "chess" });
    let (s, v) = app.post("/api/challenges", None, body).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["challenge"]["id"].as_str().unwrap();
    for name in bad {
        let uri = format!("/api/challenges/{id}/accept");
        let (s, v) = app
            .post(&uri, None, json!({ "player": BOB, "name": name }))
            .await;
        assert_eq!(
            (s, v["error"].as_str()),
            (StatusCode::BAD_REQUEST, Some("bad_name")),
            "{name:?}"
        );
    }
}

/// The record of a lobby game names its players by their lobby names.
#[tokio::test]
async fn a_lobby_games_record_names_its_players() {
    let app = App::memory(1000);
    let body = json!({ "player": ANN, "name": "Ann", "variant": "chess", "color": "black" });
    let (s, v) = app.post("/api/challenges", None, body).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["challenge"]["id"].as_str().unwrap();
    let uri = format!("/api/challenges/{id}/accept");
    let (s, game) = app
        .post(&uri, None, json!({ "player": BOB, "name": "Bob" }))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{game}");
    let gid = game["id"].as_str().unwrap();
    let (s, _, pgn) = app.text(&format!("/api/games/{gid}/record")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(pgn.contains("[White \"Bob\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"Ann\"]"), "{pgn}");
    assert!(!pgn.contains("\"human\""), "{pgn}");
}
