//! Tactical positions of every game that the engine's search must solve at
//! modest depth (at most 6 plies; each runs in milliseconds in release).
//!
//! Every position was checked against the rules documents
//! (`docs/rules/*.md`): it parses, the intended
//! move is legal, and the intended result really is best. Mates are proved
//! independently of the engine by brute force over the rules core's legal
//! actions (`tactics_support::winning_moves`), including that no faster mate
//! exists and that the accepted moves are exactly the mating ones. Material
//! wins are checked against a second search restricted to every other move
//! (`Expect::Margin`). Except for Chess with Wounds (whose prongs are fixed
//! to the board), every position is also solved turned upside down with the
//! colours swapped, so the engine must find the same tactic for Black
//! (`solve_both`): Black's Dragon approaches down the board, its ninja pawn
//! is pushed from rank 9 towards rank 6, and so on.

use crate::tactics_support;

use tactics_support::*;
use Expect::{Margin, Mate};

// ---------------------------------------------------------------- Wreckage

/// Wreckage, Detonator: a detonation that mates.
///
/// White: Ka1, Ra10, Xe9, Pa2, Pb2. Black: Kj10, Be10, Wf10, Ph9, Pi9, Pj9,
/// Rh2. Pockets empty. Black threatens Rh2-h1 mate (b1 is covered by the
/// rook, a2 and b2 are White's own pawns). The black bishop e10 and
/// Wazir-Knight f10 shut White's rook off from the king on j10. Detonating
/// the Detonator on e9 (`e9e9`) removes both at once (it removes every enemy
/// piece on the eight squares around it), which opens rank 10: Ra10 gives
/// check, i10 stays on the rook's line, h9/i9/j9 are Black's own pawns, no
/// black piece can reach b10-i10 or a10, and Black has no Guillotine to drop
/// on the back rank. Taking the bishop with the rook instead (`a10e10`) is
/// answered by the Wazir-Knight's step f10xe10.
#[test]
fn wreckage_detonation_mates() {
    solve_both(&Tactic {
        game: "wreckage",
        fen: "R3bw3k/4X2ppp/10/10/10/10/10/10/PP5r2/K9[] w - - 0 1",
        depth: 4,
        moves: &["e9e9"],
        expect: Mate(1),
    });
}

/// Wreckage, Dragon: capture by approach.
///
/// White: Ka1, Dd3, Pa2, Pb3. Black: Kj10, Qh7, Rd8, Ph9, Pi9, Pj9. The
/// Dragon slides diagonally forward d3-e4-f5-g6 and stops next to the queen:
/// the enemy piece on the very next square beyond its stop (h7) is captured
/// by approach (`d3g6`). Sliding straight up to d7 would take only the rook
/// on d8 by approach, and nothing else of Black's is attackable. The Dragon
/// on g6 cannot be taken back (no black piece attacks g6; the pawns on h9,
/// i9, j9 are far away), and Black's Rd8-d1 check is met by Ka1-b2 (b2 is
/// free because the b-pawn stands on b3).
#[test]
fn wreckage_dragon_approach_wins_the_queen() {
    solve_both(&Tactic {
        game: "wreckage",
        fen: "9k/7ppp/3r6/7q2/10/10/10/1P1D6/P9/K9[] w - - 0 1",
        depth: 4,
        moves: &["d3g6"],
        expect: Margin(400),
    });
}

/// Carnage, Dragon: capture by withdrawal.
///
/// White: Kj1, Dd2, Pi2, Pj2. Black: Kj10, Qd3, Rc9, Ph9, Pi9, Pj9. The
/// black queen touches the Dragon from in front (d3), where the Dragon
/// cannot take it by approach (it would have to land on d3). Sliding
/// straight backward, away from it, captures it by withdrawal: d2-d1
/// (`d2d1`), the only square behind the Dragon. The other withdrawals
/// (sideways to c2/e2, diagonally back to c1/e1) remove whatever touches the
/// opposite side (e2, c2, e3, c3: nothing), and otherwise the queen takes
/// the Dragon.
#[test]
fn carnage_dragon_withdrawal_wins_the_queen() {
    solve_both(&Tactic {
        game: "carnage",
        fen: "9k/2r4ppp/10/10/10/10/10/3q6/3D4PP/9K[] w - - 0 1",
        depth: 4,
        moves: &["d2d1"],
        expect: Margin(400),
    });
}

