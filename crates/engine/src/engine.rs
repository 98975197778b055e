//! [`Engine`]: the entry point the protocols and the web server call.

use crate::eval::{Weights, DEFAULT};
use crate::level::{self, Rng, MAX_LEVEL};
use crate::limits::Limits;
use crate::nnue::{EvalChoice, Network};
use crate::ordering;
use crate::pruning::Features;
use crate::report::{Info, Listener, SearchResult};
use crate::root::{root_moves, RootMove};
use crate::score::{self, Score, INFINITY};
use crate::search::{Searcher, Shared, MAX_PLY};
use crate::smp::Deepest;
use crate::stability::{best_share, effort_scale, Stability};
use crate::tt::Table;
use menagerie_rules::{GameRecord, Move, Position, Variant};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The first completed depth whose root node shares
/// ([`Features::effort`]) are trusted to move the soft budget.
const EFFORT_DEPTH: u32 = 6;

/// The engine's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Search threads (lazy SMP: all share the table).
    pub threads: usize,
    /// Principal variations to report (analysis).
    pub multipv: usize,
    /// Skill level, 1 (beginner) to 10 (full strength).
    pub level: u8,
    /// Seed of the randomness of levels below 10.
    pub seed: u64,
    /// Which selective search techniques are on.
    pub features: Features,
    /// The evaluation: a net or the classical one.
    pub eval: EvalChoice,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: 64,
            threads: 1,
            multipv: 1,
            level: MAX_LEVEL,
            seed: 0x5eed,
            features: Features::default(),
            eval: EvalChoice::Auto,
        }
    }
}

/// A search engine: settings, a transposition table and evaluation weights
/// kept between searches of one game.
#[derive(Debug)]
pub struct Engine {
    options: Options,
    tt: Table,
    weights: Weights,
    moves_chosen: u64,
    /// Each thread's killers and histories, kept from one search of a game
    /// to the next with [`Features::keep_history`].
    heuristics: Vec<ordering::Heuristics>,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(Options::default())
    }
}

impl Engine {
    /// An engine with these settings.
    #[must_use]
    pub fn new(options: Options) -> Engine {
        let tt = Table::new(options.hash_mb);
        Engine {
            options,
            tt,
            weights: DEFAULT,
            moves_chosen: 0,
            heuristics: Vec::new(),
        }
    }

    /// The current settings.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Changes the settings (the table is rebuilt if its size changes).
    pub fn set_options(&mut self, options: Options) {
        if options.hash_mb != self.options.hash_mb {
            self.tt = Table::new(options.hash_mb);
        }
        self.options = options;
    }

