//! The store's test suite, run against both backends: SQLite (a database in
//! memory) and PostgreSQL (a scratch database on the server named by
//! `MENAGERIE_TEST_PG`; without it the PostgreSQL half is skipped with a
//! notice). Then the versioned schema of each.

mod support;

use menagerie_rules::Color;
use menagerie_server::game::{Mode, Player};
use menagerie_server::store::{
    Ending, GameRow, MoveRow, PgStore, ReviewPlyRow, SetupRow, SqliteStore, Store, StoreError,
};
use support::pg::{server_url, with_db, ScratchDb};

/// Runs `suite` on SQLite, then on PostgreSQL when a server is given.
fn on_both(name: &str, suite: fn(&dyn Store)) {
    suite(&SqliteStore::in_memory().expect("SQLite in memory"));
    let Some(server) = server_url(name) else {
        return;
    };
    let db = ScratchDb::new(&server);
    suite(&PgStore::open(&db.url).expect("PostgreSQL store"));
}

fn row(id: &str) -> GameRow {
    GameRow {
        id: id.into(),
        variant: "chess".into(),
        options_json: r#"{"undo":true}"#.into(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        mode: Mode::Link,
        white: Player::Human,
        black: Player::Engine(7),
        white_token: "tw".into(),
        black_token: String::new(),
        time_control_json: Some(r#"{"initial_ms":60000,"increment_ms":0}"#.into()),
        ending: None,
        draw_offer: Some(Color::Black),
        created_ms: 1_700_000_000_123,
        creator: Some(Color::White),
    }
}

fn mv(ply: usize, text: &str) -> MoveRow {
    MoveRow {
        ply,
        text: text.into(),
        white_ms: Some(59_000 - ply as i64),
        black_ms: None,
    }
}

fn games_and_moves(s: &dyn Store) {
    let g = row("g1");
    s.create_game(&g).unwrap();
    for (i, m) in ["e2e4", "e7e5", "g1f3"].iter().enumerate() {
        s.append_move("g1", &mv(i + 1, m)).unwrap();
    }
    let (back, moves) = s.load_game("g1").unwrap().unwrap();
    assert_eq!(back, g);
    assert_eq!(moves, vec![mv(1, "e2e4"), mv(2, "e7e5"), mv(3, "g1f3")]);
    assert!(s.load_game("nope").unwrap().is_none());
}

fn a_stored_ply_is_a_conflict(s: &dyn Store) {
    s.create_game(&row("g1")).unwrap();
    s.append_move("g1", &mv(1, "e2e4")).unwrap();
    let err = s.append_move("g1", &mv(1, "d2d4")).unwrap_err();
    assert!(matches!(err, StoreError::Conflict(_)), "{err}");
    let (_, moves) = s.load_game("g1").unwrap().unwrap();
    assert_eq!(moves, vec![mv(1, "e2e4")]);
    // A move of a game that does not exist is an error, not a conflict.
    let err = s.append_move("none", &mv(1, "e2e4")).unwrap_err();
    assert!(!matches!(err, StoreError::Conflict(_)), "{err}");
}

fn undo_endings_and_draw_offers(s: &dyn Store) {
    s.create_game(&row("g1")).unwrap();
    for (i, m) in ["e2e4", "e7e5", "g1f3"].iter().enumerate() {
        s.append_move("g1", &mv(i + 1, m)).unwrap();
    }
    s.truncate_moves("g1", 1).unwrap();
    s.append_move("g1", &mv(2, "c7c5")).unwrap();
    let end = Ending {
        result: "0-1".into(),
        reason: "resignation".into(),
    };
    s.set_ending("g1", Some(&end)).unwrap();
    s.set_draw_offer("g1", None).unwrap();
    let (g, moves) = s.load_game("g1").unwrap().unwrap();
    assert_eq!(moves, vec![mv(1, "e2e4"), mv(2, "c7c5")]);
    assert_eq!((g.ending, g.draw_offer), (Some(end), None));
    s.set_ending("g1", None).unwrap();
    s.set_draw_offer("g1", Some(Color::White)).unwrap();
    let (g, _) = s.load_game("g1").unwrap().unwrap();
    assert_eq!((g.ending, g.draw_offer), (None, Some(Color::White)));
}

fn setups_by_name(s: &dyn Store) {
    let setup = |name: &str, spec: &str| SetupRow {
        name: name.into(),
        spec: spec.into(),
        options_json: "{}".into(),
        saved_ms: 5,
    };
    s.save_setup(&setup("mine", "pick-the-piece:slots=O,C"))
        .unwrap();
    s.save_setup(&setup("Zed", "chess")).unwrap();
    s.save_setup(&setup("mine", "pick-the-piece:slots=A,A"))
        .unwrap();
    // Byte order, as SQLite sorts: capitals first.
    assert_eq!(
        s.list_setups().unwrap(),
        vec![
            setup("Zed", "chess"),
            setup("mine", "pick-the-piece:slots=A,A")
        ]
    );
    assert!(s.delete_setup("mine").unwrap());
    assert!(!s.delete_setup("mine").unwrap());
    assert_eq!(s.list_setups().unwrap().len(), 1);
}

fn reviews_round_trip_and_resume(s: &dyn Store) {
    let ply = |n: usize| ReviewPlyRow {
        ply: n,
        fen: format!("fen{n}"),
        data_json: format!(r#"{{"n":{n}}}"#),
    };
    s.create_game(&row("g1")).unwrap();
    assert!(s.load_review("g1").unwrap().is_none());
    s.begin_review("g1", 3, r#"{"nodes":1}"#, 0).unwrap();
    for n in 0..3 {
        s.save_review_ply("g1", &ply(n)).unwrap();
    }
    s.save_review_ply("g1", &ply(2)).unwrap();
    assert_eq!(s.unfinished_reviews().unwrap(), vec!["g1".to_string()]);
    s.begin_review("g1", 4, r#"{"nodes":2}"#, 2).unwrap();
    let r = s.load_review("g1").unwrap().unwrap();
    assert_eq!((r.total_plies, r.complete), (4, false));
    assert_eq!(r.budget_json, r#"{"nodes":2}"#);
    assert_eq!(r.plies, vec![ply(0), ply(1)]);
    s.finish_review("g1").unwrap();
    assert!(s.load_review("g1").unwrap().unwrap().complete);
    assert!(s.unfinished_reviews().unwrap().is_empty());
}

#[test]
fn games_and_moves_round_trip_on_both_backends() {
    on_both("games_and_moves", games_and_moves);
}

#[test]
fn a_stored_ply_is_a_conflict_on_both_backends() {
    on_both("a_stored_ply_is_a_conflict", a_stored_ply_is_a_conflict);
}

#[test]
fn undo_endings_and_draw_offers_on_both_backends() {
    on_both("undo_endings_and_draw_offers", undo_endings_and_draw_offers);
}

#[test]
fn setups_by_name_on_both_backends() {
    on_both("setups_by_name", setups_by_name);
}

#[test]
fn reviews_on_both_backends() {
    on_both("reviews", reviews_round_trip_and_resume);
}

#[test]
fn a_newer_postgres_schema_is_refused_and_migrating_is_idempotent() {
    let Some(server) = server_url("a_newer_postgres_schema_is_refused") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let first = PgStore::open(&db.url).unwrap();
    first.create_game(&row("kept")).unwrap();
    drop(first);
    // Opened again: nothing applied twice, nothing lost.
    let again = PgStore::open(&db.url).unwrap();
    assert!(again.load_game("kept").unwrap().is_some());
    drop(again);
    db.execute("INSERT INTO schema_version (version, applied_ms) VALUES (999, 0)");
    let err = PgStore::open(&db.url).unwrap_err();
    assert!(
        matches!(err, StoreError::SchemaTooNew { found: 999, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("newer"), "{err}");
}

#[test]
fn servers_starting_together_migrate_once() {
    let Some(server) = server_url("servers_starting_together_migrate_once") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let opened: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4).map(|_| s.spawn(|| PgStore::open(&db.url))).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for o in opened {
        o.expect("every server opens the database");
    }
}

#[test]
fn a_newer_sqlite_file_is_refused_by_open() {
    let path = std::env::temp_dir().join(format!("menagerie-newer-{}.db", std::process::id()));
    drop(SqliteStore::open(&path).unwrap());
    assert!(
        bump_sqlite_version(&path),
        "could not bump the schema version"
    );
    let err = menagerie_server::store::open(&path)
        .err()
        .unwrap_or_default();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    assert!(err.contains("newer"), "{err}");
    assert!(err.contains("menagerie-newer"), "{err}");
}

/// Raises a SQLite file's schema version past this build's.
fn bump_sqlite_version(path: &std::path::Path) -> bool {
    let Ok(conn) = rusqlite::Connection::open(path) else {
        return false;
    };
    conn.execute(
        "INSERT INTO schema_version (version, applied_ms) VALUES (999, 0)",
        [],
    )
    .is_ok()
}

#[test]
fn bad_postgres_addresses_are_clear_errors() {
    let err = menagerie_server::store::open(std::path::Path::new("postgres://u:pw@h:99999/x"))
        .err()
        .unwrap_or_default();
    assert!(err.contains("bad database address"), "{err}");
    assert!(!err.contains("pw"), "the password is shown: {err}");
}

#[test]
fn database_names_are_replaced_in_urls() {
    assert_eq!(with_db("postgres://u@h:1/p", "x"), "postgres://u@h:1/x");
    assert_eq!(with_db("postgres://u@h:1", "x"), "postgres://u@h:1/x");
    assert_eq!(
        with_db("postgresql://u:p@h/p?sslmode=disable", "x"),
        "postgresql://u:p@h/x?sslmode=disable"
    );
}

#[test]
fn a_sqlite_file_migrates_to_an_empty_postgres_database_with_equal_counts() {
    let Some(server) = server_url("a_sqlite_file_migrates_to_postgres") else {
        return;
    };
    let path = std::env::temp_dir().join(format!("menagerie-copy-{}.db", std::process::id()));
    {
        let s = SqliteStore::open(&path).unwrap();
        games_and_moves(&s);
        s.create_game(&row("g2")).unwrap();
        s.begin_review("g2", 1, "{}", 0).unwrap();
        let reviewed = ReviewPlyRow {
            ply: 0,
            fen: "f".into(),
            data_json: "{}".into(),
        };
        s.save_review_ply("g2", &reviewed).unwrap();
        setups_by_name(&s);
    }
    let db = ScratchDb::new(&server);
    let copied = menagerie_server::store::copy::sqlite_to_postgres(&path, &db.url);
    let again = menagerie_server::store::copy::sqlite_to_postgres(&path, &db.url);
    let source = SqliteStore::open(&path).unwrap();
    let want = source.counts().unwrap();
    let g1 = source.load_game("g1").unwrap();
    let r2 = source.load_review("g2").unwrap();
    drop(source);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let copied = copied.unwrap();
    assert_eq!(copied, want);
    assert_eq!((copied.games, copied.moves, copied.setups), (2, 3, 1));
    assert_eq!((copied.reviews, copied.review_plies), (1, 1));
    let target = PgStore::open(&db.url).unwrap();
    assert_eq!(target.load_game("g1").unwrap(), g1);
    assert_eq!(target.load_review("g2").unwrap(), r2);
    let refused = again.unwrap_err();
    assert!(refused.contains("not empty"), "{refused}");
}

#[test]
fn migrating_from_a_missing_file_is_a_clear_error() {
    let err = menagerie_server::store::copy::sqlite_to_postgres(
        std::path::Path::new("/nonexistent/menagerie.db"),
        "postgres://u@127.0.0.1:1/x",
    )
    .unwrap_err();
    assert!(err.contains("no SQLite file"), "{err}");
}
