//! Reads an XBoard debug file (`-debug -nameOfDebugFile F`) of a match
//! between two Menagerie engines and reports, per game, the actions that
//! went through XBoard, how the game ended, and the first ply at which
//! XBoard's own picture of the board (played by
//! `menagerie_protocol::xboard::mirror`, which follows XBoard's rules for
//! moves, kill squares, castling, en passant and drops) stops matching
//! ours.
//!
//! ```sh
//! cargo run --release -p menagerie-protocol --example xboard_audit -- wreckage target/xboard-match/wreckage.debug
//! ```
//!
//! For `pick-the-piece`, give the setup played (the engines'
//! `PickThePieceSetup` option) as a third argument.
//!
//! Used by `scripts/xboard-match.sh`; see `docs/protocols.md`.

use menagerie_protocol::text::from_xboard;
use menagerie_protocol::xboard::board::our_name;
use menagerie_protocol::xboard::mirror::{Context, Grid};
use menagerie_rules::{Move, Position, SquareSet};
use std::collections::BTreeMap;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (variant, file, spec) = match args.as_slice() {
        [v, f] => (v, f, None),
        [v, f, s] => (v, f, Some(s.as_str())),
        _ => {
            eprintln!("usage: xboard_audit VARIANT DEBUG_FILE [SETUP]");
            return ExitCode::from(2);
        }
    };
    let resolved = match spec {
        Some(s) => menagerie_games::resolve(s).ok(),
        None => our_name(variant).and_then(menagerie_games::by_name),
    };
    let Some(v) = resolved else {
        eprintln!(
            "xboard_audit: unknown variant {variant} {}",
            spec.unwrap_or("")
        );
        return ExitCode::from(2);
    };
    let text = match std::fs::read(file) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            eprintln!("xboard_audit: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    for (n, game) in games(&text).iter().enumerate() {
        println!("game {}: {}", n + 1, audit(Position::start(&v), game));
    }
    ExitCode::SUCCESS
}

/// One game of the log: the engines' moves in order and XBoard's verdict.
#[derive(Default)]
struct LoggedGame {
    moves: Vec<String>,
    end: String,
}

/// Splits the log at `New game` lines; collects `move` lines and the first
/// `GameEnds` reason of each game.
fn games(text: &str) -> Vec<LoggedGame> {
    let mut out: Vec<LoggedGame> = Vec::new();
    for line in text.lines() {
        if line.starts_with("New game (") {
            out.push(LoggedGame::default());
        }
        let Some(g) = out.last_mut() else { continue };
        if let Some(at) = line.find(": move ") {
            if line[..at].contains('<') {
                g.moves.push(line[at + 7..].trim().to_string());
            }
        } else if line.starts_with("GameEnds(") && g.end.is_empty() && !line.contains("(null)") {
            g.end = line.to_string();
        }
    }
    out
}

/// Replays one game; returns a one-line summary.
fn audit(mut pos: Position, game: &LoggedGame) -> String {
    let mut mirror = Grid::of(&pos);
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut diverged = None;
    for (ply, text) in game.moves.iter().enumerate() {
        let m = match from_xboard(&pos, text) {
            Ok(m) => m,
            Err(e) => return format!("ply {}: {text} is not legal for us ({e})", ply + 1),
        };
        *kinds.entry(kind(&pos, &m)).or_default() += 1;
        let before = pos.clone();
        let accepted = mirror.play(text, &Context::of(&pos));
        let _ = pos.play(&m);
        if diverged.is_none() && (!accepted || mirror != Grid::of(&pos)) {
            diverged = Some(format!("ply {} ({text}, {})", ply + 1, kind(&before, &m)));
        }
    }
    let kinds: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
    format!(
        "{} plies [{}]; XBoard's board first differs at {}; end: {}",
        game.moves.len(),
        kinds.join(", "),
        diverged.unwrap_or_else(|| "no ply".into()),
        if game.end.is_empty() {
            "none logged"
        } else {
            &game.end
        }
    )
}

/// The action's kind, as the report counts it: moves by the piece's name,
/// with "capturing off its landing square" when what goes is not (only)
/// the man on the destination.
fn kind(pos: &Position, m: &Move) -> String {
    match *m {
        Move::Normal {
            from, to, captured, ..
        } => {
            let role = pos.board().get(from).map_or("?", |p| p.role.name());
            if captured.is_empty() || captured == SquareSet::from_square(to) {
                format!("{role} move")
            } else {
                format!("{role} capturing off its landing square")
            }
        }
        Move::Drop { at, to, .. } if at != to => "drop with push".into(),
        _ => kind_of(m).into(),
    }
}

fn kind_of(m: &Move) -> &'static str {
    match m {
        Move::Normal { .. } => "move",
        Move::Drop { .. } => "drop",
        Move::Castle { .. } => "castling",
        Move::Detonate { .. } => "detonation",
        Move::Wound { .. } => "wound",
        Move::Rotate { .. } => "rotation",
        Move::Pass => "pass",
    }
}
