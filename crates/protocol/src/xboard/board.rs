//! What XBoard needs to draw our games: the `setup` command (piece letters
//! mapped onto XBoard's piece images, board size, holdings, start position)
//! and `piece` commands for the pieces whose moves Betza notation states
//! exactly.

use menagerie_rules::{Position, Role, Variant};

/// XBoard's variant name for each of our games, as listed in the
/// `variants` feature. Chess is XBoard's `normal`; every other name is
/// unknown to XBoard and so becomes an engine-defined variant that this
/// engine describes with `setup`. `pick-the-piece` plays the setup of the
/// `PickThePieceSetup` option (Air and Trench Warfare when it is empty).
pub const XBOARD_NAMES: [(&str, &str); 7] = [
    ("normal", "chess"),
    ("wreckage", "wreckage"),
    ("carnage", "carnage"),
    ("air-and-trench", "air-and-trench"),
    ("longer-board", "longer-board"),
    ("wounds", "wounds"),
    ("pick-the-piece", "air-and-trench"),
];

/// Our variant name for an XBoard variant name (our own names are accepted
/// too).
#[must_use]
pub fn our_name(xboard: &str) -> Option<&'static str> {
    XBOARD_NAMES
        .iter()
        .find(|(x, ours)| *x == xboard || *ours == xboard)
        .map(|(_, ours)| *ours)
}

/// The XBoard piece slot (index into its piece table, Pawn = 0 ... Unicorn
/// = 20) whose image shows each of our pieces. Our letters are kept; only
/// the pictures are borrowed.
fn slot(role: Role) -> Option<usize> {
    role.entry().xboard.map(usize::from)
}

/// Slots before the King in the table we send.
const SLOTS: usize = 21;

/// The `(PIECETOCHAR)` table: our letters in XBoard's slots, `.` for
/// slots this game does not use, the King last; White then Black.
#[must_use]
pub fn piece_table(v: &Variant) -> String {
    let mut white = ['.'; SLOTS];
    for role in v.roles.iter() {
        if let Some(i) = slot(role) {
            white[i] = role.letter();
        }
    }
    let white: String = white.iter().collect::<String>() + "K";
    let black = white.to_ascii_lowercase();
    format!("{white}{black}")
}

/// How many holdings rows XBoard needs: enough for every kind it may hold.
#[must_use]
pub fn holdings(v: &Variant) -> usize {
    if v.has_pockets() {
        v.roles.iter().filter(|r| *r != Role::King).count()
    } else {
        0
    }
}

/// The `setup` command for `pos`'s game starting at `pos`. Wounds' prong
/// states are left out (XBoard cannot read them).
#[must_use]
pub fn setup_command(pos: &Position) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    format!(
        "setup ({}) {}x{}+{}_fairy {}",
        piece_table(v),
        g.files(),
        g.ranks(),
        holdings(v),
        plain_fen(&pos.fen())
    )
}

/// A position string without Wounds' prong suffixes.
#[must_use]
pub fn plain_fen(fen: &str) -> String {
    let mut out = String::with_capacity(fen.len());
    let mut depth = 0;
    for c in fen.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth > 0 => {}
            _ => out.push(c),
        }
    }
    out
}

/// `piece` commands (Betza) for pieces XBoard can move exactly like ours:
/// only plain leapers and riders. The others keep XBoard's picture without
/// a move rule, so XBoard must not test legality (`-testLegality false`).
#[must_use]
pub fn piece_commands(v: &Variant) -> Vec<String> {
    let mut out = Vec::new();
    for role in v.roles.iter() {
        let betza = match role {
            Role::WazirKnight => "WN",
            Role::FerzKnight => "FN",
            _ => continue,
        };
        out.push(format!("piece {}& {betza}", role.letter()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_have_xboard_shape() {
        for name in menagerie_games::NAMES {
            let v = menagerie_games::by_name(name).unwrap();
            let t = piece_table(&v);
            assert_eq!(t.len(), 44, "{name}");
            for role in v.roles.iter() {
                assert!(t.contains(role.letter()), "{name} {role:?}");
            }
        }
    }

    #[test]
    fn setup_for_wreckage() {
        let v = menagerie_games::by_name("wreckage").unwrap();
        let s = setup_command(&Position::start(v));
        assert!(s.starts_with("setup (P.BRQF"), "{s}");
        assert!(s.contains(" 10x10+10_fairy xrwbqkbfrd/"), "{s}");
        assert_eq!(plain_fen("Q(22212222)k"), "Qk");
    }

    #[test]
    fn names_map() {
        assert_eq!(our_name("normal"), Some("chess"));
        assert_eq!(our_name("wreckage"), Some("wreckage"));
        assert_eq!(our_name("shogi"), None);
    }
}
