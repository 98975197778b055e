//! Chess with Wounds: prong lists in position strings (notation spec,
//! section 3): parsing, writing, normalisation, errors, the hash, and a
//! property test that garbage never makes the parser or generator panic.

use menagerie_games::wounds::wounds;
use menagerie_rules::perft::perft;
use menagerie_rules::{notation, Position};
use proptest::prelude::*;

use crate::wounds_support;
use wounds_support::*;

#[test]
fn a_prong_list_is_parsed_per_direction_in_clockwise_order() {
    // N short, SE long, W short: d4d5; d4e3..d4h0 -> e3 f2 g1; d4c4; rotations.
    let pos = at("8/8/8/8/3Q(10020010)4/8/8/8 w - - 0 1");
    assert_eq!(
        actions(&pos),
        ["d4c4", "d4d5", "d4e3", "d4f2", "d4g1", "d4l", "d4r"]
    );
}

#[test]
fn a_knight_prong_list_is_parsed_in_the_notation_leap_order() {
    // Only leap 1 (+2,+1) and leap 6 (-2,+1).
    let pos = at("8/8/8/8/3N(01000010)4/8/8/8 w - - 0 1");
    assert_eq!(actions(&pos), ["d4b5", "d4f5"]);
}

#[test]
fn wounded_prong_lists_round_trip() {
    for fen in [
        "r(20201020)3k2r/8/8/8/8/8/8/R3K(11110111)2R w - - 0 1",
        "1n(11110111)2k1n1/8/8/8/8/8/8/1N(01111111)2K1N(10000000)1 w - - 0 1",
        "8/8/8/8/3Q(11111111)4/8/8/8 b - - 12 30",
        "P(22222222)7/8/8/8/8/8/8/7p(10000000) w - - 0 1",
    ] {
        assert_eq!(at(fen).fen(), fen);
    }
}

#[test]
fn a_prong_list_equal_to_the_initial_set_is_normalised_away() {
    let fen = "rnbqkbnr/p(00011100)ppppppp/8/8/8/8/P(11000001)PPPPPPP/R(20202020)N(11111111)B(02020202)Q(22222222)K(11111111)BNR w - - 0 1";
    assert_eq!(
        at(fen).fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    );
    assert_eq!(at(fen), Position::start(wounds()));
    assert_eq!(at(fen).hash(), Position::start(wounds()).hash());
}

#[test]
fn the_initial_set_depends_on_colour_for_pawns() {
    // A white pawn with Black's pawn prongs is wounded (different set), and so written.
    let fen = "8/8/8/8/3P(00011100)4/8/8/8 w - - 0 1";
    assert_eq!(at(fen).fen(), fen);
    assert_eq!(actions(&at(fen)), ["d4c3", "d4d3", "d4e3", "d4l", "d4r"]);
}

#[test]
fn bad_prong_lists_are_rejected_naming_the_board() {
    for bad in [
        "Q(2222222)",   // 7 digits
        "Q(222222222)", // 9 digits
        "Q(22232222)",  // a 3
        "N(21111111)",  // a 2 in a Knight's list
        "Q(00000000)",  // no prong at all
        "N(00000000)",  // no leap at all
        "Q()",          // empty
        "Q(2222a222)",  // not a digit
        "Q(22222222",   // unclosed
        "Q(-2222222)",  // sign
        "Q(２2222222)", // non-ASCII digit
        "Q((2222222)",  // doubled parenthesis
    ] {
        let fen = format!("{bad}7/8/8/8/8/8/8/k7 w - - 0 1");
        let e = Position::from_fen(wounds(), &fen)
            .expect_err(&fen)
            .to_string();
        assert!(e.contains("board"), "{fen}: {e}");
    }
}

#[test]
fn a_prong_list_after_a_digit_or_twice_is_rejected() {
    for fen in [
        "8(22222222)/8/8/8/8/8/8/k7 w - - 0 1",
        "Q(22222222)(22222222)7/8/8/8/8/8/8/k7 w - - 0 1",
    ] {
        assert!(Position::from_fen(wounds(), fen).is_err(), "{fen}");
    }
}

