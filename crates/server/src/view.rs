//! Builds the [`GameView`] the page draws from a [`Game`].

use crate::dto::{
    ActionKind, BoardPiece, Clocks, DiagramMark, GameView, LastMove, LegalAction, Links, MarkKind,
    MoveSquares, MovementDiagram, OutcomeView, PlayedMove, Players, Pockets, PositionView,
    SeatFacts, Side, Viewer,
};
use crate::game::{Game, Mode, Seat};
use crate::readable;
use menagerie_rules::mechanics::{prongs, wall};
use menagerie_rules::{Color, Move, Outcome, Piece, Position, Role, VariantRef};
use std::time::Instant;

/// The game as everyone sees it (`you` is filled in per viewer).
#[must_use]
pub fn build(game: &Game, now: Instant) -> GameView {
    let pos = game.record.position();
    let over = game.is_over();
    let legal = if over {
        Vec::new()
    } else {
        game.facts().actions.clone()
    };
    let positions = game.record.positions();
    let moves = game
        .texts
        .iter()
        .enumerate()
        .map(|(i, text)| PlayedMove {
            ply: i + 1,
            color: positions.get(i).map_or(Side::White, |p| p.turn().into()),
            number: positions.get(i).map_or(1, Position::fullmoves),
            text: text.clone(),
            label: game.labels.get(i).cloned().unwrap_or_default(),
            fen_after: positions.get(i + 1).map(Position::fen).unwrap_or_default(),
        })
        .collect();
    let last_move = last_move(game, game.record.moves().len());
    let frozen = frozen(pos);
    GameView {
        id: game.id.clone(),
        revision: game.version,
        variant: game.spec.clone(),
        title: game.variant.title.clone(),
        options: game.options.clone(),
        files: game.variant.geometry.files(),
        ranks: game.variant.geometry.ranks(),
        fen: pos.fen(),
        start_fen: game.record.start().fen(),
        turn: pos.turn().into(),
        you: None,
        board: board(pos),
        pockets: pockets(pos),
        frozen,
        check: pos.is_check(),
        last_move,
        legal,
        moves,
        clocks: game
            .clock_now(now)
            .map(|ms| Clocks {
                white_ms: u64::try_from(ms[Color::White].max(0)).unwrap_or(0),
                black_ms: u64::try_from(ms[Color::Black].max(0)).unwrap_or(0),
                running: game.running().map(Side::from),
                increment_ms: game.time_control.map_or(0, |t| t.increment_ms),
                days_per_move: None,
                deadline_ms: None,
            })
            .or_else(|| correspondence_clocks(game)),
        outcome: game.outcome().map(|(result, winner, reason)| OutcomeView {
            result,
            winner: winner.map(Side::from),
            reason,
        }),
        players: Players {
            white: player_name(game, Color::White),
            black: player_name(game, Color::Black),
        },
        draw_offer: game.draw_offer.map(Side::from),
        engine_thinking: game.engine_thinking,
        can_undo: game.mode != Mode::Link,
        can_analyse: false,
        can_review: false,
        links: None,
        rematch: rematch_of(game),
        seats: SeatFacts {
            link: game.mode == Mode::Link,
            over,
            creator_links: game
                .creator
                .filter(|_| game.mode == Mode::Link)
                .map(|c| (Side::from(c), links_of(game))),
            rematch_links: game.rematch_game.as_ref().map(|(id, t)| {
                let link = |c: Color| format!("/play/{id}?seat={}", t[c]);
                (id.clone(), [link(Color::White), link(Color::Black)])
            }),
        },
    }
}

/// The page links of a game over a link as its creator is shown them: its
/// own seat's link, the invitation (`?ticket=`) while it is not claimed,
/// and the spectators' link. Never the invited seat's token.
#[must_use]
pub fn links_of(game: &Game) -> Links {
    let id = &game.id;
    let link = |c: Color| {
        if Some(c) == game.creator {
            let t = &game.tokens[c];
            (!t.is_empty()).then(|| format!("/play/{id}?seat={t}"))
        } else {
            game.open_ticket().map(|t| format!("/play/{id}?ticket={t}"))
        }
    };
    Links {
        white: link(Color::White),
        black: link(Color::Black),
        watch: format!("/play/{id}"),
    }
}

/// The position after `ply` plies of the game (0: the start), as the page
/// draws it when the player steps back through the game; `None` past the
/// last ply.
#[must_use]
pub fn position_at(game: &Game, ply: usize) -> Option<PositionView> {
    let pos = game.record.positions().get(ply)?;
    Some(PositionView {
        ply,
        fen: pos.fen(),
        turn: pos.turn().into(),
        board: board(pos),
        pockets: pockets(pos),
        frozen: frozen(pos),
        check: pos.is_check(),
        last_move: last_move(game, ply),
    })
}

