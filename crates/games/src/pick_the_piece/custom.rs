//! Players' own Pick the Piece setups: "pick two pieces for the empty slots
//! a1/j1 (and a10/j10) and the pieces each side may drop".
//!
//! Two spellings name the same thing (documented in
//! `docs/pick-the-piece-custom.md`):
//!
//! - the inline form `pick-the-piece:slots=A,A;drops=C,O,J3`: the a1 piece and
//!   the j1 piece, then the drops, each a piece with an optional count;
//! - a TOML file with an optional `name`, a `[slots]` table (`a1`, `j1`) and a
//!   `[drops]` table (piece = count).
//!
//! Pieces are named by their letter (`docs/notation-contract.md`) or their name,
//! from the catalogue of single-square pieces the project implements. Every
//! mistake is reported as a [`SetupError`] naming the offending entry. A
//! valid setup becomes a [`Family`] whose key is the canonical inline form,
//! and [`intern`] turns it into the game for that form (kept in a bounded cache).

use super::{air_and_trench, air_and_trench_family, build, Family};
use crate::cache::VariantCache;
use menagerie_rules::{Pick, PieceEntry, Role, VariantRef, PIECES};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::LazyLock;

/// The prefix of the inline form.
pub const INLINE_PREFIX: &str = "pick-the-piece:";

/// Most pieces one side may hold in hand at the start, all kinds together
/// (and most of one kind): one per square of a drop rank.
pub const MAX_DROPS: u8 = 10;

/// The pieces a setup may pick, in the canonical order of drops: the piece
/// catalogue's order ([`PIECES`]) with the Ninja Pawn last, so that the
/// recommended game reads `C,O,J3`. Every one may be dropped; which may
/// stand in a slot says [`Pick`]. A Changeling is picked in the phase it
/// enters the game in, `Z` or `Y`; the game then has both phases
/// ([`super::build`]).
pub fn catalogue() -> impl Iterator<Item = Role> {
    pickable().map(|p| p.role)
}

/// The catalogue rows a setup may pick, in [`catalogue`] order.
fn pickable() -> impl Iterator<Item = &'static PieceEntry> {
    let rows = || PIECES.iter().filter(|p| p.pick != Pick::No);
    rows()
        .filter(|p| !p.role.is_pawn_like())
        .chain(rows().filter(|p| p.role.is_pawn_like()))
}

/// What is wrong with one entry of a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    /// Neither a catalogue letter nor a catalogue name.
    UnknownPiece,
    /// The King was picked: each side has exactly one, on f1/f10.
    King,
    /// A Wall was picked: it takes two squares.
    Wall,
    /// A pawn (of either kind) was put in a slot.
    PawnInSlot,
    /// A standard Pawn was listed as a drop.
    PawnDrop,
    /// A count that is not a whole number from 1 to [`MAX_DROPS`].
    BadCount,
    /// The same piece listed twice among the drops.
    Duplicate,
    /// More than [`MAX_DROPS`] pieces in hand altogether.
    TooManyDrops {
        /// The total asked for.
        total: u32,
    },
    /// Not exactly two slot pieces in the inline form.
    SlotCount {
        /// How many were given.
        found: usize,
    },
    /// A required entry is absent.
    Missing,
    /// A field the format does not have.
    UnknownField,
    /// A field given twice.
    RepeatedField,
    /// Text that is not `key=value`.
    Malformed,
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::UnknownPiece => write!(
                f,
                "unknown piece; pick a letter or name from the catalogue: {}",
                catalogue_letters()
            ),
            SetupProblem::King => {
                write!(
                    f,
                    "the King cannot be picked: each side has exactly one, on f1/f10"
                )
            }
            SetupProblem::Wall => {
                write!(
                    f,
                    "a Wall takes two squares; only single-square pieces can be picked"
                )
            }
            SetupProblem::PawnInSlot => write!(f, "a slot holds a piece, not a pawn"),
            SetupProblem::PawnDrop => write!(
                f,
                "a Pawn cannot be dropped (a Ninja Pawn, J, can: it enters on the 2nd rank)"
            ),
            SetupProblem::BadCount => {
                write!(f, "the count must be a whole number from 1 to {MAX_DROPS}")
            }
            SetupProblem::Duplicate => write!(
                f,
                "this piece is already listed among the drops; give it once, with a count"
            ),
            SetupProblem::TooManyDrops { total } => write!(
                f,
                "{total} pieces in hand altogether; at most {MAX_DROPS} per side"
            ),
            SetupProblem::SlotCount { found } => write!(
                f,
                "expected exactly two slot pieces (the a1 piece, then the j1 piece), found {found}"
            ),
            SetupProblem::Missing => write!(f, "missing"),
            SetupProblem::UnknownField => {
                write!(f, "unknown field; the fields are slots and drops")
            }
            SetupProblem::RepeatedField => write!(f, "given more than once"),
            SetupProblem::Malformed => write!(f, "expected key=value"),
        }
    }
}

