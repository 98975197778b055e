//! The search's numeric constants (pruning margins, depths, reduction
//! shape, windows) as one value, so a tuner can vary them by name
//! (`menagerie match` switch `p:NAME=VALUE`, `scripts/spsa.py`) and a
//! match can measure a tuned set against the defaults.
//!
//! The defaults are the constants the search was measured with; a change
//! to one is a change of the search and needs a match like any other.

/// The search's tunable constants (see each field; centipawns unless
/// said otherwise).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// Reverse futility: deepest depth it applies at.
    pub rfp_depth: i32,
    /// Reverse futility: margin a ply.
    pub rfp_margin: i32,
    /// Futility: deepest depth it applies at.
    pub fut_depth: i32,
    /// Futility: margin at any depth.
    pub fut_base: i32,
    /// Futility: margin a ply.
    pub fut_margin: i32,
    /// Late-move pruning: deepest depth it applies at.
    pub lmp_depth: i32,
    /// Late-move pruning: quiet moves kept besides depth squared.
    pub lmp_base: i32,
    /// Late-move reductions: plies added to the log-log formula, in
    /// hundredths of a ply (with `lmr_plus`).
    pub lmr_base: i32,
    /// Late-move reductions: the divisor of `ln(depth) ln(index)`, in
    /// hundredths.
    pub lmr_div: i32,
    /// Null move: the reduction's fixed part in plies.
    pub nmp_base: i32,
    /// Null move: one more ply of reduction per this many plies of depth.
    pub nmp_div: i32,
    /// Exchange pruning: a quiet move's margin, times depth squared.
    pub see_quiet: i32,
    /// Exchange pruning: a capture's margin a ply.
    pub see_capture: i32,
    /// Quiescence: the delta pruning margin beyond a capture's gain.
    pub qs_delta: i32,
    /// Aspiration: the first half-window around the last score.
    pub aspiration: i32,
    /// Singular test: the bound's distance below the table's score, a ply.
    pub singular_margin: i32,
    /// Singular test: the shallowest depth it is made at.
    pub singular_depth: i32,
    /// Singular test: how much shallower than the node the table's entry
    /// may be.
    pub singular_tt_depth: i32,
    /// Internal iterative reduction: the shallowest depth it applies at.
    pub iir_depth: i32,
    /// Exchange pruning: the deepest depth it applies at.
    pub see_depth: i32,
    /// Null move: the most plies of reduction added for an evaluation
    /// above beta (one per 200 cp; 0: none).
    pub nmp_eval_max: i32,
    /// Correction history: the pawns' table's weight, in 64ths.
    pub corr_pawns: i32,
    /// Correction history: each side's men's table's weight, in 64ths
    /// (0: those tables are neither read nor taught).
    pub corr_pieces: i32,
    /// Correction history: the largest error an entry learns.
    pub corr_limit: i32,
    /// Correction history: the last two moves' table's weight, in 64ths
    /// (0: neither read nor taught).
    pub corr_moves: i32,
}

impl Default for Params {
    /// The values tuned by `scripts/spsa.py` in stop 58 (chess, 5 000
    /// nodes a move, 3 600 pairs), kept after matches at 20 000 nodes and
    /// at equal time (`docs/engine-log/search-stops-29-72.md`, "Search of
    /// stop 58").
    fn default() -> Params {
        Params {
            rfp_depth: 3,
            rfp_margin: 72,
            fut_depth: 5,
            fut_base: 108,
            fut_margin: 130,
            lmp_depth: 6,
            lmp_base: 2,
            lmr_base: 71,
            lmr_div: 148,
            nmp_base: 4,
            nmp_div: 2,
            see_quiet: 28,
            see_capture: 120,
            qs_delta: 494,
            aspiration: 32,
            singular_margin: 5,
            singular_depth: 7,
            singular_tt_depth: 3,
            iir_depth: 4,
            see_depth: 6,
            nmp_eval_max: 0,
            corr_pawns: 64,
            corr_pieces: 0,
            corr_limit: 96,
            corr_moves: 0,
        }
    }
}

