//! The lobby's rules: who a player is (a random key and a display name),
//! how many challenges one may open, when an open challenge lapses, and the
//! broadcast that tells every open lobby page of a change.

use crate::error::{ApiError, ErrorCode};
use crate::state::AppState;
use crate::store::ChallengeRow;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// A real-time challenge lapses when its creator has had no lobby page open
/// for this long (3 minutes).
pub const LAPSE_MS: i64 = 180_000;
/// A correspondence or untimed challenge lapses when its creator has had no
/// lobby page open for a day.
pub const SLOW_LAPSE_MS: i64 = 86_400_000;
/// How often an open lobby page marks its player as present.
pub const TOUCH_EVERY: Duration = Duration::from_secs(30);
/// How often lapsed challenges are looked for.
pub const SWEEP_EVERY: Duration = Duration::from_secs(15);
/// Open challenges one player key may have at once.
pub const MAX_OPEN_PER_PLAYER: usize = 3;
/// Open challenges from one address at once.
pub const MAX_OPEN_PER_ADDRESS: usize = 10;
/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 24;
/// The most challenges one page lists.
pub const MAX_PAGE: usize = 100;
/// Challenges a page lists when the request does not say.
pub const DEFAULT_PAGE: usize = 50;
/// How long the lobby streams share one reading of a page of challenges
/// when nothing changed: 1 s. A change (a challenge opened, cancelled,
/// accepted or lapsed, here or on another server) is read once and sent
/// to every stream; between changes the list is read again at most once
/// a second, so a stream opened then still sees a challenge that lapsed
/// without a sweep having told the lobby yet.
pub const SHARED_LIST_MAX_AGE: Duration = Duration::from_secs(1);
/// The pages (offset and limit) kept read for the streams at once: 64.
/// The page asks for one; more come only from hand-made requests, and
/// past this number the readings are dropped and made again.
pub const MAX_SHARED_LISTS: usize = 64;

/// What changed in the lobby.
#[derive(Clone, Debug)]
pub enum LobbyEvent {
    /// The list of open challenges changed.
    Changed,
    /// A challenge became a game.
    Accepted {
        /// The challenge's id.
        challenge: String,
        /// The game's id.
        game: String,
        /// For a private game: the player key of the challenge's creator,
        /// the only lobby stream told of it (a private game's id is its
        /// only secret from spectators). `None` for a public game, which
        /// every stream is told of (it is listed to watch anyway).
        only_for: Option<String>,
    },
}

/// What starts a lobby note between servers (game ids are letters and
/// digits, so a note is never taken for one).
const NOTE_PREFIX: &str = "lobby:";

impl LobbyEvent {
    /// This event as a note for the other servers on the same database
    /// (`lobby:changed`, `lobby:accepted:CHALLENGE:GAME` for a public
    /// game, `lobby:private:CHALLENGE:GAME:PLAYER` for a private one).
    #[must_use]
    pub fn note(&self) -> String {
        match self {
            LobbyEvent::Changed => format!("{NOTE_PREFIX}changed"),
            LobbyEvent::Accepted {
                challenge,
                game,
                only_for: None,
            } => format!("{NOTE_PREFIX}accepted:{challenge}:{game}"),
            LobbyEvent::Accepted {
                challenge,
                game,
                only_for: Some(player),
            } => format!("{NOTE_PREFIX}private:{challenge}:{game}:{player}"),
        }
    }

    /// The event a note from another server stands for; `None` for
    /// anything else (a game's id, a note of a newer version).
    #[must_use]
    pub fn from_note(note: &str) -> Option<LobbyEvent> {
        let rest = note.strip_prefix(NOTE_PREFIX)?;
        if rest == "changed" {
            return Some(LobbyEvent::Changed);
        }
        let plain = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric());
        if let Some(public) = rest.strip_prefix("accepted:") {
            let (challenge, game) = public.split_once(':')?;
            return (plain(challenge) && plain(game)).then(|| LobbyEvent::Accepted {
                challenge: challenge.to_string(),
                game: game.to_string(),
                only_for: None,
            });
        }
        let mut parts = rest.strip_prefix("private:")?.split(':');
        let (challenge, game, player) = (parts.next()?, parts.next()?, parts.next()?);
        let ok = plain(challenge) && plain(game) && check_player(player).is_ok();
        (ok && parts.next().is_none()).then(|| LobbyEvent::Accepted {
            challenge: challenge.to_string(),
            game: game.to_string(),
            only_for: Some(player.to_string()),
        })
    }
}

/// Tells this server's open lobby streams of `e`, and the other servers on
/// the same database (which tell theirs; see [`crate::follow`]).
pub fn publish(state: &AppState, e: LobbyEvent) {
    let _ = state.store().announce(&e.note());
    state.lobby().send(e);
}

