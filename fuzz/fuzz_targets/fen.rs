//! Position strings of every game: refused with an error, or accepted and
//! then sound (see `menagerie_fuzz::exercise`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use menagerie_rules::Position;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let v = menagerie_fuzz::game(selector);
    if let Ok(pos) = Position::from_fen(v, text) {
        menagerie_fuzz::exercise(&pos);
    }
});
