//! Invariants after every action of random playouts, in every game (issue 13).
//!
//! Already checked elsewhere and reused here rather than repeated:
//! fast generator equal to the reference one, incremental hash equal to the
//! hash from scratch, Walls paired and the position string round trip
//! (`common::random_playouts`, run by each game's perft tests), and round
//! trips in custom setups (`round_trip.rs`).
//!
//! Checked here, after every action: one king per side where the king is
//! royal; no pawn on its own back rank or in its promotion zone where that is
//! a rule; prongs well formed (no unknown prong kind, no man without prongs,
//! a Knight only knight prongs, prong strength never growing); pockets only
//! shrinking, by one, on a drop of a piece that was in hand; the side that
//! just moved never left in check; "in check" equal to "some enemy action
//! removes the king" (the reference generator's test); and perft of the
//! position equal to perft of its colour-mirrored twin in every game that is
//! symmetric under that (all but Chess with Wounds, whose prongs are fixed to
//! the board).

use crate::common;

use common::Rng;
use menagerie_games::wreckage::{self, Flags};
use menagerie_rules::fen::MAX_POCKET_COUNT;
use menagerie_rules::mechanics::prongs;
use menagerie_rules::movegen::reference;
use menagerie_rules::perft::perft;
use menagerie_rules::variant::relative_rank;
use menagerie_rules::{
    ByColor, Color, Dir, Move, Piece, Pocket, Position, Role, Setup, Square, Variant, VariantRef,
};

/// Every game under test: the built-in ones, the narrow Longer Board
/// reading, Wreckage and Carnage with every non-default flag, and two
/// players' own Pick the Piece setups.
fn games() -> Vec<VariantRef> {
    let mut v = menagerie_games::all();
    v.push(menagerie_games::longer_board::longer_board_straight_pass_over());
    let flags = Flags {
        freeze_affects_friendly: true,
        detonator_hits_friendly: true,
        promote_to_drop_piece: true,
        drops_reset_50_move: false,
    };
    v.push(wreckage::build(false, flags).shared());
    v.push(wreckage::build(true, flags).shared());
    for spec in [
        "pick-the-piece:slots=O,C;drops=A,J2",
        "pick-the-piece:slots=A,A;drops=C,O,J3",
    ] {
        v.push(menagerie_games::resolve(spec).expect("a valid setup"));
    }
    v
}

/// Checks the placement rules of one position; `Err` names what is wrong.
fn check_placement(pos: &Position) -> Result<(), String> {
    let v = pos.variant();
    let board = pos.board();
    if v.has_royal_king() {
        for c in Color::BOTH {
            let n = board.pieces(c, Role::King).len();
            if n != 1 {
                return Err(format!("{c:?} has {n} kings"));
            }
        }
    }
    if v.prongs {
        return check_prongs(pos);
    }
    for sq in board.by_role(Role::Pawn) | board.by_role(Role::NinjaPawn) {
        let p = board.get(sq).ok_or("a pawn square is empty")?;
        if v.promotion.zone_contains(&v.geometry, p.color, sq) {
            return Err(format!(
                "a {} stands in its promotion zone on {sq}",
                p.role.name()
            ));
        }
        if p.role == Role::Pawn && relative_rank(&v.geometry, p.color, sq) == 0 {
            return Err(format!("a pawn stands on its own back rank on {sq}"));
        }
    }
    Ok(())
}

/// The summed strength of a man's prongs (long 2, short 1, knight 1).
fn prong_strength(p: Piece) -> u32 {
    if p.role == Role::Knight {
        return p.state.count_ones();
    }
    Dir::ALL
        .iter()
        .map(|&d| u32::from(prongs::prong(p.state, d)))
        .sum()
}

