//! # menagerie-games
//!
//! Every game Menagerie plays, as a [`Variant`](menagerie_rules::Variant) value built from the rules
//! core's parts. Each game's module links its rules document and lists our
//! decisions on its ambiguities.
//!
//! ```
//! let v = menagerie_games::by_name("wreckage").unwrap();
//! let pos = menagerie_rules::Position::start(v);
//! assert_eq!(pos.legal_moves().len(), 36);
//! ```
//!
//! [`resolve`] also accepts players' own Pick the Piece setups, inline or as
//! a TOML file:
//!
//! ```
//! let v = menagerie_games::resolve("pick-the-piece:slots=O,C;drops=A,J2").unwrap();
//! let same = menagerie_games::resolve("pick-the-piece:slots=O,C;drops=J2,A").unwrap();
//! assert!(menagerie_rules::VariantRef::ptr_eq(&v, &same));
//! ```
#![deny(missing_docs)]

pub mod cache;
pub mod catalogue;
pub mod chess;
pub mod longer_board;
pub mod options;
pub mod pick_the_piece;
pub mod wounds;
pub mod wreckage;

use menagerie_rules::VariantRef;
use pick_the_piece::custom::{self, FileError, SetupError};
use std::fmt;

/// The names of the built-in games, as accepted by [`by_name`] (the keys of
/// [`catalogue::GAMES`], in its order).
pub const NAMES: [&str; 6] = {
    let mut names = [""; 6];
    let mut i = 0;
    while i < 6 {
        names[i] = catalogue::GAMES[i].key;
        i += 1;
    }
    names
};

/// A built-in game by its protocol name.
#[must_use]
pub fn by_name(name: &str) -> Option<VariantRef> {
    catalogue::GameEntry::find(name).map(|g| (g.variant)())
}

/// Every built-in game.
#[must_use]
pub fn all() -> Vec<VariantRef> {
    NAMES.iter().filter_map(|n| by_name(n)).collect()
}

/// Why [`resolve`] refused a variant spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// Not a built-in name, not the inline Pick the Piece form and not a
    /// path ending in `.toml`.
    Unknown {
        /// The spec as given.
        spec: String,
    },
    /// A setup file that could not be read.
    Unreadable {
        /// The path as given.
        path: String,
        /// The operating system's reason.
        problem: String,
    },
    /// A setup file that is not TOML, or not of the setup file's shape.
    MalformedToml {
        /// The path as given.
        path: String,
        /// The TOML reader's message (it names the line and the key).
        problem: String,
    },
    /// A well-formed spec that names an invalid setup.
    Setup {
        /// The inline spec or the file path, as given.
        spec: String,
        /// The offending entry and what is wrong with it.
        error: SetupError,
    },
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Unknown { spec } => write!(
                f,
                "unknown variant {spec:?}; known: {}; or a Pick the Piece setup, \
                 e.g. {}slots=A,A;drops=C,O,J3, or a path to a .toml setup file",
                NAMES.join(", "),
                custom::INLINE_PREFIX
            ),
            VariantError::Unreadable { path, problem } => {
                write!(f, "cannot read setup file {path}: {problem}")
            }
            VariantError::MalformedToml { path, problem } => {
                write!(
                    f,
                    "setup file {path} is not valid TOML for a setup: {problem}"
                )
            }
            VariantError::Setup { spec, error } => write!(f, "{spec}: {error}"),
        }
    }
}

impl std::error::Error for VariantError {}

/// The game a variant spec names: a built-in name (see [`NAMES`]), an inline
/// Pick the Piece setup (`pick-the-piece:slots=A,A;drops=C,O,J3`), or a path
/// to a `.toml` setup file (see `docs/pick-the-piece-custom.md`). The same
/// setup gives the same game however it is spelled (the very same value
/// while it stays in [`custom::CACHE_CAPACITY`]'s cache).
///
/// # Errors
/// A [`VariantError`]; for a bad setup it names the offending entry.
pub fn resolve(spec: &str) -> Result<VariantRef, VariantError> {
    let spec = spec.trim();
    if let Some(v) = by_name(spec) {
        return Ok(v);
    }
    let family = if custom::strip_prefix(spec).is_some() {
        custom::parse_inline(spec).map_err(|error| VariantError::Setup {
            spec: spec.to_string(),
            error,
        })?
    } else if spec.to_ascii_lowercase().ends_with(".toml") {
        read_setup_file(spec)?
    } else {
        return Err(VariantError::Unknown {
            spec: spec.to_string(),
        });
    };
    Ok(custom::intern(&family))
}

fn read_setup_file(path: &str) -> Result<pick_the_piece::Family, VariantError> {
    let text = std::fs::read_to_string(path).map_err(|e| VariantError::Unreadable {
        path: path.to_string(),
        problem: e.to_string(),
    })?;
    custom::parse_toml(&text).map_err(|e| match e {
        FileError::Malformed(problem) => VariantError::MalformedToml {
            path: path.to_string(),
            problem,
        },
        FileError::Setup(error) => VariantError::Setup {
            spec: path.to_string(),
            error,
        },
    })
}
