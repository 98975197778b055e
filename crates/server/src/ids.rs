//! Random game ids and seat tokens from the operating system's generator.

use crate::error::ApiError;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn random<const N: usize>() -> Result<[u8; N], ApiError> {
    let mut buf = [0u8; N];
    getrandom::fill(&mut buf)
        .map_err(|e| ApiError::internal(format!("no randomness available: {e}")))?;
    Ok(buf)
}

/// A new game id: 12 hex digits.
///
/// # Errors
/// `500` if the system has no randomness.
pub fn game_id() -> Result<String, ApiError> {
    random::<6>().map(|b| hex(&b))
}

/// A new secret seat token: 32 hex digits (128 bits).
///
/// # Errors
/// `500` if the system has no randomness.
pub fn token() -> Result<String, ApiError> {
    random::<16>().map(|b| hex(&b))
}

/// A random bit.
///
/// # Errors
/// `500` if the system has no randomness.
pub fn coin() -> Result<bool, ApiError> {
    random::<1>().map(|b| b[0] & 1 == 1)
}

/// Milliseconds since the Unix epoch.
#[must_use]
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(0))
}
