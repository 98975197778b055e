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

/// An API error: an HTTP status, a short machine code and a sentence for people.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A short code such as `illegal_action` or `not_found`.
    pub code: &'static str,
    /// What is wrong, in words.
    pub message: String,
}

/// The JSON body of an error.
#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    message: &'a str,
}

impl ApiError {
    /// An error with this status, code and message.
    #[must_use]
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    /// `400`: the request itself is wrong.
    #[must_use]
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }

    /// `404 not_found`.
    #[must_use]
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    /// `403`: the seat token does not allow this.
    #[must_use]
    pub fn forbidden(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, code, message)
    }

    /// `409`: the game's state does not allow this now.
    #[must_use]
    pub fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }

    /// `422 illegal_action`: the rules forbid the action; the message says which rule.
    #[must_use]
    pub fn illegal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "illegal_action", message)
    }

    /// `503 busy`: the engine queue is full.
    #[must_use]
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", message)
    }

    /// `500 internal`: storage or another part of the server failed.
    #[must_use]
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
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
        ApiError::internal(format!("storage failed: {e}"))
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> ApiError {
        let status = r.status();
        let code = match r {
            JsonRejection::JsonDataError(_) => "bad_json_data",
            JsonRejection::JsonSyntaxError(_) => "bad_json",
            JsonRejection::MissingJsonContentType(_) => "not_json",
            _ if status == StatusCode::PAYLOAD_TOO_LARGE => "body_too_large",
            _ => "bad_body",
        };
        ApiError::new(status, code, r.body_text())
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
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(ApiJson(v)),
            Err(r) => Err(ApiError::from(r)),
        }
    }
}

/// An optional JSON body: an empty body reads as `T::default()`.
#[derive(Clone, Copy, Debug, Default)]
pub struct OptionalJson<T>(pub T);

impl<S, T> FromRequest<S> for OptionalJson<T>
where
    T: DeserializeOwned + Default,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|r| ApiError::new(r.status(), "bad_body", r.body_text()))?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalJson(T::default()));
        }
        serde_json::from_slice(&bytes)
            .map(OptionalJson)
            .map_err(|e| {
                ApiError::bad_request(
                    "bad_json",
                    format!("the body is not valid JSON for this request: {e}"),
                )
            })
    }
}
