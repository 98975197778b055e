//! The JSON shapes of the lobby: open challenges (docs/api.md, "Lobby").

use super::{ColorChoice, OptionMap, TimeControl};
use serde::{Deserialize, Serialize};

/// `POST /api/challenges`: a game anyone in the lobby may accept.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateChallenge {
    /// The creator's player key (random, kept in the browser).
    pub player: String,
    /// The creator's display name (1 to 24 characters).
    pub name: String,
    /// A built-in game name or a custom Pick the Piece spec.
    pub variant: String,
    /// Rule flags; absent ones keep the game's defaults.
    #[serde(default)]
    pub options: Option<OptionMap>,
    /// A start position other than the game's own.
    #[serde(default)]
    pub fen: Option<String>,
    /// The creator's side (default random).
    #[serde(default)]
    pub color: Option<ColorChoice>,
    /// A clock for both sides; none: untimed.
    #[serde(default)]
    pub time_control: Option<TimeControl>,
    /// Whether its game is listed among the games to watch (default true).
    #[serde(default)]
    pub public: Option<bool>,
}

/// `POST /api/challenges/{id}/accept`: who accepts.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AcceptChallenge {
    /// The player key of the browser that accepts.
    pub player: String,
    /// The accepting player's display name (1 to 24 characters; default `guest`).
    #[serde(default)]
    pub name: Option<String>,
}

/// `POST /api/challenges/{id}/cancel`: who asks.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRequest {
    /// The player key of the browser that asks.
    pub player: String,
}

/// `GET /api/challenges` and `GET /api/lobby/events`: the page and the viewer.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LobbyQuery {
    /// Challenges to skip (default 0).
    #[serde(default)]
    pub offset: Option<usize>,
    /// Challenges to list (1 to 100, default 50).
    #[serde(default)]
    pub limit: Option<usize>,
    /// The viewer's player key: its challenges are marked `mine` (and, on
    /// the event stream, it keeps them from lapsing).
    #[serde(default)]
    pub player: Option<String>,
}

/// One challenge as the lobby shows it.
#[derive(Clone, Debug, Serialize)]
pub struct ChallengeView {
    /// The challenge's id.
    pub id: String,
    /// The creator's display name.
    pub name: String,
    /// The variant spec.
    pub variant: String,
    /// The game's title.
    pub title: String,
    /// Rule flags that differ from the game's defaults.
    pub options: OptionMap,
    /// The clock, if timed.
    pub time_control: Option<TimeControl>,
    /// The creator's colour: `white`, `black` or `random`.
    pub color: String,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// `open`, `accepted`, `cancelled` or `lapsed`.
    pub state: String,
    /// The game it started, once accepted.
    pub game: Option<String>,
    /// Whether the viewer's player key created it.
    pub mine: bool,
    /// Whether its game will be listed among the games to watch.
    pub public: bool,
}

/// `POST /api/challenges` → `201`.
#[derive(Clone, Debug, Serialize)]
pub struct ChallengeCreated {
    /// The challenge.
    pub challenge: ChallengeView,
    /// The seat token the creator will hold in the game once accepted.
    pub token: String,
}

/// A page of open challenges, newest first.
#[derive(Clone, Debug, Serialize)]
pub struct ChallengePage {
    /// The challenges of the page.
    pub challenges: Vec<ChallengeView>,
    /// How many are open in all.
    pub total: usize,
    /// The page's first index.
    pub offset: usize,
}

/// The `accepted` event of the lobby's stream: a challenge became a game.
#[derive(Clone, Debug, Serialize)]
pub struct ChallengeAccepted {
    /// The challenge's id.
    pub challenge: String,
    /// The new game's id (its creator joins with the token it was given).
    pub game: String,
}

/// `GET /api/games`: one game to watch.
#[derive(Clone, Debug, Serialize)]
pub struct WatchGame {
    /// The game's id (open `/play/{id}` to watch).
    pub id: String,
    /// The variant spec.
    pub variant: String,
    /// The game's title.
    pub title: String,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// The pieces on the board now.
    pub board: Vec<super::BoardPiece>,
    /// The side to move.
    pub turn: super::Side,
    /// Plies played.
    pub plies: usize,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: i64,
}

/// `GET /api/games?offset=&limit=`: public games in progress, newest first.
#[derive(Clone, Debug, Serialize)]
pub struct WatchPage {
    /// The games of the page.
    pub games: Vec<WatchGame>,
    /// The page's first index (among public games without an off-board ending).
    pub offset: usize,
    /// Where the next page starts.
    pub next: usize,
}
