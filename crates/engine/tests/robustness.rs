//! Engine robustness in every game: a search never returns an illegal move,
//! however small its budget and whatever the table remembers from earlier
//! searches, and a stop request ends a `go infinite` search promptly.
//!
//! Both are run for the six built-in games and for a player's own Pick the
//! Piece setup (`pick-the-piece:slots=O,C;drops=N,A,J2`). Everything is
//! seeded and deterministic except the timing of the stop test.

use menagerie_engine::{Engine, Features, Limits, Options, Silent};
use menagerie_rules::{notation, GameRecord, Position, VariantRef};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::RwLock;
use std::thread;
use std::time::{Duration, Instant};

/// The playout tests share the machine (read lock); the stop test measures
/// time and runs alone (write lock), so this file's own tests do not skew it.
static MACHINE: RwLock<()> = RwLock::new(());

const CUSTOM_PICK: &str = "pick-the-piece:slots=O,C;drops=N,A,J2";

fn variant(name: &str) -> VariantRef {
    menagerie_games::by_name(name)
        .or_else(|| menagerie_games::resolve(name).ok())
        .unwrap_or_else(|| panic!("no game {name}"))
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn seed_of(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// Tiny limits: a node budget of 200 to 2,000, sometimes together with a
/// depth cap of 1 or 2 plies.
fn tiny_limits(rng: &mut Rng) -> Limits {
    let nodes = 200 + rng.below(1_801);
    let depth = match rng.below(4) {
        0 => Some(1),
        1 => Some(2),
        _ => None,
    };
    Limits {
        depth,
        nodes: Some(nodes),
        ..Limits::default()
    }
}

/// Plays seeded playouts of `name` (each move the engine's choice, 3 times
/// in 5, or else a random legal move; at most 100 plies) and searches at least `positions`
/// positions with tiny limits, keeping the engine's table between searches
/// of one game. Every search must return a legal move, and none exactly when
/// the position has no legal move. Settings vary from game to game (MultiPV
/// 3, level 3, two threads, histories kept between moves with continuation
/// history). Returns the number of positions searched.
fn playouts_stay_legal(name: &str, positions: usize) -> usize {
    let _shared = MACHINE
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let v = variant(name);
    let mut rng = Rng::new(seed_of(name));
    let mut engine = Engine::new(Options {
        hash_mb: 1,
        ..Options::default()
    });
    let stop = AtomicBool::new(false);
    let mut searched = 0;
    let mut games = 0;
    let mut terminal = 0;
    while searched < positions {
        games += 1;
        // Vary the settings from game to game: MultiPV, a weaker level (which
        // picks among several lines at random) and two lazy-SMP threads.
        engine.set_options(Options {
            hash_mb: 1,
            multipv: if games % 3 == 2 { 3 } else { 1 },
            level: if games % 5 == 4 { 3 } else { 10 },
            threads: if games % 4 == 3 { 2 } else { 1 },
            features: Features {
                continuation: games % 2 == 1,
                keep_history: games % 2 == 1,
                tt_pv: games % 3 == 1,
                deeper: games % 2 == 0,
                prior: games % 3 != 0,
                cut_iir: games % 2 == 1,
                null_guard: games % 3 == 0,
                quiet_see: games % 2 == 0,
                hanging_lmr: games % 4 == 0,
                ..Features::default()
            },
            ..Options::default()
        });
        engine.new_game();
        let mut game = GameRecord::new(Position::start(&v));
        for ply in 0..100 {
            let pos = game.position().clone();
            let legal = pos.legal_moves();
            let limits = tiny_limits(&mut rng);
            // Search the game (its history counts for repetitions) most of
            // the time, the bare position now and then.
            let result = if rng.below(4) == 0 {
                engine.search_position(&pos, &limits, &stop, &mut Silent)
            } else {
                engine.search(&game, &limits, &stop, &mut Silent)
            };
            searched += 1;
            let context = || {
                format!(
                    "{name}, game {games} ply {ply}, {limits:?}\nposition {}\nmoves {}",
                    pos.fen(),
                    game.moves()
                        .iter()
                        .zip(game.positions())
                        .map(|(m, p)| notation::render(p, m))
                        .collect::<Vec<_>>()
                        .join(" ")
                )
            };
            match result.best {
                None => {
                    assert!(
                        legal.is_empty(),
                        "no move returned although legal moves exist: {}",
                        context()
                    );
                    terminal += 1;
                    break;
                }
                Some(m) => {
                    assert!(
                        legal.contains(&m),
                        "illegal best move {m:?} ({}): {}",
                        notation::render(&pos, &m),
                        context()
                    );
                    if let Some(p) = result.pv.first() {
                        assert_eq!(
                            *p,
                            m,
                            "the PV does not start with the best move: {}",
                            context()
                        );
                    }
                    let next = if rng.below(5) < 3 {
                        m
                    } else {
                        legal[rng.below(legal.len() as u64) as usize]
                    };
                    game.play(&next).expect("a legal move plays");
                }
            }
            if game.outcome().is_some() && game.position().legal_moves().is_empty() {
                // Mate, stalemate or no men: search it once more (it must
                // return no move), then start a new game.
                let pos = game.position().clone();
                let result = engine.search(&game, &tiny_limits(&mut rng), &stop, &mut Silent);
                searched += 1;
                terminal += 1;
                assert_eq!(
                    result.best,
                    None,
                    "{name}: a move returned in a finished position {}",
                    pos.fen()
                );
                break;
            }
        }
    }
    eprintln!("{name}: {searched} positions in {games} games, {terminal} ended with no legal move");
    searched
}

#[test]
fn search_stays_legal_in_chess() {
    assert!(playouts_stay_legal("chess", 600) >= 600);
}

#[test]
fn search_stays_legal_in_wreckage() {
    assert!(playouts_stay_legal("wreckage", 600) >= 600);
}

#[test]
fn search_stays_legal_in_carnage() {
    assert!(playouts_stay_legal("carnage", 600) >= 600);
}

#[test]
fn search_stays_legal_in_air_and_trench() {
    assert!(playouts_stay_legal("air-and-trench", 600) >= 600);
}

#[test]
fn search_stays_legal_in_longer_board() {
    assert!(playouts_stay_legal("longer-board", 600) >= 600);
}

#[test]
fn search_stays_legal_in_wounds() {
    assert!(playouts_stay_legal("wounds", 600) >= 600);
}

#[test]
fn search_stays_legal_in_a_custom_pick_the_piece_game() {
    assert!(playouts_stay_legal(CUSTOM_PICK, 600) >= 600);
}

/// A busy middlegame of `name`: at least 30 plies from the start, each the
/// choice of a 600-node search (deterministic), and on until the side to
/// move is not in check and has more than 15 legal moves.
fn middlegame(name: &str) -> GameRecord {
    let v = variant(name);
    let mut engine = Engine::new(Options {
        hash_mb: 1,
        ..Options::default()
    });
    let mut game = GameRecord::new(Position::start(v));
    let stop = AtomicBool::new(false);
    for ply in 0..80 {
        let pos = game.position();
        if ply >= 30 && !pos.is_check() && pos.legal_moves().len() > 15 {
            break;
        }
        let r = engine.search(&game, &Limits::nodes(600), &stop, &mut Silent);
        game.play(&r.best.expect("the middlegame goes on"))
            .expect("legal");
    }
    assert!(
        game.position().legal_moves().len() > 15,
        "{name}: not a busy position: {}",
        game.position().fen()
    );
    game
}

/// Runs `go infinite` on a thread, sets the stop flag after about 100 ms
/// and returns how long after the flag the search returned, checking its
/// move is legal.
fn stop_latency(game: &GameRecord, engine: &mut Engine) -> Duration {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let (result, returned, flagged) = thread::scope(|s| {
        let worker = s.spawn(|| {
            let r = engine.search(game, &limits, &stop, &mut Silent);
            (r, Instant::now())
        });
        thread::sleep(Duration::from_millis(100));
        assert!(
            !worker.is_finished(),
            "go infinite returned before the stop request in {}",
            game.position().fen()
        );
        let flagged = Instant::now();
        stop.store(true, Ordering::SeqCst);
        let (r, returned) = worker.join().expect("the search thread");
        (r, returned, flagged)
    });
    let pos = game.position();
    let best = result.best.expect("a move");
    assert!(
        pos.legal_moves().contains(&best),
        "illegal move {} after stop in {}",
        notation::render(pos, &best),
        pos.fen()
    );
    returned
        .checked_duration_since(flagged)
        .expect("the search returned after the stop request")
}

#[test]
fn stop_is_honoured_within_50_ms_in_every_game() {
    let positions: Vec<(&str, GameRecord)> = menagerie_games::NAMES
        .iter()
        .chain([&CUSTOM_PICK])
        .map(|n| (*n, middlegame(n)))
        .collect();
    let _alone = MACHINE
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let limit = Duration::from_millis(50);
    for (name, game) in &positions {
        // One search thread, then two (lazy SMP: the helper must stop too).
        for threads in [1, 2] {
            // The table is allocated before the clock matters.
            let mut engine = Engine::new(Options {
                threads,
                ..Options::default()
            });
            let mut tries = Vec::new();
            for _ in 0..3 {
                let latency = stop_latency(game, &mut engine);
                tries.push(latency);
                if latency < limit {
                    break;
                }
            }
            let best = tries.iter().min().copied().unwrap_or_default();
            eprintln!("{name}, {threads} thread(s): stop latency {tries:?}");
            assert!(
                best < limit,
                "{name}, {threads} thread(s): the search returned {tries:?} after the stop \
                 flag (the best of 3 must be under 50 ms) in {}",
                game.position().fen()
            );
        }
    }
}

#[test]
fn the_last_line_said_is_the_move_played_with_two_threads() {
    // With two threads the move played may come from the helper's deeper
    // iteration; that line must then be the last one reported, so a GUI
    // shows the move and score that were chosen.
    let _shared = MACHINE
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    for name in ["chess", "wreckage"] {
        let game = middlegame(name);
        for ms in [5, 20, 60] {
            let mut engine = Engine::new(Options {
                threads: 2,
                hash_mb: 4,
                ..Options::default()
            });
            let limits = Limits {
                movetime: Some(Duration::from_millis(ms)),
                ..Limits::default()
            };
            let mut last = None;
            let mut listener = |info: &menagerie_engine::Info| last = Some(info.clone());
            let stop = AtomicBool::new(false);
            let result = engine.search(&game, &limits, &stop, &mut listener);
            // A 5 ms search may end before its first iteration is said;
            // a 60 ms one never may, so that case always checks the line.
            let Some(info) = last else {
                assert!(ms < 60, "{name}, {ms} ms: the search said no line at all");
                continue;
            };
            assert_eq!(
                (info.pv.first().copied(), info.depth),
                (result.best, result.depth),
                "{name}, {ms} ms: the last line said is not the one played"
            );
        }
    }
}
