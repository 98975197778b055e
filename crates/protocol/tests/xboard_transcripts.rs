//! XBoard (CECP v2) sessions as XBoard drives them. Every `move` the
//! engine prints is read back with the XBoard translation and replayed.

use crate::common;

use common::{game, random_moves, replay, xboard, xboard_front, Lcg, Live, PATIENCE};
use menagerie_protocol::text::{from_xboard, to_xboard, xboard_can_carry};
use menagerie_protocol::xboard::board::XBOARD_NAMES;
use menagerie_protocol::xboard::mirror::{Context, Grid};
use menagerie_rules::{notation, Position};
use std::time::{Duration, Instant};

/// Starts a session through the handshake XBoard sends.
fn session() -> Live {
    let mut s = Live::start(xboard_front());
    s.send("xboard");
    s.send("protover 2");
    assert!(s.expect(PATIENCE, |l| l == "feature done=1").is_some());
    s
}

/// Waits for `pong n` after sending `ping n`: everything before it has
/// been handled.
fn sync(s: &mut Live, n: u32) -> Vec<String> {
    s.send(&format!("ping {n}"));
    let want = format!("pong {n}");
    let mut seen = Vec::new();
    let start = Instant::now();
    loop {
        let line = s.expect(PATIENCE, |_| true).expect("output before pong");
        if line == want {
            return seen;
        }
        seen.push(line);
        assert!(start.elapsed() < PATIENCE, "no {want}");
    }
}

/// The engine's next `move`, checked legal in `pos` and carried faithfully
/// by XBoard's own board; returns the action.
fn engine_move(s: &mut Live, pos: &Position) -> menagerie_rules::Move {
    let line = s
        .expect(PATIENCE, |l| l.starts_with("move "))
        .expect("a move");
    let text = &line["move ".len()..];
    let m = from_xboard(pos, text).unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.fen()));
    assert!(xboard_can_carry(pos, &m), "{text} in {}", pos.fen());
    m
}

#[test]
fn protover_2_announces_every_game_and_the_features_we_need() {
    let out = xboard("xboard\nprotover 2\n");
    let first = out.lines().next().expect("a feature line");
    for f in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "time=1",
        "reuse=1",
        "san=0",
    ] {
        assert!(first.contains(f), "{f}: {first}");
    }
    let list = first
        .split("variants=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("a variants feature");
    let listed: Vec<&str> = list.split(',').collect();
    for name in menagerie_games::NAMES {
        let x = if name == "chess" { "normal" } else { name };
        assert!(listed.contains(&x), "{x} missing from {list}");
    }
    for f in menagerie_protocol::flags::FLAGS {
        let kind = if f.per_game { "-combo" } else { "-check" };
        assert!(
            out.contains(&format!("option=\"{} {kind}", f.name)),
            "{}",
            f.name
        );
    }
    assert!(out.contains("option=\"PickThePieceSetup -string"), "{out}");
    assert_eq!(out.lines().last(), Some("feature done=1"));
}

#[test]
fn every_game_is_set_up_and_played_with_xboard_move_strings() {
    let mut rng = Lcg(3);
    for (xname, ours) in XBOARD_NAMES.iter().take(6) {
        let mut s = session();
        s.send("new");
        s.send(&format!("variant {xname}"));
        s.send("force");
        let said = sync(&mut s, 1);
        let setup = said.iter().find(|l| l.starts_with("setup ("));
        assert_eq!(setup.is_some(), *xname != "normal", "{xname}: {said:?}");
        let start = Position::start(game(ours));
        let moves = random_moves(&start, 3, &mut rng);
        let mut pos = start.clone();
        for text in &moves {
            let m = notation::parse(&pos, text).expect("legal");
            s.send(&format!("usermove {}", to_xboard(&pos, &m)));
            pos.play(&m).expect("legal");
        }
        assert!(
            sync(&mut s, 2).is_empty(),
            "{xname}: the moves are accepted"
        );
        assert_eq!(pos.fen(), replay(&start, &moves).fen());
        s.send("sd 2");
        s.send("go");
        let m = engine_move(&mut s, &pos);
        assert!(pos.legal_moves().contains(&m), "{xname}");
        s.send("quit");
        s.close();
    }
}