/// Wreckage, Flying Guillotine: the double capture.
///
/// White: Kj1, Gd4, Pi2, Pj2. Black: Kj10, Rd5, Qd6, Bf6, Ph9, Pi9, Pj9.
/// The first two squares north of the Guillotine both hold enemy pieces, so
/// it captures both and lands on the second (`d4d6`): rook and queen for
/// nothing (no black piece attacks d6). The other capture on offer, the
/// bishop at distance two over the empty e5 (`d4f6`), leaves the rook and
/// queen, which attack the Guillotine (the rook is next to it).
#[test]
fn wreckage_guillotine_double_capture() {
    solve_both(&Tactic {
        game: "wreckage",
        fen: "9k/7ppp/10/10/3q1b4/3r6/3G6/10/8PP/9K[] w - - 0 1",
        depth: 4,
        moves: &["d4d6"],
        expect: Margin(400),
    });
}

/// Wreckage, ninja pawn: a drop with a push that mates.
///
/// White: Kj1, Wc3, Pi2, Pj2; in hand two ninja pawns. Black: Ka6, Pa7,
/// Pb7, Pb6, Pa5, Qh3; nothing in hand. Dropping a ninja pawn on b2 and
/// pushing it through the empty b3, b4 to b5, White's middle rank (`J@b5`),
/// gives check: a ninja pawn captures one square diagonally forward, and b5
/// attacks a6. The king cannot take it (the Wazir-Knight on c3 covers b5
/// with its knight leap), all its other squares hold its own pawns, and no
/// black piece can take or block a pawn check (the queen on h3 does not
/// reach b5). A plain drop on b2-b4 gives no check, and the queen en prise
/// (i2xh3) is worth less than mate.
#[test]
fn wreckage_ninja_pawn_drop_with_push_mates() {
    solve_both(&Tactic {
        game: "wreckage",
        fen: "10/10/10/pp8/kp8/p9/10/2W4q2/8PP/9K[JJ] w - - 0 1",
        depth: 4,
        moves: &["J@b5"],
        expect: Mate(1),
    });
}

// ----------------------------------------------------------------- Carnage

/// Carnage, Detonator: a detonation that wins the king's guard.
///
/// White: Kb1, Ra1, Xg9, Pb2, Pc2. Black: Kj10, Rh10, Qh9, Pi9, Pj9. The
/// rook and queen guarding Black's king both stand next to the Detonator on
/// g9 (three files from the king, so the king is not in check).
/// Detonating (`g9g9`) removes both at once, leaving Black with a bare king
/// and pawns facing Ra1-a10 mate.
#[test]
fn carnage_detonation_wins_the_guard() {
    solve_both(&Tactic {
        game: "carnage",
        fen: "7r1k/6Xqpp/10/10/10/10/10/10/1PP7/RK8[] w - - 0 1",
        depth: 4,
        moves: &["g9g9"],
        expect: Margin(800),
    });
}

/// Carnage, Terror Freeze: freezing the only defender so a discovered check
/// mates.
///
/// White: Ka1, Ra10, Tc10, Pa2, Pb2. Black: Kj10, Ff8, Pd9, Pi9, Pj9;
/// nothing in hand (so no Freeze drop on rank 10). The Freeze on c10 stands
/// between White's rook and Black's king: any move of it off rank 10 gives
/// check along the rank, from which the king cannot step away (i10 is on the
/// line; i9, j9 are its own pawns). Black's only defence is the Ferz-Knight
/// f8, which can block on e10 or g10 with a knight leap. The Freeze's knight
/// jump to e9 (`c10e9`) stands next to f8 and freezes it: a frozen piece
/// cannot move. The other squares next to f8 that the Freeze could reach
/// (e8, f7 along the diagonal) are cut off by the black pawn on d9.
#[test]
fn carnage_freeze_discovered_mate() {
    solve_both(&Tactic {
        game: "carnage",
        fen: "R1T6k/3p4pp/5f4/10/10/10/10/10/PP8/K9[] w - - 0 1",
        depth: 4,
        moves: &["c10e9"],
        expect: Mate(1),
    });
}

