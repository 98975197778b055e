//! The training-data format written by `menagerie tune generate` and read
//! by the trainer. Little-endian throughout:
//!
//! - header: magic `MNGDATA\0`, version `u16`, files `u8`, ranks `u8`,
//!   whether piece states are stored `u8`, the seed `u64`, nodes per move
//!   `u64`, the variant key's length `u16` and its UTF-8 bytes;
//! - then one block per finished game: its index `u32`, White's result
//!   `u8` (0 loss, 1 draw, 2 win), the number of positions `u32` and their
//!   byte length `u32`, then the positions;
//! - a position: the search score `i16` (centipawns, side to move's view;
//!   mates clamped to +/-[`MATE_SCORE`]), flags `u8` ([`FLAG_BLACK`],
//!   [`FLAG_CHECK`], [`FLAG_CAPTURE`], [`FLAG_MATE`]), the occupied squares
//!   as a `u128` canvas mask, one byte per occupied square in square order
//!   (role index, plus 128 for Black), then (if the header says so) each
//!   piece's state `u16`, then the number of pocket entries `u8` and per
//!   entry a piece byte and a count `u8`.
//!
//! A game is written whole, so a file cut short loses at most its last
//! block, which [`scan`] reports so that a resumed run can drop it.

use super::features;
use super::kings::KingBuckets;
use menagerie_rules::{Color, Piece, Position, Role, Square};

/// File magic.
pub const MAGIC: &[u8; 8] = b"MNGDATA\0";
/// Format version.
pub const VERSION: u16 = 1;
/// The side to move is Black.
pub const FLAG_BLACK: u8 = 1;
/// The side to move was in check.
pub const FLAG_CHECK: u8 = 2;
/// The move the search chose captures or wounds.
pub const FLAG_CAPTURE: u8 = 4;
/// The score is a mate score.
pub const FLAG_MATE: u8 = 8;
/// Mate scores are stored as this many centipawns.
pub const MATE_SCORE: i16 = 32_000;

/// What a data file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game's key.
    pub variant: String,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// Whether each piece's state is stored.
    pub states: bool,
    /// Seed of the run.
    pub seed: u64,
    /// Nodes per move of the run.
    pub nodes: u64,
}

/// One stored position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The search score, side to move's view.
    pub score: i16,
    /// [`FLAG_BLACK`] and the other flags.
    pub flags: u8,
    /// Every piece on the board.
    pub pieces: Vec<(Square, Piece)>,
    /// Pocket contents: colour, role, count (counts above zero only).
    pub pockets: Vec<(Color, Role, u8)>,
}

/// One finished game's positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The game's index in its run.
    pub index: u32,
    /// White's result: 0 loss, 1 draw, 2 win.
    pub white_result: u8,
    /// Its positions.
    pub records: Vec<Record>,
}

