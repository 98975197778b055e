//! Lines of moves with their annotations: a variation, or the main line
//! seen as one ([`super::Game::line`]), and the NAGs the reader knows by
//! their suffix form.

use menagerie_rules::Move;

/// Variations may nest this deep at most (a variation of a variation is at
/// depth 2); deeper ones are refused when read, so that nothing working on
/// a read game recurses without bound.
pub const MAX_DEPTH: usize = 32;

/// `$1` good move (`!`).
pub const NAG_GOOD: u8 = 1;
/// `$2` mistake (`?`).
pub const NAG_MISTAKE: u8 = 2;
/// `$3` brilliant move (`!!`).
pub const NAG_BRILLIANT: u8 = 3;
/// `$4` blunder (`??`).
pub const NAG_BLUNDER: u8 = 4;
/// `$5` interesting move (`!?`).
pub const NAG_INTERESTING: u8 = 5;
/// `$6` dubious move, an inaccuracy (`?!`).
pub const NAG_DUBIOUS: u8 = 6;

/// The suffix annotations (`!`, `?`, `!!`, `??`, `!?`, `?!`) and their NAGs.
pub const SUFFIXES: [(&str, u8); 6] = [
    ("!", NAG_GOOD),
    ("?", NAG_MISTAKE),
    ("!!", NAG_BRILLIANT),
    ("??", NAG_BLUNDER),
    ("!?", NAG_INTERESTING),
    ("?!", NAG_DUBIOUS),
];

/// The NAG of a suffix annotation (`"?!"` gives 6), if it is one.
#[must_use]
pub fn suffix_nag(suffix: &str) -> Option<u8> {
    SUFFIXES.iter().find(|(s, _)| *s == suffix).map(|&(_, n)| n)
}

/// A line of moves played one after another: a variation, or a game's main
/// line as [`super::Game::line`] gives it.
pub type Line = Vec<LineMove>;

/// One move of a line with its annotations and the alternatives to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMove {
    /// The move.
    pub mv: Move,
    /// The comment written after it.
    pub comment: Option<String>,
    /// Its NAGs (`$1` to `$255`), in order.
    pub nags: Vec<u8>,
    /// Alternatives to this move, each played from the position before it
    /// (never empty lines).
    pub variations: Vec<Line>,
}

impl LineMove {
    /// A move with no comment, NAG or variation.
    #[must_use]
    pub fn new(mv: Move) -> LineMove {
        LineMove {
            mv,
            comment: None,
            nags: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// The move with a comment.
    #[must_use]
    pub fn with_comment(mut self, comment: Option<String>) -> LineMove {
        self.comment = comment;
        self
    }
}

/// How many variations `line` holds, nested ones included.
#[must_use]
pub fn count_variations(line: &[LineMove]) -> usize {
    line.iter()
        .map(|m| {
            m.variations.len()
                + m.variations
                    .iter()
                    .map(|v| count_variations(v))
                    .sum::<usize>()
        })
        .sum()
}

/// How many moves `line` holds, those of its variations included.
#[must_use]
pub fn count_moves(line: &[LineMove]) -> usize {
    line.iter()
        .map(|m| 1 + m.variations.iter().map(|v| count_moves(v)).sum::<usize>())
        .sum()
}

/// How deep the variations of `line` nest (0: none).
#[must_use]
pub fn depth(line: &[LineMove]) -> usize {
    line.iter()
        .flat_map(|m| m.variations.iter())
        .map(|v| 1 + depth(v))
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_are_the_first_six_nags() {
        assert_eq!(suffix_nag("!"), Some(1));
        assert_eq!(suffix_nag("??"), Some(4));
        assert_eq!(suffix_nag("?!"), Some(6));
        assert_eq!(suffix_nag("!!!"), None);
        assert_eq!(suffix_nag(""), None);
    }

    #[test]
    fn counts_and_depth_see_nested_lines() {
        let m = LineMove::new(Move::Pass);
        let mut inner = m.clone();
        inner.variations.push(vec![m.clone(), m.clone()]);
        let mut outer = m.clone();
        outer.variations.push(vec![inner]);
        outer.variations.push(vec![m.clone()]);
        let line = vec![outer, m];
        assert_eq!(count_variations(&line), 3);
        assert_eq!(count_moves(&line), 6);
        assert_eq!(depth(&line), 2);
        assert_eq!(depth(&[LineMove::new(Move::Pass)]), 0);
    }
}
