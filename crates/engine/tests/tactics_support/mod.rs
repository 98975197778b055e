//! Helpers for the engine's tactics tests: searching a position, checking
//! the move and score, proving mates by brute force with the rules core, and
//! mirroring a position into the same problem for Black.
#![allow(dead_code)]

use menagerie_engine::{Engine, Limits, Score, SearchResult, Silent};
use menagerie_rules::{notation, Color, Move, Outcome, Position, VariantRef};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A board field of a position string built from a piece list such as
/// `"Ka1 Dd4 kj10 qd5(00001000)"` (upper case White, lower case Black, an
/// optional prong string after the square for Chess with Wounds) on a board
/// of `files` x `ranks`. Used to write the positions while building them.
pub fn board(files: usize, ranks: usize, pieces: &str) -> String {
    let mut grid = vec![vec![None::<String>; files]; ranks];
    for token in pieces.split_whitespace() {
        let letter = token.chars().next().expect("piece letter");
        let rest = &token[1..];
        let (square, state) = match rest.find('(') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, ""),
        };
        let file = usize::from(square.as_bytes()[0] - b'a');
        let rank: usize = square[1..].parse().expect("rank number");
        assert!(
            file < files && (1..=ranks).contains(&rank),
            "{token}: off the board"
        );
        let cell = &mut grid[rank - 1][file];
        assert!(cell.is_none(), "{token}: square used twice");
        *cell = Some(format!("{letter}{state}"));
    }
    let mut rows = Vec::new();
    for row in grid.iter().rev() {
        let mut text = String::new();
        let mut run = 0;
        for cell in row {
            match cell {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        text += &run.to_string();
                        run = 0;
                    }
                    text += c;
                }
            }
        }
        if run > 0 {
            text += &run.to_string();
        }
        rows.push(text);
    }
    rows.join("/")
}

/// The game of that name.
pub fn game(name: &str) -> VariantRef {
    menagerie_games::by_name(name).unwrap_or_else(|| panic!("no game {name}"))
}

/// Parses a position string, panicking with the reason.
pub fn at(variant: &VariantRef, fen: &str) -> Position {
    Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The canonical strings of every legal action, sorted.
pub fn legal(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| notation::render(pos, m))
        .collect();
    v.sort();
    v
}

/// A fresh engine's search of `pos` within `limits`, with its wall time.
pub fn search_with(pos: &Position, limits: &Limits) -> (SearchResult, Duration) {
    let start = Instant::now();
    let result =
        Engine::default().search_position(pos, limits, &AtomicBool::new(false), &mut Silent);
    (result, start.elapsed())
}

/// A fresh engine's search of `pos` to `depth` plies, with its wall time.
pub fn search(pos: &Position, depth: u32) -> (SearchResult, Duration) {
    search_with(pos, &Limits::depth(depth))
}

/// The rendered best move of a search result.
pub fn best(pos: &Position, result: &SearchResult) -> String {
    result
        .best
        .map_or_else(|| "(none)".to_string(), |m| notation::render(pos, &m))
}

/// The rendered principal variation, played out from `pos`.
pub fn pv(pos: &Position, result: &SearchResult) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for m in &result.pv {
        out.push(notation::render(&p, m));
        if p.play(m).is_err() {
            out.push("(illegal)".to_string());
            break;
        }
    }
    out
}

/// The position after the legal action written `text`.
pub fn after(pos: &Position, text: &str) -> Position {
    let m = notation::parse(pos, text).unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.fen()));
    let mut next = pos.clone();
    next.play(&m).expect("legal");
    next
}

fn won_by(pos: &Position, side: Color) -> bool {
    matches!(pos.outcome(), Some(Outcome::Decisive { winner, .. }) if winner == side)
}

/// Whether the side to move in `pos` can force a win (checkmate, or in
/// Wounds taking the last man) within `moves` of its own moves, by brute
/// force over the rules core's legal actions (no engine involved).
pub fn wins_within(pos: &Position, moves: u32) -> bool {
    !winning_moves(pos, moves).is_empty()
}

/// The rendered root actions that force a win within `moves` moves.
pub fn winning_moves(pos: &Position, moves: u32) -> Vec<String> {
    if moves == 0 || pos.outcome().is_some() {
        return Vec::new();
    }
    let us = pos.turn();
    let mut out = Vec::new();
    for m in pos.legal_moves() {
        let mut p = pos.clone();
        p.play_unchecked(&m);
        if won_by(&p, us) || (moves > 1 && p.outcome().is_none() && all_replies_lose(&p, moves - 1))
        {
            out.push(notation::render(pos, &m));
        }
    }
    out.sort();
    out
}

fn all_replies_lose(pos: &Position, moves: u32) -> bool {
    pos.legal_moves().iter().all(|r| {
        let mut p = pos.clone();
        p.play_unchecked(r);
        wins_within(&p, moves)
    })
}

/// What a tactic's search must report.
#[derive(Copy, Clone, Debug)]
pub enum Expect {
    /// The side to move mates (or wins) in exactly this many moves, and the
    /// expected moves are exactly the ones that do (proved by brute force).
    Mate(i32),
    /// A centipawn result: the expected moves score at least this much
    /// better than the best of all other moves searched to the same depth.
    Margin(i32),
}