#[test]
fn ten_rank_boards_count_ranks_from_zero() {
    let mut s = session();
    s.send("new");
    s.send("variant wreckage");
    s.send("force");
    s.send("usermove e1e4");
    assert!(sync(&mut s, 1).iter().all(|l| !l.starts_with("Illegal")));
    s.send("usermove e9e6");
    let said = sync(&mut s, 2);
    assert!(
        said.iter().any(|l| l.starts_with("Illegal move")),
        "e9 is Black's back rank from 0: {said:?}"
    );
    s.send("usermove e8e5");
    assert!(sync(&mut s, 3).is_empty());
    let start = Position::start(game("wreckage"));
    let pos = replay(&start, &["e2e5".to_string(), "e9e6".to_string()]);
    s.send("sd 1");
    s.send("go");
    let line = s
        .expect(PATIENCE, |l| l.starts_with("move "))
        .expect("a move");
    assert!(
        !line.contains("10"),
        "no rank 10 on XBoard's 0-9 board: {line}"
    );
    assert!(from_xboard(&pos, &line[5..]).is_ok(), "{line}");
}

#[test]
fn the_engine_plays_the_side_xboard_gives_it() {
    let mut s = session();
    s.send("new");
    s.send("force");
    s.send("usermove e2e4");
    s.send("usermove e7e5");
    s.send("playother");
    s.send("sd 2");
    assert!(
        sync(&mut s, 1).is_empty(),
        "playother with White to move: the engine waits"
    );
    s.send("usermove g1f3");
    let pos = replay(
        &Position::start(game("chess")),
        &["e2e4", "e7e5", "g1f3"].map(String::from),
    );
    engine_move(&mut s, &pos);
    // After `new` the engine plays Black and answers White's move.
    s.send("new");
    s.send("sd 1");
    s.send("usermove d2d4");
    let pos = replay(&Position::start(game("chess")), &["d2d4".to_string()]);
    engine_move(&mut s, &pos);
}

#[test]
fn clocks_levels_and_fixed_depth_bound_the_search() {
    let mut s = session();
    s.send("new");
    s.send("level 40 0:05 0");
    s.send("time 300");
    s.send("otim 300");
    s.send("force");
    s.send("go");
    let t = Instant::now();
    engine_move(&mut s, &Position::start(game("chess")));
    assert!(t.elapsed() < Duration::from_secs(3), "3 s on the clock");
    s.send("new");
    s.send("st 1");
    s.send("force");
    s.send("go");
    let t = Instant::now();
    engine_move(&mut s, &Position::start(game("chess")));
    assert!(
        t.elapsed() < Duration::from_millis(2500),
        "st 1: about a second"
    );
    s.send("new");
    s.send("level 0 60 0");
    s.send("sd 1");
    s.send("force");
    s.send("go");
    let t = Instant::now();
    engine_move(&mut s, &Position::start(game("chess")));
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "sd 1 is one ply, whatever the clock"
    );
}

fn is_thinking_line(l: &str) -> bool {
    let words: Vec<&str> = l.split_whitespace().collect();
    words.len() >= 4 && words[..4].iter().all(|w| w.parse::<i64>().is_ok())
}

#[test]
fn post_shows_thinking_and_nopost_hides_it() {
    let mut s = session();
    s.send("new");
    s.send("post");
    s.send("sd 3");
    s.send("force");
    s.send("go");
    let line = s
        .expect(PATIENCE, is_thinking_line)
        .expect("thinking output");
    let words: Vec<&str> = line.split_whitespace().collect();
    let pos = Position::start(game("chess"));
    assert!(
        from_xboard(&pos, words[4]).is_ok(),
        "the pv starts with a legal move: {line}"
    );
    assert!(s.expect(PATIENCE, |l| l.starts_with("move ")).is_some());
    s.send("new");
    s.send("nopost");
    s.send("sd 3");
    s.send("force");
    s.send("go");
    let first = s
        .expect(PATIENCE, |l| is_thinking_line(l) || l.starts_with("move "))
        .expect("a move");
    assert!(
        first.starts_with("move "),
        "no thinking after nopost: {first}"
    );
}

#[test]
fn undo_and_remove_take_moves_back() {
    let mut s = session();
    s.send("new");
    s.send("force");
    s.send("usermove e2e4");
    s.send("usermove e7e5");
    s.send("remove");
    s.send("usermove d2d4");
    assert!(sync(&mut s, 1).is_empty(), "remove took back both moves");
    s.send("undo");
    s.send("usermove e7e5");
    assert!(
        sync(&mut s, 2)[0].starts_with("Illegal move"),
        "after undo White is to move"
    );
    s.send("usermove c2c4");
    s.send("usermove e7e5");
    assert!(sync(&mut s, 3).is_empty());
    s.send("sd 1");
    s.send("go");
    let pos = replay(
        &Position::start(game("chess")),
        &["c2c4", "e7e5"].map(String::from),
    );
    engine_move(&mut s, &pos);
}

