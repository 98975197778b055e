//! The store's rematch rows on both backends: SQLite (in memory) and
//! PostgreSQL (a scratch database on the server named by
//! `MENAGERIE_TEST_PG`; without it that half is skipped with a notice). An
//! offer stands until the other side's; a rematch starts once, however
//! many claim it at once.

use crate::support;

use menagerie_rules::Color;
use menagerie_server::game::{Mode, Player};
use menagerie_server::store::{GameRow, PgStore, SqliteStore, Store};
use support::pg::{server_url, ScratchDb};

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
        options_json: "{}".into(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        mode: Mode::Link,
        white: Player::Human,
        black: Player::Human,
        white_token: "tw".into(),
        black_token: "tb".into(),
        time_control_json: None,
        ending: None,
        draw_offer: None,
        created_ms: 1,
        creator: Some(Color::White),
        ticket: None,
    }
}

fn offers_stand_until_the_other_side_starts_it(s: &dyn Store) {
    s.create_game(&row("g")).unwrap();
    assert_eq!(s.load_rematch("g").unwrap(), None);
    assert!(s.offer_rematch("g", Color::White, 10).unwrap());
    assert!(
        !s.offer_rematch("g", Color::Black, 11).unwrap(),
        "White's stands"
    );
    let r = s.load_rematch("g").unwrap().unwrap();
    assert_eq!(
        (r.offered_by, r.offered_ms, r.game),
        (Some(Color::White), 10, None)
    );
    let tokens = ["nw".to_string(), "nb".to_string()];
    assert!(s.claim_rematch("g", "n1", &tokens, 12).unwrap());
    let r = s.load_rematch("g").unwrap().unwrap();
    assert_eq!((r.offered_by, r.game), (None, Some(("n1".into(), tokens))));
}

fn concurrent_claims_start_one_rematch(s: &dyn Store) {
    for round in 0..5 {
        let id = format!("race{round}");
        s.create_game(&row(&id)).unwrap();
        s.offer_rematch(&id, Color::Black, 1).unwrap();
        let won: Vec<bool> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..8)
                .map(|i| {
                    let id = &id;
                    let tokens = [format!("w{i}"), format!("b{i}")];
                    scope.spawn(move || s.claim_rematch(id, &format!("n{i}"), &tokens, 2).unwrap())
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let winners: Vec<usize> = (0..won.len()).filter(|&i| won[i]).collect();
        assert_eq!(winners.len(), 1, "round {round}: {won:?}");
        let back = s.load_rematch(&id).unwrap().unwrap();
        let w = winners[0];
        assert_eq!(
            back.game,
            Some((format!("n{w}"), [format!("w{w}"), format!("b{w}")]))
        );
    }
}

#[test]
fn rematch_offers_on_both_backends() {
    on_both(
        "rematch offers in the store",
        offers_stand_until_the_other_side_starts_it,
    );
}

#[test]
fn concurrent_rematch_claims_have_one_winner_on_both_backends() {
    on_both(
        "concurrent rematch claims in the store",
        concurrent_claims_start_one_rematch,
    );
}
