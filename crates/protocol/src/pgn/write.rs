//! Writing records.

use super::Game;
use menagerie_rules::{notation, Color, Position};

/// Lines of movetext stay shorter than this.
const WIDTH: usize = 80;

/// One game as text: tags, a blank line, movetext, a blank line. Moves that
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
    let mut tokens = Vec::new();
    let mut pos: Position = game.start.clone();
    let mut legal = true;
    for (i, m) in game.moves.iter().enumerate() {
        let n = pos.fullmoves();
        match pos.turn() {
            _ if !legal => {}
            Color::White => tokens.push(format!("{n}.")),
            Color::Black if i == 0 => tokens.push(format!("{n}...")),
            Color::Black => {}
        }
        tokens.push(notation::render(&pos, m));
        if let Some(Some(c)) = game.comments.get(i) {
            tokens.push(format!("{{{}}}", clean_comment(c)));
        }
        // After an illegal move the numbers would be guesses: leave them out.
        legal = legal && pos.play(m).is_ok();
    }
    tokens.push(game.result.clone());
    tokens
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
