//! Building a game's main line and its variations from the movetext's
//! tokens, one token at a time, checking every move against the rules.

use super::{Line, LineMove, MAX_DEPTH};
use menagerie_rules::{notation, Color, Position};

/// A line being read: its moves so far, the position after them and the
/// position before the last one (where a variation of it starts).
struct Frame {
    line: Line,
    pos: Position,
    before: Option<Position>,
}

impl Frame {
    fn at(pos: Position) -> Frame {
        Frame {
            line: Line::new(),
            pos,
            before: None,
        }
    }
}

/// What went wrong with a token: the move's number and side when a move is
/// at fault, and the message.
pub(super) type Fault = (Option<(u32, Color)>, String);

/// The main line and the open variations being read.
pub(super) struct Builder {
    main: Frame,
    open: Vec<Frame>,
    moves: usize,
    max_moves: usize,
}

impl Builder {
    /// Reading from `start`, refusing more than `max_moves` moves in all.
    pub(super) fn new(start: Position, max_moves: usize) -> Builder {
        Builder {
            main: Frame::at(start),
            open: Vec::new(),
            moves: 0,
            max_moves,
        }
    }

    fn top(&mut self) -> &mut Frame {
        self.open.last_mut().unwrap_or(&mut self.main)
    }

    /// A comment: attached to the last move of the current line (a comment
    /// before any move of a line is dropped).
    pub(super) fn comment(&mut self, c: &str) {
        // Cleaned as the writer writes it (a `{` inside becomes `(`), so that
        // a record read, written and read again is the same.
        let c = super::write::clean_comment(c);
        if let Some(m) = self.top().line.last_mut() {
            m.comment = Some(match m.comment.take() {
                Some(prev) => super::write::clean_comment(&format!("{prev} {c}")),
                None => c,
            });
        }
    }

    /// A NAG: attached to the last move of the current line (dropped
    /// before any move).
    pub(super) fn nag(&mut self, n: u8) {
        if let Some(m) = self.top().line.last_mut() {
            m.nags.push(n);
        }
    }

    /// A move of the current line.
    pub(super) fn play(&mut self, text: &str) -> Result<(), Fault> {
        let in_variation = !self.open.is_empty();
        let over = self.moves >= self.max_moves;
        let max = self.max_moves;
        let frame = self.top();
        let moved = Some((frame.pos.fullmoves(), frame.pos.turn()));
        let fail = |message: String| {
            let message = if in_variation {
                format!("in a variation: {message}")
            } else {
                message
            };
            (moved, message)
        };
        if over {
            return Err(fail(format!(
                "more than {max} moves in the game and its variations"
            )));
        }
        if let Some(o) = frame.pos.outcome() {
            return Err(fail(format!(
                "{text:?} was played after the game ended ({}, {:?})",
                o.result(),
                end_reason(&o)
            )));
        }
        let m = notation::parse(&frame.pos, text).map_err(|e| fail(e.to_string()))?;
        let mut after = frame.pos.clone();
        after.play_unchecked(&m);
        frame.before = Some(std::mem::replace(&mut frame.pos, after));
        frame.line.push(LineMove::new(m));
        self.moves += 1;
        Ok(())
    }

    /// `(`: a variation of the current line's last move opens.
    pub(super) fn open(&mut self) -> Result<(), String> {
        if self.open.len() >= MAX_DEPTH {
            return Err(format!("variations nest more than {MAX_DEPTH} deep"));
        }
        let Some(before) = self.top().before.clone() else {
            return Err("a variation must follow the move it is an alternative to".into());
        };
        self.open.push(Frame::at(before));
        Ok(())
    }

    /// `)`: the innermost variation closes (an empty one is dropped).
    pub(super) fn close(&mut self) -> Result<(), String> {
        let Some(done) = self.open.pop() else {
            return Err("a ')' that closes no variation".into());
        };
        if !done.line.is_empty() {
            if let Some(m) = self.top().line.last_mut() {
                m.variations.push(done.line);
            }
        }
        Ok(())
    }

    /// The main line, once the result is reached.
    pub(super) fn finish(self) -> Result<Line, String> {
        if self.open.is_empty() {
            Ok(self.main.line)
        } else {
            Err("a variation is not closed before the result".into())
        }
    }
}

fn end_reason(o: &menagerie_rules::Outcome) -> menagerie_rules::EndReason {
    match *o {
        menagerie_rules::Outcome::Decisive { reason, .. }
        | menagerie_rules::Outcome::Draw { reason } => reason,
    }
}
