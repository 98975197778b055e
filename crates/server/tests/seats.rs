//! The seats of a game over a link (security finding M3): the invitation
//! link carries a one-time claim ticket, never the invited seat's token;
//! the ticket is traded once for that token (`POST /api/games/{id}/claim`),
//! also after a restart and through another server on the same PostgreSQL
//! database; the creator never holds the other seat's token.

use crate::support;

use axum::http::StatusCode;
use serde_json::{json, Value};
use std::time::Duration;
use support::cluster::{two_servers, PROPAGATION_LIMIT};
use support::pg::{server_url, ScratchDb};
use support::router::App;
use support::sse::Events;
use support::{remove_db, temp_db, Client};

/// A game over a link created by White: the creation's answer.
async fn link_game(app: &App) -> Value {
    let body = json!({ "variant": "chess", "opponent": { "kind": "link" }, "color": "white" });
    let (s, created) = app.post("/api/games", None, body).await;
    assert_eq!(s, StatusCode::CREATED, "{created}");
    created
}

/// The claim ticket of an invitation link.
fn ticket_of(link: &Value) -> String {
    let link = link.as_str().expect("an invitation link");
    link.split_once("?ticket=").expect("a ticket").1.to_string()
}

/// `POST /api/games/{id}/claim` with `ticket`.
async fn claim(app: &App, id: &str, ticket: &str) -> (StatusCode, Value) {
    let uri = format!("/api/games/{id}/claim");
    app.post(&uri, None, json!({ "ticket": ticket })).await
}

/// Everything the creator is sent, before and after the claim, names
/// neither the invited seat's token nor a `?seat=` link for it; with only
/// the creator's token, Black's moves and resignation are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_creators_view_never_holds_the_other_seats_token() {
    let app = App::memory(1000);
    let created = link_game(&app).await;
    let id = created["id"].as_str().unwrap();
    let white = created["token"].as_str().unwrap();
    let (_, events) = app
        .events(&format!("/api/games/{id}/events?seat={white}"))
        .await;
    let mut events = events.unwrap();
    let (_, first_event) = events.next(Duration::from_secs(5)).await.unwrap();
    let read = |app: App, id: String, t: String| async move {
        let uri = format!("/api/games/{id}");
        app.call(axum::http::Method::GET, &uri, Some(&t), None)
            .await
            .1
    };
    let before = read(app.clone(), id.into(), white.into()).await;
    let link = created["links"]["black"].clone();
    assert!(link.as_str().unwrap().contains("?ticket="), "{link}");
    let (s, claimed) = claim(&app, id, &ticket_of(&link)).await;
    assert_eq!(s, StatusCode::OK, "{claimed}");
    let black = claimed["token"].as_str().unwrap().to_string();
    assert_eq!(claimed["seat"], "black");
    assert_eq!(claimed["game"]["you"], "black");
    let after = read(app.clone(), id.into(), white.into()).await;
    let (_, after_event) = events.next(Duration::from_secs(5)).await.unwrap();
    for (what, v) in [
        ("the creation", &created),
        ("the first event", &first_event),
        ("the view before the claim", &before),
        ("the view after the claim", &after),
        ("the event after the claim", &after_event),
    ] {
        assert!(
            !v.to_string().contains(&black),
            "{what} holds Black's token"
        );
    }
    assert_eq!(after["links"]["black"], Value::Null, "{after}");
    assert_eq!(after_event["links"]["black"], Value::Null);
    assert!(after["links"]["white"].as_str().unwrap().contains(white));
    // The creator cannot act for Black (the finding: e7e5 and a resignation).
    let (s, _) = app
        .post(
            &format!("/api/games/{id}/moves"),
            Some(white),
            json!({ "move": "e2e4" }),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, v) = app
        .post(
            &format!("/api/games/{id}/moves"),
            Some(white),
            json!({ "move": "e7e5" }),
        )
        .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("not_your_turn"))
    );
    let (s, v) = app
        .post(
            &format!("/api/games/{id}/moves"),
            Some(&black),
            json!({ "move": "e7e5" }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

/// A ticket is traded once: the second claim is `409 seat_taken`; a wrong
/// ticket, a game without one and a bad body are refused with a code.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ticket_is_claimed_once_and_a_wrong_one_is_refused() {
    let app = App::memory(1000);
    let created = link_game(&app).await;
    let id = created["id"].as_str().unwrap();
    let ticket = ticket_of(&created["links"]["black"]);
    let mut wrong = ticket.clone().into_bytes();
    wrong[0] = if wrong[0] == b'a' { b'b' } else { b'a' };
    let wrong = String::from_utf8(wrong).unwrap();
    for bad in [wrong.as_str(), "", "x", created["token"].as_str().unwrap()] {
        let (s, v) = claim(&app, id, bad).await;
        assert_eq!(
            (s, v["error"].as_str()),
            (StatusCode::FORBIDDEN, Some("bad_ticket")),
            "{bad:?}"
        );
    }
    let (s, first) = claim(&app, id, &ticket).await;
    assert_eq!(s, StatusCode::OK, "{first}");
    let (s, second) = claim(&app, id, &ticket).await;
    assert_eq!(
        (s, second["error"].as_str()),
        (StatusCode::CONFLICT, Some("seat_taken"))
    );
    assert!(!second
        .to_string()
        .contains(first["token"].as_str().unwrap()));
    // Games without an invitation, unknown games, bad bodies.
    let (engine, _) = app.create(json!({ "variant": "chess" })).await;
    let (s, v) = claim(&app, &engine, &ticket).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("bad_ticket"))
    );
    let (s, _) = claim(&app, "nosuchgame", &ticket).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, v) = app
        .post(&format!("/api/games/{id}/claim"), None, json!({}))
        .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_json_data"))
    );
}

