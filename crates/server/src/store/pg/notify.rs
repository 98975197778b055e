//! Live updates between servers: every change to a game is followed, in the
//! same statement, by `NOTIFY menagerie_games, 'ORIGIN ID'`; each server
//! `LISTEN`s on a connection of its own and passes the ids of the games
//! other servers changed to its subscribers ([`crate::store::Store::changes`]).
//! After a lost connection it reconnects and sends [`ALL_GAMES`], since
//! notifications sent meanwhile are lost.

use std::time::Duration;
use tokio::sync::{broadcast, mpsc};
use tokio_postgres::{AsyncMessage, NoTls};

/// The channel's name.
pub const CHANNEL: &str = "menagerie_games";

/// Sent to subscribers when any game may have changed unseen (after a
/// reconnection): they reload every game they hold.
pub const ALL_GAMES: &str = "*";

/// The longest wait between two attempts to reconnect.
const MAX_BACKOFF: Duration = Duration::from_secs(2);

/// The SQL to append to a data-modifying `WITH w AS (... RETURNING id)`
/// with the origin as parameter `origin` (`$N`).
#[must_use]
pub fn notify_sql(origin: usize) -> String {
    format!("SELECT pg_notify('{CHANNEL}', ${origin}::text || ' ' || id) FROM w LIMIT 1")
}

/// A fresh random origin for one store (hex).
#[must_use]
pub fn new_origin() -> String {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_err() {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        bytes = (nanos as u64 ^ u64::from(std::process::id())).to_le_bytes();
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Listens until the runtime stops, reconnecting after failures.
pub async fn listen(
    config: tokio_postgres::Config,
    origin: String,
    out: broadcast::Sender<String>,
) {
    let mut backoff = Duration::from_millis(50);
    loop {
        if listen_once(&config, &origin, &out).await {
            backoff = Duration::from_millis(50);
        }
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(MAX_BACKOFF);
    }
}

/// One connection's life: connect, `LISTEN`, tell subscribers to reload
/// everything (changes may have been missed), then pass notifications on
/// until the connection fails. Whether it got as far as listening.
async fn listen_once(
    config: &tokio_postgres::Config,
    origin: &str,
    out: &broadcast::Sender<String>,
) -> bool {
    let Ok((client, mut conn)) = config.connect(NoTls).await else {
        return false;
    };
    let (tx, mut rx) = mpsc::unbounded_channel();
    let driver = tokio::spawn(async move {
        while let Some(message) = std::future::poll_fn(|cx| conn.poll_message(cx)).await {
            match message {
                Ok(AsyncMessage::Notification(n)) => {
                    if tx.send(n.payload().to_string()).is_err() {
                        return;
                    }
                }
                Ok(_) => {}
                Err(_) => return,
            }
        }
    });
    if client
        .batch_execute(&format!("LISTEN {CHANNEL}"))
        .await
        .is_err()
    {
        driver.abort();
        return false;
    }
    let _ = out.send(ALL_GAMES.to_string());
    while let Some(payload) = rx.recv().await {
        match payload.split_once(' ') {
            Some((from, id)) if from != origin => {
                let _ = out.send(id.to_string());
            }
            _ => {}
        }
    }
    drop(client);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_differ() {
        let a = new_origin();
        assert_eq!(a.len(), 16);
        assert_ne!(a, new_origin());
    }
}
