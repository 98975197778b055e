//! Thinned openings for self-play (`tune generate --thin N`): after the
//! random opening plies, up to `N` random men (a number drawn evenly from
//! 0 to `N`) are taken off the board, so that the data shows sparse
//! endgames with all kinds of men, not only the few that self-play from
//! the start reaches (`docs/engine-log/nnue-runs-stops-30-76.md`, stop 34).

use menagerie_engine::level::Rng;
use menagerie_rules::{GameRecord, Role, Square};

/// `game`'s position with `men` random men removed (the caller draws how
/// many), as the start of a new record (the moves that led to it are
/// dropped). Royal Kings and Walls stay, and so does each side's last
/// man; castling and en-passant rights go. The position is unchanged if
/// the result is not a valid position (a side not to move left in check).
#[must_use]
pub fn thin(game: GameRecord, men: u32, rng: &mut Rng) -> GameRecord {
    if men == 0 {
        return game;
    }
    let v = game.position().variant().clone();
    let removable = |role: Role| role != Role::Wall && !(role == Role::King && v.has_royal_king());
    crate::matches::edited(game, |setup| {
        let mut squares: Vec<Square> = v
            .geometry
            .squares()
            .filter(|&sq| setup.board.get(sq).is_some_and(|p| removable(p.role)))
            .collect();
        for _ in 0..men {
            if squares.is_empty() {
                break;
            }
            let sq = squares.swap_remove(rng.below(squares.len()));
            let Some(p) = setup.board.get(sq) else {
                continue;
            };
            if setup.board.by_color(p.color).len() > 1 {
                setup.board.take(sq);
            }
        }
        setup.castling = 0;
        setup.en_passant.clear();
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::Position;

    fn men(pos: &Position) -> usize {
        pos.board().by_color(menagerie_rules::Color::White).len()
            + pos.board().by_color(menagerie_rules::Color::Black).len()
    }

    #[test]
    fn men_go_but_kings_and_a_man_a_side_stay() {
        for name in ["wounds", "chess", "longer-board", "wreckage"] {
            let v = menagerie_games::by_name(name).unwrap();
            let start = GameRecord::new(Position::start(&v));
            let before = men(start.position());
            let mut thinned_some = false;
            for seed in 0..20 {
                let t = thin(start.clone(), 40, &mut Rng::new(seed));
                let pos = t.position();
                assert!(men(pos) <= before);
                thinned_some |= men(pos) < before;
                for c in menagerie_rules::Color::BOTH {
                    assert!(
                        !pos.board().by_color(c).is_empty(),
                        "{name}: a side kept a man"
                    );
                    if v.has_royal_king() {
                        assert_eq!(pos.board().pieces(c, Role::King).len(), 1, "{name}");
                    }
                }
                let fen = pos.fen();
                assert_eq!(Position::from_fen(&v, &fen).unwrap().fen(), fen);
            }
            assert!(thinned_some, "{name}: some openings were thinned");
        }
    }

    #[test]
    fn nothing_to_remove_leaves_the_game() {
        let v = menagerie_games::by_name("chess").unwrap();
        let start = GameRecord::new(Position::start(v));
        let t = thin(start.clone(), 0, &mut Rng::new(3));
        assert_eq!(t.position().fen(), start.position().fen());
    }
}
