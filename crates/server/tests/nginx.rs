//! nginx in front of two servers on one PostgreSQL database, with the proxy
//! directives of `docs/deploy/nginx.conf` (its TLS and port-80 parts left
//! out): a game over a link played through the proxy, its event streams
//! included; and clients told apart by the rate limit behind the proxy
//! when the servers trust it (`--trusted-proxy`). Needs `nginx` and `MENAGERIE_TEST_PG` (CI installs and starts
//! both); without either it is skipped with a notice.

use crate::support;

use menagerie_server::{Config, PgStore, Store};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;
use support::pg::{server_url, ScratchDb};
use support::sse::Events;
use support::{view_moves, Client, Server};

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