impl Record {
    /// The record of `pos` with its search `score` and `flags` (the side
    /// to move is added).
    #[must_use]
    pub fn new(pos: &Position, score: i16, flags: u8) -> Record {
        let board = pos.board();
        let pieces = board
            .occupied()
            .into_iter()
            .filter_map(|sq| board.get(sq).map(|p| (sq, p)))
            .collect();
        let mut pockets = Vec::new();
        for color in Color::BOTH {
            for role in Role::ALL {
                let n = pos.pocket(color).count(role);
                if n > 0 {
                    pockets.push((color, role, n));
                }
            }
        }
        let black = if pos.turn() == Color::Black {
            FLAG_BLACK
        } else {
            0
        };
        Record {
            score,
            flags: flags | black,
            pieces,
            pockets,
        }
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        if self.flags & FLAG_BLACK != 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The same position mirrored left to right on a board `files` wide
    /// (score, flags and pockets kept).
    #[must_use]
    pub fn mirrored(&self, files: u8) -> Record {
        let flip = |sq: Square| super::kings::mirrored(sq, files);
        Record {
            score: self.score,
            flags: self.flags,
            pieces: self.pieces.iter().map(|&(sq, p)| (flip(sq), p)).collect(),
            pockets: self.pockets.clone(),
        }
    }

    /// The active features from `persp` on a board `files` x `ranks`, its
    /// board features seen through `kings`.
    pub fn features(
        &self,
        persp: Color,
        (files, ranks): (u8, u8),
        kings: &KingBuckets,
        out: &mut Vec<u16>,
    ) {
        let view = kings.view_of_pieces(persp, &self.pieces, files, ranks);
        for &(sq, p) in &self.pieces {
            out.push(view.board(persp, p.color, p.role, sq, ranks) as u16);
            features::prongs_of(persp, p, sq, ranks, out);
        }
        for &(color, role, n) in &self.pockets {
            features::pocket_count(persp, color, role, n, out);
        }
    }

    fn encode(&self, states: bool, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.score.to_le_bytes());
        out.push(self.flags);
        let mask: u128 = self.pieces.iter().fold(0, |m, (sq, _)| m | 1 << sq.index());
        out.extend_from_slice(&mask.to_le_bytes());
        let mut sorted = self.pieces.clone();
        sorted.sort_by_key(|(sq, _)| sq.index());
        for (_, p) in &sorted {
            out.push(piece_byte(p.color, p.role));
        }
        if states {
            for (_, p) in &sorted {
                out.extend_from_slice(&p.state.to_le_bytes());
            }
        }
        out.push(self.pockets.len() as u8);
        for &(c, r, n) in &self.pockets {
            out.push(piece_byte(c, r));
            out.push(n);
        }
    }
}

fn piece_byte(color: Color, role: Role) -> u8 {
    role.index() as u8 | if color == Color::Black { 128 } else { 0 }
}

fn piece_of(byte: u8) -> Result<(Color, Role), String> {
    let role = *Role::ALL
        .get(usize::from(byte & 127))
        .ok_or_else(|| format!("bad piece byte {byte}"))?;
    let color = if byte & 128 != 0 {
        Color::Black
    } else {
        Color::White
    };
    Ok((color, role))
}

/// The bytes of a file header.
#[must_use]
pub fn encode_header(h: &Header) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&[h.files, h.ranks, u8::from(h.states)]);
    out.extend_from_slice(&h.seed.to_le_bytes());
    out.extend_from_slice(&h.nodes.to_le_bytes());
    out.extend_from_slice(&(h.variant.len() as u16).to_le_bytes());
    out.extend_from_slice(h.variant.as_bytes());
    out
}