#[test]
fn a_prong_list_in_another_game_is_rejected() {
    for name in ["chess", "longer-board", "wreckage"] {
        let v = menagerie_games::by_name(name).unwrap();
        let start = Position::start(&v).fen();
        let fen = start.replacen('Q', "Q(22222222)", 1);
        let e = Position::from_fen(v, &fen).expect_err(&fen).to_string();
        assert!(e.contains("prong"), "{name}: {e}");
    }
}

#[test]
fn the_hash_changes_with_prongs() {
    let a = at("8/8/8/8/3Q4/8/8/8 w - - 0 1");
    let b = at("8/8/8/8/3Q(22221222)4/8/8/8 w - - 0 1");
    let c = at("8/8/8/8/3Q(22222122)4/8/8/8 w - - 0 1");
    assert_ne!(a.hash(), b.hash());
    assert_ne!(b.hash(), c.hash());
    assert_ne!(a.hash(), c.hash());
    assert_eq!(b.hash(), b.hash_recomputed());
}

#[test]
fn a_wound_and_a_rotation_update_the_hash_incrementally() {
    let pos = at("8/8/8/4p3/4P3/8/8/8 w - - 0 1");
    let mut next = pos.clone();
    next.play(&notation::parse(&pos, "e4e5").unwrap()).unwrap();
    assert_ne!(next.hash(), pos.hash());
    assert_eq!(next.hash(), next.hash_recomputed());
    assert_eq!(next.hash(), at(&next.fen()).hash());
    let mut turned = next.clone();
    turned
        .play(&notation::parse(&next, "e5r").unwrap())
        .unwrap();
    assert_eq!(turned.hash(), turned.hash_recomputed());
    assert_ne!(turned.hash(), next.hash());
}

/// Wounds-flavoured garbage: fragments of real position strings.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("r".to_string()),
        Just("N".to_string()),
        Just("p".to_string()),
        Just("Q".to_string()),
        Just("K".to_string()),
        Just("b".to_string()),
        Just("/".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just(" ".to_string()),
        Just("-".to_string()),
        Just("w".to_string()),
        "[0-9]{1,3}",
        "\\([0-3]{0,9}\\)",
        "[ -~]",
    ]
}

fn mutated_fen() -> impl Strategy<Value = String> {
    let base = prop_oneof![
        Just("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".to_string()),
        Just("r(20201020)3k2r/8/8/8/8/8/8/R3K(11110111)2R w - - 0 1".to_string()),
        Just("1n(11110111)2k1n1/8/8/8/8/8/8/1N(01111111)2K1N(10000000)1 w - - 0 1".to_string()),
        Just("P7/8/8/8/8/8/8/7p w - - 0 1".to_string()),
    ];
    (
        base,
        proptest::collection::vec((any::<prop::sample::Index>(), 0..3u8, fragment()), 0..6),
    )
        .prop_map(|(mut fen, edits)| {
            for (at, kind, text) in edits {
                let chars: Vec<char> = fen.chars().collect();
                let i = at.index(chars.len() + 1);
                let (head, tail): (String, String) =
                    (chars[..i].iter().collect(), chars[i..].iter().collect());
                fen = match kind {
                    0 => format!("{head}{text}{tail}"),
                    1 => format!("{head}{}", tail.chars().skip(1).collect::<String>()),
                    _ => format!(
                        "{head}{text}{}",
                        tail.chars().skip(text.chars().count()).collect::<String>()
                    ),
                };
            }
            fen
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn garbage_position_strings_never_panic(fen in mutated_fen()) {
        if let Ok(pos) = Position::from_fen(wounds(), &fen) {
            let _ = pos.legal_moves();
            let _ = perft(&pos, 2);
            let _ = pos.outcome();
            let again = Position::from_fen(wounds(), &pos.fen());
            prop_assert_eq!(again.map(|p| p.fen()), Ok(pos.fen()));
        }
    }

    #[test]
    fn arbitrary_text_never_panics(fen in "[ -~]{0,80}") {
        if let Ok(pos) = Position::from_fen(wounds(), &fen) {
            let _ = perft(&pos, 2);
        }
    }
}