/// A page of open challenges as the store gave it, shared by the lobby
/// streams that show it (each renders it for its own viewer).
#[derive(Debug)]
pub struct SharedList {
    /// The challenges, newest first.
    pub rows: Vec<ChallengeRow>,
    /// How many challenges are open in all.
    pub total: usize,
    /// The lobby's [`Lobby::generation`] when it was read.
    generation: u64,
    /// When it was read.
    at: Instant,
}

/// The lobby's broadcast of changes, and the lists its streams share.
#[derive(Debug)]
pub struct Lobby {
    events: broadcast::Sender<LobbyEvent>,
    /// Counts the changes told ([`LobbyEvent::Changed`]).
    generation: AtomicU64,
    /// The pages read since the last change, by offset and limit.
    lists: tokio::sync::Mutex<HashMap<(usize, usize), Arc<SharedList>>>,
}

impl Default for Lobby {
    fn default() -> Lobby {
        Lobby {
            events: broadcast::channel(64).0,
            generation: AtomicU64::new(0),
            lists: tokio::sync::Mutex::default(),
        }
    }
}

impl Lobby {
    /// Tells every open lobby stream (after a change, the lists read
    /// before it are no longer shared).
    pub fn send(&self, e: LobbyEvent) {
        if matches!(e, LobbyEvent::Changed) {
            self.generation.fetch_add(1, Ordering::SeqCst);
        }
        let _ = self.events.send(e);
    }

    /// A receiver of the changes from now on.
    #[must_use]
    pub fn subscribe(&self) -> broadcast::Receiver<LobbyEvent> {
        self.events.subscribe()
    }

    /// How many changes were told so far.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    /// The page at `offset` of `limit` open challenges, lapsed ones
    /// swept first: read from the store once per change (and at most
    /// once per [`SHARED_LIST_MAX_AGE`] between changes) however many
    /// streams ask for it. The streams that ask while it is being read
    /// wait for that reading.
    ///
    /// # Errors
    /// `500` if the store fails.
    pub async fn shared_list(
        &self,
        state: &AppState,
        offset: usize,
        limit: usize,
    ) -> Result<Arc<SharedList>, ApiError> {
        let mut lists = self.lists.lock().await;
        if let Some(list) = lists.get(&(offset, limit)) {
            if list.generation == self.generation() && list.at.elapsed() < SHARED_LIST_MAX_AGE {
                return Ok(Arc::clone(list));
            }
        }
        sweep(state, crate::ids::now_ms())?;
        let generation = self.generation();
        let (rows, total) = state.store().open_challenges(offset, limit)?;
        let list = Arc::new(SharedList {
            rows,
            total,
            generation,
            at: Instant::now(),
        });
        lists.retain(|_, l| l.generation == generation);
        if lists.len() >= MAX_SHARED_LISTS {
            lists.clear();
        }
        lists.insert((offset, limit), Arc::clone(&list));
        Ok(list)
    }
}

/// Checks a player key: 16 to 64 letters, digits, `-` or `_`.
///
/// # Errors
/// `400 bad_player_key`.
pub fn check_player(key: &str) -> Result<(), ApiError> {
    let ok = (16..=64).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(ApiError::bad_request(
            ErrorCode::BadPlayerKey,
            "a player key is 16 to 64 letters, digits, '-' or '_'",
        ))
    }
}

/// The beginnings a display name may not have (compared case-insensitively
/// after trimming): they would pass the player off as the engine (shown as
/// `engine level N`), the site or its staff. Six prefixes.
pub const RESERVED_NAME_PREFIXES: [&str; 6] = [
    "engine",
    "menagerie",
    "admin",
    "moderator",
    "staff",
    "system",
];

/// Whether `c` may not be in a name a player gives (a display name, a
/// setup's name): a control character, or one that is invisible or
/// reorders the text around it (bidirectional embeddings, overrides,
/// isolates and marks, U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to
/// U+206F; zero-width spaces and joiners, U+200B to U+200D, U+2060 to
/// U+2064, U+180E, U+FEFF; the soft hyphen; line and paragraph
/// separators), with which a name could pass for another.
#[must_use]
pub fn is_refused_in_name(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{061C}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{206F}'
                | '\u{FEFF}'
        )
}

/// What is wrong with a display name (`None`: nothing), judged after
/// trimming: its length (1 to [`MAX_NAME_CHARS`] characters), a character
/// [`is_refused_in_name`], or a beginning of [`RESERVED_NAME_PREFIXES`].
#[must_use]
pub fn display_name_problem(name: &str) -> Option<String> {
    let name = name.trim();
    let n = name.chars().count();
    if n == 0 || n > MAX_NAME_CHARS {
        return Some(format!("a name has 1 to {MAX_NAME_CHARS} characters"));
    }
    if let Some(c) = name.chars().find(|&c| is_refused_in_name(c)) {
        return Some(format!(
            "a name may not hold control, direction or invisible characters (U+{:04X})",
            u32::from(c)
        ));
    }
    let lower = name.to_lowercase();
    RESERVED_NAME_PREFIXES
        .iter()
        .find(|p| lower.starts_with(*p))
        .map(|p| format!("a name may not begin with {p:?}: it is kept for the engine and the site"))
}

