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

#[test]
fn a_quote_in_a_tag_name_is_refused() {
    // fuzz/artifacts/pgn/crash-815058e3796bb899cf1df6273daf272548f89c8f: the
    // tag was read, but written back it could not be read again.
    let text = "[E?\"Unt \"wre\"\n\n*\n";
    let games = pgn::read_each(text, &pgn::standard_resolver);
    assert_eq!(games.len(), 1);
    let err = games[0].as_ref().expect_err("a quote in a tag name");
    assert!(err.message.contains("malformed tag"), "{err}");
    round_trips("[E?Unt \"wre\"\n\n*\n");
}

#[test]
fn an_empty_comment_after_a_comment_survives_the_round_trip() {
    // fuzz/artifacts/pgn/crash-0acf82f75d7638523b5b3dcfb59837c74a5d08f9:
    // the two comments joined with a trailing space the writer drops.
    round_trips("[Event \"?\"]\n\n1. e2e4 {+5.3 A} {} *\n");
    round_trips("[Event \"?\"]\n\n1. e2e4 {} {x} *\n");
}
