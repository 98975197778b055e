//! Reading records: a tokenizer, then one game at a time, validating every
//! move against the rules.

use super::{Game, RESULTS};
use crate::flags::{self, RuleFlags};
use menagerie_rules::{notation, Color, Position, Variant};
use std::fmt;

/// Chooses the game a record is played in from its tags.
pub type Resolver = dyn Fn(&[(String, String)]) -> Result<&'static Variant, String>;

/// The usual resolver: the `Variant` tag (absent, `Standard` or `normal`:
/// chess) through `menagerie_games::resolve`, with the `RuleFlags` tag.
///
/// # Errors
/// A message naming the unknown variant or the bad flag.
pub fn standard_resolver(tags: &[(String, String)]) -> Result<&'static Variant, String> {
    let get = |name: &str| {
        tags.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let spec = match get("Variant").map(str::trim) {
        None | Some("") => "chess",
        Some(v) if v.eq_ignore_ascii_case("standard") || v.eq_ignore_ascii_case("normal") => {
            "chess"
        }
        Some(v) => v,
    };
    let rule_flags = RuleFlags::from_words(get("RuleFlags").unwrap_or(""))?;
    flags::select(spec, &rule_flags)
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
        let (end, result) = read_game(&tokens, at, number, resolve);
        games.push(result);
        at = end;
    }
    games
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Tag(String, String),
    BadTag(String),
    Number,
    Move(String),
    Comment(String),
    Result(String),
}

/// Splits the text into tokens with their line numbers. Escape lines (`%`),
/// `;` comments, variations `( ... )` and NAGs (`$1`) are skipped.
fn tokenize(text: &str) -> Vec<(usize, Tok)> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut line = 1;
    let mut depth = 0usize; // variation nesting
    let mut line_start = true;
    while let Some((i, c)) = chars.next() {
        let at_start = line_start;
        line_start = c == '\n';
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => line_start = at_start,
            '%' if at_start => skip_line(&mut chars, &mut line, &mut line_start),
            ';' => skip_line(&mut chars, &mut line, &mut line_start),
            '{' => {
                let start_line = line;
                let mut body = String::new();
                for (_, c) in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                    if c == '\n' {
                        line += 1;
                    }
                    body.push(c);
                }
                if depth == 0 {
                    out.push((start_line, Tok::Comment(body)));
                }
            }
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            '[' if depth == 0 => {
                let mut body = String::new();
                let mut in_string = false;
                let mut escaped = false;
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        line_start = true;
                        break;
                    }
                    if c == ']' && !in_string {
                        break;
                    }
                    if in_string && !escaped && c == '"' {
                        in_string = false;
                    } else if !in_string && c == '"' {
                        in_string = true;
                    }
                    escaped = in_string && !escaped && c == '\\';
                    body.push(c);
                }
                out.push((line, parse_tag(&body)));
            }
            _ => {
                let mut end = i + c.len_utf8();
                while let Some(&(j, d)) = chars.peek() {
                    if d.is_whitespace() || "{}()[];".contains(d) {
                        break;
                    }
                    end = j + d.len_utf8();
                    chars.next();
                }
                if depth == 0 {
                    word_tokens(&text[i..end], line, &mut out);
                }
            }
        }
    }
    out
}

fn skip_line(
    chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>,
    line: &mut usize,
    line_start: &mut bool,
) {
    for (_, c) in chars.by_ref() {
        if c == '\n' {
            *line += 1;
            *line_start = true;
            break;
        }
    }
}

fn parse_tag(body: &str) -> Tok {
    let body = body.trim();
    let Some((name, rest)) = body.split_once(char::is_whitespace) else {
        return Tok::BadTag(body.to_string());
    };
    // A quote in a name would be read as the start of the value once the
    // tag is written back with its closing bracket: refuse it here.
    if name.contains('"') {
        return Tok::BadTag(body.to_string());
    }
    let rest = rest.trim();
    let Some(inner) = rest.strip_prefix('"').and_then(|r| r.strip_suffix('"')) else {
        return Tok::BadTag(body.to_string());
    };
    // A carriage return inside a value becomes a space, as the writer
    // writes it, so that a record read, written and read again is the same.
    let plain = |c: char| if c == '\r' { ' ' } else { c };
    let mut value = String::new();
    let mut it = inner.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            if let Some(n) = it.next() {
                value.push(plain(n));
            }
        } else {
            value.push(plain(c));
        }
    }
    Tok::Tag(name.to_string(), value)
}

