//! Incremental accumulators against from-scratch ones, in random playouts
//! of every game: after every move (every capture kind, drops, pushes,
//! wounds, rotations) and after every unmove (popping the stack).

use super::accumulator::Accumulator;
use super::features::FEATURES;
use super::net::Network;
use crate::level::Rng;
use menagerie_rules::Position;

/// A net with pseudo-random weights (for tests only: never shipped).
pub(crate) fn random_net(hidden: usize, seed: u64) -> Network {
    let mut rng = Rng::new(seed);
    let mut small = |range: usize| (rng.below(2 * range + 1) as i32 - range as i32) as i16;
    Network {
        hidden,
        scale: 400,
        games: Vec::new(),
        w1: (0..FEATURES * hidden).map(|_| small(60)).collect(),
        b1: (0..hidden).map(|_| small(100)).collect(),
        buckets: 1,
        men_per_bucket: super::net::MAX_MEN_PER_BUCKET,
        w2: (0..2 * hidden).map(|_| small(127)).collect(),
        b2: vec![50],
        kings: super::kings::KingBuckets::NONE,
    }
}

fn fresh(net: &Network, pos: &Position) -> Accumulator {
    let mut a = Accumulator::new(net);
    a.refresh(net, pos);
    a
}

fn playout(net: &Network, start: Position, seed: u64, plies: usize) -> usize {
    let mut made = 0;
    let mut rng = Rng::new(seed);
    let mut stack = vec![(start.clone(), fresh(net, &start))];
    for _ in 0..plies {
        let (pos, acc) = stack.last().expect("never empty");
        let legal = pos.legal_moves();
        if legal.is_empty() || pos.outcome().is_some() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        let mut child = pos.clone();
        child.play_unchecked(&m);
        let mut next = Accumulator::new(net);
        next.update(acc, net, pos, &child);
        assert_eq!(next, fresh(net, &child), "after {m:?} in {}", pos.fen());
        assert_eq!(
            next.evaluate(net, &child),
            fresh(net, &child).evaluate(net, &child)
        );
        stack.push((child, next));
        made += 1;
        if rng.below(4) == 0 && stack.len() > 2 {
            for _ in 0..=rng.below(2) {
                stack.pop();
            }
            let (pos, acc) = stack.last().expect("never empty");
            assert_eq!(*acc, fresh(net, pos), "after unmoves");
        }
    }
    made
}

#[test]
fn incremental_accumulators_match_a_refresh_in_every_game() {
    let net = random_net(32, 7);
    for variant in menagerie_games::all() {
        let made: usize = (0..12)
            .map(|seed| playout(&net, Position::start(&variant), seed, 160))
            .sum();
        assert!(made > 12 * 20, "{}: only {made} moves", variant.key);
    }
}

#[test]
fn searches_with_a_net_keep_their_accumulators_in_step() {
    let net = std::sync::Arc::new(random_net(32, 11));
    for variant in menagerie_games::all() {
        let mut rng = Rng::new(5);
        let mut pos = Position::start(variant);
        for _ in 0..12 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            pos.play_unchecked(&legal[rng.below(legal.len())]);
        }
        search_in_step(&net, &pos, 4);
    }
}

/// Searches `pos` with `net` to `depth`: every evaluation inside is
/// checked against a refresh (stack.rs), and the root's too.
fn search_in_step(net: &std::sync::Arc<Network>, pos: &Position, depth: u32) {
    use crate::{Engine, EvalChoice, Limits, Options, Silent};
    use std::sync::atomic::AtomicBool;
    let mut engine = Engine::new(Options {
        hash_mb: 1,
        eval: EvalChoice::Net(std::sync::Arc::clone(net)),
        ..Options::default()
    });
    let r = engine.search_position(
        pos,
        &Limits::depth(depth),
        &AtomicBool::new(false),
        &mut Silent,
    );
    assert!(r.nodes > 0, "{}", pos.variant().key);
    assert_eq!(engine.evaluate(pos), super::evaluate(net, pos));
}

#[test]
fn the_output_is_symmetric_for_a_mirrored_start() {
    let net = random_net(32, 9);
    for variant in menagerie_games::all() {
        let pos = Position::start(&variant);
        let acc = fresh(&net, &pos);
        // Both sides' perspectives of a symmetric start are equal.
        assert_eq!(acc.v[0], acc.v[1], "{}", variant.key);
    }
}

