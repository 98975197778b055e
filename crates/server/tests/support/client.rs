//! A minimal HTTP/1.1 client over loopback TCP for the network tests (load,
//! flooding, crash safety), temporary databases, an independent replay of a
//! game's moves and latency percentiles. Shared with the CLI's crash test.
#![allow(dead_code)]

use menagerie_rules::{notation, Position};
use serde_json::Value;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpSocket;

/// How long any one request may take before the test gives up on it.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// A client of the API at `addr`, connecting from `from` (a loopback
/// address: different ones count as different clients for the rate limit).
#[derive(Clone, Debug)]
pub struct Client {
    /// The server.
    pub addr: SocketAddr,
    /// The source address.
    pub from: IpAddr,
    /// Raw header lines (`Name: value\r\n`, any bytes) sent with every request.
    pub extra_headers: Vec<u8>,
}

/// An answer: status, JSON body and how long it took.
#[derive(Debug)]
pub struct Answer {
    /// HTTP status.
    pub status: u16,
    /// The body as JSON (`Null` if it was not JSON).
    pub json: Value,
    /// Time from connecting to the end of the body.
    pub took: Duration,
}

impl Client {
    /// A client connecting from 127.0.0.1.
    #[must_use]
    pub fn new(addr: SocketAddr) -> Client {
        Client::from(addr, 1)
    }

    /// A client connecting from 127.0.0.`n`.
    #[must_use]
    pub fn from(addr: SocketAddr, n: u8) -> Client {
        Client {
            addr,
            from: IpAddr::V4(Ipv4Addr::new(127, 0, 0, n)),
            extra_headers: Vec::new(),
        }
    }

    /// This client sending the raw header line `line` (without its
    /// `\r\n`) with every request.
    #[must_use]
    pub fn with_header(mut self, line: &[u8]) -> Client {
        self.extra_headers.extend_from_slice(line);
        self.extra_headers.extend_from_slice(b"\r\n");
        self
    }

    /// Sends one request (`Connection: close`) and reads the whole answer.
    pub async fn send(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<Answer, String> {
        let start = Instant::now();
        let work = self.exchange(method, path, token, body);
        let raw = tokio::time::timeout(REQUEST_TIMEOUT, work)
            .await
            .map_err(|_| format!("{method} {path}: no answer in {REQUEST_TIMEOUT:?}"))??;
        let took = start.elapsed();
        let text = String::from_utf8_lossy(&raw);
        let (head, body) = text
            .split_once("\r\n\r\n")
            .ok_or_else(|| format!("{method} {path}: no header end in {text:?}"))?;
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("{method} {path}: bad status line {head:?}"))?;
        let json = serde_json::from_str(body).unwrap_or(Value::Null);
        Ok(Answer { status, json, took })
    }

