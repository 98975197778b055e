//! Inputs the fuzz targets (`fuzz/`, docs/reliability.md) found, kept as
//! ordinary tests: each failed before its fix.

use menagerie_protocol::pgn;

/// Reads `text`; every game read must write back to a record that reads
/// back equal.
fn round_trips(text: &str) {
    let games: Vec<pgn::Game> = pgn::read_each(text, &pgn::standard_resolver)
        .into_iter()
        .flatten()
        .collect();
    assert!(!games.is_empty(), "no game read from {text:?}");
    for game in games {
        let written = pgn::write(&game);
        let back = pgn::read_all(&written, &pgn::standard_resolver).expect("written record reads");
        assert_eq!(back, vec![game], "{written:?}");
    }
}

#[test]
fn a_carriage_return_in_a_tag_value_survives_the_round_trip() {
    // fuzz/artifacts/pgn/crash-6c51b5fc478527c5c9c0fb0200e71fa2118c1caf
    round_trips("[E/1}\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r \"*\r *\"]\n\n*\n");
    round_trips("[Event \"a\\\r b\"]\n\n*\n");
}

#[test]
fn a_brace_inside_a_comment_survives_the_round_trip() {
    // fuzz/artifacts/pgn/crash-204f371b88671dc95c17b90ae63bedebf75a988c
    round_trips("[Event \"*\"]\n\n1. e2e4 { {+0.3A\0\0} e7e5 2. g1f3 *\n");
    round_trips("[Event \"?\"]\n\n1. e2e4 {a { b} *\n");
}
