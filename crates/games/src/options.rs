//! Rule options as data: which documented options a game has, what each
//! changes, its value in a game, and the game with chosen values applied.
//!
//! This is the one home of the options for the web API and the command line
//! (`perft`, `moves`): they all use the names below. A game with options
//! differs from its base only in its rules, so every distinct combination of
//! a game and option values is built once and reused while it stays in a
//! bounded cache ([`CACHE_CAPACITY`]).
//!
//! ```
//! use menagerie_games::options;
//! let wreckage = menagerie_games::by_name("wreckage").unwrap();
//! let values = options::parse_assignments(["detonator_hits_friendly=true"]).unwrap();
//! let (v, changed) = options::apply(&wreckage, &values).unwrap();
//! assert!(v.options.detonator_hits_friendly);
//! assert_eq!(changed.len(), 1);
//! ```

use crate::cache::VariantCache;
use crate::wreckage::{self, Flags};
use menagerie_rules::variant::Origin;
use menagerie_rules::{Role, Variant, VariantRef};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::LazyLock;

/// Option values by name, as chosen by a player (switches only so far).
pub type OptionValues = BTreeMap<String, bool>;

/// A documented rule option a game has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleOption {
    /// Its name, the same in the web API, UCI and the command line.
    pub name: &'static str,
    /// What it changes, in one sentence.
    pub description: &'static str,
    /// Its value in every game that has it, or `None` where games differ
    /// (`draw_rules`: on, but off in Wounds).
    pub default: Option<bool>,
}

const FREEZE: RuleOption = RuleOption {
    name: "freeze_affects_friendly",
    description: "A Terror Freeze also freezes the pieces of its own side next to it.",
    default: Some(false),
};
const DETONATOR: RuleOption = RuleOption {
    name: "detonator_hits_friendly",
    description: "A detonation also destroys the Detonator's own neighbours (never its own king).",
    default: Some(false),
};
const PROMOTE_DROP: RuleOption = RuleOption {
    name: "promote_to_drop_piece",
    description: "Pawns may also promote to the hand piece (Flying Guillotine or Terror Freeze).",
    default: Some(false),
};
const DROPS_RESET: RuleOption = RuleOption {
    name: "drops_reset_halfmove",
    description: "A drop restarts the 50-move count.",
    default: Some(true),
};
const STRAIGHT_ONLY: RuleOption = RuleOption {
    name: "wall_pass_over_straight_only",
    description: "Pieces pass over their own Wall only straight forward, not diagonally forward.",
    default: Some(false),
};
const DRAW_RULES: RuleOption = RuleOption {
    name: "draw_rules",
    description: "Threefold repetition and the 50-move rule draw the game.",
    default: None,
};

/// Every rule option of any game, in the order protocols list them.
pub const ALL: [RuleOption; 6] = [
    FREEZE,
    DETONATOR,
    PROMOTE_DROP,
    DROPS_RESET,
    STRAIGHT_ONLY,
    DRAW_RULES,
];

/// Older spellings still accepted on input, with the name they stand for.
const ALIASES: [(&str, &str); 1] = [("wounds_draw_rules", "draw_rules")];

/// Why option values cannot be applied to a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// The game has no option of that name.
    Unknown {
        /// The game's key.
        game: String,
        /// The name asked for.
        name: String,
        /// The options the game has.
        known: Vec<&'static str>,
    },
    /// Not `name=value`, or a value that is not a switch value.
    Malformed(String),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown { game, name, known } => write!(
                f,
                "{game} has no rule option {name:?}; its options: {}",
                known.join(", ")
            ),
            OptionError::Malformed(problem) => f.write_str(problem),
        }
    }
}

impl std::error::Error for OptionError {}

/// The options `v` has, in the order pages and protocols list them.
#[must_use]
pub fn of(v: &Variant) -> Vec<RuleOption> {
    let has = |r: Role| v.roles.contains(r) || v.drop_rule(r).is_some();
    let mut out = Vec::new();
    if has(Role::Freeze) {
        out.push(FREEZE);
    }
    if has(Role::Detonator) {
        out.push(DETONATOR);
    }
    if is_daniel(v) {
        out.push(PROMOTE_DROP);
    }
    if v.has_pockets() {
        out.push(DROPS_RESET);
    }
    if has(Role::Wall) && v.options.wall_pass_over {
        out.push(STRAIGHT_ONLY);
    }
    out.push(DRAW_RULES);
    out
}

