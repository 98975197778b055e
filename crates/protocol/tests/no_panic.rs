//! No input line panics either front-end or the record reader: random
//! bytes, random text, and valid commands with random edits. After any
//! such input the session still answers (`readyok`, `pong`).

use menagerie_protocol::worker::{Out, SharedBuffer};
use menagerie_protocol::{pgn, uci, xboard};
use proptest::prelude::*;

/// Valid UCI lines to mutate (no Hash or Threads: an edit could ask for
/// gigabytes or dozens of threads, which is legal but not a test's job).
const UCI_LINES: [&str; 16] = [
    "uci",
    "isready",
    "ucinewgame",
    "setoption name UCI_Variant value wreckage",
    "setoption name UCI_Variant value wounds",
    "setoption name PickThePieceSetup value pick-the-piece:slots=O,C;drops=N,A,J2",
    "setoption name detonator_hits_friendly value true",
    "setoption name Skill Level value 3",
    "setoption name MultiPV value 2",
    "position startpos moves e2e4 e7e5",
    "position fen 7k/8/8/8/8/8/8/KQR5 w - - 0 1 moves b1b7",
    "go depth 2",
    "go movetime 20",
    "go wtime 100 btime 100 winc 10 binc 10",
    "go infinite",
    "stop",
];

/// Valid XBoard lines to mutate (no `memory` or `cores`, as above).
const XBOARD_LINES: [&str; 20] = [
    "xboard",
    "protover 2",
    "new",
    "variant wreckage",
    "variant longer-board",
    "force",
    "go",
    "playother",
    "sd 2",
    "st 1",
    "level 40 0:05 0",
    "time 50",
    "otim 50",
    "usermove e2e4",
    "usermove e1e4",
    "setboard 7k/8/8/8/8/8/8/KQR5 w - - 0 1",
    "undo",
    "remove",
    "?",
    "option Skill Level=2",
];

const ALPHABET: &[u8] = b"abcdefghij0123456789 @,=-:/[]()?KQRBNPkqrbnp\t\x00\xff";

fn mutate(base: &str, edits: &[(usize, u8, u8)]) -> Vec<u8> {
    let mut bytes: Vec<u8> = base.bytes().collect();
    for &(at, op, ch) in edits {
        let c = ALPHABET[usize::from(ch) % ALPHABET.len()];
        let i = at % (bytes.len() + 1);
        match op % 3 {
            0 if i < bytes.len() => bytes[i] = c,
            1 => bytes.insert(i, c),
            _ if i < bytes.len() => {
                bytes.remove(i);
            }
            _ => {}
        }
    }
    bytes
}

fn run_uci(input: &[u8]) -> String {
    let buf = SharedBuffer::new();
    let mut all = input.to_vec();
    all.extend_from_slice(b"\nisready\nquit\n");
    uci::run(&all[..], Out::new(buf.clone())).expect("in-memory input reads");
    buf.text()
}

fn run_xboard(input: &[u8]) -> String {
    let buf = SharedBuffer::new();
    let mut all = input.to_vec();
    all.extend_from_slice(b"\nping 999\nquit\n");
    xboard::run(&all[..], Out::new(buf.clone())).expect("in-memory input reads");
    buf.text()
}

fn edits() -> impl Strategy<Value = Vec<(usize, u8, u8)>> {
    prop::collection::vec((0usize..80, 0u8..3, any::<u8>()), 1..5)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn uci_survives_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        prop_assert!(run_uci(&bytes).lines().any(|l| l == "readyok"));
    }

    #[test]
    fn uci_survives_random_text(lines in prop::collection::vec("\\PC{0,60}", 0..6)) {
        prop_assert!(run_uci(lines.join("\n").as_bytes()).lines().any(|l| l == "readyok"));
    }

    #[test]
    fn uci_survives_mutated_commands(picks in prop::collection::vec((0usize..16, edits()), 1..6)) {
        let mut input = Vec::new();
        for (i, e) in &picks {
            input.extend(mutate(UCI_LINES[*i], e));
            input.push(b'\n');
        }
        prop_assert!(run_uci(&input).lines().any(|l| l == "readyok"));
    }

    #[test]
    fn xboard_survives_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        prop_assert!(run_xboard(&bytes).lines().any(|l| l == "pong 999"));
    }

    #[test]
    fn xboard_survives_random_text(lines in prop::collection::vec("\\PC{0,60}", 0..6)) {
        prop_assert!(run_xboard(lines.join("\n").as_bytes()).lines().any(|l| l == "pong 999"));
    }

    #[test]
    fn xboard_survives_mutated_commands(picks in prop::collection::vec((0usize..20, edits()), 1..8)) {
        let mut input = b"xboard\nprotover 2\nnew\n".to_vec();
        for (i, e) in &picks {
            input.extend(mutate(XBOARD_LINES[*i], e));
            input.push(b'\n');
        }
        prop_assert!(run_xboard(&input).lines().any(|l| l == "pong 999"));
    }

    #[test]
    fn the_record_reader_survives_random_text(text in "\\PC{0,300}") {
        let _ = pgn::read_each(&text, &pgn::standard_resolver);
        let _ = pgn::check(&text, &pgn::standard_resolver);
    }

    #[test]
    fn the_record_reader_survives_mutated_records(edits in prop::collection::vec((0usize..400, 0u8..3, any::<u8>()), 1..8)) {
        let valid = "[Event \"?\"]\n[Variant \"wreckage\"]\n[SetUp \"1\"]\n\
            [FEN \"xrwbqkbfrd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XRWBQKBFRD[GJJJJJgjjjjj] w KQkq - 0 1\"]\n\n\
            1. e2e5 {+0.35/12} e9e6 2. J@e4 {-M3/9} * \n\n[Variant \"wounds\"]\n\n1. e2e4 e7e5 1/2-1/2\n";
        let text = String::from_utf8_lossy(&mutate(valid, &edits)).into_owned();
        for r in pgn::read_each(&text, &pgn::standard_resolver).into_iter().flatten() {
            let again = pgn::write(&r);
            prop_assert!(pgn::read_all(&again, &pgn::standard_resolver).is_ok(), "{}", again);
        }
        let _ = pgn::check(&text, &pgn::standard_resolver);
    }
}
