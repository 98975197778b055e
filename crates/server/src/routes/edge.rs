//! What every answer and every request goes through at the edge of the
//! router: the security headers on every answer (API, page and assets),
//! unsafe requests from another site's pages refused, and the open event
//! streams counted per client while their answers last.

use crate::error::{ApiError, ErrorCode};
use crate::rate::StreamSlot;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt as _;

/// The `Content-Security-Policy` of every answer: scripts, styles, fonts
/// and connections from this server only (no inline script or style, no
/// `eval`), images from here or `data:` URLs (the favicon, drawn pieces),
/// no plugins, no `<base>`, no framing by any page (clickjacking on
/// Resign, Accept or Rematch), forms sent only here.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; \
     object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/// The headers [`security_headers`] puts on every answer.
pub const SECURITY_HEADERS: [(&str, &str); 4] = [
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    // The declared content type is the only one: a JSON answer or a
    // script is never sniffed into something else.
    ("x-content-type-options", "nosniff"),
    // Links to other sites carry no address of ours (game ids, seat
    // tokens in `?seat=`).
    ("referrer-policy", "no-referrer"),
    // Framing refused for browsers older than `frame-ancestors`.
    ("x-frame-options", "DENY"),
];

/// Adds [`SECURITY_HEADERS`] to an answer (replacing any of them).
pub async fn security_headers(mut res: Response) -> Response {
    let headers = res.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        );
    }
    res
}

/// Refuses unsafe requests that a page of another site sent: a `POST`,
/// `PUT`, `PATCH` or `DELETE` whose `Origin` is not this server (see
/// [`same_origin`]) is `403 cross_origin`. Browsers send `Origin` with
/// every such request, so a form or `fetch` on another site cannot act
/// with a visitor's seat; programs that send no `Origin` are not browsers
/// acting for someone else, and pass.
pub async fn refuse_cross_site(req: Request, next: Next) -> Response {
    let unsafe_method = matches!(
        *req.method(),
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    );
    if unsafe_method && !same_origin(req.headers()) {
        return ApiError::forbidden(
            ErrorCode::CrossOrigin,
            "this request came from a page of another site; send it from this site's page",
        )
        .into_response();
    }
    next.run(req).await
}

/// Refuses an unsafe request with a body that is not declared as JSON
/// (`415 not_json`, see [`crate::error::declares_json`]): every body the
/// API reads is JSON, and a cross-site form can only send `text/plain`,
/// `multipart/form-data` or `application/x-www-form-urlencoded` without
/// the browser asking first. A request without a body (`Content-Length:
/// 0` or none, as `POST /api/games/{id}/review` may be) passes.
pub async fn require_json_body(req: Request, next: Next) -> Response {
    let unsafe_method = matches!(
        *req.method(),
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    );
    if unsafe_method && has_body(req.headers()) && !crate::error::declares_json(req.headers()) {
        return crate::error::not_json().into_response();
    }
    next.run(req).await
}

/// Whether a request's headers announce a body: a `Content-Length` other
/// than 0, or any `Transfer-Encoding`.
fn has_body(headers: &HeaderMap) -> bool {
    let length = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .map(str::trim);
    headers.contains_key(header::TRANSFER_ENCODING) || length.is_some_and(|l| l != "0")
}

/// Whether a request's `Origin` (if it has one) names the server it was
/// sent to, its `Host`: the same host name (any case) and the same port,
/// a missing port being the scheme's own (80 for `http`, 443 for
/// `https`). `Origin: null` (a sandboxed frame, a `file:` page), an
/// origin that does not read, or a request without `Host` is not.
#[must_use]
pub fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    match (origin.to_str().ok().and_then(origin_parts), host) {
        (Some((name, port, default)), Some(host)) => match split_port(host) {
            Some((host_name, host_port)) => {
                host_name.eq_ignore_ascii_case(name) && host_port.unwrap_or(default) == port
            }
            None => false,
        },
        _ => false,
    }
}

