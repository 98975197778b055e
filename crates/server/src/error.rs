//! [`ApiError`]: every error the API returns, as `{"error", "message"}` JSON
//! with a 4xx or 5xx status, and [`ApiJson`], a JSON body extractor whose
//! rejections are such errors too (axum's own are plain text).

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The machine-readable code of an [`ApiError`], sent as `error` in the JSON
/// body (snake case: `illegal_action`, `not_found`); `docs/api.md` lists them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// A number of engine lines outside 1 to 3.
    BadMultipv,
    /// More moves than a position request accepts.
    TooManyMoves,
    /// A query string that does not parse.
    BadQuery,
    /// A review of a game in progress is open only to its players, and never for a game over a link.
    ReviewNotAvailable,
    /// Analysis is off in this game (a game between two people in progress).
    AnalysisNotAvailable,
    /// The request body could not be read.
    BadBody,
    /// A game record that does not read (the reader's message says where),
    /// or a tag or result that cannot be written into one.
    BadRecord,
    /// A position string does not parse or is not a legal position.
    BadFen,
    /// The body is not valid JSON.
    BadJson,
    /// The JSON does not have the fields and types the request needs.
    BadJsonData,
    /// An engine level outside 1 to 10.
    BadLevel,
    /// A setup name or a player's display name that is empty, too long or
    /// has characters a name may not.
    BadName,
    /// A player key that is not 16 to 64 letters, digits, `-` or `_`.
    BadPlayerKey,
    /// The challenge was accepted by someone else first, cancelled or lapsed.
    ChallengeTaken,
    /// A player cannot accept their own challenge.
    OwnChallenge,
    /// The player or the address has as many open challenges as allowed.
    TooManyChallenges,
    /// The address has as many live public games as allowed.
    TooManyPublicGames,
    /// The invitation's seat was claimed already (its ticket is used once).
    SeatTaken,
    /// A claim ticket that is not this game's.
    BadTicket,
    /// A ply number the game does not have.
    BadPly,
    /// A Pick the Piece setup that does not follow the setup rules.
    BadSetup,
    /// A time control out of range.
    BadTimeControl,
    /// The body is larger than the server accepts.
    BodyTooLarge,
    /// Every engine slot stays taken; try again.
    Busy,
    /// The address has as many games against the engine in progress as
    /// allowed ([`crate::budget::MAX_ENGINE_GAMES_PER_ADDRESS`]).
    TooManyEngineGames,
    /// The address already runs an analysis (a stream, or a request with
    /// one more waiting); wait for it to end.
    AnalysisBusy,
    /// The address already has a review running; wait for it to end.
    ReviewBusy,
    /// The address has used its daily reviews of games it did not play
    /// ([`crate::budget::MAX_FOREIGN_REVIEWS_PER_DAY`]).
    TooManyReviews,
    /// The database cannot be reached now (PostgreSQL restarting); nothing
    /// was changed, try again.
    DatabaseUnavailable,
    /// Another change to the game came first (with several servers on one
    /// database: a move for the same ply through another server); the
    /// game is reloaded, read it again and retry.
    ConcurrentChange,
    /// The draw offer was declined.
    DrawDeclined,
    /// The game has ended.
    GameOver,
    /// A rematch is asked for before the game is over.
    GameNotOver,
    /// The rules forbid the action; the message says which rule.
    IllegalAction,
    /// Storage or another part of the server failed.
    Internal,
    /// A move string that does not read as any action.
    MalformedMove,
    /// There is no draw offer to accept or decline.
    NoDrawOffer,
    /// No such game, setup or page.
    NotFound,
    /// The body is not declared as JSON.
    NotJson,
    /// The seat token does not allow this.
    NotYourSeat,
    /// It is the other side's turn.
    NotYourTurn,
    /// There is no move to take back.
    NothingToUndo,
    /// Too many requests from one address.
    RateLimited,
    /// One address holds as many open event streams as allowed.
    TooManyStreams,
    /// An unsafe request (`POST`, `PUT`, `PATCH`, `DELETE`) sent by a page
    /// of another site (its `Origin` is not this server's `Host`).
    CrossOrigin,
    /// The store holds as many saved setups as it allows.
    TooManySetups,
    /// Taking back moves is off in this game.
    UndoNotAvailable,
    /// A rule option the game does not have.
    UnknownOption,
    /// No game of that name.
    UnknownVariant,
}

