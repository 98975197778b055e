//! UCI sessions as a GUI drives them, checked line by line: every bestmove
//! is replayed with the rules.

use crate::common;

use common::{
    bestmove_of, bestmoves, game, random_moves, replay, uci, uci_front, Lcg, Live, PATIENCE,
};
use menagerie_protocol::flags::{self, RuleFlags};
use menagerie_rules::{notation, GameRecord, Move, Outcome, Position, Role};
use std::time::{Duration, Instant};

fn info_strings(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.starts_with("info string"))
        .collect()
}

#[test]
fn the_handshake_lists_every_option_and_game() {
    let out = uci("uci\nisready\n");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("id name Menagerie"), "{out}");
    assert!(lines.iter().any(|l| l.starts_with("id author ")), "{out}");
    let uciok = lines.iter().position(|l| *l == "uciok").expect("uciok");
    assert_eq!(lines[uciok + 1], "readyok");
    let variant = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .expect("UCI_Variant");
    for name in menagerie_games::NAMES {
        assert!(
            variant.contains(&format!(" var {name}")),
            "{name}: {variant}"
        );
    }
    let mut wanted: Vec<String> = [
        "PickThePieceSetup type string",
        "Hash type spin",
        "Threads type spin",
        "MultiPV type spin",
        "Skill Level type spin",
        "Move Overhead type spin",
    ]
    .iter()
    .map(|s| (*s).to_string())
    .collect();
    wanted.extend(flags::FLAGS.iter().map(|f| {
        let kind = if f.per_game { "combo" } else { "check" };
        format!("{} type {kind}", f.name)
    }));
    for w in wanted {
        let line = format!("option name {w}");
        assert!(lines.iter().any(|l| l.starts_with(&line)), "{line} missing");
    }
}

#[test]
fn every_game_answers_a_gui_with_a_legal_bestmove() {
    let mut rng = Lcg(7);
    for name in menagerie_games::NAMES {
        let start = Position::start(game(name));
        let moves = random_moves(&start, 4, &mut rng);
        let script = format!(
            "uci\nisready\nucinewgame\nsetoption name UCI_Variant value {name}\nisready\n\
             position startpos moves {}\ngo movetime 60\n",
            moves.join(" ")
        );
        let out = uci(&script);
        assert!(info_strings(&out).is_empty(), "{name}: {out}");
        assert_eq!(out.lines().filter(|l| *l == "readyok").count(), 2, "{name}");
        let best = bestmoves(&out);
        assert_eq!(best.len(), 1, "{name}: {out}");
        let pos = replay(&start, &moves);
        notation::parse(&pos, best[0])
            .unwrap_or_else(|e| panic!("{name}: bestmove {} in {}: {e}", best[0], pos.fen()));
    }
}

#[test]
fn every_game_also_takes_a_position_string() {
    let mut rng = Lcg(11);
    for name in menagerie_games::NAMES {
        let start = Position::start(game(name));
        let moves = random_moves(&start, 6, &mut rng);
        let pos = replay(&start, &moves);
        let (last, before) = moves.split_last().expect("moves were played");
        let fen = replay(&start, before).fen();
        let script = format!(
            "setoption name UCI_Variant value {name}\nposition fen {fen} moves {last}\ngo depth 2\n"
        );
        let out = uci(&script);
        assert!(info_strings(&out).is_empty(), "{name}: {out}");
        let best = bestmoves(&out);
        assert_eq!(best.len(), 1, "{name}: {out}");
        assert!(notation::parse(&pos, best[0]).is_ok(), "{name}: {out}");
    }
}

