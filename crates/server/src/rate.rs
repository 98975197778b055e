//! A simple per-client rate limit: a token bucket per address. Behind a
//! reverse proxy every request comes from the proxy's address, so the
//! proxies named with `--trusted-proxy` are believed about the client's
//! ([`client_ip`]); nobody else is. Every per-address limit counts a
//! client by [`client_key`]: an IPv4 address, or an IPv6 address's /64
//! prefix ([`IPV6_CLIENT_PREFIX`]). The same limiter also counts each
//! client's open event streams ([`MAX_STREAMS_PER_ADDRESS`]).

use crate::error::{ApiError, ErrorCode};
use crate::state::AppState;
use axum::http::HeaderMap;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The length of the IPv6 prefix that counts as one client: 64 bits. An
/// IPv6 host is normally given a whole /64 (SLAAC, and most providers
/// hand out a /64 or more per customer), so one machine can pick any of
/// 2^64 addresses in it; keyed on the full address, every per-address
/// limit could be dodged by changing address per request.
pub const IPV6_CLIENT_PREFIX: u8 = 64;

/// The event streams (a game's events, the lobby's, the analysis stream)
/// one client (see [`client_key`]) may hold open at once: 16. A page
/// holds one or two (the game and, on the start page, the lobby), so 16
/// leaves room for a household behind one address with several tabs,
/// while one address can no longer hold thousands of connections and the
/// memory and wake-ups that go with them. More is `429 too_many_streams`.
pub const MAX_STREAMS_PER_ADDRESS: usize = 16;

/// Token buckets per client address, and the open streams per client.
#[derive(Debug)]
pub struct RateLimiter {
    burst: f64,
    per_second: f64,
    buckets: Mutex<HashMap<Option<IpAddr>, (f64, Instant)>>,
    trusted: Vec<IpAddr>,
    streams: Arc<Mutex<HashMap<Option<IpAddr>, usize>>>,
}

/// The key a client address is counted under by every per-address limit:
/// an IPv4 address (also when written as an IPv4-mapped IPv6 address) as
/// it is, an IPv6 address cut to its first [`IPV6_CLIENT_PREFIX`] bits.
#[must_use]
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mask = u128::MAX << (128 - u32::from(IPV6_CLIENT_PREFIX));
                IpAddr::V6(Ipv6Addr::from(u128::from(v6) & mask))
            }
        },
    }
}

/// A client key as text: an IPv4 address (`192.0.2.7`), or an IPv6
/// prefix with its length (`2001:db8:1:2::/64`); `unknown` without one.
#[must_use]
pub fn key_text(key: Option<IpAddr>) -> String {
    match key {
        None => "unknown".into(),
        Some(ip @ IpAddr::V4(_)) => ip.to_string(),
        Some(ip @ IpAddr::V6(_)) => format!("{ip}/{IPV6_CLIENT_PREFIX}"),
    }
}

/// One open event stream of a client, counted until it is dropped (when
/// the stream's answer ends or its connection closes).
#[derive(Debug)]
pub struct StreamSlot {
    streams: Arc<Mutex<HashMap<Option<IpAddr>, usize>>>,
    key: Option<IpAddr>,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut streams = crate::state::lock(&self.streams);
        if let Some(n) = streams.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                streams.remove(&self.key);
            }
        }
    }
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
            streams: Arc::default(),
        }
    }

    /// This limiter believing the proxies at `proxies` about their
    /// clients' addresses (see [`client_ip`]).
    #[must_use]
    pub fn trusting(mut self, proxies: &[IpAddr]) -> RateLimiter {
        self.trusted = proxies.to_vec();
        self
    }

    /// The client a request from `peer` with `headers` counts for: its
    /// address ([`client_ip`]) as a [`client_key`].
    #[must_use]
    pub fn client(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> Option<IpAddr> {
        client_ip(peer, headers, &self.trusted).map(client_key)
    }

    /// Counts one more open stream for `client` (a [`RateLimiter::client`]
    /// key), until the slot is dropped.
    ///
    /// # Errors
    /// `429 too_many_streams` when `client` already holds
    /// [`MAX_STREAMS_PER_ADDRESS`].
    pub fn open_stream(&self, client: Option<IpAddr>) -> Result<StreamSlot, ApiError> {
        let mut streams = crate::state::lock(&self.streams);
        let n = streams.entry(client).or_insert(0);
        if *n >= MAX_STREAMS_PER_ADDRESS {
            return Err(ApiError::new(
                axum::http::StatusCode::TOO_MANY_REQUESTS,
                ErrorCode::TooManyStreams,
                format!(
                    "at most {MAX_STREAMS_PER_ADDRESS} live streams per address: close a tab first"
                ),
            ));
        }
        *n += 1;
        Ok(StreamSlot {
            streams: Arc::clone(&self.streams),
            key: client,
        })
    }

    /// The streams `client` holds open now.
    #[must_use]
    pub fn open_streams(&self, client: Option<IpAddr>) -> usize {
        crate::state::lock(&self.streams)
            .get(&client)
            .copied()
            .unwrap_or(0)
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
/// apart (a trusted proxy's client, an IPv6 address as its /64 prefix;
/// `unknown` without connection info; see [`key_text`]): the one key
/// every per-address limit uses.
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
        let key = state.limiter().client(peer, &parts.headers);
        Ok(ClientAddr(key_text(key)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_are_their_64_prefix() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert_eq!(client_key(ip("192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(client_key(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(
            client_key(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd")),
            ip("2001:db8:1:2::")
        );
        assert_eq!(
            client_key(ip("2001:db8:1:2::1")),
            client_key(ip("2001:db8:1:2:ffff::9"))
        );
        assert_ne!(
            client_key(ip("2001:db8:1:2::1")),
            client_key(ip("2001:db8:1:3::1"))
        );
        assert_eq!(key_text(Some(ip("2001:db8:1:2::"))), "2001:db8:1:2::/64");
        assert_eq!(key_text(None), "unknown");
    }

    #[test]
    fn streams_are_counted_until_dropped() {
        let r = RateLimiter::new(3, 1);
        let me = Some("192.0.2.1".parse().unwrap());
        let slots: Vec<_> = (0..MAX_STREAMS_PER_ADDRESS)
            .map(|_| r.open_stream(me).unwrap())
            .collect();
        let refused = r.open_stream(me).unwrap_err();
        assert_eq!(refused.code.as_str(), "too_many_streams");
        r.open_stream(None).unwrap();
        drop(slots);
        assert_eq!(r.open_streams(me), 0);
        r.open_stream(me).unwrap();
    }

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
