//! Records with variations, NAGs and comments: random playouts of every
//! game, annotated at random, are written and read back exactly and checked
//! sound; hand-written records read as they should; bad variations are
//! reported with where they are.

use menagerie_protocol::pgn::{self, Game, Line, LineMove};
use menagerie_rules::{notation, GameRecord, Position};
use proptest::prelude::*;

/// Random choices, read one at a time (zero once they run out).
struct Picks<'a>(std::slice::Iter<'a, u16>);

impl Picks<'_> {
    fn next(&mut self) -> u16 {
        self.0.next().copied().unwrap_or(0)
    }
}

const WORDS: [&str; 10] = [
    "[%eval", "0.35]", "#-3]", "good", "(idea)", "100%", "a;b", "Nf3!?", "$4", "x",
];

/// A comment as the writer writes one (no braces, single spaces), or none.
fn comment(p: &mut Picks<'_>) -> Option<String> {
    let n = usize::from(p.next() % 40);
    if n >= 14 {
        return None;
    }
    let words: Vec<&str> = (0..n)
        .map(|_| WORDS[usize::from(p.next()) % WORDS.len()])
        .collect();
    Some(words.join(" "))
}

fn nags(p: &mut Picks<'_>) -> Vec<u8> {
    let n = usize::from(p.next() % 7).saturating_sub(4);
    (0..n).map(|_| (p.next() % 256) as u8).collect()
}

/// A random line of at most `len` moves from `pos`, with variations down
/// to depth 3.
fn line(mut pos: Position, p: &mut Picks<'_>, len: usize, depth: usize) -> Line {
    let mut out = Line::new();
    for _ in 0..len {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.outcome().is_some() {
            break;
        }
        let m = moves[usize::from(p.next()) % moves.len()];
        let mut lm = LineMove::new(m).with_comment(comment(p));
        lm.nags = nags(p);
        lm.variations = variations(&pos, p, depth);
        pos.play_unchecked(&m);
        out.push(lm);
    }
    out
}

/// Zero to two variations from `before`, one level deeper than `depth`.
fn variations(before: &Position, p: &mut Picks<'_>, depth: usize) -> Vec<Line> {
    if depth >= 3 {
        return Vec::new();
    }
    let n = usize::from(p.next() % 8).saturating_sub(5);
    let mut out = Vec::new();
    for _ in 0..n {
        let len = 1 + usize::from(p.next() % 6);
        let l = line(before.clone(), p, len, depth + 1);
        if !l.is_empty() {
            out.push(l);
        }
    }
    out
}

