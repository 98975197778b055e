//! A record's first game as the tree the analysis board loads.

use super::{bad_record, resolver, MAX_MOVES};
use crate::dto::{OptionMap, RecordNode, RecordTree};
use crate::error::ApiError;
use crate::readable;
use menagerie_games::options;
use menagerie_protocol::pgn::{self, LineMove};
use menagerie_rules::{notation, Position, VariantRef};

/// The first game of `text`, every move of its main line and variations
/// checked.
///
/// # Errors
/// `400 bad_record` with the reader's message (where and what), or when the
/// text holds no game.
pub fn read(text: &str) -> Result<RecordTree, ApiError> {
    let game = pgn::read_first(text, &resolver, MAX_MOVES)
        .ok_or_else(|| bad_record("the text holds no game record"))?
        .map_err(|e| bad_record(e.to_string()))?;
    let (variant, options) = spec_of(game.start.variant());
    Ok(RecordTree {
        variant,
        options,
        fen: game.start.fen(),
        line: nodes(game.start.clone(), &game.line()),
        tags: game.tags,
        result: game.result,
    })
}

/// The spec and option values a client sends to play `v` again.
fn spec_of(v: &VariantRef) -> (String, OptionMap) {
    match options::origin(v) {
        Some((base, changed)) => (base.key.clone(), changed),
        None => (v.key.clone(), OptionMap::new()),
    }
}

/// The nodes of `line` played from `pos` (the reader checked every move).
fn nodes(mut pos: Position, line: &[LineMove]) -> Vec<RecordNode> {
    let mut out = Vec::with_capacity(line.len());
    for m in line {
        out.push(RecordNode {
            text: notation::render(&pos, &m.mv),
            label: readable::label(&pos, &m.mv),
            comment: m.comment.clone(),
            nags: m.nags.clone(),
            variations: m.variations.iter().map(|v| nodes(pos.clone(), v)).collect(),
        });
        pos.play_unchecked(&m.mv);
    }
    out
}
