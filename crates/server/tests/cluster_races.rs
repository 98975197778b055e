//! The players of one game acting through two servers on one PostgreSQL
//! database at the same moment (the server named by `MENAGERIE_TEST_PG`;
//! without it these tests are skipped with a notice): a resignation on A
//! against a move on B, a draw accepted on B against a move or a decline on
//! A, an undo on A against a move on B, and a clock running out watched by
//! both. Each race is run several times with the two requests staggered by
//! a few milliseconds, so either may come first. Whatever the order, every
//! `200` is in the stored game (nothing acknowledged is lost or undone
//! unseen, no ending is stored twice or after another), the request that
//! lost is a `409`, and both servers then show the stored game.

use crate::support;

use menagerie_server::{PgStore, Store};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use support::cluster::{first_legal, link_game, link_game_with, two_servers, PROPAGATION_LIMIT};
use support::pg::{server_url, ScratchDb};
use support::{view_moves, Answer, Client};

/// Rounds of each race.
const ROUNDS: u64 = 4;

/// The stored game: its moves and its ending (`result reason`), if any.
fn stored(db: &ScratchDb, id: &str) -> (Vec<String>, Option<String>) {
    let check = PgStore::open(&db.url).expect("PostgreSQL");
    let (row, moves) = check.load_game(id).unwrap().expect("the game is stored");
    let ending = row.ending.map(|e| format!("{} {}", e.result, e.reason));
    (moves.into_iter().map(|m| m.text).collect(), ending)
}

/// A view's ending as `result reason`, if it has one.
fn ending_of(view: &Value) -> Option<String> {
    view["outcome"]["result"]
        .as_str()
        .map(|r| format!("{r} {}", view["outcome"]["reason"].as_str().unwrap_or("")))
}

