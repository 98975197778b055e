//! What a GUI configures, shared by both front-ends: the game (a variant
//! name or a custom Pick the Piece setup, plus rule flags) and the engine's
//! options.

use crate::flags::{self, RuleFlags};
use menagerie_engine::nnue::EvalChoice;
use menagerie_engine::Options;
use menagerie_rules::VariantRef;
use std::time::Duration;

/// Largest transposition table a GUI may ask for, in MiB.
pub const MAX_HASH_MB: usize = 4096;
/// Most search threads.
pub const MAX_THREADS: usize = 64;
/// Most MultiPV lines.
pub const MAX_MULTIPV: usize = 64;
/// Largest move overhead, in milliseconds.
pub const MAX_OVERHEAD_MS: u64 = 5000;
/// Default move overhead, in milliseconds.
pub const DEFAULT_OVERHEAD_MS: u64 = 30;

/// The GUI's choices.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The selected game by name (`UCI_Variant`, XBoard `variant`).
    pub variant: String,
    /// A custom Pick the Piece setup (inline form or `.toml` path); when not
    /// empty it is the game played, whatever `variant` says.
    pub setup: String,
    /// Rule flags.
    pub flags: RuleFlags,
    /// Engine options.
    pub engine: Options,
    /// Time kept back per move for GUI and pipe lag.
    pub move_overhead: Duration,
    /// The net file chosen (`EvalFile`), or the shipped nets (`Auto`).
    pub eval_file: EvalChoice,
    /// Whether a net evaluates where one is available (`Use NNUE`);
    /// false selects the classical evaluation.
    pub use_nnue: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            variant: "chess".to_string(),
            setup: String::new(),
            flags: RuleFlags::default(),
            engine: Options::default(),
            move_overhead: Duration::from_millis(DEFAULT_OVERHEAD_MS),
            eval_file: EvalChoice::Auto,
            use_nnue: true,
        }
    }
}

impl Settings {
    /// The engine's evaluation from `EvalFile` and `Use NNUE`.
    #[must_use]
    pub fn eval(&self) -> EvalChoice {
        if self.use_nnue {
            self.eval_file.clone()
        } else {
            EvalChoice::Classical
        }
    }

    /// The game these settings select.
    ///
    /// # Errors
    /// The variant resolver's message (unknown name, bad setup).
    pub fn game(&self) -> Result<VariantRef, String> {
        let spec = if self.setup.trim().is_empty() {
            &self.variant
        } else {
            &self.setup
        };
        flags::select(spec, &self.flags)
    }
}

/// Parses a whole number within `min..=max`, naming the option on error.
///
/// # Errors
/// A message naming the option, the value and the range.
pub fn number_in(name: &str, value: &str, min: u64, max: u64) -> Result<u64, String> {
    match value.trim().parse::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(format!(
            "{name} must be a whole number from {min} to {max}, not {value:?}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setup_overrides_the_variant_name() {
        let mut s = Settings::default();
        assert_eq!(s.game().unwrap().key, "chess");
        s.setup = "pick-the-piece:slots=O,C;drops=A,J2".into();
        assert!(s.game().unwrap().key.starts_with("pick-the-piece"));
        s.setup = "pick-the-piece:nonsense".into();
        assert!(s.game().is_err());
    }

    #[test]
    fn numbers_are_range_checked() {
        assert_eq!(number_in("Hash", "16", 1, 64), Ok(16));
        assert!(number_in("Hash", "0", 1, 64).unwrap_err().contains("Hash"));
        assert!(number_in("Hash", "x", 1, 64).is_err());
    }
}