/// Every man's prongs are well formed and no stronger than its initial set.
fn check_prongs(pos: &Position) -> Result<(), String> {
    for sq in pos.board().occupied() {
        let p = pos.board().get(sq).ok_or("an occupied square is empty")?;
        let bad = |why: &str| Err(format!("{p:?} on {sq}: {why}"));
        if p.state == 0 {
            return bad("a man without prongs stays on the board");
        }
        if p.role == Role::Knight {
            if p.state > 0xFF {
                return bad("a knight prong beyond the eight offsets");
            }
        } else if (0..8).any(|i| (p.state >> (2 * i)) & 3 == 3) {
            return bad("an unknown prong kind");
        }
        let initial = Piece {
            state: prongs::initial(p.color, p.role),
            ..p
        };
        if prong_strength(p) > prong_strength(initial) {
            return bad("prongs stronger than the initial set");
        }
        if prongs::parse(p.role, &prongs::write(p.role, p.state)) != Some(p.state) {
            return bad("the prong list does not read back");
        }
    }
    Ok(())
}

/// Pockets after `m`: the mover's dropped role one fewer (and it was in
/// hand), everything else unchanged, every count within the written limit.
fn check_pockets(before: &Position, m: &Move, after: &Position) -> Result<(), String> {
    let us = before.turn();
    for c in Color::BOTH {
        for role in Role::ALL {
            let old = before.pocket(c).count(role);
            let new = after.pocket(c).count(role);
            let dropped = matches!(*m, Move::Drop { role: r, .. } if r == role) && c == us;
            if dropped && old == 0 {
                return Err(format!("{c:?} dropped a {} it did not hold", role.name()));
            }
            let expected = if dropped { old - 1 } else { old };
            if new != expected || new > MAX_POCKET_COUNT {
                return Err(format!("{c:?} {} pocket {old} -> {new}", role.name()));
            }
        }
    }
    Ok(())
}

/// "In check" agrees with the reference's "some enemy pseudo-legal action
/// removes the king", for both sides; the side that just moved is safe.
fn check_check(pos: &Position) -> Result<(), String> {
    if !pos.variant().has_royal_king() {
        return Ok(());
    }
    for c in Color::BOTH {
        let fast = pos.is_check_for(c);
        let slow = reference::king_attacked(pos, c);
        if fast != slow {
            return Err(format!("{c:?}: in check {fast}, reference says {slow}"));
        }
    }
    if pos.is_check_for(!pos.turn()) {
        return Err("the side that just moved is in check".into());
    }
    if pos.is_check() != pos.is_check_for(pos.turn()) {
        return Err("is_check disagrees with is_check_for".into());
    }
    Ok(())
}

/// `sq` on the same file, rank counted from the other side.
fn flip(v: &Variant, sq: Square) -> Square {
    Square::new(sq.file(), v.geometry.ranks() - 1 - sq.rank()).expect("on the canvas")
}

/// The same position turned upside down with the colours swapped: the
/// other side to move, pockets, castling rights and en passant swapped too.
fn mirrored(pos: &Position) -> Position {
    let v = pos.variant();
    let mut setup = Setup {
        board: menagerie_rules::Board::empty(),
        pockets: ByColor([*pos.pocket(Color::Black), *pos.pocket(Color::White)]),
        turn: !pos.turn(),
        castling: 0,
        en_passant: pos.en_passant().map_or_else(Vec::new, |e| {
            e.targets_in_order()
                .into_iter()
                .map(|t| flip(v, t))
                .collect()
        }),
        halfmoves: pos.halfmoves(),
        fullmoves: pos.fullmoves(),
    };
    for sq in pos.board().occupied() {
        let p = pos.board().get(sq).expect("occupied");
        let twin = Piece {
            color: !p.color,
            ..p
        };
        setup.board.put(flip(v, sq), twin);
    }
    for c in Color::BOTH {
        for king_side in [false, true] {
            let bit = menagerie_rules::setup::castling_bit(c, king_side);
            if pos.castling_rights() & bit != 0 {
                setup.castling |= menagerie_rules::setup::castling_bit(!c, king_side);
            }
        }
    }
    Position::from_setup(v, setup)
        .unwrap_or_else(|e| panic!("{}: mirror of {} refused: {e}", v.key, pos.fen()))
}

