//! Piece values and the other evaluation weights, as one data table that the
//! tuner ([`crate::tune`]) can adjust. `docs/engine.md` says how each value
//! was found.

use menagerie_rules::piece::ROLE_COUNT;
use menagerie_rules::Role;

/// Every weight of the evaluation, in centipawns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Value of a piece on the board, by role (a Wall: per square, so the
    /// whole Wall is worth twice this).
    pub piece: [i32; ROLE_COUNT],
    /// Value of a piece in the pocket, by role.
    pub pocket: [i32; ROLE_COUNT],
    /// Bonus per square a piece can reach on an otherwise frozen board.
    pub mobility: [i32; ROLE_COUNT],
    /// Bonus per step of closeness to the centre.
    pub centre: [i32; ROLE_COUNT],
    /// Danger to a king from an enemy of this role within two squares.
    pub king_danger: [i32; ROLE_COUNT],
    /// Bonus per rank a pawn or ninja pawn has advanced, squared-ish.
    pub pawn_advance: i32,
    /// Penalty for two own pawns on one file.
    pub doubled_pawn: i32,
    /// Bonus per own piece next to the own king (up to three).
    pub king_shield: i32,
    /// Penalty for each frozen own piece.
    pub frozen: i32,
    /// Bonus for having the move.
    pub tempo: i32,
    /// Wounds: value of a long prong.
    pub prong_long: i32,
    /// Wounds: value of a short prong.
    pub prong_short: i32,
    /// Wounds: value of a knight prong.
    pub prong_knight: i32,
    /// Wounds: extra value of a prong pointing forward (toward the enemy).
    pub prong_forward: i32,
}

const fn by_role(pairs: [(Role, i32); ROLE_COUNT]) -> [i32; ROLE_COUNT] {
    let mut out = [0; ROLE_COUNT];
    let mut i = 0;
    while i < ROLE_COUNT {
        out[pairs[i].0 as usize] = pairs[i].1;
        i += 1;
    }
    out
}

/// The values the engine plays with.
pub const DEFAULT: Weights = Weights {
    piece: by_role([
        (Role::King, 0),
        (Role::Queen, 950),
        (Role::Rook, 500),
        (Role::Bishop, 330),
        (Role::Knight, 300),
        (Role::Pawn, 100),
        (Role::WazirKnight, 190),
        (Role::FerzKnight, 610),
        (Role::Dragon, 950),
        (Role::Detonator, 750),
        (Role::Guillotine, 1450),
        (Role::Freeze, 980),
        (Role::NinjaPawn, 120),
        (Role::NinjaGuard, 300),
        (Role::Cannon, 550),
        (Role::Bomber, 600),
        (Role::Withdrawer, 360),
        (Role::Wall, 240),
        (Role::ChangelingBishop, 170),
        (Role::ChangelingRook, 150),
    ]),
    pocket: by_role([
        (Role::King, 0),
        (Role::Queen, 900),
        (Role::Rook, 480),
        (Role::Bishop, 320),
        (Role::Knight, 290),
        (Role::Pawn, 90),
        (Role::WazirKnight, 400),
        (Role::FerzKnight, 410),
        (Role::Dragon, 1200),
        (Role::Detonator, 1000),
        (Role::Guillotine, 1400),
        (Role::Freeze, 980),
        (Role::NinjaPawn, 130),
        (Role::NinjaGuard, 290),
        (Role::Cannon, 530),
        (Role::Bomber, 580),
        (Role::Withdrawer, 630),
        (Role::Wall, 380),
        (Role::ChangelingBishop, 320),
        (Role::ChangelingRook, 320),
    ]),
    mobility: by_role([
        (Role::King, 0),
        (Role::Queen, 2),
        (Role::Rook, 4),
        (Role::Bishop, 5),
        (Role::Knight, 6),
        (Role::Pawn, 0),
        (Role::WazirKnight, 5),
        (Role::FerzKnight, 5),
        (Role::Dragon, 3),
        (Role::Detonator, 3),
        (Role::Guillotine, 3),
        (Role::Freeze, 3),
        (Role::NinjaPawn, 0),
        (Role::NinjaGuard, 5),
        (Role::Cannon, 3),
        (Role::Bomber, 4),
        (Role::Withdrawer, 3),
        (Role::Wall, 4),
        (Role::ChangelingBishop, 5),
        (Role::ChangelingRook, 5),
    ]),
    centre: by_role([
        (Role::King, -6),
        (Role::Queen, 2),
        (Role::Rook, 0),
        (Role::Bishop, 4),
        (Role::Knight, 8),
        (Role::Pawn, 3),
        (Role::WazirKnight, 7),
        (Role::FerzKnight, 7),
        (Role::Dragon, 4),
        (Role::Detonator, 6),
        (Role::Guillotine, 3),
        (Role::Freeze, 8),
        (Role::NinjaPawn, 3),
        (Role::NinjaGuard, 6),
        (Role::Cannon, 1),
        (Role::Bomber, 2),
        (Role::Withdrawer, 4),
        (Role::Wall, 2),
        (Role::ChangelingBishop, 4),
        (Role::ChangelingRook, 4),
    ]),
    king_danger: by_role([
        (Role::King, 0),
        (Role::Queen, 35),
        (Role::Rook, 20),
        (Role::Bishop, 15),
        (Role::Knight, 18),
        (Role::Pawn, 5),
        (Role::WazirKnight, 20),
        (Role::FerzKnight, 20),
        (Role::Dragon, 45),
        (Role::Detonator, 80),
        (Role::Guillotine, 40),
        (Role::Freeze, 30),
        (Role::NinjaPawn, 6),
        (Role::NinjaGuard, 18),
        (Role::Cannon, 25),
        (Role::Bomber, 25),
        (Role::Withdrawer, 30),
        (Role::Wall, 15),
        (Role::ChangelingBishop, 12),
        (Role::ChangelingRook, 12),
    ]),
    pawn_advance: 4,
    doubled_pawn: 12,
    king_shield: 10,
    frozen: 12,
    tempo: 12,
    prong_long: 110,
    prong_short: 40,
    prong_knight: 38,
    prong_forward: 8,
};

impl Default for Weights {
    fn default() -> Weights {
        DEFAULT
    }
}