/// A setup mistake: which entry (the field and the text found there) and
/// what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// Where the entry is: `slots`, `drops`, `slots.a1`, `drops.Q`, ...
    pub field: String,
    /// The offending text as written (empty when the entry is missing).
    pub entry: String,
    /// What is wrong.
    pub problem: SetupProblem,
}

impl SetupError {
    fn new(field: impl Into<String>, entry: impl Into<String>, problem: SetupProblem) -> Self {
        SetupError {
            field: field.into(),
            entry: entry.into(),
            problem,
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.entry.is_empty() {
            write!(f, "{}: {}", self.field, self.problem)
        } else {
            write!(f, "{} entry {:?}: {}", self.field, self.entry, self.problem)
        }
    }
}

impl std::error::Error for SetupError {}

fn catalogue_letters() -> String {
    catalogue()
        .map(|r| r.letter().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Looks a piece up by letter (either case) or name (case-insensitive;
/// spaces and underscores count as dashes).
fn lookup(text: &str) -> Result<Role, SetupProblem> {
    let t = text.trim();
    let mut chars = t.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if c.is_ascii_alphabetic() {
            return match Role::from_letter(c) {
                Some(r) if r.entry().pick != Pick::No => Ok(r),
                Some(r) => Err(unpickable(r)),
                None => Err(SetupProblem::UnknownPiece),
            };
        }
    }
    let name: String = t
        .chars()
        .map(|c| match c {
            ' ' | '_' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    match PIECES.iter().find(|p| p.words.contains(&&*name)) {
        Some(p) if p.pick != Pick::No => Ok(p.role),
        Some(p) => Err(unpickable(p.role)),
        None => Err(SetupProblem::UnknownPiece),
    }
}

fn unpickable(r: Role) -> SetupProblem {
    match r {
        Role::King => SetupProblem::King,
        Role::Pawn => SetupProblem::PawnDrop,
        Role::Wall => SetupProblem::Wall,
        _ => SetupProblem::UnknownPiece,
    }
}

/// A slot piece: any catalogue piece but a pawn.
fn slot_piece(field: &str, text: &str) -> Result<Role, SetupError> {
    match lookup(text) {
        Ok(r) if r.entry().pick == Pick::DropOnly => {
            Err(SetupError::new(field, text, SetupProblem::PawnInSlot))
        }
        Err(SetupProblem::PawnDrop) => Err(SetupError::new(field, text, SetupProblem::PawnInSlot)),
        Ok(r) => Ok(r),
        Err(p) => Err(SetupError::new(field, text, p)),
    }
}

/// The choices of a setup before they become a [`Family`].
struct Choices {
    slots: [Role; 2],
    drops: Vec<(Role, u8)>,
}

/// Accumulates drop entries, rejecting duplicates, bad counts and too many.
#[derive(Default)]
struct Drops(Vec<(Role, u8)>);

impl Drops {
    fn add(&mut self, field: &str, entry: &str, piece: &str, count: i64) -> Result<(), SetupError> {
        let role = lookup(piece).map_err(|p| SetupError::new(field, entry, p))?;
        let count = u8::try_from(count)
            .ok()
            .filter(|n| (1..=MAX_DROPS).contains(n))
            .ok_or_else(|| SetupError::new(field, entry, SetupProblem::BadCount))?;
        if self.0.iter().any(|&(r, _)| r == role) {
            return Err(SetupError::new(field, entry, SetupProblem::Duplicate));
        }
        self.0.push((role, count));
        Ok(())
    }

    fn finish(mut self, field: &str, entry: &str) -> Result<Vec<(Role, u8)>, SetupError> {
        let total: u32 = self.0.iter().map(|&(_, n)| u32::from(n)).sum();
        if total > u32::from(MAX_DROPS) {
            return Err(SetupError::new(
                field,
                entry,
                SetupProblem::TooManyDrops { total },
            ));
        }
        self.0.sort_by_key(|&(r, _)| drop_order(r));
        Ok(self.0)
    }
}

fn drop_order(r: Role) -> usize {
    catalogue().position(|p| p == r).unwrap_or(usize::MAX)
}

/// Parses the inline form `pick-the-piece:slots=A,A;drops=C,O,J3`.
///
/// # Errors
/// A [`SetupError`] naming the first offending entry.
pub fn parse_inline(spec: &str) -> Result<Family, SetupError> {
    let body = strip_prefix(spec)
        .ok_or_else(|| SetupError::new("prefix", spec, SetupProblem::UnknownField))?;
    let mut slots = None;
    let mut drops = None;
    for part in body.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| SetupError::new("setup", part, SetupProblem::Malformed))?;
        let key = key.trim().to_ascii_lowercase();
        let target = match key.as_str() {
            "slots" => &mut slots,
            "drops" => &mut drops,
            _ => return Err(SetupError::new("setup", part, SetupProblem::UnknownField)),
        };
        if target.replace(value.trim()).is_some() {
            return Err(SetupError::new(key, part, SetupProblem::RepeatedField));
        }
    }
    let slots =
        inline_slots(slots.ok_or_else(|| SetupError::new("slots", "", SetupProblem::Missing))?)?;
    let drops = inline_drops(drops.unwrap_or(""))?;
    Ok(family(&Choices { slots, drops }, None))
}

/// The spec without the inline prefix (case-insensitive), if it has it.
#[must_use]
pub fn strip_prefix(spec: &str) -> Option<&str> {
    let spec = spec.trim();
    let head = spec.get(..INLINE_PREFIX.len())?;
    head.eq_ignore_ascii_case(INLINE_PREFIX)
        .then(|| &spec[INLINE_PREFIX.len()..])
}

fn inline_slots(text: &str) -> Result<[Role; 2], SetupError> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [a1, j1] = parts.as_slice() else {
        return Err(SetupError::new(
            "slots",
            text,
            SetupProblem::SlotCount { found: parts.len() },
        ));
    };
    Ok([slot_piece("slots", a1)?, slot_piece("slots", j1)?])
}

fn inline_drops(text: &str) -> Result<Vec<(Role, u8)>, SetupError> {
    let mut drops = Drops::default();
    let text = text.trim();
    if text.is_empty() || text.eq_ignore_ascii_case("none") || text == "-" {
        return Ok(Vec::new());
    }
    for entry in text.split(',').map(str::trim) {
        let digits = entry.len() - entry.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let (piece, count) = entry.split_at(entry.len() - digits);
        let piece = piece.trim_end_matches(['*', ' ']);
        let count = if count.is_empty() {
            1
        } else {
            count.parse::<i64>().unwrap_or(i64::MAX)
        };
        drops.add("drops", entry, piece, count)?;
    }
    drops.finish("drops", text)
}

/// The shape of a setup file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupFile {
    name: Option<String>,
    slots: Option<SlotsTable>,
    drops: Option<BTreeMap<String, i64>>,
}

/// `[slots]`: the a1 piece and the j1 piece (Black's a10/j10 mirror them).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SlotsTable {
    a1: Option<String>,
    j1: Option<String>,
}

