//! Game records: a PGN dialect whose movetext is our own move notation.
//!
//! ```text
//! [Event "Menagerie match"]
//! [Site "?"]
//! [Date "2025.01.31"]
//! [Round "1"]
//! [White "Menagerie 0.1.0"]
//! [Black "Menagerie 0.1.0"]
//! [Result "1-0"]
//! [Variant "wreckage"]
//! [TimeControl "60+1"]
//! [Termination "normal"]
//!
//! 1. e2e5 {+0.35/12} e9e6 {-0.20/11} 2. J@e4 ... 41. d8d9 {+M1/5} 1-0
//! ```
//!
//! - Tags: the seven-tag roster (`Event`, `Site`, `Date`, `Round`, `White`,
//!   `Black`, `Result`), then `Variant` (a name from `menagerie_games::NAMES`
//!   or a custom setup's canonical inline form), `RuleFlags` when rule flags
//!   differ from their defaults (`detonator_hits_friendly=true ...`), and
//!   `SetUp "1"` with `FEN` when the game does not start from the game's
//!   start position; then any others (`TimeControl`, `Termination`, ...).
//! - Movetext: move numbers (`12.`, and `12...` when a line starts with
//!   Black to move or Black moves after a variation), our canonical move
//!   strings, after a move its NAGs (`$1` to `$255`), an optional
//!   `{comment}` (the engines' score and depth, `{+0.35/12}`, `{-M3/9}`) and
//!   its variations, and the result (`1-0`, `0-1`, `1/2-1/2`, `*`). Lines
//!   are wrapped before 80 characters.
//! - Variations: `(4... e7e5 5. g1f3)` after a move is an alternative to
//!   that move, played from the position before it; its moves have their
//!   own NAGs, comments and variations, nested up to [`MAX_DEPTH`] deep.
//!   Every move of every variation must be legal. The reader also takes the
//!   suffix forms glued to a move (`!` `?` `!!` `??` `!?` `?!`) as the NAGs
//!   $1 to $6; the writer always writes `$n`.
//! - A file holds any number of games, each a tag section, a blank line,
//!   its movetext and a blank line.
//!
//! The library API, as `menagerie match` uses it:
//!
//! ```
//! use menagerie_protocol::pgn::{self, Game};
//! use menagerie_rules::{notation, Position};
//! let start = Position::start(menagerie_games::by_name("chess").unwrap());
//! let mut game = Game::new(start.clone());
//! game.set_tag("White", "Menagerie");
//! game.push(notation::parse(&start, "e2e4").unwrap(), Some(pgn::score_comment(
//!     menagerie_engine::Score::Cp(35), 12)));
//! game.finish("*", None);
//! let text = pgn::write(&game);
//! let back = pgn::read_all(&text, &pgn::standard_resolver).unwrap();
//! assert_eq!(back, vec![game]);
//! ```
//!
//! A game keeps its main line in [`Game::moves`], [`Game::comments`],
//! [`Game::nags`] and [`Game::variations`] (one entry per move);
//! [`Game::line`] and [`Game::set_line`] see it as one [`Line`] tree.
//!
//! [`read_all`] reads every game or fails at the first problem;
//! [`read_each`] gives one result per game, which is what
//! `menagerie record check` ([`check`]) reports.

mod build;
mod check;
mod line;
mod read;
mod tokens;
mod write;

pub use check::{check, check_game, GameReport};
pub use line::{
    count_moves, count_variations, depth, suffix_nag, Line, LineMove, MAX_DEPTH, NAG_BLUNDER,
    NAG_BRILLIANT, NAG_DUBIOUS, NAG_GOOD, NAG_INTERESTING, NAG_MISTAKE, SUFFIXES,
};
pub use read::{
    read_all, read_each, read_first, standard_resolver, tag_flags, variant_spec, PgnError, Resolver,
};
pub use write::{write, write_all};

use crate::flags::RuleFlags;
use menagerie_engine::Score;
use menagerie_rules::{GameRecord, Move, MoveError, Position};

