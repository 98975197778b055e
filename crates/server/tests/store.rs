//! The store's test suite, run against both backends: SQLite (a database in
//! memory) and PostgreSQL (a scratch database on the server named by
//! `MENAGERIE_TEST_PG`; without it the PostgreSQL half is skipped with a
//! notice): games, setups, reviews and the lobby (challenges, games to
//! watch, players' names, correspondence). Then the versioned schema of
//! each, and copying a SQLite file into PostgreSQL.

use crate::support;

use menagerie_rules::Color;
use menagerie_server::game::{Mode, Player};
use menagerie_server::store::{
    ChallengeRow, ChallengeState, Ending, GameRow, MoveRow, PgStore, ReviewPlyRow, SeatTicket,
    Seen, SetupRow, SqliteStore, Store, StoreError, LEGACY_OWNER,
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
        ticket: None,
    }
}

fn mv(ply: usize, text: &str) -> MoveRow {
    MoveRow {
        ply,
        text: text.into(),
        white_ms: Some(59_000 - ply as i64),
        black_ms: None,
        played_ms: Some(1_700_000_000_000 + ply as i64),
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

fn seen(plies: usize, draw_offer: Option<Color>) -> Seen {
    Seen { plies, draw_offer }
}

/// Game `id` with no draw offer.
fn row_without_offer(id: &str) -> GameRow {
    GameRow {
        draw_offer: None,
        ..row(id)
    }
}

fn undo_endings_and_draw_offers(s: &dyn Store) {
    s.create_game(&row_without_offer("g1")).unwrap();
    for (i, m) in ["e2e4", "e7e5", "g1f3"].iter().enumerate() {
        s.append_move("g1", &mv(i + 1, m)).unwrap();
    }
    s.set_draw_offer("g1", &seen(3, None), Some(Color::White))
        .unwrap();
    s.take_back("g1", &seen(3, Some(Color::White)), 1).unwrap();
    s.append_move("g1", &mv(2, "c7c5")).unwrap();
    s.set_draw_offer("g1", &seen(2, None), Some(Color::Black))
        .unwrap();
    let (g, moves) = s.load_game("g1").unwrap().unwrap();
    assert_eq!(moves, vec![mv(1, "e2e4"), mv(2, "c7c5")]);
    assert_eq!((g.ending, g.draw_offer), (None, Some(Color::Black)));
    let end = Ending {
        result: "0-1".into(),
        reason: "resignation".into(),
    };
    s.end_game("g1", &seen(2, Some(Color::Black)), &end)
        .unwrap();
    let (g, _) = s.load_game("g1").unwrap().unwrap();
    assert_eq!((g.ending, g.draw_offer), (Some(end), None));
}

/// A move that declines the opponent's draw offer withdraws it in its own
/// transaction, so no other server can accept the offer after the move; a
/// plain move, or one declining an offer that does not stand, leaves the
/// stored offer alone.
fn a_declining_move_withdraws_the_offer(s: &dyn Store) {
    s.create_game(&row_without_offer("g1")).unwrap();
    s.append_move("g1", &mv(1, "e2e4")).unwrap();
    s.set_draw_offer("g1", &seen(1, None), Some(Color::White))
        .unwrap();
    s.append_move_declining("g1", &mv(2, "e7e5"), Some(Color::Black))
        .unwrap();
    let (g, _) = s.load_game("g1").unwrap().unwrap();
    assert_eq!(g.draw_offer, Some(Color::White), "not Black's offer");
    s.append_move("g1", &mv(3, "g1f3")).unwrap();
    let (g, _) = s.load_game("g1").unwrap().unwrap();
    assert_eq!(g.draw_offer, Some(Color::White), "a plain move");
    s.append_move_declining("g1", &mv(4, "b8c6"), Some(Color::White))
        .unwrap();
    let (g, moves) = s.load_game("g1").unwrap().unwrap();
    assert_eq!((moves.len(), g.draw_offer), (4, None));
    let end = Ending {
        result: "1/2-1/2".into(),
        reason: "agreement".into(),
    };
    let stale = s.end_game("g1", &seen(4, Some(Color::White)), &end);
    assert!(matches!(stale, Err(StoreError::Conflict(_))), "{stale:?}");
}

/// Every change decided on a view of the game that is no longer the
/// stored one is a conflict, and changes nothing.
fn changes_on_a_stale_view_are_conflicts(s: &dyn Store) {
    s.create_game(&row_without_offer("g1")).unwrap();
    s.append_move("g1", &mv(1, "e2e4")).unwrap();
    s.set_draw_offer("g1", &seen(1, None), Some(Color::White))
        .unwrap();
    let conflict = |what: &str, r: Result<(), StoreError>| {
        assert!(matches!(r, Err(StoreError::Conflict(_))), "{what}: {r:?}");
    };
    let draw = Ending {
        result: "1/2-1/2".into(),
        reason: "agreement".into(),
    };
    // A move skipping a ply, a stale ply count, a stale offer.
    conflict("a gap", s.append_move("g1", &mv(3, "g1f3")));
    conflict(
        "stale plies",
        s.end_game("g1", &seen(0, Some(Color::White)), &draw),
    );
    conflict("stale offer", s.end_game("g1", &seen(1, None), &draw));
    conflict(
        "undo of plies not seen",
        s.take_back("g1", &seen(2, Some(Color::White)), 1),
    );
    conflict(
        "offer on stale plies",
        s.set_draw_offer("g1", &seen(2, None), None),
    );
    let (g, moves) = s.load_game("g1").unwrap().unwrap();
    assert_eq!(
        (moves.len(), g.ending, g.draw_offer),
        (1, None, Some(Color::White))
    );
    // Ended once: nothing more lands, not even the same ending again.
    s.end_game("g1", &seen(1, Some(Color::White)), &draw)
        .unwrap();
    conflict("a second ending", s.end_game("g1", &seen(1, None), &draw));
    conflict("a move after the end", s.append_move("g1", &mv(2, "e7e5")));
    conflict(
        "an undo after the end",
        s.take_back("g1", &seen(1, None), 0),
    );
    conflict(
        "an offer after the end",
        s.set_draw_offer("g1", &seen(1, None), Some(Color::Black)),
    );
    let err = s.end_game("none", &seen(0, None), &draw).unwrap_err();
    assert!(matches!(err, StoreError::NoSuchGame(_)), "{err}");
}

fn setups_by_name(s: &dyn Store) {
    let setup = |name: &str, spec: &str| SetupRow {
        owner: OWNER.into(),
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
    assert!(s.delete_setup(OWNER, "mine").unwrap());
    assert!(!s.delete_setup(OWNER, "mine").unwrap());
    assert_eq!(s.list_setups().unwrap().len(), 1);
}

/// The player key of [`setups_by_name`]'s setups.
const OWNER: &str = "0123456789abcdef";

fn setups_are_kept_per_owner(s: &dyn Store) {
    let setup = |owner: &str, name: &str, spec: &str| SetupRow {
        owner: owner.into(),
        name: name.into(),
        spec: spec.into(),
        options_json: "{}".into(),
        saved_ms: 5,
    };
    let (a, b) = ("aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb");
    s.save_setup(&setup(a, "mine", "chess")).unwrap();
    s.save_setup(&setup(b, "mine", "wreckage")).unwrap();
    s.save_setup(&setup(b, "Zed", "wounds")).unwrap();
    s.save_setup(&setup(LEGACY_OWNER, "old", "carnage"))
        .unwrap();
    assert_eq!(s.player_setups(a).unwrap(), vec![setup(a, "mine", "chess")]);
    assert_eq!(
        s.player_setups(b).unwrap(),
        vec![setup(b, "Zed", "wounds"), setup(b, "mine", "wreckage")]
    );
    assert_eq!(
        s.find_setup(a, "mine").unwrap(),
        Some(setup(a, "mine", "chess"))
    );
    assert_eq!(s.find_setup(a, "Zed").unwrap(), None);
    assert_eq!(s.count_setups().unwrap(), 4);
    // one owner's delete leaves the other's setup of that name
    assert!(!s.delete_setup(a, "Zed").unwrap());
    assert!(s.delete_setup(a, "mine").unwrap());
    assert_eq!(
        s.find_setup(b, "mine").unwrap(),
        Some(setup(b, "mine", "wreckage"))
    );
    assert_eq!(s.list_setups().unwrap().len(), 3);
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

fn challenge(id: &str, player: &str, address: &str, created_ms: i64) -> ChallengeRow {
    ChallengeRow {
        id: id.into(),
        player: player.into(),
        address: address.into(),
        name: format!("{player}'s name"),
        variant: "pick-the-piece:slots=O,C".into(),
        options_json: r#"{"undo":false}"#.into(),
        start_fen: "8/8/8/8/8/8/8/8 w - - 0 1".into(),
        time_control_json: Some(r#"{"initial_ms":0,"increment_ms":0,"days_per_move":2}"#.into()),
        color: "black".into(),
        token: format!("token-{id}"),
        created_ms,
        seen_ms: created_ms,
        state: ChallengeState::Open,
        game_id: None,
        public: id.len() % 2 == 0,
        lapse_ms: 1_000,
    }
}

fn challenges_round_trip_and_claim_once(s: &dyn Store) {
    let c = challenge("c1", "p", "10.0.0.1", 100);
    s.create_challenge(&c).unwrap();
    assert_eq!(s.load_challenge("c1").unwrap(), Some(c.clone()));
    assert!(s.load_challenge("nope").unwrap().is_none());
    assert!(s.claim_challenge("c1", "g1").unwrap());
    assert!(!s.claim_challenge("c1", "g2").unwrap(), "claimed twice");
    let back = s.load_challenge("c1").unwrap().unwrap();
    assert_eq!(back.state, ChallengeState::Accepted);
    assert_eq!(back.game_id.as_deref(), Some("g1"));
    assert!(!s.cancel_challenge("c1", "p").unwrap(), "an accepted one");
    assert!(!s.claim_challenge("nope", "g3").unwrap());
}

fn concurrent_claims_have_one_winner(s: &dyn Store) {
    for round in 0..5 {
        let id = format!("race{round}");
        s.create_challenge(&challenge(&id, "p", "a", round))
            .unwrap();
        let won: Vec<bool> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..8)
                .map(|i| {
                    let id = &id;
                    scope.spawn(move || s.claim_challenge(id, &format!("g{i}")).unwrap())
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let winners: Vec<usize> = (0..won.len()).filter(|&i| won[i]).collect();
        assert_eq!(winners.len(), 1, "round {round}: {won:?}");
        let back = s.load_challenge(&id).unwrap().unwrap();
        assert_eq!(back.state, ChallengeState::Accepted);
        assert_eq!(back.game_id, Some(format!("g{}", winners[0])));
    }
}

fn cancel_touch_lapse_and_counts(s: &dyn Store) {
    s.create_challenge(&challenge("c1", "p", "a1", 10)).unwrap();
    s.create_challenge(&challenge("c2", "p", "a2", 10)).unwrap();
    s.create_challenge(&challenge("c3", "q", "a1", 50)).unwrap();
    assert_eq!(s.count_open_challenges("p", "a1").unwrap(), (2, 2));
    assert_eq!(s.count_open_challenges("r", "a9").unwrap(), (0, 0));
    assert!(!s.cancel_challenge("c1", "q").unwrap(), "not q's");
    assert!(s.cancel_challenge("c1", "p").unwrap());
    assert!(!s.cancel_challenge("c1", "p").unwrap(), "already cancelled");
    assert_eq!(
        s.load_challenge("c1").unwrap().unwrap().state,
        ChallengeState::Cancelled
    );
    assert!(!s.claim_challenge("c1", "g").unwrap(), "a cancelled one");
    assert_eq!(s.count_open_challenges("p", "a1").unwrap(), (1, 1));
    s.touch_challenges("p", 1_000).unwrap();
    assert_eq!(s.load_challenge("c2").unwrap().unwrap().seen_ms, 1_000);
    // c3 was seen at 50 and lapses 1000 ms later; c2 was seen at 1000.
    assert_eq!(s.lapse_challenges(1_050).unwrap(), 0);
    assert_eq!(s.lapse_challenges(1_051).unwrap(), 1);
    assert_eq!(
        s.load_challenge("c3").unwrap().unwrap().state,
        ChallengeState::Lapsed
    );
    assert!(!s.claim_challenge("c3", "g").unwrap(), "a lapsed one");
    let (page, total) = s.open_challenges(0, 10).unwrap();
    assert_eq!(total, 1);
    assert_eq!(page, vec![s.load_challenge("c2").unwrap().unwrap()]);
}

fn open_challenges_are_paged_newest_first(s: &dyn Store) {
    // Two at the same time keep the order they were stored in.
    for (i, created) in [1, 2, 3, 3, 5].iter().enumerate() {
        s.create_challenge(&challenge(&format!("c{i}"), "p", "a", *created))
            .unwrap();
    }
    assert!(s.claim_challenge("c4", "g").unwrap());
    let ids = |offset, limit| {
        let (page, total) = s.open_challenges(offset, limit).unwrap();
        assert_eq!(total, 4);
        page.into_iter().map(|c| c.id).collect::<Vec<_>>()
    };
    assert_eq!(ids(0, 10), ["c3", "c2", "c1", "c0"]);
    assert_eq!(ids(1, 2), ["c2", "c1"]);
    assert_eq!(ids(3, 2), ["c0"]);
    assert!(ids(4, 2).is_empty());
}

fn public_games_are_paged_newest_first(s: &dyn Store) {
    for (i, id) in ["a", "b", "c", "d", "e", "f"].iter().enumerate() {
        s.create_game(&row(id)).unwrap();
        if *id != "b" {
            // d and e at the same time: e, stored later, comes first.
            let at = if *id == "e" {
                3
            } else {
                i64::try_from(i).unwrap()
            };
            s.set_public(id, at).unwrap();
        }
    }
    // Listing again changes nothing.
    s.set_public("a", 99).unwrap();
    let end = Ending {
        result: "1-0".into(),
        reason: "resignation".into(),
    };
    s.end_game("c", &seen(0, Some(Color::Black)), &end).unwrap();
    assert_eq!(s.public_games(0, 10).unwrap(), ["f", "e", "d", "a"]);
    assert_eq!(s.public_games(1, 2).unwrap(), ["e", "d"]);
    assert_eq!(s.public_games(3, 2).unwrap(), ["a"]);
    assert!(s.public_games(4, 2).unwrap().is_empty());
}

/// Public games count for the address they were made from, newest first,
/// until they end off the board or are released; the listing is unchanged.
fn public_games_count_for_their_address(s: &dyn Store) {
    for (i, id) in ["a", "b", "c", "d"].iter().enumerate() {
        s.create_game(&row(id)).unwrap();
        let from = if *id == "d" {
            Some("10.0.0.2")
        } else {
            Some("10.0.0.1")
        };
        s.set_public_from(id, i64::try_from(i).unwrap(), from)
            .unwrap();
    }
    s.create_game(&row("e")).unwrap();
    s.set_public("e", 9).unwrap();
    assert_eq!(s.live_public_games("10.0.0.1").unwrap(), ["c", "b", "a"]);
    assert_eq!(s.live_public_games("10.0.0.2").unwrap(), ["d"]);
    assert!(s.live_public_games("10.0.0.3").unwrap().is_empty());
    let end = Ending {
        result: "1-0".into(),
        reason: "resignation".into(),
    };
    s.end_game("b", &seen(0, Some(Color::Black)), &end).unwrap();
    s.release_public("c").unwrap();
    assert_eq!(s.live_public_games("10.0.0.1").unwrap(), ["a"]);
    assert_eq!(s.public_games(0, 10).unwrap(), ["e", "d", "c", "a"]);
}

#[test]
fn public_games_count_for_their_address_on_both_backends() {
    on_both("public_by_address", public_games_count_for_their_address);
}

fn correspondence_games_and_played_ms(s: &dyn Store) {
    let corr_tc = r#"{"initial_ms":0,"increment_ms":0,"days_per_move":3}"#;
    for (id, created_ms) in [("late", 20), ("early", 10)] {
        let mut g = row(id);
        g.time_control_json = Some(corr_tc.into());
        g.created_ms = created_ms;
        s.create_game(&g).unwrap();
    }
    s.create_game(&row("blitz")).unwrap();
    let played = |ply: usize, at: Option<i64>| MoveRow {
        ply,
        text: format!("m{ply}"),
        white_ms: None,
        black_ms: None,
        played_ms: at,
    };
    let moves = vec![
        played(1, None),
        played(2, Some(1_700_000_000_000)),
        played(3, Some(i64::MAX)),
    ];
    for m in &moves {
        s.append_move("early", m).unwrap();
    }
    assert_eq!(s.load_game("early").unwrap().unwrap().1, moves);
    assert_eq!(s.unfinished_correspondence().unwrap(), ["early", "late"]);
    let end = Ending {
        result: "0-1".into(),
        reason: "timeout".into(),
    };
    s.end_game("early", &seen(3, Some(Color::Black)), &end)
        .unwrap();
    assert_eq!(s.unfinished_correspondence().unwrap(), ["late"]);
}

fn game_names_round_trip(s: &dyn Store) {
    s.create_game(&row("g1")).unwrap();
    assert_eq!(s.game_names("g1").unwrap(), None);
    s.set_game_names("g1", "Ann", "Bob").unwrap();
    s.set_game_names("g1", "Ann", "Zoë").unwrap();
    assert_eq!(
        s.game_names("g1").unwrap(),
        Some(("Ann".into(), "Zoë".into()))
    );
    assert!(s.set_game_names("none", "A", "B").is_err(), "no such game");
}

/// A game's claim ticket is stored with it and claimed once; a game
/// without one is never claimed.
fn tickets_round_trip_and_are_claimed_once(s: &dyn Store) {
    let with = GameRow {
        ticket: Some(SeatTicket {
            secret: "secret-ticket".into(),
            claimed_ms: None,
        }),
        ..row("t1")
    };
    s.create_game(&with).unwrap();
    s.create_game(&row("t2")).unwrap();
    assert_eq!(s.load_game("t1").unwrap().unwrap().0, with);
    assert!(s.claim_ticket("t1", 42).unwrap(), "the first claim");
    assert!(!s.claim_ticket("t1", 43).unwrap(), "the second claim");
    assert!(!s.claim_ticket("t2", 42).unwrap(), "no ticket");
    assert!(!s.claim_ticket("none", 42).unwrap(), "no game");
    let (loaded, _) = s.load_game("t1").unwrap().unwrap();
    assert_eq!(
        loaded.ticket,
        Some(SeatTicket {
            secret: "secret-ticket".into(),
            claimed_ms: Some(42),
        })
    );
}

#[test]
fn tickets_are_claimed_once_on_both_backends() {
    on_both("tickets", tickets_round_trip_and_are_claimed_once);
}

#[test]
fn challenges_are_claimed_once_on_both_backends() {
    on_both("challenges", challenges_round_trip_and_claim_once);
}

#[test]
fn concurrent_claims_have_one_winner_on_both_backends() {
    on_both("concurrent_claims", concurrent_claims_have_one_winner);
}

#[test]
fn cancel_touch_and_lapse_on_both_backends() {
    on_both("cancel_touch_lapse", cancel_touch_lapse_and_counts);
}

#[test]
fn open_challenges_are_paged_on_both_backends() {
    on_both(
        "open_challenges_paged",
        open_challenges_are_paged_newest_first,
    );
}

#[test]
fn public_games_are_paged_on_both_backends() {
    on_both("public_games_paged", public_games_are_paged_newest_first);
}

#[test]
fn correspondence_and_played_ms_on_both_backends() {
    on_both("correspondence", correspondence_games_and_played_ms);
}

#[test]
fn game_names_on_both_backends() {
    on_both("game_names", game_names_round_trip);
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
fn a_declining_move_withdraws_the_offer_on_both_backends() {
    on_both("declining_move", a_declining_move_withdraws_the_offer);
}

#[test]
fn undo_endings_and_draw_offers_on_both_backends() {
    on_both("undo_endings_and_draw_offers", undo_endings_and_draw_offers);
}

#[test]
fn changes_on_a_stale_view_are_conflicts_on_both_backends() {
    on_both("stale_view", changes_on_a_stale_view_are_conflicts);
}

#[test]
fn setups_by_name_on_both_backends() {
    on_both("setups_by_name", setups_by_name);
}

#[test]
fn setups_are_kept_per_owner_on_both_backends() {
    on_both("setups_per_owner", setups_are_kept_per_owner);
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
fn a_postgres_database_of_version_1_gains_the_lobby() {
    let Some(server) = server_url("a_postgres_database_of_version_1_gains_the_lobby") else {
        return;
    };
    let db = ScratchDb::new(&server);
    db.execute(&format!(
        "{}
         CREATE TABLE schema_version (version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL);
         INSERT INTO schema_version VALUES (1, 0);
         INSERT INTO games (id, variant, start_fen, mode, white, black, white_token,
            black_token, created_ms) VALUES ('old', 'chess', 'x', 'local', 'human', 'human',
            't', 't', 1);
         INSERT INTO moves (game_id, ply, move) VALUES ('old', 1, 'e2e4');
         INSERT INTO setups (name, spec, saved_ms) VALUES ('old', 'chess', 1);",
        menagerie_server::store::pg::schema::STEPS[0]
    ));
    let s = PgStore::open(&db.url).unwrap();
    // a setup saved before setups had owners keeps the empty owner
    let old = s.find_setup(LEGACY_OWNER, "old").unwrap().unwrap();
    assert_eq!(
        (old.owner.as_str(), old.spec.as_str()),
        (LEGACY_OWNER, "chess")
    );
    let (_, moves) = s.load_game("old").unwrap().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].played_ms, None);
    s.append_move("old", &mv(2, "e7e5")).unwrap();
    assert_eq!(s.load_game("old").unwrap().unwrap().1[1], mv(2, "e7e5"));
    s.create_challenge(&challenge("c", "p", "a", 1)).unwrap();
    assert!(s.claim_challenge("c", "old").unwrap());
    s.set_public("old", 1).unwrap();
    s.set_game_names("old", "A", "B").unwrap();
    assert_eq!(s.public_games(0, 1).unwrap(), ["old"]);
    drop(s);
    // The newest version is recorded, each step once (fails otherwise).
    db.execute(&format!(
        "DO $$ BEGIN IF (SELECT MAX(version) FROM schema_version) <> {0}
            OR (SELECT COUNT(*) FROM schema_version) <> {0} THEN
            RAISE EXCEPTION 'schema_version is not at the newest version'; END IF; END $$",
        menagerie_server::store::pg::schema::STEPS.len()
    ));
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
        s.create_challenge(&challenge("open", "p", "a", 5)).unwrap();
        s.create_challenge(&challenge("taken", "q", "a", 5))
            .unwrap();
        assert!(s.claim_challenge("taken", "g2").unwrap());
        s.set_public("g1", 7).unwrap();
        s.set_public("g2", 7).unwrap();
        s.set_game_names("g2", "Ann", "Bob").unwrap();
    }
    let db = ScratchDb::new(&server);
    let copied = menagerie_server::store::copy::sqlite_to_postgres(&path, &db.url);
    let again = menagerie_server::store::copy::sqlite_to_postgres(&path, &db.url);
    let source = SqliteStore::open(&path).unwrap();
    let want = source.counts().unwrap();
    let g1 = source.load_game("g1").unwrap();
    let r2 = source.load_review("g2").unwrap();
    let challenges = source.open_challenges(0, 10).unwrap();
    let taken = source.load_challenge("taken").unwrap();
    drop(source);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let copied = copied.unwrap();
    assert_eq!(copied, want);
    assert_eq!((copied.games, copied.moves, copied.setups), (2, 3, 1));
    assert_eq!((copied.reviews, copied.review_plies), (1, 1));
    assert_eq!(
        (copied.challenges, copied.public_games, copied.game_names),
        (2, 2, 1)
    );
    let target = PgStore::open(&db.url).unwrap();
    assert_eq!(target.load_game("g1").unwrap(), g1);
    assert!(g1.is_some_and(|(_, moves)| moves.iter().all(|m| m.played_ms.is_some())));
    assert_eq!(target.load_review("g2").unwrap(), r2);
    assert_eq!(target.open_challenges(0, 10).unwrap(), challenges);
    assert_eq!(target.load_challenge("taken").unwrap(), taken);
    // Same time: the order they were stored in is kept.
    assert_eq!(target.public_games(0, 10).unwrap(), ["g2", "g1"]);
    assert_eq!(
        target.game_names("g2").unwrap(),
        Some(("Ann".into(), "Bob".into()))
    );
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
