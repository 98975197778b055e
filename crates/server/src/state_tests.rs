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
        ticket: None,
    })
    .expect("stored")
}

fn moves(state: &AppState, g: &GameRef) -> Vec<String> {
    state.view(g).moves.into_iter().map(|m| m.text).collect()
}

/// Server B reads a game created on A; meanwhile a move lands through A,
/// and B hears of it (as `follow` passes a `NOTIFY`) if `heard` is set;
/// then B holds the copy it read. B's state and its copy.
fn read_while_a_move_lands(heard: bool) -> (AppState, GameRef) {
    let store: Arc<dyn Store> = Arc::new(SqliteStore::in_memory().expect("store"));
    let (a, b) = (server(&store), server(&store));
    let on_a = local_game(&a);
    let before = b.changes_heard();
    let read = b.load_stored("race1").expect("read");
    a.play(&on_a, Some(Seat::Both), "g1f3").expect("played");
    if heard {
        // B holds no copy yet: there is nothing for the notice to reload.
        b.refresh("race1");
    }
    let on_b = b.hold(read, before);
    (b, on_b)
}

#[test]
fn a_change_heard_while_the_game_is_read_is_not_lost() {
    let (b, on_b) = read_while_a_move_lands(true);
    assert_eq!(moves(&b, &on_b), ["g1f3"]);
    assert_eq!(moves(&b, &b.game("race1").expect("held")), ["g1f3"]);
}

#[test]
fn a_game_read_with_nothing_heard_is_held_as_read() {
    let (b, on_b) = read_while_a_move_lands(false);
    // No notice reached B: it keeps what it read until one does.
    assert!(moves(&b, &on_b).is_empty());
    b.refresh("race1");
    assert_eq!(moves(&b, &on_b), ["g1f3"]);
}