/// One game of a record.
#[derive(Clone, Debug)]
pub struct Game {
    /// The tags in the order they are written (and were read).
    pub tags: Vec<(String, String)>,
    /// The start position.
    pub start: Position,
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// One optional comment per move, written after it.
    pub comments: Vec<Option<String>>,
    /// The NAGs of each move (`$1` to `$255`).
    pub nags: Vec<Vec<u8>>,
    /// The variations of each move: alternatives to it, each played from
    /// the position before it.
    pub variations: Vec<Vec<Line>>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl PartialEq for Game {
    fn eq(&self, o: &Game) -> bool {
        self.tags == o.tags
            && self.start.variant().same_game(o.start.variant())
            && self.start.fen() == o.start.fen()
            && self.moves == o.moves
            && self.comments == o.comments
            && self.nags == o.nags
            && self.variations == o.variations
            && self.result == o.result
    }
}

/// The four results PGN knows.
pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

impl Game {
    /// A game from `start` with the standard tags (unknown values `?`),
    /// `Variant`, `RuleFlags` when needed and `SetUp`/`FEN` when `start` is
    /// not the game's start position; no moves; result `*`.
    #[must_use]
    pub fn new(start: Position) -> Game {
        let variant = start.variant();
        let mut tags: Vec<(String, String)> = [
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "?"),
            ("White", "?"),
            ("Black", "?"),
            ("Result", "*"),
        ]
        .iter()
        .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
        .collect();
        tags.push(("Variant".into(), variant.key.clone()));
        let flags = RuleFlags::of(variant).to_words();
        if !flags.is_empty() {
            tags.push(("RuleFlags".into(), flags));
        }
        let fen = start.fen();
        if fen != variant.start_fen {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), fen));
        }
        Game::from_tags(tags, start)
    }

    /// A game from `start` with exactly these tags, no moves, result `*`.
    #[must_use]
    pub fn from_tags(tags: Vec<(String, String)>, start: Position) -> Game {
        Game {
            tags,
            start,
            moves: Vec::new(),
            comments: Vec::new(),
            nags: Vec::new(),
            variations: Vec::new(),
            result: "*".into(),
        }
    }

    /// The value of tag `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` (replacing its value, or appending it).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some((_, v)) => *v = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// Appends a move and its comment (the move is not checked here; see
    /// [`Game::replay`]).
    pub fn push(&mut self, m: Move, comment: Option<String>) {
        self.push_move(LineMove::new(m).with_comment(comment));
    }

    /// Appends a move with its comment, NAGs and variations (none of them
    /// checked here).
    pub fn push_move(&mut self, m: LineMove) {
        self.moves.push(m.mv);
        self.comments.push(m.comment);
        self.nags.push(m.nags);
        self.variations.push(m.variations);
    }

    /// The main line as one tree: each move with its annotations (missing
    /// entries of the parallel fields read as none).
    #[must_use]
    pub fn line(&self) -> Line {
        self.moves
            .iter()
            .enumerate()
            .map(|(i, &mv)| LineMove {
                mv,
                comment: self.comments.get(i).cloned().flatten(),
                nags: self.nags.get(i).cloned().unwrap_or_default(),
                variations: self.variations.get(i).cloned().unwrap_or_default(),
            })
            .collect()
    }

    /// Replaces the main line (moves and their annotations) by `line`.
    pub fn set_line(&mut self, line: Line) {
        self.moves.clear();
        self.comments.clear();
        self.nags.clear();
        self.variations.clear();
        for m in line {
            self.push_move(m);
        }
    }

    /// Sets the result (and the `Result` tag) and, if given, `Termination`.
    pub fn finish(&mut self, result: &str, termination: Option<&str>) {
        self.result = result.to_string();
        self.set_tag("Result", result);
        if let Some(t) = termination {
            self.set_tag("Termination", t);
        }
    }

    /// Replays the moves from the start.
    ///
    /// # Errors
    /// The index of the first illegal move and why.
    pub fn replay(&self) -> Result<GameRecord, (usize, MoveError)> {
        let mut record = GameRecord::new(self.start.clone());
        for (i, m) in self.moves.iter().enumerate() {
            record.play(m).map_err(|e| (i, e))?;
        }
        Ok(record)
    }
}

/// An engine score as a move comment: `+0.35/12`, `-1.20/8`, `+M3/9`
/// (mate in 3 moves), `-M2/7` (mated in 2), from the mover's view.
#[must_use]
pub fn score_comment(score: Score, depth: u32) -> String {
    match score {
        Score::Cp(c) => {
            let sign = if c < 0 { '-' } else { '+' };
            let a = c.unsigned_abs();
            format!("{sign}{}.{:02}/{depth}", a / 100, a % 100)
        }
        Score::Mate(n) if n > 0 => format!("+M{n}/{depth}"),
        Score::Mate(n) => format!("-M{}/{depth}", n.unsigned_abs()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_comments() {
        assert_eq!(score_comment(Score::Cp(35), 12), "+0.35/12");
        assert_eq!(score_comment(Score::Cp(-120), 8), "-1.20/8");
        assert_eq!(score_comment(Score::Cp(0), 1), "+0.00/1");
        assert_eq!(score_comment(Score::Mate(3), 9), "+M3/9");
        assert_eq!(score_comment(Score::Mate(-2), 7), "-M2/7");
    }

    #[test]
    fn new_game_tags_say_what_is_needed() {
        let v = menagerie_games::by_name("wounds").unwrap();
        let g = Game::new(Position::start(&v));
        assert_eq!(g.tag("Variant"), Some("wounds"));
        assert_eq!(g.tag("FEN"), None);
        let p = Position::from_fen(v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let g = Game::new(p);
        assert_eq!(g.tag("SetUp"), Some("1"));
        assert!(g.tag("FEN").is_some());
    }
}
