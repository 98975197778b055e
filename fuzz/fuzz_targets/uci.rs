//! UCI input: any lines, then `stop` and `quit`, over in-memory streams.
//! The session must answer without panicking and end. Inputs that set the
//! hash size are skipped: a GUI may legitimately ask for gigabytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use menagerie_protocol::uci;
use menagerie_protocol::worker::{Out, SharedBuffer};

fuzz_target!(|data: &[u8]| {
    if data.len() > 4096 || data.to_ascii_lowercase().windows(4).any(|w| w == b"hash") {
        return;
    }
    let mut input = data.to_vec();
    input.extend_from_slice(b"\nstop\nquit\n");
    let buf = SharedBuffer::new();
    uci::run(&input[..], Out::new(buf.clone())).expect("reading memory cannot fail");
    let _ = buf.text();
});
