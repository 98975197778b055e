//! The players a match can seat: the engine at full strength or a level,
//! a random mover, a one-ply material grabber, and any external UCI engine
//! that speaks our move strings.

use super::clock::Clocks;
use super::uci_player::{UciPlayer, UciSpec};
use menagerie_engine::eval::{self, DEFAULT};
use menagerie_engine::level::Rng;
use menagerie_engine::nnue::{EvalChoice, Network};
use menagerie_engine::{Clock, Engine, Features, Limits, Options, Silent};
use menagerie_rules::{Color, GameRecord, Move};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// How long each engine move may take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Milliseconds per move.
    Movetime(u64),
    /// Nodes per move.
    Nodes(u64),
    /// Both sides' clocks: the mover budgets its own time.
    Clock(Clocks),
}

impl Budget {
    /// The search limits of Menagerie's engine when `side` is to move: a
    /// clock is handed to the engine's own time management (a share of the
    /// time left plus most of the increment, never more than a fraction of
    /// what is left).
    fn limits(self, side: Color) -> Limits {
        match self {
            Budget::Movetime(ms) => Limits::movetime(Duration::from_millis(ms)),
            Budget::Nodes(n) => Limits::nodes(n),
            Budget::Clock(c) => Limits {
                clock: Some(Clock {
                    time: c.left(side),
                    increment: c.increment,
                    moves_to_go: None,
                }),
                ..Limits::default()
            },
        }
    }
}

/// The engine's settings as a match seats it.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// Skill level.
    pub level: u8,
    /// Search techniques on.
    pub features: Features,
    /// Search threads.
    pub threads: usize,
    /// Evaluation weights from a file (`weights=PATH`), if not the defaults.
    pub weights: Option<Box<menagerie_engine::eval::Weights>>,
    /// The evaluation: `classical`, `net=PATH`, or the default.
    pub eval: EvalChoice,
    /// The switches as written (for the player's name).
    pub switches: String,
}

impl EngineSpec {
    fn full(level: u8) -> EngineSpec {
        EngineSpec {
            level,
            features: Features::default(),
            threads: 1,
            weights: None,
            eval: EvalChoice::Auto,
            switches: String::new(),
        }
    }

