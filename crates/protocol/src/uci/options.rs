//! The UCI options Menagerie offers, and `setoption` applied to [`Settings`].

use crate::flags::{parse_bool, FlagInfo, FLAGS};
use crate::settings::{self, number_in, Settings};
use menagerie_engine::level::MAX_LEVEL;
use menagerie_engine::nnue::EvalChoice;
use std::time::Duration;

/// The option selecting a custom Pick the Piece setup.
pub const SETUP_OPTION: &str = "PickThePieceSetup";

/// The value of a per-game rule flag that leaves each game its own rule.
pub const PER_GAME: &str = "default";

/// The rule flag `name` (any case; old names such as `wounds_draw_rules`
/// are understood).
fn flag(name: &str) -> Option<&'static FlagInfo> {
    let lower = name.to_ascii_lowercase();
    let name = menagerie_games::options::canonical(&lower);
    FLAGS.iter().find(|f| f.name == name)
}

/// The `option ...` lines answering `uci`.
#[must_use]
pub fn option_lines() -> Vec<String> {
    let vars: String = menagerie_games::NAMES
        .iter()
        .map(|n| format!(" var {n}"))
        .collect();
    let mut lines = vec![
        format!("option name UCI_Variant type combo default chess{vars}"),
        format!("option name {SETUP_OPTION} type string default <empty>"),
    ];
    for f in FLAGS {
        lines.push(if f.per_game {
            format!(
                "option name {} type combo default {PER_GAME} var {PER_GAME} var true var false",
                f.name
            )
        } else {
            format!("option name {} type check default {}", f.name, f.default)
        });
    }
    lines.extend([
        format!(
            "option name Hash type spin default 64 min 1 max {}",
            settings::MAX_HASH_MB
        ),
        format!(
            "option name Threads type spin default 1 min 1 max {}",
            settings::MAX_THREADS
        ),
        format!(
            "option name MultiPV type spin default 1 min 1 max {}",
            settings::MAX_MULTIPV
        ),
        format!("option name Skill Level type spin default {MAX_LEVEL} min 1 max {MAX_LEVEL}"),
        format!(
            "option name Move Overhead type spin default {} min 0 max {}",
            settings::DEFAULT_OVERHEAD_MS,
            settings::MAX_OVERHEAD_MS
        ),
        "option name Ponder type check default false".to_string(),
        format!("option name EvalFile type string default {BUILTIN_NET}"),
        "option name Use NNUE type check default true".to_string(),
    ]);
    lines
}

/// What a successful `setoption` changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Changed {
    /// The game (variant, setup or a rule flag): the position resets.
    Game,
    /// An engine or time setting.
    Engine,
    /// Nothing Menagerie uses (e.g. `Ponder`, which only tells the engine
    /// the GUI may ponder).
    Nothing,
}

/// Applies `setoption name NAME value VALUE` to `s` (option names are
/// matched without regard to case, as UCI asks).
///
/// # Errors
/// A message naming the option and what is wrong with the value.
pub fn apply(s: &mut Settings, name: &str, value: Option<&str>) -> Result<Changed, String> {
    let value = value.unwrap_or("");
    let lower = name.to_ascii_lowercase();
    if let Some(f) = flag(name) {
        let reset = f.per_game && value.trim().eq_ignore_ascii_case(PER_GAME);
        let v = if reset { None } else { parse_bool(value) };
        if v.is_none() && !reset {
            let choices = if f.per_game {
                "default, true or false"
            } else {
                "true or false"
            };
            return Err(format!("{} must be {choices}, not {value:?}", f.name));
        }
        s.flags.set_or_reset(f.name, v);
        return Ok(Changed::Game);
    }
    match lower.as_str() {
        "uci_variant" => {
            let name = value.trim();
            let mut trial = s.clone();
            trial.variant = name.to_string();
            trial.setup.clear();
            trial.game()?;
            s.variant = name.to_string();
            Ok(Changed::Game)
        }
        "pickthepiecesetup" => {
            let spec = value.trim();
            let spec = if spec == "<empty>" { "" } else { spec };
            let mut trial = s.clone();
            trial.setup = spec.to_string();
            trial.game()?;
            s.setup = spec.to_string();
            Ok(Changed::Game)
        }
        "hash" => {
            s.engine.hash_mb = to_usize(number_in(name, value, 1, settings::MAX_HASH_MB as u64)?);
            Ok(Changed::Engine)
        }
        "threads" => {
            s.engine.threads = to_usize(number_in(name, value, 1, settings::MAX_THREADS as u64)?);
            Ok(Changed::Engine)
        }
        "multipv" => {
            s.engine.multipv = to_usize(number_in(name, value, 1, settings::MAX_MULTIPV as u64)?);
            Ok(Changed::Engine)
        }
        "skill level" => {
            let v = number_in(name, value, 1, u64::from(MAX_LEVEL))?;
            s.engine.level = u8::try_from(v).unwrap_or(MAX_LEVEL);
            Ok(Changed::Engine)
        }
        "move overhead" => {
            let ms = number_in(name, value, 0, settings::MAX_OVERHEAD_MS)?;
            s.move_overhead = Duration::from_millis(ms);
            Ok(Changed::Engine)
        }
        "evalfile" => {
            s.eval_file = eval_file(value.trim())?;
            s.engine.eval = s.eval();
            Ok(Changed::Engine)
        }
        "use nnue" => {
            s.use_nnue = parse_bool(value)
                .ok_or_else(|| format!("{name} must be true or false, not {value:?}"))?;
            s.engine.eval = s.eval();
            Ok(Changed::Engine)
        }
        "ponder" | "uci_analysemode" | "uci_chess960" | "uci_showcurrline" => Ok(Changed::Nothing),
        _ => Err(format!("unknown option {name:?}")),
    }
}

