//! Worn openings for self-play in games with prongs (`tune generate
//! --worn N`): after the random opening plies, up to `N` men (a number
//! drawn evenly from 0 to `N`, each of either side) are worn down by a
//! random number of wounds, anywhere from none to all but their last
//! prong, so that the data shows worn men, down to a single prong, in
//! balanced games and not only in lost ones
//! (`docs/engine-log/nnue-runs-stops-30-76.md`, stop 34).

use menagerie_engine::level::Rng;
use menagerie_rules::mechanics::prongs;
use menagerie_rules::{GameRecord, Piece, Role, Square};

/// `game`'s position with `men` random men worn down (the caller draws
/// how many), as the start of a new record (the moves that led to it are
/// dropped). A wound shortens a long prong or removes a short or knight
/// prong, as an attack would; a man's last prong is never removed, so no
/// man is taken. The position is unchanged in a game without prongs, or
/// if it cannot be rebuilt.
#[must_use]
pub fn wear(game: GameRecord, men: u32, rng: &mut Rng) -> GameRecord {
    let v = game.position().variant().clone();
    if men == 0 || !v.prongs {
        return game;
    }
    crate::matches::edited(game, |setup| {
        let squares: Vec<Square> = v
            .geometry
            .squares()
            .filter(|&sq| setup.board.get(sq).is_some_and(|p| p.role != Role::Wall))
            .collect();
        if squares.is_empty() {
            return;
        }
        for _ in 0..men {
            let sq = squares[rng.below(squares.len())];
            if let Some(mut p) = setup.board.get(sq) {
                for _ in 0..rng.below(prongs::strength(p.role, p.state) as usize) {
                    p = wound(p, rng);
                }
                setup.board.put(sq, p);
            }
        }
    })
}

/// `p` after one wound to a random prong (unchanged if it has a single
/// short or knight prong left).
fn wound(p: Piece, rng: &mut Rng) -> Piece {
    if prongs::strength(p.role, p.state) <= 1 {
        return p;
    }
    let prongs: Vec<usize> = (0..8)
        .filter(|&i| prongs::wounded_at(p.role, p.state, i) != p.state)
        .collect();
    let state = prongs::wounded_at(p.role, p.state, prongs[rng.below(prongs.len())]);
    Piece { state, ..p }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::Position;

    fn total(pos: &Position) -> (u32, usize) {
        let g = &pos.variant().geometry;
        let men: Vec<Piece> = g.squares().filter_map(|s| pos.board().get(s)).collect();
        let sum = men.iter().map(|&p| prongs::strength(p.role, p.state)).sum();
        (sum, men.len())
    }

    #[test]
    fn wounds_take_prongs_but_never_a_man() {
        let v = menagerie_games::by_name("wounds").unwrap();
        let start = GameRecord::new(Position::start(&v));
        let (before, men) = total(start.position());
        let mut single = 0;
        for seed in 0..40 {
            let mut rng = Rng::new(seed);
            let worn = wear(start.clone(), 12, &mut rng);
            let (after, left) = total(worn.position());
            assert_eq!(left, men, "no man is taken");
            assert!(after < before, "{before} -> {after}");
            single += v
                .geometry
                .squares()
                .filter_map(|s| worn.position().board().get(s))
                .filter(|&p| p.role != Role::Pawn && prongs::strength(p.role, p.state) == 1)
                .count();
            assert!(worn.moves().is_empty());
            // The position is a valid one, read back from its own string.
            let fen = worn.position().fen();
            assert_eq!(Position::from_fen(&v, &fen).unwrap().fen(), fen);
        }
        // Men worn down to one prong (pawns aside) are there to be seen.
        assert!(single >= 5, "{single} one-prong men in 40 positions");
    }

    #[test]
    fn a_man_keeps_his_last_prong() {
        let mut rng = Rng::new(7);
        let mut p = Piece {
            role: Role::Queen,
            ..Position::start(menagerie_games::by_name("wounds").unwrap())
                .board()
                .get(Square::new(3, 0).unwrap())
                .unwrap()
        };
        for _ in 0..40 {
            p = wound(p, &mut rng);
        }
        assert_eq!(prongs::strength(p.role, p.state), 1);
    }

    #[test]
    fn games_without_prongs_are_left_alone() {
        let v = menagerie_games::by_name("chess").unwrap();
        let start = GameRecord::new(Position::start(v));
        let worn = wear(start.clone(), 12, &mut Rng::new(1));
        assert_eq!(worn.position().fen(), start.position().fen());
    }
}
