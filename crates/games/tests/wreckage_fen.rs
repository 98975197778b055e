//! Wreckage and Carnage position strings: round trips, rejections naming
//! the field, and a property test feeding mutated and garbage strings to the
//! parser (accepted ones must survive move generation and perft(2)).

use crate::wreckage_support;

use menagerie_rules::{perft, Position};
use proptest::prelude::*;
use wreckage_support::*;

#[test]
fn start_positions_round_trip() {
    for v in [wreckage(), carnage()] {
        let pos = Position::start(&v);
        assert_eq!(pos.fen(), v.start_fen);
    }
}

#[test]
fn two_target_en_passant_round_trips() {
    let fen = "k9/7r2/1p8/10/10/4Pp4/3p6/P9/10/K1Q4R2[GJgj] b - e3e4 0 12";
    assert_eq!(at(&wreckage(), fen).fen(), fen);
}

#[test]
fn en_passant_after_a_promoting_two_step_is_accepted() {
    let pos = w("Ka1 Pe8 kj10", "", 'w');
    let next = after(&pos, "e8e10q");
    assert!(next.fen().contains(" e9 "), "{}", next.fen());
    assert_eq!(at(&wreckage(), &next.fen()).fen(), next.fen());
}

#[test]
fn malformed_positions_are_rejected_with_the_field_named() {
    let start = wreckage().start_fen.clone();
    let cases = [
        (start.replace("[GJJJJJgjjjjj]", ""), "pocket"),
        (start.replace("[GJJJJJgjjjjj]", "[T]"), "pocket"),
        (start.replace("XRWBQKBFRD", "XRWBQKBFRN"), "board"),
        (start.replace("XRWBQKBFRD", "XRWBQKBFRT"), "board"),
        (start.replace(" w ", " x "), "side"),
        (start.replace(" - 0", " e3e5 0"), "en-passant"),
        (
            start.replace("10/10/10/10/10/10", "10/10/10/10/10"),
            "board",
        ),
    ];
    for (fen, field) in cases {
        let e = Position::from_fen(wreckage(), &fen)
            .expect_err(&fen)
            .to_string();
        assert!(e.contains(field), "{fen}: {e}");
    }
    assert!(
        Position::from_fen(carnage(), &start).is_err(),
        "G in a Carnage pocket"
    );
}

fn seeds() -> Vec<String> {
    let mut v: Vec<String> = [wreckage(), carnage()]
        .iter()
        .map(|g| g.start_fen.clone())
        .collect();
    v.push("k9/7r2/1p8/10/10/4Pp4/3p6/P9/10/K1Q4R2[GJgj] b - e3e4 0 12".into());
    v.push("9k/8T1/10/7d2/4r5/3Ttr4/2pbX1x3/7Q2/1P2D5/K1R7[Jj] w - - 0 18".into());
    v
}

const ALPHABET: &[u8] = b"0123456789/[]KQRBPWFDXGTJkqrbpwfdxgtjNn -abcdefghij";

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn mutated_strings_never_panic(
        which in 0usize..4,
        edits in proptest::collection::vec((0usize..80, 0usize..ALPHABET.len(), 0u8..3), 1..6),
        carnage_game in any::<bool>(),
    ) {
        let mut bytes = seeds()[which].clone().into_bytes();
        for (at_, letter, op) in edits {
            let i = at_ % (bytes.len() + 1);
            match op {
                0 if i < bytes.len() => bytes[i] = ALPHABET[letter],
                1 => bytes.insert(i, ALPHABET[letter]),
                _ if i < bytes.len() => { bytes.remove(i); }
                _ => {}
            }
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let v = if carnage_game { carnage() } else { wreckage() };
        if let Ok(pos) = Position::from_fen(&v, &text) {
            let _ = pos.legal_moves();
            let _ = perft::perft(&pos, 2);
            prop_assert_eq!(Position::from_fen(v, &pos.fen()).map(|p| p.fen()), Ok(pos.fen()));
        }
    }

    #[test]
    fn garbage_strings_never_panic(text in "\\PC{0,120}") {
        let _ = Position::from_fen(wreckage(), &text);
        let _ = Position::from_fen(carnage(), &text);
    }
}
