//! A reviewed game's record with the review in it (`docs/review.md`): the
//! evaluation after each reviewed move as a `[%eval ...]` comment, each
//! judgement as a NAG, and the engine's better line as a variation of each
//! judged move.

use crate::dto::{Judgement, ReviewPly, ReviewView, ScoreView};
use menagerie_protocol::pgn::{self, Line, LineMove};
use menagerie_rules::{notation, Position};

/// The most moves of the engine's line a better-line variation shows.
pub const BETTER_LINE_MOVES: usize = 8;

/// An evaluation from White's view as the `[%eval ...]` comment many tools
/// read: pawns with two decimals (`[%eval 0.35]`, `[%eval -1.20]`) or a
/// mate in moves (`[%eval #3]` White mates, `[%eval #-3]` Black mates).
#[must_use]
pub fn eval_comment(eval: ScoreView) -> String {
    match eval {
        ScoreView::Cp { cp } => {
            let sign = if cp < 0 { "-" } else { "" };
            let a = cp.unsigned_abs();
            format!("[%eval {sign}{}.{:02}]", a / 100, a % 100)
        }
        ScoreView::Mate { mate } => format!("[%eval #{mate}]"),
    }
}

/// The NAG of a judgement: `$6` inaccuracy (`?!`), `$2` mistake (`?`),
/// `$4` blunder (`??`).
#[must_use]
pub fn judgement_nag(j: Judgement) -> u8 {
    match j {
        Judgement::Inaccuracy => pgn::NAG_DUBIOUS,
        Judgement::Mistake => pgn::NAG_MISTAKE,
        Judgement::Blunder => pgn::NAG_BLUNDER,
    }
}

/// Adds `review` to `record`, the record of the reviewed game's main line:
/// for each reviewed ply the evaluation of the position it reached (none
/// for a position that ends the game), its judgement and, when judged, the
/// better line from the position before it. Plies the review does not
/// cover, or that no longer match the record, are left as they are.
pub fn annotate(record: &mut pgn::Game, review: &ReviewView) {
    let Ok(replayed) = record.replay() else {
        return;
    };
    let positions = replayed.positions();
    for p in review.plies.iter().filter(|p| p.ply >= 1) {
        let i = p.ply - 1;
        let (Some(before), Some(&played)) = (positions.get(i), record.moves.get(i)) else {
            break;
        };
        if p.text.as_deref() != Some(notation::render(before, &played).as_str()) {
            break;
        }
        annotate_ply(record, i, p, before, review.plies.get(i));
    }
}

fn annotate_ply(
    record: &mut pgn::Game,
    i: usize,
    p: &ReviewPly,
    before: &Position,
    prev: Option<&ReviewPly>,
) {
    if p.result.is_none() {
        let eval = eval_comment(p.eval);
        if let Some(slot) = record.comments.get_mut(i) {
            *slot = Some(match slot.take() {
                Some(c) => format!("{eval} {c}"),
                None => eval,
            });
        }
    }
    let Some(j) = p.judgement else {
        return;
    };
    if let Some(nags) = record.nags.get_mut(i) {
        nags.push(judgement_nag(j));
    }
    let best = prev.map(|b| b.best.as_slice()).unwrap_or_default();
    let line = better_line(before, best);
    let played = record.moves.get(i).copied();
    if !line.is_empty() && line.first().map(|m| m.mv) != played {
        if let Some(vs) = record.variations.get_mut(i) {
            vs.push(line);
        }
    }
}

/// Up to [`BETTER_LINE_MOVES`] moves of `best` from `pos`, to the first
/// that does not read or play.
fn better_line(pos: &Position, best: &[String]) -> Line {
    let mut pos = pos.clone();
    let mut out = Line::new();
    for text in best.iter().take(BETTER_LINE_MOVES) {
        let Ok(m) = notation::parse(&pos, text) else {
            break;
        };
        pos.play_unchecked(&m);
        out.push(LineMove::new(m));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_as_tools_read_them() {
        assert_eq!(eval_comment(ScoreView::Cp { cp: 35 }), "[%eval 0.35]");
        assert_eq!(eval_comment(ScoreView::Cp { cp: -120 }), "[%eval -1.20]");
        assert_eq!(eval_comment(ScoreView::Cp { cp: -5 }), "[%eval -0.05]");
        assert_eq!(eval_comment(ScoreView::Cp { cp: 0 }), "[%eval 0.00]");
        assert_eq!(eval_comment(ScoreView::Mate { mate: 3 }), "[%eval #3]");
        assert_eq!(eval_comment(ScoreView::Mate { mate: -3 }), "[%eval #-3]");
    }

    #[test]
    fn judgements_as_nags() {
        assert_eq!(judgement_nag(Judgement::Inaccuracy), 6);
        assert_eq!(judgement_nag(Judgement::Mistake), 2);
        assert_eq!(judgement_nag(Judgement::Blunder), 4);
    }
}
