//! The JSON shapes of the API (docs/api.md). Core types never derive
//! `Serialize`; these plain structs are built from them.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

mod board;
mod lobby;
mod records;
mod review;

pub use board::{
    AnalysisDone, AnalysisInfo, AnalysisQuery, BoardPosition, MoveSquares, PositionRequest,
};
pub use lobby::{
    AcceptChallenge, ChallengeAccepted, ChallengeCreated, ChallengePage, ChallengeView,
    CreateChallenge, LobbyQuery, PlayerRequest, WatchGame, WatchPage,
};
pub use records::{
    NodeInput, ReadRecord, RecordNode, RecordQuery, RecordText, RecordTree, WriteRecord,
};
pub use review::{
    Judgement, JudgementCounts, ReviewBudget, ReviewCounts, ReviewPly, ReviewProgress,
    ReviewStatus, ReviewView,
};

/// Rule flags by name (`freeze_affects_friendly`, ...).
pub type OptionMap = BTreeMap<String, bool>;

/// A side of the board, as the API writes it (`"white"`, `"black"`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<menagerie_rules::Color> for Side {
    fn from(c: menagerie_rules::Color) -> Side {
        match c {
            menagerie_rules::Color::White => Side::White,
            menagerie_rules::Color::Black => Side::Black,
        }
    }
}

/// Which sides a viewer plays (`"white"`, `"black"`, `"both"`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Viewer {
    /// White's seat.
    White,
    /// Black's seat.
    Black,
    /// Both sides (a game at one screen).
    Both,
}

/// What kind of action a legal action is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ActionKind {
    /// A move or capture of a piece on the board (promotions included).
    Normal,
    /// A piece from the hand.
    Drop,
    /// Castling.
    Castle,
    /// A Detonator's detonation.
    Detonate,
    /// An attack that only wounds (Chess with Wounds).
    Wound,
    /// A rotation (Chess with Wounds).
    Rotate,
    /// A pass (Chess with Wounds, when nothing else is possible).
    Pass,
}

/// `POST /api/games`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// A built-in game name or a custom Pick the Piece spec.
    pub variant: String,
    /// Rule flags; absent ones keep the game's defaults.
    #[serde(default)]
    pub options: Option<OptionMap>,
    /// A start position other than the game's own.
    #[serde(default)]
    pub fen: Option<String>,
    /// Who plays the other side (default: the engine at level 5).
    #[serde(default)]
    pub opponent: Option<Opponent>,
    /// The creator's side (default white).
    #[serde(default)]
    pub color: Option<ColorChoice>,
    /// A clock for both sides; none: untimed.
    #[serde(default)]
    pub time_control: Option<TimeControl>,
    /// Whether the game is listed among the games to watch (default false).
    #[serde(default)]
    pub public: Option<bool>,
}

/// Who plays the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Opponent {
    /// The engine at a level from 1 to 10.
    Engine {
        /// Skill level (default 5).
        #[serde(default = "default_level")]
        level: u8,
    },
    /// A friend at the same screen: one token moves both sides. (An empty
    /// struct, not a unit variant, so that an unknown field is refused.)
    Local {},
    /// A friend over a link: each side has its own secret link.
    Link {},
}

fn default_level() -> u8 {
    5
}

/// The creator's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColorChoice {
    /// White.
    White,
    /// Black.
    Black,
    /// Chosen by the server at random.
    Random,
}

/// A clock: time at the start and time added after each move; or, for a
/// correspondence game, days per move alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// Milliseconds each side starts with (0 in a correspondence game).
    #[serde(default)]
    pub initial_ms: u64,
    /// Milliseconds added after each own move.
    #[serde(default)]
    pub increment_ms: u64,
    /// Correspondence: days each move may take (1, 3 or 7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days_per_move: Option<u32>,
}

/// `POST /api/games/{id}/moves`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// A move string of the notation contract (`e2e5`, `J@e5`, ...).
    #[serde(rename = "move")]
    pub text: String,
}

