//! Shared test helpers: the `.perft` file reader, a deterministic random
//! number generator for playouts, and the fast-versus-reference comparison.
#![allow(dead_code)]

use menagerie_games::options;
use menagerie_rules::movegen::reference;
use menagerie_rules::{notation, perft, Position, VariantRef};

/// One position of a `.perft` file.
pub struct PerftCase {
    /// Name.
    pub id: String,
    /// Game name.
    pub variant: String,
    /// Position string.
    pub fen: String,
    /// `(depth, nodes)` lines.
    pub lines: Vec<(u32, u64)>,
    /// `NAME=VALUE` rule options applied to the game (`option` lines).
    pub options: Vec<String>,
    /// `(depth, nodes)` of the same position with the game's defaults.
    pub baseline: Option<(u32, u64)>,
}

impl PerftCase {
    /// The game with this case's options applied.
    pub fn game(&self) -> VariantRef {
        let base = menagerie_games::by_name(&self.variant)
            .unwrap_or_else(|| panic!("{}: unknown variant", self.id));
        let values = options::parse_assignments(self.options.iter().map(String::as_str))
            .unwrap_or_else(|e| panic!("{}: {e}", self.id));
        options::apply(&base, &values)
            .unwrap_or_else(|e| panic!("{}: {e}", self.id))
            .0
    }
}

fn depth_and_nodes(value: &str) -> (u32, u64) {
    let (d, nodes) = value.split_once(' ').expect("DEPTH NODES");
    (d.parse().unwrap(), nodes.parse().unwrap())
}

/// Reads `tests/data/<name>`.
pub fn read_perft_file(name: &str) -> Vec<PerftCase> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cases: Vec<PerftCase> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{path}:{}: bad line", n + 1));
        match key {
            "id" => cases.push(PerftCase {
                id: value.into(),
                variant: String::new(),
                fen: String::new(),
                lines: vec![],
                options: vec![],
                baseline: None,
            }),
            "variant" => cases.last_mut().expect("id first").variant = value.into(),
            "fen" => cases.last_mut().expect("id first").fen = value.into(),
            "perft" => cases
                .last_mut()
                .expect("id first")
                .lines
                .push(depth_and_nodes(value)),
            "option" => cases
                .last_mut()
                .expect("id first")
                .options
                .push(value.into()),
            "baseline" => {
                cases.last_mut().expect("id first").baseline = Some(depth_and_nodes(value))
            }
            _ => panic!("{path}:{}: unknown key {key}", n + 1),
        }
    }
    cases
}

/// Node limit per perft line in ordinary test runs (`MENAGERIE_PERFT_LIMIT`
/// overrides; `u64::MAX` runs every line).
pub fn node_limit() -> u64 {
    std::env::var("MENAGERIE_PERFT_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3_000_000)
}

/// Checks every line of a perft file whose node count is within `limit`;
/// returns how many lines ran.
pub fn check_perft_file(name: &str, limit: u64) -> usize {
    let mut ran = 0;
    for case in read_perft_file(name) {
        let v = case.game();
        let pos = Position::from_fen(&v, &case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        assert_eq!(
            Position::from_fen(v, &pos.fen()).unwrap().fen(),
            pos.fen(),
            "{}: FEN round trip",
            case.id
        );
        for &(depth, nodes) in &case.lines {
            if nodes > limit {
                continue;
            }
            assert_eq!(
                perft::perft(&pos, depth),
                nodes,
                "{} perft({depth})",
                case.id
            );
            ran += 1;
        }
    }
    assert!(ran > 0, "{name}: no perft line ran");
    ran
}

/// A small deterministic generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    /// Next value below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// Sorted move strings of the fast generator.
pub fn fast_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| notation::render(pos, m))
        .collect();
    v.sort();
    v
}

/// Sorted move strings of the reference generator.
pub fn reference_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = reference::legal_moves(pos)
        .iter()
        .map(|m| notation::render(pos, m))
        .collect();
    v.sort();
    v
}

/// Plays `games` random games of up to `plies` plies from `start`, checking
/// at every node: fast == reference, move strings unique and parseable,
/// invariants (hash, board sets, Walls), FEN round trip. Returns nodes checked.
pub fn random_playouts(start: &Position, games: usize, plies: usize, seed: u64) -> usize {
    let mut rng = Rng(seed | 1);
    let mut checked = 0;
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..plies {
            let fast = fast_moves(&pos);
            assert_eq!(
                fast,
                reference_moves(&pos),
                "fast and reference generators differ at {}",
                pos.fen()
            );
            let mut dedup = fast.clone();
            dedup.dedup();
            assert_eq!(
                dedup.len(),
                fast.len(),
                "two actions share a move string at {}",
                pos.fen()
            );
            assert!(pos.invariants_hold(), "invariants broken at {}", pos.fen());
            let fen = pos.fen();
            let back =
                Position::from_fen(pos.variant(), &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(back.fen(), fen, "FEN round trip");
            assert_eq!(
                back.hash(),
                pos.hash(),
                "hash after FEN round trip at {fen}"
            );
            checked += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let text = notation::render(&pos, &m);
            assert_eq!(
                notation::parse(&pos, &text),
                Ok(m),
                "parse({text}) at {fen}"
            );
            pos.play_unchecked(&m);
        }
    }
    checked
}
