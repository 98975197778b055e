//! Rule flags a GUI may set (the games' rule options, with the names of
//! [`menagerie_games::options`]), and the game a variant spec plus flags names.
//!
//! A flag that does not concern a game changes nothing in it: setting
//! `freeze_affects_friendly` while playing chess is harmless. The options
//! themselves, and the cache of variants per game and option values, live
//! in [`menagerie_games::options`]; this module is the protocols' adapter.

use menagerie_games::options::{self, OptionValues};
use menagerie_rules::{Variant, VariantRef};

/// The rule flags a GUI has set: values by option name (the names of
/// [`menagerie_games::options::ALL`]); a flag not set has its default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleFlags(OptionValues);

/// One flag's name, default and one-line description.
#[derive(Copy, Clone, Debug)]
pub struct FlagInfo {
    /// The option name (as in the rules documents).
    pub name: &'static str,
    /// The default value (for a flag with [`FlagInfo::per_game`]: the value
    /// most games have; the protocols offer `default` instead).
    pub default: bool,
    /// Whether its default is each game's own (a three-way `default`/`true`/
    /// `false` choice in the protocols) rather than one value for all games.
    pub per_game: bool,
    /// What it changes.
    pub description: &'static str,
}

/// Every flag, in the order the protocols list them: the games' rule
/// options ([`menagerie_games::options::ALL`]), with the protocols' defaults.
pub const FLAGS: [FlagInfo; 6] = {
    let mut out = [FlagInfo {
        name: "",
        default: false,
        per_game: false,
        description: "",
    }; 6];
    let mut i = 0;
    while i < out.len() {
        let o = options::ALL[i];
        out[i] = FlagInfo {
            name: o.name,
            default: matches!(o.default, Some(true)),
            per_game: o.default.is_none(),
            description: o.description,
        };
        i += 1;
    }
    out
};

