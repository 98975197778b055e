//! Reading records: tokens ([`super::tokens`]), then one game at a time,
//! its main line and variations built ([`super::build`]) with every move
//! checked against the rules.

use super::build::Builder;
use super::tokens::{tokenize, Tok};
use super::Game;
use crate::flags::{self, RuleFlags};
use menagerie_rules::{Color, Position, VariantRef};
use std::fmt;

/// Chooses the game a record is played in from its tags.
pub type Resolver = dyn Fn(&[(String, String)]) -> Result<VariantRef, String>;

/// The usual resolver: the `Variant` tag (absent, `Standard` or `normal`:
/// chess) through `menagerie_games::resolve`, with the `RuleFlags` tag.
///
/// # Errors
/// A message naming the unknown variant or the bad flag.
pub fn standard_resolver(tags: &[(String, String)]) -> Result<VariantRef, String> {
    let rule_flags = tag_flags(tags)?;
    flags::select(variant_spec(tags), &rule_flags)
}

/// The variant spec the `Variant` tag names (absent, empty, `Standard` or
/// `normal`: `chess`), for resolvers of their own.
#[must_use]
pub fn variant_spec(tags: &[(String, String)]) -> &str {
    match tag_value(tags, "Variant").map(str::trim) {
        None | Some("") => "chess",
        Some(v) if v.eq_ignore_ascii_case("standard") || v.eq_ignore_ascii_case("normal") => {
            "chess"
        }
        Some(v) => v,
    }
}

/// The rule flags of the `RuleFlags` tag (defaults when it is absent).
///
/// # Errors
/// A message naming the word that is not a known `flag=true|false`.
pub fn tag_flags(tags: &[(String, String)]) -> Result<RuleFlags, String> {
    RuleFlags::from_words(tag_value(tags, "RuleFlags").unwrap_or(""))
}

fn tag_value<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// What is wrong with a record, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// 1-based number of the game in the file.
    pub game: usize,
    /// 1-based line of the problem.
    pub line: usize,
    /// The move's number and side, when a move is at fault.
    pub moved: Option<(u32, Color)>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, line {}", self.game, self.line)?;
        if let Some((n, color)) = self.moved {
            let dots = if color == Color::White { "." } else { "..." };
            write!(f, ", move {n}{dots}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for PgnError {}

/// Every game of `text`, or the first problem found.
///
/// # Errors
/// The first [`PgnError`].
pub fn read_all(text: &str, resolve: &Resolver) -> Result<Vec<Game>, PgnError> {
    read_each(text, resolve).into_iter().collect()
}

/// One result per game of `text`: a bad game does not stop the reading of
/// the next one.
#[must_use]
pub fn read_each(text: &str, resolve: &Resolver) -> Vec<Result<Game, PgnError>> {
    let tokens = tokenize(text);
    let mut games = Vec::new();
    let mut at = 0;
    while at < tokens.len() {
        let number = games.len() + 1;
        let (end, result) = read_game(&tokens, at, number, resolve, usize::MAX);
        games.push(result);
        at = end;
    }
    games
}

/// The first game of `text` (none if the text holds no game), with at most
/// `max_moves` moves in its main line and variations together: a bound on
/// the work of reading untrusted text. The games after it are not read.
#[must_use]
pub fn read_first(
    text: &str,
    resolve: &Resolver,
    max_moves: usize,
) -> Option<Result<Game, PgnError>> {
    let tokens = tokenize(text);
    (!tokens.is_empty()).then(|| read_game(&tokens, 0, 1, resolve, max_moves).1)
}

/// Reads one game starting at token `at`; returns where the next game
/// starts and the game (or its first problem).
fn read_game(
    tokens: &[(usize, Tok)],
    at: usize,
    number: usize,
    resolve: &Resolver,
    max_moves: usize,
) -> (usize, Result<Game, PgnError>) {
    let err = |line: usize, moved, message: String| PgnError {
        game: number,
        line,
        moved,
        message,
    };
    let (mut i, tags) = read_tags(tokens, at, number);
    let tag_line = tokens.get(at).map_or(1, |(l, _)| *l);
    let mut game = tags.and_then(|tags| {
        let start = start_with(&tags, resolve).map_err(|m| err(tag_line, None, m))?;
        let builder = Builder::new(start.clone(), max_moves);
        Ok((Game::from_tags(tags, start), builder))
    });
    loop {
        let Some((line, tok)) = tokens.get(i) else {
            let line = tokens.last().map_or(1, |(l, _)| *l);
            let e = err(
                line,
                None,
                "the movetext does not end with a result (1-0, 0-1, 1/2-1/2 or *)".into(),
            );
            return (i, game.and(Err(e)));
        };
        let line = *line;
        match tok {
            Tok::Tag(..) | Tok::BadTag(_) => {
                let e = err(
                    line,
                    None,
                    "a tag section began before this game's result".into(),
                );
                return (i, game.and(Err(e)));
            }
            Tok::Result(r) => {
                let g = game.and_then(|(mut g, b)| {
                    g.set_line(b.finish().map_err(|m| err(line, None, m))?);
                    g.result.clone_from(r);
                    Ok(g)
                });
                return (i + 1, g);
            }
            tok => {
                if let Ok((_, b)) = &mut game {
                    if let Err((moved, m)) = movetext(b, tok) {
                        game = Err(err(line, moved, m));
                    }
                }
            }
        }
        i += 1;
    }
}

/// The tag section starting at token `at`: where the movetext starts, and
/// the tags (or the first malformed one).
fn read_tags(
    tokens: &[(usize, Tok)],
    at: usize,
    number: usize,
) -> (usize, Result<Vec<(String, String)>, PgnError>) {
    let mut i = at;
    let mut tags = Vec::new();
    let mut first_bad: Option<PgnError> = None;
    while let Some((line, tok)) = tokens.get(i) {
        match tok {
            Tok::Tag(k, v) => tags.push((k.clone(), v.clone())),
            Tok::BadTag(body) => {
                first_bad.get_or_insert_with(|| PgnError {
                    game: number,
                    line: *line,
                    moved: None,
                    message: format!("malformed tag [{body}]: expected [Name \"value\"]"),
                });
            }
            _ => break,
        }
        i += 1;
    }
    (i, first_bad.map_or(Ok(tags), Err))
}

/// One movetext token (not a tag or result) given to the line builder.
fn movetext(b: &mut Builder, tok: &Tok) -> Result<(), super::build::Fault> {
    match tok {
        Tok::Number | Tok::Tag(..) | Tok::BadTag(_) | Tok::Result(_) => Ok(()),
        Tok::Comment(c) => {
            b.comment(c);
            Ok(())
        }
        Tok::Nag(n) => {
            b.nag(*n);
            Ok(())
        }
        Tok::BadNag(w) => Err((None, format!("{w:?} is not a NAG ($0 to $255)"))),
        Tok::Move(text) => b.play(text),
        Tok::Open => b.open().map_err(|m| (None, m)),
        Tok::Close => b.close().map_err(|m| (None, m)),
    }
}

fn start_with(tags: &[(String, String)], resolve: &Resolver) -> Result<Position, String> {
    let variant = resolve(tags)?;
    match tags.iter().find(|(k, _)| k == "FEN") {
        Some((_, fen)) => Position::from_fen(variant, fen).map_err(|e| format!("FEN tag: {e}")),
        None => Ok(Position::start(variant)),
    }
}