    fn parse(text: &str) -> Result<EngineSpec, String> {
        // `weights=PATH` comes last and takes the rest (a path has slashes).
        let (text, weights) = match text.split_once("/weights=") {
            Some((head, path)) => (head, Some(path)),
            None => (text, None),
        };
        // So does `net=PATH` (before `weights=` when both are given).
        let (text, net) = match text.split_once("/net=") {
            Some((head, path)) => (head, Some(path)),
            None => (text, None),
        };
        let mut parts = text.split('/');
        let head = parts.next().unwrap_or("");
        let level = match head.strip_prefix("engine:") {
            None if head == "engine" => menagerie_engine::level::MAX_LEVEL,
            Some(l) => match l.parse::<u8>() {
                Ok(n) if (1..=10).contains(&n) => n,
                _ => return Err(format!("player {text:?}: the level must be 1 to 10")),
            },
            None => return Err(format!("unknown player {text:?}")),
        };
        let mut spec = EngineSpec::full(level);
        for sw in parts {
            let f = &mut spec.features;
            match sw {
                "no-null" => f.null_move = false,
                "no-lmr" => f.lmr = false,
                "no-futility" => f.futility = false,
                "no-checkext" => f.check_extension = false,
                "no-lmp" => f.late_move_pruning = false,
                "no-qsearch" => f.quiescence = 0,
                "no-exchange" => f.exchange = false,
                "improving" => f.improving = true,
                "see" => f.see = true,
                "no-see" => f.see = false,
                "seeprune" => f.see_pruning = true,
                "caphist" => f.capture_history = true,
                "no-caphist" => f.capture_history = false,
                "no-seeprune" => f.see_pruning = false,
                "no-iir" => f.iir = false,
                "histlmr" => f.history_lmr = true,
                "early" => f.early_pruning = true,
                "no-precheck" => f.precheck = false,
                "flattime" => f.flat_time = true,
                "stability" => f.stability = true,
                "effort" => f.effort = true,
                "no-effort" => f.effort = false,
                "counter" => f.countermove = true,
                "singular" => f.singular = true,
                "no-singular" => f.singular = false,
                "multicut" => f.multi_cut = true,
                "conthist" => f.continuation = true,
                "keephist" => f.keep_history = true,
                "deep" => f.params.deepen(),
                "nmpeval" => f.params.nmp_eval_max = 3,
                "tteval" => f.table_eval = true,
                "no-tteval" => f.table_eval = false,
                "no-keephist" => f.keep_history = false,
                "no-conthist" => f.continuation = false,
                "corrhist" => f.correction = true,
                "no-corrhist" => f.correction = false,
                "lmrplus" => f.lmr_plus = true,
                "no-lmrplus" => f.lmr_plus = false,
                "histprune" => f.history_pruning = true,
                "razor" => f.razoring = true,
                "steephist" => f.steep_history = true,
                "probcut" => f.probcut = true,
                "no-probcut" => f.probcut = false,
                "caplmr" => f.capture_lmr = true,
                "cutlmr" => f.cut_lmr = true,
                "ttcaplmr" => f.tt_capture_lmr = true,
                "lmpimp" => f.lmp_improving = true,
                "double" => f.double_extension = true,
                "singular6" => f.shallow_singular = true,
                "safecheck" => f.safe_check_extension = true,
                "fifty" => f.fifty_scale = true,
                "drawish" => f.drawish = true,
                "qchecks" => f.quiet_checks = true,
                "no-dead" => f.dead = false,
                "no-deepest" => f.deepest = false,
                "progress" => f.progress = true,
                "hunt" => f.hunt = true,
                "ttpv" => f.tt_pv = true,
                "deeper" => f.deeper = true,
                "prior" => f.prior = true,
                "cutiir" => f.cut_iir = true,
                "nmpguard" => f.null_guard = true,
                "quietsee" => f.quiet_see = true,
                "hanglmr" => f.hanging_lmr = true,
                "lazyquiet" => f.lazy_quiets = true,
                "ttfirst" => f.table_first = true,
                "setaside" => f.set_aside = true,
                "no-ttfirst" => f.table_first = false,
                "no-setaside" => f.set_aside = false,
                "classical" => spec.eval = EvalChoice::Classical,
                _ if sw.starts_with("p:") => f
                    .params
                    .set_text(&sw["p:".len()..])
                    .map_err(|e| format!("player {text:?}: {e}"))?,
                _ if sw.starts_with("tm=") => {
                    f.time_moves = match sw["tm=".len()..].parse::<u32>() {
                        Ok(n) if (5..=50).contains(&n) => n,
                        _ => return Err(format!("player {text:?}: tm= takes 5 to 50 moves")),
                    }
                }
                _ => match sw
                    .strip_prefix("threads=")
                    .and_then(|n| n.parse::<usize>().ok())
                {
                    Some(n) if (1..=64).contains(&n) => spec.threads = n,
                    _ => return Err(format!("player {text:?}: unknown engine switch {sw:?}")),
                },
            }
            spec.switches.push('/');
            spec.switches.push_str(sw);
        }
        if let Some(path) = net {
            spec.eval = load_net(path)?;
            spec.switches.push_str("/net=");
            spec.switches.push_str(
                std::path::Path::new(path)
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or(path),
            );
        }
        if let Some(path) = weights {
            spec.weights = Some(Box::new(crate::tune_cmd::read_weights(
                std::path::Path::new(path),
            )?));
            spec.switches.push_str("/weights");
        }
        Ok(spec)
    }
}

/// Reads a net file for `engine/net=PATH`.
///
/// # Errors
/// A message naming the file and what is wrong with it.
pub fn load_net(path: &str) -> Result<EvalChoice, String> {
    read_net(Path::new(path)).map(|net| EvalChoice::Net(Arc::new(net)))
}

