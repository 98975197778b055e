//! Pick the Piece setups: the first byte chooses an inline spec (the rest
//! after `pick-the-piece:`) or a TOML setup file. An accepted setup must
//! give a game whose start position is sound.
#![no_main]

use libfuzzer_sys::fuzz_target;
use menagerie_games::pick_the_piece::custom;
use menagerie_rules::Position;

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let family = if kind % 2 == 0 {
        custom::parse_inline(&format!("{}{text}", custom::INLINE_PREFIX)).ok()
    } else {
        custom::parse_toml(text).ok()
    };
    if let Some(family) = family {
        let v = custom::intern(&family);
        // A named file keeps its name as the title, so it may intern apart
        // from the inline spelling; the game itself must be the same.
        let again = menagerie_games::resolve(&v.key).expect("a game's own key resolves");
        assert_eq!(again.key, v.key);
        assert_eq!(again.start_fen, v.start_fen, "{}", v.key);
        assert_eq!(again.roles, v.roles, "{}", v.key);
        assert_eq!(again.drops, v.drops, "{}", v.key);
        menagerie_fuzz::exercise(&Position::start(v));
    }
});
