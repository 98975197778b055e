//! Readable move notation for move lists and buttons (`label` fields), as
//! defined in `docs/notation.md`: SAN-like, with piece letters, `x` before
//! every captured square, `@` drops, `O-O` castling, `!` detonations, `~`
//! wounds, `↻`/`↺` rotations, `--` passes, `=Q` promotions and `+`/`#`.
//! Move strings stay the protocol; labels are only for people.

use menagerie_rules::variant::CastlingRule;
use menagerie_rules::{Color, Move, Position, Role, Square};

/// The labels of `moves` (all legal in `pos`), disambiguated among
/// themselves. Pass every legal action so that ambiguities are seen.
#[must_use]
pub fn labels(pos: &Position, moves: &[Move]) -> Vec<String> {
    let parts: Vec<Parts> = moves.iter().map(|m| parts(pos, m)).collect();
    let mut out = Vec::with_capacity(moves.len());
    for (i, p) in parts.iter().enumerate() {
        let mut text = p.piece.clone();
        if let Some(from) = p.from.filter(|_| p.disambiguable) {
            let rivals: Vec<Square> = parts
                .iter()
                .enumerate()
                .filter(|&(j, q)| {
                    j != i && q.disambiguable && q.piece == p.piece && q.body == p.body
                })
                .filter_map(|(_, q)| q.from)
                .filter(|&s| s != from)
                .collect();
            if p.piece.is_empty() && !p.pawn_capture && !rivals.is_empty() {
                // Two pawns can step to one square (Chess with Wounds): the
                // whole origin with a dash reads naturally (`e2-e3`, not `ee3`).
                text.push_str(&format!("{from}-"));
            } else {
                text.push_str(&disambiguation(from, &rivals, p.pawn_capture));
            }
        }
        text.push_str(&p.body);
        text.push_str(suffix(pos, &moves[i]));
        out.push(text);
    }
    out
}

/// The label of one legal move `m` in `pos`.
#[must_use]
pub fn label(pos: &Position, m: &Move) -> String {
    // Only moves to the same square can share a label (disambiguation
    // compares moves of one piece letter and body, which names the target);
    // labelling just those spares the check test of every other move.
    let rivals: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|x| x.to() == m.to())
        .collect();
    let i = rivals.iter().position(|x| x == m);
    match i {
        Some(i) => labels(pos, &rivals).swap_remove(i),
        None => labels(pos, std::slice::from_ref(m)).swap_remove(0),
    }
}

/// The labels of a line of moves played one after another from `pos`.
#[must_use]
pub fn line(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        out.push(label(&pos, m));
        if pos.play(m).is_err() {
            break;
        }
    }
    out
}

struct Parts {
    piece: String,
    from: Option<Square>,
    body: String,
    disambiguable: bool,
    pawn_capture: bool,
}

fn letter_of(pos: &Position, sq: Square) -> (String, bool) {
    match pos.board().get(sq) {
        Some(p) if p.role == Role::Pawn => (String::new(), true),
        Some(p) => (p.role.letter().to_string(), false),
        None => ("?".to_string(), false),
    }
}

