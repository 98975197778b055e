//! `POST /api/records/read` and `POST /api/records/write`: game records to
//! and from the analysis board's tree of moves (`docs/api.md`).

use crate::dto::{ReadRecord, RecordText, RecordTree, WriteRecord};
use crate::error::{ApiError, ApiJson};
use crate::records;
use axum::Json;

/// `POST /api/records/read` with `{"text"}` → the record's first game as a
/// tree (`variant`, `options`, `fen`, `tags`, `result`, `line`).
///
/// # Errors
/// `400 bad_record` with the reader's message; `413 body_too_large` over
/// [`records::BODY_LIMIT`].
pub async fn read(ApiJson(req): ApiJson<ReadRecord>) -> Result<Json<RecordTree>, ApiError> {
    off_the_runtime(move || records::read(&req.text))
        .await
        .map(Json)
}

/// `POST /api/records/write` with `{"variant", "options"?, "fen"?, "line",
/// "tags"?, "result"?}` → `{"text"}`, the record.
///
/// # Errors
/// `400` for a bad variant, option, position, tag, result or move string, or
/// too many moves; `422 illegal_action` naming the move's path.
pub async fn write(ApiJson(req): ApiJson<WriteRecord>) -> Result<Json<RecordText>, ApiError> {
    off_the_runtime(move || records::write(&req))
        .await
        .map(|text| Json(RecordText { text }))
}

/// Runs `work` (checking every move of a record) on a blocking thread, so
/// the server's async workers stay free.
async fn off_the_runtime<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::internal(format!("reading the record failed: {e}")))?
}