    async fn exchange(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<Vec<u8>, String> {
        let socket = TcpSocket::new_v4().map_err(|e| e.to_string())?;
        socket
            .bind(SocketAddr::new(self.from, 0))
            .map_err(|e| format!("bind {}: {e}", self.from))?;
        let mut stream = socket
            .connect(self.addr)
            .await
            .map_err(|e| format!("connect {}: {e}", self.addr))?;
        let body = body.map(Value::to_string).unwrap_or_default();
        let mut req = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        if let Some(t) = token {
            req += &format!("X-Seat-Token: {t}\r\n");
        }
        let mut req = req.into_bytes();
        req.extend_from_slice(&self.extra_headers);
        req.extend_from_slice(b"\r\n");
        req.extend_from_slice(body.as_bytes());
        stream
            .write_all(&req)
            .await
            .map_err(|e| format!("{method} {path}: write: {e}"))?;
        let mut raw = Vec::new();
        stream
            .read_to_end(&mut raw)
            .await
            .map_err(|e| format!("{method} {path}: read: {e}"))?;
        Ok(raw)
    }

    /// `send`, requiring the status `want`.
    pub async fn expect(
        &self,
        want: u16,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<Answer, String> {
        let a = self.send(method, path, token, body).await?;
        if a.status == want {
            Ok(a)
        } else {
            Err(format!(
                "{method} {path}: {} (wanted {want}): {}",
                a.status, a.json
            ))
        }
    }
}

impl Client {
    /// Claims the seat of an invitation link (`/play/ID?ticket=T`): the
    /// seat's token.
    ///
    /// # Errors
    /// What went wrong, in words.
    pub async fn claim(&self, link: &Value) -> Result<String, String> {
        let link = link.as_str().ok_or("no invitation link")?;
        let (path, ticket) = link.split_once("?ticket=").ok_or("no ticket")?;
        let id = path.trim_start_matches("/play/");
        let body = serde_json::json!({ "ticket": ticket });
        let path = format!("/api/games/{id}/claim");
        let a = self.expect(200, "POST", &path, None, Some(&body)).await?;
        a.json["token"]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("no token in {}", a.json))
    }
}

/// A fresh database path under the system's temporary directory.
#[must_use]
pub fn temp_db(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    std::env::temp_dir().join(format!(
        "menagerie-{name}-{}-{nanos}.db",
        std::process::id()
    ))
}

/// Removes a database and its WAL files.
pub fn remove_db(db: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut p = db.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
}

/// Replays `moves` from `start_fen` of the game `spec` with `options`, with
/// the rules core alone; the position string after each move (the start's
/// first).
pub fn replay(
    spec: &str,
    options: &Value,
    start_fen: &str,
    moves: &[String],
) -> Result<Vec<String>, String> {
    let options: menagerie_server::dto::OptionMap =
        serde_json::from_value(options.clone()).map_err(|e| format!("options: {e}"))?;
    let (variant, _) = menagerie_server::variants::resolve(spec, &options)
        .map_err(|e| format!("variant {spec}: {e:?}"))?;
    let mut pos = Position::from_fen(variant, start_fen).map_err(|e| e.to_string())?;
    let mut fens = vec![pos.fen()];
    for (i, text) in moves.iter().enumerate() {
        let m = notation::parse(&pos, text).map_err(|e| format!("ply {}: {text}: {e}", i + 1))?;
        pos.play(&m)
            .map_err(|e| format!("ply {}: {text}: {e}", i + 1))?;
        fens.push(pos.fen());
    }
    Ok(fens)
}

/// The move strings of a game view.
#[must_use]
pub fn view_moves(view: &Value) -> Vec<String> {
    view["moves"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| m["text"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Checks that a game view is consistent: its moves replay to its position
/// string, and each move's `fen_after` is the position after it.
pub fn check_view(view: &Value) -> Result<(), String> {
    let moves = view_moves(view);
    let spec = view["variant"].as_str().ok_or("no variant")?;
    let start = view["start_fen"].as_str().ok_or("no start")?;
    let fens = replay(spec, &view["options"], start, &moves)?;
    if fens.last().map(String::as_str) != view["fen"].as_str() {
        return Err(format!(
            "moves replay to {fens:?}, the view says {}",
            view["fen"]
        ));
    }
    for (i, m) in view["moves"].as_array().into_iter().flatten().enumerate() {
        if Some(fens[i + 1].as_str()) != m["fen_after"].as_str() {
            return Err(format!(
                "ply {}: fen_after {} but replay gives {}",
                i + 1,
                m["fen_after"],
                fens[i + 1]
            ));
        }
    }
    Ok(())
}

/// Latency figures of a list of durations: (p50, p90, p99, max) in ms.
#[must_use]
pub fn percentiles(mut v: Vec<Duration>) -> (f64, f64, f64, f64) {
    if v.is_empty() {
        return (0.0, 0.0, 0.0, 0.0);
    }
    v.sort();
    let at = |q: f64| {
        let i = ((v.len() as f64 - 1.0) * q).round() as usize;
        v[i].as_secs_f64() * 1000.0
    };
    (at(0.5), at(0.9), at(0.99), at(1.0))
}
