//! Bad input never panics: position strings and move strings of every game,
//! mutated from valid ones or made up, get an error or a usable position.

use menagerie_rules::{notation, perft, Position};
use proptest::prelude::*;

/// Characters that appear in position and move strings, plus a few that never do.
const ALPHABET: &[u8] = b"KQRBNPWFDXGTJACOULZYkqrbnpwfdxgtjacoulzy0123456789/[]() -@wbe";

fn mutate(base: &str, edits: &[(usize, u8, u8)]) -> String {
    let mut bytes: Vec<u8> = base.bytes().collect();
    for &(at, op, ch) in edits {
        let c = ALPHABET[ch as usize % ALPHABET.len()];
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
    String::from_utf8_lossy(&bytes).into_owned()
}

fn exercise(pos: &Position) {
    let moves = pos.legal_moves();
    for m in moves.iter().take(40) {
        let text = notation::render(pos, m);
        assert_eq!(notation::parse(pos, &text).as_ref(), Ok(m));
    }
    let _ = pos.outcome();
    let _ = perft::perft(pos, 2);
    let again = Position::from_fen(pos.variant(), &pos.fen()).expect("a written position parses");
    assert_eq!(again.fen(), pos.fen());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn mutated_start_positions_never_panic(game in 0usize..6, edits in prop::collection::vec((0usize..200, 0u8..3, 0u8..255), 1..6)) {
        let v = &menagerie_games::all()[game];
        let text = mutate(&v.start_fen, &edits);
        if let Ok(pos) = Position::from_fen(v, &text) {
            exercise(&pos);
        }
    }

    #[test]
    fn arbitrary_strings_never_panic(game in 0usize..6, text in "\\PC{0,80}") {
        let v = &menagerie_games::all()[game];
        if let Ok(pos) = Position::from_fen(v, &text) {
            exercise(&pos);
        }
    }

    #[test]
    fn arbitrary_move_strings_never_panic(game in 0usize..6, text in "[a-z0-9@A-Z]{0,12}|\\PC{0,20}") {
        let v = &menagerie_games::all()[game];
        let pos = Position::start(v);
        if let Ok(m) = notation::parse(&pos, &text) {
            prop_assert!(pos.legal_moves().contains(&m));
        }
    }
}