    /// Replaces the evaluation weights (tuning, experiments).
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
    }

    /// The evaluation weights in use.
    #[must_use]
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Forgets what earlier searches learned (a new game).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.moves_chosen = 0;
        self.heuristics.clear();
    }

    /// The net this engine evaluates `variant` with, if any. The shipped
    /// nets play at full strength only: the levels below it keep the
    /// classical evaluation their ladder was measured with (`docs/engine.md`),
    /// unless a net was chosen by name.
    fn net_for(&self, variant: &Variant) -> Option<Arc<Network>> {
        if self.options.level < MAX_LEVEL && matches!(self.options.eval, EvalChoice::Auto) {
            return None;
        }
        self.options.eval.net_for(variant)
    }

    /// The static evaluation of `pos` from the side to move's view.
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        match self.net_for(pos.variant()) {
            Some(net) => crate::nnue::evaluate(&net, pos),
            None => crate::eval::evaluate(pos, &self.weights),
        }
    }

    /// Searches a bare position (no game history).
    pub fn search_position(
        &mut self,
        pos: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        listener: &mut dyn Listener,
    ) -> SearchResult {
        self.search(&GameRecord::new(pos.clone()), limits, stop, listener)
    }

    /// Searches the current position of `game` (its earlier positions count
    /// for repetitions) within `limits`, until `stop` is set or a limit is
    /// reached, reporting each iteration to `listener`. The result's move is
    /// legal whenever a legal move exists, however early the search stops.
    pub fn search(
        &mut self,
        game: &GameRecord,
        limits: &Limits,
        stop: &AtomicBool,
        listener: &mut dyn Listener,
    ) -> SearchResult {
        let start = Instant::now();
        let pos = game.position();
        let level = level::limits(self.options.level);
        let mut limits = limits.clone();
        if self.options.level < MAX_LEVEL {
            limits.depth = min_opt(limits.depth, level.depth);
            limits.nodes = min_opt(limits.nodes, level.nodes);
        }
        let lines = self.options.multipv.max(level.lines).max(1);
        let mut roots = root_moves(pos, &limits.searchmoves);
        let mut features = self.options.features;
        if self.options.level < MAX_LEVEL {
            features = level::ladder_features(features);
            features.quiescence = features.quiescence.min(level.quiescence);
            self.overlook(pos, &mut roots, level.overlook);
        }
        order_roots(pos, &self.weights, &mut roots);
        let history = history_of(game);
        let budget = if features.flat_time {
            limits.flat_time_budget(pos.fullmoves())
        } else {
            limits.time_budget_over(features.time_moves)
        };
        let shared = Shared {
            tt: &self.tt,
            stop,
            abort: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            node_limit: if limits.infinite { None } else { limits.nodes },
            hard_deadline: budget.map(|(_, hard)| start + hard),
        };
        self.tt.new_search();
        let net = self.net_for(pos.variant());
        let run = Run {
            shared: &shared,
            weights: &self.weights,
            net: net.as_deref(),
            features,
            history: &history,
            limits: &limits,
            soft: budget.map(|(soft, _)| soft),
            on_clock: limits.movetime.is_none() && limits.clock.is_some(),
            start,
            lines,
            report_lines: self.options.multipv.max(1),
            deepest: Deepest::default(),
        };
        let threads = self.options.threads.max(1);
        let mut kept = if features.keep_history {
            std::mem::take(&mut self.heuristics)
        } else {
            Vec::new()
        };
        kept.iter_mut().for_each(ordering::Heuristics::age);
        kept.resize_with(threads, ordering::Heuristics::default);
        let mut kept = kept.into_iter();
        let main_heuristics = kept.next().unwrap_or_default();
        let (mut completed, learned) = std::thread::scope(|s| {
            let helpers: Vec<_> = kept
                .enumerate()
                .map(|(i, h)| {
                    let mut helper_roots = roots.clone();
                    let run = &run;
                    s.spawn(move || run.helper(i + 1, &mut helper_roots, h))
                })
                .collect();
            let (done, h) = run.main(&mut roots, listener, main_heuristics);
            shared.abort.store(true, Ordering::Relaxed);
            let mut learned = vec![h];
            learned.extend(helpers.into_iter().filter_map(|t| t.join().ok()));
            (done, learned)
        });
        if features.keep_history {
            self.heuristics = learned;
        }
        let nodes = shared.nodes.load(Ordering::Relaxed);
        let elapsed = start.elapsed();
        if features.deepest && lines == 1 && threads > 1 {
            if let Some((depth, best)) = run.deepest.deeper_than(completed.depth) {
                // The line played is said like any iteration, so a GUI shows
                // the move and score that were chosen.
                let info = line_info(&best, 1, depth, &run, nodes, &self.tt);
                listener.iteration(&info);
                completed.depth = depth;
                completed.lines = vec![info];
            }
        }
        if completed.lines.is_empty() {
            // Stopped before the first iteration finished: the best-ordered
            // legal move stands.
            if let Some(r) = roots.first() {
                completed
                    .lines
                    .push(line_info(r, 1, 0, &run, nodes, &self.tt));
            }
        }
        let chosen = self.choose_line(pos, &completed.lines, level.tolerance);
        let (best, pv, sc) = match completed.lines.get(chosen) {
            Some(info) => (info.pv.first().copied(), info.pv.clone(), info.score),
            None => (None, Vec::new(), no_move_score(pos)),
        };
        completed.lines.truncate(self.options.multipv.max(1));
        SearchResult {
            best,
            ponder: pv.get(1).copied(),
            score: sc,
            depth: completed.depth,
            nodes,
            time: elapsed,
            pv,
            lines: completed.lines,
        }
    }

    /// Drops the root moves a level does not see this move.
    fn overlook(&self, pos: &Position, roots: &mut Vec<RootMove>, percent: u32) {
        let mut rng = Rng::new(self.options.seed ^ pos.hash().rotate_left(17) ^ self.moves_chosen);
        let seen = level::seen(roots.len(), percent, &mut rng);
        let mut i = 0;
        roots.retain(|_| {
            i += 1;
            seen[i - 1]
        });
    }

    fn choose_line(&mut self, pos: &Position, lines: &[Info], tolerance: i32) -> usize {
        if self.options.level >= MAX_LEVEL || lines.len() < 2 {
            return 0;
        }
        self.moves_chosen += 1;
        let mut rng =
            Rng::new(self.options.seed ^ pos.hash() ^ self.moves_chosen.wrapping_mul(0x9e37_79b9));
        let scores: Vec<i32> = lines.iter().map(|l| l.score.centipawns()).collect();
        level::choose(&scores, tolerance, &mut rng)
    }
}