impl Params {
    /// Deeper pruning (the `deep` switch of stop 39): reverse futility to
    /// depth 7 at 85 cp a ply, futility to depth 4, late-move pruning to
    /// depth 6.
    pub fn deepen(&mut self) {
        self.rfp_depth = 7;
        self.rfp_margin = 85;
        self.fut_depth = 4;
        self.lmp_depth = 6;
    }

    /// The constants before tuning (stops 29 to 57), which the level
    /// ladder was measured with and keeps.
    pub const HAND_SET: Params = Params {
        rfp_depth: 4,
        rfp_margin: 120,
        fut_depth: 2,
        fut_base: 100,
        fut_margin: 150,
        lmp_depth: 3,
        lmp_base: 3,
        lmr_base: 50,
        lmr_div: 200,
        nmp_base: 3,
        nmp_div: 4,
        see_quiet: 30,
        see_capture: 120,
        qs_delta: 250,
        aspiration: 30,
        singular_margin: 2,
        singular_depth: 7,
        singular_tt_depth: 3,
        iir_depth: 4,
        see_depth: 6,
        nmp_eval_max: 0,
        corr_pawns: 64,
        corr_pieces: 0,
        corr_limit: 96,
        corr_moves: 0,
    };

    /// The correction history's weights
    /// ([`crate::correction::Weights`]).
    #[must_use]
    pub fn correction(&self) -> crate::correction::Weights {
        crate::correction::Weights {
            pawns: self.corr_pawns,
            pieces: self.corr_pieces,
            moves: self.corr_moves,
            limit: self.corr_limit,
        }
    }
}

/// One tunable: its name and the range a value must lie in.
struct Slot {
    name: &'static str,
    range: (i32, i32),
    field: fn(&mut Params) -> &mut i32,
}

/// Every tunable with its allowed range (wide enough for any tuner,
/// narrow enough that the search stays sound: no zero divisor, no
/// negative depth).
const SLOTS: [Slot; 25] = [
    Slot {
        name: "rfp_depth",
        range: (0, 12),
        field: |p| &mut p.rfp_depth,
    },
    Slot {
        name: "rfp_margin",
        range: (10, 600),
        field: |p| &mut p.rfp_margin,
    },
    Slot {
        name: "fut_depth",
        range: (0, 10),
        field: |p| &mut p.fut_depth,
    },
    Slot {
        name: "fut_base",
        range: (0, 800),
        field: |p| &mut p.fut_base,
    },
    Slot {
        name: "fut_margin",
        range: (10, 800),
        field: |p| &mut p.fut_margin,
    },
    Slot {
        name: "lmp_depth",
        range: (0, 12),
        field: |p| &mut p.lmp_depth,
    },
    Slot {
        name: "lmp_base",
        range: (0, 40),
        field: |p| &mut p.lmp_base,
    },
    Slot {
        name: "lmr_base",
        range: (-200, 300),
        field: |p| &mut p.lmr_base,
    },
    Slot {
        name: "lmr_div",
        range: (50, 800),
        field: |p| &mut p.lmr_div,
    },
    Slot {
        name: "nmp_base",
        range: (1, 8),
        field: |p| &mut p.nmp_base,
    },
    Slot {
        name: "nmp_div",
        range: (1, 20),
        field: |p| &mut p.nmp_div,
    },
    Slot {
        name: "see_quiet",
        range: (0, 400),
        field: |p| &mut p.see_quiet,
    },
    Slot {
        name: "see_capture",
        range: (0, 800),
        field: |p| &mut p.see_capture,
    },
    Slot {
        name: "qs_delta",
        range: (0, 2000),
        field: |p| &mut p.qs_delta,
    },
    Slot {
        name: "aspiration",
        range: (5, 500),
        field: |p| &mut p.aspiration,
    },
    Slot {
        name: "singular_margin",
        range: (0, 20),
        field: |p| &mut p.singular_margin,
    },
    Slot {
        name: "singular_depth",
        range: (4, 14),
        field: |p| &mut p.singular_depth,
    },
    Slot {
        name: "singular_tt_depth",
        range: (1, 8),
        field: |p| &mut p.singular_tt_depth,
    },
    Slot {
        name: "iir_depth",
        range: (2, 12),
        field: |p| &mut p.iir_depth,
    },
    Slot {
        name: "see_depth",
        range: (0, 12),
        field: |p| &mut p.see_depth,
    },
    Slot {
        name: "nmp_eval_max",
        range: (0, 6),
        field: |p| &mut p.nmp_eval_max,
    },
    Slot {
        name: "corr_pawns",
        range: (0, 128),
        field: |p| &mut p.corr_pawns,
    },
    Slot {
        name: "corr_pieces",
        range: (0, 128),
        field: |p| &mut p.corr_pieces,
    },
    Slot {
        name: "corr_limit",
        range: (16, 512),
        field: |p| &mut p.corr_limit,
    },
    Slot {
        name: "corr_moves",
        range: (0, 128),
        field: |p| &mut p.corr_moves,
    },
];