fn parts(pos: &Position, m: &Move) -> Parts {
    match *m {
        Move::Normal {
            from,
            to,
            captured,
            promotion,
        } => {
            let (piece, pawn) = letter_of(pos, from);
            let mut body = String::new();
            let takes_to = captured.contains(to);
            let pawn_capture = pawn && !captured.is_empty();
            if takes_to || pawn_capture {
                body.push('x');
            }
            body.push_str(&to.to_string());
            for sq in captured.filter(|&s| s != to) {
                if !pawn_capture {
                    body.push('x');
                    body.push_str(&sq.to_string());
                }
            }
            if let Some(r) = promotion {
                body.push('=');
                body.push(r.letter());
            }
            Parts {
                piece,
                from: Some(from),
                body,
                disambiguable: true,
                pawn_capture,
            }
        }
        Move::Drop { role, at, to } => {
            let body = if at == to {
                format!("@{to}")
            } else {
                format!("@{at}-{to}")
            };
            Parts {
                piece: role.letter().to_string(),
                from: None,
                body,
                disambiguable: false,
                pawn_capture: false,
            }
        }
        Move::Castle {
            king,
            king_to,
            rook,
            rook_to,
        } => {
            let mut body = if rook.file() > king.file() {
                "O-O".to_string()
            } else {
                "O-O-O".to_string()
            };
            if matches!(pos.variant().castling, CastlingRule::Flexible { .. }) {
                body.push_str(&format!("(K{king_to},R{rook_to})"));
            }
            Parts {
                piece: String::new(),
                from: None,
                body,
                disambiguable: false,
                pawn_capture: false,
            }
        }
        Move::Detonate { at, captured } => {
            let victims: Vec<String> = captured.map(|s| s.to_string()).collect();
            Parts {
                piece: letter_of(pos, at).0,
                from: None,
                body: format!("{at}!({})", victims.join(",")),
                disambiguable: false,
                pawn_capture: false,
            }
        }
        Move::Wound { from, target } => Parts {
            piece: letter_of(pos, from).0,
            from: None,
            body: format!("{from}~{target}"),
            disambiguable: false,
            pawn_capture: false,
        },
        Move::Rotate { at, clockwise } => Parts {
            piece: letter_of(pos, at).0,
            from: None,
            body: format!("{at}{}", if clockwise { '↻' } else { '↺' }),
            disambiguable: false,
            pawn_capture: false,
        },
        Move::Pass => Parts {
            piece: String::new(),
            from: None,
            body: "--".to_string(),
            disambiguable: false,
            pawn_capture: false,
        },
    }
}

fn file_char(sq: Square) -> char {
    char::from(b'a' + sq.file())
}

fn disambiguation(from: Square, rivals: &[Square], pawn_capture: bool) -> String {
    let file = file_char(from).to_string();
    if rivals.is_empty() {
        return if pawn_capture { file } else { String::new() };
    }
    if !rivals.iter().any(|r| r.file() == from.file()) {
        return file;
    }
    if !pawn_capture && !rivals.iter().any(|r| r.rank() == from.rank()) {
        return (from.rank() + 1).to_string();
    }
    from.to_string()
}

fn suffix(pos: &Position, m: &Move) -> &'static str {
    let mut after = pos.clone();
    after.play_unchecked(m);
    let them = !pos.turn();
    if pos.variant().has_royal_king() {
        if after.is_check() {
            if after.legal_moves().is_empty() {
                "#"
            } else {
                "+"
            }
        } else {
            ""
        }
    } else if after.board().by_color(them).is_empty() {
        "#"
    } else {
        ""
    }
}

