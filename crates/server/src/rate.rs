//! A simple per-client rate limit: a token bucket per address.

use crate::error::{ApiError, ErrorCode};
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
}

impl RateLimiter {
    /// Up to `burst` requests at once, refilled at `per_second`.
    #[must_use]
    pub fn new(burst: u32, per_second: u32) -> RateLimiter {
        RateLimiter {
            burst: f64::from(burst.max(1)),
            per_second: f64::from(per_second.max(1)),
            buckets: Mutex::new(HashMap::new()),
        }
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
}