/// `POST /api/games/{id}/draw`.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawRequest {
    /// What to do about a draw.
    pub action: DrawAction,
}

/// Draw offer actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DrawAction {
    /// Offer a draw.
    Offer,
    /// Accept the opponent's offer.
    Accept,
    /// Decline the opponent's offer.
    Decline,
}

/// `POST /api/games/{id}/analysis`.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisRequest {
    /// The position after this many plies (default: the current one).
    #[serde(default)]
    pub ply: Option<usize>,
    /// Search time (clamped to 50..=5000 ms; default 1000).
    #[serde(default)]
    pub movetime_ms: Option<u64>,
}

/// `POST /api/setups`: a named custom setup for the Pick the Piece builder,
/// kept under the player key that saves it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveSetup {
    /// The saving player's key (as the lobby's: 16 to 64 letters, digits,
    /// `-` or `_`).
    pub player: String,
    /// The name it is kept under (1 to 80 characters).
    pub name: String,
    /// The variant spec (`pick-the-piece:slots=...;drops=...` or a game name).
    pub spec: String,
    /// Rule flags.
    #[serde(default)]
    pub options: OptionMap,
}

/// `GET /api/setups` and `GET`/`DELETE /api/setups/{name}`: whose setups.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupQuery {
    /// The player key the setups were saved under.
    #[serde(default)]
    pub player: Option<String>,
}

/// A saved setup as the API answers it (its owner's key is not shown).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The name it is kept under (1 to 80 characters).
    pub name: String,
    /// The variant spec (`pick-the-piece:slots=...;drops=...` or a game name).
    pub spec: String,
    /// Rule flags.
    #[serde(default)]
    pub options: OptionMap,
}

/// One game of `GET /api/variants`.
#[derive(Clone, Debug, Serialize)]
pub struct VariantInfo {
    /// The variant spec to create games with.
    pub key: String,
    /// Display title.
    pub title: String,
    /// One line for the game chooser.
    pub blurb: String,
    /// The game it is another with one change, if any (`carnage`: `wreckage`).
    pub parent: Option<String>,
    /// Short notes for players on the rules page.
    pub notes: Vec<String>,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// The start position string.
    pub start_fen: String,
    /// Whether the game has pieces in hand.
    pub has_pockets: bool,
    /// The pieces of the start position, as in a game's `board`.
    pub start_board: Vec<BoardPiece>,
    /// Pieces in hand at the start, as in a game's `pockets`.
    pub start_pockets: Pockets,
    /// Whether men move along prongs that can be wounded (Chess with Wounds).
    pub prongs: bool,
    /// Whether the game has check (a king that must not be captured).
    pub has_check: bool,
    /// Whether pawns run up to the middle rank on any turn (1 to 3 squares in
    /// their own half, as in Charles Daniel's games) rather than FIDE's
    /// single or double step.
    pub pawn_to_middle: bool,
    /// The pieces that can appear, in catalogue order.
    pub pieces: Vec<PieceInfo>,
    /// The rule flags this game accepts.
    pub options: Vec<OptionInfo>,
}

/// A piece: letter, name and a rules summary.
#[derive(Clone, Debug, Serialize)]
pub struct PieceInfo {
    /// Upper-case letter.
    pub letter: String,
    /// Name.
    pub name: String,
    /// One paragraph on how it moves and captures in this game.
    pub summary: String,
    /// What the engine counts it worth, in centipawns (a pawn is 100): a
    /// rough guide to its strength, by which the page orders promotions.
    pub value: i32,
    /// How it moves, found by the move generator (`None`: no diagram).
    pub diagram: Option<MovementDiagram>,
}

/// A movement diagram: a small board, the pieces on it and what the piece
/// does on each marked square (`docs/api.md`, "Movement diagrams").
#[derive(Clone, Debug, Serialize)]
pub struct MovementDiagram {
    /// Files of the diagram's board.
    pub files: u8,
    /// Ranks of the diagram's board.
    pub ranks: u8,
    /// The piece, and any piece it needs to show a capture (a screen).
    pub pieces: Vec<BoardPiece>,
    /// Marked squares.
    pub marks: Vec<DiagramMark>,
}