/// The bytes of one game's block.
#[must_use]
pub fn encode_game(g: &Game, states: bool) -> Vec<u8> {
    let mut body = Vec::new();
    for r in &g.records {
        r.encode(states, &mut body);
    }
    let mut out = g.index.to_le_bytes().to_vec();
    out.push(g.white_result);
    out.extend_from_slice(&(g.records.len() as u32).to_le_bytes());
    out.extend_from_slice(&(body.len() as u32).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

/// A cursor over bytes that reports running out as an error.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| "unexpected end of data".to_string())?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], String> {
        let mut a = [0; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    fn u8(&mut self) -> Result<u8, String> {
        Ok(self.array::<1>()?[0])
    }
}

/// Parses a header; returns it and its length in bytes.
///
/// # Errors
/// A message if the bytes are not a data file of this version.
pub fn parse_header(bytes: &[u8]) -> Result<(Header, usize), String> {
    let mut c = Cursor { bytes, at: 0 };
    if c.take(8).ok() != Some(MAGIC.as_slice()) {
        return Err("not a Menagerie training-data file (bad magic)".into());
    }
    let version = u16::from_le_bytes(c.array()?);
    if version != VERSION {
        return Err(format!("data format version {version}, expected {VERSION}"));
    }
    let [files, ranks, states] = c.array()?;
    let seed = u64::from_le_bytes(c.array()?);
    let nodes = u64::from_le_bytes(c.array()?);
    let len = usize::from(u16::from_le_bytes(c.array()?));
    let variant = String::from_utf8(c.take(len)?.to_vec()).map_err(|_| "bad variant key")?;
    let header = Header {
        variant,
        files,
        ranks,
        states: states != 0,
        seed,
        nodes,
    };
    Ok((header, c.at))
}

fn parse_record(c: &mut Cursor, states: bool) -> Result<Record, String> {
    let score = i16::from_le_bytes(c.array()?);
    let flags = c.u8()?;
    let mask = u128::from_le_bytes(c.array()?);
    let squares: Vec<Square> = (0..128)
        .filter(|i| mask >> i & 1 != 0)
        .map(|i| Square::from_index(i).ok_or_else(|| format!("square {i} off the canvas")))
        .collect::<Result<_, _>>()?;
    let mut pieces = Vec::with_capacity(squares.len());
    for &sq in &squares {
        let (color, role) = piece_of(c.u8()?)?;
        pieces.push((sq, Piece::new(color, role)));
    }
    if states {
        for (_, p) in &mut pieces {
            p.state = u16::from_le_bytes(c.array()?);
        }
    }
    let n = c.u8()?;
    let mut pockets = Vec::with_capacity(usize::from(n));
    for _ in 0..n {
        let (color, role) = piece_of(c.u8()?)?;
        pockets.push((color, role, c.u8()?));
    }
    Ok(Record {
        score,
        flags,
        pieces,
        pockets,
    })
}

/// Parses the game block at the start of `bytes`; returns it and its
/// length.
///
/// # Errors
/// A message if the block is cut short or malformed.
pub fn parse_game(bytes: &[u8], states: bool) -> Result<(Game, usize), String> {
    let mut c = Cursor { bytes, at: 0 };
    let index = u32::from_le_bytes(c.array()?);
    let white_result = c.u8()?;
    if white_result > 2 {
        return Err(format!("bad result {white_result}"));
    }
    let count = u32::from_le_bytes(c.array()?) as usize;
    let len = u32::from_le_bytes(c.array()?) as usize;
    let body = c.take(len)?;
    let mut b = Cursor { bytes: body, at: 0 };
    let mut records = Vec::with_capacity(count.min(10_000));
    for _ in 0..count {
        records.push(parse_record(&mut b, states)?);
    }
    if b.at != body.len() {
        return Err("game block longer than its positions".into());
    }
    let game = Game {
        index,
        white_result,
        records,
    };
    Ok((game, c.at))
}

/// Everything readable in a data file: its header, its whole games, and
/// the length of the sound prefix (a cut-short last block is left out).
#[derive(Debug)]
pub struct Scan {
    /// The header.
    pub header: Header,
    /// The whole games.
    pub games: Vec<Game>,
    /// Bytes up to the end of the last whole game.
    pub sound_len: usize,
}

/// Reads a whole data file's bytes.
///
/// # Errors
/// A message if the header is bad.
pub fn scan(bytes: &[u8]) -> Result<Scan, String> {
    let (header, mut at) = parse_header(bytes)?;
    let mut games = Vec::new();
    while at < bytes.len() {
        match parse_game(&bytes[at..], header.states) {
            Ok((g, n)) => {
                games.push(g);
                at += n;
            }
            Err(_) => break,
        }
    }
    Ok(Scan {
        header,
        games,
        sound_len: at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::fide;

    #[test]
    fn a_game_survives_the_round_trip_and_a_cut() {
        let pos = Position::start(fide::chess());
        let header = Header {
            variant: "chess".into(),
            files: 8,
            ranks: 8,
            states: true,
            seed: 7,
            nodes: 5000,
        };
        let game = Game {
            index: 3,
            white_result: 2,
            records: vec![Record::new(&pos, -12, FLAG_CHECK)],
        };
        let mut bytes = encode_header(&header);
        let whole = bytes.len() + encode_game(&game, true).len();
        bytes.extend(encode_game(&game, true));
        bytes.extend(&encode_game(&game, true)[..20]);
        let s = scan(&bytes).unwrap();
        assert_eq!(s.header, header);
        assert_eq!(s.games, vec![game]);
        assert_eq!(s.sound_len, whole);
        assert!(scan(b"nonsense").is_err());
    }
}