#[test]
fn shipped_nets_play_at_full_strength_and_named_nets_at_every_level() {
    use crate::{Engine, EvalChoice, Options};
    use std::sync::Arc;
    let named = Arc::new(random_net(32, 13));
    for variant in menagerie_games::all() {
        let pos = Position::start(&variant);
        let classical = crate::eval::evaluate(&pos, &crate::eval::DEFAULT);
        let engine = |level, eval| {
            Engine::new(Options {
                hash_mb: 1,
                level,
                eval,
                ..Options::default()
            })
        };
        let shipped = super::builtin::for_game(&variant.key);
        let full = engine(crate::level::MAX_LEVEL, EvalChoice::Auto).evaluate(&pos);
        match &shipped {
            Some(net) => assert_eq!(full, super::evaluate(net, &pos), "{}", variant.key),
            None => assert_eq!(full, classical, "{}", variant.key),
        }
        for level in 1..crate::level::MAX_LEVEL {
            let auto = engine(level, EvalChoice::Auto).evaluate(&pos);
            assert_eq!(auto, classical, "{} level {level}", variant.key);
            let chosen = engine(level, EvalChoice::Net(Arc::clone(&named))).evaluate(&pos);
            assert_eq!(
                chosen,
                super::evaluate(&named, &pos),
                "{} level {level}",
                variant.key
            );
        }
    }
}

/// `random_net` with four output buckets of eight men that differ only in
/// their bias: bucket `b`'s is `50 + 3000 * b`.
fn bucketed_net(hidden: usize, seed: u64) -> Network {
    random_net(hidden, seed).with_buckets(4, 8, 3000)
}

#[test]
fn evaluation_uses_the_bucket_of_the_men_on_the_board() {
    use menagerie_rules::fide;
    let net = bucketed_net(32, 3);
    for (fen, men, bucket) in [
        ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 3, 0),
        ("4k3/pppp4/8/8/8/8/PPPP4/3QK3 b - - 0 1", 11, 1),
        ("r3k3/pppppp2/8/8/8/8/PPPPPP2/R2QK3 w - - 0 1", 17, 2),
        (fide::chess().start_fen.as_str(), 32, 3),
    ] {
        let pos = Position::from_fen(fide::chess(), fen).unwrap();
        assert_eq!(pos.board().occupied().len(), men, "{fen}");
        assert_eq!(net.bucket(men), bucket, "{fen}");
        let alone = Network {
            buckets: 1,
            men_per_bucket: super::net::MAX_MEN_PER_BUCKET,
            w2: net.w2[..64].to_vec(),
            b2: vec![net.b2[bucket]],
            ..net.clone()
        };
        assert_eq!(
            super::evaluate(&net, &pos),
            super::evaluate(&alone, &pos),
            "{fen}"
        );
        let first = Network {
            b2: vec![net.b2[0]],
            ..alone.clone()
        };
        if bucket > 0 {
            assert_ne!(super::evaluate(&net, &pos), super::evaluate(&first, &pos));
        }
    }
}

#[test]
fn incremental_accumulators_match_a_refresh_with_output_buckets() {
    let net = bucketed_net(32, 17);
    for variant in menagerie_games::all() {
        let made: usize = (0..3)
            .map(|seed| playout(&net, Position::start(&variant), seed, 160))
            .sum();
        assert!(made > 3 * 20, "{}: only {made} moves", variant.key);
    }
}

/// `random_net` with `count` king buckets (the preset of `files` files),
/// each bucket's rows its own.
fn kinged_net(hidden: usize, seed: u64, count: usize, files: u8) -> Network {
    let mut net = random_net(hidden, seed);
    net.kings = super::kings::KingBuckets::preset(count, files).unwrap();
    let mut rng = Rng::new(seed + 1);
    let extra = (net.kings.inputs() - FEATURES) * hidden;
    net.w1
        .extend((0..extra).map(|_| (rng.below(121) as i32 - 60) as i16));
    net
}

#[test]
fn incremental_accumulators_match_a_refresh_with_king_buckets() {
    // Kings cross buckets and wings (a refresh of one side); in games with
    // several kings or none, the first bucket.
    for variant in menagerie_games::all() {
        let files = variant.geometry.files();
        let net = kinged_net(32, 19, 4, files);
        let made: usize = (0..4)
            .map(|seed| playout(&net, Position::start(&variant), seed, 200))
            .sum();
        assert!(made > 4 * 20, "{}: only {made} moves", variant.key);
    }
}

#[test]
fn searches_with_king_buckets_keep_their_accumulators_in_step() {
    let variant = menagerie_rules::fide::chess();
    let net = std::sync::Arc::new(kinged_net(32, 23, 3, 8));
    let pos = Position::from_fen(
        variant,
        "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    // Castling either way, king walks, a king's capture.
    search_in_step(&net, &pos, 5);
}