impl ErrorCode {
    /// Every code, for documentation and tests.
    pub const ALL: [ErrorCode; 49] = [
        ErrorCode::ReviewNotAvailable,
        ErrorCode::BadQuery,
        ErrorCode::TooManyMoves,
        ErrorCode::BadMultipv,
        ErrorCode::AnalysisNotAvailable,
        ErrorCode::BadBody,
        ErrorCode::BadRecord,
        ErrorCode::BadFen,
        ErrorCode::BadJson,
        ErrorCode::BadJsonData,
        ErrorCode::BadLevel,
        ErrorCode::BadName,
        ErrorCode::BadPlayerKey,
        ErrorCode::ChallengeTaken,
        ErrorCode::OwnChallenge,
        ErrorCode::TooManyChallenges,
        ErrorCode::TooManyPublicGames,
        ErrorCode::SeatTaken,
        ErrorCode::BadTicket,
        ErrorCode::BadPly,
        ErrorCode::BadSetup,
        ErrorCode::BadTimeControl,
        ErrorCode::BodyTooLarge,
        ErrorCode::Busy,
        ErrorCode::TooManyEngineGames,
        ErrorCode::AnalysisBusy,
        ErrorCode::ReviewBusy,
        ErrorCode::TooManyReviews,
        ErrorCode::DatabaseUnavailable,
        ErrorCode::ConcurrentChange,
        ErrorCode::DrawDeclined,
        ErrorCode::GameOver,
        ErrorCode::GameNotOver,
        ErrorCode::IllegalAction,
        ErrorCode::Internal,
        ErrorCode::MalformedMove,
        ErrorCode::NoDrawOffer,
        ErrorCode::NotFound,
        ErrorCode::NotJson,
        ErrorCode::NotYourSeat,
        ErrorCode::NotYourTurn,
        ErrorCode::NothingToUndo,
        ErrorCode::RateLimited,
        ErrorCode::TooManyStreams,
        ErrorCode::CrossOrigin,
        ErrorCode::TooManySetups,
        ErrorCode::UndoNotAvailable,
        ErrorCode::UnknownOption,
        ErrorCode::UnknownVariant,
    ];

    /// The code as sent (`illegal_action`).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadMultipv => "bad_multipv",
            ErrorCode::TooManyMoves => "too_many_moves",
            ErrorCode::BadQuery => "bad_query",
            ErrorCode::ReviewNotAvailable => "review_not_available",
            ErrorCode::AnalysisNotAvailable => "analysis_not_available",
            ErrorCode::BadBody => "bad_body",
            ErrorCode::BadRecord => "bad_record",
            ErrorCode::BadFen => "bad_fen",
            ErrorCode::BadJson => "bad_json",
            ErrorCode::BadJsonData => "bad_json_data",
            ErrorCode::BadLevel => "bad_level",
            ErrorCode::BadName => "bad_name",
            ErrorCode::BadPlayerKey => "bad_player_key",
            ErrorCode::ChallengeTaken => "challenge_taken",
            ErrorCode::OwnChallenge => "own_challenge",
            ErrorCode::TooManyChallenges => "too_many_challenges",
            ErrorCode::TooManyPublicGames => "too_many_public_games",
            ErrorCode::SeatTaken => "seat_taken",
            ErrorCode::BadTicket => "bad_ticket",
            ErrorCode::BadPly => "bad_ply",
            ErrorCode::BadSetup => "bad_setup",
            ErrorCode::BadTimeControl => "bad_time_control",
            ErrorCode::BodyTooLarge => "body_too_large",
            ErrorCode::Busy => "busy",
            ErrorCode::TooManyEngineGames => "too_many_engine_games",
            ErrorCode::AnalysisBusy => "analysis_busy",
            ErrorCode::ReviewBusy => "review_busy",
            ErrorCode::TooManyReviews => "too_many_reviews",
            ErrorCode::DatabaseUnavailable => "database_unavailable",
            ErrorCode::ConcurrentChange => "concurrent_change",
            ErrorCode::DrawDeclined => "draw_declined",
            ErrorCode::GameOver => "game_over",
            ErrorCode::GameNotOver => "game_not_over",
            ErrorCode::IllegalAction => "illegal_action",
            ErrorCode::Internal => "internal",
            ErrorCode::MalformedMove => "malformed_move",
            ErrorCode::NoDrawOffer => "no_draw_offer",
            ErrorCode::NotFound => "not_found",
            ErrorCode::NotJson => "not_json",
            ErrorCode::NotYourSeat => "not_your_seat",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::NothingToUndo => "nothing_to_undo",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::TooManyStreams => "too_many_streams",
            ErrorCode::CrossOrigin => "cross_origin",
            ErrorCode::TooManySetups => "too_many_setups",
            ErrorCode::UndoNotAvailable => "undo_not_available",
            ErrorCode::UnknownOption => "unknown_option",
            ErrorCode::UnknownVariant => "unknown_variant",
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An API error: an HTTP status, a short machine code and a sentence for people.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A short code such as `illegal_action` or `not_found`.
    pub code: ErrorCode,
    /// What is wrong, in words.
    pub message: String,
}

/// The JSON body of an error.
#[derive(Serialize)]
struct ErrorBody<'a> {
    error: ErrorCode,
    message: &'a str,
}

impl ApiError {
    /// An error with this status, code and message.
    #[must_use]
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    /// `400`: the request itself is wrong.
    #[must_use]
    pub fn bad_request(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }

    /// `404 not_found`.
    #[must_use]
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message)
    }

    /// `403`: the seat token does not allow this.
    #[must_use]
    pub fn forbidden(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, code, message)
    }

    /// `409`: the game's state does not allow this now.
    #[must_use]
    pub fn conflict(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }

    /// `422 illegal_action`: the rules forbid the action; the message says which rule.
    #[must_use]
    pub fn illegal(message: impl Into<String>) -> ApiError {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::IllegalAction,
            message,
        )
    }

    /// `503 busy`: the engine queue is full.
    #[must_use]
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Busy, message)
    }

    /// `429` with `code`: the address has used its share of the engine.
    #[must_use]
    pub fn too_many(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, code, message)
    }

    /// `500 internal`: storage or another part of the server failed.
    #[must_use]
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::Internal,
            message,
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: self.code,
            message: &self.message,
        };
        (self.status, Json(body)).into_response()
    }
}

impl From<crate::store::StoreError> for ApiError {
    fn from(e: crate::store::StoreError) -> ApiError {
        match e {
            crate::store::StoreError::Conflict(what) => ApiError::conflict(
                ErrorCode::ConcurrentChange,
                format!("another change to this game came first ({what}); read it again"),
            ),
            crate::store::StoreError::Unavailable(what) => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::DatabaseUnavailable,
                format!(
                    "the database cannot be reached now ({what}); nothing was changed, try again"
                ),
            ),
            e => ApiError::internal(format!("storage failed: {e}")),
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> ApiError {
        let status = r.status();
        let (status, code) = match r {
            // `400`, as docs/api.md says (axum's own answer is `422`).
            JsonRejection::JsonDataError(_) => (StatusCode::BAD_REQUEST, ErrorCode::BadJsonData),
            JsonRejection::JsonSyntaxError(_) => (status, ErrorCode::BadJson),
            JsonRejection::MissingJsonContentType(_) => (status, ErrorCode::NotJson),
            _ if status == StatusCode::PAYLOAD_TOO_LARGE => (status, ErrorCode::BodyTooLarge),
            _ => (status, ErrorCode::BadBody),
        };
        ApiError::new(status, code, r.body_text())
    }
}

/// Reads a request body's JSON as `T`. A body that is not JSON is
/// `400 bad_json`; JSON of the wrong shape (a missing or unknown field, a
/// value of the wrong type or out of range) is `400 bad_json_data` with a
/// message naming the field.
///
/// # Errors
/// The `400` described.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(data_error)?;
    de.end().map_err(|e| {
        ApiError::bad_request(
            ErrorCode::BadJson,
            format!("the body is not valid JSON: {e}"),
        )
    })?;
    Ok(value)
}

/// The `400` of a body whose JSON did not deserialize: `bad_json` for a
/// syntax error, `bad_json_data` naming the field otherwise.
fn data_error(e: serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    let path = e.path().to_string();
    let inner = e.into_inner();
    match inner.classify() {
        serde_json::error::Category::Data => {
            let message = if path == "." {
                format!("the body does not fit this request: {inner}")
            } else {
                format!("the field `{path}` does not fit this request: {inner}")
            };
            ApiError::bad_request(ErrorCode::BadJsonData, message)
        }
        _ => ApiError::bad_request(
            ErrorCode::BadJson,
            format!("the body is not valid JSON: {inner}"),
        ),
    }
}

/// A JSON request body whose rejection is an [`ApiError`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        // axum checks the content type, the size and the syntax; the shape is
        // read here, so that a wrong field is named in the message.
        let Json(value) = Json::<serde_json::Value>::from_request(req, state)
            .await
            .map_err(ApiError::from)?;
        serde_path_to_error::deserialize(value)
            .map(ApiJson)
            .map_err(data_error)
    }
}

/// Whether `headers` declare a JSON body: `Content-Type:
/// application/json` or `application/SOMETHING+json`, with any
/// parameters (as axum's `Json` takes them).
#[must_use]
pub fn declares_json(headers: &axum::http::HeaderMap) -> bool {
    let Some(value) = headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or_default().trim();
    let essence = essence.to_ascii_lowercase();
    essence == "application/json"
        || essence
            .strip_prefix("application/")
            .is_some_and(|sub| sub.ends_with("+json") && !sub.contains('/'))
}

/// `415 not_json`: a body that is not declared as JSON (a cross-site
/// form's `text/plain` among them).
#[must_use]
pub fn not_json() -> ApiError {
    ApiError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ErrorCode::NotJson,
        "a request body must be JSON, sent with Content-Type: application/json",
    )
}

/// An optional JSON body: an empty body reads as `T::default()`; any
/// other body must be declared as JSON ([`declares_json`], else `415
/// not_json`).
#[derive(Clone, Copy, Debug, Default)]
pub struct OptionalJson<T>(pub T);

impl<S, T> FromRequest<S> for OptionalJson<T>
where
    T: DeserializeOwned + Default,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let declared = declares_json(req.headers());
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|r| ApiError::new(r.status(), ErrorCode::BadBody, r.body_text()))?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalJson(T::default()));
        }
        if !declared {
            return Err(not_json());
        }
        decode(&bytes).map(OptionalJson)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_sent_as_its_snake_case_name() {
        for code in ErrorCode::ALL {
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            assert!(code
                .as_str()
                .bytes()
                .all(|b| b == b'_' || b.is_ascii_lowercase()));
        }
    }
}
