//! Variant specs and rule flags: which specs the server accepts, the flags
//! each game exposes, and one interned `&'static Variant` per distinct
//! (spec, flags) so repeated games never leak.

use crate::dto::{OptionInfo, OptionMap, PieceInfo, VariantInfo};
use crate::error::ApiError;
use crate::pieces;
use menagerie_games::wreckage::{self, Flags};
use menagerie_rules::{Role, Variant};
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

/// The longest variant spec accepted.
pub const MAX_SPEC_LEN: usize = 300;

/// A rule flag a game exposes.
#[derive(Clone, Copy, Debug)]
pub struct OptionDef {
    /// The flag's name.
    pub name: &'static str,
    /// What it changes.
    pub description: &'static str,
}

const FREEZE: OptionDef = OptionDef {
    name: "freeze_affects_friendly",
    description: "A Terror Freeze also freezes the pieces of its own side next to it.",
};
const DETONATOR: OptionDef = OptionDef {
    name: "detonator_hits_friendly",
    description: "A detonation also destroys the Detonator's own neighbours (never its own king).",
};
const PROMOTE_DROP: OptionDef = OptionDef {
    name: "promote_to_drop_piece",
    description: "Pawns may also promote to the hand piece (Flying Guillotine or Terror Freeze).",
};
const DROPS_RESET: OptionDef = OptionDef {
    name: "drops_reset_halfmove",
    description: "A drop restarts the 50-move count.",
};
const STRAIGHT_ONLY: OptionDef = OptionDef {
    name: "wall_pass_over_straight_only",
    description: "Pieces pass over their own Wall only straight forward, not diagonally forward.",
};
const DRAW_RULES: OptionDef = OptionDef {
    name: "draw_rules",
    description: "Threefold repetition and the 50-move rule draw the game.",
};

/// The flags `v` accepts.
#[must_use]
pub fn option_defs(v: &Variant) -> Vec<OptionDef> {
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

fn is_daniel(v: &Variant) -> bool {
    v.key == "wreckage" || v.key == "carnage"
}

/// The value of flag `name` in `v`.
#[must_use]
pub fn option_value(v: &Variant, name: &str) -> Option<bool> {
    let o = &v.options;
    Some(match name {
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

/// The built-in game or Pick the Piece setup a spec names. Setup files are
/// refused: a web client must not make the server read its files.
///
/// # Errors
/// `400 unknown_variant` or `400 bad_setup`.
pub fn base(spec: &str) -> Result<&'static Variant, ApiError> {
    let spec = spec.trim();
    if spec.len() > MAX_SPEC_LEN {
        return Err(ApiError::bad_request(
            "unknown_variant",
            format!("a variant spec has at most {MAX_SPEC_LEN} characters"),
        ));
    }
    let inline = menagerie_games::pick_the_piece::custom::strip_prefix(spec).is_some();
    if !inline && menagerie_games::by_name(spec).is_none() {
        return Err(ApiError::bad_request(
            "unknown_variant",
            format!(
                "unknown variant {spec:?}; known: {}, or a Pick the Piece setup such as \
                 pick-the-piece:slots=O,C;drops=N,A,J2",
                menagerie_games::NAMES.join(", ")
            ),
        ));
    }
    menagerie_games::resolve(spec).map_err(|e| ApiError::bad_request("bad_setup", e.to_string()))
}

static INTERNED: LazyLock<Mutex<HashMap<String, &'static Variant>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// The variant for `spec` with `options` applied, and the options that
/// differ from the game's defaults (what a game stores).
///
/// # Errors
/// `400` for an unknown spec or an unknown flag.
pub fn resolve(spec: &str, options: &OptionMap) -> Result<(&'static Variant, OptionMap), ApiError> {
    let base = base(spec)?;
    let defs = option_defs(base);
    let mut changed = OptionMap::new();
    for (name, &value) in options {
        if !defs.iter().any(|d| d.name == name) {
            let known: Vec<&str> = defs.iter().map(|d| d.name).collect();
            return Err(ApiError::bad_request(
                "unknown_option",
                format!(
                    "{} has no rule option {name:?}; its options: {}",
                    base.key,
                    known.join(", ")
                ),
            ));
        }
        if option_value(base, name) != Some(value) {
            changed.insert(name.clone(), value);
        }
    }
    if changed.is_empty() {
        return Ok((base, changed));
    }
    let key = format!("{}|{:?}", base.key, changed);
    let mut table = INTERNED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(v) = table.get(&key) {
        return Ok((v, changed));
    }
    let v = build(base, &changed).leak();
    table.insert(key, v);
    Ok((v, changed))
}

fn build(base: &Variant, changed: &OptionMap) -> Variant {
    let get = |name: &str| {
        changed
            .get(name)
            .copied()
            .or_else(|| option_value(base, name))
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

/// The roles that can appear in `v`: on the board or in hand.
#[must_use]
pub fn roles(v: &Variant) -> Vec<Role> {
    Role::ALL
        .into_iter()
        .filter(|&r| v.roles.contains(r) || v.drop_rule(r).is_some())
        .collect()
}

/// The description of a game for `GET /api/variants`.
#[must_use]
pub fn info(v: &Variant) -> VariantInfo {
    VariantInfo {
        key: v.key.clone(),
        title: v.title.clone(),
        files: v.geometry.files(),
        ranks: v.geometry.ranks(),
        start_fen: v.start_fen.clone(),
        has_pockets: v.has_pockets(),
        pieces: roles(v)
            .into_iter()
            .map(|r| PieceInfo {
                letter: r.letter().to_string(),
                name: r.name().to_string(),
                summary: pieces::summary(r, v).to_string(),
            })
            .collect(),
        options: option_defs(v)
            .into_iter()
            .map(|d| OptionInfo {
                name: d.name.to_string(),
                default: option_value(v, d.name).unwrap_or(false),
                description: d.description.to_string(),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_intern_once() {
        let mut o = OptionMap::new();
        o.insert("detonator_hits_friendly".into(), true);
        let (a, ca) = resolve("wreckage", &o).unwrap();
        let (b, _) = resolve("wreckage", &o).unwrap();
        assert!(std::ptr::eq(a, b));
        assert!(a.options.detonator_hits_friendly);
        assert_eq!(ca.len(), 1);
        let (plain, none) = resolve("wreckage", &OptionMap::new()).unwrap();
        assert!(std::ptr::eq(
            plain,
            menagerie_games::by_name("wreckage").unwrap()
        ));
        assert!(none.is_empty());
    }

    #[test]
    fn default_values_do_not_make_a_new_variant() {
        let mut o = OptionMap::new();
        o.insert("draw_rules".into(), true);
        let (v, changed) = resolve("chess", &o).unwrap();
        assert!(changed.is_empty());
        assert!(std::ptr::eq(v, menagerie_games::by_name("chess").unwrap()));
    }

    #[test]
    fn files_and_unknown_flags_are_refused() {
        assert_eq!(base("examples/x.toml").unwrap_err().code, "unknown_variant");
        let mut o = OptionMap::new();
        o.insert("freeze_affects_friendly".into(), true);
        assert_eq!(resolve("chess", &o).unwrap_err().code, "unknown_option");
    }

    #[test]
    fn promote_to_drop_piece_adds_the_choice() {
        let mut o = OptionMap::new();
        o.insert("promote_to_drop_piece".into(), true);
        let (v, _) = resolve("carnage", &o).unwrap();
        assert!(v.promotion.choices.contains(&Role::Freeze));
    }
}