/// Reads and checks a net file (`engine/net=PATH`, `tune train --init`).
///
/// # Errors
/// A message naming the file and what is wrong with it.
pub fn read_net(path: &Path) -> Result<Network, String> {
    let bytes =
        std::fs::read(path).map_err(|e| format!("cannot read net {}: {e}", path.display()))?;
    Network::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// A player as given on the command line.
#[derive(Clone, Debug, PartialEq)]
pub enum Spec {
    /// `engine` or `engine:LEVEL`, optionally followed by `/`-separated
    /// switches (`no-null`, `no-lmr`, `no-futility`, `no-checkext`, `no-lmp`,
    /// `no-qsearch`, `no-exchange`, `no-iir`, `no-tteval`, `no-keephist`,
    /// `no-conthist`, `no-singular` (on by default since stop 51), and the
    /// techniques off by default `improving`, `histlmr`, `counter`, `early`,
    /// `multicut` (with singular extensions), `stability`, `progress`, `hunt`, `deep`, `nmpeval`,
    /// stop 61's `ttpv`, `deeper`, `prior`, `cutiir`, `nmpguard`, `quietsee`, `hanglmr`, stop 66's
    /// `effort`, stop 67's `lazyquiet` (and `conthist`, `keephist`,
    /// `tteval`, on by default since stop 40, and stop 72's `ttfirst` and
    /// `setaside`, on since stop 77), `threads=N`) used to measure each technique,
    /// `p:NAME=VALUE` (a search constant, `menagerie_engine::params`), `classical` (the
    /// hand-written evaluation), then `net=PATH` (a net file) and
    /// `weights=PATH` (piece values), each taking the rest of the text.
    Engine(EngineSpec),
    /// `random`.
    Random,
    /// `greedy`.
    Greedy,
    /// `uci:COMMAND`, optionally with `?NAME=VALUE&...` UCI options.
    Uci(UciSpec),
}

impl Spec {
    /// Parses `engine`, `engine:LEVEL`, `random`, `greedy` or `uci:COMMAND`.
    ///
    /// # Errors
    /// A message naming the bad player.
    pub fn parse(text: &str) -> Result<Spec, String> {
        let t = text.trim();
        if t == "engine" || t.starts_with("engine:") || t.starts_with("engine/") {
            return EngineSpec::parse(t).map(Spec::Engine);
        }
        if let Some(rest) = t.strip_prefix("uci:") {
            return UciSpec::parse(rest)
                .map(Spec::Uci)
                .map_err(|e| format!("player {t:?}: {e}"));
        }
        match t {
            "random" => Ok(Spec::Random),
            "greedy" => Ok(Spec::Greedy),
            _ => Err(format!(
                "unknown player {t:?}: use engine, engine:LEVEL, random, greedy or uci:COMMAND"
            )),
        }
    }

    /// The player's name in result lines.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            Spec::Engine(e) if e.level == 10 => format!("engine{}", e.switches),
            Spec::Engine(e) => format!("engine:{}{}", e.level, e.switches),
            Spec::Random => "random".to_string(),
            Spec::Greedy => "greedy".to_string(),
            Spec::Uci(u) => format!("uci:{}", u.name()),
        }
    }

    /// The player with UCI options (`NAME=VALUE` each) added, as
    /// `--option-a`/`--option-b` give them.
    ///
    /// # Errors
    /// A message if an option is not `NAME=VALUE`, or the player is not a
    /// `uci:` engine (built-in players take their settings in their name:
    /// `engine:LEVEL`, `engine/threads=N`).
    pub fn with_options(self, options: &[String]) -> Result<Spec, String> {
        if options.is_empty() {
            return Ok(self);
        }
        match self {
            Spec::Uci(mut u) => {
                for o in options {
                    u.add_option(o)?;
                }
                Ok(Spec::Uci(u))
            }
            other => Err(format!(
                "player {:?} takes no UCI options: only uci: players do (set the \
                 built-in engine's level and threads in its name: engine:LEVEL, engine/threads=N)",
                other.name()
            )),
        }
    }
}

/// A seated player.
pub enum Player {
    /// Menagerie's engine.
    Engine(Box<Engine>),
    /// Uniformly random legal moves.
    Random(Rng),
    /// The move that wins the most material at once, ties at random.
    Greedy(Rng),
    /// An external engine.
    Uci(Box<UciPlayer>),
}

impl Player {
    /// Seats a player for one game-playing thread.
    ///
    /// # Errors
    /// A message if an external engine cannot be started.
    pub fn seat(spec: &Spec, seed: u64) -> Result<Player, String> {
        Ok(match spec {
            Spec::Engine(e) => {
                let mut engine = Engine::new(Options {
                    hash_mb: 16,
                    level: e.level,
                    seed,
                    features: e.features,
                    threads: e.threads,
                    eval: e.eval.clone(),
                    ..Options::default()
                });
                if let Some(w) = &e.weights {
                    engine.set_weights((**w).clone());
                }
                Player::Engine(Box::new(engine))
            }
            Spec::Random => Player::Random(Rng::new(seed)),
            Spec::Greedy => Player::Greedy(Rng::new(seed)),
            Spec::Uci(u) => Player::Uci(Box::new(UciPlayer::start(u)?)),
        })
    }

