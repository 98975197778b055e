//! Rematch offers kept in the database (issue #20): a pending offer
//! survives a restart of its server (SQLite file), and on one PostgreSQL
//! database (the server named by `MENAGERIE_TEST_PG`; without it those
//! tests are skipped with a notice) an offer made through server A is
//! accepted through server B, both players' streams on their own servers
//! seeing the new game, and two acceptances at once start one game.

use crate::support;

use serde_json::{json, Value};
use support::cluster::{config, link_game, two_servers, PROPAGATION_LIMIT};
use support::pg::{server_url, ScratchDb};
use support::sse::Events;
use support::{remove_db, temp_db, Client, Server};

/// The seat token of a rematch view's link.
fn seat_of(view: &Value) -> String {
    let link = view["rematch"]["link"].as_str().unwrap_or_default();
    link.split_once("seat=")
        .map(|(_, t)| t.to_string())
        .unwrap_or_else(|| panic!("no seat link in {view}"))
}

/// Ends game `id` by Black's resignation through `c`.
async fn resign(c: &Client, id: &str, black: &str) {
    c.expect(
        200,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(black),
        Some(&json!({})),
    )
    .await
    .unwrap();
}

/// Asks for the rematch of `id` with `token` through `c`, wanting `want`.
async fn ask(c: &Client, id: &str, token: &str, want: u16) -> Value {
    c.expect(
        want,
        "POST",
        &format!("/api/games/{id}/rematch"),
        Some(token),
        Some(&json!({})),
    )
    .await
    .unwrap()
    .json
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pending_offer_survives_a_server_restart() {
    let db = temp_db("rematch-restart");
    let server = Server::start(&db, &config());
    let c = Client::new(server.addr);
    let (id, white, black) = link_game(&c).await;
    resign(&c, &id, &black).await;
    let offered = ask(&c, &id, &white, 200).await;
    assert_eq!(offered["rematch"]["offered_by"], "white", "{offered}");
    drop(server);

    let server = Server::start(&db, &config());
    let c = Client::new(server.addr);
    let seen = c
        .expect(200, "GET", &format!("/api/games/{id}"), Some(&black), None)
        .await
        .unwrap()
        .json;
    assert_eq!(
        seen["rematch"]["offered_by"], "white",
        "the offer is still there after the restart: {seen}"
    );
    let accepted = ask(&c, &id, &black, 200).await;
    let new = accepted["rematch"]["game"].as_str().unwrap().to_string();
    let mine = seat_of(&accepted);
    let v = c
        .expect(200, "GET", &format!("/api/games/{new}"), Some(&mine), None)
        .await
        .unwrap()
        .json;
    assert_eq!(v["you"], "white", "colours swapped: {v}");
    drop(server);

    let server = Server::start(&db, &config());
    let c = Client::new(server.addr);
    let again = ask(&c, &id, &white, 200).await;
    assert_eq!(
        again["rematch"]["game"].as_str(),
        Some(new.as_str()),
        "the started rematch is kept too: {again}"
    );
    assert_ne!(seat_of(&again), mine, "White's own link");
    drop(server);
    remove_db(&db);
}

/// Waits on `stream` for a view whose rematch satisfies `want`.
async fn stream_sees(stream: &mut Events, what: &str, want: impl Fn(&Value) -> bool) -> Value {
    stream
        .until(PROPAGATION_LIMIT, |v| want(&v["rematch"]))
        .await
        .unwrap_or_else(|e| panic!("{what}: {e}"))
        .1
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_offer_made_on_one_server_is_accepted_on_the_other_and_both_streams_see_it() {
    let Some(pg) = server_url("rematch between servers") else {
        return;
    };
    let db = ScratchDb::new(&pg);
    let (a, b) = two_servers(&db);
    let (ca, cb) = (Client::new(a.addr), Client::new(b.addr));
    let (id, white, black) = link_game(&ca).await;
    // White plays on A, Black on B.
    let events = |t: &str| format!("/api/games/{id}/events?seat={t}");
    let mut on_a = Events::open(a.addr, &events(&white)).await.unwrap();
    let mut on_b = Events::open(b.addr, &events(&black)).await.unwrap();
    resign(&cb, &id, &black).await;
    ask(&ca, &id, &white, 200).await;
    stream_sees(&mut on_b, "White's offer on A seen on B", |r| {
        r["offered_by"] == "white"
    })
    .await;

    let accepted = ask(&cb, &id, &black, 200).await;
    let new = accepted["rematch"]["game"].as_str().unwrap().to_string();
    let started = |r: &Value| r["game"].as_str() == Some(new.as_str());
    let b_view = stream_sees(&mut on_b, "the rematch on Black's stream", started).await;
    let a_view = stream_sees(&mut on_a, "the rematch on White's stream on A", started).await;
    let (white_now, black_now) = (seat_of(&a_view), seat_of(&b_view));
    assert_ne!(white_now, black_now, "each player gets their own link");
    for (c, token, you) in [(&ca, &white_now, "black"), (&cb, &black_now, "white")] {
        let v = c
            .expect(200, "GET", &format!("/api/games/{new}"), Some(token), None)
            .await
            .unwrap()
            .json;
        assert_eq!(v["you"], you, "colours swapped: {v}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_acceptances_at_once_on_two_servers_start_one_game() {
    let Some(pg) = server_url("rematch races between servers") else {
        return;
    };
    let db = ScratchDb::new(&pg);
    let (a, b) = two_servers(&db);
    let (ca, cb) = (Client::new(a.addr), Client::new(b.addr));
    for round in 0..5 {
        let (id, white, black) = link_game(&ca).await;
        resign(&ca, &id, &black).await;
        ask(&ca, &id, &white, 200).await;
        let path = format!("/api/games/{id}/rematch");
        let body = json!({});
        let (x, y) = tokio::join!(
            ca.send("POST", &path, Some(&black), Some(&body)),
            cb.send("POST", &path, Some(&black), Some(&body)),
        );
        let mut games = Vec::new();
        for answer in [x.unwrap(), y.unwrap()] {
            match answer.status {
                200 => games.push(answer.json["rematch"]["game"].as_str().map(str::to_string)),
                409 => assert_eq!(answer.json["error"], "concurrent_change", "{}", answer.json),
                s => panic!("round {round}: unexpected {s}: {}", answer.json),
            }
        }
        assert!(!games.is_empty(), "round {round}: no one started it");
        let stored = ask(&ca, &id, &white, 200).await;
        let one = stored["rematch"]["game"].as_str().map(str::to_string);
        assert!(one.is_some(), "round {round}: {stored}");
        for g in games {
            assert_eq!(g, one, "round {round}: every answer names the one rematch");
        }
    }
}
