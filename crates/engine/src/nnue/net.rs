//! A network and its file format. Net files are data, loaded from bytes;
//! every field is checked, so a corrupt or foreign file is a clear error,
//! never a panic. Little-endian:
//!
//! | field | type |
//! |---|---|
//! | magic `MNGNNUE\0` | 8 bytes |
//! | version ([`VERSION`]) | `u32` |
//! | input features ([`FEATURES`], or [`FEATURES_WITHOUT_PRONGS`] for a net without prong weights) | `u32` |
//! | hidden size per perspective (a multiple of 16, at most 2048) | `u32` |
//! | output scale (centipawns per unit of output) | `u32` |
//! | games the net was trained for (comma-separated keys) | `u16` length + UTF-8 |
//! | first-layer weights, feature-major, times [`QA`] | `i16` x features x hidden |
//! | first-layer biases, times [`QA`] | `i16` x hidden |
//! | output weights (side to move's half first), times [`QB`], within +/-127 | `i16` x 2 x hidden |
//! | output bias, times `QA * QB` | `i32` |
//! | FNV-1a 64 hash of every byte before it | `u64` |
//!
//! A net whose prong rows are all zero is written in the short form, so
//! nets of games without prongs keep their size; the short form is read
//! with those rows zero.

use super::features::{FEATURES, FEATURES_WITHOUT_PRONGS};
use std::fmt;

/// File magic.
pub const MAGIC: &[u8; 8] = b"MNGNNUE\0";
/// Format version.
pub const VERSION: u32 = 1;
/// Quantisation of the first layer (a clipped activation of 1.0).
pub const QA: i32 = 255;
/// Quantisation of the output weights.
pub const QB: i32 = 64;
/// Largest hidden size a file may declare.
pub const MAX_HIDDEN: usize = 2048;
/// Largest evaluation a net returns, in centipawns.
pub const MAX_EVAL: i32 = 20_000;
/// Largest output weight (so that the integer output cannot overflow).
pub const MAX_OUTPUT_WEIGHT: i16 = 127;

/// Why a net file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetError(pub String);

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad net file: {}", self.0)
    }
}

impl std::error::Error for NetError {}

/// A quantised network: sparse input layer into `hidden` accumulators per
/// perspective, squared clipped ReLU, one output.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// Accumulators per perspective.
    pub hidden: usize,
    /// Centipawns per unit of output.
    pub scale: i32,
    /// Keys of the games the net was trained for.
    pub games: Vec<String>,
    /// First-layer weights, `FEATURES x hidden`, feature-major.
    pub w1: Vec<i16>,
    /// First-layer biases.
    pub b1: Vec<i16>,
    /// Output weights: the side to move's `hidden`, then the other side's.
    pub w2: Vec<i16>,
    /// Output bias.
    pub b2: i32,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network")
            .field("hidden", &self.hidden)
            .field("scale", &self.scale)
            .field("games", &self.games)
            .finish_non_exhaustive()
    }
}

/// FNV-1a, 64 bits.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], NetError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| NetError(format!("file ends inside the {what}")))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn u32(&mut self, what: &str) -> Result<u32, NetError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn i16s(&mut self, n: usize, what: &str) -> Result<Vec<i16>, NetError> {
        let len = n
            .checked_mul(2)
            .ok_or_else(|| NetError(format!("{what} too large")))?;
        let b = self.take(len, what)?;
        Ok(b.chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
}

