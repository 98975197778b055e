//! Two servers' states over one store: a change heard while a game is
//! being read is not lost.

use super::*;
use crate::game::{Mode, Player};
use crate::store::SqliteStore;

fn server(store: &Arc<dyn Store>) -> AppState {
    AppState::new(store.clone(), 1, RateLimiter::new(1000, 1000))
}

/// A game at one screen, created on `a`.
fn local_game(a: &AppState) -> GameRef {
    let (variant, options, start) =
        variants::start_position("chess", None, None).expect("chess starts");
    a.insert_new(NewGame {
        id: "race1".into(),
        spec: variant.key.clone(),
        options,
        record: GameRecord::new(start),
        mode: Mode::Local,
        players: ByColor([Player::Human, Player::Human]),
        tokens: ByColor(["t".into(), "t".into()]),
        time_control: None,
        created_ms: 0,
        creator: None,
    })
    .expect("stored")
}

fn moves(state: &AppState, g: &GameRef) -> Vec<String> {
    state.view(g).moves.into_iter().map(|m| m.text).collect()
}

#[test]
fn a_change_heard_while_the_game_is_read_is_not_lost() {
    let store: Arc<dyn Store> = Arc::new(SqliteStore::in_memory().expect("store"));
    let (a, b) = (server(&store), server(&store));
    let on_a = local_game(&a);
    // B starts reading the game: nothing played yet.
    let heard = b.changes_heard();
    let read = b.load_stored("race1").expect("read");
    // Meanwhile a move lands through A and B hears of it; B holds no copy
    // yet, so there is nothing for the notice to reload.
    a.play(&on_a, Some(Seat::Both), "g1f3").expect("played");
    b.refresh("race1");
    // B then holds the copy it read: it must show the move.
    let on_b = b.hold(read, heard);
    assert_eq!(moves(&b, &on_b), ["g1f3"]);
    assert_eq!(moves(&b, &b.game("race1").expect("held")), ["g1f3"]);
}

#[test]
fn a_game_read_with_nothing_heard_is_held_as_read() {
    let store: Arc<dyn Store> = Arc::new(SqliteStore::in_memory().expect("store"));
    let (a, b) = (server(&store), server(&store));
    let on_a = local_game(&a);
    let heard = b.changes_heard();
    let read = b.load_stored("race1").expect("read");
    a.play(&on_a, Some(Seat::Both), "g1f3").expect("played");
    // No notice reached B: it keeps what it read until one does.
    let on_b = b.hold(read, heard);
    assert!(moves(&b, &on_b).is_empty());
    b.refresh("race1");
    assert_eq!(moves(&b, &on_b), ["g1f3"]);
}
