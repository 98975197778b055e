//! Chess with Wounds: a man is worth what its prongs can still do. Long
//! prongs slide, short ones step, knight prongs leap; a prong pointing
//! toward the enemy is worth a little more, so orientation counts.

use super::values::Weights;
use menagerie_rules::geometry::{Dir, KNIGHT_OFFSETS};
use menagerie_rules::mechanics::prongs;
use menagerie_rules::{Color, Geometry, Piece, Role, Square};

/// Value of a man from its prongs, plus the squares its prongs reach now
/// (through empty squares) times its mobility weight.
#[must_use]
pub fn man_value(
    w: &Weights,
    g: &Geometry,
    occupied: menagerie_rules::SquareSet,
    sq: Square,
    p: Piece,
) -> i32 {
    let forward = |d: Dir| {
        let (_, dr) = d.delta();
        match p.color {
            Color::White => dr > 0,
            Color::Black => dr < 0,
        }
    };
    let mut v = 0;
    let mut reach = 0;
    if p.role == Role::Knight {
        for (i, (df, dr)) in KNIGHT_OFFSETS.into_iter().enumerate() {
            if p.state & (1 << i) != 0 {
                v += w.prong_knight;
                if (p.color == Color::White) == (dr > 0) {
                    v += w.prong_forward / 2;
                }
                if g.offset(sq, df, dr).is_some() {
                    reach += 1;
                }
            }
        }
    } else {
        for d in Dir::ALL {
            let kind = prongs::prong(p.state, d);
            if kind == prongs::NONE {
                continue;
            }
            v += if kind == prongs::LONG {
                w.prong_long
            } else {
                w.prong_short
            };
            if forward(d) {
                v += w.prong_forward;
            }
            let mut s = sq;
            while let Some(t) = g.step(s, d) {
                reach += 1;
                if occupied.contains(t) || kind == prongs::SHORT {
                    break;
                }
                s = t;
            }
        }
    }
    v + reach * w.mobility[Role::Knight.index()] / 2
}