/// The action that led to the position after `ply` plies, if any.
fn last_move(game: &Game, ply: usize) -> Option<LastMove> {
    let i = ply.checked_sub(1)?;
    let m = game.record.moves().get(i)?;
    Some(last_move_of(
        m,
        game.texts.get(i).cloned().unwrap_or_default(),
        game.labels.get(i).cloned().unwrap_or_default(),
    ))
}

/// A played action as the page marks it, with its move string and label.
pub(crate) fn last_move_of(m: &Move, text: String, label: String) -> LastMove {
    LastMove {
        text,
        label,
        from: m.from().map(|s| s.to_string()),
        to: target(m).map(|s| s.to_string()),
        captured: captured(m),
    }
}

/// The squares an arrow joins for `m`.
pub(crate) fn squares(m: &Move) -> MoveSquares {
    MoveSquares {
        from: m.from().map(|s| s.to_string()),
        to: target(m).map(|s| s.to_string()),
    }
}

/// The square the API calls an action's `to`: where the acting piece ends,
/// except for a wound, whose `to` is the wounded man's square (the attacker
/// stays on `from`), in legal actions, `last_move` and arrows alike.
fn target(m: &Move) -> Option<menagerie_rules::Square> {
    match *m {
        Move::Wound { target, .. } => Some(target),
        _ => m.to(),
    }
}

/// A board's verdict as the API writes it.
#[must_use]
pub fn outcome_of(o: Outcome) -> OutcomeView {
    let (winner, reason) = match o {
        Outcome::Decisive { winner, reason } => (Some(Side::from(winner)), reason),
        Outcome::Draw { reason } => (None, reason),
    };
    OutcomeView {
        result: o.result().to_string(),
        winner,
        reason: crate::game::reason_name(reason).to_string(),
    }
}

/// The squares of frozen pieces (either side), sorted.
pub(crate) fn frozen(pos: &Position) -> Vec<String> {
    let mut frozen: Vec<String> = Color::BOTH
        .into_iter()
        .flat_map(|c| pos.frozen(c))
        .map(|s| s.to_string())
        .collect();
    frozen.sort();
    frozen
}

/// `view` as seen by the holder of `seat`: `you`, what it may ask for, and
/// the links for the creator of a game over a link.
#[must_use]
pub fn for_seat(mut view: GameView, seat: Option<Seat>) -> GameView {
    view.you = seat.map(|s| match s {
        Seat::Both => Viewer::Both,
        Seat::Side(Color::White) => Viewer::White,
        Seat::Side(Color::Black) => Viewer::Black,
    });
    let facts = &view.seats;
    // The rule of `POST .../analysis` and `POST .../review`.
    let open = facts.over || (!facts.link && seat.is_some());
    view.can_analyse = open;
    view.can_review = open;
    if let (Some(r), Some((_, links))) = (view.rematch.as_mut(), &facts.rematch_links) {
        r.link = match seat {
            Some(Seat::Side(Color::White) | Seat::Both) => Some(links[0].clone()),
            Some(Seat::Side(Color::Black)) => Some(links[1].clone()),
            None => None,
        };
    }
    view.links = match (seat, &facts.creator_links) {
        (Some(Seat::Side(c)), Some((creator, links))) if Side::from(c) == *creator => {
            Some(links.clone())
        }
        _ => None,
    };
    view
}

fn captured(m: &Move) -> Vec<String> {
    match *m {
        Move::Wound { target, .. } => vec![target.to_string()],
        _ => m.captured().map(|s| s.to_string()).collect(),
    }
}

/// The pieces of `pos`, as the page draws them.
pub(crate) fn board(pos: &Position) -> Vec<BoardPiece> {
    let g = &pos.variant().geometry;
    let mut out = Vec::new();
    for rank in 0..g.ranks() {
        for file in 0..g.files() {
            let Some(sq) = menagerie_rules::Square::new(file, rank) else {
                continue;
            };
            if let Some(p) = pos.board().get(sq) {
                out.push(board_piece(sq, p, pos.variant().prongs));
            }
        }
    }
    out
}

/// One piece as the page draws it (`prongs`: the game is a prong game).
pub(crate) fn board_piece(sq: menagerie_rules::Square, p: Piece, prongs: bool) -> BoardPiece {
    BoardPiece {
        square: sq.to_string(),
        color: p.color.into(),
        letter: p.role.letter().to_string(),
        name: p.role.name().into(),
        prongs: prongs.then(|| prongs::write(p.role, p.state)),
        wounded: prongs && prongs::is_wounded(p),
        wall: (p.role == Role::Wall).then(|| {
            if p.state == wall::WEST {
                "left".to_string()
            } else {
                "right".to_string()
            }
        }),
    }
}

/// Pieces in hand of `pos`, per side and letter.
pub(crate) fn pockets(pos: &Position) -> Pockets {
    let mut out = Pockets::default();
    for rule in &pos.variant().drops {
        let l = rule.role.letter().to_string();
        out.white
            .insert(l.clone(), pos.pocket(Color::White).count(rule.role));
        out.black
            .insert(l, pos.pocket(Color::Black).count(rule.role));
    }
    out
}