/// One marked square of a movement diagram.
#[derive(Clone, Debug, Serialize)]
pub struct DiagramMark {
    /// The square, in the diagram's own coordinates.
    pub square: String,
    /// `moveonly` (moves there, never captures by landing), `move` (moves
    /// or captures there), `capture` (captures there only), `taken` (an
    /// enemy there is removed by a side-effect capture), `blast` (removed
    /// by a detonation) or `freeze` (frozen).
    pub kind: MarkKind,
}

/// What a diagram's piece does on a square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MarkKind {
    /// Moves there, never captures by landing.
    MoveOnly,
    /// Moves or captures there.
    Move,
    /// Captures there only.
    Capture,
    /// An enemy there is removed by a side-effect capture.
    Taken,
    /// An enemy there is removed by a detonation.
    Blast,
    /// An enemy there is frozen.
    Freeze,
}

/// One piece of the catalogue (`GET /api/pieces`).
#[derive(Clone, Debug, Serialize)]
pub struct CataloguePiece {
    /// Upper-case letter.
    pub letter: String,
    /// Name.
    pub name: String,
    /// Whether a Pick the Piece setup may put it in a corner slot.
    pub slot: bool,
    /// Whether a Pick the Piece setup may give it to the players in hand.
    pub drop: bool,
}

/// One engine level (`GET /api/levels`).
#[derive(Clone, Debug, Serialize)]
pub struct LevelInfo {
    /// 1 to 10.
    pub level: u8,
    /// A word for players (`Beginner` ... `Full strength`).
    pub name: String,
    /// Measured Elo over the one-move capture grabber (`greedy`) in
    /// Wreckage (`null`: not measured yet).
    pub elo_wreckage: Option<i32>,
    /// The same in chess.
    pub elo_chess: Option<i32>,
}

/// A rule flag.
#[derive(Clone, Debug, Serialize)]
pub struct OptionInfo {
    /// The flag's name in `options`.
    pub name: String,
    /// Its value in the standard game.
    pub default: bool,
    /// What it changes.
    pub description: String,
}

/// The answer to `POST /api/games`.
#[derive(Clone, Debug, Serialize)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// The creator's seat: `white`, `black` or `both`.
    pub seat: String,
    /// The creator's secret token.
    pub token: String,
    /// Page links for the seats and for spectators.
    pub links: Links,
    /// The game.
    pub game: GameView,
}

/// `POST /api/games/{id}/claim`: the invitation's claim ticket.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimSeat {
    /// The ticket of the invitation link (`?ticket=`).
    pub ticket: String,
}

/// `POST /api/games/{id}/claim` → `200`: the invited seat, once.
#[derive(Clone, Debug, Serialize)]
pub struct Claimed {
    /// The game's id.
    pub id: String,
    /// The seat claimed: `white` or `black`.
    pub seat: String,
    /// Its secret token (sent as `X-Seat-Token` from now on).
    pub token: String,
    /// The game as the seat's holder sees it.
    pub game: GameView,
}

/// Page links of a game.
#[derive(Clone, Debug, Serialize)]
pub struct Links {
    /// White's seat link, if a person plays White.
    pub white: Option<String>,
    /// Black's seat link, if a person plays Black.
    pub black: Option<String>,
    /// The spectators' link.
    pub watch: String,
}

