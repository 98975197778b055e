//! A reader of an event stream over loopback TCP (HTTP/1.0, so the body is
//! the plain stream, not chunked): each event of the names asked for (a
//! game's `event: game` views by default), with the moment it arrived.

use serde_json::Value;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;

/// An open event stream.
pub struct Events {
    rx: mpsc::UnboundedReceiver<(Instant, Value)>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Events {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The complete events named in `names` in `buf` (consumed), oldest
/// first, as `{"event": NAME, "data": DATA}` unless `names` is just
/// `["game"]` (then the data alone: the view).
fn take_views(buf: &mut String, names: &[&str]) -> Vec<Value> {
    let mut views = Vec::new();
    while let Some(end) = buf.find("\n\n") {
        let block: String = buf.drain(..end + 2).collect();
        let mut name = "";
        let mut data = String::new();
        for line in block.lines() {
            if let Some(n) = line.strip_prefix("event:") {
                name = n.trim();
            } else if let Some(d) = line.strip_prefix("data:") {
                data.push_str(d.trim_start());
            }
        }
        if names.contains(&name) {
            if let Ok(v) = serde_json::from_str::<Value>(&data) {
                views.push(if names == ["game"] {
                    v
                } else {
                    serde_json::json!({ "event": name, "data": v })
                });
            }
        }
    }
    views
}

impl Events {
    /// Opens `path` (`/api/games/ID/events?seat=...`) on `addr`.
    ///
    /// # Errors
    /// If it cannot connect or the answer is not `200`.
    pub async fn open(addr: SocketAddr, path: &str) -> Result<Events, String> {
        Events::open_named(addr, path, &["game"]).await
    }

    /// Opens `path` on `addr`, keeping the events named in `names` as
    /// `{"event": NAME, "data": DATA}`.
    ///
    /// # Errors
    /// If it cannot connect or the answer is not `200`.
    pub async fn open_named(
        addr: SocketAddr,
        path: &str,
        names: &'static [&'static str],
    ) -> Result<Events, String> {
        let mut stream = tokio::net::TcpStream::connect(addr)
            .await
            .map_err(|e| format!("connect {addr}: {e}"))?;
        let req =
            format!("GET {path} HTTP/1.0\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n");
        stream
            .write_all(req.as_bytes())
            .await
            .map_err(|e| e.to_string())?;
        let mut buf = String::new();
        let mut chunk = [0u8; 8192];
        while !buf.contains("\r\n\r\n") {
            let n = stream.read(&mut chunk).await.map_err(|e| e.to_string())?;
            if n == 0 {
                return Err(format!("{path}: closed before the headers: {buf:?}"));
            }
            buf.push_str(&String::from_utf8_lossy(&chunk[..n]));
        }
        let (head, rest) = buf.split_once("\r\n\r\n").unwrap_or_default();
        if !head.starts_with("HTTP/1.0 200") && !head.starts_with("HTTP/1.1 200") {
            return Err(format!("{path}: {head}"));
        }
        let mut body = rest.to_string();
        let (tx, rx) = mpsc::unbounded_channel();
        let task = tokio::spawn(async move {
            loop {
                for v in take_views(&mut body, names) {
                    if tx.send((Instant::now(), v)).is_err() {
                        return;
                    }
                }
                match stream.read(&mut chunk).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => body.push_str(&String::from_utf8_lossy(&chunk[..n])),
                }
            }
        });
        Ok(Events { rx, task })
    }

    /// The first view for which `want` holds, with when it arrived; views
    /// before it are passed over.
    ///
    /// # Errors
    /// If none comes within `within`.
    pub async fn until(
        &mut self,
        within: Duration,
        want: impl Fn(&Value) -> bool,
    ) -> Result<(Instant, Value), String> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            match tokio::time::timeout_at(deadline, self.rx.recv()).await {
                Ok(Some((at, v))) if want(&v) => return Ok((at, v)),
                Ok(Some(_)) => {}
                Ok(None) => return Err("the event stream closed".into()),
                Err(_) => return Err(format!("no such view within {within:?}")),
            }
        }
    }
}
