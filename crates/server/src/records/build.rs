//! A tree of moves from the analysis board written as a record: every move
//! checked, an illegal one named by its path in the tree.

use super::{bad_record, MAX_MOVES};
use crate::board::MAX_MOVE_LEN;
use crate::dto::{NodeInput, WriteRecord};
use crate::error::{ApiError, ErrorCode};
use crate::{explain, variants};
use menagerie_protocol::pgn::{self, Line, LineMove};
use menagerie_rules::Position;

/// The most tags a record written through the API may carry.
pub const MAX_TAGS: usize = 64;
/// The longest tag name.
pub const MAX_TAG_NAME: usize = 40;
/// The longest tag value.
pub const MAX_TAG_VALUE: usize = 500;
/// Tags that follow from the game and its start, never taken from a request.
const DERIVED: [&str; 5] = ["Variant", "RuleFlags", "SetUp", "FEN", "Result"];

/// The record of `req` in the dialect of `docs/protocols.md`.
///
/// # Errors
/// `400` for a bad variant, option or position string (as `POST
/// /api/games`), `too_many_moves`, `bad_record` (a tag, the result, or
/// variations nested too deep), `malformed_move`; `422 illegal_action` for a
/// move the rules forbid. Move errors start with the move's path: `line 3
/// ("e7e5")`, `line 1, variation 2, move 3 ("e7e5")`.
pub fn write(req: &WriteRecord) -> Result<String, ApiError> {
    let (_, _, start) =
        variants::start_position(&req.variant, req.options.as_ref(), req.fen.as_deref())?;
    check_size(&req.line)?;
    let result = result_of(req)?;
    if req.tags.as_ref().is_some_and(|t| t.len() > MAX_TAGS) {
        return Err(bad_record(format!("a record has at most {MAX_TAGS} tags")));
    }
    let mut game = pgn::Game::new(start.clone());
    for (k, v) in req.tags.iter().flatten() {
        check_tag(k, v)?;
        if !DERIVED.contains(&k.as_str()) {
            game.set_tag(k, v);
        }
    }
    game.set_line(line(start, &req.line, None)?);
    game.finish(&result, None);
    Ok(pgn::write(&game))
}

fn check_size(line: &[NodeInput]) -> Result<(), ApiError> {
    if count(line) > MAX_MOVES {
        return Err(ApiError::bad_request(
            ErrorCode::TooManyMoves,
            format!("a record holds at most {MAX_MOVES} moves, its variations included"),
        ));
    }
    if depth(line) > pgn::MAX_DEPTH {
        return Err(bad_record(format!(
            "variations nest at most {} deep",
            pgn::MAX_DEPTH
        )));
    }
    Ok(())
}

fn count(line: &[NodeInput]) -> usize {
    line.iter()
        .map(|n| 1 + n.variations.iter().map(|v| count(v)).sum::<usize>())
        .sum()
}

fn depth(line: &[NodeInput]) -> usize {
    line.iter()
        .flat_map(|n| n.variations.iter())
        .map(|v| 1 + depth(v))
        .max()
        .unwrap_or(0)
}

/// The result asked for: `result`, else the `Result` tag, else `*`.
fn result_of(req: &WriteRecord) -> Result<String, ApiError> {
    let tag = req
        .tags
        .iter()
        .flatten()
        .find(|(k, _)| k == "Result")
        .map(|(_, v)| v.as_str());
    let result = req.result.as_deref().or(tag).unwrap_or("*").trim();
    if pgn::RESULTS.contains(&result) {
        Ok(result.to_string())
    } else {
        Err(bad_record(format!(
            "the result is one of 1-0, 0-1, 1/2-1/2, *, not {result:?}"
        )))
    }
}

/// A tag name of letters, digits and `_` (as PGN has them), a value of one
/// line; both of bounded length.
fn check_tag(name: &str, value: &str) -> Result<(), ApiError> {
    let name_ok = !name.is_empty()
        && name.len() <= MAX_TAG_NAME
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !name_ok {
        return Err(bad_record(format!(
            "a tag name has 1 to {MAX_TAG_NAME} letters, digits or _, not {name:?}"
        )));
    }
    if value.len() > MAX_TAG_VALUE || value.contains(['\n', '\r']) {
        return Err(bad_record(format!(
            "the value of tag {name} is one line of at most {MAX_TAG_VALUE} bytes"
        )));
    }
    Ok(())
}

/// Where a node is: `line 3`, `line 1, variation 2, move 3`.
fn path(parent: Option<&str>, i: usize) -> String {
    match parent {
        None => format!("line {}", i + 1),
        Some(p) => format!("{p}, move {}", i + 1),
    }
}

/// The nodes played from `pos`, each checked; `parent` is the path of the
/// variation they form (none for the main line).
fn line(mut pos: Position, nodes: &[NodeInput], parent: Option<&str>) -> Result<Line, ApiError> {
    let mut out = Line::with_capacity(nodes.len());
    for (i, n) in nodes.iter().enumerate() {
        let here = path(parent, i);
        let m = play(&pos, &n.text).map_err(|mut e| {
            e.message = format!("{here} ({:?}): {}", n.text, e.message);
            e
        })?;
        let mut variations = Vec::new();
        for (v, nodes) in n.variations.iter().enumerate() {
            let at = format!("{here}, variation {}", v + 1);
            let l = line(pos.clone(), nodes, Some(&at))?;
            if !l.is_empty() {
                variations.push(l);
            }
        }
        pos.play_unchecked(&m);
        out.push(LineMove {
            mv: m,
            comment: n.comment.clone().filter(|c| !c.trim().is_empty()),
            nags: n.nags.clone(),
            variations,
        });
    }
    Ok(out)
}

/// The legal action `text` names in `pos`.
fn play(pos: &Position, text: &str) -> Result<menagerie_rules::Move, ApiError> {
    if text.len() > MAX_MOVE_LEN {
        return Err(ApiError::bad_request(
            ErrorCode::MalformedMove,
            format!("a move string has at most {MAX_MOVE_LEN} characters"),
        ));
    }
    if let Some(o) = pos.outcome() {
        return Err(ApiError::illegal(format!(
            "the game is over ({})",
            o.result()
        )));
    }
    explain::parse(pos, text.trim())
}