/// A game as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// Grows with every change of the game (see `docs/api.md`): of two views
    /// of one game, the one with the higher revision is the newer.
    pub revision: u64,
    /// The variant spec.
    pub variant: String,
    /// Display title.
    pub title: String,
    /// Rule flags that differ from the game's defaults.
    pub options: OptionMap,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// The current position string.
    pub fen: String,
    /// The start position string.
    pub start_fen: String,
    /// Side to move.
    pub turn: Side,
    /// The viewer's seat: `white`, `black`, `both` or none (spectator).
    pub you: Option<Viewer>,
    /// The pieces on the board.
    pub board: Vec<BoardPiece>,
    /// Pieces in hand per side, by letter.
    pub pockets: Pockets,
    /// Squares of pieces that are frozen now (either side).
    pub frozen: Vec<String>,
    /// Whether the side to move is in check.
    pub check: bool,
    /// The last action played.
    pub last_move: Option<LastMove>,
    /// The legal actions of the side to move (empty once the game is over).
    pub legal: Vec<LegalAction>,
    /// The moves played so far.
    pub moves: Vec<PlayedMove>,
    /// The clocks of a timed game.
    pub clocks: Option<Clocks>,
    /// The result, once the game is over.
    pub outcome: Option<OutcomeView>,
    /// Who plays each side.
    pub players: Players,
    /// The side that offers a draw, if any.
    pub draw_offer: Option<Side>,
    /// Whether the engine is choosing its move.
    pub engine_thinking: bool,
    /// Whether `undo` is available to the viewer's kind of game.
    pub can_undo: bool,
    /// Whether the viewer may ask for an analysis now (`POST .../analysis`):
    /// anyone once the game is over; during it, its players, and not in a
    /// game over a link.
    pub can_analyse: bool,
    /// Whether the viewer may start a review now (`POST .../review`), by the
    /// same rule.
    pub can_review: bool,
    /// The game's page links, sent only to the holder of the seat of the
    /// player who created a game over a link (in any browser), so that the
    /// invitation can be sent again from anywhere; `null` for everyone else.
    pub links: Option<Links>,
    /// A rematch offered or started (games that are over).
    pub rematch: Option<RematchView>,
    /// What [`crate::view::for_seat`] needs to fill in the per-viewer fields
    /// above; never sent.
    #[serde(skip)]
    pub seats: SeatFacts,
}

/// The facts of a game behind a [`GameView`]'s per-viewer fields.
#[derive(Clone, Debug, Default)]
pub struct SeatFacts {
    /// The game is played over a link.
    pub link: bool,
    /// The game is over.
    pub over: bool,
    /// The creator's side of a game over a link, with the game's links.
    pub creator_links: Option<(Side, Links)>,
    /// The rematch's id with each side's seat link in it (by the side
    /// played in this game).
    pub rematch_links: Option<(String, [String; 2])>,
}

/// A rematch offered or started once a game is over.
#[derive(Clone, Debug, Serialize)]
pub struct RematchView {
    /// The side that offered it (none once started, or when it started at once).
    pub offered_by: Option<Side>,
    /// The new game, once started.
    pub game: Option<String>,
    /// The viewer's seat link in the new game (players only).
    pub link: Option<String>,
}

/// A piece on the board.
#[derive(Clone, Debug, Serialize)]
pub struct BoardPiece {
    /// Its square.
    pub square: String,
    /// `white` or `black`.
    pub color: Side,
    /// Upper-case letter.
    pub letter: String,
    /// Name.
    pub name: String,
    /// Chess with Wounds: the 8 prong digits of the notation contract.
    pub prongs: Option<String>,
    /// Chess with Wounds: whether it has lost prongs since the start.
    pub wounded: bool,
    /// A Wall square: `left` or `right` half.
    pub wall: Option<String>,
}

/// Pieces in hand.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Pockets {
    /// White's, by upper-case letter.
    pub white: BTreeMap<String, u8>,
    /// Black's, by upper-case letter.
    pub black: BTreeMap<String, u8>,
}

