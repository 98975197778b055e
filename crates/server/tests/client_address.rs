//! The client's address behind a reverse proxy, for the rate limit: the
//! `X-Real-IP` and `X-Forwarded-For` headers are believed only from the
//! addresses given as trusted proxies (`--trusted-proxy`), never otherwise,
//! and a bad header never fails a request. The server runs on a real
//! loopback port, so requests come from real addresses (127.0.0.N). An
//! IPv6 client is counted by its /64 prefix, for the rate limit and the
//! lobby's limit per address alike.

use crate::support;

use menagerie_server::Config;
use support::{remove_db, temp_db, Client, Server};

/// Requests a client may make at once in these tests.
const BURST: u32 = 3;

fn config(trusted: &[&str]) -> Config {
    Config {
        engine_workers: 1,
        rate_burst: BURST,
        rate_per_second: 1,
        trusted_proxies: trusted.iter().map(|a| a.parse().unwrap()).collect(),
        ..Config::default()
    }
}

/// The statuses of one request by each of `clients`, in order.
async fn statuses(clients: &[Client]) -> Vec<u16> {
    let mut out = Vec::new();
    for c in clients {
        out.push(
            c.send("GET", "/api/variants", None, None)
                .await
                .unwrap()
                .status,
        );
    }
    out
}

/// `n` clients from 127.0.0.`from`, each claiming another address in
/// `header` (`X-Real-IP: 203.0.113.K` or `X-Forwarded-For: ...`).
fn claiming(server: &Server, from: u8, header: &str, n: u8) -> Vec<Client> {
    (0..n)
        .map(|k| {
            let line = format!("{header}: 203.0.113.{k}");
            Client::from(server.addr, from).with_header(line.as_bytes())
        })
        .collect()
}

/// `BURST` answers of 200, then 429s.
fn limited_after_burst(n: usize) -> Vec<u16> {
    (0..n)
        .map(|i| if i < BURST as usize { 200 } else { 429 })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarding_headers_are_ignored_without_a_trusted_proxy() {
    let db = temp_db("client_address_off");
    let server = Server::start(&db, &config(&[]));
    for header in ["X-Real-IP", "X-Forwarded-For"] {
        // Each request claims another client; all count as 127.0.0.N.
        let n = 2 + u8::from(header == "X-Forwarded-For");
        let clients = claiming(&server, n, header, 6);
        assert_eq!(statuses(&clients).await, limited_after_burst(6), "{header}");
    }
    drop(server);
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxy_is_believed_and_nobody_else() {
    let db = temp_db("client_address_on");
    let server = Server::start(&db, &config(&["127.0.0.1"]));
    // From the proxy: each claimed client has its own budget...
    for header in ["X-Real-IP", "X-Forwarded-For"] {
        let clients = claiming(&server, 1, header, 6);
        assert_eq!(
            statuses(&clients).await,
            vec![200; 6],
            "{header} from the proxy"
        );
    }
    // ...and one client's requests share one, whatever the proxy's own
    // address or a forged first entry say.
    let one: Vec<_> = (0..6)
        .map(|k| {
            let line = format!("X-Forwarded-For: 198.51.100.{k}, 192.0.2.7");
            Client::from(server.addr, 1).with_header(line.as_bytes())
        })
        .collect();
    assert_eq!(
        statuses(&one).await,
        limited_after_burst(6),
        "one forwarded client"
    );
    // From any other address the headers are ignored.
    let other = claiming(&server, 9, "X-Real-IP", 6);
    assert_eq!(
        statuses(&other).await,
        limited_after_burst(6),
        "not the proxy"
    );
    drop(server);
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_forwarding_headers_count_as_the_proxy_itself() {
    let db = temp_db("client_address_bad");
    let server = Server::start(&db, &config(&["127.0.0.1"]));
    let bad: [&[u8]; 6] = [
        b"X-Real-IP: not-an-address",
        b"X-Forwarded-For: ,,,",
        b"X-Real-IP: \xff\xfe",
        b"X-Forwarded-For: 1.2.3.4.5",
        b"X-Real-IP:",
        b"X-Forwarded-For: 127.0.0.1",
    ];
    let clients: Vec<_> = bad
        .iter()
        .map(|line| Client::from(server.addr, 1).with_header(line))
        .collect();
    // Answered (no failure, no panic), and all counted as the proxy.
    assert_eq!(statuses(&clients).await, limited_after_burst(6));
    drop(server);
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ipv6_clients_are_counted_by_their_64_prefix() {
    let db = temp_db("client_address_v6");
    let server = Server::start(&db, &config(&["127.0.0.1"]));
    // Six addresses of one /64 (one machine may pick any of them): one
    // client, one budget.
    let one: Vec<_> = (1..=6)
        .map(|k| {
            let line = format!("X-Real-IP: 2001:db8:1:2::{k:x}");
            Client::from(server.addr, 1).with_header(line.as_bytes())
        })
        .collect();
    assert_eq!(statuses(&one).await, limited_after_burst(6), "one /64");
    // Six /64s: six clients.
    let six: Vec<_> = (1..=6)
        .map(|k| {
            let line = format!("X-Forwarded-For: 2001:db8:2:{k:x}::1");
            Client::from(server.addr, 1).with_header(line.as_bytes())
        })
        .collect();
    assert_eq!(statuses(&six).await, vec![200; 6], "six /64s");
    // An IPv4 address keeps its own budget, also written IPv4-mapped.
    let v4: Vec<_> = [
        "192.0.2.9",
        "::ffff:192.0.2.9",
        "192.0.2.9",
        "::ffff:192.0.2.9",
    ]
    .iter()
    .map(|a| {
        let line = format!("X-Real-IP: {a}");
        Client::from(server.addr, 1).with_header(line.as_bytes())
    })
    .collect();
    assert_eq!(
        statuses(&v4).await,
        limited_after_burst(4),
        "one IPv4 client"
    );
    drop(server);
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_limit_per_address_counts_an_ipv6_64_as_one() {
    let db = temp_db("client_address_v6_lobby");
    let config = Config {
        rate_burst: 1000,
        rate_per_second: 1000,
        ..config(&["127.0.0.1"])
    };
    let server = Server::start(&db, &config);
    let most = menagerie_server::lobby::MAX_OPEN_PER_ADDRESS;
    let mut statuses = Vec::new();
    for k in 0..=most {
        // Another player key and another address of the same /64 each time.
        let line = format!("X-Real-IP: 2001:db8:7:7:{k:x}::1");
        let c = Client::from(server.addr, 1).with_header(line.as_bytes());
        let body = serde_json::json!({ "player": format!("player-key-{k:08}"), "name": "P", "variant": "chess" });
        let a = c
            .send("POST", "/api/challenges", None, Some(&body))
            .await
            .unwrap();
        statuses.push((a.status, a.json["error"].as_str().map(str::to_string)));
    }
    let mut want = vec![(201, None); most];
    want.push((429, Some("too_many_challenges".into())));
    assert_eq!(statuses, want);
    // Another /64 may still open one.
    let c = Client::from(server.addr, 1).with_header(b"X-Real-IP: 2001:db8:7:8::1");
    let body =
        serde_json::json!({ "player": "player-key-other000", "name": "P", "variant": "chess" });
    c.expect(201, "POST", "/api/challenges", None, Some(&body))
        .await
        .unwrap();
    drop(server);
    remove_db(&db);
}