/// A word of movetext: a move number (possibly glued to a move, `12.e2e4`),
/// a result, a NAG, or a move (annotation marks `!?+#` stripped).
fn word_tokens(word: &str, line: usize, out: &mut Vec<(usize, Tok)>) {
    if RESULTS.contains(&word) {
        out.push((line, Tok::Result(word.to_string())));
        return;
    }
    if word.starts_with('$') {
        return;
    }
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    let dots = word[digits..].chars().take_while(|&c| c == '.').count();
    let rest = if digits > 0 && dots > 0 {
        out.push((line, Tok::Number));
        &word[digits + dots..]
    } else {
        word
    };
    let mv = rest.trim_end_matches(['!', '?', '+', '#']);
    if !mv.is_empty() {
        out.push((line, Tok::Move(mv.to_string())));
    } else if !rest.is_empty() {
        out.push((line, Tok::Move(rest.to_string())));
    }
}

/// Reads one game starting at token `at`; returns where the next game
/// starts and the game (or its first problem).
fn read_game(
    tokens: &[(usize, Tok)],
    at: usize,
    number: usize,
    resolve: &Resolver,
) -> (usize, Result<Game, PgnError>) {
    let mut i = at;
    let mut tags = Vec::new();
    let mut first_bad: Option<PgnError> = None;
    let err = |line: usize, moved, message: String| PgnError {
        game: number,
        line,
        moved,
        message,
    };
    while let Some((line, tok)) = tokens.get(i) {
        match tok {
            Tok::Tag(k, v) => tags.push((k.clone(), v.clone())),
            Tok::BadTag(body) => {
                first_bad.get_or_insert_with(|| {
                    err(
                        *line,
                        None,
                        format!("malformed tag [{body}]: expected [Name \"value\"]"),
                    )
                });
            }
            _ => break,
        }
        i += 1;
    }
    let tag_line = tokens.get(at).map_or(1, |(l, _)| *l);
    let start = match first_bad.take() {
        Some(e) => Err(e),
        None => start_with(&tags, resolve).map_err(|m| err(tag_line, None, m)),
    };
    let mut game = start.map(|p| (Game::from_tags(tags, p.clone()), p));
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
        match tok {
            Tok::Tag(..) | Tok::BadTag(_) => {
                let e = err(
                    *line,
                    None,
                    "a tag section began before this game's result".into(),
                );
                return (i, game.and(Err(e)));
            }
            Tok::Result(r) => {
                let g = game.map(|(mut g, _)| {
                    g.result.clone_from(r);
                    g
                });
                return (i + 1, g);
            }
            Tok::Number => {}
            Tok::Comment(c) => {
                if let Ok((g, _)) = &mut game {
                    attach_comment(g, c);
                }
            }
            Tok::Move(text) => {
                if let Ok((g, pos)) = &mut game {
                    if let Err(e) = play(g, pos, text, *line, number) {
                        game = Err(e);
                    }
                }
            }
        }
        i += 1;
    }
}

impl Game {
    fn from_tags(tags: Vec<(String, String)>, start: Position) -> Game {
        Game {
            tags,
            start,
            moves: Vec::new(),
            comments: Vec::new(),
            result: "*".into(),
        }
    }
}

fn start_with(tags: &[(String, String)], resolve: &Resolver) -> Result<Position, String> {
    let variant = resolve(tags)?;
    match tags.iter().find(|(k, _)| k == "FEN") {
        Some((_, fen)) => Position::from_fen(variant, fen).map_err(|e| format!("FEN tag: {e}")),
        None => Ok(Position::start(variant)),
    }
}

fn attach_comment(g: &mut Game, c: &str) {
    // Cleaned as the writer writes it (a `{` inside becomes `(`), so that a
    // record read, written and read again is the same.
    let c = super::write::clean_comment(c);
    if let Some(slot) = g.comments.last_mut() {
        *slot = Some(match slot.take() {
            Some(prev) => super::write::clean_comment(&format!("{prev} {c}")),
            None => c,
        });
    }
}

fn play(
    g: &mut Game,
    pos: &mut Position,
    text: &str,
    line: usize,
    number: usize,
) -> Result<(), PgnError> {
    let moved = Some((pos.fullmoves(), pos.turn()));
    let fail = |message: String| PgnError {
        game: number,
        line,
        moved,
        message,
    };
    if let Some(o) = pos.outcome() {
        return Err(fail(format!(
            "{text:?} was played after the game ended ({}, {:?})",
            o.result(),
            end_reason(&o)
        )));
    }
    let m = notation::parse(pos, text).map_err(|e| fail(e.to_string()))?;
    pos.play_unchecked(&m);
    g.push(m, None);
    Ok(())
}

fn end_reason(o: &menagerie_rules::Outcome) -> menagerie_rules::EndReason {
    match *o {
        menagerie_rules::Outcome::Decisive { reason, .. }
        | menagerie_rules::Outcome::Draw { reason } => reason,
    }
}