/// Waits until both servers show the stored game (bounded).
async fn both_show(cs: [&Client; 2], id: &str, want: &(Vec<String>, Option<String>)) {
    let deadline = Instant::now() + PROPAGATION_LIMIT;
    for (i, c) in cs.iter().enumerate() {
        loop {
            let v = c
                .expect(200, "GET", &format!("/api/games/{id}"), None, None)
                .await
                .unwrap()
                .json;
            let shown = (view_moves(&v), ending_of(&v));
            if &shown == want {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "server {i} shows {shown:?}, stored {want:?}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// Sends `a` and `b` (each through its own client) at once: in round 0
/// together, in odd rounds `a` a few milliseconds late, in even rounds `b`.
async fn at_once(
    a: (&Client, &str, &str, Option<Value>),
    b: (&Client, &str, &str, Option<Value>),
    round: u64,
) -> (Answer, Answer) {
    let lag = Duration::from_millis(round / 2 * 3);
    let (lag_a, lag_b) = if round % 2 == 1 {
        (lag, Duration::ZERO)
    } else {
        (Duration::ZERO, lag)
    };
    let (ra, rb) = tokio::join!(
        async {
            tokio::time::sleep(lag_a).await;
            a.0.send("POST", a.1, Some(a.2), a.3.as_ref()).await
        },
        async {
            tokio::time::sleep(lag_b).await;
            b.0.send("POST", b.1, Some(b.2), b.3.as_ref()).await
        }
    );
    (ra.unwrap(), rb.unwrap())
}

/// A refusal (`409`, or `422 illegal_action` for a move made illegal by
/// the change that came first) with one of `codes`.
fn refused(r: &Answer, codes: &[&str], what: &str) {
    let code = r.json["error"].as_str().unwrap_or_default();
    let status = if code == "illegal_action" { 422 } else { 409 };
    assert!(
        r.status == status && codes.contains(&code),
        "{what}: {} {}",
        r.status,
        r.json
    );
}

/// Plays `n` plies of game `id` (White through `ca`, Black through `cb`),
/// waiting each time until the mover's server shows its turn.
async fn play_plies(ca: &Client, cb: &Client, id: &str, (wt, bt): (&str, &str), n: usize) -> Value {
    let mut view = Value::Null;
    for ply in 0..n {
        let (c, t) = if ply % 2 == 0 { (ca, wt) } else { (cb, bt) };
        let deadline = Instant::now() + PROPAGATION_LIMIT;
        let v = loop {
            let v = c
                .expect(200, "GET", &format!("/api/games/{id}"), Some(t), None)
                .await
                .unwrap()
                .json;
            if view_moves(&v).len() == ply {
                break v;
            }
            assert!(Instant::now() < deadline, "ply {ply} never shown");
            tokio::time::sleep(Duration::from_millis(10)).await;
        };
        let body = json!({ "move": first_legal(&v) });
        view = c
            .expect(
                200,
                "POST",
                &format!("/api/games/{id}/moves"),
                Some(t),
                Some(&body),
            )
            .await
            .unwrap()
            .json;
    }
    view
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resignation_on_one_server_and_a_move_on_the_other() {
    let Some(server) = server_url("a_resignation_on_one_server_and_a_move_on_the_other") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let (a, b) = two_servers(&db);
    let (ca, cb) = (Client::new(a.addr), Client::from(b.addr, 2));
    let mut orders = Vec::new();
    for round in 0..ROUNDS {
        let (id, wt, bt) = link_game(&ca).await;
        // White has moved; White resigns on A while Black moves on B.
        let view = play_plies(&ca, &cb, &id, (&wt, &bt), 1).await;
        let text = first_legal(&view);
        let (resign, moved) = at_once(
            (&ca, &format!("/api/games/{id}/resign"), &wt, None),
            (
                &cb,
                &format!("/api/games/{id}/moves"),
                &bt,
                Some(json!({ "move": text })),
            ),
            round,
        )
        .await;
        let now = stored(&db, &id);
        orders.push((resign.status, moved.status));
        match (resign.status, moved.status) {
            (200, 200) => {
                // The resignation was decided after the move, seeing it.
                assert_eq!(
                    view_moves(&resign.json).len(),
                    2,
                    "round {round}: {}",
                    resign.json
                );
                assert_eq!(now.0.len(), 2, "round {round}");
            }
            (200, _) => {
                refused(&moved, &["game_over", "concurrent_change"], "the move");
                assert_eq!(
                    now.0.len(),
                    1,
                    "round {round}: a move stored after the resignation"
                );
            }
            (_, 200) => {
                refused(&resign, &["concurrent_change"], "the resignation");
                assert_eq!(
                    now,
                    (vec![view_moves(&view)[0].clone(), text.clone()], None)
                );
            }
            other => panic!("round {round}: {other:?}: {} {}", resign.json, moved.json),
        }
        if resign.status == 200 {
            assert_eq!(now.1.as_deref(), Some("0-1 resignation"), "round {round}");
        }
        both_show([&ca, &cb], &id, &now).await;
    }
    println!("statuses by round: {orders:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_accepted_on_one_server_and_declined_on_the_other() {
    let Some(server) = server_url("a_draw_accepted_on_one_server_and_declined_on_the_other") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let (a, b) = two_servers(&db);
    let (ca, cb) = (Client::new(a.addr), Client::from(b.addr, 2));
    let mut orders = Vec::new();
    for round in 0..ROUNDS * 2 {
        let (id, wt, bt) = link_game(&ca).await;
        play_plies(&ca, &cb, &id, (&wt, &bt), 1).await;
        let offer = json!({ "action": "offer" });
        ca.expect(
            200,
            "POST",
            &format!("/api/games/{id}/draw"),
            Some(&wt),
            Some(&offer),
        )
        .await
        .unwrap();
        // Black's server must know of the offer before Black can accept.
        let deadline = Instant::now() + PROPAGATION_LIMIT;
        let view = loop {
            let v = cb
                .expect(200, "GET", &format!("/api/games/{id}"), Some(&bt), None)
                .await
                .unwrap()
                .json;
            if v["draw_offer"] == "white" {
                break v;
            }
            assert!(Instant::now() < deadline, "the offer never reached B");
            tokio::time::sleep(Duration::from_millis(10)).await;
        };
        // Black accepts on B, and in another tab on A declines it: by a
        // move (even rounds) or by saying so (odd rounds).
        let accept = json!({ "action": "accept" });
        let (path, other) = if round % 2 == 0 {
            (
                format!("/api/games/{id}/moves"),
                json!({ "move": first_legal(&view) }),
            )
        } else {
            (
                format!("/api/games/{id}/draw"),
                json!({ "action": "decline" }),
            )
        };
        let (declined, accepted) = at_once(
            (&ca, &path, &bt, Some(other)),
            (&cb, &format!("/api/games/{id}/draw"), &bt, Some(accept)),
            round,
        )
        .await;
        let now = stored(&db, &id);
        orders.push((declined.status, accepted.status));
        match (declined.status, accepted.status) {
            (200, _) => {
                refused(
                    &accepted,
                    &["concurrent_change", "no_draw_offer"],
                    "the acceptance",
                );
                assert_eq!(now.1, None, "round {round}: drawn although declined");
                assert_eq!(
                    now.0.len(),
                    1 + usize::from(round % 2 == 0),
                    "round {round}"
                );
            }
            (_, 200) => {
                refused(
                    &declined,
                    &["concurrent_change", "game_over"],
                    "the decline",
                );
                assert_eq!(
                    now,
                    (view_moves(&view), Some("1/2-1/2 agreement".into())),
                    "round {round}"
                );
            }
            other => panic!(
                "round {round}: {other:?}: {} {}",
                declined.json, accepted.json
            ),
        }
        both_show([&ca, &cb], &id, &now).await;
    }
    println!("statuses by round: {orders:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_undo_on_one_server_and_a_move_on_the_other() {
    let Some(server) = server_url("an_undo_on_one_server_and_a_move_on_the_other") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let (a, b) = two_servers(&db);
    let (ca, cb) = (Client::new(a.addr), Client::from(b.addr, 2));
    let mut orders = Vec::new();
    for round in 0..ROUNDS {
        // A game at one screen, open in two tabs: one on A, one on B.
        let body = json!({ "variant": "chess", "opponent": { "kind": "local" } });
        let made = ca
            .expect(201, "POST", "/api/games", None, Some(&body))
            .await
            .unwrap()
            .json;
        let id = made["id"].as_str().unwrap().to_string();
        let t = made["token"].as_str().unwrap().to_string();
        let view = play_plies(&ca, &cb, &id, (&t, &t), 2).await;
        let text = first_legal(&view);
        let (undone, moved) = at_once(
            (&ca, &format!("/api/games/{id}/undo"), &t, None),
            (
                &cb,
                &format!("/api/games/{id}/moves"),
                &t,
                Some(json!({ "move": text })),
            ),
            round,
        )
        .await;
        let now = stored(&db, &id);
        let two = view_moves(&view);
        orders.push((undone.status, moved.status));
        match (undone.status, moved.status) {
            (200, 200) => {
                // Either the undo took back the move it saw, or the move
                // came after the undo it saw: never a move undone unseen.
                let after_undo = view_moves(&undone.json);
                let after_move = view_moves(&moved.json);
                let undo_saw_move = after_undo == two;
                let move_saw_undo = after_move.len() == 2 && after_move[..1] == two[..1];
                assert!(
                    undo_saw_move || move_saw_undo,
                    "round {round}: undo {after_undo:?}, move {after_move:?}"
                );
                assert!(
                    now.0 == after_undo || now.0 == after_move,
                    "round {round}: {now:?}"
                );
            }
            (200, _) => {
                refused(&moved, &["concurrent_change", "illegal_action"], "the move");
                assert_eq!(now.0, two[..1], "round {round}");
            }
            (_, 200) => {
                refused(&undone, &["concurrent_change"], "the undo");
                assert_eq!(
                    now.0,
                    [two.clone(), vec![text.clone()]].concat(),
                    "round {round}"
                );
            }
            other => panic!("round {round}: {other:?}: {} {}", undone.json, moved.json),
        }
        both_show([&ca, &cb], &id, &now).await;
    }
    println!("statuses by round: {orders:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_running_out_is_seen_on_both_servers_and_stored_once() {
    let Some(server) = server_url("a_clock_running_out_is_seen_on_both_servers") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let (a, b) = two_servers(&db);
    let (ca, cb) = (Client::new(a.addr), Client::from(b.addr, 2));
    let tc = json!({ "time_control": { "initial_ms": 1000, "increment_ms": 0 } });
    let (id, wt, bt) = link_game_with(&ca, tc).await;
    // Both servers hold the game (and watch its clock); White moves, then
    // Black lets the clock run out.
    cb.expect(200, "GET", &format!("/api/games/{id}"), Some(&bt), None)
        .await
        .unwrap();
    play_plies(&ca, &cb, &id, (&wt, &bt), 1).await;
    tokio::time::sleep(Duration::from_millis(1300)).await;
    let now = stored(&db, &id);
    assert_eq!(now.1.as_deref(), Some("1-0 timeout"), "{now:?}");
    assert_eq!(now.0.len(), 1);
    both_show([&ca, &cb], &id, &now).await;
    // Black's late move is refused on both servers.
    for (c, name) in [(&ca, "A"), (&cb, "B")] {
        let v = c
            .expect(200, "GET", &format!("/api/games/{id}"), None, None)
            .await
            .unwrap()
            .json;
        assert_eq!(v["clocks"]["black_ms"], 0, "{name}: {v}");
        let body = json!({ "move": "e7e5" });
        let r = c
            .send(
                "POST",
                &format!("/api/games/{id}/moves"),
                Some(&bt),
                Some(&body),
            )
            .await
            .unwrap();
        refused(&r, &["game_over"], name);
    }
}
