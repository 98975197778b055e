//! Quiescence's generator lists exactly the tactical moves.
//!
//! `generate_tactical` lists only the captures of the orthodox movers
//! instead of generating every move and keeping the tactical ones; at every
//! position of random games of every game (custom Pick the Piece setups
//! from the whole catalogue included) it must give the same moves, in the
//! same order, as `generate_pseudo` followed by the `is_tactical` filter.

use crate::common;

use common::Rng;
use menagerie_games::pick_the_piece::custom::catalogue;
use menagerie_games::resolve;
use menagerie_rules::movegen::{generate_pseudo, generate_tactical};
use menagerie_rules::{MoveList, Position};

/// Checks one position; returns how many tactical moves it has.
fn check(pos: &Position) -> usize {
    let mut all = MoveList::new();
    generate_pseudo(pos, &mut all);
    all.retain(menagerie_rules::Move::is_tactical);
    let mut tactical = MoveList::new();
    generate_tactical(pos, &mut tactical);
    assert_eq!(
        tactical,
        all,
        "{}: {} lists other tactical moves",
        pos.variant().key,
        pos.fen()
    );
    all.len()
}

/// Plays `games` random games of up to `plies` plies from `start`, checking
/// every position; returns (positions, tactical moves) seen.
fn random_games(start: &Position, games: usize, plies: usize, seed: u64) -> (usize, usize) {
    let mut rng = Rng(seed | 1);
    let (mut positions, mut tactical) = (0, 0);
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..=plies {
            tactical += check(&pos);
            positions += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
    }
    (positions, tactical)
}

#[test]
fn every_game_lists_the_same_tactical_moves_as_filtering_all() {
    let mut starts: Vec<Position> = menagerie_games::all().iter().map(Position::start).collect();
    starts.push(Position::start(
        menagerie_games::longer_board::longer_board_straight_pass_over(),
    ));
    for file in [
        "chess.perft",
        "wreckage.perft",
        "longer-board.perft",
        "wounds.perft",
    ] {
        for case in common::read_perft_file(file) {
            let v = resolve(&case.variant).unwrap_or_else(|e| panic!("{}: {e}", case.id));
            starts.push(Position::from_fen(v, &case.fen).unwrap_or_else(|e| panic!("{e}")));
        }
    }
    let (mut positions, mut tactical) = (0, 0);
    for (i, start) in starts.iter().enumerate() {
        let (p, t) = random_games(start, 3, 80, 0x7ac7 + i as u64);
        positions += p;
        tactical += t;
    }
    assert!(positions > 5000, "only {positions} positions checked");
    assert!(tactical > positions / 4, "only {tactical} tactical moves");
}

#[test]
fn custom_setups_list_the_same_tactical_moves_as_filtering_all() {
    let pieces: Vec<_> = catalogue().collect();
    let mut positions = 0;
    for (i, a1) in pieces.iter().enumerate() {
        let j1 = pieces[(i + 3) % pieces.len()];
        let drop = pieces[(i + 7) % pieces.len()];
        let spec = format!(
            "pick-the-piece:slots={},{};drops={}2",
            a1.letter(),
            j1.letter(),
            drop.letter()
        );
        let Ok(v) = resolve(&spec) else {
            continue;
        };
        positions += random_games(&Position::start(v), 3, 80, i as u64).0;
    }
    assert!(
        positions > 1000,
        "only {positions} positions of custom setups"
    );
}