/// Plays `games` random games of up to `plies` plies from `start`, checking
/// every invariant after every action and the mirror perft every `every`
/// plies (never if `every` is 0). Returns the number of actions checked.
fn playouts(start: &Position, games: usize, plies: usize, every: usize, seed: u64) -> usize {
    let key = &start.variant().key;
    let mut rng = Rng(seed | 1);
    let mut actions = 0;
    let fail = |pos: &Position, what: String| -> ! { panic!("{key}: {what} at {}", pos.fen()) };
    for _ in 0..games {
        let mut pos = start.clone();
        for ply in 0..plies {
            if every > 0 && ply % every == 0 {
                let twin = mirrored(&pos);
                if perft(&twin, 2) != perft(&pos, 2) {
                    fail(
                        &pos,
                        format!("perft(2) differs from the mirror {}", twin.fen()),
                    );
                }
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let before = pos.clone();
            pos.play(&m)
                .unwrap_or_else(|e| fail(&before, e.to_string()));
            let checks = [
                check_placement(&pos),
                check_pockets(&before, &m, &pos),
                check_check(&pos),
            ];
            if let Some(Err(e)) = checks.into_iter().find(Result::is_err) {
                fail(&pos, format!("after {m:?}: {e}"));
            }
            if !pos.invariants_hold() {
                fail(&pos, "internal invariants (hash, sets, Walls)".into());
            }
            actions += 1;
        }
    }
    actions
}

#[test]
fn invariants_hold_after_every_action_of_every_game() {
    let mut total = 0;
    for (i, v) in games().into_iter().enumerate() {
        let every = if v.prongs { 0 } else { 15 };
        let n = playouts(&Position::start(&v), 10, 150, every, 0x5eed ^ i as u64);
        assert!(n >= 100, "{}: only {n} actions", v.key);
        total += n;
    }
    assert!(total > 4000, "only {total} actions checked");
}

#[test]
fn golden_perft_positions_keep_their_invariants_and_mirror() {
    let mut checked = 0;
    for name in menagerie_games::NAMES {
        for case in common::read_perft_file(&format!("{name}.perft")) {
            let v = menagerie_games::resolve(&case.variant).expect(&case.id);
            let pos = Position::from_fen(&v, &case.fen).expect(&case.id);
            let every = if v.prongs { 0 } else { 20 };
            checked += playouts(&pos, 1, 40, every, case.fen.len() as u64);
        }
    }
    assert!(checked > 500, "only {checked} actions checked");
}

#[test]
fn the_mirror_checks_can_fail() {
    // A mirror that forgot to swap the side to move is caught by perft.
    let v = menagerie_games::by_name("chess").expect("chess");
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").expect("valid");
    let twin = mirrored(&pos);
    assert_eq!(twin.fen(), "r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
    assert_eq!(perft(&twin, 3), perft(&pos, 3));
    let wrong_side = Position::from_fen(v, "r3k3/8/8/8/8/8/8/4K3 w q - 0 1").expect("valid");
    assert_ne!(perft(&wrong_side, 3), perft(&pos, 3));
    // A pocket that grows without a capture is caught.
    let pick = menagerie_games::by_name("air-and-trench").expect("game");
    let start = Position::start(&pick);
    let m = start.legal_moves()[0];
    let mut after = start.clone();
    after.play(&m).expect("legal");
    let mut pockets = *after.pocket(Color::White);
    let any = pick.drops[0].role;
    pockets.set(any, pockets.count(any) + 1);
    let grown = with_pocket(&after, Color::White, pockets);
    assert!(check_pockets(&start, &m, &grown).is_err());
}

/// `pos` with `color`'s pocket replaced.
fn with_pocket(pos: &Position, color: Color, pocket: Pocket) -> Position {
    let mut pockets = ByColor([*pos.pocket(Color::White), *pos.pocket(Color::Black)]);
    pockets[color] = pocket;
    let mut board = menagerie_rules::Board::empty();
    for sq in pos.board().occupied() {
        board.put(sq, pos.board().get(sq).expect("occupied"));
    }
    let setup = Setup {
        board,
        pockets,
        turn: pos.turn(),
        castling: pos.castling_rights(),
        en_passant: pos
            .en_passant()
            .map_or_else(Vec::new, |e| e.targets_in_order()),
        halfmoves: pos.halfmoves(),
        fullmoves: pos.fullmoves(),
    };
    Position::from_setup(pos.variant(), setup).expect("valid")
}
