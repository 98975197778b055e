//! Writing records.

use super::{Game, LineMove};
use menagerie_rules::{notation, Color, Position};

/// Lines of movetext stay shorter than this.
const WIDTH: usize = 80;

/// One game as text: tags, a blank line, movetext (NAGs as `$n`, variations
/// in brackets after the move they replace), a blank line. Moves that
/// are not legal are still written (with their rendering in the position
/// reached so far), so a bad record shows what was played.
#[must_use]
pub fn write(game: &Game) -> String {
    let mut out = String::new();
    for (k, v) in &game.tags {
        out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    }
    out.push('\n');
    let mut line = String::new();
    for token in movetext(game) {
        if !line.is_empty() && line.len() + 1 + token.len() >= WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// Several games, one after another.
#[must_use]
pub fn write_all(games: &[Game]) -> String {
    games.iter().map(write).collect()
}

fn movetext(game: &Game) -> Vec<String> {
    let mut out = Words::default();
    line_words(game.start.clone(), &game.line(), &mut out);
    out.word(game.result.clone());
    out.words
}

/// Movetext words; a variation's brackets are glued to its first and last
/// words (`(4... e7e5`, `g1f3)`), as PGN exports write them.
#[derive(Default)]
struct Words {
    words: Vec<String>,
    open: usize,
}

impl Words {
    fn word(&mut self, w: String) {
        let mut text = "(".repeat(self.open);
        self.open = 0;
        text.push_str(&w);
        self.words.push(text);
    }

    fn close(&mut self) {
        if let Some(last) = self.words.last_mut() {
            last.push(')');
        }
    }
}

/// The words of a line played from `pos`: each move with its number where
/// one is due (White's moves; Black's first move of a line and after a
/// variation), its NAGs, its comment (a word at a time, so long comments
/// wrap) and its variations.
fn line_words(mut pos: Position, line: &[LineMove], out: &mut Words) {
    let mut legal = true;
    let mut number_black = true;
    for m in line {
        let n = pos.fullmoves();
        match pos.turn() {
            // After an illegal move the numbers would be guesses: leave them out.
            _ if !legal => {}
            Color::White => out.word(format!("{n}.")),
            Color::Black if number_black => out.word(format!("{n}...")),
            Color::Black => {}
        }
        out.word(notation::render(&pos, &m.mv));
        for nag in &m.nags {
            out.word(format!("${nag}"));
        }
        if let Some(c) = &m.comment {
            comment_words(c, out);
        }
        let before = (!m.variations.is_empty()).then(|| pos.clone());
        legal = legal && pos.play(&m.mv).is_ok();
        number_black = false;
        for v in m.variations.iter().filter(|v| !v.is_empty()) {
            out.open += 1;
            line_words(before.clone().unwrap_or_else(|| pos.clone()), v, out);
            out.close();
            number_black = true;
        }
    }
}

/// The longest `[%...]` command kept on one line.
const MAX_COMMAND: usize = 40;

/// A comment's words, each a wrapping point, except inside a short `[%...]`
/// command (`[%eval 0.35]`), which stays on one line for the tools that
/// read them.
fn comment_words(c: &str, out: &mut Words) {
    let clean = clean_comment(c);
    let mut words: Vec<String> = Vec::new();
    let mut in_command = false;
    for w in clean.split(' ') {
        match words.last_mut() {
            Some(last) if in_command && last.len() + 1 + w.len() <= MAX_COMMAND => {
                last.push(' ');
                last.push_str(w);
            }
            _ => {
                words.push(w.to_string());
                in_command = false;
            }
        }
        if w.contains("[%") {
            in_command = true;
        }
        if w.contains(']') {
            in_command = false;
        }
    }
    if let Some(first) = words.first_mut() {
        first.insert(0, '{');
    }
    if let Some(last) = words.last_mut() {
        last.push('}');
    }
    for w in words {
        out.word(w);
    }
}

/// A comment as written: braces cannot occur inside (`}` would end it) and
/// line breaks become spaces.
#[must_use]
pub fn clean_comment(c: &str) -> String {
    c.replace('}', ")")
        .replace('{', "(")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}
