//! The position-string dialect of the notation spec (section 3): FEN with
//! multi-digit empty runs, a bracketed pocket, prong suffixes and Walls
//! written as two `L`s.

use crate::board::Board;
use crate::color::{ByColor, Color};
use crate::error::{FenError, FenField};
use crate::geometry::Square;
use crate::mechanics::{prongs, wall};
use crate::piece::{Piece, Role};
use crate::position::Position;
use crate::setup::{castling_bit, Pocket, Setup};
use crate::variant::Variant;
use std::fmt::Write as _;

/// Largest count of one role a pocket may hold.
pub const MAX_POCKET_COUNT: u8 = 15;

fn err(field: FenField, problem: impl Into<String>) -> FenError {
    FenError::new(field, problem)
}

/// Parses a position string for `variant` into an unvalidated [`Setup`].
///
/// # Errors
/// A [`FenError`] naming the field and the problem.
pub fn parse(variant: &Variant, text: &str) -> Result<Setup, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 6 {
        return Err(err(
            FenField::Whole,
            format!("expected 6 space-separated fields, found {}", fields.len()),
        ));
    }
    let (placement, pocket) = split_pocket(variant, fields[0])?;
    let board = parse_board(variant, placement)?;
    let pockets = match pocket {
        Some(p) => parse_pocket(variant, p)?,
        None => ByColor::default(),
    };
    Ok(Setup {
        board,
        pockets,
        turn: parse_side(fields[1])?,
        castling: parse_castling(fields[2])?,
        en_passant: parse_en_passant(variant, fields[3])?,
        halfmoves: parse_number(FenField::Halfmove, fields[4])?,
        fullmoves: parse_fullmove(fields[5])?,
    })
}

fn split_pocket<'a>(
    variant: &Variant,
    field: &'a str,
) -> Result<(&'a str, Option<&'a str>), FenError> {
    match field.find('[') {
        None if variant.has_pockets() => Err(err(
            FenField::Pocket,
            format!(
                "{} needs a pocket in brackets after the board, e.g. []",
                variant.key
            ),
        )),
        None => Ok((field, None)),
        Some(_) if !variant.has_pockets() => Err(err(
            FenField::Pocket,
            format!("{} has no pockets", variant.key),
        )),
        Some(i) => {
            let rest = &field[i + 1..];
            let inner = rest
                .strip_suffix(']')
                .ok_or_else(|| err(FenField::Pocket, "the pocket must end with ']'"))?;
            if inner.contains(['[', ']']) {
                return Err(err(FenField::Pocket, "stray bracket inside the pocket"));
            }
            Ok((&field[..i], Some(inner)))
        }
    }
}

fn parse_board(variant: &Variant, text: &str) -> Result<Board, FenError> {
    let g = &variant.geometry;
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != g.ranks() as usize {
        return Err(err(
            FenField::Board,
            format!("found {} ranks, expected {}", ranks.len(), g.ranks()),
        ));
    }
    let mut board = Board::empty();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = g.ranks() - 1 - i as u8;
        parse_rank(variant, rank, rank_text, &mut board)?;
    }
    Ok(board)
}

