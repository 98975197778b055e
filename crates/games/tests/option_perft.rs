//! Perft with the documented rule options (`tests/data/options.perft`): every
//! line against this engine and the naive reference generator, and each
//! built position's baseline (the game's defaults) against the count the
//! option gives, so every option is shown to change what it should.

use crate::common;

use menagerie_rules::{perft, Position};

const FILE: &str = "options.perft";

#[test]
fn option_perft_lines_hold() {
    assert_eq!(common::check_perft_file(FILE, common::node_limit()), 57);
}

#[test]
fn the_reference_generator_agrees_with_every_option_line() {
    for case in common::read_perft_file(FILE) {
        let pos = Position::from_fen(case.game(), &case.fen).unwrap();
        for &(depth, nodes) in &case.lines {
            assert_eq!(
                perft::perft_reference(&pos, depth),
                nodes,
                "{} reference perft({depth})",
                case.id
            );
        }
    }
}

#[test]
fn each_built_position_shows_its_option_change_the_count() {
    let mut built = 0;
    for case in common::read_perft_file(FILE) {
        let (depth, nodes) = case.baseline.expect("every case has a baseline");
        let plain = menagerie_games::by_name(&case.variant).unwrap();
        let pos = Position::from_fen(plain, &case.fen).unwrap();
        assert_eq!(perft::perft(&pos, depth), nodes, "{} baseline", case.id);
        let with = case.lines.iter().find(|l| l.0 == depth).unwrap().1;
        if case.id.contains("-start-") {
            continue;
        }
        built += 1;
        assert_ne!(with, nodes, "{}: the option changes nothing", case.id);
    }
    assert_eq!(built, 4, "one built position per option that changes moves");
}