/// `white` or `black`.
#[must_use]
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::notation;
    use std::collections::HashSet;

    fn pos(game: &str, fen: Option<&str>) -> Position {
        let v = menagerie_games::resolve(game).unwrap();
        match fen {
            Some(f) => Position::from_fen(v, f).unwrap(),
            None => Position::start(v),
        }
    }

    fn label_of(p: &Position, text: &str) -> String {
        let m = notation::parse(p, text).unwrap();
        label(p, &m)
    }

    #[test]
    fn chess_san() {
        let p = pos("chess", None);
        assert_eq!(label_of(&p, "g1f3"), "Nf3");
        assert_eq!(label_of(&p, "e2e4"), "e4");
        let p = pos("chess", Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
        assert_eq!(label_of(&p, "e1g1"), "O-O");
        assert_eq!(label_of(&p, "e1c1"), "O-O-O");
        assert_eq!(label_of(&p, "a1a8"), "Rxa8+");
        assert_eq!(label_of(&p, "a1d1"), "Rd1");
        let p = pos("chess", Some("4k3/8/8/8/8/R7/8/R4RK1 w - - 0 1"));
        assert_eq!(label_of(&p, "a1d1"), "Rad1");
        assert_eq!(label_of(&p, "f1d1"), "Rfd1");
        assert_eq!(label_of(&p, "a1a2"), "R1a2");
        assert_eq!(label_of(&p, "a3a2"), "R3a2");
        let p = pos("chess", Some("k7/8/1K6/8/8/8/8/7R w - - 0 1"));
        assert_eq!(label_of(&p, "h1h8"), "Rh8#");
        let p = pos("chess", Some("4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1"));
        assert_eq!(label_of(&p, "e5d6"), "exd6");
        assert_eq!(label_of(&p, "b7b8q"), "b8=Q+");
    }

    #[test]
    fn wreckage_labels() {
        let p = pos("wreckage", None);
        assert_eq!(label_of(&p, "e2e5"), "e5");
        assert_eq!(label_of(&p, "h1g3"), "Fg3");
        // a detonation, a drop with push, flexible castling
        let p = pos(
            "wreckage",
            Some("xrwbqkbfrd/ppppp1pppp/10/4pP4/4X5/10/10/10/PPPPP1PPPP/1R3K2RD[GJJJJJgjjjjj] w KQkq - 0 1"),
        );
        assert_eq!(label_of(&p, "e6e6"), "Xe6!(e7)");
    }

    #[test]
    fn drops_and_castling_in_wreckage() {
        let p = pos(
            "wreckage",
            Some("xrwbqkbfrd/pppppppppp/10/10/10/10/10/10/PPPP1PPPPP/XR3K2RD[GJJJJJgjjjjj] w KQkq - 0 1"),
        );
        assert_eq!(label_of(&p, "J@e5"), "J@e2-e5");
        assert_eq!(label_of(&p, "J@e2"), "J@e2");
        assert_eq!(label_of(&p, "G@c1"), "G@c1");
        assert_eq!(label_of(&p, "f1h1i1g1"), "O-O(Kh1,Rg1)");
        assert_eq!(label_of(&p, "f1d1b1e1"), "O-O-O(Kd1,Re1)");
    }

    #[test]
    fn dragon_approach_names_the_captured_square() {
        let p = pos(
            "wreckage",
            Some("4k5/10/10/3r6/10/10/3D6/10/10/4K5[] w - - 0 1"),
        );
        assert_eq!(label_of(&p, "d4d6"), "Dd6xd7");
    }

    #[test]
    fn bomber_and_longer_board() {
        let p = pos(
            "air-and-trench",
            Some("5k4/10/10/3p6/10/3O6/10/10/10/5K4[] w - - 0 1"),
        );
        assert_eq!(label_of(&p, "d5d7"), "Oxd7");
        let p = pos(
            "air-and-trench",
            Some("5k4/10/10/10/3p6/3O6/10/10/10/5K4[] w - - 0 1"),
        );
        assert_eq!(label_of(&p, "d5d7"), "Od7xd6");
        let p = pos("longer-board", None);
        assert_eq!(label_of(&p, "b2c2"), "Uc2");
        assert_eq!(label_of(&p, "d2c2"), "Lc2");
    }

    #[test]
    fn wounds_labels() {
        let p = pos("wounds", Some("4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1"));
        assert_eq!(label_of(&p, "e4e5"), "e4~e5");
        assert_eq!(label_of(&p, "e4d5"), "d5");
        let p = pos("wounds", Some("4k3/8/8/8/4Q(22212222)3/8/8/4K3 w - - 0 1"));
        assert_eq!(label_of(&p, "e4r"), "Qe4↻");
        assert_eq!(label_of(&p, "e4l"), "Qe4↺");
        let p = pos("wounds", Some("P7/8/8/8/8/8/8/7k w - - 0 1"));
        let legal = p.legal_moves();
        assert_eq!(labels(&p, &legal), vec!["--".to_string()]);
    }

    #[test]
    fn wounds_pawn_steps_read_naturally() {
        let p = pos("wounds", None);
        let legal = p.legal_moves();
        let all = labels(&p, &legal);
        // Pawns step straight or diagonally forward, so most steps have a rival.
        assert!(all.contains(&"e2-e3".to_string()), "{all:?}");
        assert!(all.contains(&"d2-e3".to_string()), "{all:?}");
        for l in &all {
            let b = l.as_bytes();
            assert!(
                !(b.len() >= 3 && b[0].is_ascii_lowercase() && b[1].is_ascii_lowercase()),
                "{l}"
            );
        }
    }

    #[test]
    fn labels_are_unique_in_every_game() {
        for v in menagerie_games::all() {
            let mut p = Position::start(&v);
            for ply in 0..60 {
                let legal = p.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let l = labels(&p, &legal);
                let set: HashSet<&String> = l.iter().collect();
                assert_eq!(set.len(), l.len(), "{} {}: {l:?}", v.key, p.fen());
                let m = legal[(ply * 7 + 3) % legal.len()];
                p.play(&m).unwrap();
            }
        }
    }
}
