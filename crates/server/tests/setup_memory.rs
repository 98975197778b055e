//! Asking the server about ever new Pick the Piece setups keeps its memory
//! flat: `GET /api/variants/{spec}` for 2,000 distinct setups after a
//! warm-up grows the resident set by far less than the ~56 MB the server
//! grew by when it kept every setup it had built for ever (27 MB per 1,000).
//! Its own test binary, so that the process's resident set is the server's
//! and this test's alone.

mod support;

use menagerie_games::pick_the_piece::custom::{self, CACHE_CAPACITY, MAX_DROPS};
use menagerie_rules::Role;
use support::{remove_db, temp_db, Client, Server};

/// Setups asked for after the warm-up.
const MEASURED: usize = 2_000;

/// The most the resident set may grow over [`MEASURED`] setups.
const MAX_GROWTH_KB: u64 = 16 * 1024;

/// This process's resident set in kilobytes (`VmRSS` of `/proc/self/status`).
fn rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("a VmRSS line")
}

/// Inline setups `slots=Q,R;drops=Xa,Yb`, each a different choice of two
/// kinds in hand and their counts, percent-encoded for a path.
fn specs() -> Vec<String> {
    let pieces: Vec<Role> = custom::catalogue().collect();
    let mut out = Vec::new();
    for (i, a) in pieces.iter().enumerate() {
        for b in &pieces[i + 1..] {
            for n in 1..MAX_DROPS {
                for m in 1..=MAX_DROPS - n {
                    out.push(format!(
                        "pick-the-piece%3Aslots%3DQ%2CR%3Bdrops%3D{}{n}%2C{}{m}",
                        a.letter(),
                        b.letter()
                    ));
                }
            }
        }
    }
    out
}

/// Asks for each spec; returns how many the server described.
async fn ask(client: &Client, specs: &[String]) -> usize {
    let mut described = 0;
    for spec in specs {
        let a = client
            .send("GET", &format!("/api/variants/{spec}"), None, None)
            .await
            .expect("an answer");
        assert!(a.status == 200 || a.status == 400, "{spec}: {}", a.status);
        if a.status == 200 {
            described += 1;
        }
    }
    described
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_setups_do_not_grow_the_server() {
    let db = temp_db("setup-memory");
    let config = menagerie_server::Config {
        rate_burst: 100_000,
        rate_per_second: 100_000,
        ..menagerie_server::Config::default()
    };
    let server = Server::start(&db, &config);
    let client = Client::new(server.addr);
    let specs = specs();
    let warm = 2 * CACHE_CAPACITY;
    assert!(specs.len() >= warm + MEASURED, "{} setups", specs.len());
    // the warm-up fills the cache and the allocator's pools
    assert!(ask(&client, &specs[..warm]).await > CACHE_CAPACITY);
    let before = rss_kb();
    let described = ask(&client, &specs[warm..warm + MEASURED]).await;
    let grown = rss_kb().saturating_sub(before);
    eprintln!("{described} new setups described; resident set grew by {grown} kB");
    drop(server);
    remove_db(&db);
    assert!(described > MEASURED * 9 / 10, "only {described} described");
    assert!(
        grown < MAX_GROWTH_KB,
        "the resident set grew by {grown} kB over {described} new setups"
    );
}