fn min_opt<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

fn no_move_score(pos: &Position) -> Score {
    if pos.variant().has_royal_king() && pos.is_check() {
        Score::Mate(0)
    } else {
        Score::Cp(0)
    }
}

fn order_roots(pos: &Position, w: &Weights, roots: &mut [RootMove]) {
    roots.sort_by_cached_key(|r| -ordering::gain(pos, w, &r.m));
}

fn history_of(game: &GameRecord) -> Vec<(u64, bool)> {
    let mut out = Vec::with_capacity(game.moves().len() + 1);
    out.push((game.start().hash(), false));
    for (p, m) in game.positions().iter().skip(1).zip(game.moves()) {
        out.push((p.hash(), *m == Move::Pass));
    }
    out
}

/// The last completed iteration.
#[derive(Default)]
struct Completed {
    depth: u32,
    lines: Vec<Info>,
}

/// Everything the threads of one search share, read-only.
struct Run<'r, 'a> {
    shared: &'r Shared<'a>,
    weights: &'r Weights,
    net: Option<&'r Network>,
    features: Features,
    history: &'r [(u64, bool)],
    limits: &'r Limits,
    /// The soft time budget: no new iteration starts after it.
    soft: Option<Duration>,
    /// Whether the budget is a share of a clock (so it may stretch or
    /// shrink with the choice's stability) rather than a fixed move time.
    on_clock: bool,
    start: Instant,
    lines: usize,
    report_lines: usize,
    /// The deepest iteration a helper thread completed.
    deepest: Deepest,
}

fn line_info(r: &RootMove, multipv: usize, depth: u32, run: &Run, nodes: u64, tt: &Table) -> Info {
    let time = run.start.elapsed();
    Info {
        depth,
        seldepth: depth,
        multipv,
        score: Score::from_internal(
            if r.score == -INFINITY {
                r.previous
            } else {
                r.score
            }
            .max(-score::MATE),
        ),
        nodes,
        nps: nps(nodes, time),
        time,
        hashfull: tt.hashfull(),
        pv: r.pv.clone(),
    }
}

fn nps(nodes: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}

impl Run<'_, '_> {
    fn max_depth(&self) -> u32 {
        let cap = (MAX_PLY - 8) as u32;
        if self.limits.infinite {
            cap
        } else {
            self.limits.depth.unwrap_or(cap).clamp(1, cap)
        }
    }

