//! `menagerie bench`: perft speed on fixed positions of every game, with the
//! node counts checked so a wrong generator cannot report a speed.

pub use crate::bench_positions::MOVEGEN_CASES;
use menagerie_rules::{perft, Position};
use std::time::Instant;

/// One benchmark position: game, position string, depth, expected nodes.
pub struct Case {
    /// Game name.
    pub variant: &'static str,
    /// Position string (`None`: start position).
    pub fen: Option<&'static str>,
    /// Depth.
    pub depth: u32,
    /// Golden node count.
    pub nodes: u64,
}

/// The benchmark suite.
pub const CASES: &[Case] = &[
    Case {
        variant: "chess",
        fen: None,
        depth: 5,
        nodes: 4_865_609,
    },
    Case {
        variant: "chess",
        fen: Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        depth: 4,
        nodes: 4_085_603,
    },
    Case {
        variant: "wreckage",
        fen: None,
        depth: 4,
        nodes: 2_376_079,
    },
    Case {
        variant: "carnage",
        fen: None,
        depth: 4,
        nodes: 2_376_079,
    },
    Case {
        variant: "air-and-trench",
        fen: None,
        depth: 4,
        nodes: 2_082_510,
    },
    Case {
        variant: "longer-board",
        fen: None,
        depth: 4,
        nodes: 303_151,
    },
    Case {
        variant: "wounds",
        fen: None,
        depth: 4,
        nodes: 514_916,
    },
];

/// Runs the suite and prints Mnps per case and overall: the start
/// positions of [`CASES`], then the playout positions of
/// [`MOVEGEN_CASES`].
pub fn run(quick: bool) {
    run_start_positions(quick);
    run_movegen(quick);
}

/// Perft from the playout positions, node counts asserted at full depth.
fn run_movegen(quick: bool) {
    let mut total_nodes = 0u64;
    let mut total_secs = 0f64;
    for &(variant, fen, depth, nodes) in MOVEGEN_CASES {
        let Some(v) = menagerie_games::by_name(variant) else {
            continue;
        };
        let pos = Position::from_fen(v, fen).expect("bench position");
        let depth = if quick { depth - 1 } else { depth };
        let t = Instant::now();
        let n = perft::perft(&pos, depth);
        let secs = t.elapsed().as_secs_f64();
        if !quick {
            assert_eq!(
                n, nodes,
                "{variant} {fen} perft({depth}) node count changed"
            );
        }
        total_nodes += n;
        total_secs += secs;
        println!(
            "movegen {variant:<16} depth {depth}  {n:>10} nodes  {secs:>7.3} s  {:>7.2} Mnps",
            n as f64 / secs / 1e6
        );
    }
    println!(
        "Movegen total: {total_nodes} nodes in {total_secs:.3} s: {:.2} Mnps",
        total_nodes as f64 / total_secs / 1e6
    );
}

/// Perft from the start positions of [`CASES`].
fn run_start_positions(quick: bool) {
    let mut total_nodes = 0u64;
    let mut total_secs = 0f64;
    for c in CASES {
        let Some(v) = menagerie_games::by_name(c.variant) else {
            continue;
        };
        let pos = match c.fen {
            Some(f) => Position::from_fen(v, f).expect("bench position"),
            None => Position::start(v),
        };
        let depth = if quick {
            c.depth.saturating_sub(1)
        } else {
            c.depth
        };
        let t = Instant::now();
        let n = perft::perft(&pos, depth);
        let secs = t.elapsed().as_secs_f64();
        if !quick {
            assert_eq!(
                n, c.nodes,
                "{} perft({depth}) node count changed",
                c.variant
            );
        }
        total_nodes += n;
        total_secs += secs;
        println!(
            "{:<16} depth {depth}  {n:>12} nodes  {:>8.3} s  {:>7.2} Mnps",
            c.variant,
            secs,
            n as f64 / secs / 1e6
        );
    }
    println!(
        "Total: {total_nodes} nodes in {total_secs:.3} s: {:.2} Mnps",
        total_nodes as f64 / total_secs / 1e6
    );
}