/// The `EvalFile` value meaning the nets shipped in the binary.
pub const BUILTIN_NET: &str = "<builtin>";

/// The net an `EvalFile` value names: the shipped ones for `<builtin>` or
/// an empty value, else the file at that path.
fn eval_file(value: &str) -> Result<EvalChoice, String> {
    if value.is_empty() || value == BUILTIN_NET || value == "<empty>" {
        return Ok(EvalChoice::Auto);
    }
    let bytes = std::fs::read(value).map_err(|e| format!("EvalFile {value}: {e}"))?;
    EvalChoice::from_net_bytes(&bytes).map_err(|e| format!("EvalFile {value}: {e}"))
}

fn to_usize(v: u64) -> usize {
    usize::try_from(v).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_a_variant_choice() {
        let first = &option_lines()[0];
        for n in menagerie_games::NAMES {
            assert!(first.contains(&format!("var {n}")), "{n}");
        }
    }

    #[test]
    fn the_evaluation_options_select_or_explain() {
        let mut s = Settings::default();
        assert_eq!(s.engine.eval, EvalChoice::Auto);
        assert_eq!(
            apply(&mut s, "Use NNUE", Some("false")),
            Ok(Changed::Engine)
        );
        assert_eq!(s.engine.eval, EvalChoice::Classical);
        assert!(apply(&mut s, "Use NNUE", Some("maybe")).is_err());
        let e = apply(&mut s, "EvalFile", Some("/no/such/net.nnue")).unwrap_err();
        assert!(e.contains("EvalFile"), "{e}");
        assert_eq!(
            apply(&mut s, "EvalFile", Some(BUILTIN_NET)),
            Ok(Changed::Engine)
        );
        assert_eq!(apply(&mut s, "Use NNUE", Some("true")), Ok(Changed::Engine));
        assert_eq!(s.engine.eval, EvalChoice::Auto);
    }

    #[test]
    fn options_apply_or_explain() {
        let mut s = Settings::default();
        assert_eq!(
            apply(&mut s, "uci_variant", Some("wreckage")),
            Ok(Changed::Game)
        );
        assert_eq!(s.variant, "wreckage");
        assert!(apply(&mut s, "UCI_Variant", Some("checkers"))
            .unwrap_err()
            .contains("checkers"));
        assert_eq!(s.variant, "wreckage");
        assert_eq!(apply(&mut s, "Hash", Some("2")), Ok(Changed::Engine));
        assert_eq!(s.engine.hash_mb, 2);
        assert!(apply(&mut s, "Hash", Some("0")).is_err());
        assert!(apply(&mut s, "Skill Level", Some("11")).is_err());
        assert!(apply(&mut s, "detonator_hits_friendly", Some("maybe")).is_err());
        assert_eq!(
            apply(&mut s, "detonator_hits_friendly", Some("true")),
            Ok(Changed::Game)
        );
        assert!(s.game().unwrap().options.detonator_hits_friendly);
        assert!(apply(&mut s, "Frobs", Some("1")).is_err());
    }
}
