//! Game records of random playouts of every game are written and read back
//! exactly, and `record check` finds them sound.

use menagerie_engine::Score;
use menagerie_protocol::flags::{self, RuleFlags, FLAGS};
use menagerie_protocol::pgn::{self, Game};
use menagerie_rules::{GameRecord, Position};
use proptest::prelude::*;

/// A playout of `plies` random legal moves (chosen by `picks`), as a
/// record with tags, comments and a result that fits how it ended.
fn playout(name: &str, flag_bits: u8, skip: usize, picks: &[u16], names: (&str, &str)) -> Game {
    let mut f = RuleFlags::default();
    for (i, info) in FLAGS.iter().enumerate() {
        if flag_bits & (1 << i) != 0 {
            f.set(info.name, !info.default);
        }
    }
    let variant = flags::select(name, &f).expect("a built-in game with flags");
    let mut record = GameRecord::new(Position::start(variant));
    let mut picks = picks.iter();
    // A few plies before the record starts: a set-up position.
    for _ in 0..skip {
        let moves = record.position().legal_moves();
        let Some(&p) = picks.next() else { break };
        if moves.is_empty() || record.outcome().is_some() {
            break;
        }
        record
            .play(&moves[usize::from(p) % moves.len()])
            .expect("legal");
    }
    let mut game = Game::new(record.position().clone());
    game.set_tag("White", names.0);
    game.set_tag("Black", names.1);
    let mut record = GameRecord::new(record.position().clone());
    for &p in picks {
        let moves = record.position().legal_moves();
        if moves.is_empty() || record.outcome().is_some() {
            break;
        }
        let m = moves[usize::from(p) % moves.len()];
        record.play(&m).expect("legal");
        let comment = match p % 4 {
            0 => Some(pgn::score_comment(
                Score::Cp(i32::from(p % 700) - 350),
                u32::from(p % 30),
            )),
            1 => Some(pgn::score_comment(Score::Mate(i32::from(p % 9) - 4), 5)),
            _ => None,
        };
        game.push(m, comment);
    }
    let result = match record.outcome() {
        Some(o) => o.result().to_string(),
        None => pgn::RESULTS[picks_len_result(game.moves.len())].to_string(),
    };
    game.finish(&result, Some("normal"));
    game
}

fn picks_len_result(n: usize) -> usize {
    n % pgn::RESULTS.len()
}

fn name_strategy() -> impl Strategy<Value = String> {
    "[A-Za-z0-9 .\"\\\\'{}()-]{0,24}"
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_round_trip_and_check(
        game_index in 0usize..6,
        flag_bits in 0u8..64,
        skip in 0usize..4,
        picks in prop::collection::vec(any::<u16>(), 0..90),
        white in name_strategy(),
        black in name_strategy(),
    ) {
        let name = menagerie_games::NAMES[game_index];
        let game = playout(name, flag_bits, skip, &picks, (&white, &black));
        let text = pgn::write(&game);
        let back = pgn::read_all(&text, &pgn::standard_resolver)
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(&back, &vec![game.clone()], "{}", text);
        prop_assert_eq!(pgn::write(&back[0]), text.clone());
        for r in pgn::check(&text, &pgn::standard_resolver) {
            prop_assert!(r.ok, "{}\n{}", r.line, text);
        }
        prop_assert!(text.lines().all(|l| l.starts_with('[') || l.len() < 80), "{}", text);
    }

    #[test]
    fn files_of_several_games_read_back_game_by_game(
        picks in prop::collection::vec(prop::collection::vec(any::<u16>(), 0..40), 1..6),
    ) {
        let games: Vec<Game> = picks
            .iter()
            .enumerate()
            .map(|(i, p)| playout(menagerie_games::NAMES[i % 6], 0, i % 3, p, ("A", "B")))
            .collect();
        let text = pgn::write_all(&games);
        let back: Vec<Game> = pgn::read_each(&text, &pgn::standard_resolver)
            .into_iter()
            .map(|r| r.expect("every game reads"))
            .collect();
        prop_assert_eq!(back, games);
    }
}

#[test]
fn a_record_that_lies_about_the_result_is_caught() {
    let start = Position::from_fen(
        menagerie_games::by_name("chess").expect("chess"),
        "7k/8/6QK/8/8/8/8/8 w - - 0 1",
    )
    .expect("valid");
    let mut game = Game::new(start.clone());
    game.push(
        menagerie_rules::notation::parse(&start, "g6g7").expect("mate"),
        None,
    );
    game.finish("0-1", None);
    let reports = pgn::check(&pgn::write(&game), &pgn::standard_resolver);
    assert!(!reports[0].ok, "{}", reports[0].line);
    game.finish("1-0", None);
    let reports = pgn::check(&pgn::write(&game), &pgn::standard_resolver);
    assert!(reports[0].ok, "{}", reports[0].line);
}