/// A display name, trimmed, if [`display_name_problem`] finds nothing.
///
/// # Errors
/// `400 bad_name` saying what is wrong.
pub fn check_name(name: &str) -> Result<String, ApiError> {
    match display_name_problem(name) {
        Some(problem) => Err(ApiError::bad_request(ErrorCode::BadName, problem)),
        None => Ok(name.trim().to_string()),
    }
}

/// Marks lapsed the challenges whose creator left the lobby longer ago than
/// their lapse time ([`LAPSE_MS`] or [`SLOW_LAPSE_MS`]) at `now_ms`, and
/// tells the lobby if there were any.
///
/// # Errors
/// `500` if the store fails.
pub fn sweep(state: &AppState, now_ms: i64) -> Result<(), ApiError> {
    if state.store().lapse_challenges(now_ms)? > 0 {
        publish(state, LobbyEvent::Changed);
    }
    Ok(())
}

/// Ends on time the correspondence games whose deadline passed before
/// `wall_ms` (stored and broadcast as any loss on time).
///
/// # Errors
/// `500` if the store fails.
pub fn check_deadlines(state: &AppState, wall_ms: i64) -> Result<(), ApiError> {
    for id in state.store().unfinished_correspondence()? {
        if let Ok(g) = state.game(&id) {
            state.check_flag_at(&g, wall_ms);
        }
    }
    Ok(())
}

/// Inside a Tokio runtime, every [`SWEEP_EVERY`], sweeps lapsed challenges
/// and checks correspondence deadlines (so a game is lost on time even
/// when nobody looks at it).
pub fn spawn_sweeper(state: &AppState) {
    let Ok(handle) = tokio::runtime::Handle::try_current() else {
        return;
    };
    let state = state.clone();
    handle.spawn(async move {
        let mut tick = tokio::time::interval(SWEEP_EVERY);
        loop {
            tick.tick().await;
            let now = crate::ids::now_ms();
            let _ = sweep(&state, now);
            let _ = check_deadlines(&state, now);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lobby_notes_round_trip_and_bad_ones_are_ignored() {
        let accepted = LobbyEvent::Accepted {
            challenge: "c1".into(),
            game: "g2".into(),
            only_for: None,
        };
        let private = LobbyEvent::Accepted {
            challenge: "c1".into(),
            game: "g2".into(),
            only_for: Some("abcdef0123456789-_".into()),
        };
        for e in [LobbyEvent::Changed, accepted, private] {
            let back = LobbyEvent::from_note(&e.note()).unwrap();
            assert_eq!(back.note(), e.note());
        }
        for bad in [
            "g1",
            "*",
            "lobby:",
            "lobby:accepted:c1",
            "lobby:accepted::g",
            "lobby:accepted:c 1:g",
            "lobby:accepted:c1:g:x",
            "lobby:private:c1:g2",
            "lobby:private:c1:g2:short",
            "lobby:private:c1:g2:abcdef0123456789:x",
            "lobby:opened",
        ] {
            assert!(LobbyEvent::from_note(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn player_keys_and_names_are_checked() {
        assert!(check_player("abcdef0123456789").is_ok());
        assert!(check_player("short").is_err());
        assert!(check_player("abcdef0123456789 ").is_err());
        assert!(check_player(&"a".repeat(65)).is_err());
        assert_eq!(check_name("  Ann  ").unwrap(), "Ann");
        assert!(check_name("").is_err());
        assert!(check_name("a\u{7}b").is_err());
        assert!(check_name(&"é".repeat(24)).is_ok());
        assert!(check_name(&"é".repeat(25)).is_err());
    }

    #[test]
    fn names_with_hidden_or_reordering_characters_are_refused() {
        for bad in [
            "Ann\u{202E}dlob",
            "\u{2066}Bob\u{2069}",
            "A\u{200E}",
            "A\u{200F}",
            "A\u{061C}",
            "An\u{200B}n",
            "An\u{200C}n",
            "An\u{200D}n",
            "An\u{2060}n",
            "\u{FEFF}Ann",
            "Ann\u{2028}Bob",
            "Ann\u{0}",
            "An\u{85}n",
        ] {
            assert!(display_name_problem(bad).is_some(), "{bad:?}");
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert_eq!(display_name_problem("Zoë 🦊"), None);
        assert_eq!(display_name_problem("  Ann  "), None);
    }

    #[test]
    fn names_that_pass_for_the_engine_or_the_site_are_refused() {
        for bad in [
            "engine level 10",
            "Engine",
            "  ENGINE level 3",
            "Menagerie",
            "admin",
            "Administrator",
            "Moderator Ann",
            "staff",
            "System",
        ] {
            let problem = display_name_problem(bad).unwrap_or_default();
            assert!(problem.contains("may not begin"), "{bad:?}: {problem}");
        }
        for good in ["Ann", "my engine", "Bob the admin", "guest"] {
            assert_eq!(display_name_problem(good), None, "{good:?}");
        }
    }
}
