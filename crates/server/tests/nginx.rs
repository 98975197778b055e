//! nginx in front of two servers on one PostgreSQL database, with the proxy
//! directives of `docs/deploy/nginx.conf` (its TLS and port-80 parts left
//! out): a game over a link played through the proxy, its event streams
//! included; and clients told apart by the rate limit behind the proxy
//! when the servers trust it (`--trusted-proxy`). Needs `nginx` and `MENAGERIE_TEST_PG` (CI installs and starts
//! both); without either it is skipped with a notice. And the shipped
//! file's hardening (limits, timeouts, HSTS, a log without query
//! strings), read from the file and, with `nginx` alone, in front of one
//! SQLite server.

use crate::support;

use menagerie_server::{Config, PgStore, Store};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;
use support::pg::{server_url, ScratchDb};
use support::sse::Events;
use support::{remove_db, temp_db, view_moves, Client, Server};

/// The nginx binary, if installed.
fn nginx() -> Option<PathBuf> {
    let found = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file());
    if found.is_none() {
        eprintln!("note: nginx is not installed, so the nginx test is skipped");
    }
    found
}

/// The top-level blocks of an nginx file (comments dropped), as text.
fn blocks(conf: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut current) = (0usize, String::new());
    for line in conf.lines() {
        let line = line.split('#').next().unwrap_or_default();
        if line.trim().is_empty() {
            continue;
        }
        current.push_str(line);
        current.push('\n');
        depth += line.matches('{').count();
        depth -= line.matches('}').count();
        if depth == 0 {
            out.push(std::mem::take(&mut current));
        }
    }
    out
}

/// The shipped configuration for the test: the upstream on `ports`, the
/// HTTPS server listening on plain HTTP at `listen`, the redirect left out.
fn test_config(shipped: &str, ports: [u16; 2], listen: u16) -> String {
    let mut conf = String::new();
    for block in blocks(shipped) {
        if block.contains("return 301") {
            continue;
        }
        for line in block.lines() {
            let t = line.trim_start();
            if t.starts_with("listen") || t.starts_with("ssl_") {
                continue;
            }
            let line = line
                .replace("127.0.0.1:8081", &format!("127.0.0.1:{}", ports[0]))
                .replace("127.0.0.1:8082", &format!("127.0.0.1:{}", ports[1]));
            conf.push_str(&line);
            conf.push('\n');
            if t.starts_with("server_name") {
                conf.push_str(&format!("    listen 127.0.0.1:{listen};\n"));
            }
        }
    }
    conf
}

