//! The browser page: the files of `crates/server/web/`, built into the
//! binary (the build script makes a change there rebuild this crate).

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use include_dir::{include_dir, Dir};

static WEB: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/web");

/// The content type of a file name.
#[must_use]
pub fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "json" | "map" => "application/json",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "ico" => "image/x-icon",
        "webp" => "image/webp",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "txt" | "md" => "text/plain; charset=utf-8",
        "wasm" => "application/wasm",
        _ => "application/octet-stream",
    }
}

/// The embedded file at `path` (relative to `web/`), if any.
#[must_use]
pub fn file(path: &str) -> Option<&'static [u8]> {
    let path = path.trim_start_matches('/');
    if path.split('/').any(|seg| seg == ".." || seg.is_empty()) {
        return None;
    }
    WEB.get_file(path).map(include_dir::File::contents)
}

/// A response serving `path`, or `None` if there is no such file.
#[must_use]
pub fn serve(path: &str) -> Option<Response> {
    let body = file(path)?;
    Some(
        (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, content_type(path)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
    )
}

/// The page itself.
#[must_use]
pub fn index() -> Response {
    serve("index.html").unwrap_or_else(|| {
        (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            "<!doctype html><title>Menagerie</title><p>The page is not built into this server.",
        )
            .into_response()
    })
}