fn parse_rank(variant: &Variant, rank: u8, text: &str, board: &mut Board) -> Result<(), FenError> {
    let width = variant.geometry.files();
    let name = rank + 1;
    let mut file: u32 = 0;
    let mut chars = text.char_indices().peekable();
    let mut open_wall: Option<(Color, Square)> = None;
    while let Some((at, c)) = chars.next() {
        if c.is_ascii_digit() {
            let start = at;
            let mut end = at + 1;
            while let Some(&(j, d)) = chars.peek() {
                if !d.is_ascii_digit() {
                    break;
                }
                end = j + 1;
                chars.next();
            }
            let digits = &text[start..end];
            if digits.starts_with('0') {
                return Err(err(
                    FenField::Board,
                    format!("rank {name}: empty-square count {digits:?} is not a positive number"),
                ));
            }
            let n: u32 = digits.parse().map_err(|_| {
                err(
                    FenField::Board,
                    format!("rank {name}: bad count {digits:?}"),
                )
            })?;
            if let Some((_, sq)) = open_wall.take() {
                return Err(err(
                    FenField::Board,
                    format!("broken Wall: the L on {sq} has no partner to its right"),
                ));
            }
            file = file.saturating_add(n);
            if file > u32::from(width) {
                return Err(err(
                    FenField::Board,
                    format!("rank {name} is wider than {width} squares"),
                ));
            }
            continue;
        }
        let role = Role::from_letter(c)
            .filter(|_| c.is_ascii_alphabetic())
            .ok_or_else(|| {
                err(
                    FenField::Board,
                    format!("rank {name}: unknown piece letter {c:?}"),
                )
            })?;
        if !variant.roles.contains(role) {
            // `roles` holds every phase of its pieces (`Variant::roles`), so
            // a letter refused here is one the game's play never writes.
            return Err(err(
                FenField::Board,
                format!(
                    "rank {name}: {} ({c}) is not a piece of {}",
                    role.name(),
                    variant.key
                ),
            ));
        }
        if file >= u32::from(width) {
            return Err(err(
                FenField::Board,
                format!("rank {name} is wider than {width} squares"),
            ));
        }
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let sq = Square::new(file as u8, rank)
            .ok_or_else(|| err(FenField::Board, "square outside the board"))?;
        let mut piece = Piece::new(color, role);
        if variant.prongs {
            piece.state = prongs::initial(color, role);
            if chars.peek().map(|&(_, d)| d) == Some('(') {
                let rest = &text[at + 1..];
                let close = rest
                    .find(')')
                    .ok_or_else(|| err(FenField::Board, format!("{sq}: unclosed prong list")))?;
                let spec = &rest[1..close];
                piece.state = prongs::parse(role, spec).ok_or_else(|| {
                    err(
                        FenField::Board,
                        format!("{sq}: bad prong list {spec:?} for a {}", role.name()),
                    )
                })?;
                for _ in 0..=close {
                    chars.next();
                }
            }
        } else if chars.peek().map(|&(_, d)| d) == Some('(') {
            return Err(err(
                FenField::Board,
                format!("{sq}: prong lists exist only in wounds"),
            ));
        }
        if role == Role::Wall {
            piece.state = match open_wall.take() {
                Some((c0, _)) if c0 == color => wall::EAST,
                Some((_, first)) => {
                    return Err(err(
                        FenField::Board,
                        format!("broken Wall: the L on {first} is followed by the other side's L"),
                    ));
                }
                None => {
                    open_wall = Some((color, sq));
                    wall::WEST
                }
            };
        } else if let Some((_, first)) = open_wall.take() {
            return Err(err(
                FenField::Board,
                format!("broken Wall: the L on {first} has no partner to its right"),
            ));
        }
        board.put(sq, piece);
        file += 1;
    }
    if let Some((_, first)) = open_wall {
        return Err(err(
            FenField::Board,
            format!("broken Wall: the L on {first} has no partner to its right"),
        ));
    }
    if file != u32::from(width) {
        return Err(err(
            FenField::Board,
            format!("rank {name} has {file} squares, expected {width}"),
        ));
    }
    Ok(())
}

fn parse_pocket(variant: &Variant, text: &str) -> Result<ByColor<Pocket>, FenError> {
    let mut pockets = ByColor::<Pocket>::default();
    for c in text.chars() {
        let role = Role::from_letter(c)
            .filter(|_| c.is_ascii_alphabetic())
            .ok_or_else(|| err(FenField::Pocket, format!("unknown piece letter {c:?}")))?;
        if variant.drop_rule(role).is_none() {
            return Err(err(
                FenField::Pocket,
                format!("{} ({c}) cannot be dropped in {}", role.name(), variant.key),
            ));
        }
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let n = pockets[color].count(role);
        if n >= MAX_POCKET_COUNT {
            return Err(err(
                FenField::Pocket,
                format!("more than {MAX_POCKET_COUNT} of {c}"),
            ));
        }
        pockets[color].set(role, n + 1);
    }
    Ok(pockets)
}