impl Network {
    /// Loads a net from its file's bytes.
    ///
    /// # Errors
    /// A [`NetError`] saying what is wrong: magic, version, sizes, the
    /// hash, or an output weight out of range.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let err = |m: String| Err(NetError(m));
        if bytes.len() < 8 + 8 || &bytes[..8] != MAGIC {
            return err("not a Menagerie net (bad magic)".into());
        }
        let (body, tail) = bytes.split_at(bytes.len() - 8);
        let stored = u64::from_le_bytes(tail.try_into().map_err(|_| NetError("hash".into()))?);
        if fnv1a(body) != stored {
            return err("hash mismatch (the file is corrupt or cut short)".into());
        }
        let mut r = Reader { bytes: body, at: 8 };
        let version = r.u32("header")?;
        if version != VERSION {
            return err(format!("version {version}, this engine reads {VERSION}"));
        }
        let features = r.u32("header")? as usize;
        if features != FEATURES && features != FEATURES_WITHOUT_PRONGS {
            return err(format!(
                "{features} input features, this engine has {FEATURES} \
                 ({FEATURES_WITHOUT_PRONGS} without prongs)"
            ));
        }
        let hidden = r.u32("header")? as usize;
        if hidden == 0 || hidden % 16 != 0 || hidden > MAX_HIDDEN {
            return err(format!(
                "hidden size {hidden} (a multiple of 16 up to {MAX_HIDDEN})"
            ));
        }
        let scale = r.u32("header")?;
        if !(1..=100_000).contains(&scale) {
            return err(format!("output scale {scale}"));
        }
        let len = r.take(2, "header")?;
        let len = usize::from(u16::from_le_bytes([len[0], len[1]]));
        let games = std::str::from_utf8(r.take(len, "game list")?)
            .map_err(|_| NetError("game list is not UTF-8".into()))?;
        let games = games
            .split(',')
            .filter(|g| !g.is_empty())
            .map(str::to_string)
            .collect();
        let mut w1 = r.i16s(features * hidden, "first-layer weights")?;
        w1.resize(FEATURES * hidden, 0);
        let b1 = r.i16s(hidden, "first-layer biases")?;
        let w2 = r.i16s(2 * hidden, "output weights")?;
        if w2.iter().any(|w| w.abs() > MAX_OUTPUT_WEIGHT) {
            return err(format!("an output weight beyond +/-{MAX_OUTPUT_WEIGHT}"));
        }
        let b2 = r.u32("output bias")? as i32;
        if r.at != body.len() {
            return err(format!("{} bytes too many", body.len() - r.at));
        }
        Ok(Network {
            hidden,
            scale: scale as i32,
            games,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// The file bytes of this net.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let stored = self.stored_features();
        let mut out = MAGIC.to_vec();
        for v in [
            VERSION,
            stored as u32,
            self.hidden as u32,
            self.scale as u32,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let games = self.games.join(",");
        out.extend_from_slice(&(games.len() as u16).to_le_bytes());
        out.extend_from_slice(games.as_bytes());
        let w1 = &self.w1[..stored * self.hidden];
        for v in w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.b2.to_le_bytes());
        let hash = fnv1a(&out);
        out.extend_from_slice(&hash.to_le_bytes());
        out
    }

    /// The hash that ends this net's file (its identity in docs and logs).
    #[must_use]
    pub fn hash(&self) -> u64 {
        let bytes = self.to_bytes();
        fnv1a(&bytes[..bytes.len() - 8])
    }

    /// The input features its file stores: all of them, or the short form
    /// when every prong weight is zero.
    fn stored_features(&self) -> usize {
        let prongs = &self.w1[FEATURES_WITHOUT_PRONGS * self.hidden..];
        if prongs.iter().all(|&w| w == 0) {
            FEATURES_WITHOUT_PRONGS
        } else {
            FEATURES
        }
    }

    /// Whether the net was trained for the game with this key.
    #[must_use]
    pub fn serves(&self, key: &str) -> bool {
        self.games.iter().any(|g| g == key)
    }

    /// The first-layer weights of feature `f`.
    #[must_use]
    #[inline]
    pub fn row(&self, f: usize) -> &[i16] {
        &self.w1[f * self.hidden..(f + 1) * self.hidden]
    }

    /// The output in centipawns for the side to move's accumulator `us`
    /// and the other side's `them`, within +/-[`MAX_EVAL`] (far from mate
    /// scores).
    #[must_use]
    pub fn output(&self, us: &[i16], them: &[i16]) -> i32 {
        let (w_us, w_them) = self.w2.split_at(self.hidden);
        let sum = screlu_dot(us, w_us) + screlu_dot(them, w_them);
        let v = sum / i64::from(QA) + i64::from(self.b2);
        let cp = v * i64::from(self.scale) / i64::from(QA * QB);
        cp.clamp(-i64::from(MAX_EVAL), i64::from(MAX_EVAL)) as i32
    }
}

/// The sum of clamp(a, 0, QA)^2 * w, in chunks of 16 lanes (each lane's
/// product fits an `i32`: 255 * 127 * 255; sixteen of them too).
fn screlu_dot(acc: &[i16], w: &[i16]) -> i64 {
    let mut total = 0i64;
    for (a, w) in acc.chunks_exact(16).zip(w.chunks_exact(16)) {
        let mut lanes = [0i32; 16];
        for i in 0..16 {
            let c = i32::from(a[i].clamp(0, QA as i16));
            lanes[i] = c * i32::from(w[i]) * c;
        }
        total += i64::from(lanes.iter().sum::<i32>());
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn tiny() -> Network {
        let hidden = 16;
        Network {
            hidden,
            scale: 400,
            games: vec!["wreckage".into()],
            w1: (0..FEATURES * hidden).map(|i| (i % 7) as i16 - 3).collect(),
            b1: vec![40; hidden],
            w2: (0..2 * hidden).map(|i| (i % 5) as i16 - 2).collect(),
            b2: 100,
        }
    }

    #[test]
    fn a_net_survives_the_round_trip() {
        let net = tiny();
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        assert!(net.serves("wreckage") && !net.serves("chess"));
    }

    #[test]
    fn a_net_without_prong_weights_is_written_in_the_short_form() {
        let mut net = tiny();
        let full = net.to_bytes().len();
        net.w1[FEATURES_WITHOUT_PRONGS * net.hidden..].fill(0);
        let bytes = net.to_bytes();
        let prong_rows = (FEATURES - FEATURES_WITHOUT_PRONGS) * net.hidden * 2;
        assert_eq!(bytes.len(), full - prong_rows);
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
    }

    #[test]
    fn damaged_files_are_refused_with_a_reason() {
        let bytes = tiny().to_bytes();
        for cut in [0, 5, 20, bytes.len() - 1] {
            assert!(Network::from_bytes(&bytes[..cut]).is_err());
        }
        let mut flipped = bytes.clone();
        flipped[100] ^= 1;
        let e = Network::from_bytes(&flipped).unwrap_err();
        assert!(e.to_string().contains("hash"));
        assert!(Network::from_bytes(b"MNGNNUE\0garbage-garbage").is_err());
    }
}