/// An unclaimed ticket survives a restart (SQLite file) and is claimed
/// after it; the claim survives the next restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ticket_is_claimed_over_a_restart_and_stays_claimed() {
    let db = temp_db("seats-restart");
    let (id, ticket) = {
        let app = App::file(&db, 1000);
        let created = link_game(&app).await;
        let id = created["id"].as_str().unwrap().to_string();
        (id, ticket_of(&created["links"]["black"]))
    };
    let token = {
        let app = App::file(&db, 1000);
        let (s, v) = claim(&app, &id, &ticket).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        v["token"].as_str().unwrap().to_string()
    };
    let app = App::file(&db, 1000);
    let (s, v) = claim(&app, &id, &ticket).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("seat_taken"))
    );
    let (s, v) = app
        .call(
            axum::http::Method::GET,
            &format!("/api/games/{id}"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!((s, v["you"].as_str()), (StatusCode::OK, Some("black")));
    drop(app);
    remove_db(&db);
}

/// Two servers on one PostgreSQL database: the ticket is claimed through
/// server B once (a second claim through A is `409`), and the creator's
/// event stream on A drops the invitation.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ticket_is_claimed_once_across_two_servers() {
    let Some(server) = server_url("a_ticket_is_claimed_once_across_two_servers") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let (a, b) = two_servers(&db);
    let (ca, cb) = (Client::new(a.addr), Client::from(b.addr, 2));
    let body = json!({ "variant": "chess", "opponent": { "kind": "link" }, "color": "white" });
    let created = ca
        .expect(201, "POST", "/api/games", None, Some(&body))
        .await
        .unwrap()
        .json;
    let id = created["id"].as_str().unwrap();
    let white = created["token"].as_str().unwrap();
    let mut creator = Events::open(a.addr, &format!("/api/games/{id}/events?seat={white}"))
        .await
        .unwrap();
    let black = cb.claim(&created["links"]["black"]).await.unwrap();
    let ticket = ticket_of(&created["links"]["black"]);
    let again = ca
        .send(
            "POST",
            &format!("/api/games/{id}/claim"),
            None,
            Some(&json!({ "ticket": ticket })),
        )
        .await
        .unwrap();
    assert_eq!(
        (again.status, again.json["error"].as_str()),
        (409, Some("seat_taken"))
    );
    let (_, v) = creator
        .until(PROPAGATION_LIMIT, |v| v["links"]["black"].is_null())
        .await
        .unwrap();
    assert!(!v.to_string().contains(&black));
    let seen = cb
        .expect(200, "GET", &format!("/api/games/{id}"), Some(&black), None)
        .await
        .unwrap()
        .json;
    assert_eq!(seen["you"], "black");
}