/// Plays a game to its end as a GUI does, one `position ... go wtime ...`
/// per ply, with the side to move's session; the clocks run.
fn play_out(sessions: &mut [Live], name: &str, fen: &str, max_plies: usize) -> GameRecord {
    let start = Position::from_fen(game(name), fen).expect("a valid test position");
    let mut record = GameRecord::new(start);
    let mut clocks = [4000u64, 4000u64];
    let mut played: Vec<String> = Vec::new();
    for s in sessions.iter_mut() {
        s.send("uci");
        s.send(&format!("setoption name UCI_Variant value {name}"));
        s.send("ucinewgame");
        s.send("isready");
        assert!(s.expect(PATIENCE, |l| l == "readyok").is_some());
    }
    while record.outcome().is_none() && played.len() < max_plies {
        let side = usize::from(record.position().turn() == menagerie_rules::Color::Black);
        let s = &mut sessions[side % sessions.len()];
        s.send(&format!("position fen {fen} moves {}", played.join(" ")));
        s.send(&format!(
            "go wtime {} btime {} winc 50 binc 50",
            clocks[0], clocks[1]
        ));
        let t = Instant::now();
        let line = s
            .expect(PATIENCE, |l| l.starts_with("bestmove "))
            .expect("a bestmove");
        let spent = u64::try_from(t.elapsed().as_millis()).unwrap_or(u64::MAX);
        clocks[side] = clocks[side].saturating_sub(spent) + 50;
        let text = bestmove_of(&line).to_string();
        let m = notation::parse(record.position(), &text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", record.position().fen()));
        record.play(&m).expect("legal");
        played.push(text);
    }
    record
}

#[test]
fn two_sessions_play_a_won_chess_endgame_to_mate_on_the_clock() {
    let mut sessions = [Live::start(uci_front()), Live::start(uci_front())];
    let record = play_out(&mut sessions, "chess", "7k/8/8/8/8/8/8/KQR5 w - - 0 1", 80);
    match record.outcome() {
        Some(Outcome::Decisive { winner, .. }) => {
            assert_eq!(winner, menagerie_rules::Color::White);
        }
        other => panic!("the game did not end in a win: {other:?}"),
    }
}

#[test]
fn one_session_plays_a_won_wreckage_endgame_against_itself() {
    let mut sessions = [Live::start(uci_front())];
    let fen = "9k/10/10/10/10/10/10/10/10/KQR7[] w - - 0 1";
    let record = play_out(&mut sessions, "wreckage", fen, 80);
    assert!(
        matches!(record.outcome(), Some(Outcome::Decisive { winner, .. }) if winner == menagerie_rules::Color::White),
        "{:?} after {} plies",
        record.outcome(),
        record.moves().len()
    );
}

#[test]
fn a_custom_pick_the_piece_setup_is_played_when_set() {
    let spec = "pick-the-piece:slots=O,C;drops=N,A,J2";
    let custom = menagerie_games::resolve(spec).expect("a valid setup");
    let start = Position::start(custom);
    let plain = Position::start(game("air-and-trench"));
    let own = start
        .legal_moves()
        .into_iter()
        .find(|m| notation::parse(&plain, &notation::render(&start, m)).is_err())
        .expect("the setup's own pieces have moves the default game lacks");
    let own_move = notation::render(&start, &own);

    let out = uci(&format!(
        "setoption name PickThePieceSetup value {spec}\nposition startpos moves {own_move}\ngo depth 2\n"
    ));
    assert!(info_strings(&out).is_empty(), "{out}");
    let mut after = start.clone();
    after.play(&own).expect("legal");
    assert!(notation::parse(&after, bestmoves(&out)[0]).is_ok(), "{out}");

    let out = uci(&format!(
        "setoption name PickThePieceSetup value {spec}\nsetoption name PickThePieceSetup value <empty>\n\
         setoption name UCI_Variant value air-and-trench\nposition startpos moves {own_move}\ngo depth 1\n"
    ));
    assert_eq!(
        info_strings(&out).len(),
        1,
        "the move is refused again: {out}"
    );
    assert!(notation::parse(&plain, bestmoves(&out)[0]).is_ok(), "{out}");
}

#[test]
fn the_promote_to_drop_piece_flag_changes_what_is_legal() {
    let fen = "4k5/P9/10/10/10/10/10/10/10/4K5[] w - - 0 1";
    let mut on = RuleFlags::default();
    assert!(on.set("promote_to_drop_piece", true));
    let with_flag = Position::from_fen(flags::select("wreckage", &on).unwrap(), fen).unwrap();
    let to_guillotine = with_flag
        .legal_moves()
        .into_iter()
        .find(|m| {
            matches!(
                m,
                Move::Normal {
                    promotion: Some(Role::Guillotine),
                    ..
                }
            )
        })
        .expect("with the flag a pawn may become a Guillotine");
    let text = notation::render(&with_flag, &to_guillotine);

    let base = "setoption name UCI_Variant value wreckage\n";
    let off = uci(&format!("{base}position fen {fen} moves {text}\n"));
    assert_eq!(info_strings(&off).len(), 1, "refused by default: {off}");

    let on = uci(&format!(
        "{base}setoption name promote_to_drop_piece value true\nposition fen {fen}\ngo depth 1 searchmoves {text}\n"
    ));
    assert!(info_strings(&on).is_empty(), "{on}");
    assert_eq!(bestmoves(&on), vec![text.as_str()]);
    let off_again = uci(&format!(
        "{base}setoption name promote_to_drop_piece value true\nsetoption name promote_to_drop_piece value false\n\
         position fen {fen}\ngo depth 1 searchmoves {text}\n"
    ));
    assert!(
        info_strings(&off_again)
            .iter()
            .any(|l| l.contains("searchmoves")),
        "{off_again}"
    );
    assert_ne!(bestmoves(&off_again), vec![text.as_str()]);
}

#[test]
fn stop_ends_an_infinite_search_promptly_with_a_legal_move() {
    let mut s = Live::start(uci_front());
    s.send("uci");
    s.send("setoption name UCI_Variant value wreckage");
    s.send("position startpos moves e2e5");
    s.send("isready");
    assert!(s.expect(PATIENCE, |l| l == "readyok").is_some());
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        !s.unread().iter().any(|l| l.starts_with("bestmove")),
        "an infinite search waits for stop"
    );
    let asked = Instant::now();
    s.send("stop");
    let line = s
        .expect(Duration::from_secs(2), |l| l.starts_with("bestmove "))
        .expect("bestmove soon after stop");
    assert!(asked.elapsed() < Duration::from_secs(2));
    let pos = replay(&Position::start(game("wreckage")), &["e2e5".to_string()]);
    assert!(notation::parse(&pos, bestmove_of(&line)).is_ok(), "{line}");
    s.send("quit");
    s.close();
}

