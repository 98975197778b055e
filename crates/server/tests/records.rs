//! Game records over the API: a reviewed game's annotated export (the
//! evaluations, judgements and better lines in it, accepted by `record
//! check`), the analysis board's records read as trees and written back
//! (a Wreckage record with a pushed drop and a detonation in a variation
//! survives read, write, read), and every error of these endpoints.

use crate::support;

use axum::http::StatusCode;
use menagerie_protocol::pgn;
use serde_json::{json, Value};
use support::router::App;

/// A small budget: the tests check the plumbing, not the engine's strength.
const NODES: u64 = 20_000;

/// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#: Black's third move allows mate in one.
const SCHOLARS_MATE: [&str; 7] = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"];

async fn record(app: &App, uri: &str) -> String {
    let (s, ct, text) = app.text(uri).await;
    assert_eq!(s, StatusCode::OK, "{uri}: {text}");
    assert!(ct.starts_with("application/x-chess-pgn"), "{ct}");
    text
}

fn read_one(text: &str) -> pgn::Game {
    let mut games =
        pgn::read_all(text, &pgn::standard_resolver).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(games.len(), 1);
    games.remove(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reviewed_game_is_exported_with_its_review() {
    let app = App::memory(NODES);
    let (id, _) = app.local_game("chess", &SCHOLARS_MATE).await;
    let plain = record(&app, &format!("/api/games/{id}/record")).await;
    let uri = format!("/api/games/{id}/record?annotated=true");
    assert_eq!(record(&app, &uri).await, plain, "not reviewed yet: plain");
    app.post(&format!("/api/games/{id}/review"), None, json!({}))
        .await;
    let review = app.review_until(&id, "done").await;
    let text = record(&app, &uri).await;
    let off = format!("/api/games/{id}/record?annotated=false");
    assert_eq!(record(&app, &off).await, plain);
    assert!(text.contains("g8f6 $4"), "the blunder's NAG:\n{text}");
    assert!(text.contains("{[%eval"), "{text}");
    let better = review["plies"][6]["better"]
        .as_str()
        .expect("a better move");
    assert!(text.contains(&format!("(3... {better}")), "{text}");
    let report = &pgn::check(&text, &pgn::standard_resolver)[0];
    assert!(report.ok, "{}\n{text}", report.line);
    let game = read_one(&text);
    assert_eq!(game.moves.len(), 7);
    assert_eq!(game.nags[5], vec![pgn::NAG_BLUNDER]);
    assert_eq!(game.comments[5].as_deref(), Some("[%eval #1]"));
    assert_eq!(game.comments[6], None, "checkmate: the result says it");
    let variation = &game.variations[5][0];
    let plies = review["plies"].as_array().unwrap();
    let best: Vec<&str> = plies[5]["best"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .take(8)
        .collect();
    assert_eq!(
        variation.len(),
        best.len(),
        "the better line, up to 8 moves"
    );
    for (i, p) in plies.iter().enumerate().skip(1) {
        let nags = &game.nags[i - 1];
        match p["judgement"].as_str() {
            None => assert!(nags.is_empty(), "ply {i}: {nags:?}"),
            Some("inaccuracy") => assert_eq!(nags, &[6]),
            Some("mistake") => assert_eq!(nags, &[2]),
            Some(_) => assert_eq!(nags, &[4]),
        }
        assert_eq!(game.variations[i - 1].len(), usize::from(!nags.is_empty()));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn annotated_export_errors() {
    let app = App::memory(NODES);
    let (id, _) = app.local_game("chess", &["e2e4"]).await;
    let (s, v) = app
        .get(&format!("/api/games/{id}/record?annotated=maybe"))
        .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_query"))
    );
    let (s, v) = app.get("/api/games/nosuchgame/record?annotated=true").await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
}

async fn position(app: &App, moves: &[String]) -> Value {
    let body = json!({ "variant": "wreckage", "moves": moves });
    let (s, v) = app.post("/api/positions", None, body).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

fn text_of(a: &Value) -> String {
    a["text"].as_str().unwrap().to_string()
}

/// Moves after `moves` until `wanted` finds a legal action: the moves and
/// that action's string. Each side steps a pawn, or with `forward` first
/// moves its Detonator as far towards the other side as it can.
async fn until(
    app: &App,
    mut moves: Vec<String>,
    wanted: fn(&Value) -> bool,
    forward: bool,
) -> (Vec<String>, String) {
    for _ in 0..16 {
        let v = position(app, &moves).await;
        let legal = v["legal"].as_array().unwrap().clone();
        if let Some(a) = legal.iter().find(|a| wanted(a)) {
            return (moves, text_of(a));
        }
        let white = v["turn"] == "white";
        let rank = |a: &Value| -> i64 {
            let r: i64 = a["to"].as_str().unwrap_or("a0")[1..].parse().unwrap_or(0);
            if white {
                r
            } else {
                -r
            }
        };
        let detonator = legal
            .iter()
            .filter(|a| forward && a["kind"] == "normal")
            .filter(|a| a["label"].as_str().unwrap().starts_with('X'))
            .max_by_key(|a| rank(a));
        let pawn = legal
            .iter()
            .rev()
            .find(|a| a["label"].as_str().unwrap().len() == 2);
        moves.push(text_of(detonator.or(pawn).unwrap_or(&legal[0])));
    }
    panic!("not found after {moves:?}");
}

fn pushed_drop(a: &Value) -> bool {
    a["kind"] == "drop" && a["role"] == "J" && a["push_to"].is_string()
}

fn detonation(a: &Value) -> bool {
    a["kind"] == "detonate"
}

/// A Wreckage record whose variation holds a ninja-pawn drop with a push
/// and, later, a detonation.
async fn wreckage_record(app: &App) -> (String, String, String) {
    let (prefix, drop) = until(app, Vec::new(), pushed_drop, false).await;
    let mut with_drop = prefix.clone();
    with_drop.push(drop.clone());
    let (to_blast, blast) = until(app, with_drop, detonation, true).await;
    let v = position(app, &prefix).await;
    let main = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(text_of)
        .find(|t| *t != drop)
        .unwrap();
    let variation = to_blast[prefix.len()..].join(" ");
    let text = format!(
        "[Event \"Analysis\"]\n[White \"Ann\"]\n[Variant \"wreckage\"]\n\n{} {main} {{the game}} \
         ({variation} {{with a push}} {blast}!! {{boom}}) *\n",
        prefix.join(" ")
    );
    (text, drop, blast)
}

fn node_moves(line: &Value) -> Vec<String> {
    line.as_array().unwrap().iter().map(text_of_move).collect()
}

fn text_of_move(n: &Value) -> String {
    n["move"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wreckage_record_survives_read_write_read() {
    let app = App::memory(NODES);
    let (text, drop, blast) = wreckage_record(&app).await;
    let (s, tree) = app
        .post("/api/records/read", None, json!({ "text": text }))
        .await;
    assert_eq!(s, StatusCode::OK, "{tree}\n{text}");
    assert_eq!(
        (
            tree["variant"].as_str(),
            &tree["options"],
            tree["result"].as_str()
        ),
        (Some("wreckage"), &json!({}), Some("*"))
    );
    assert!(tree["tags"]
        .as_array()
        .unwrap()
        .contains(&json!(["White", "Ann"])));
    let line = tree["line"].as_array().unwrap();
    let branch = line.last().unwrap();
    assert_eq!(branch["comment"], "the game");
    let variation = &branch["variations"][0];
    let moves = node_moves(variation);
    assert_eq!(moves.first(), Some(&drop));
    assert_eq!(moves.last(), Some(&blast));
    let last = variation.as_array().unwrap().last().unwrap();
    assert_eq!(
        (&last["nags"], &last["comment"]),
        (&json!([3]), &json!("boom"))
    );
    assert!(variation[0]["label"].as_str().unwrap().contains('@'));
    let mut body = tree.clone();
    body["text"] = Value::Null;
    let (s, written) = app.post("/api/records/write", None, body).await;
    assert_eq!(s, StatusCode::OK, "{written}");
    let written = written["text"].as_str().unwrap().to_string();
    assert!(
        pgn::check(&written, &pgn::standard_resolver)[0].ok,
        "{written}"
    );
    let (s, again) = app
        .post("/api/records/read", None, json!({ "text": written }))
        .await;
    assert_eq!(s, StatusCode::OK, "{again}");
    let tags = again["tags"].as_array().unwrap().clone();
    for t in tree["tags"].as_array().unwrap() {
        assert!(tags.contains(t), "{t} kept");
    }
    assert_eq!(tags.len(), 8, "the seven-tag roster and Variant: {tags:?}");
    let (mut a, mut b) = (again.clone(), tree.clone());
    a["tags"] = Value::Null;
    b["tags"] = Value::Null;
    assert_eq!(a, b, "read, write, read: the same tree");
    let (_, twice) = app.post("/api/records/write", None, again).await;
    assert_eq!(twice["text"].as_str(), Some(written.as_str()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tree_with_options_and_a_start_position_is_written_with_its_tags() {
    let app = App::memory(NODES);
    let fen = "5k4/10/10/10/10/4p5/4X5/10/10/5K4[] w - - 0 1";
    let body = json!({
        "variant": "wreckage",
        "options": { "detonator_hits_friendly": true },
        "fen": fen,
        "tags": [["White", "Ann"], ["Variant", "chess"], ["Result", "1-0"]],
        "line": [{ "move": "e4e4", "comment": " ", "nags": [1],
                   "variations": [[{ "move": "f1f2" }], []] }],
    });
    let (s, v) = app.post("/api/records/write", None, body).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let text = v["text"].as_str().unwrap();
    let game = read_one(text);
    assert_eq!(game.tag("Variant"), Some("wreckage"));
    assert_eq!(game.tag("RuleFlags"), Some("detonator_hits_friendly=true"));
    assert_eq!(game.tag("FEN"), Some(fen));
    assert_eq!(game.tag("White"), Some("Ann"));
    assert_eq!(game.result, "1-0", "from the Result tag sent");
    assert_eq!(
        (game.comments[0].as_deref(), &game.nags[0]),
        (None, &vec![1])
    );
    assert_eq!(
        game.variations[0].len(),
        1,
        "the empty variation is dropped"
    );
    let (_, tree) = app
        .post("/api/records/read", None, json!({ "text": text }))
        .await;
    assert_eq!(tree["options"], json!({ "detonator_hits_friendly": true }));
    assert_eq!(tree["fen"], fen);
}

async fn expect_error(app: &App, uri: &str, body: Value, status: StatusCode, code: &str) -> String {
    let (s, v) = app.post(uri, None, body.clone()).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (status, Some(code)),
        "{body}: {v}"
    );
    v["message"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reading_bad_records_says_why() {
    let app = App::memory(NODES);
    let read = "/api/records/read";
    let bad = StatusCode::BAD_REQUEST;
    let text = "[Event \"?\"]\n\n1. e2e4 (1. d2d4\n2. e2e5) *\n";
    let m = expect_error(&app, read, json!({ "text": text }), bad, "bad_record").await;
    assert_eq!(
        m,
        "game 1, line 4, move 1...: in a variation: \"e2e5\" is not a legal action in this position"
    );
    for text in [
        "",
        "  \n",
        "[Event \"?\"]\n\n1. e2e4",
        "[Variant \"examples/x.toml\"]\n\n*",
    ] {
        expect_error(&app, read, json!({ "text": text }), bad, "bad_record").await;
    }
    let early = "[Event \"?\"]\n\n(1. e2e4) *\n";
    let m = expect_error(&app, read, json!({ "text": early }), bad, "bad_record").await;
    assert!(m.contains("must follow the move"), "{m}");
    let shuffle = "g1f3 g8f6 f3g1 f6g8 ".repeat(1300);
    let m = expect_error(
        &app,
        read,
        json!({ "text": format!("[Event \"?\"]\n\n{shuffle}*") }),
        bad,
        "bad_record",
    )
    .await;
    assert!(m.contains("more than 5000 moves"), "{m}");
    expect_error(
        &app,
        read,
        json!({}),
        StatusCode::BAD_REQUEST,
        "bad_json_data",
    )
    .await;
    let (s, v) = app.post_raw(read, b"{\"text\": ".to_vec()).await;
    assert_eq!((s, v["error"].as_str()), (bad, Some("bad_json")));
    let huge = json!({ "text": "x".repeat(menagerie_server::records::BODY_LIMIT) });
    let (s, v) = app.post_raw(read, huge.to_string().into_bytes()).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::PAYLOAD_TOO_LARGE, Some("body_too_large"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_larger_than_other_bodies_are_read() {
    let app = App::memory(NODES);
    let long = "a fairly long comment ".repeat(8000);
    let text = format!("[Event \"?\"]\n\n1. e2e4 {{{long}}} *\n");
    assert!(text.len() > 100_000);
    let (s, tree) = app
        .post("/api/records/read", None, json!({ "text": text }))
        .await;
    assert_eq!(s, StatusCode::OK, "{tree}");
    assert_eq!(tree["line"][0]["comment"], long.trim());
}

fn chess(line: Value) -> Value {
    json!({ "variant": "chess", "line": line })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn writing_bad_trees_names_the_move() {
    let app = App::memory(NODES);
    let write = "/api/records/write";
    let (bad, illegal) = (StatusCode::BAD_REQUEST, StatusCode::UNPROCESSABLE_ENTITY);
    let line = json!([{ "move": "e2e4", "variations": [
        [{ "move": "d2d4" }],
        [{ "move": "d2d4" }, { "move": "d7d5" }, { "move": "e7e5" }],
    ] }]);
    let m = expect_error(&app, write, chess(line), illegal, "illegal_action").await;
    assert!(
        m.starts_with("line 1, variation 2, move 3 (\"e7e5\"): "),
        "{m}"
    );
    let line = json!([{ "move": "e2e4" }, { "move": "e7e5" }, { "move": "e2e4" }]);
    let m = expect_error(&app, write, chess(line), illegal, "illegal_action").await;
    assert!(m.starts_with("line 3 (\"e2e4\"): "), "{m}");
    let mate: Vec<Value> = SCHOLARS_MATE
        .iter()
        .chain(["e8e7"].iter())
        .map(|m| json!({ "move": m }))
        .collect();
    let m = expect_error(&app, write, chess(json!(mate)), illegal, "illegal_action").await;
    assert!(m.contains("line 8") && m.contains("over"), "{m}");
    let m = expect_error(
        &app,
        write,
        chess(json!([{ "move": "e2-e4" }])),
        bad,
        "malformed_move",
    )
    .await;
    assert!(m.starts_with("line 1 (\"e2-e4\")"), "{m}");
    let many: Vec<Value> = (0..5001).map(|_| json!({ "move": "e2e4" })).collect();
    expect_error(&app, write, chess(json!(many)), bad, "too_many_moves").await;
    let mut deep = json!({ "move": "e2e4" });
    for _ in 0..=pgn::MAX_DEPTH {
        deep = json!({ "move": "e2e4", "variations": [[deep]] });
    }
    expect_error(&app, write, chess(json!([deep])), bad, "bad_record").await;
    for extra in [
        json!({ "result": "2-0" }),
        json!({ "tags": [["Bad Name", "x"]] }),
        json!({ "tags": [["Note", "two\nlines"]] }),
    ] {
        let mut body = chess(json!([]));
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        expect_error(&app, write, body, bad, "bad_record").await;
    }
    let body = json!({ "variant": "nosuchgame", "line": [] });
    expect_error(&app, write, body, bad, "unknown_variant").await;
    let body = json!({ "variant": "chess", "options": { "freeze_affects_friendly": true } });
    expect_error(&app, write, body, bad, "unknown_option").await;
    let body = json!({ "variant": "chess", "fen": "not a position" });
    expect_error(&app, write, body, bad, "bad_fen").await;
    let body = chess(json!([{ "move": "e2e4", "nags": [300] }]));
    expect_error(&app, write, body, bad, "bad_json_data").await;
}

/// A small deterministic generator.
fn next_random(state: &mut u64) -> usize {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    usize::try_from(*state % 1_000_003).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn edited_records_are_read_or_refused_never_a_failure() {
    let app = App::memory(NODES);
    let (base, _, _) = wreckage_record(&app).await;
    let edits = b"()(){}$!?+#. 0123456789J@x\n;%[]\"";
    let mut rng = 0x5eed_u64;
    let mut round_trips = 0;
    for round in 0..300 {
        let mut bytes = base.clone().into_bytes();
        for _ in 0..1 + next_random(&mut rng) % 4 {
            let at = next_random(&mut rng) % (bytes.len() + 1);
            let c = edits[next_random(&mut rng) % edits.len()];
            match next_random(&mut rng) % 3 {
                0 => bytes.insert(at, c),
                1 if at < bytes.len() => bytes[at] = c,
                _ if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => {}
            }
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let (s, tree) = app
            .post("/api/records/read", None, json!({ "text": text }))
            .await;
        if s != StatusCode::OK {
            assert_eq!(
                (s, tree["error"].as_str()),
                (StatusCode::BAD_REQUEST, Some("bad_record"))
            );
            continue;
        }
        let (s, written) = app.post("/api/records/write", None, tree.clone()).await;
        assert!(
            s == StatusCode::OK || s == StatusCode::BAD_REQUEST,
            "{round}: {written}"
        );
        let Some(written) = written["text"].as_str() else {
            continue;
        };
        let (s, again) = app
            .post("/api/records/read", None, json!({ "text": written }))
            .await;
        assert_eq!(s, StatusCode::OK, "{round}: {again}\n{written}");
        for key in ["variant", "options", "fen", "result", "line"] {
            assert_eq!(again[key], tree[key], "{round}: {key}\n{text}\n{written}");
        }
        round_trips += 1;
    }
    assert!(round_trips >= 30, "only {round_trips} edited records read");
}
