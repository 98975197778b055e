//! Variant specs and rule options for the web API: which specs the server
//! accepts and the JSON description of a game. The options and the cached
//! variant per (game, options) live in [`menagerie_games::options`].

use crate::dto::{OptionInfo, OptionMap, PieceInfo, VariantInfo};
use crate::error::{ApiError, ErrorCode};
use menagerie_games::catalogue::GameEntry;
use menagerie_games::options;
use menagerie_rules::summary;
use menagerie_rules::{Position, Role, Variant, VariantRef};

/// The longest variant spec accepted.
pub const MAX_SPEC_LEN: usize = 300;

/// The built-in game or Pick the Piece setup a spec names. Setup files are
/// refused: a web client must not make the server read its files.
///
/// # Errors
/// `400 unknown_variant` or `400 bad_setup`.
pub fn base(spec: &str) -> Result<VariantRef, ApiError> {
    let spec = spec.trim();
    if spec.len() > MAX_SPEC_LEN {
        return Err(ApiError::bad_request(
            ErrorCode::UnknownVariant,
            format!("a variant spec has at most {MAX_SPEC_LEN} characters"),
        ));
    }
    let inline = menagerie_games::pick_the_piece::custom::strip_prefix(spec).is_some();
    if !inline && menagerie_games::by_name(spec).is_none() {
        return Err(ApiError::bad_request(
            ErrorCode::UnknownVariant,
            format!(
                "unknown variant {spec:?}; known: {}, or a Pick the Piece setup such as \
                 pick-the-piece:slots=O,C;drops=N,A,J2",
                menagerie_games::NAMES.join(", ")
            ),
        ));
    }
    menagerie_games::resolve(spec)
        .map_err(|e| ApiError::bad_request(ErrorCode::BadSetup, e.to_string()))
}

/// The variant for `spec` with `options` applied, and the options that
/// differ from the game's defaults (what a game stores). The options
/// themselves live in [`menagerie_games::options`].
///
/// # Errors
/// `400` for an unknown spec or an unknown flag.
pub fn resolve(spec: &str, options: &OptionMap) -> Result<(VariantRef, OptionMap), ApiError> {
    let base = base(spec)?;
    options::apply(&base, options)
        .map_err(|e| ApiError::bad_request(ErrorCode::UnknownOption, e.to_string()))
}

/// The longest position string accepted.
pub const MAX_FEN_LEN: usize = 400;

/// The game and start position a request names, as `POST /api/games` reads
/// them: a variant spec, rule flags and a position string (none or empty:
/// the game's start); with the flags that differ from the game's defaults.
///
/// # Errors
/// `400` `unknown_variant`, `bad_setup`, `unknown_option` or `bad_fen`.
pub fn start_position(
    spec: &str,
    options: Option<&OptionMap>,
    fen: Option<&str>,
) -> Result<(VariantRef, OptionMap, Position), ApiError> {
    let (variant, options) = resolve(spec, options.unwrap_or(&OptionMap::new()))?;
    let start = match fen.map(str::trim).filter(|f| !f.is_empty()) {
        None => Position::start(&variant),
        Some(f) if f.len() > MAX_FEN_LEN => {
            return Err(ApiError::bad_request(
                ErrorCode::BadFen,
                format!("a position string has at most {MAX_FEN_LEN} characters"),
            ))
        }
        Some(f) => Position::from_fen(&variant, f)
            .map_err(|e| ApiError::bad_request(ErrorCode::BadFen, e.to_string()))?,
    };
    Ok((variant, options, start))
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
pub fn info(v: &VariantRef) -> VariantInfo {
    let start = Position::start(v);
    let entry = GameEntry::find(&v.key);
    let (blurb, notes) = entry.map_or_else(GameEntry::custom, |e| (e.blurb, e.notes));
    VariantInfo {
        key: v.key.clone(),
        title: v.title.clone(),
        blurb: blurb.to_string(),
        parent: entry.and_then(|e| e.parent).map(str::to_string),
        notes: notes.iter().map(|n| (*n).to_string()).collect(),
        files: v.geometry.files(),
        ranks: v.geometry.ranks(),
        start_fen: v.start_fen.clone(),
        has_pockets: v.has_pockets(),
        start_board: crate::view::board(&start),
        start_pockets: crate::view::pockets(&start),
        prongs: v.prongs,
        has_check: v.has_royal_king(),
        pawn_to_middle: matches!(v.pawn, menagerie_rules::variant::PawnRule::ToMiddle { .. }),
        pieces: roles(v)
            .into_iter()
            .map(|r| PieceInfo {
                letter: r.letter().to_string(),
                name: r.name().to_string(),
                summary: summary::summary(r, v).to_string(),
                value: menagerie_engine::eval::DEFAULT.piece[r.index()],
                diagram: crate::view::diagram(v, r),
            })
            .collect(),
        options: options::of(v)
            .into_iter()
            .map(|d| OptionInfo {
                name: d.name.to_string(),
                default: options::value(v, d.name).unwrap_or(false),
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
        assert!(menagerie_rules::VariantRef::ptr_eq(&a, &b));
        assert!(a.options.detonator_hits_friendly);
        assert_eq!(ca.len(), 1);
        let (plain, none) = resolve("wreckage", &OptionMap::new()).unwrap();
        assert!(menagerie_rules::VariantRef::ptr_eq(
            &plain,
            &menagerie_games::by_name("wreckage").unwrap()
        ));
        assert!(none.is_empty());
    }

    #[test]
    fn default_values_do_not_make_a_new_variant() {
        let mut o = OptionMap::new();
        o.insert("draw_rules".into(), true);
        let (v, changed) = resolve("chess", &o).unwrap();
        assert!(changed.is_empty());
        assert!(menagerie_rules::VariantRef::ptr_eq(
            &v,
            &menagerie_games::by_name("chess").unwrap()
        ));
    }

    #[test]
    fn files_and_unknown_flags_are_refused() {
        assert_eq!(
            base("examples/x.toml").unwrap_err().code.as_str(),
            "unknown_variant"
        );
        let mut o = OptionMap::new();
        o.insert("freeze_affects_friendly".into(), true);
        assert_eq!(
            resolve("chess", &o).unwrap_err().code.as_str(),
            "unknown_option"
        );
    }

    #[test]
    fn promote_to_drop_piece_adds_the_choice() {
        let mut o = OptionMap::new();
        o.insert("promote_to_drop_piece".into(), true);
        let (v, _) = resolve("carnage", &o).unwrap();
        assert!(v.promotion.choices.contains(&Role::Freeze));
    }
}