    fn main(
        &self,
        roots: &mut [RootMove],
        listener: &mut dyn Listener,
        heuristics: ordering::Heuristics,
    ) -> (Completed, ordering::Heuristics) {
        let mut done = Completed::default();
        if roots.is_empty() {
            return (done, heuristics);
        }
        let mut searcher = Searcher::new(
            self.shared,
            self.weights,
            self.features,
            self.history.to_vec(),
            self.net,
        );
        searcher.heuristics = heuristics;
        let lines = self.lines.min(roots.len());
        let mut stability = Stability::default();
        for depth in 1..=self.max_depth() {
            searcher.seldepth = 0;
            let mut finished = true;
            for line in 0..lines {
                let guess = roots[line].score;
                for r in roots[line..].iter_mut() {
                    r.previous = r.score;
                }
                if searcher
                    .aspirate(roots, line, depth as i32, guess)
                    .is_none()
                {
                    finished = false;
                    break;
                }
            }
            searcher.flush_nodes();
            if !finished || self.shared.aborted() && depth > 1 {
                break;
            }
            let nodes = self.shared.nodes.load(Ordering::Relaxed);
            done.depth = depth;
            done.lines = roots[..lines]
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let mut info = line_info(r, i + 1, depth, self, nodes, self.shared.tt);
                    info.seldepth = searcher.seldepth.max(depth as usize) as u32;
                    info
                })
                .collect();
            for info in done.lines.iter().take(self.report_lines) {
                listener.iteration(info);
            }
            stability.update(roots[0].m, roots[0].score);
            if self.should_stop_after(&done, roots, &stability) {
                break;
            }
        }
        (done, searcher.heuristics)
    }

    fn should_stop_after(
        &self,
        done: &Completed,
        roots: &[RootMove],
        stability: &Stability,
    ) -> bool {
        let legal = roots.len();
        if self.limits.infinite {
            return false;
        }
        if let (Some(n), Some(Score::Mate(m))) =
            (self.limits.mate, done.lines.first().map(|l| l.score))
        {
            if m > 0 && m <= n as i32 {
                return true;
            }
        }
        if let Some(Score::Mate(m)) = done.lines.first().map(|l| l.score) {
            // A proven mate needs no deeper look once the depth covers it.
            if done.depth >= 2 * m.unsigned_abs() + 2 && self.lines == 1 {
                return true;
            }
        }
        let timed = self.soft.is_some();
        if timed && legal == 1 && done.depth >= 4 {
            return true;
        }
        let mut scale = if self.on_clock && self.features.stability {
            stability.scale()
        } else {
            1.0
        };
        if self.on_clock && self.features.effort && done.depth >= EFFORT_DEPTH {
            let nodes: Vec<u64> = roots.iter().map(|r| r.nodes).collect();
            scale *= effort_scale(best_share(&nodes));
        }
        self.soft
            .is_some_and(|t| self.start.elapsed().as_secs_f64() >= t.as_secs_f64() * scale)
    }

    fn helper(
        &self,
        id: usize,
        roots: &mut [RootMove],
        heuristics: ordering::Heuristics,
    ) -> ordering::Heuristics {
        if roots.is_empty() {
            return heuristics;
        }
        let mut searcher = Searcher::new(
            self.shared,
            self.weights,
            self.features,
            self.history.to_vec(),
            self.net,
        );
        searcher.heuristics = heuristics;
        let mut depth = 1 + (id % 2) as u32;
        while depth <= self.max_depth() && !self.shared.aborted() {
            let guess = roots[0].score;
            let finished = searcher.aspirate(roots, 0, depth as i32, guess).is_some();
            if !finished || self.shared.aborted() {
                break;
            }
            self.deepest.offer(depth, &roots[0]);
            depth += 1;
        }
        searcher.flush_nodes();
        searcher.heuristics
    }
}