    /// Prepares for a new game.
    ///
    /// # Errors
    /// A message if an external engine fails.
    pub fn new_game(&mut self, variant: &str) -> Result<(), String> {
        match self {
            Player::Engine(e) => e.new_game(),
            Player::Uci(u) => u.new_game(variant)?,
            Player::Random(_) | Player::Greedy(_) => {}
        }
        Ok(())
    }

    /// The player's move in the game's current position, with a comment
    /// (the engine's score and depth) when it has one.
    ///
    /// # Errors
    /// A message if the player has no move or an external engine fails.
    pub fn choose(
        &mut self,
        game: &GameRecord,
        budget: Budget,
    ) -> Result<(Move, Option<String>), String> {
        let pos = game.position();
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return Err("no legal move".to_string());
        }
        match self {
            Player::Engine(e) => {
                let limits = budget.limits(pos.turn());
                let r = e.search(game, &limits, &AtomicBool::new(false), &mut Silent);
                let m = r.best.ok_or("the engine returned no move")?;
                Ok((
                    m,
                    Some(menagerie_protocol::pgn::score_comment(r.score, r.depth)),
                ))
            }
            Player::Random(rng) => Ok((legal[rng.below(legal.len())], None)),
            Player::Greedy(rng) => Ok((greedy(game, &legal, rng), None)),
            Player::Uci(u) => u.choose(game, budget).map(|m| (m, None)),
        }
    }
}

/// The legal move leaving the mover the most material (board and pockets)
/// against the opponent's, one ply deep; ties broken at random.
fn greedy(game: &GameRecord, legal: &[Move], rng: &mut Rng) -> Move {
    let pos = game.position();
    let us = pos.turn();
    let mut best = Vec::new();
    let mut best_score = i32::MIN;
    for m in legal {
        let mut next = pos.clone();
        next.play_unchecked(m);
        let s = eval::material(&next, &DEFAULT, us) - eval::material(&next, &DEFAULT, !us)
            + if wins(&next, us) { 100_000 } else { 0 };
        if s > best_score {
            best_score = s;
            best.clear();
        }
        if s == best_score {
            best.push(*m);
        }
    }
    best[rng.below(best.len())]
}

