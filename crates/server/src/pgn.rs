//! The game record in the PGN dialect of docs/protocols.md, written by the
//! protocol crate's writer (so `menagerie record check` reads what the web
//! board exports), with the web game's own tags.

use crate::game::Game;
use menagerie_protocol::pgn;
use menagerie_rules::Color;

/// The PGN text of `game`.
#[must_use]
pub fn write(game: &Game) -> String {
    pgn::write(&record(game))
}

/// The PGN text of `game` with its review in it (evaluations, judgements,
/// better lines: [`crate::records::annotate`]).
#[must_use]
pub fn write_annotated(game: &Game, review: &crate::dto::ReviewView) -> String {
    let mut r = record(game);
    crate::records::annotate(&mut r, review);
    pgn::write(&r)
}

/// The record of `game`: its tags, moves and result.
#[must_use]
pub fn record(game: &Game) -> pgn::Game {
    let mut record = pgn::Game::new(game.record.start().clone());
    record.set_tag("Event", "Menagerie game");
    record.set_tag("Site", &format!("/play/{}", game.id));
    record.set_tag("Date", &date(game.created_ms));
    record.set_tag("White", &crate::view::player_name(game, Color::White));
    record.set_tag("Black", &crate::view::player_name(game, Color::Black));
    if let Some(tc) = game.time_control {
        record.set_tag(
            "TimeControl",
            &format!("{}+{}", tc.initial_ms / 1000, tc.increment_ms / 1000),
        );
    }
    for m in game.record.moves() {
        record.push(*m, None);
    }
    match game.outcome() {
        Some((result, _, reason)) => record.finish(&result, Some(&reason)),
        None => record.finish("*", None),
    }
    record
}

/// `YYYY.MM.DD` of a Unix time in milliseconds (UTC).
fn date(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    // Howard Hinnant's civil-from-days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(1_709_164_800_000), "2024.02.29");
    }
}
