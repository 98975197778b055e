//! The lobby's event stream across two servers on one PostgreSQL database
//! (the server named by `MENAGERIE_TEST_PG`; without it the test is skipped
//! with a notice): a challenge opened, cancelled and accepted through one
//! server appears live on a lobby page connected to the other, by the same
//! `NOTIFY` as the games' changes.

use crate::support;

use serde_json::{json, Value};
use support::cluster::{two_servers, PROPAGATION_LIMIT};
use support::pg::{server_url, ScratchDb};
use support::sse::Events;
use support::Client;

const ANN: &str = "ann-key-0123456789";
const BOB: &str = "bob-key-0123456789";

/// The ids of a `challenges` event's list.
fn listed(e: &Value) -> Vec<String> {
    e["data"]["challenges"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|c| c["id"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Opens a challenge by Ann through `c`: its id.
async fn open(c: &Client) -> String {
    let body = json!({ "player": ANN, "name": "Ann", "variant": "chess", "color": "black" });
    let made = c
        .expect(201, "POST", "/api/challenges", None, Some(&body))
        .await
        .unwrap();
    made.json["challenge"]["id"].as_str().unwrap().to_string()
}

/// Waits for the `challenges` event on `page` whose list is `want`.
async fn list_becomes(page: &mut Events, want: &[&str], what: &str) {
    let (_, e) = page
        .until(PROPAGATION_LIMIT, |e| {
            e["event"] == "challenges" && listed(e) == want
        })
        .await
        .unwrap_or_else(|err| panic!("{what}: {err}"));
    assert_eq!(listed(&e), want);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_opened_cancelled_and_accepted_on_one_server_show_live_on_the_other() {
    let Some(server) = server_url("lobby events between servers") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let (a, b) = two_servers(&db);
    let (ca, cb) = (Client::new(a.addr), Client::from(b.addr, 2));
    // Ann's lobby page is on B; everything happens through A.
    let names = &["challenges", "accepted"];
    let mut page = Events::open_named(b.addr, &format!("/api/lobby/events?player={ANN}"), names)
        .await
        .unwrap();
    list_becomes(&mut page, &[], "the first list").await;
    let first = open(&ca).await;
    list_becomes(&mut page, &[&first], "a challenge opened on A").await;
    let cancel = json!({ "player": ANN });
    ca.expect(
        200,
        "POST",
        &format!("/api/challenges/{first}/cancel"),
        None,
        Some(&cancel),
    )
    .await
    .unwrap();
    list_becomes(&mut page, &[], "a challenge cancelled on A").await;
    let second = open(&ca).await;
    list_becomes(&mut page, &[&second], "another challenge opened on A").await;
    let body = json!({ "player": BOB, "name": "Bob" });
    let game = ca
        .expect(
            201,
            "POST",
            &format!("/api/challenges/{second}/accept"),
            None,
            Some(&body),
        )
        .await
        .unwrap();
    let gid = game.json["id"].as_str().unwrap();
    let (_, accepted) = page
        .until(PROPAGATION_LIMIT, |e| e["event"] == "accepted")
        .await
        .unwrap_or_else(|err| panic!("the acceptance on A never reached B's page: {err}"));
    assert_eq!(
        (
            accepted["data"]["challenge"].as_str(),
            accepted["data"]["game"].as_str()
        ),
        (Some(second.as_str()), Some(gid))
    );
    list_becomes(&mut page, &[], "the accepted challenge gone from the list").await;
    // And the other way: a challenge opened on B shows on a page on A.
    let mut on_a = Events::open_named(a.addr, "/api/lobby/events", names)
        .await
        .unwrap();
    list_becomes(&mut on_a, &[], "A's first list").await;
    let third = open(&cb).await;
    list_becomes(&mut on_a, &[&third], "a challenge opened on B").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_game_accepted_on_one_server_is_told_to_its_creator_only_on_the_other() {
    let Some(server) = server_url("private lobby games between servers") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let (a, b) = two_servers(&db);
    let ca = Client::new(a.addr);
    let names = &["challenges", "accepted"];
    // Ann's page and a stranger's, both on B; the challenge is private.
    let mut ann = Events::open_named(b.addr, &format!("/api/lobby/events?player={ANN}"), names)
        .await
        .unwrap();
    let mut stranger = Events::open_named(b.addr, "/api/lobby/events", names)
        .await
        .unwrap();
    let body = json!({ "player": ANN, "name": "Ann", "variant": "chess", "public": false });
    let made = ca
        .expect(201, "POST", "/api/challenges", None, Some(&body))
        .await
        .unwrap();
    let id = made.json["challenge"]["id"].as_str().unwrap().to_string();
    list_becomes(&mut stranger, &[&id], "the private challenge listed on B").await;
    let body = json!({ "player": BOB, "name": "Bob" });
    let game = ca
        .expect(
            201,
            "POST",
            &format!("/api/challenges/{id}/accept"),
            None,
            Some(&body),
        )
        .await
        .unwrap();
    let gid = game.json["id"].as_str().unwrap();
    let (_, told) = ann
        .until(PROPAGATION_LIMIT, |e| e["event"] == "accepted")
        .await
        .unwrap_or_else(|err| panic!("Ann's page on B was not told: {err}"));
    assert_eq!(told["data"], json!({ "challenge": id, "game": gid }));
    let (_, e) = stranger
        .until(PROPAGATION_LIMIT, |e| {
            e["event"] == "accepted" || listed(e).is_empty()
        })
        .await
        .unwrap();
    assert_eq!(
        e["event"], "challenges",
        "a stranger was told the private game: {e}"
    );
}
