//! Rematches (issue 21): offered by one player of a game over links and
//! started when the other asks too, colours swapped, both told live with
//! their own seat links; "play again" against the engine starts at once.

use crate::support;

use axum::http::StatusCode;
use serde_json::{json, Value};
use std::time::Duration;
use support::router::App;

fn seat_of(link: &Value) -> String {
    link.as_str()
        .unwrap()
        .split("seat=")
        .nth(1)
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn offered_then_accepted_with_colours_swapped_and_both_told_live() {
    let app = App::memory(1000);
    let body = json!({ "variant": "chess", "opponent": { "kind": "link" }, "color": "white",
        "time_control": { "days_per_move": 1 } });
    let (s, created) = app.post("/api/games", None, body).await;
    assert_eq!(s, StatusCode::CREATED);
    let id = created["id"].as_str().unwrap();
    let white = created["token"].as_str().unwrap().to_string();
    let black = app.claim(&created["links"]["black"]).await;
    let uri = format!("/api/games/{id}/rematch");

    let (s, v) = app.post(&uri, Some(&white), json!({})).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("game_not_over"))
    );
    app.post(&format!("/api/games/{id}/resign"), Some(&black), json!({}))
        .await;
    let (s, v) = app.post(&uri, None, json!({})).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_your_seat"))
    );

    let (_, ev) = app
        .events(&format!("/api/games/{id}/events?seat={black}"))
        .await;
    let mut ev = ev.unwrap();
    ev.next(Duration::from_secs(5)).await.unwrap();
    let (s, v) = app.post(&uri, Some(&white), json!({})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        (
            v["rematch"]["offered_by"].as_str(),
            v["rematch"]["game"].as_str()
        ),
        (Some("white"), None)
    );
    let (_, seen) = ev.next(Duration::from_secs(5)).await.unwrap();
    assert_eq!(
        seen["rematch"]["offered_by"], "white",
        "Black sees the offer live"
    );
    let (s, again) = app.post(&uri, Some(&white), json!({})).await;
    assert_eq!(
        (s, again["rematch"]["game"].is_null()),
        (StatusCode::OK, true),
        "asking twice starts nothing"
    );

    let (s, v) = app.post(&uri, Some(&black), json!({})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let new = v["rematch"]["game"].as_str().unwrap().to_string();
    let black_now = seat_of(&v["rematch"]["link"]);
    let (_, seen) = loop {
        let e = ev.next(Duration::from_secs(5)).await.unwrap();
        if e.1["rematch"]["game"].is_string() {
            break e;
        }
    };
    assert_eq!(
        seat_of(&seen["rematch"]["link"]),
        black_now,
        "each viewer gets its own link"
    );
    let (_, spectator) = app.get(&format!("/api/games/{id}")).await;
    assert!(
        spectator["rematch"]["link"].is_null(),
        "spectators get no link"
    );
    let (s, w) = app.post(&uri, Some(&white), json!({})).await;
    assert_eq!(s, StatusCode::OK);
    let white_now = seat_of(&w["rematch"]["link"]);
    assert_ne!(white_now, black_now);

    let req = |t: &str| (format!("/api/games/{new}"), t.to_string());
    for (token, you) in [(&black_now, "white"), (&white_now, "black")] {
        let (uri, t) = req(token);
        let v = app
            .call(axum::http::Method::GET, &uri, Some(&t), None)
            .await
            .1;
        assert_eq!(v["you"], you, "colours swapped: {v}");
        assert_eq!(v["clocks"]["days_per_move"], 1, "same settings");
    }
}

#[tokio::test]
async fn play_again_against_the_engine_starts_at_once_with_the_same_colour() {
    let app = App::memory(1000);
    let body = json!({ "variant": "wreckage", "opponent": { "kind": "engine", "level": 1 }, "color": "black" });
    let (id, token) = app.create(body).await;
    app.post(&format!("/api/games/{id}/resign"), Some(&token), json!({}))
        .await;
    let (s, v) = app
        .post(&format!("/api/games/{id}/rematch"), Some(&token), json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let new = v["rematch"]["game"].as_str().unwrap();
    let t = seat_of(&v["rematch"]["link"]);
    let v = app
        .call(
            axum::http::Method::GET,
            &format!("/api/games/{new}"),
            Some(&t),
            None,
        )
        .await
        .1;
    assert_eq!(
        (v["you"].as_str(), v["variant"].as_str()),
        (Some("black"), Some("wreckage"))
    );
    assert!(
        v["players"]["white"].as_str().unwrap().contains("1"),
        "{}",
        v["players"]
    );
}