/// One tactic: a position, the search depth, the move (or a small set of
/// equally good moves) and the result.
#[derive(Clone, Debug)]
pub struct Tactic<'a> {
    /// Game name.
    pub game: &'a str,
    /// Position string.
    pub fen: &'a str,
    /// Search depth in plies.
    pub depth: u32,
    /// The accepted best moves.
    pub moves: &'a [&'a str],
    /// The required result.
    pub expect: Expect,
}

/// Checks a tactic: the position is legal, every expected move is legal, the
/// engine's best move is one of them with the expected result, and the
/// result really is best (brute force for mates, a restricted search of the
/// other moves for material). Returns the position for further checks.
pub fn solve(t: &Tactic) -> Position {
    let pos = at(&game(t.game), t.fen);
    let legal = legal(&pos);
    for m in t.moves {
        assert!(
            legal.iter().any(|l| l == m),
            "{m} is not legal in {}; legal: {legal:?}",
            t.fen
        );
    }
    let (result, time) = search(&pos, t.depth);
    let got = best(&pos, &result);
    eprintln!(
        "{} {} depth {}: {got} {:?} pv {:?}, {} nodes, {time:?}",
        t.game,
        t.fen,
        t.depth,
        result.score,
        pv(&pos, &result),
        result.nodes
    );
    assert!(
        t.moves.contains(&got.as_str()),
        "{}: engine played {got} ({:?}, pv {:?}), expected one of {:?}",
        t.fen,
        result.score,
        pv(&pos, &result),
        t.moves
    );
    match t.expect {
        Expect::Mate(n) => {
            assert_eq!(result.score, Score::Mate(n), "{}: score", t.fen);
            let n = u32::try_from(n).expect("a mate for the side to move");
            let mut expected: Vec<String> = t.moves.iter().map(|m| (*m).to_string()).collect();
            expected.sort();
            assert_eq!(
                winning_moves(&pos, n),
                expected,
                "{}: the moves that win in {n}",
                t.fen
            );
            assert!(!wins_within(&pos, n - 1), "{}: a faster win exists", t.fen);
        }
        Expect::Margin(margin) => {
            let others: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| !t.moves.contains(&notation::render(&pos, m).as_str()))
                .collect();
            if !others.is_empty() {
                let limits = Limits {
                    depth: Some(t.depth),
                    searchmoves: others,
                    ..Limits::default()
                };
                let (rest, _) = search_with(&pos, &limits);
                let gap = result.score.centipawns() - rest.score.centipawns();
                eprintln!(
                    "  best other move {} {:?}: gap {gap}",
                    best(&pos, &rest),
                    rest.score
                );
                assert!(
                    gap >= margin,
                    "{}: {got} scores {:?}, the best other move {} scores {:?}: gap {gap} < {margin}",
                    t.fen,
                    result.score,
                    best(&pos, &rest),
                    rest.score
                );
            }
        }
    }
    pos
}

fn mirror_square_text(text: &str, ranks: u32) -> String {
    // Every square in a move string is a file letter and a rank number.
    let bytes = text.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i] as char;
        if c.is_ascii_lowercase() && i + 1 < bytes.len() && bytes[i + 1].is_ascii_digit() {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            let rank: u32 = text[i + 1..j].parse().expect("rank");
            out.push(c);
            out += &(ranks + 1 - rank).to_string();
            i = j;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

/// The same position with the board turned upside down and the colours
/// swapped (Black to move in place of White). Every game here except Chess
/// with Wounds (whose prongs are board-fixed) is symmetric under this.
pub fn mirror_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let (placement, pocket) = match fields[0].find('[') {
        Some(i) => (&fields[0][..i], &fields[0][i..]),
        None => (fields[0], ""),
    };
    let board: Vec<String> = placement
        .split('/')
        .rev()
        .map(|r| r.chars().map(swap_case).collect())
        .collect();
    let pocket: String = pocket.chars().map(swap_case).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = if fields[2] == "-" {
        "-".to_string()
    } else {
        let swapped: String = fields[2].chars().map(swap_case).collect();
        "KQkq".chars().filter(|c| swapped.contains(*c)).collect()
    };
    assert_eq!(fields[3], "-", "mirroring en passant is not needed here");
    format!(
        "{}{pocket} {side} {castling} - {} {}",
        board.join("/"),
        fields[4],
        fields[5]
    )
}

/// A move string of a position mirrored by [`mirror_fen`] on a board of
/// `ranks` ranks.
pub fn mirror_move(text: &str, ranks: u32) -> String {
    mirror_square_text(text, ranks)
}

/// Solves a tactic, then the same tactic mirrored for Black.
pub fn solve_both(t: &Tactic) -> Position {
    let pos = solve(t);
    let ranks = u32::from(game(t.game).geometry.ranks());
    let fen = mirror_fen(t.fen);
    let moves: Vec<String> = t.moves.iter().map(|m| mirror_move(m, ranks)).collect();
    let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
    solve(&Tactic {
        game: t.game,
        fen: &fen,
        depth: t.depth,
        moves: &refs,
        expect: t.expect,
    });
    pos
}
