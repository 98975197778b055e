//! Perft speed of Menagerie's generic core against the specialised 8x8
//! `cozy-chess` generator on the same chess positions, node counts asserted.
//!
//! Run with `cargo bench -p menagerie --bench perft`. Before criterion's own
//! measurements it prints one line per position with both speeds and their
//! ratio, so the comparison is visible in a single run.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use menagerie_rules::{perft::perft, Position};
use std::hint::black_box;
use std::time::Instant;

#[path = "../src/bench_positions.rs"]
mod bench_positions;
use bench_positions::MOVEGEN_CASES;

/// (name, FEN, depth, nodes)
const CASES: [(&str, &str, u32, u64); 3] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
    (
        "position3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        5,
        674_624,
    ),
];

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

fn ours(fen: &str) -> Position {
    Position::from_fen(menagerie_games::chess::chess(), fen).expect("bench FEN")
}

fn cozy(fen: &str) -> cozy_chess::Board {
    cozy_chess::Board::from_fen(fen, false).expect("bench FEN")
}

fn mnps(nodes: u64, f: impl Fn() -> u64) -> f64 {
    let t = Instant::now();
    let n = f();
    assert_eq!(n, nodes, "node count");
    nodes as f64 / t.elapsed().as_secs_f64() / 1e6
}

fn summary() {
    let (mut total_ours, mut total_cozy) = (0.0, 0.0);
    for (name, fen, depth, nodes) in CASES {
        let (p, b) = (ours(fen), cozy(fen));
        let a = mnps(nodes, || perft(&p, depth));
        let c = mnps(nodes, || cozy_perft(&b, depth));
        total_ours += a;
        total_cozy += c;
        println!("{name:<10} perft({depth}) = {nodes}: menagerie {a:7.2} Mnps, cozy-chess {c:7.2} Mnps, ratio {:.3}", a / c);
    }
    println!(
        "mean: menagerie {:.2} Mnps, cozy-chess {:.2} Mnps, ratio {:.3}",
        total_ours / 3.0,
        total_cozy / 3.0,
        total_ours / total_cozy
    );
}

fn benches(c: &mut Criterion) {
    summary();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in CASES {
        group.throughput(Throughput::Elements(nodes));
        let p = ours(fen);
        group.bench_function(format!("menagerie/{name}"), |bch| {
            bch.iter(|| assert_eq!(perft(black_box(&p), depth), nodes))
        });
        let b = cozy(fen);
        group.bench_function(format!("cozy-chess/{name}"), |bch| {
            bch.iter(|| assert_eq!(cozy_perft(black_box(&b), depth), nodes))
        });
    }
    group.finish();
    movegen(c);
}

/// Perft from the playout positions of every game (see `bench_positions`).
fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("movegen");
    group.sample_size(10);
    for (i, &(variant, fen, depth, nodes)) in MOVEGEN_CASES.iter().enumerate() {
        let v = menagerie_games::by_name(variant).expect("bench game");
        let p = Position::from_fen(v, fen).expect("bench FEN");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{variant}/{i}"), |bch| {
            bch.iter(|| assert_eq!(perft(black_box(&p), depth), nodes))
        });
    }
    group.finish();
}

criterion_group!(perft_benches, benches);
criterion_main!(perft_benches);