/// Why a setup file was refused: not TOML of the right shape, or a bad setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// The text is not TOML, or not of the setup file's shape (the message
    /// from the TOML reader names the line and the key).
    Malformed(String),
    /// Well-formed, but a bad setup.
    Setup(SetupError),
}

/// Parses a setup file's text.
///
/// # Errors
/// [`FileError::Malformed`] for bad TOML or unknown keys, otherwise a
/// [`SetupError`] naming the offending entry.
pub fn parse_toml(text: &str) -> Result<Family, FileError> {
    let file: SetupFile =
        toml::from_str(text).map_err(|e| FileError::Malformed(one_line(text, &e)))?;
    let slots = file
        .slots
        .ok_or_else(|| SetupError::new("slots", "", SetupProblem::Missing))
        .map_err(FileError::Setup)?;
    let slot = |field: &str, value: Option<String>| {
        let value = value.ok_or_else(|| SetupError::new(field, "", SetupProblem::Missing))?;
        slot_piece(field, &value)
    };
    let a1 = slot("slots.a1", slots.a1).map_err(FileError::Setup)?;
    let j1 = slot("slots.j1", slots.j1).map_err(FileError::Setup)?;
    let mut drops = Drops::default();
    for (piece, count) in file.drops.unwrap_or_default() {
        let field = format!("drops.{piece}");
        drops
            .add(&field, &format!("{piece} = {count}"), &piece, count)
            .map_err(FileError::Setup)?;
    }
    let drops = drops.finish("drops", "").map_err(FileError::Setup)?;
    let name = file
        .name
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty());
    Ok(family(
        &Choices {
            slots: [a1, j1],
            drops,
        },
        name,
    ))
}