fn parse_side(text: &str) -> Result<Color, FenError> {
    match text {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => Err(err(
            FenField::Side,
            format!("expected w or b, found {text:?}"),
        )),
    }
}

fn parse_castling(text: &str) -> Result<u8, FenError> {
    if text == "-" {
        return Ok(0);
    }
    let order = ['K', 'Q', 'k', 'q'];
    let mut bits = 0;
    let mut last = None;
    for c in text.chars() {
        let i = order.iter().position(|&o| o == c).ok_or_else(|| {
            err(
                FenField::Castling,
                format!("unexpected {c:?}; use - or a subset of KQkq"),
            )
        })?;
        if last.is_some_and(|l| i <= l) {
            return Err(err(
                FenField::Castling,
                format!("{text:?} is not in KQkq order or repeats a right"),
            ));
        }
        last = Some(i);
        let color = if i < 2 { Color::White } else { Color::Black };
        bits |= castling_bit(color, i % 2 == 0);
    }
    Ok(bits)
}

fn parse_en_passant(variant: &Variant, text: &str) -> Result<Vec<Square>, FenError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let bytes = rest.as_bytes();
        if !bytes[0].is_ascii_lowercase() {
            return Err(err(
                FenField::EnPassant,
                format!("{text:?} is not - or a list of squares of this board"),
            ));
        }
        let mut n = 1;
        while n < bytes.len() && bytes[n].is_ascii_digit() {
            n += 1;
        }
        let sq = variant.geometry.parse_square(&rest[..n]).ok_or_else(|| {
            err(
                FenField::EnPassant,
                format!("{text:?} is not - or a list of squares of this board"),
            )
        })?;
        out.push(sq);
        rest = &rest[n..];
        if out.len() > 2 {
            return Err(err(FenField::EnPassant, "at most two target squares"));
        }
    }
    Ok(out)
}

fn parse_number(field: FenField, text: &str) -> Result<u32, FenError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 9 {
        return Err(err(
            field,
            format!("expected a whole number, found {text:?}"),
        ));
    }
    text.parse()
        .map_err(|_| err(field, format!("expected a whole number, found {text:?}")))
}

fn parse_fullmove(text: &str) -> Result<u32, FenError> {
    let n = parse_number(FenField::Fullmove, text)?;
    if n == 0 {
        return Err(err(FenField::Fullmove, "the move number starts at 1"));
    }
    Ok(n)
}

/// Writes `pos` in the notation spec's dialect.
#[must_use]
pub fn write(pos: &Position) -> String {
    let variant = pos.variant();
    let mut out = write_board(pos);
    if variant.has_pockets() {
        out.push('[');
        for color in Color::BOTH {
            for rule in &variant.drops {
                let p = Piece::new(color, rule.role);
                for _ in 0..pos.pocket(color).count(rule.role) {
                    out.push(p.letter());
                }
            }
        }
        out.push(']');
    }
    let _ = write!(
        out,
        " {} {} ",
        pos.turn().letter(),
        castling_text(pos.castling_rights())
    );
    match pos.en_passant() {
        Some(ep) => {
            for sq in ep.targets_in_order() {
                let _ = write!(out, "{sq}");
            }
        }
        None => out.push('-'),
    }
    let _ = write!(out, " {} {}", pos.halfmoves(), pos.fullmoves());
    out
}

fn write_board(pos: &Position) -> String {
    let g = &pos.variant().geometry;
    let mut out = String::new();
    for rank in (0..g.ranks()).rev() {
        let mut empty = 0;
        for file in 0..g.files() {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            match pos.board().get(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push(p.letter());
                    if pos.variant().prongs && p.state != prongs::initial(p.color, p.role) {
                        let _ = write!(out, "({})", prongs::write(p.role, p.state));
                    }
                }
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

fn castling_text(bits: u8) -> String {
    let mut s = String::new();
    for (c, color, king_side) in [
        ('K', Color::White, true),
        ('Q', Color::White, false),
        ('k', Color::Black, true),
        ('q', Color::Black, false),
    ] {
        if bits & castling_bit(color, king_side) != 0 {
            s.push(c);
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}