/// Carnage, Terror Freeze: freezing the king itself, a quiet mate in two.
///
/// White: Kb3, Ra1, Tc5. Black: Kh10, Pa7, Pb7; nothing in hand. The
/// Freeze's diagonal slide to g9 (`c5g9`) gives no check, but the king next
/// to it is frozen and can never leave h10 while the Freeze stays; a frozen
/// king can still be checked and mated. Whatever Black does (only the pawns
/// can move, which also keeps it from being stalemate), Ra1-a10 or Ra1-h1
/// mates: nothing of Black's can block the rank or the file or take the
/// rook, and there is no Freeze in hand to drop on rank 10. Checking first
/// (Ra10+ or Rh1+) lets the king walk away.
#[test]
fn carnage_freeze_the_king_mate_in_two() {
    solve_both(&Tactic {
        game: "carnage",
        fen: "7k2/10/10/pp8/10/2T7/10/1K8/10/R9[] w - - 0 1",
        depth: 5,
        moves: &["c5g9"],
        expect: Mate(2),
    });
}

// ---------------------------------------------------------- Air and Trench

/// Air and Trench, Ninja Guard: a leap that takes two.
///
/// White: Kb1, Ad4, Pa2, Pb2, Pc2. Black: Kf10, Re5, Qf6, Pe9, Pg9, Ph7.
/// The Ninja Guard's two-square diagonal leap captures an enemy on the
/// jumped square and an enemy on the landing square: `d4f6` takes the rook
/// on e5 and the queen on f6 in one move, and nothing of Black's attacks f6.
/// Stepping onto e5 takes only the rook, and the queen then takes the Guard.
#[test]
fn air_and_trench_ninja_guard_leap_takes_two() {
    solve_both(&Tactic {
        game: "air-and-trench",
        fen: "5k4/4p1p3/10/7p2/5q4/4r5/3A6/10/PPP7/1K8[] w - - 0 1",
        depth: 4,
        moves: &["d4f6"],
        expect: Margin(400),
    });
}

/// Air and Trench, Super Cannon: the double capture over an enemy screen.
///
/// White: Kb1, Cd4, Pa2, Pb2, Pc2. Black: Kf10, Rd6, Qd8, Pf9, Pg9, Ph9.
/// The Cannon captures over exactly one piece (the screen) onto the first
/// piece behind it; when the screen is an enemy too, both are captured.
/// `d4d8` jumps the rook on d6 and lands on the queen on d8, taking both.
/// The Cannon never takes the first piece on its line directly, so `d4d6`
/// is not even legal, and nothing of Black's attacks d8.
#[test]
fn air_and_trench_cannon_double_capture() {
    solve_both(&Tactic {
        game: "air-and-trench",
        fen: "5k4/5ppp2/3q6/10/3r6/10/3C6/10/PPP7/1K8[] w - - 0 1",
        depth: 4,
        moves: &["d4d8"],
        expect: Margin(400),
    });
}

/// Air and Trench, Flying Bomber: enemies on the first two squares are
/// captured together.
///
/// White: Kb1, Od4, Pa2, Pb2, Pc2. Black: Kf10, Rd5, Qd6, Pe9, Pf9, Pg9.
/// With an enemy on s1 (d5) the Bomber may land on s2 (d6), capturing s1
/// and the enemy on s2 as well: `d4d6` takes rook and queen. (The fly-over
/// of d5 would need d6 empty.)
#[test]
fn air_and_trench_bomber_double_capture() {
    solve_both(&Tactic {
        game: "air-and-trench",
        fen: "5k4/4ppp3/10/10/3q6/3r6/3O6/10/PPP7/1K8[] w - - 0 1",
        depth: 4,
        moves: &["d4d6"],
        expect: Margin(400),
    });
}

/// Air and Trench, a drop that mates: the Super Cannon dropped on the back
/// rank checks through a screen.
///
/// White: Kb1, Ne9, Bh6, Pa2, Pb2, Pc2; in hand a Cannon and a ninja pawn.
/// Black: Ke10, Rd10, Rf10, Pd9, Pf9, Pa7, Pb7; nothing in hand. Dropped on
/// e1 (`C@e1`), the Cannon sees along the empty e-file exactly one piece,
/// White's own knight on e9, and the king behind it: check. The king is
/// boxed in by its rooks and pawns, and e9 is covered by the bishop on h6.
/// No black piece can reach the e-file between e1 and e9 (the pawns move
/// straight down their own files, the rooks can only move along rank 10),
/// nothing can take the knight screen, and Black has nothing to drop.
#[test]
fn air_and_trench_cannon_drop_mates() {
    solve_both(&Tactic {
        game: "air-and-trench",
        fen: "3rkr4/3pNp4/10/pp8/7B2/10/10/10/PPP7/1K8[CJ] w - - 0 1",
        depth: 4,
        moves: &["C@e1"],
        expect: Mate(1),
    });
}