impl RuleFlags {
    /// The value of the flag `name` (`None` inside: each game's own), if
    /// there is such a flag. Old names (`wounds_draw_rules`) are understood.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<Option<bool>> {
        let name = options::canonical(name);
        let info = FLAGS.iter().find(|f| f.name == name)?;
        let default = (!info.per_game).then_some(info.default);
        Some(self.0.get(name).copied().or(default))
    }

    /// Sets the flag `name`; false if there is no such flag.
    pub fn set(&mut self, name: &str, value: bool) -> bool {
        self.set_or_reset(name, Some(value))
    }

    /// Sets the flag `name`, or with `None` gives it back its default (for a
    /// per-game flag: each game's own rule); false if there is no such flag.
    pub fn set_or_reset(&mut self, name: &str, value: Option<bool>) -> bool {
        let name = options::canonical(name);
        if !FLAGS.iter().any(|f| f.name == name) {
            return false;
        }
        match value {
            Some(v) => self.0.insert(name.to_string(), v),
            None => self.0.remove(name),
        };
        true
    }

    /// The flags that differ from their defaults, as `name=value` words
    /// separated by spaces (empty when all are at their defaults).
    #[must_use]
    pub fn to_words(&self) -> String {
        FLAGS
            .iter()
            .filter_map(|f| {
                let v = self.get(f.name)??;
                (f.per_game || v != f.default).then(|| format!("{}={v}", f.name))
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Reads [`RuleFlags::to_words`] output (defaults for flags not named).
    ///
    /// # Errors
    /// A message naming the word that is not `flag=true|false`.
    pub fn from_words(text: &str) -> Result<RuleFlags, String> {
        let mut flags = RuleFlags::default();
        for word in text.split_whitespace() {
            let (name, value) = word
                .split_once('=')
                .ok_or_else(|| format!("rule flag {word:?} is not name=true|false"))?;
            let value = parse_bool(value)
                .ok_or_else(|| format!("rule flag {name} has value {value:?}, not true|false"))?;
            if !flags.set(name, value) {
                return Err(format!("unknown rule flag {name:?}"));
            }
        }
        Ok(flags)
    }

    /// The flags a variant built by [`apply`] carries (defaults for a
    /// variant that [`apply`] did not build).
    #[must_use]
    pub fn of(variant: &VariantRef) -> RuleFlags {
        let mut flags = RuleFlags::default();
        if let Some((_, changed)) = options::origin(variant) {
            for (name, &value) in &changed {
                flags.set(name, value);
            }
        }
        flags
    }

    /// The values of these flags for the options `base` has.
    fn values_for(&self, base: &Variant) -> OptionValues {
        options::of(base)
            .into_iter()
            .filter_map(|o| Some((o.name.to_string(), self.get(o.name)??)))
            .collect()
    }
}

/// `true`/`false` (also `on`/`off`, `1`/`0`, any case).
#[must_use]
pub fn parse_bool(text: &str) -> Option<bool> {
    options::parse_switch(text)
}

/// `base` with `flags` applied: `base` itself when the flags change nothing
/// in it, otherwise the cached variant per (base, changed options) ([`options::apply`]).
#[must_use]
pub fn apply(base: &VariantRef, flags: &RuleFlags) -> VariantRef {
    options::apply(base, &flags.values_for(base)).map_or_else(|_| base.clone(), |(v, _)| v)
}

/// The game a spec (built-in name, inline Pick the Piece setup or `.toml`
/// path) names, with `flags` applied.
///
/// # Errors
/// The variant resolver's message.
pub fn select(spec: &str, flags: &RuleFlags) -> Result<VariantRef, String> {
    let base = menagerie_games::resolve(spec).map_err(|e| e.to_string())?;
    Ok(apply(&base, flags))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_flags_give_the_builtin_game() {
        for name in menagerie_games::NAMES {
            let v = menagerie_games::by_name(name).unwrap();
            assert!(
                menagerie_rules::VariantRef::ptr_eq(&apply(&v, &RuleFlags::default()), &v),
                "{name}"
            );
        }
    }

    #[test]
    fn flags_are_interned_and_recorded() {
        let mut f = RuleFlags::default();
        f.set("detonator_hits_friendly", true);
        let a = select("wreckage", &f).unwrap();
        let b = select("wreckage", &f).unwrap();
        assert!(menagerie_rules::VariantRef::ptr_eq(&a, &b));
        assert!(a.options.detonator_hits_friendly);
        assert_eq!(RuleFlags::of(&a), f);
        assert_eq!(f.to_words(), "detonator_hits_friendly=true");
        assert_eq!(RuleFlags::from_words(&f.to_words()).unwrap(), f);
    }

    #[test]
    fn promotion_to_the_drop_piece_and_game_specific_flags() {
        let with = |name: &str, value: bool| {
            let mut f = RuleFlags::default();
            assert!(f.set(name, value), "{name}");
            f
        };
        let v = select("carnage", &with("promote_to_drop_piece", true)).unwrap();
        assert!(v.promotion.choices.contains(&menagerie_rules::Role::Freeze));
        assert!(
            select("wounds", &with("draw_rules", true))
                .unwrap()
                .options
                .draw_rules
        );
        let l = with("wall_pass_over_straight_only", true);
        assert!(
            select("longer-board", &l)
                .unwrap()
                .options
                .wall_pass_over_straight_only
        );
        assert!(menagerie_rules::VariantRef::ptr_eq(
            &select("chess", &l).unwrap(),
            &menagerie_games::by_name("chess").unwrap()
        ));
        let mut reset = with("draw_rules", false);
        assert!(reset.set_or_reset("wounds_draw_rules", None));
        assert_eq!(reset, RuleFlags::default());
        assert!(!reset.set("nope", true));
    }

    #[test]
    fn bad_flag_words_are_named() {
        assert!(RuleFlags::from_words("nope=true")
            .unwrap_err()
            .contains("nope"));
        assert!(RuleFlags::from_words("draw").unwrap_err().contains("draw"));
    }
}