/// Charles Daniel's games (Wreckage, Carnage), built by [`wreckage::build`].
fn is_daniel(v: &Variant) -> bool {
    v.key == "wreckage" || v.key == "carnage"
}

/// The value of option `name` in `v`, or `None` if no game has such an option.
#[must_use]
pub fn value(v: &Variant, name: &str) -> Option<bool> {
    let o = &v.options;
    Some(match canonical(name) {
        "freeze_affects_friendly" => o.freeze_affects_friendly,
        "detonator_hits_friendly" => o.detonator_hits_friendly,
        "promote_to_drop_piece" => {
            let special = if v.key == "carnage" {
                Role::Freeze
            } else {
                Role::Guillotine
            };
            v.promotion.choices.contains(&special)
        }
        "drops_reset_halfmove" => o.drops_reset_halfmove,
        "wall_pass_over_straight_only" => o.wall_pass_over_straight_only,
        "draw_rules" => o.draw_rules,
        _ => return None,
    })
}

/// The documented name for `name` (an alias such as `wounds_draw_rules` gives
/// `draw_rules`; any other name is returned unchanged).
#[must_use]
pub fn canonical(name: &str) -> &str {
    ALIASES
        .iter()
        .find(|(alias, _)| *alias == name)
        .map_or(name, |(_, real)| real)
}

/// Reads `name=value` words (values `true`/`false`, also `on`/`off`, `yes`/`no`,
/// `1`/`0`); a later word for the same option wins.
///
/// # Errors
/// [`OptionError::Malformed`] naming the word.
pub fn parse_assignments<'a>(
    words: impl IntoIterator<Item = &'a str>,
) -> Result<OptionValues, OptionError> {
    let mut out = OptionValues::new();
    for word in words {
        let (name, value) = word.split_once('=').ok_or_else(|| {
            OptionError::Malformed(format!("rule option {word:?} is not NAME=VALUE"))
        })?;
        let value = parse_switch(value).ok_or_else(|| {
            OptionError::Malformed(format!(
                "rule option {} takes true or false, not {value:?}",
                name.trim()
            ))
        })?;
        out.insert(canonical(name.trim()).to_string(), value);
    }
    Ok(out)
}

/// A switch value: `true`/`false`, `on`/`off`, `yes`/`no`, `1`/`0`, any case.
#[must_use]
pub fn parse_switch(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "1" | "yes" => Some(true),
        "false" | "off" | "0" | "no" => Some(false),
        _ => None,
    }
}

/// Most games built with rule options kept at once: 256. A game and a set
/// of options is a few tens of kilobytes, so this bounds the table to a few
/// megabytes however many combinations (of every player's setup with every
/// option) are asked for; an evicted combination is rebuilt when asked again.
pub const CACHE_CAPACITY: usize = 256;

static BUILT: LazyLock<VariantCache<String>> = LazyLock::new(|| VariantCache::new(CACHE_CAPACITY));

/// The game `v` was built from by [`apply`] and the option values that
/// differ from it; `None` for a variant [`apply`] did not build.
#[must_use]
pub fn origin(v: &Variant) -> Option<(VariantRef, OptionValues)> {
    v.origin
        .as_ref()
        .map(|o| (o.base.clone(), o.changed.clone()))
}

/// `base` with `values` applied, and the values that differ from `base`'s
/// (what a stored game keeps). Values equal to the game's own give `base`
/// itself; otherwise the game for (game, changed values) is built once and
/// reused while it stays among the [`CACHE_CAPACITY`] most recently used.
///
/// # Errors
/// [`OptionError::Unknown`] for an option `base` does not have.
pub fn apply(
    base: &VariantRef,
    values: &OptionValues,
) -> Result<(VariantRef, OptionValues), OptionError> {
    let defs = of(base);
    let mut changed = OptionValues::new();
    for (name, &wanted) in values {
        let name = canonical(name);
        if !defs.iter().any(|d| d.name == name) {
            return Err(OptionError::Unknown {
                game: base.key.clone(),
                name: name.to_string(),
                known: defs.iter().map(|d| d.name).collect(),
            });
        }
        if value(base, name) != Some(wanted) {
            changed.insert(name.to_string(), wanted);
        }
    }
    if changed.is_empty() {
        return Ok((base.clone(), changed));
    }
    let key = cache_key(base, &changed);
    let built = BUILT.get_or_build(&key, || {
        let mut v = build(base, &changed);
        v.origin = Some(Origin {
            base: base.clone(),
            changed: changed.clone(),
        });
        v.shared()
    });
    Ok((built, changed))
}

