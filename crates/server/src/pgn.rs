//! The game record as a small PGN dialect: tags, then the move list in our
//! move strings. Kept in one module so the protocol crate's PGN writer can
//! replace it.

use crate::game::Game;
use menagerie_rules::Color;

/// The PGN text of `game`.
#[must_use]
pub fn write(game: &Game) -> String {
    let mut out = String::new();
    let result = game
        .outcome()
        .map_or_else(|| "*".to_string(), |(r, _, _)| r);
    let mut tag = |k: &str, v: &str| {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    };
    tag("Event", "Menagerie game");
    tag("Site", &format!("/play/{}", game.id));
    tag("Date", &date(game.created_ms));
    tag("White", &game.players[Color::White].display());
    tag("Black", &game.players[Color::Black].display());
    tag("Result", &result);
    tag("Variant", &game.spec);
    if !game.options.is_empty() {
        let opts: Vec<String> = game
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        tag("Options", &opts.join(","));
    }
    if let Some(tc) = game.time_control {
        tag(
            "TimeControl",
            &format!("{}+{}", tc.initial_ms / 1000, tc.increment_ms / 1000),
        );
    }
    let start = game.record.start().fen();
    if start != game.variant.start_fen {
        tag("SetUp", "1");
        tag("FEN", &start);
    }
    if let Some((_, _, reason)) = game.outcome() {
        tag("Termination", &reason);
    }
    out.push('\n');
    let mut number = game.record.start().fullmoves();
    let mut white_to_move = game.record.start().turn() == Color::White;
    let mut line = String::new();
    for (i, text) in game.texts.iter().enumerate() {
        if white_to_move {
            line.push_str(&format!("{number}. "));
        } else if i == 0 {
            line.push_str(&format!("{number}... "));
        }
        line.push_str(text);
        line.push(' ');
        if !white_to_move {
            number += 1;
        }
        white_to_move = !white_to_move;
    }
    line.push_str(&result);
    out.push_str(&wrap(&line, 80));
    out.push('\n');
    out
}

fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut len = 0;
    for word in text.split(' ') {
        if len > 0 && len + 1 + word.len() > width {
            out.push('\n');
            len = 0;
        } else if len > 0 {
            out.push(' ');
            len += 1;
        }
        out.push_str(word);
        len += word.len();
    }
    out
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

    #[test]
    fn wraps_at_words() {
        assert_eq!(wrap("aa bb cc", 5), "aa bb\ncc");
    }
}
