//! Orthodox chess (FIDE), the validation baseline. The rules core defines it
//! (`menagerie_rules::fide`) because its own examples and tests use it.

use menagerie_rules::VariantRef;

/// FIDE chess.
#[must_use]
pub fn chess() -> VariantRef {
    menagerie_rules::fide::chess()
}