/// A random game of `name`: a main line of up to `plies` moves (stopping
/// where the game ends), annotated at random, with a fitting result.
fn annotated(name: &str, picks: &[u16], plies: usize) -> Game {
    let variant = menagerie_games::by_name(name).expect("a built-in game");
    let mut p = Picks(picks.iter());
    let mut record = GameRecord::new(Position::start(variant));
    let mut game = Game::new(record.position().clone());
    for _ in 0..plies {
        let moves = record.position().legal_moves();
        if moves.is_empty() || record.outcome().is_some() {
            break;
        }
        let before = record.position().clone();
        let m = moves[usize::from(p.next()) % moves.len()];
        record.play(&m).expect("legal");
        let mut lm = LineMove::new(m).with_comment(comment(&mut p));
        lm.nags = nags(&mut p);
        lm.variations = variations(&before, &mut p, 0);
        game.push_move(lm);
    }
    let result = record
        .outcome()
        .map_or("*".to_string(), |o| o.result().to_string());
    game.finish(&result, None);
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn annotated_games_round_trip_and_check(
        game_index in 0usize..6,
        picks in prop::collection::vec(any::<u16>(), 0..600),
        plies in 0usize..60,
    ) {
        let game = annotated(menagerie_games::NAMES[game_index], &picks, plies);
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
}

fn read_one(text: &str) -> Result<Game, pgn::PgnError> {
    pgn::read_all(text, &pgn::standard_resolver).map(|mut g| g.remove(0))
}

fn texts(start: &Position, line: &[LineMove]) -> Vec<String> {
    let mut pos = start.clone();
    line.iter()
        .map(|m| {
            let t = notation::render(&pos, &m.mv);
            pos.play_unchecked(&m.mv);
            t
        })
        .collect()
}

const SCHOLAR: &str = "[Event \"?\"]\n\n\
    1. e2e4 e7e5 2. d1h5 b8c6 3. f1c4!? {threat} g8f6?? (3... g7g6! {holds} 4. h5f3 \
    (4. h5e5+ $2 d8e7) 4... g8f6) (3... d8e7) 4. h5f7# 1-0\n";

#[test]
fn variations_nags_and_comments_are_read_where_they_belong() {
    let g = read_one(SCHOLAR).expect("reads");
    assert_eq!(g.moves.len(), 7);
    assert_eq!(g.nags[4], vec![pgn::NAG_INTERESTING]);
    assert_eq!(g.comments[4].as_deref(), Some("threat"));
    assert_eq!(g.nags[5], vec![pgn::NAG_BLUNDER]);
    assert_eq!(g.variations[5].len(), 2);
    let before = GameRecord::new(g.start.clone());
    let mut record = before;
    for m in &g.moves[..5] {
        record.play(m).expect("legal");
    }
    let at = record.position();
    let first = &g.variations[5][0];
    assert_eq!(texts(at, first), ["g7g6", "h5f3", "g8f6"]);
    assert_eq!(first[0].nags, vec![pgn::NAG_GOOD]);
    assert_eq!(first[0].comment.as_deref(), Some("holds"));
    let mut after_g6 = at.clone();
    after_g6.play_unchecked(&first[0].mv);
    let nested = &first[1].variations[0];
    assert_eq!(texts(&after_g6, nested), ["h5e5", "d8e7"]);
    assert_eq!(nested[0].nags, vec![pgn::NAG_MISTAKE]);
    assert_eq!(texts(at, &g.variations[5][1]), ["d8e7"]);
    assert_eq!(pgn::count_variations(&g.line()), 3);
    let report = &pgn::check(SCHOLAR, &pgn::standard_resolver)[0];
    assert!(report.ok, "{}", report.line);
    assert!(
        report.line.contains("7 plies, 3 variations"),
        "{}",
        report.line
    );
}

#[test]
fn the_writer_numbers_variations_and_black_after_them() {
    let g = read_one(SCHOLAR).expect("reads");
    let text = pgn::write(&g);
    let movetext: Vec<&str> = text.lines().filter(|l| !l.starts_with('[')).collect();
    assert_eq!(
        movetext.join("\n").trim(),
        "1. e2e4 e7e5 2. d1h5 b8c6 3. f1c4 $5 {threat} g8f6 $4 (3... g7g6 $1 {holds} 4.\n\
         h5f3 (4. h5e5 $2 d8e7) 4... g8f6) (3... d8e7) 4. h5f7 1-0"
    );
    assert_eq!(read_one(&text).expect("reads back"), g);
}

#[test]
fn long_comments_wrap_and_come_back_the_same() {
    let start = Position::start(menagerie_games::by_name("chess").expect("chess"));
    let mut g = Game::new(start.clone());
    let long = vec!["word"; 60].join(" ");
    g.push(
        notation::parse(&start, "e2e4").expect("legal"),
        Some(long.clone()),
    );
    let evals = ["[%eval -10.35]"; 12].join(" ");
    let mut after = start.clone();
    after.play_unchecked(&g.moves[0]);
    g.push(
        notation::parse(&after, "e7e5").expect("legal"),
        Some(evals.clone()),
    );
    let text = pgn::write(&g);
    assert!(text.lines().all(|l| l.len() < 80), "{text}");
    let movetext = text.replace('\n', " ");
    assert_eq!(movetext.matches("[%eval -10.35]").count(), 12, "{text}");
    let back = read_one(&text).expect("reads");
    assert_eq!(back.comments, vec![Some(long), Some(evals)]);
}

fn error(text: &str) -> pgn::PgnError {
    read_one(text).expect_err("a bad record")
}

#[test]
fn an_illegal_move_in_a_variation_says_where_it_is() {
    let e = error("[Event \"?\"]\n\n1. e2e4 e7e5\n2. g1f3 (2. d1h5 b8c6\n3. h5h8) *\n");
    assert_eq!((e.game, e.line), (1, 5));
    assert_eq!(e.moved, Some((3, menagerie_rules::Color::White)));
    assert!(e.message.starts_with("in a variation: "), "{e}");
    assert!(e.to_string().contains("move 3."), "{e}");
    let report = &pgn::check(
        "[Event \"?\"]\n\n1. e2e4 (1. e2e5) *\n\n[Event \"?\"]\n\n1. d2d4 *\n",
        &pgn::standard_resolver,
    );
    assert!(!report[0].ok && report[1].ok, "{report:?}");
    assert!(
        report[0].line.contains("in a variation"),
        "{}",
        report[0].line
    );
}

#[test]
fn misplaced_brackets_and_bad_nags_are_refused() {
    let cases = [
        ("(1. e2e4) *", "must follow the move"),
        ("1. e2e4 ) *", "closes no variation"),
        ("1. e2e4 (1. d2d4 *", "not closed before the result"),
        ("1. e2e4 $256 *", "not a NAG"),
        ("1. e2e4 (1. d2d4 [Event \"?\"]) *", "tag section began"),
    ];
    for (movetext, why) in cases {
        let e = error(&format!("[Event \"?\"]\n\n{movetext}\n"));
        assert!(e.message.contains(why), "{movetext}: {e}");
    }
    let deep = format!(
        "[Event \"?\"]\n\n1. e2e4 {} *\n",
        "(1. e2e4 ".repeat(pgn::MAX_DEPTH + 1)
    );
    assert!(error(&deep).message.contains("nest more than"));
}

#[test]
fn a_record_after_a_bad_variation_is_still_read() {
    let text = "[Event \"a\"]\n\n1. e2e4 (1. d2d4 ( *\n\n[Event \"b\"]\n\n1. d2d4 *\n";
    let games = pgn::read_each(text, &pgn::standard_resolver);
    assert_eq!(games.len(), 2);
    assert!(games[0].is_err());
    assert_eq!(games[1].as_ref().expect("the second game").moves.len(), 1);
}

#[test]
fn empty_variations_and_stray_annotations_are_dropped() {
    let g = read_one("[Event \"?\"]\n\n{before} $1 1. e2e4 () ! {x} *\n").expect("reads");
    assert_eq!(g.variations[0], Vec::<Line>::new());
    assert_eq!(g.nags[0], vec![pgn::NAG_GOOD]);
    assert_eq!(g.comments[0].as_deref(), Some("x"));
}

#[test]
fn read_first_reads_one_game_within_a_move_bound() {
    let text = "[Event \"?\"]\n\n1. e2e4 (1. d2d4 d7d5) e7e5 *\n\n[Event \"?\"]\n\n1. x *\n";
    let g = pgn::read_first(text, &pgn::standard_resolver, 4)
        .expect("a game")
        .expect("within the bound");
    assert_eq!(g.moves.len(), 2);
    let e = pgn::read_first(text, &pgn::standard_resolver, 3)
        .expect("a game")
        .expect_err("over the bound");
    assert!(e.message.contains("more than 3 moves"), "{e}");
    assert!(pgn::read_first("  \n", &pgn::standard_resolver, 9).is_none());
}

/// Characters a record's edits insert or put in place.
const EDITS: &[u8] = b"()(){}$!?+#. 0123456789e2e4J@x\n;%[]\"";

fn edited(base: &str, edits: &[(usize, u8, u8)]) -> String {
    let mut bytes: Vec<u8> = base.bytes().collect();
    for &(at, op, ch) in edits {
        let c = EDITS[usize::from(ch) % EDITS.len()];
        let i = at % (bytes.len() + 1);
        match op % 3 {
            0 => bytes.insert(i, c),
            1 if i < bytes.len() => bytes[i] = c,
            _ if i < bytes.len() => {
                bytes.remove(i);
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// An annotated record with random edits: never a panic, and every game
    /// that reads writes back to a record that reads back equal.
    #[test]
    fn edited_annotated_records_read_or_fail_cleanly(
        edits in prop::collection::vec((0usize..400, 0u8..3, any::<u8>()), 1..10),
    ) {
        let text = edited(SCHOLAR, &edits);
        for game in pgn::read_each(&text, &pgn::standard_resolver).into_iter().flatten() {
            let _ = pgn::check_game(&game);
            let written = pgn::write(&game);
            let back = pgn::read_all(&written, &pgn::standard_resolver)
                .unwrap_or_else(|e| panic!("{e}\n{written}"));
            prop_assert_eq!(back, vec![game], "{}", written);
        }
    }
}