#[test]
fn result_ends_the_game_and_the_engine_stops_moving() {
    let mut s = session();
    s.send("new");
    s.send("sd 1");
    s.send("usermove e2e4");
    let pos = replay(&Position::start(game("chess")), &["e2e4".to_string()]);
    let reply = engine_move(&mut s, &pos);
    let mut after = pos.clone();
    after.play(&reply).expect("legal");
    s.send("result 1-0 {White resigns? no: a test}");
    let next = after.legal_moves()[0];
    s.send(&format!("usermove {}", to_xboard(&after, &next)));
    let said = sync(&mut s, 1);
    assert!(!said.iter().any(|l| l.starts_with("move ")), "{said:?}");
}

#[test]
fn ping_is_answered_with_pong() {
    let out = xboard("xboard\nprotover 2\nping 7\nping abc\n");
    assert!(out.lines().any(|l| l == "pong 7"), "{out}");
    assert!(out.lines().any(|l| l == "pong abc"), "{out}");
}

#[test]
fn question_mark_makes_the_engine_move_now() {
    let mut s = session();
    s.send("new");
    s.send("level 0 100 0");
    s.send("time 600000");
    s.send("force");
    s.send("go");
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    s.send("?");
    engine_move(&mut s, &Position::start(game("chess")));
    assert!(asked.elapsed() < Duration::from_secs(2), "moved at once");
}

#[test]
fn setboard_sets_the_position_and_refuses_bad_ones() {
    let mut s = session();
    s.send("new");
    s.send("variant longer-board");
    s.send("force");
    let fen = "4k3/8/8/8/8/8/8/8/8/R3K3 w - - 0 1";
    s.send(&format!("setboard {fen}"));
    s.send("setboard 4k3/8/8 w - - 0 1");
    let said = sync(&mut s, 1);
    assert_eq!(
        said.iter()
            .filter(|l| l.starts_with("tellusererror Illegal position"))
            .count(),
        1,
        "{said:?}"
    );
    s.send("sd 2");
    s.send("go");
    let pos = Position::from_fen(game("longer-board"), fen).expect("valid");
    engine_move(&mut s, &pos);
}

#[test]
fn garbage_is_answered_with_error_and_ignored() {
    let mut s = session();
    let bad = [
        ("frobnicate now", "Error (unknown command)"),
        ("sd deep", "Error (bad arguments)"),
        ("level 40", "Error (bad arguments)"),
        ("time soon", "Error (bad arguments)"),
        ("protover two", "Error (bad arguments)"),
        ("variant shogi", "Error (unknown variant)"),
        ("option No Such Thing=3", "Error (option)"),
        ("option Skill Level=99", "Error (option)"),
        ("usermove e2e5", "Illegal move"),
        ("usermove \u{1}\u{2}\u{3}", "Illegal move"),
        ("e9e9", "Illegal move"),
    ];
    s.send("new");
    s.send("force");
    for (i, (line, answer)) in bad.iter().enumerate() {
        s.send(line);
        let said = sync(&mut s, u32::try_from(i).unwrap_or(0));
        assert_eq!(said.len(), 1, "{line:?}: {said:?}");
        assert!(said[0].starts_with(answer), "{line:?}: {said:?}");
    }
    s.send("usermove e2e4");
    s.send("sd 1");
    s.send("go");
    let pos = replay(&Position::start(game("chess")), &["e2e4".to_string()]);
    engine_move(&mut s, &pos);
}

/// Regression (seen under the real XBoard): a detonation was sent as
/// `d6d6`, which XBoard refuses as a null move and forfeits. One man
/// blown up is now a two-leg move through its square; more are not sent.
#[test]
fn a_detonation_reaches_xboard_as_a_move_it_accepts() {
    let fen = "1r3kbfr1/p1pp2pp1p/10/3xbq4/1p1P4p1/1P3P2P1/6B3/2X2T4/P1P3PP1P/1RW2KBFR1[JJJJjjjjj] b KQkq - 0 20";
    let pos = Position::from_fen(game("carnage"), fen).expect("valid");
    let mut s = session();
    s.send("new");
    s.send("variant carnage");
    s.send("force");
    s.send(&format!("setboard {fen}"));
    s.send("sd 2");
    s.send("go");
    let m = engine_move(&mut s, &pos);
    let text = to_xboard(&pos, &m);
    let mut grid = Grid::of(&pos);
    assert!(
        grid.play(&text, &Context::of(&pos)),
        "XBoard accepts {text}"
    );
    let mut after = pos.clone();
    after.play(&m).expect("legal");
    assert_eq!(grid, Grid::of(&after), "XBoard's board follows {text}");
}