// ------------------------------------------------------------ Longer Board

/// Chess on a Longer Board, Wall: a vertical slide that captures two.
///
/// White: Kg1, Wall d2/e2, Pf3, Pg3, Ph3. Black: Ke10, Rd6, Qe6, Pf8, Pg8.
/// The Wall slides straight forward with both halves through the empty
/// d3-d5/e3-e5 and captures whatever stands on both squares it moves into:
/// `d2d6` takes the rook and the queen. Nothing of Black's can take the Wall
/// back.
#[test]
fn longer_board_wall_double_capture() {
    solve_both(&Tactic {
        game: "longer-board",
        fen: "4k3/8/5pp1/8/3rq3/8/8/5PPP/3LL3/6K1 w - - 0 1",
        depth: 4,
        moves: &["d2d6"],
        expect: Margin(400),
    });
}

/// Chess on a Longer Board, Withdrawer: capture by moving away.
///
/// White: Kg1, Ud4, Nd2, Pf3, Pg3, Ph3. Black: Ke10, Qd5, Rb6, Pf8, Pg8.
/// The Withdrawer takes an adjacent enemy by moving directly away from it:
/// `d4d3` steps away from the queen on d5 and removes it (the knight on d2
/// leaves d3 as the only square of that line). Any other move leaves the
/// queen free to attack.
#[test]
fn longer_board_withdrawer_wins_the_queen() {
    solve_both(&Tactic {
        game: "longer-board",
        fen: "4k3/8/5pp1/8/1r6/3q4/3U4/5PPP/3N4/6K1 w - - 0 1",
        depth: 4,
        moves: &["d4d3"],
        expect: Margin(400),
    });
}

/// Chess on a Longer Board, Changeling: a halfling-bishop capture in range.
///
/// White: Kg1, Zd4 (halfling bishop), Pf3, Pg3, Ph3. Black: Ke10, Rf6, Pa8,
/// Pb8. From d4 the north-east diagonal reaches 4 squares to the edge, so
/// the halfling bishop's range that way is 2: `d4f6` takes the undefended
/// rook. The Changeling becomes a halfling rook (written `Y`) after moving.
#[test]
fn longer_board_changeling_takes_the_rook() {
    let pos = solve_both(&Tactic {
        game: "longer-board",
        fen: "4k3/8/pp6/8/5r2/8/3Z4/5PPP/8/6K1 w - - 0 1",
        depth: 4,
        moves: &["d4f6"],
        expect: Margin(300),
    });
    assert!(after(&pos, "d4f6").fen().starts_with("4k3/8/pp6/8/5Y2/"));
}

/// Chess on a Longer Board, Wall: a lone Wall mates in the corner.
///
/// White: Ke1, Wall b8/c8, Pf3, Pg3. Black: Ka10, Rh5, Pg7, Ph8. The Wall
/// steps one square sideways to a8/b8 (`b8a8`). From there it attacks a9 and
/// b9 (one square forward) and a10 and b10 (two squares forward through the
/// empty rank 9): check to the king on a10 and every square it could go to.
/// The king cannot reach the Wall, and no black piece can capture either
/// Wall square or block (the rook on h5 is on neither the a/b-files nor
/// rank 8). Sliding the Wall up to b10/c10 instead also checks, but the king
/// simply takes it.
#[test]
fn longer_board_lone_wall_mates() {
    solve_both(&Tactic {
        game: "longer-board",
        fen: "k7/8/1LL4p/6p1/8/7r/8/5PP1/8/4K3 w - - 0 1",
        depth: 4,
        moves: &["b8a8"],
        expect: Mate(1),
    });
}

// ------------------------------------------------------------------ Wounds

/// Chess with Wounds: a wound that finishes a man.
///
/// White: Kg1, Rd4 with only a short N prong (`R(10000000)`), Nb1, Pg2, Ph2. Black: Kh8, Qd5 with only a short S prong (`q(00001000)`), Pg7, Ph7.
/// The two wounded men face each other and each has its last prong pointing
/// at the other. White attacks first: `d4d5` moves north onto the queen,
/// whose S prong points back at the rook, so it is the prong that is hit;
/// being her last, the queen is captured and the rook moves to d5. Anything
/// else lets Black's d5d4 finish the rook the same way (no White man can
/// cover d4, and a rotated rook has no prong facing d5 at all, so it would
/// be taken outright). A man with one short prong is worth little in itself
/// (the engine values such a rook or queen at roughly a pawn, and after
/// Nb1-c3 it sees the knight hunting a queen that stepped to d4), hence the
/// modest margin: the point is winning a man rather than losing one.
#[test]
fn wounds_wound_finishes_a_man() {
    let pos = solve(&Tactic {
        game: "wounds",
        fen: "7k/6pp/8/3q(00001000)4/3R(10000000)4/8/6PP/1N4K1 w - - 0 1",
        depth: 4,
        moves: &["d4d5"],
        expect: Margin(50),
    });
    // The rules core agrees: the queen is gone and the rook stands on d5.
    assert_eq!(
        after(&pos, "d4d5").fen(),
        "7k/6pp/8/3R(10000000)4/8/8/6PP/1N4K1 b - - 0 1"
    );
}

