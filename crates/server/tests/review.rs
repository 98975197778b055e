//! Game review over the API (`docs/review.md`): a short game is reviewed
//! ply by ply with its blunder judged and its progress on the event stream;
//! the result is stored (a second visit, also after a restart, searches
//! nothing); a restart in the middle resumes where the stored review stops;
//! concurrent requests start one job; games that gain plies are extended;
//! reviews of live games are only for their players.

use crate::support;

use axum::http::StatusCode;
use menagerie_server::dto::{ReviewBudget, ScoreView};
use menagerie_server::review::StoredEval;
use menagerie_server::store::ReviewPlyRow;
use menagerie_server::{SqliteStore, Store};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use support::router::App;

/// A small budget: the tests check the plumbing, not the engine's strength.
const NODES: u64 = 20_000;

/// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#: Black's third move allows mate in one.
const SCHOLARS_MATE: [&str; 7] = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"];

fn plies(v: &Value) -> &Vec<Value> {
    v["plies"].as_array().expect("plies")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_game_is_reviewed_and_its_blunder_judged() {
    let app = App::memory(NODES);
    let (id, _) = app.local_game("chess", &SCHOLARS_MATE).await;
    let (_, none) = app.get(&format!("/api/games/{id}/review")).await;
    assert_eq!(none["status"], "none");
    assert_eq!(
        (none["done_plies"].as_u64(), none["total_plies"].as_u64()),
        (Some(0), Some(7))
    );
    assert_eq!(none["budget"], json!({ "nodes": NODES }));
    let (_, mut events) = app.events(&format!("/api/games/{id}/events")).await;
    let events = events.as_mut().expect("the event stream");
    let (name, _) = events.next(Duration::from_secs(5)).await.expect("the view");
    assert_eq!(name, "game");
    let (s, started) = app
        .post(&format!("/api/games/{id}/review"), None, json!({}))
        .await;
    assert_eq!(s, StatusCode::ACCEPTED, "{started}");
    assert_eq!(started["status"], "running");
    let mut progress = Vec::new();
    while let Some((name, data)) = events.next(Duration::from_secs(20)).await {
        assert_eq!(name, "review", "{data}");
        progress.push(data["done_plies"].as_u64().unwrap());
        if data["status"] != "running" {
            assert_eq!(data["status"], "done");
            break;
        }
    }
    assert_eq!(
        progress,
        [0, 1, 2, 3, 4, 5, 6, 7, 7],
        "one event per position, then done"
    );
    let done = app.review_until(&id, "done").await;
    check_scholars_mate(&done);
}

fn check_scholars_mate(done: &Value) {
    assert_eq!(
        (done["done_plies"].as_u64(), done["total_plies"].as_u64()),
        (Some(7), Some(7))
    );
    let p = plies(done);
    assert_eq!(p.len(), 8, "the start and every ply");
    for (i, ply) in p.iter().enumerate() {
        assert_eq!(ply["ply"], i);
        assert!(ply["expected"]
            .as_f64()
            .is_some_and(|e| (0.0..=1.0).contains(&e)));
    }
    assert_eq!(p[0]["move"], Value::Null);
    assert_eq!(p[0]["loss"], Value::Null);
    assert!(!p[0]["best"].as_array().unwrap().is_empty());
    let nf6 = &p[6];
    assert_eq!(
        (nf6["move"].as_str(), nf6["side"].as_str()),
        (Some("g8f6"), Some("black"))
    );
    assert_eq!(nf6["eval"], json!({ "mate": 1 }), "White mates in one");
    assert_eq!(nf6["best"][0], "h5f7");
    assert_eq!(nf6["judgement"], "blunder", "{nf6}");
    assert!(nf6["loss"].as_f64().unwrap() >= 0.3);
    let better = nf6["better"].as_str().expect("a better move");
    assert_ne!(better, "g8f6");
    assert_eq!(Some(better), p[5]["best"][0].as_str());
    assert!(nf6["better_label"].is_string());
    let arrow = &nf6["better_squares"];
    assert_eq!(
        format!(
            "{}{}",
            arrow["from"].as_str().unwrap(),
            arrow["to"].as_str().unwrap()
        ),
        better,
        "the better move's arrow joins its squares"
    );
    assert_eq!(p[5]["best_squares"][0], *arrow);
    let mate = &p[7];
    assert_eq!(
        (mate["result"].as_str(), mate["expected"].as_f64()),
        (Some("1-0"), Some(1.0))
    );
    assert_eq!(mate["eval"], json!({ "mate": 0 }));
    assert_eq!(
        (
            mate["depth"].as_u64(),
            mate["best"].as_array().map(Vec::len)
        ),
        (Some(0), Some(0))
    );
    assert_eq!(mate["judgement"], Value::Null, "the engine's own best move");
    assert!(done["counts"]["black"]["blunders"].as_u64() >= Some(1));
    assert_eq!(done["counts"]["white"]["blunders"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_visit_is_served_from_the_store_after_a_restart() {
    let db = support::temp_db("review-store");
    let (id, first) = {
        let app = App::file(&db, NODES);
        let (id, _) = app.local_game("chess", &SCHOLARS_MATE).await;
        app.post(&format!("/api/games/{id}/review"), None, json!({}))
            .await;
        (id.clone(), app.review_until(&id, "done").await)
    };
    let app = App::file(&db, NODES);
    let (s, again) = app.get(&format!("/api/games/{id}/review")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(again, first, "the same review, read back");
    let (s, posted) = app
        .post(&format!("/api/games/{id}/review"), None, json!({}))
        .await;
    assert_eq!(
        (s, &posted),
        (StatusCode::OK, &first),
        "a complete review starts nothing"
    );
    assert_eq!(
        app.state.reviews().started(),
        0,
        "no search after the restart"
    );
    check_scholars_mate(&again);
    support::remove_db(&db);
}

/// A stored evaluation nobody's search would give: a review that kept it
/// did not search that position again.
fn marker() -> StoredEval {
    StoredEval {
        eval: ScoreView::Cp { cp: 777 },
        result: None,
        best: Vec::new(),
        best_labels: Vec::new(),
        best_squares: Vec::new(),
        depth: 99,
        nodes: 1,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_in_the_middle_resumes_where_the_stored_review_stops() {
    let db = support::temp_db("review-resume");
    let (id, fens) = {
        let app = App::file(&db, NODES);
        let (id, token) = app.local_game("wreckage", &[]).await;
        app.play_some(&id, &token, 12).await;
        let (_, all) = app.get(&format!("/api/games/{id}/plies")).await;
        let fens: Vec<String> = all
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["fen"].as_str().unwrap().into())
            .collect();
        (id, fens)
    };
    assert_eq!(fens.len(), 13);
    {
        // What a process killed after its fifth position left behind.
        let store = SqliteStore::open(&db).unwrap();
        let budget = serde_json::to_string(&ReviewBudget { nodes: NODES }).unwrap();
        store.begin_review(&id, 12, &budget, 0).unwrap();
        for (ply, fen) in fens.iter().enumerate().take(5) {
            let data_json = serde_json::to_string(&marker()).unwrap();
            store
                .save_review_ply(
                    &id,
                    &ReviewPlyRow {
                        ply,
                        fen: fen.clone(),
                        data_json,
                    },
                )
                .unwrap();
        }
    }
    let app = App::file(&db, NODES);
    let done = app.review_until(&id, "done").await;
    assert_eq!(
        app.state.reviews().started(),
        1,
        "resumed at start-up, without a request"
    );
    let p = plies(&done);
    assert_eq!(p.len(), 13);
    for ply in &p[..5] {
        assert_eq!(
            (ply["depth"].as_u64(), &ply["eval"]),
            (Some(99), &json!({ "cp": 777 }))
        );
    }
    for ply in &p[5..] {
        assert!(ply["depth"].as_u64().unwrap() < 99, "searched: {ply}");
    }
    support::remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_requests_start_one_job_and_new_plies_extend_it() {
    let app = App::memory(NODES);
    let (id, token) = app.local_game("chess", &[]).await;
    app.play_some(&id, &token, 16).await;
    let uri = format!("/api/games/{id}/review");
    let asks = (0..8).map(|_| app.post(&uri, Some(&token), json!({})));
    for (s, v) in futures_util::future::join_all(asks).await {
        assert!(s == StatusCode::ACCEPTED || s == StatusCode::OK, "{s}: {v}");
        assert!(v["status"] == "running" || v["status"] == "done", "{v}");
    }
    let first = app.review_until(&id, "done").await;
    assert_eq!(app.state.reviews().started(), 1, "eight requests, one job");
    assert_eq!(plies(&first).len(), 17);
    app.play_some(&id, &token, 2).await;
    let (_, partial) = app.get(&uri).await;
    assert_eq!(partial["status"], "partial");
    assert_eq!(
        (
            partial["done_plies"].as_u64(),
            partial["total_plies"].as_u64()
        ),
        (Some(16), Some(18))
    );
    let (s, _) = app.post(&uri, Some(&token), json!({})).await;
    assert_eq!(s, StatusCode::ACCEPTED);
    let extended = app.review_until(&id, "done").await;
    assert_eq!(app.state.reviews().started(), 2);
    assert_eq!(plies(&extended).len(), 19);
    assert_eq!(
        plies(&extended)[..17],
        plies(&first)[..],
        "the reviewed plies kept"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reviews_of_live_games_are_for_their_players_only() {
    let app = App::memory(NODES);
    let (s, v) = app
        .post("/api/games/nosuchgame/review", None, json!({}))
        .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    let (s, _) = app.get("/api/games/nosuchgame/review").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (link, link_token) = app
        .create(json!({ "variant": "chess", "opponent": { "kind": "link" } }))
        .await;
    for token in [None, Some(link_token.as_str())] {
        let (s, v) = app
            .post(&format!("/api/games/{link}/review"), token, json!({}))
            .await;
        assert_eq!(
            (s, v["error"].as_str()),
            (StatusCode::CONFLICT, Some("review_not_available"))
        );
    }
    let (local, token) = app.local_game("chess", &["e2e4"]).await;
    let uri = format!("/api/games/{local}/review");
    let (s, _) = app.post(&uri, None, json!({})).await;
    assert_eq!(s, StatusCode::CONFLICT, "a spectator of a live game");
    let (s, v) = app.post(&uri, Some(&token), json!({})).await;
    assert_eq!(s, StatusCode::ACCEPTED, "{v}");
    assert_eq!(plies(&app.review_until(&local, "done").await).len(), 2);
    let resign = format!("/api/games/{link}/resign");
    let (s, _) = app.post(&resign, Some(&link_token), json!({})).await;
    assert_eq!(s, StatusCode::OK);
    let (s, v) = app
        .post(&format!("/api/games/{link}/review"), None, json!({}))
        .await;
    assert_eq!(s, StatusCode::ACCEPTED, "a finished game, for anyone: {v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_stream_opened_during_a_review_says_where_it_stands() {
    // A budget that keeps the job busy for a few seconds.
    let app = App::memory(400_000);
    let (id, token) = app.local_game("chess", &[]).await;
    app.play_some(&id, &token, 8).await;
    let (s, _) = app
        .post(&format!("/api/games/{id}/review"), Some(&token), json!({}))
        .await;
    assert_eq!(s, StatusCode::ACCEPTED);
    let (_, events) = app.events(&format!("/api/games/{id}/events")).await;
    let mut events = events.unwrap();
    let (first, _) = events.next(Duration::from_secs(5)).await.unwrap();
    let (second, progress) = events.next(Duration::from_secs(5)).await.unwrap();
    assert_eq!((first.as_str(), second.as_str()), ("game", "review"));
    assert_eq!(progress["status"], "running");
    assert_eq!(progress["total_plies"], 8);
}

/// The budget's figure for `docs/review.md`: a 100-ply Wreckage game at the
/// default budget, on the test machine's two engine workers (one analysis
/// slot). By hand: `cargo test --release -p menagerie-server --test review
/// -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "tens of seconds; run by hand"]
async fn a_100_ply_wreckage_game_at_the_default_budget() {
    let app = App::memory(menagerie_server::review::REVIEW_NODES);
    let (id, token) = app.local_game("wreckage", &[]).await;
    app.play_some(&id, &token, 100).await;
    let (_, v) = app.get(&format!("/api/games/{id}/review")).await;
    let total = v["total_plies"].as_u64().unwrap();
    let asked = Instant::now();
    app.post(&format!("/api/games/{id}/review"), Some(&token), json!({}))
        .await;
    let done = app
        .review_within(&id, "done", Duration::from_secs(120))
        .await;
    let took = asked.elapsed();
    let depths: u64 = plies(&done)
        .iter()
        .map(|p| p["depth"].as_u64().unwrap())
        .sum();
    println!(
        "{total} plies reviewed in {:.1} s ({:.0} ms a position, mean depth {:.1})",
        took.as_secs_f64(),
        took.as_secs_f64() * 1000.0 / (total + 1) as f64,
        depths as f64 / (total + 1) as f64
    );
    assert!(total >= 90, "the game ended early: {total} plies");
    assert!(took < Duration::from_secs(60), "{took:?}");
}