/// Regression (seen under the real XBoard): a Guillotine fly-over sent as
/// `a0d3` left the captured man on XBoard's board, which later refused a
/// drop onto that square. The capture is now `a0c2,c2d3`, and the move
/// XBoard relays in that form is read back.
#[test]
fn captures_off_the_landing_square_travel_as_two_legs() {
    let fen = "1rwb2b1rd/1p6pj/1j1p1k2f1/j3p1p2p/p2p1j4/P2P5q/1P2X1FPP1/4P4G/Q1P1BPP2P/1R2WKB1R1[JJJJJgj] w KQ - 4 30";
    let pos = Position::from_fen(game("wreckage"), fen).expect("valid");
    let fly_over = notation::parse(&pos, "j3j6").expect("the Guillotine takes j5");
    assert_eq!(to_xboard(&pos, &fly_over), "j2j4,j4j5");
    let mut s = session();
    s.send("new");
    s.send("variant wreckage");
    s.send("force");
    assert!(sync(&mut s, 0).iter().any(|l| l.starts_with("setup (")));
    s.send(&format!("setboard {fen}"));
    s.send("usermove j2j4,j4j5");
    let said = sync(&mut s, 1);
    assert!(said.is_empty(), "the two-leg move is accepted: {said:?}");
    let mut after = pos.clone();
    after.play(&fly_over).expect("legal");
    s.send("sd 1");
    s.send("go");
    engine_move(&mut s, &after);
}

/// Regression (seen under the real XBoard): in Wounds the engine answered
/// with a wound (`c7d6`, both men stay), which XBoard took for a capture;
/// two plies later it forfeited the wounded queen's move. Under XBoard the
/// engine now plays only actions XBoard's board follows.
#[test]
fn wounds_under_xboard_plays_only_what_xboard_can_draw() {
    let fen = "rnbqkbnr/ppppppp1/3Q2p1/8/8/2P5/PPP1PPPP/RNB1KBNR b - - 3 2";
    let pos = Position::from_fen(game("wounds"), fen).expect("valid");
    let wound = notation::parse(&pos, "c7d6").expect("the pawn may wound the queen");
    assert!(
        !xboard_can_carry(&pos, &wound),
        "a wound leaves both men standing"
    );
    let mut s = session();
    s.send("new");
    s.send("variant wounds");
    s.send("force");
    s.send(&format!("setboard {fen}"));
    s.send("sd 2");
    s.send("go");
    let m = engine_move(&mut s, &pos);
    assert_ne!(m, wound);
}

/// Regression (seen under the real XBoard): a Changeling's move left
/// XBoard showing its old kind. Its new letter now rides as a promotion
/// suffix, and both spellings are read.
#[test]
fn a_changeling_tells_xboard_its_new_kind() {
    let fen = "rnbqkbnr/zu1ll1uz/1pppp1pp/p7/8/3P1p2/1P3P2/P1P1P1PP/ZU1LL1UZ/RNBQKBNR w KQkq - 0 4";
    let pos = Position::from_fen(game("longer-board"), fen).expect("valid");
    let m = notation::parse(&pos, "a2b3").expect("the Changeling moves");
    assert_eq!(to_xboard(&pos, &m), "a1b2y");
    assert_eq!(from_xboard(&pos, "a1b2").expect("plain"), m);
    let mut grid = Grid::of(&pos);
    assert!(grid.play("a1b2y", &Context::of(&pos)));
    let mut after = pos.clone();
    after.play(&m).expect("legal");
    assert_eq!(grid, Grid::of(&after));
    let mut s = session();
    s.send("new");
    s.send("variant longer-board");
    s.send("force");
    assert!(sync(&mut s, 0).iter().any(|l| l.starts_with("setup (")));
    s.send(&format!("setboard {fen}"));
    s.send("usermove a1b2y");
    let said = sync(&mut s, 1);
    assert!(said.is_empty(), "{said:?}");
    s.send("sd 1");
    s.send("go");
    engine_move(&mut s, &after);
}
