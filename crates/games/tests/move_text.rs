//! Move strings read by shape (`notation::MoveText`): along random playouts
//! of every game, every legal action's canonical string has a shape that
//! admits exactly the actions starting like it, and parses back to it.

use crate::common;

use menagerie_rules::notation::{self, MoveText};
use menagerie_rules::Position;

#[test]
fn every_legal_action_parses_back_through_its_shape() {
    let mut checked = 0;
    for (g, v) in menagerie_games::all().into_iter().enumerate() {
        for game in 0..6u64 {
            let mut rng = common::Rng(0x9e37_79b9_7f4a_7c15 ^ (g as u64 * 1000 + game));
            let mut pos = Position::start(&v);
            for _ply in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for m in &moves {
                    let text = notation::render(&pos, m);
                    let shape = MoveText::read(&pos, &text)
                        .unwrap_or_else(|| panic!("{}: {text} has no shape", v.key));
                    assert!(shape.admits(m), "{}: {text}", v.key);
                    assert_eq!(notation::parse(&pos, &text), Ok(*m), "{}: {text}", v.key);
                    checked += 1;
                }
                let m = moves[rng.below(moves.len())];
                pos.play(&m).unwrap();
            }
        }
    }
    assert!(checked > 10_000, "only {checked} actions checked");
}

#[test]
fn shapes_of_strings_that_name_nothing() {
    let pos = Position::start(menagerie_games::by_name("wreckage").unwrap());
    assert_eq!(MoveText::read(&pos, "zz9"), None);
    assert_eq!(MoveText::read(&pos, "J@"), None);
    assert_eq!(MoveText::read(&pos, "JJ@e2"), None);
    assert_eq!(MoveText::read(&pos, "0000"), Some(MoveText::Pass));
    assert!(
        matches!(MoveText::read(&pos, "a10a9"), Some(MoveText::From(s)) if s.to_string() == "a10")
    );
    assert!(notation::parse(&pos, "e2e6").is_err());
}
