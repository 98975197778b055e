//! The page: `index.html` at `/` and `/play/{id}`, and its other files.

use crate::assets;
use crate::error::ApiError;
use axum::http::Uri;
use axum::response::{IntoResponse, Response};

/// `index.html`.
pub async fn index() -> Response {
    assets::index()
}

/// Any other file of the page, or `404`.
pub async fn asset(uri: Uri) -> Response {
    assets::serve(uri.path())
        .unwrap_or_else(|| ApiError::not_found(format!("no file {}", uri.path())).into_response())
}