/// The legal actions of `pos` for the page.
#[must_use]
pub fn legal(pos: &Position) -> Vec<LegalAction> {
    legal_with_moves(pos).0
}

/// The legal actions of `pos` for the page, sorted by move string, with
/// their moves in the same order.
#[must_use]
pub fn legal_with_moves(pos: &Position) -> (Vec<LegalAction>, Vec<Move>) {
    let moves = pos.legal_moves();
    let labels = readable::labels(pos, &moves);
    let mut pairs: Vec<(LegalAction, Move)> = moves
        .iter()
        .zip(labels)
        .map(|(m, label)| (action(pos, m, label), *m))
        .collect();
    pairs.sort_by(|a, b| a.0.text.cmp(&b.0.text));
    pairs.into_iter().unzip()
}

fn action(pos: &Position, m: &Move, label: String) -> LegalAction {
    let s = |sq: menagerie_rules::Square| sq.to_string();
    let mut a = LegalAction {
        text: menagerie_rules::notation::render(pos, m),
        kind: ActionKind::Normal,
        from: m.from().map(s),
        to: target(m).map(s),
        captured: captured(m),
        promotion: None,
        role: None,
        push_to: None,
        rook: None,
        label,
    };
    a.kind = match *m {
        Move::Normal { promotion, .. } => {
            a.promotion = promotion.map(|r| r.letter().to_string());
            ActionKind::Normal
        }
        Move::Drop { role, at, to } => {
            a.role = Some(role.letter().to_string());
            a.from = Some(s(at));
            a.to = Some(s(to));
            a.push_to = (at != to).then(|| s(to));
            ActionKind::Drop
        }
        Move::Castle { rook, rook_to, .. } => {
            a.rook = Some([s(rook), s(rook_to)]);
            ActionKind::Castle
        }
        Move::Detonate { .. } => ActionKind::Detonate,
        Move::Wound { .. } => ActionKind::Wound,
        Move::Rotate { .. } => ActionKind::Rotate,
        Move::Pass => ActionKind::Pass,
    };
    a
}

/// The movement diagram of `role` in `v`, computed by the move generator.
pub(crate) fn diagram(v: &VariantRef, role: Role) -> Option<MovementDiagram> {
    let d = menagerie_rules::diagram::movement(v, role)?;
    Some(MovementDiagram {
        files: menagerie_rules::diagram::SIZE,
        ranks: menagerie_rules::diagram::SIZE,
        pieces: d
            .pieces
            .iter()
            .map(|&(sq, p)| board_piece(sq, p, v.prongs))
            .collect(),
        marks: d
            .marks
            .iter()
            .map(|m| DiagramMark {
                square: m.square.to_string(),
                kind: mark_kind(m.kind),
            })
            .collect(),
    })
}

fn mark_kind(kind: menagerie_rules::diagram::MarkKind) -> MarkKind {
    use menagerie_rules::diagram::MarkKind as K;
    match kind {
        K::MoveOnly => MarkKind::MoveOnly,
        K::Move => MarkKind::Move,
        K::Capture => MarkKind::Capture,
        K::Taken => MarkKind::Taken,
        K::Blast => MarkKind::Blast,
        K::Freeze => MarkKind::Freeze,
    }
}

/// A correspondence game's clocks: the side to move has until its deadline,
/// the other side the full days of its next move.
fn correspondence_clocks(game: &Game) -> Option<Clocks> {
    let days = game.days_per_move()?;
    let full = u64::from(days) * 86_400_000;
    let deadline = game.deadline_ms();
    let left = deadline.map_or(0, |d| {
        u64::try_from(d.saturating_sub(crate::ids::now_ms()).max(0)).unwrap_or(0)
    });
    let turn = game.turn();
    let (white_ms, black_ms) = match (deadline.is_some(), turn) {
        (false, _) => (full, full),
        (true, Color::White) => (left, full),
        (true, Color::Black) => (full, left),
    };
    Some(Clocks {
        white_ms,
        black_ms,
        running: deadline.map(|_| Side::from(turn)),
        increment_ms: 0,
        days_per_move: Some(days),
        deadline_ms: deadline,
    })
}

/// The rematch offered or started, if any.
fn rematch_of(game: &Game) -> Option<crate::dto::RematchView> {
    if game.rematch_offer.is_none() && game.rematch_game.is_none() {
        return None;
    }
    Some(crate::dto::RematchView {
        offered_by: game
            .rematch_offer
            .filter(|_| game.rematch_game.is_none())
            .map(Side::from),
        game: game.rematch_game.as_ref().map(|(id, _)| id.clone()),
        link: None,
    })
}

/// A side's player as shown: the display name given in the lobby, else
/// `human` or the engine's level (the game's record names them so too).
pub(crate) fn player_name(game: &Game, c: Color) -> String {
    game.names
        .as_ref()
        .map_or_else(|| game.players[c].display(), |n| n[c].clone())
}
