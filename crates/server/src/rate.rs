//! A simple per-client rate limit: a token bucket per address. Behind a
//! reverse proxy every request comes from the proxy's address, so the
//! proxies named with `--trusted-proxy` are believed about the client's
//! ([`client_ip`]); nobody else is.

use crate::error::{ApiError, ErrorCode};
use crate::state::AppState;
use axum::http::HeaderMap;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// Token buckets per client address.
#[derive(Debug)]
pub struct RateLimiter {
    burst: f64,
    per_second: f64,
    buckets: Mutex<HashMap<Option<IpAddr>, (f64, Instant)>>,
    trusted: Vec<IpAddr>,
}

/// The longest forwarding header read (longer ones are ignored).
const MAX_FORWARDED_LEN: usize = 2048;

/// The client's address of a request that came from `peer`: when `peer`
/// is one of the `trusted` proxies, the address it reports (`X-Real-IP`,
/// else the last address in `X-Forwarded-For` that is not itself a trusted
/// proxy, since a client may put anything before what the proxy appends);
/// otherwise, or when the proxy's header is missing or does not hold an
/// address, `peer` itself.
#[must_use]
pub fn client_ip(peer: Option<IpAddr>, headers: &HeaderMap, trusted: &[IpAddr]) -> Option<IpAddr> {
    if !trusted.contains(&peer?) {
        return peer;
    }
    let text = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .filter(|v| v.len() <= MAX_FORWARDED_LEN)
    };
    if let Some(ip) = text("x-real-ip").and_then(|v| v.trim().parse().ok()) {
        return Some(ip);
    }
    let forwarded = text("x-forwarded-for").and_then(|v| {
        v.rsplit(',')
            .map(|a| a.trim().parse::<IpAddr>().ok())
            .find(|a| a.map_or(true, |a| !trusted.contains(&a)))
            .flatten()
    });
    forwarded.or(peer)
}

impl RateLimiter {
    /// Up to `burst` requests at once, refilled at `per_second`.
    #[must_use]
    pub fn new(burst: u32, per_second: u32) -> RateLimiter {
        RateLimiter {
            burst: f64::from(burst.max(1)),
            per_second: f64::from(per_second.max(1)),
            buckets: Mutex::new(HashMap::new()),
            trusted: Vec::new(),
        }
    }

    /// This limiter believing the proxies at `proxies` about their
    /// clients' addresses (see [`client_ip`]).
    #[must_use]
    pub fn trusting(mut self, proxies: &[IpAddr]) -> RateLimiter {
        self.trusted = proxies.to_vec();
        self
    }

    /// The client a request from `peer` with `headers` counts for.
    #[must_use]
    pub fn client(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> Option<IpAddr> {
        client_ip(peer, headers, &self.trusted)
    }

    /// Takes one request's token for `client`.
    ///
    /// # Errors
    /// `429 rate_limited` when the bucket is empty.
    pub fn check(&self, client: Option<IpAddr>) -> Result<(), ApiError> {
        let now = Instant::now();
        let mut buckets = crate::state::lock(&self.buckets);
        if buckets.len() > 10_000 {
            let burst = self.burst;
            let rate = self.per_second;
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.duration_since(*at).as_secs_f64() * rate < burst
            });
        }
        let (tokens, at) = buckets.entry(client).or_insert((self.burst, now));
        *tokens =
            (*tokens + now.duration_since(*at).as_secs_f64() * self.per_second).min(self.burst);
        *at = now;
        if *tokens < 1.0 {
            return Err(ApiError::new(
                axum::http::StatusCode::TOO_MANY_REQUESTS,
                ErrorCode::RateLimited,
                "too many requests from your address; wait a moment",
            ));
        }
        *tokens -= 1.0;
        Ok(())
    }
}

/// The address a request came from, as the rate limit tells clients
/// apart (a trusted proxy's client; `unknown` without connection info):
/// the one key every per-address limit uses.
pub struct ClientAddr(pub String);

impl axum::extract::FromRequestParts<AppState> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &AppState,
    ) -> Result<ClientAddr, std::convert::Infallible> {
        let peer = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|c| c.0.ip());
        let ip = state.limiter().client(peer, &parts.headers);
        Ok(ClientAddr(
            ip.map_or_else(|| "unknown".into(), |ip| ip.to_string()),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bursts_then_refuses() {
        let r = RateLimiter::new(3, 1);
        for _ in 0..3 {
            r.check(None).unwrap();
        }
        assert_eq!(r.check(None).unwrap_err().code.as_str(), "rate_limited");
        r.check(Some("127.0.0.2".parse().unwrap())).unwrap();
    }

    fn headers(pairs: &[(&str, &[u8])]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.append(
                axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                axum::http::HeaderValue::from_bytes(value).unwrap(),
            );
        }
        h
    }

    #[test]
    fn only_a_trusted_proxy_is_believed() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let proxy = [ip("127.0.0.1"), ip("10.0.0.2")];
        let h = headers(&[("x-forwarded-for", b"9.9.9.9, 1.2.3.4")]);
        assert_eq!(
            client_ip(Some(ip("127.0.0.1")), &h, &[]),
            Some(ip("127.0.0.1"))
        );
        assert_eq!(
            client_ip(Some(ip("127.0.0.5")), &h, &proxy),
            Some(ip("127.0.0.5"))
        );
        assert_eq!(
            client_ip(Some(ip("127.0.0.1")), &h, &proxy),
            Some(ip("1.2.3.4"))
        );
        // A chain of trusted proxies is walked back; a forged first entry
        // is never reached.
        let chain = headers(&[("x-forwarded-for", b"6.6.6.6, 1.2.3.4, 10.0.0.2")]);
        assert_eq!(
            client_ip(Some(ip("127.0.0.1")), &chain, &proxy),
            Some(ip("1.2.3.4"))
        );
        let real = headers(&[
            ("x-real-ip", b" 2001:db8::1 "),
            ("x-forwarded-for", b"1.2.3.4"),
        ]);
        assert_eq!(
            client_ip(Some(ip("127.0.0.1")), &real, &proxy),
            Some(ip("2001:db8::1"))
        );
        assert_eq!(client_ip(None, &real, &proxy), None);
    }

    #[test]
    fn bad_forwarding_headers_fall_back_to_the_peer() {
        let proxy = "127.0.0.1".parse::<IpAddr>().unwrap();
        let (peer, trusted) = (Some(proxy), [proxy]);
        let long = "1.2.3.4,".repeat(400);
        for bad in [
            &b""[..],
            b"not an address",
            b",,,",
            b"1.2.3.4.5",
            b"\xff\xfe",
            b"127.0.0.1",
            long.as_bytes(),
        ] {
            for name in ["x-real-ip", "x-forwarded-for"] {
                let h = headers(&[(name, bad)]);
                assert_eq!(client_ip(peer, &h, &trusted), peer, "{name}: {bad:?}");
            }
        }
    }
}