const GARBAGE: [&str; 16] = [
    "frobnicate",
    "go depth x",
    "go wtime",
    "go sideways 3",
    "position",
    "position fen",
    "position fen not a position at all",
    "position startpos moves e2e5",
    "setoption name Hash value 0",
    "setoption name Skill Level value eleven",
    "setoption name No Such Option value 1",
    "setoption value 3",
    "setoption name UCI_Variant value checkers",
    "setoption name PickThePieceSetup value pick-the-piece:slots=Q",
    "debug sometimes",
    "\u{1}\u{7f}}{ ][ \u{e9}",
];

#[test]
fn garbage_is_answered_with_info_strings_and_ignored() {
    let mut s = Live::start(uci_front());
    s.send("uci");
    assert!(s.expect(PATIENCE, |l| l == "uciok").is_some());
    for bad in GARBAGE {
        s.send(bad);
        s.send("isready");
        assert!(s.expect(PATIENCE, |l| l == "readyok").is_some(), "{bad:?}");
    }
    let out = s.lines();
    let answers = out.iter().filter(|l| l.starts_with("info string")).count();
    assert_eq!(
        answers,
        GARBAGE.len(),
        "one explanation per bad line: {out:#?}"
    );
    s.send("position startpos moves e2e4");
    s.send("go depth 2");
    let line = s
        .expect(PATIENCE, |l| l.starts_with("bestmove "))
        .expect("bestmove");
    let pos = replay(&Position::start(game("chess")), &["e2e4".to_string()]);
    assert!(
        notation::parse(&pos, bestmove_of(&line)).is_ok(),
        "still chess: {line}"
    );
    s.send("quit");
    s.close();
}

#[test]
fn a_bad_move_in_position_keeps_the_moves_before_it() {
    let out = uci("position startpos moves e2e4 e1e3 g1f3\ngo depth 1 searchmoves d2d4 e7e5\n");
    assert_eq!(
        info_strings(&out).len(),
        2,
        "the bad move and White's d2d4: {out}"
    );
    assert_eq!(
        bestmoves(&out),
        vec!["e7e5"],
        "Black is to move after e2e4: {out}"
    );
}