impl Params {
    /// Every tunable in a fixed order: its name, its value here and its
    /// allowed range (what `menagerie params` prints for a tuner).
    pub fn table(&self) -> impl Iterator<Item = (&'static str, i32, (i32, i32))> + '_ {
        SLOTS.iter().map(|s| {
            let mut copy = *self;
            (s.name, *(s.field)(&mut copy), s.range)
        })
    }

    /// The value of the tunable `name`, if there is one.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<i32> {
        self.table().find(|t| t.0 == name).map(|t| t.1)
    }

    /// Sets the tunable `name` to `value`.
    ///
    /// # Errors
    /// A message for an unknown name or a value out of its range.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let slot = SLOTS
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| format!("unknown search parameter {name:?}"))?;
        let (lo, hi) = slot.range;
        if !(lo..=hi).contains(&value) {
            return Err(format!(
                "search parameter {name} must be {lo} to {hi}, not {value}"
            ));
        }
        *(slot.field)(self) = value;
        Ok(())
    }

    /// Sets a tunable from `NAME=VALUE`.
    ///
    /// # Errors
    /// A message for text of another form, an unknown name or a value out
    /// of range.
    pub fn set_text(&mut self, text: &str) -> Result<(), String> {
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| format!("search parameter {text:?}: expected NAME=VALUE"))?;
        let value = value
            .trim()
            .parse::<i32>()
            .map_err(|_| format!("search parameter {name}: {value:?} is not a whole number"))?;
        self.set(name.trim(), value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_lies_in_its_range_and_reads_back_by_name() {
        let p = Params::default();
        for slot in &SLOTS {
            let hand = Params::HAND_SET.get(slot.name).unwrap();
            assert!(
                (slot.range.0..=slot.range.1).contains(&hand),
                "{}",
                slot.name
            );
            let v = p.get(slot.name).unwrap();
            assert!((slot.range.0..=slot.range.1).contains(&v), "{}", slot.name);
            let mut q = p;
            q.set(slot.name, slot.range.1).unwrap();
            assert_eq!(q.get(slot.name), Some(slot.range.1));
            assert_ne!(q, p, "{} sets its own field", slot.name);
        }
        let names: Vec<_> = p.table().map(|t| t.0).collect();
        assert_eq!(names, SLOTS.iter().map(|s| s.name).collect::<Vec<_>>());
    }

    #[test]
    fn each_name_sets_a_field_of_its_own() {
        let mut p = Params::default();
        for (i, slot) in SLOTS.iter().enumerate() {
            p.set(slot.name, slot.range.0 + i32::try_from(i).unwrap() % 2)
                .unwrap();
        }
        for (i, slot) in SLOTS.iter().enumerate() {
            assert_eq!(
                p.get(slot.name),
                Some(slot.range.0 + i32::try_from(i).unwrap() % 2)
            );
        }
    }

    #[test]
    fn bad_text_is_refused_with_a_message() {
        let mut p = Params::default();
        assert!(p.set_text("rfp_margin=100").is_ok());
        assert_eq!(p.rfp_margin, 100);
        for bad in [
            "rfp_margin",
            "nope=3",
            "rfp_margin=x",
            "lmr_div=0",
            "nmp_div=-1",
            "=",
            "",
        ] {
            let before = p;
            assert!(p.set_text(bad).is_err(), "{bad}");
            assert_eq!(p, before, "{bad} changed nothing");
        }
    }
}