/// An origin (`https://games.example.org:8443`) as its host name, its
/// port (the scheme's default if it names none) and the scheme's default
/// port; `None` for `null` or anything that is not `http`/`https`.
fn origin_parts(origin: &str) -> Option<(&str, u16, u16)> {
    let (scheme, authority) = origin.split_once("://")?;
    let default = match scheme.to_ascii_lowercase().as_str() {
        "http" => 80,
        "https" => 443,
        _ => return None,
    };
    if authority.contains(['/', '@', '?', '#']) {
        return None;
    }
    let (name, port) = split_port(authority)?;
    Some((name, port.unwrap_or(default), default))
}

/// `host[:port]` (the host may be a bracketed IPv6 address) as the host
/// and its port, if it names one; `None` for an empty host or a port that
/// is not a number.
fn split_port(authority: &str) -> Option<(&str, Option<u16>)> {
    let (name, port) = match authority.rfind(':') {
        Some(i) if !authority[i..].contains(']') => (&authority[..i], Some(&authority[i + 1..])),
        _ => (authority, None),
    };
    if name.is_empty() {
        return None;
    }
    match port {
        None => Some((name, None)),
        Some(p) => p.parse().ok().map(|p| (name, Some(p))),
    }
}

/// Whether a request under `/api` opens an event stream (a game's
/// events, the lobby's, the analysis stream): those are the connections
/// [`crate::rate::MAX_STREAMS_PER_ADDRESS`] counts.
#[must_use]
pub fn is_stream(path: &str) -> bool {
    path.ends_with("/events") || path.ends_with("/analysis/stream")
}

/// The answer `res` with `slot` held until its body ends or is dropped
/// (the client left), so that an open stream counts for its client for
/// exactly as long as it lasts. Error answers are short and let go of
/// the slot as soon as they are sent.
#[must_use]
pub fn holding(res: Response, slot: StreamSlot) -> Response {
    if res.status() != StatusCode::OK {
        return res;
    }
    let (parts, body) = res.into_parts();
    let stream = body.into_data_stream().map(move |chunk| {
        let _held = &slot;
        chunk
    });
    Response::from_parts(parts, Body::from_stream(stream))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&str>, host: Option<&str>) -> HeaderMap {
        let mut h = HeaderMap::new();
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
        }
        if let Some(o) = host {
            h.insert(header::HOST, HeaderValue::from_str(o).unwrap());
        }
        h
    }

    #[test]
    fn origins_are_compared_with_the_host() {
        let same = [
            (None, Some("x.org")),
            (None, None),
            (Some("https://games.example.org"), Some("games.example.org")),
            (
                Some("https://Games.Example.org"),
                Some("games.example.org:443"),
            ),
            (Some("http://127.0.0.1:8080"), Some("127.0.0.1:8080")),
            (Some("http://[::1]:8080"), Some("[::1]:8080")),
            (Some("http://[::1]"), Some("[::1]")),
        ];
        for (o, h) in same {
            assert!(same_origin(&headers(o, h)), "{o:?} {h:?}");
        }
        let other = [
            (Some("https://evil.example"), Some("games.example.org")),
            (Some("null"), Some("games.example.org")),
            (Some("https://games.example.org"), None),
            (Some("http://127.0.0.1:8081"), Some("127.0.0.1:8080")),
            (Some("http://127.0.0.1"), Some("127.0.0.1:8080")),
            (
                Some("https://games.example.org"),
                Some("games.example.org:80"),
            ),
            (Some("ftp://games.example.org"), Some("games.example.org")),
            (
                Some("https://games.example.org.evil"),
                Some("games.example.org"),
            ),
            (
                Some("https://a@games.example.org"),
                Some("games.example.org"),
            ),
            (
                Some("https://games.example.org:x"),
                Some("games.example.org"),
            ),
            (Some("https://"), Some("games.example.org")),
            (Some("http://[::1]:8080"), Some("[::2]:8080")),
        ];
        for (o, h) in other {
            assert!(!same_origin(&headers(o, h)), "{o:?} {h:?}");
        }
    }

    #[test]
    fn stream_paths() {
        assert!(is_stream("/games/abc/events"));
        assert!(is_stream("/lobby/events"));
        assert!(is_stream("/analysis/stream"));
        assert!(!is_stream("/games/abc"));
    }
}