/// How many games built with options are kept now (at most
/// [`CACHE_CAPACITY`]).
#[must_use]
pub fn cached() -> usize {
    BUILT.len()
}

/// What tells one (game, changed values) apart from every other: the game's
/// key, title, flags and own origin (two built-in games share a key and
/// title and differ in a flag) and the changed values.
fn cache_key(base: &Variant, changed: &OptionValues) -> String {
    format!(
        "{}|{}|{:?}|{:?}|{changed:?}",
        base.key,
        base.title,
        base.options,
        base.origin.as_ref().map(|o| &o.changed)
    )
}

fn build(base: &Variant, changed: &OptionValues) -> Variant {
    let get = |name: &str| {
        changed
            .get(name)
            .copied()
            .or_else(|| value(base, name))
            .unwrap_or(false)
    };
    let mut v = if is_daniel(base) {
        wreckage::build(
            base.key == "carnage",
            Flags {
                freeze_affects_friendly: get(FREEZE.name),
                detonator_hits_friendly: get(DETONATOR.name),
                promote_to_drop_piece: get(PROMOTE_DROP.name),
                drops_reset_50_move: get(DROPS_RESET.name),
            },
        )
    } else {
        base.clone()
    };
    v.options.freeze_affects_friendly = get(FREEZE.name);
    v.options.detonator_hits_friendly = get(DETONATOR.name);
    v.options.drops_reset_halfmove = get(DROPS_RESET.name);
    v.options.wall_pass_over_straight_only = get(STRAIGHT_ONLY.name);
    v.options.draw_rules = get(DRAW_RULES.name);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(name: &str) -> VariantRef {
        crate::by_name(name).unwrap()
    }

    fn one(name: &str, value: bool) -> OptionValues {
        OptionValues::from([(name.to_string(), value)])
    }

    #[test]
    fn options_intern_once_and_defaults_give_the_game_itself() {
        let (a, changed) = apply(&game("wreckage"), &one("detonator_hits_friendly", true)).unwrap();
        let (b, _) = apply(&game("wreckage"), &one("detonator_hits_friendly", true)).unwrap();
        assert!(VariantRef::ptr_eq(&a, &b));
        assert!(a.options.detonator_hits_friendly);
        assert_eq!(changed.len(), 1);
        let (from, what) = origin(&a).unwrap();
        assert!(VariantRef::ptr_eq(&from, &game("wreckage")));
        assert_eq!(what, changed);
        assert!(origin(&game("wreckage")).is_none());
        let (plain, none) = apply(&game("chess"), &one("draw_rules", true)).unwrap();
        assert!(VariantRef::ptr_eq(&plain, &game("chess")));
        assert!(none.is_empty());
    }

    #[test]
    fn unknown_and_malformed_options_are_named() {
        let e = apply(&game("chess"), &one("freeze_affects_friendly", true)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "chess has no rule option \"freeze_affects_friendly\"; its options: draw_rules"
        );
        for bad in ["detonator_hits_friendly", "x=maybe", "=true="] {
            assert!(
                matches!(parse_assignments([bad]), Err(OptionError::Malformed(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_old_wounds_name_is_an_alias() {
        let values = parse_assignments(["wounds_draw_rules=on"]).unwrap();
        let (v, changed) = apply(&game("wounds"), &values).unwrap();
        assert!(v.options.draw_rules);
        assert_eq!(changed, one("draw_rules", true));
    }

    #[test]
    fn promote_to_drop_piece_adds_the_choice() {
        let (v, _) = apply(&game("carnage"), &one("promote_to_drop_piece", true)).unwrap();
        assert!(v.promotion.choices.contains(&Role::Freeze));
        assert_eq!(value(&v, "promote_to_drop_piece"), Some(true));
    }

    #[test]
    fn every_game_lists_options_it_can_report_with_the_common_default() {
        for v in crate::all() {
            for o in of(&v) {
                let value = value(&v, o.name);
                assert!(value.is_some(), "{} {}", v.key, o.name);
                assert!(ALL.contains(&o), "{}", o.name);
                if let Some(d) = o.default {
                    assert_eq!(value, Some(d), "{} {}", v.key, o.name);
                }
            }
        }
    }
}