/// The TOML reader's message on one line, prefixed with where it happened.
fn one_line(text: &str, e: &toml::de::Error) -> String {
    let message = e.message().split_whitespace().collect::<Vec<_>>().join(" ");
    match e.span() {
        Some(span) => {
            let before = text.get(..span.start).unwrap_or(text);
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("line {line}, column {column}: {message}")
        }
        None => message,
    }
}

/// The canonical inline form of a set of choices.
fn canonical(c: &Choices) -> String {
    let mut s = format!(
        "{INLINE_PREFIX}slots={},{}",
        c.slots[0].letter(),
        c.slots[1].letter()
    );
    if !c.drops.is_empty() {
        let entries: Vec<String> = c
            .drops
            .iter()
            .map(|&(r, n)| {
                if n == 1 {
                    r.letter().to_string()
                } else {
                    format!("{}{n}", r.letter())
                }
            })
            .collect();
        s.push_str(";drops=");
        s.push_str(&entries.join(","));
    }
    s
}

fn family(c: &Choices, name: Option<String>) -> Family {
    let key = canonical(c);
    let title = name.unwrap_or_else(|| format!("Pick the Piece ({})", &key[INLINE_PREFIX.len()..]));
    Family {
        key,
        title,
        left_slot: c.slots[0],
        right_slot: c.slots[1],
        pocket: c.drops.clone(),
    }
}

/// Most players' setups kept built at once: 256, about 7 MB at ~28 KB a
/// game. Far more than any one server plays at a time, and a bound however
/// many distinct setups are asked for (each setup named once would otherwise
/// stay in memory for the program's life). An evicted setup still being
/// played lives on in its positions; asking for it again rebuilds it.
pub const CACHE_CAPACITY: usize = 256;

static BUILT: LazyLock<VariantCache<(String, String)>> =
    LazyLock::new(|| VariantCache::new(CACHE_CAPACITY));

/// The game for a family: the built-in Air and Trench Warfare when the
/// choices are its own, otherwise the one built for that canonical form and
/// title while it stays among the [`CACHE_CAPACITY`] most recently used
/// (built again after it is evicted).
#[must_use]
pub fn intern(f: &Family) -> VariantRef {
    let recommended = air_and_trench_family();
    if (f.left_slot, f.right_slot, &f.pocket)
        == (
            recommended.left_slot,
            recommended.right_slot,
            &recommended.pocket,
        )
    {
        return air_and_trench();
    }
    BUILT.get_or_build(&(f.key.clone(), f.title.clone()), || build(f).shared())
}

/// How many players' setups are built and kept now (at most
/// [`CACHE_CAPACITY`]).
#[must_use]
pub fn cached() -> usize {
    BUILT.len()
}
