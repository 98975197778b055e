//! Game records (the PGN dialect): every game is read or refused with an
//! error; a game that is read is checked, written back and read again equal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use menagerie_protocol::pgn;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for game in pgn::read_each(text, &pgn::standard_resolver)
        .into_iter()
        .flatten()
    {
        let _ = pgn::check_game(&game);
        let written = pgn::write(&game);
        let back = pgn::read_all(&written, &pgn::standard_resolver)
            .unwrap_or_else(|e| panic!("a written record is refused: {e}\n{written}"));
        assert_eq!(back, vec![game], "{written}");
    }
});
