//! The stable `perft` and `moves` subcommands (notation spec, section 5).

use menagerie_games::options;
use menagerie_rules::{notation, perft, Position, VariantRef};

/// Looks up a game by name.
pub fn variant(name: &str) -> Result<VariantRef, String> {
    menagerie_games::resolve(name).map_err(|e| e.to_string())
}

/// Looks up a game by name and applies `NAME=VALUE` rule options to it.
pub fn variant_with(name: &str, options: &[String]) -> Result<VariantRef, String> {
    let base = variant(name)?;
    let values = options::parse_assignments(options.iter().map(String::as_str))
        .map_err(|e| e.to_string())?;
    options::apply(&base, &values)
        .map(|(v, _)| v)
        .map_err(|e| e.to_string())
}

/// The start position or the given position string.
pub fn position(variant: &VariantRef, fen: Option<&str>) -> Result<Position, String> {
    match fen {
        None => Ok(Position::start(variant)),
        Some(text) => Position::from_fen(variant, text).map_err(|e| e.to_string()),
    }
}

/// `perft [--variant] [--fen] [--option NAME=VALUE]... [--divide] DEPTH`.
pub fn perft(
    variant_name: &str,
    options: &[String],
    fen: Option<&str>,
    divide: bool,
    depth: &str,
) -> Result<(), String> {
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("depth must be a whole number, found {depth:?}"))?;
    if depth > 30 {
        return Err(format!("depth {depth} is too large (at most 30)"));
    }
    let pos = position(&variant_with(variant_name, options)?, fen)?;
    let nodes = if divide {
        let mut total = 0;
        for (m, n) in perft::divide(&pos, depth) {
            println!("{m}: {n}");
            total += n;
        }
        if depth == 0 {
            1
        } else {
            total
        }
    } else {
        perft::perft(&pos, depth)
    };
    println!("Nodes searched: {nodes}");
    Ok(())
}

/// `moves [--variant] [--fen] [--option NAME=VALUE]...`.
pub fn moves(variant_name: &str, options: &[String], fen: Option<&str>) -> Result<(), String> {
    let pos = position(&variant_with(variant_name, options)?, fen)?;
    let mut lines: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| notation::render(&pos, m))
        .collect();
    lines.sort();
    for l in lines {
        println!("{l}");
    }
    Ok(())
}