/// nginx running in the foreground on a temporary folder; stopped when dropped.
struct Nginx {
    child: Child,
    bin: PathBuf,
    dir: PathBuf,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // `-s stop` (SIGTERM to the master), which stops its workers too;
        // a SIGKILL would leave them running.
        let conf = self.dir.join("nginx.conf");
        let stopped = Command::new(&self.bin)
            .arg("-p")
            .arg(&self.dir)
            .arg("-c")
            .arg(&conf)
            .args(["-s", "stop"])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !stopped {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn start_nginx(bin: &Path, site: &str) -> Nginx {
    static STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("menagerie-nginx-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("nginx folder");
    let d = dir.display();
    // The shipped access log goes into the test's folder.
    let site = site.replace("/var/log/nginx/", &format!("{d}/"));
    let main = format!(
        "daemon off;\nworker_processes 1;\nerror_log {d}/error.log;\npid {d}/nginx.pid;\n\
         events {{ worker_connections 128; }}\nhttp {{\n access_log off;\n\
         client_body_temp_path {d}/body;\n proxy_temp_path {d}/proxy;\n\
         fastcgi_temp_path {d}/fastcgi;\n uwsgi_temp_path {d}/uwsgi;\n scgi_temp_path {d}/scgi;\n\
         {site}}}\n"
    );
    let conf = dir.join("nginx.conf");
    std::fs::write(&conf, main).expect("nginx.conf");
    let child = Command::new(bin)
        .arg("-p")
        .arg(&dir)
        .arg("-c")
        .arg(&conf)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("nginx starts");
    Nginx {
        child,
        bin: bin.to_path_buf(),
        dir,
    }
}

/// Waits (bounded) until nginx answers `/healthz` with `200`.
async fn wait_ready(c: &Client) {
    let mut health = None;
    for _ in 0..100 {
        if let Ok(h) = c.send("GET", "/healthz", None, None).await {
            health = Some(h);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(health.expect("nginx answers").status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_behind_nginx_have_their_own_rate_limit_with_a_trusted_proxy() {
    let (Some(bin), Some(pg)) = (nginx(), server_url("nginx rate limit")) else {
        return;
    };
    let db = ScratchDb::new(&pg);
    // Two requests at once per client and server, hardly any refill; the
    // servers believe nginx (on 127.0.0.1) about the client's address.
    let config = Config {
        rate_burst: 2,
        rate_per_second: 1,
        engine_workers: 1,
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        ..Config::default()
    };
    let store = || -> Arc<dyn Store> { Arc::new(PgStore::open(&db.url).expect("PostgreSQL")) };
    let (a, b) = (
        Server::with_store(store(), &config),
        Server::with_store(store(), &config),
    );
    let port = free_port();
    let shipped = include_str!("../../../docs/deploy/nginx.conf");
    let _nginx = start_nginx(
        &bin,
        &test_config(shipped, [a.addr.port(), b.addr.port()], port),
    );
    let proxy: std::net::SocketAddr = ([127, 0, 0, 1], port).into();
    wait_ready(&Client::new(proxy)).await;
    // A greedy client (127.0.0.2) runs out on both servers...
    let greedy = Client::from(proxy, 2);
    let mut statuses = Vec::new();
    for _ in 0..10 {
        statuses.push(
            greedy
                .send("GET", "/api/variants", None, None)
                .await
                .unwrap()
                .status,
        );
    }
    let refused = statuses.iter().filter(|s| **s == 429).count();
    assert!(refused >= 4, "the greedy client was limited: {statuses:?}");
    // ...while another client (127.0.0.3) behind the same proxy is not.
    let other = Client::from(proxy, 3);
    for _ in 0..2 {
        let r = other
            .send("GET", "/api/variants", None, None)
            .await
            .unwrap();
        assert_eq!(
            r.status, 200,
            "another client through the same proxy: {}",
            r.json
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_linked_game_through_nginx_in_front_of_two_servers() {
    let (Some(bin), Some(pg)) = (nginx(), server_url("nginx")) else {
        return;
    };
    let db = ScratchDb::new(&pg);
    let config = Config {
        rate_burst: 10_000,
        rate_per_second: 10_000,
        engine_workers: 1,
        ..Config::default()
    };
    let store = || -> Arc<dyn Store> { Arc::new(PgStore::open(&db.url).expect("PostgreSQL")) };
    let (a, b) = (
        Server::with_store(store(), &config),
        Server::with_store(store(), &config),
    );
    let shipped = include_str!("../../../docs/deploy/nginx.conf");
    let port = free_port();
    let site = test_config(shipped, [a.addr.port(), b.addr.port()], port);
    let _nginx = start_nginx(&bin, &site);
    let proxy: std::net::SocketAddr = ([127, 0, 0, 1], port).into();
    let c = Client::new(proxy);
    wait_ready(&c).await;
    let body = json!({ "variant": "chess", "opponent": { "kind": "link" } });
    let created = c.expect(201, "POST", "/api/games", None, Some(&body)).await;
    let created = created.unwrap().json;
    let id = created["id"].as_str().unwrap().to_string();
    let wt = created["token"].as_str().unwrap().to_string();
    let bt = c.claim(&created["links"]["black"]).await.unwrap();
    // Four streams through the proxy: nginx spreads them over both servers.
    let mut streams = Vec::new();
    for seat in [&wt, &bt, &wt, &bt] {
        let path = format!("/api/games/{id}/events?seat={seat}");
        streams.push(Events::open(proxy, &path).await.unwrap());
    }
    let mut played = Vec::new();
    for ply in 0..6 {
        let token = if ply % 2 == 0 { &wt } else { &bt };
        let view = c
            .expect(200, "GET", &format!("/api/games/{id}"), Some(token), None)
            .await
            .unwrap()
            .json;
        assert_eq!(view_moves(&view), played, "ply {ply}");
        let text = view["legal"][0]["text"].as_str().unwrap().to_string();
        let body = json!({ "move": text });
        let path = format!("/api/games/{id}/moves");
        c.expect(200, "POST", &path, Some(token), Some(&body))
            .await
            .unwrap();
        played.push(text);
        for s in &mut streams {
            let n = played.len();
            let (_, v) = s
                .until(Duration::from_secs(3), |v| view_moves(v).len() == n)
                .await
                .unwrap();
            assert_eq!(view_moves(&v), played);
        }
    }
}

/// The value of the directive `name` in `conf` (comments dropped): the
/// rest of its line, without the `;`.
fn directive<'a>(conf: &'a str, name: &str) -> Vec<&'a str> {
    conf.lines()
        .map(|l| l.split('#').next().unwrap_or_default().trim())
        .filter_map(|l| l.strip_prefix(name))
        .filter(|rest| rest.starts_with(' '))
        .map(|rest| rest.trim().trim_end_matches(';').trim())
        .collect()
}

#[test]
fn the_shipped_nginx_config_sets_limits_timeouts_hsts_and_a_log_without_queries() {
    let shipped = include_str!("../../../docs/deploy/nginx.conf");
    let one = |name: &str| -> String {
        let found = directive(shipped, name);
        assert_eq!(found.len(), 1, "{name}: {found:?}");
        found[0].to_string()
    };
    assert_eq!(
        one("limit_conn_zone"),
        "$binary_remote_addr zone=menagerie_conn:10m"
    );
    assert_eq!(one("limit_conn"), "menagerie_conn 32");
    assert_eq!(
        one("limit_req_zone"),
        "$binary_remote_addr zone=menagerie_req:10m rate=20r/s"
    );
    assert_eq!(one("limit_req"), "zone=menagerie_req burst=120 nodelay");
    assert_eq!(one("client_header_timeout"), "10s");
    assert_eq!(one("client_body_timeout"), "10s");
    assert_eq!(one("send_timeout"), "30s");
    assert_eq!(
        one("add_header"),
        "Strict-Transport-Security \"max-age=31536000\" always"
    );
    assert_eq!(one("proxy_set_header Host"), "$host:$server_port");
    assert_eq!(
        one("access_log"),
        "/var/log/nginx/menagerie.access.log menagerie"
    );
    // The log format names the path alone: no request line, no query.
    let format = shipped
        .split("log_format menagerie")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .expect("the log format");
    assert!(format.contains("$request_method $uri"), "{format}");
    for leak in [
        "$request ",
        "$request\"",
        "$request_uri",
        "$args",
        "$query_string",
        "$http_referer",
    ] {
        assert!(
            !format.contains(leak),
            "the log format has {leak}: {format}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn through_the_shipped_nginx_answers_are_hardened_and_tokens_stay_out_of_the_log() {
    let Some(bin) = nginx() else {
        return;
    };
    let db = temp_db("nginx_hardened");
    let config = Config {
        engine_workers: 1,
        ..Config::default()
    };
    let server = Server::start(&db, &config);
    let shipped = include_str!("../../../docs/deploy/nginx.conf");
    let port = free_port();
    let upstream = server.addr.port();
    let nginx = start_nginx(&bin, &test_config(shipped, [upstream, upstream], port));
    let proxy: std::net::SocketAddr = ([127, 0, 0, 1], port).into();
    let c = Client::new(proxy);
    wait_ready(&c).await;
    // A same-origin POST from the page passes (nginx hands on the host
    // with its port); one from another site is refused.
    let origin = format!("Origin: http://127.0.0.1:{port}");
    let page = Client::new(proxy).with_header(origin.as_bytes());
    let body = json!({ "variant": "chess", "opponent": { "kind": "link" } });
    let made = page
        .expect(201, "POST", "/api/games", None, Some(&body))
        .await
        .unwrap()
        .json;
    let evil = Client::new(proxy).with_header(b"Origin: https://evil.example");
    let refused = evil
        .send("POST", "/api/games", None, Some(&body))
        .await
        .unwrap();
    assert_eq!(
        (refused.status, refused.json["error"].as_str()),
        (403, Some("cross_origin"))
    );
    // Every answer through nginx carries the server's headers and HSTS.
    let id = made["id"].as_str().unwrap();
    let token = made["token"].as_str().unwrap();
    let secret_path = format!("/play/{id}?seat={token}");
    for path in ["/", "/main.js", "/api/variants", secret_path.as_str()] {
        let head = head_of(proxy, path).await;
        for want in [
            "strict-transport-security: max-age=31536000",
            "x-frame-options: deny",
            "x-content-type-options: nosniff",
            "referrer-policy: no-referrer",
            "content-security-policy: default-src 'self'",
        ] {
            assert!(head.contains(want), "{path}: no {want:?} in {head}");
        }
    }
    // The access log has the path of the seat's page, not its token.
    let log = nginx.dir.join("menagerie.access.log");
    let mut text = String::new();
    for _ in 0..50 {
        text = std::fs::read_to_string(&log).unwrap_or_default();
        if text.contains(&format!("/play/{id}")) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        text.contains(&format!("\"GET /play/{id} HTTP/1.1\" 200")),
        "{text}"
    );
    assert!(!text.contains(token), "a seat token in the log: {text}");
    assert!(!text.contains("seat="), "a query in the log: {text}");
    drop(nginx);
    drop(server);
    remove_db(&db);
}

/// The head of a `GET` of `path` through `proxy`, in lowercase.
async fn head_of(proxy: std::net::SocketAddr, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(proxy).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {proxy}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out))
        .await
        .expect("an answer")
        .unwrap();
    let text = String::from_utf8_lossy(&out).to_ascii_lowercase();
    text.split("\r\n\r\n")
        .next()
        .unwrap_or_default()
        .to_string()
}
