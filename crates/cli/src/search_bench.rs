//! The search half of `menagerie bench`: fixed positions of every game
//! (start positions and middlegames from engine self-play), each searched
//! to a fixed depth by a fresh single-threaded engine. The total node count
//! is the search signature: it changes only when search or evaluation does,
//! and a test pins it.

use menagerie_engine::nnue::EvalChoice;
use menagerie_engine::{Engine, Limits, Options, Silent};
use menagerie_rules::Position;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The bench positions: game, position string (`None`: start), depth.
pub const POSITIONS: &[(&str, Option<&str>, u32)] = &[
    ("chess", None, 9),
    ("chess", Some("2kr4/1ppqbp2/2n1p1p1/p6r/P1PP2Q1/2B2N2/1P3PKP/R4R2 w - - 3 19"), 8),
    ("chess", Some("r6r/3bkp2/6p1/2p1P1N1/2pp1PPp/P1P4P/3K4/RR6 b - - 1 26"), 9),
    ("wreckage", None, 6),
    ("wreckage", Some("grwb1kbfr1/p2p5p/10/3x3p2/1pp1p1p1p1/4Pp2P1/5P4/1X2G1F1RB/PPPP2PP1q/1RW1QKB3[JJJJJjjjjj] w Qkq i8i7 0 19"), 6),
    ("wreckage", Some("1r1g1kbfr1/pp4pp1p/3w6/10/4j5/6G1P1/3d4R1/1X4W3/PPP3P2P/1R1B1K4[JJJJJjjjj] b Qkq - 2 26"), 6),
    ("carnage", None, 6),
    ("carnage", Some("1r1bqkbfr1/p2p1ppppp/3w6/3t6/1jj1p5/P3P3P1/5Pdx2/1QXW1B1DJ1/1PPP2PP1P/1R3KBFR1[JJJJjjj] w KQkq - 0 19"), 6),
    ("carnage", Some("tr2qk2r1/1pp1w1fp2/1x5d2/p2p1p1b2/P3p1p2j/1XPTP4P/5PD1J1/3WQ1PP1J/1P1P6/1R3KB2R[JJJjjjj] b Qkq - 1 26"), 6),
    ("air-and-trench", None, 6),
    ("air-and-trench", Some("or2qkb1rc/2pp3p1p/2an3aj1/4np2p1/pp2p1pbP1/4P4P/1P2AN2RJ/2A1QBN3/P1PP1PPP2/1R3KBC1O[JJjj] w Qkq - 3 19"), 6),
    ("air-and-trench", Some("B2b1k2r1/6pppp/6na2/4o5/1p3j2P1/1P8/10/3P2NA2/P1nP1BPP1c/2RO1K2R1[JJJjj] b Kk - 2 26"), 6),
    ("longer-board", None, 7),
    ("longer-board", Some("rnq1kbnr/z2ll1u1/6yp/8/2p2P2/2pp3U/1P5Q/P4N1P/ZU1LL3/RNB1K2R w KQkq - 0 19"), 7),
    ("longer-board", Some("1r2k1nr/zu1ll3/p1q4p/5p2/2Zp1b2/PP3p1P/5U2/2P1BN2/1U1LL3/RN2K2R b KQk - 4 26"), 7),
    ("wounds", None, 7),
    ("wounds", Some("rnb1k3/1ppp4/p3p(00001100)3/3Q(11222222)4/4N3/5Pb1/PPP1P(10000001)1B1/R1B1K2R w - - 1 19"), 7),
    ("wounds", Some("4Qb1r/4pppp/B7/8/8/2P5/P(01000001)4PPP/4q2R b - - 1 26"), 7),
];

/// What one game's bench positions gave.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameFigures {
    /// Game name.
    pub variant: &'static str,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds spent.
    pub secs: f64,
}

/// Searches every bench position (depths lowered by `shallower`) with the
/// evaluation `eval`; returns the figures per game in list order.
///
/// # Panics
/// Panics if a bench position string is invalid (a program constant).
#[must_use]
pub fn run(shallower: u32, eval: &EvalChoice) -> Vec<GameFigures> {
    let mut out: Vec<GameFigures> = Vec::new();
    for &(name, fen, depth) in POSITIONS {
        let v = menagerie_games::by_name(name).expect("bench game");
        let pos = fen.map_or_else(
            || Position::start(&v),
            |f| Position::from_fen(&v, f).expect("bench position"),
        );
        let mut engine = Engine::new(Options {
            hash_mb: 16,
            eval: eval.clone(),
            ..Options::default()
        });
        let t = Instant::now();
        let limits = Limits::depth(depth.saturating_sub(shallower).max(1));
        let r = engine.search_position(&pos, &limits, &AtomicBool::new(false), &mut Silent);
        let secs = t.elapsed().as_secs_f64();
        match out.last_mut() {
            Some(g) if g.variant == name => {
                g.nodes += r.nodes;
                g.secs += secs;
            }
            _ => out.push(GameFigures {
                variant: name,
                nodes: r.nodes,
                secs,
            }),
        }
    }
    out
}

/// Prints the search figures per game and the signature.
pub fn print(shallower: u32, eval: &EvalChoice) -> u64 {
    let figures = run(shallower, eval);
    let mut total = 0;
    let mut secs = 0.0;
    for g in &figures {
        println!(
            "search {:<16} {:>10} nodes  {:>7.3} s  {:>9.0} nps",
            g.variant,
            g.nodes,
            g.secs,
            g.nodes as f64 / g.secs.max(1e-9)
        );
        total += g.nodes;
        secs += g.secs;
    }
    println!(
        "search total: {total} nodes in {secs:.3} s: {:.0} nps",
        total as f64 / secs.max(1e-9)
    );
    println!("Bench signature: {total}");
    total
}

#[cfg(test)]
mod tests {
    /// The search signature: total nodes of the bench at its full depths.
    /// It changes only when search or evaluation changes; update it in the
    /// same commit as such a change, with the match that justified it.
    const SIGNATURE: u64 = 461_246;

    #[test]
    fn bench_signature_is_pinned() {
        let total: u64 = super::run(0, &super::EvalChoice::Auto)
            .iter()
            .map(|g| g.nodes)
            .sum();
        assert_eq!(total, SIGNATURE);
    }
}