/// Chess with Wounds: taking the last man wins.
///
/// White: Kg1, Re1, Bb8. Black: only a pawn on e5 (prongs S, SE, SW). An
/// attack is a capture only if the defender has no prong pointing back at
/// the attacker. The rook attacking north from e1 meets the pawn's S prong
/// and only wounds it; the bishop attacking south-east from b8 along the
/// empty c7, d6 meets no NW prong, so `b8e5` captures Black's last man and
/// wins at once.
#[test]
fn wounds_last_man() {
    solve(&Tactic {
        game: "wounds",
        fen: "1B6/8/8/4p3/8/8/8/4R1K1 w - - 0 1",
        depth: 4,
        moves: &["b8e5"],
        expect: Mate(1),
    });
}

// ------------------------------------------------------------------- Chess

/// Chess: mate in one (the Scholar's mate).
///
/// After 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6, `h5f7` (Qxf7) mates: the queen on f7
/// is protected by the bishop on c4, so the king cannot take it; e7 is
/// covered by the queen, d7, d8 and f8 hold Black's own men, and no black
/// piece can take f7.
#[test]
fn chess_mate_in_one() {
    solve_both(&Tactic {
        game: "chess",
        fen: "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        depth: 4,
        moves: &["h5f7"],
        expect: Mate(1),
    });
}

/// Chess: mate in two, a back-rank combination.
///
/// White: Kg1, Rd1, Rd2, Pf2, Pg2, Ph2. Black: Kg8, Rc8, Pf7, Pg7, Ph7.
/// 1.Rd8+ forces 1...Rxd8 (the king has no square: f8 and h8 are on the
/// rook's rank), and 2.Rxd8 mates. No other first move mates in two and
/// nothing mates in one.
#[test]
fn chess_mate_in_two() {
    solve_both(&Tactic {
        game: "chess",
        fen: "2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1",
        depth: 5,
        moves: &["d2d8"],
        expect: Mate(2),
    });
}

/// Development probe: `PROBE_VARIANT=x PROBE_FEN=... PROBE_DEPTH=n cargo test
/// --release -p menagerie-engine --test tactics probe -- --ignored --nocapture`.
#[test]
#[ignore = "development probe"]
fn probe() {
    let Ok(name) = std::env::var("PROBE_VARIANT") else {
        return;
    };
    let v = game(&name);
    let fen = std::env::var("PROBE_FEN").unwrap();
    let fen = if fen.contains('/') {
        fen
    } else {
        let (f, r) = match v.key.as_str() {
            "chess" | "wounds" => (8, 8),
            "longer-board" => (8, 10),
            _ => (10, 10),
        };
        let pocket = std::env::var("PROBE_POCKET").map_or(String::new(), |p| format!("[{p}]"));
        let side = std::env::var("PROBE_SIDE").unwrap_or("w".into());
        format!("{}{pocket} {side} - - 0 1", board(f, r, &fen))
    };
    let pos = at(&v, &fen);
    println!("{}", pos.fen());
    println!("legal: {}", legal(&pos).join(" "));
    if let Ok(moves) = std::env::var("PROBE_PLAY") {
        for m in moves.split_whitespace() {
            let mut p = pos.clone();
            p.play(&menagerie_rules::notation::parse(&pos, m).unwrap())
                .unwrap();
            println!("after {m}: {}", p.fen());
        }
    }
    let depth: u32 = std::env::var("PROBE_DEPTH").map_or(4, |d| d.parse().unwrap());
    for d in 1..=depth {
        let (r, t) = search(&pos, d);
        println!(
            "d{d} {:?} best {} pv {:?} nodes {} {:?}",
            r.score,
            best(&pos, &r),
            pv(&pos, &r),
            r.nodes,
            t
        );
    }
}