fn wins(pos: &menagerie_rules::Position, us: menagerie_rules::Color) -> bool {
    matches!(pos.outcome(), Some(menagerie_rules::Outcome::Decisive { winner, .. }) if winner == us)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_player_form() {
        assert_eq!(
            Spec::parse("engine"),
            Ok(Spec::Engine(EngineSpec::full(10)))
        );
        assert_eq!(
            Spec::parse("engine:3"),
            Ok(Spec::Engine(EngineSpec::full(3)))
        );
        let Ok(Spec::Engine(e)) = Spec::parse("engine/no-null/threads=2") else {
            panic!("engine switches must parse");
        };
        assert!(!e.features.null_move && e.features.lmr && e.threads == 2);
        assert_eq!(Spec::Engine(e).name(), "engine/no-null/threads=2");
        assert!(Spec::parse("engine/fast").is_err());
        let Ok(Spec::Engine(e)) = Spec::parse("engine/conthist/keephist/deep/nmpeval") else {
            panic!("the stop-39 switches must parse");
        };
        let f = e.features;
        assert!(f.continuation && f.keep_history);
        assert_eq!((f.params.rfp_depth, f.params.rfp_margin), (7, 85));
        assert_eq!((f.params.fut_depth, f.params.lmp_depth), (4, 6));
        assert_eq!(f.params.nmp_eval_max, 3);
        let Ok(Spec::Engine(e)) = Spec::parse("engine/no-tteval/no-keephist/no-conthist") else {
            panic!("the stop-40 switches must parse");
        };
        let f = e.features;
        assert!(!f.table_eval && !f.keep_history && !f.continuation);
        let Ok(Spec::Engine(e)) = Spec::parse("engine/corrhist/lmrplus/histprune/razor") else {
            panic!("the stop-41 switches must parse");
        };
        let f = e.features;
        assert!(f.correction && f.lmr_plus && f.history_pruning && f.razoring);
        let Ok(Spec::Engine(e)) = Spec::parse("engine/no-dead/no-corrhist/no-lmrplus") else {
            panic!("the stop-42 switches must parse");
        };
        let f = e.features;
        assert!(!f.dead && !f.correction && !f.lmr_plus);
        let Ok(Spec::Engine(e)) =
            Spec::parse("engine/ttpv/deeper/prior/cutiir/nmpguard/quietsee/hanglmr")
        else {
            panic!("the stop-61 switches must parse");
        };
        let f = e.features;
        assert!(f.tt_pv && f.deeper && f.prior && f.cut_iir);
        assert!(f.null_guard && f.quiet_see && f.hanging_lmr);
        let Ok(Spec::Engine(e)) = Spec::parse("engine/effort") else {
            panic!("the stop-66 switch must parse");
        };
        assert!(e.features.effort);
        let Ok(Spec::Engine(e)) = Spec::parse("engine/lazyquiet") else {
            panic!("the stop-67 switch must parse");
        };
        assert!(e.features.lazy_quiets);
        let Ok(Spec::Engine(e)) = Spec::parse("engine/no-ttfirst/no-setaside") else {
            panic!("the stop-72 switches must parse");
        };
        assert!(!e.features.table_first && !e.features.set_aside);
        let Ok(Spec::Engine(plain)) = Spec::parse("engine") else {
            panic!("engine must parse");
        };
        let f = plain.features;
        assert!(!f.tt_pv && !f.deeper && !f.prior && !f.cut_iir);
        assert!(!f.null_guard && !f.quiet_see && !f.hanging_lmr && !f.effort);
        assert_eq!(f.params, menagerie_engine::params::Params::default());
        assert_eq!(f.params.nmp_eval_max, 0);
        assert!(f.table_eval && f.keep_history && f.continuation && f.dead);
        assert!(f.correction && f.lmr_plus && f.singular && !f.multi_cut);
        assert!(f.table_first && f.set_aside, "on since stop 77");
        let Ok(Spec::Engine(e)) = Spec::parse("engine/no-singular") else {
            panic!("the stop-51 switch must parse");
        };
        assert!(!e.features.singular);
        let Ok(Spec::Engine(e)) = Spec::parse("engine/tm=20") else {
            panic!("the stop-59 switch must parse");
        };
        assert_eq!((e.features.time_moves, plain.features.time_moves), (20, 30));
        assert!(Spec::parse("engine/tm=4").is_err() && Spec::parse("engine/tm=x").is_err());
        assert_eq!(Spec::parse("random"), Ok(Spec::Random));
        assert_eq!(Spec::parse("greedy"), Ok(Spec::Greedy));
        let Ok(Spec::Uci(u)) = Spec::parse("uci:./x --y?Skill Level=3&Hash=16") else {
            panic!("uci: players must parse");
        };
        assert_eq!(u.command, "./x --y");
        assert_eq!(u.options.len(), 2);
        assert!(Spec::parse("uci:./x?Hash").is_err());
        assert!(Spec::parse("engine:11").is_err());
        assert!(Spec::parse("engine:x").is_err());
        assert!(Spec::parse("stockfish").is_err());
        assert!(Spec::parse("uci:").is_err());
    }

    #[test]
    fn search_constants_are_set_by_name_and_checked() {
        let Ok(Spec::Engine(e)) = Spec::parse("engine/p:rfp_margin=90/p:lmr_div=230") else {
            panic!("p: switches must parse");
        };
        let p = e.features.params;
        assert_eq!((p.rfp_margin, p.lmr_div), (90, 230));
        assert_eq!(
            p.fut_base,
            menagerie_engine::params::Params::default().fut_base
        );
        for bad in [
            "engine/p:nope=1",
            "engine/p:lmr_div=0",
            "engine/p:rfp_margin",
            "engine/p:x=y",
        ] {
            let e = Spec::parse(bad).unwrap_err();
            assert!(e.contains("search parameter"), "{bad}: {e}");
        }
    }

    #[test]
    fn only_uci_players_take_options() {
        let opts = vec!["Hash=16".to_string()];
        let Ok(Spec::Uci(u)) = Spec::parse("uci:x").and_then(|s| s.with_options(&opts)) else {
            panic!("a uci: player takes options");
        };
        assert_eq!(u.options, vec![("Hash".to_string(), "16".to_string())]);
        let e = Spec::parse("engine").and_then(|s| s.with_options(&opts));
        assert!(e.is_err_and(|m| m.contains("takes no UCI options")));
        assert_eq!(
            Spec::parse("random").and_then(|s| s.with_options(&[])),
            Ok(Spec::Random)
        );
    }
}