/// The position after some ply of a game, as the page draws it when
/// stepping back through the game (`GET /api/games/{id}/plies/{ply}`).
#[derive(Clone, Debug, Serialize)]
pub struct PositionView {
    /// How many plies were played to reach it (0: the start).
    pub ply: usize,
    /// Its position string.
    pub fen: String,
    /// Side to move.
    pub turn: Side,
    /// The pieces on the board.
    pub board: Vec<BoardPiece>,
    /// Pieces in hand per side, by letter.
    pub pockets: Pockets,
    /// Squares of frozen pieces (either side).
    pub frozen: Vec<String>,
    /// Whether the side to move is in check.
    pub check: bool,
    /// The action that led here (none at the start).
    pub last_move: Option<LastMove>,
}

/// The last action.
#[derive(Clone, Debug, Serialize)]
pub struct LastMove {
    /// Its move string.
    pub text: String,
    /// Its readable label.
    pub label: String,
    /// Where the acting piece started (drops: the entry square).
    pub from: Option<String>,
    /// Where it ended.
    pub to: Option<String>,
    /// Squares emptied by captures.
    pub captured: Vec<String>,
}

/// One legal action.
#[derive(Clone, Debug, Serialize)]
pub struct LegalAction {
    /// The move string to send back.
    pub text: String,
    /// `normal`, `drop`, `castle`, `detonate`, `wound`, `rotate` or `pass`.
    pub kind: ActionKind,
    /// The square to click first (drops: the entry square; none for a pass).
    pub from: Option<String>,
    /// The square to click second (castling: the king's destination).
    pub to: Option<String>,
    /// Squares this action empties (wounds: the wounded man's square).
    pub captured: Vec<String>,
    /// The promotion piece's letter.
    pub promotion: Option<String>,
    /// A drop's piece letter.
    pub role: Option<String>,
    /// A pushed ninja-pawn drop's final square.
    pub push_to: Option<String>,
    /// Castling: the rook's start and destination squares.
    pub rook: Option<[String; 2]>,
    /// Readable notation (docs/notation.md).
    pub label: String,
}

/// A move of the move list.
#[derive(Clone, Debug, Serialize)]
pub struct PlayedMove {
    /// 1 for White's first move.
    pub ply: usize,
    /// The side that played it.
    pub color: Side,
    /// The move number (a White move and the Black move after it share one).
    pub number: u32,
    /// The move string.
    pub text: String,
    /// Readable notation.
    pub label: String,
    /// The position string after it.
    pub fen_after: String,
}

/// The clocks, in milliseconds left.
#[derive(Clone, Debug, Serialize)]
pub struct Clocks {
    /// White's time left.
    pub white_ms: u64,
    /// Black's time left.
    pub black_ms: u64,
    /// The side whose clock runs, if any.
    pub running: Option<Side>,
    /// Milliseconds added per move.
    pub increment_ms: u64,
    /// Correspondence: days per move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days_per_move: Option<u32>,
    /// Correspondence: when the side to move loses on time, milliseconds
    /// since the Unix epoch.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<i64>,
}

/// A result.
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeView {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// The winner, if any.
    pub winner: Option<Side>,
    /// `checkmate`, `stalemate`, `no_men_left`, `fifty_moves`, `repetition`,
    /// `two_passes`, `resignation`, `agreement` or `timeout`.
    pub reason: String,
}

/// Who plays each side.
#[derive(Clone, Debug, Serialize)]
pub struct Players {
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
}

/// An analysis answer.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The ply of the analysed position.
    pub ply: usize,
    /// The analysed position.
    pub fen: String,
    /// Score from the side to move's view.
    pub score: ScoreView,
    /// Depth reached.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The best line as move strings.
    pub best: Vec<String>,
    /// The best line in readable notation.
    pub labels: Vec<String>,
}

/// A score: centipawns or a mate distance in moves. In [`Analysis`] it is
/// from the side to move's view; in reviews and the analysis stream, from
/// White's (positive: good for White).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ScoreView {
    /// Centipawns.
    Cp {
        /// Centipawns (positive: good for the side the score is seen from).
        cp: i32,
    },
    /// Mate.
    Mate {
        /// Moves to mate (positive: the side the score is seen from mates;
        /// negative: it is mated).
        mate: i32,
    },
}
