//! `menagerie serve` on a real port: it prints the address, answers the API
//! over TCP, and refuses bad arguments with status 2.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

fn exe() -> &'static str {
    env!("CARGO_BIN_EXE_menagerie")
}

#[test]
fn serve_prints_its_address_and_answers() {
    let db = std::env::temp_dir().join(format!("menagerie-serve-{}.db", std::process::id()));
    let mut child = Command::new(exe())
        .args(["serve", "--port", "0", "--db"])
        .arg(&db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let addr = line
        .trim()
        .strip_prefix("Menagerie is serving at http://")
        .and_then(|a| a.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_string();
    let mut stream = TcpStream::connect(&addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET /api/variants HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    for ext in ["db", "db-wal", "db-shm"] {
        let _ = std::fs::remove_file(db.with_extension(ext));
    }
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("\"key\":\"wreckage\""));
}

#[test]
fn serve_refuses_a_bad_port() {
    let o = Command::new(exe())
        .args(["serve", "--port", "eighty"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&o.stderr).lines().count(), 1);
}

#[test]
fn serve_keeps_serving_when_its_output_is_closed() {
    // `menagerie serve | head -0`: nobody reads what the server prints.
    let db = std::env::temp_dir().join(format!("menagerie-closed-{}.db", std::process::id()));
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = Command::new(exe())
        .args(["serve", "--port", &port.to_string(), "--db"])
        .arg(&db)
        .stdout(writer)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let addr = format!("127.0.0.1:{port}");
    let mut answered = false;
    for _ in 0..100 {
        std::thread::sleep(Duration::from_millis(100));
        if child.try_wait().unwrap().is_some() {
            break;
        }
        answered = TcpStream::connect(&addr).is_ok_and(|mut s| {
            let _ = s.set_read_timeout(Some(Duration::from_secs(10)));
            let req =
                format!("GET /api/variants HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
            let mut response = String::new();
            s.write_all(req.as_bytes()).is_ok()
                && s.read_to_string(&mut response).is_ok()
                && response.starts_with("HTTP/1.1 200")
        });
        if answered {
            break;
        }
    }
    let _ = child.kill();
    child.wait().unwrap();
    for ext in ["db", "db-wal", "db-shm"] {
        let _ = std::fs::remove_file(db.with_extension(ext));
    }
    assert!(
        answered,
        "the server died or stopped answering when its output was closed"
    );
}
