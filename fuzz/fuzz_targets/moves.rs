//! Move strings in positions of every game: a game byte, a count of random
//! plies (chosen by the next bytes) from the start, then the move string.
//! A string that parses must name a legal action that writes back to an
//! action equal to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use menagerie_rules::{notation, Position};

fuzz_target!(|data: &[u8]| {
    let [selector, plies, rest @ ..] = data else {
        return;
    };
    let plies = usize::from(*plies % 16).min(rest.len());
    let (choices, text) = rest.split_at(plies);
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let mut pos = Position::start(menagerie_fuzz::game(*selector));
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(&moves[usize::from(c) % moves.len()]);
    }
    if let Ok(m) = notation::parse(&pos, text) {
        assert!(
            pos.legal_moves().contains(&m),
            "{text} parsed to an illegal {m:?}"
        );
        let again = notation::render(&pos, &m);
        assert_eq!(notation::parse(&pos, &again), Ok(m), "{again}");
    }
});
