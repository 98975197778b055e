//! A network and its file format. Net files are data, loaded from bytes;
//! every field is checked, so a corrupt or foreign file is a clear error,
//! never a panic. Little-endian:
//!
//! | field | type |
//! |---|---|
//! | magic `MNGNNUE\0` | 8 bytes |
//! | version ([`VERSION`], or [`VERSION_ONE_BUCKET`]) | `u32` |
//! | input features ([`FEATURES`], or [`FEATURES_WITHOUT_PRONGS`] for a net without prong weights) | `u32` |
//! | hidden size per perspective (a multiple of 16, at most 2048) | `u32` |
//! | output scale (centipawns per unit of output) | `u32` |
//! | version 2 and 3: output buckets (1 to [`MAX_BUCKETS`]) | `u32` |
//! | version 2 and 3: men per bucket (1 to [`MAX_MEN_PER_BUCKET`]) | `u32` |
//! | version 3 only: king buckets (2 to [`MAX_KING_BUCKETS`]) | `u32` |
//! | version 3 only: whether a king on the left half mirrors the board (0 or 1) | `u32` |
//! | version 3 only: the king bucket of each canvas square ([`KingBuckets::table`]) | `u8` x 100 |
//! | games the net was trained for (comma-separated keys) | `u16` length + UTF-8 |
//! | first-layer weights, feature-major, times [`QA`] | `i16` x features x hidden |
//! | version 3 only: the board features' weights of each king bucket after the first, times [`QA`] | `i16` x (king buckets - 1) x [`BOARD_FEATURES`] x hidden |
//! | first-layer biases, times [`QA`] | `i16` x hidden |
//! | output weights, bucket by bucket (side to move's half first), times [`QB`], within +/-127 | `i16` x buckets x 2 x hidden |
//! | output biases, one per bucket, times `QA * QB` | `i32` x buckets |
//! | FNV-1a 64 hash of every byte before it | `u64` |
//!
//! A net whose prong rows are all zero is written in the short form, so
//! nets of games without prongs keep their size; the short form is read
//! with those rows zero.
//!
//! Output buckets: a position with `men` men on the board (pockets not
//! counted) is evaluated by the output layer of bucket
//! `min(buckets - 1, (men - 1) / men_per_bucket)` (no men: bucket 0). A
//! net with one bucket is written as version 1, which has neither bucket
//! field (so such files are byte for byte what they were before buckets),
//! and a version 1 file is read as one bucket of [`MAX_MEN_PER_BUCKET`]
//! men.
//!
//! King buckets ([`super::kings`]): a net with more than one is written
//! as version 3, which has the output bucket fields too; a net with one
//! is written as before.

use super::features::{BOARD_FEATURES, FEATURES, FEATURES_WITHOUT_PRONGS};
use super::kings::{KingBuckets, MAX_KING_BUCKETS};
use menagerie_rules::geometry::CANVAS_SQUARES;
use std::fmt;

/// File magic.
pub const MAGIC: &[u8; 8] = b"MNGNNUE\0";
/// Format version of a net with output buckets.
pub const VERSION: u32 = 2;
/// Format version of a net with one output layer (no bucket fields).
pub const VERSION_ONE_BUCKET: u32 = 1;
/// Format version of a net with king buckets.
pub const VERSION_KINGS: u32 = 3;
/// Most output buckets a file may declare.
pub const MAX_BUCKETS: usize = 16;
/// Most men per output bucket a file may declare (and the men per bucket
/// of a net with one bucket).
pub const MAX_MEN_PER_BUCKET: usize = 200;
/// Quantisation of the first layer (a clipped activation of 1.0).
pub const QA: i32 = 255;
/// Quantisation of the output weights.
pub const QB: i32 = 64;
/// Largest hidden size a file may declare.
pub const MAX_HIDDEN: usize = 2048;
/// Largest evaluation a net returns, in centipawns.
pub const MAX_EVAL: i32 = 20_000;
/// The output scales (centipawns per unit of output) a net file may hold.
pub const SCALES: std::ops::RangeInclusive<u32> = 1..=100_000;
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
/// perspective, squared clipped ReLU, one output from the output layer of
/// the position's bucket.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// Accumulators per perspective.
    pub hidden: usize,
    /// Centipawns per unit of output.
    pub scale: i32,
    /// Keys of the games the net was trained for.
    pub games: Vec<String>,
    /// First-layer weights, `kings.inputs() x hidden`, feature-major.
    pub w1: Vec<i16>,
    /// First-layer biases.
    pub b1: Vec<i16>,
    /// Output layers: how many (1 to [`MAX_BUCKETS`]).
    pub buckets: usize,
    /// Men on the board per output bucket (1 to [`MAX_MEN_PER_BUCKET`];
    /// [`MAX_MEN_PER_BUCKET`] when there is one bucket).
    pub men_per_bucket: usize,
    /// Output weights, `buckets x 2 x hidden`, bucket-major: each bucket's
    /// side to move's `hidden`, then the other side's.
    pub w2: Vec<i16>,
    /// Output biases, one per bucket.
    pub b2: Vec<i32>,
    /// King buckets ([`KingBuckets::NONE`]: none).
    pub kings: KingBuckets,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network")
            .field("hidden", &self.hidden)
            .field("scale", &self.scale)
            .field("buckets", &self.buckets)
            .field("men_per_bucket", &self.men_per_bucket)
            .field("king_buckets", &self.kings.count)
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

    fn i32s(&mut self, n: usize, what: &str) -> Result<Vec<i32>, NetError> {
        let len = n
            .checked_mul(4)
            .ok_or_else(|| NetError(format!("{what} too large")))?;
        let b = self.take(len, what)?;
        Ok(b.chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
}

/// Checks the magic and the hash; returns the bytes before the hash.
fn checked_body(bytes: &[u8]) -> Result<&[u8], NetError> {
    if bytes.len() < 8 + 8 || &bytes[..8] != MAGIC {
        return Err(NetError("not a Menagerie net (bad magic)".into()));
    }
    let (body, tail) = bytes.split_at(bytes.len() - 8);
    let stored = u64::from_le_bytes(tail.try_into().map_err(|_| NetError("hash".into()))?);
    if fnv1a(body) != stored {
        return Err(NetError(
            "hash mismatch (the file is corrupt or cut short)".into(),
        ));
    }
    Ok(body)
}

/// Reads a version 2 file's bucket fields: the number of output buckets
/// and the men per bucket.
fn read_buckets(r: &mut Reader) -> Result<(usize, usize), NetError> {
    let buckets = r.u32("header")? as usize;
    if !(1..=MAX_BUCKETS).contains(&buckets) {
        return Err(NetError(format!(
            "{buckets} output buckets (1 to {MAX_BUCKETS})"
        )));
    }
    let men = r.u32("header")? as usize;
    if !(1..=MAX_MEN_PER_BUCKET).contains(&men) {
        return Err(NetError(format!(
            "{men} men per output bucket (1 to {MAX_MEN_PER_BUCKET})"
        )));
    }
    // One bucket holds every position, whatever its size says.
    Ok((
        buckets,
        if buckets == 1 {
            MAX_MEN_PER_BUCKET
        } else {
            men
        },
    ))
}

/// Reads a version 3 file's king buckets.
fn read_kings(r: &mut Reader) -> Result<KingBuckets, NetError> {
    let count = r.u32("header")? as usize;
    if !(2..=MAX_KING_BUCKETS).contains(&count) {
        return Err(NetError(format!(
            "{count} king buckets (2 to {MAX_KING_BUCKETS})"
        )));
    }
    let mirror = match r.u32("header")? {
        0 => false,
        1 => true,
        m => return Err(NetError(format!("king mirror flag {m} (0 or 1)"))),
    };
    let mut table = [0; CANVAS_SQUARES];
    table.copy_from_slice(r.take(CANVAS_SQUARES, "king bucket table")?);
    if let Some(b) = table.iter().find(|&&b| usize::from(b) >= count) {
        return Err(NetError(format!(
            "king bucket {b} in the table of {count} buckets"
        )));
    }
    Ok(KingBuckets {
        count,
        mirror,
        table,
    })
}

/// Reads the comma-separated keys of the games a net serves.
fn read_games(r: &mut Reader) -> Result<Vec<String>, NetError> {
    let len = r.take(2, "header")?;
    let len = usize::from(u16::from_le_bytes([len[0], len[1]]));
    let games = std::str::from_utf8(r.take(len, "game list")?)
        .map_err(|_| NetError("game list is not UTF-8".into()))?;
    Ok(games
        .split(',')
        .filter(|g| !g.is_empty())
        .map(str::to_string)
        .collect())
}

impl Network {
    /// Loads a net from its file's bytes (version 1, 2 or 3).
    ///
    /// # Errors
    /// A [`NetError`] saying what is wrong: magic, version, sizes, output
    /// buckets, the hash, or an output weight out of range.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let err = |m: String| Err(NetError(m));
        let body = checked_body(bytes)?;
        let mut r = Reader { bytes: body, at: 8 };
        let version = r.u32("header")?;
        if !(VERSION_ONE_BUCKET..=VERSION_KINGS).contains(&version) {
            return err(format!(
                "version {version}, this engine reads {VERSION_ONE_BUCKET} to {VERSION_KINGS}"
            ));
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
        if !SCALES.contains(&scale) {
            return err(format!("output scale {scale}"));
        }
        let (buckets, men_per_bucket) = if version == VERSION_ONE_BUCKET {
            (1, MAX_MEN_PER_BUCKET)
        } else {
            read_buckets(&mut r)?
        };
        let kings = if version == VERSION_KINGS {
            read_kings(&mut r)?
        } else {
            KingBuckets::NONE
        };
        let games = read_games(&mut r)?;
        let mut w1 = r.i16s(features * hidden, "first-layer weights")?;
        w1.resize(FEATURES * hidden, 0);
        let extra = (kings.count - 1) * BOARD_FEATURES * hidden;
        w1.extend(r.i16s(extra, "king buckets' weights")?);
        let b1 = r.i16s(hidden, "first-layer biases")?;
        let w2 = r.i16s(buckets * 2 * hidden, "output weights")?;
        if w2.iter().any(|w| w.abs() > MAX_OUTPUT_WEIGHT) {
            return err(format!("an output weight beyond +/-{MAX_OUTPUT_WEIGHT}"));
        }
        let b2 = r.i32s(buckets, "output biases")?;
        if r.at != body.len() {
            return err(format!("{} bytes too many", body.len() - r.at));
        }
        Ok(Network {
            hidden,
            scale: scale as i32,
            games,
            w1,
            b1,
            buckets,
            men_per_bucket,
            w2,
            b2,
            kings,
        })
    }

    /// The file bytes of this net: version 3 with king buckets, else
    /// version 1 with one output bucket, version 2 with more.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let stored = self.stored_features();
        let mut out = MAGIC.to_vec();
        let kings = self.kings.bucketed();
        let one = self.buckets == 1 && !kings;
        let version = match (kings, one) {
            (true, _) => VERSION_KINGS,
            (false, true) => VERSION_ONE_BUCKET,
            (false, false) => VERSION,
        };
        let mut header = vec![
            version,
            stored as u32,
            self.hidden as u32,
            self.scale as u32,
        ];
        if !one {
            header.extend([self.buckets as u32, self.men_per_bucket as u32]);
        }
        if kings {
            header.extend([self.kings.count as u32, u32::from(self.kings.mirror)]);
        }
        for v in header {
            out.extend_from_slice(&v.to_le_bytes());
        }
        if kings {
            out.extend_from_slice(&self.kings.table);
        }
        let games = self.games.join(",");
        out.extend_from_slice(&(games.len() as u16).to_le_bytes());
        out.extend_from_slice(games.as_bytes());
        let w1 = &self.w1[..stored * self.hidden];
        let extra = &self.w1[FEATURES * self.hidden..];
        for v in w1.iter().chain(extra).chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in &self.b2 {
            out.extend_from_slice(&v.to_le_bytes());
        }
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
        let prongs = &self.w1[FEATURES_WITHOUT_PRONGS * self.hidden..FEATURES * self.hidden];
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

    /// The output bucket of a position with `men` men on the board
    /// ([`bucket_of`]).
    #[must_use]
    #[inline]
    pub fn bucket(&self, men: usize) -> usize {
        bucket_of(men, self.buckets, self.men_per_bucket)
    }

    /// The output in centipawns of output bucket `bucket` (beyond the last:
    /// the last) for the side to move's accumulator `us` and the other
    /// side's `them`, within +/-[`MAX_EVAL`] (far from mate scores).
    #[must_use]
    pub fn output(&self, us: &[i16], them: &[i16], bucket: usize) -> i32 {
        let b = bucket.min(self.buckets.saturating_sub(1));
        let n = 2 * self.hidden;
        let (w_us, w_them) = self.w2[b * n..(b + 1) * n].split_at(self.hidden);
        let sum = screlu_dot(us, w_us) + screlu_dot(them, w_them);
        let v = sum / i64::from(QA) + i64::from(self.b2[b]);
        let cp = v * i64::from(self.scale) / i64::from(QA * QB);
        cp.clamp(-i64::from(MAX_EVAL), i64::from(MAX_EVAL)) as i32
    }
}

/// The output bucket of a position with `men` men on the board, of
/// `buckets` buckets of `men_per_bucket` men: `(men - 1) / men_per_bucket`,
/// at most the last (no men: the first).
#[must_use]
#[inline]
pub fn bucket_of(men: usize, buckets: usize, men_per_bucket: usize) -> usize {
    (men.saturating_sub(1) / men_per_bucket.max(1)).min(buckets.saturating_sub(1))
}

#[cfg(test)]
impl Network {
    /// This one-bucket net with `buckets` output layers of `men` men, each
    /// a copy of its own, bucket `b`'s bias raised by `b * step`: the
    /// buckets differ only in their bias (for tests).
    pub(crate) fn with_buckets(self, buckets: usize, men: usize, step: i32) -> Network {
        let bias = self.b2[0];
        Network {
            buckets,
            men_per_bucket: men,
            w2: self.w2.repeat(buckets),
            b2: (0..buckets as i32).map(|b| bias + step * b).collect(),
            ..self
        }
    }
}

/// The sum of clamp(a, 0, QA)^2 * w. The clamped value times the weight
/// fits an `i16` (255 * 127), so each term is one 16-bit product times
/// the clamped value again: a sum of products of 16-bit values, which the
/// processor's multiply-add instruction computes in pairs. A term is at
/// most 255 * 127 * 255, so 256 of them fit an `i32`; the sums of each 256
/// go into an `i64`.
fn screlu_dot(acc: &[i16], w: &[i16]) -> i64 {
    let mut total = 0i64;
    let mut sum = 0i32;
    for (n, (a, w)) in acc.chunks_exact(16).zip(w.chunks_exact(16)).enumerate() {
        for i in 0..16 {
            let c = a[i].clamp(0, QA as i16);
            sum += i32::from(c.wrapping_mul(w[i])) * i32::from(c);
        }
        if n % 16 == 15 {
            total += i64::from(sum);
            sum = 0;
        }
    }
    total + i64::from(sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paired_output_sum_is_the_plain_one_at_every_size_and_extreme() {
        // Accumulators past both clamps and weights at both ends of their
        // range, up to the largest hidden size (where a lane of 32-bit
        // sums would overflow without its 64-bit flushes).
        let mut rng = crate::level::Rng::new(59);
        for hidden in [16, 128, 256, 1024, MAX_HIDDEN] {
            for case in 0..6 {
                // Case 0: every value at its extreme; the rest at random,
                // from `low` for `span` values.
                let mut values = |extreme: i16, low: i32, span: usize| -> Vec<i16> {
                    (0..hidden)
                        .map(|_| match case {
                            0 => extreme,
                            _ => (low + rng.below(span) as i32) as i16,
                        })
                        .collect()
                };
                let acc = values(400, -200, 700);
                let w = values(127, -127, 255);
                let plain: i64 = acc
                    .iter()
                    .zip(&w)
                    .map(|(&a, &w)| {
                        let c = i64::from(a.clamp(0, QA as i16));
                        c * c * i64::from(w)
                    })
                    .sum();
                assert_eq!(screlu_dot(&acc, &w), plain, "hidden {hidden}, case {case}");
            }
        }
    }

    pub(crate) fn tiny() -> Network {
        let hidden = 16;
        Network {
            hidden,
            scale: 400,
            games: vec!["wreckage".into()],
            w1: (0..FEATURES * hidden).map(|i| (i % 7) as i16 - 3).collect(),
            b1: vec![40; hidden],
            buckets: 1,
            men_per_bucket: MAX_MEN_PER_BUCKET,
            w2: (0..2 * hidden).map(|i| (i % 5) as i16 - 2).collect(),
            b2: vec![100],
            kings: KingBuckets::NONE,
        }
    }

    /// `tiny` with `buckets` output layers of `men` men each: every
    /// bucket has the same weights, and bucket `b`'s bias is `100 + 1000 * b`.
    fn bucketed(buckets: usize, men: usize) -> Network {
        tiny().with_buckets(buckets, men, 1000)
    }

    /// `tiny` with three king buckets (the preset of an 8-file board),
    /// each bucket's rows its own.
    fn kinged() -> Network {
        let mut net = bucketed(2, 16);
        net.kings = KingBuckets::preset(3, 8).unwrap();
        let extra = (net.kings.inputs() - FEATURES) * net.hidden;
        net.w1.extend((0..extra).map(|i| (i % 11) as i16 - 5));
        net
    }

    #[test]
    fn a_net_with_king_buckets_survives_the_round_trip_as_version_3() {
        let net = kinged();
        let bytes = net.to_bytes();
        assert_eq!(bytes[8..12], VERSION_KINGS.to_le_bytes());
        assert_eq!(bytes[32..36], 3u32.to_le_bytes());
        assert_eq!(bytes[36..40], 1u32.to_le_bytes());
        let rows = 2 * BOARD_FEATURES * net.hidden * 2;
        assert_eq!(
            bytes.len(),
            bucketed(2, 16).to_bytes().len() + 8 + 100 + rows
        );
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        // One output bucket with king buckets is version 3 too.
        let mut one = kinged();
        (one.buckets, one.men_per_bucket) = (1, MAX_MEN_PER_BUCKET);
        one.w2.truncate(2 * one.hidden);
        one.b2.truncate(1);
        assert_eq!(Network::from_bytes(&one.to_bytes()).unwrap(), one);
    }

    #[test]
    fn bad_king_fields_are_refused_with_a_reason() {
        let net = kinged();
        for (at, v, says) in [
            (32, 1, "1 king buckets"),
            (32, 5, "5 king buckets"),
            (32, 2, "king bucket 2 in the table"),
            (36, 2, "mirror flag 2"),
            (32, 4, "file ends inside the king"),
        ] {
            let e = Network::from_bytes(&patched(&net, at, v)).unwrap_err();
            assert!(e.to_string().contains(says), "{at}={v}: {e}");
        }
    }

    /// `bytes`, a net file's body followed by 8 bytes for its hash, with
    /// the hash made good.
    fn rehashed(mut bytes: Vec<u8>) -> Vec<u8> {
        let n = bytes.len() - 8;
        let hash = fnv1a(&bytes[..n]);
        bytes[n..].copy_from_slice(&hash.to_le_bytes());
        bytes
    }

    /// `net`'s bytes with the header's `u32` at `at` set to `v` and the
    /// hash made good again.
    fn patched(net: &Network, at: usize, v: u32) -> Vec<u8> {
        let mut bytes = net.to_bytes();
        bytes[at..at + 4].copy_from_slice(&v.to_le_bytes());
        rehashed(bytes)
    }

    #[test]
    fn a_net_with_one_bucket_is_written_as_version_1() {
        let bytes = tiny().to_bytes();
        assert_eq!(bytes[8..12], VERSION_ONE_BUCKET.to_le_bytes());
        // Version 1: the games' key follows the output scale directly.
        assert_eq!(bytes[24..26], 8u16.to_le_bytes());
        assert_eq!(&bytes[26..34], b"wreckage");
        let net = Network::from_bytes(&bytes).unwrap();
        assert_eq!((net.buckets, net.men_per_bucket), (1, MAX_MEN_PER_BUCKET));
    }

    #[test]
    fn a_net_with_buckets_survives_the_round_trip_as_version_2() {
        let net = bucketed(3, 12);
        let bytes = net.to_bytes();
        assert_eq!(bytes[8..12], VERSION.to_le_bytes());
        assert_eq!(bytes[24..28], 3u32.to_le_bytes());
        assert_eq!(bytes[28..32], 12u32.to_le_bytes());
        let one = tiny().to_bytes().len();
        assert_eq!(bytes.len(), one + 8 + 2 * (2 * net.hidden * 2 + 4));
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
    }

    #[test]
    fn bad_bucket_fields_are_refused_with_a_reason() {
        let net = bucketed(2, 16);
        for (at, v, says) in [
            (24, 0, "0 output buckets"),
            (24, 17, "17 output buckets"),
            (24, u32::MAX, "output buckets"),
            (28, 0, "0 men per output bucket"),
            (28, 201, "201 men per output bucket"),
            (24, 3, "file ends inside the output"),
            (24, 1, "bytes too many"),
            (8, 4, "version 4"),
            (8, 0, "version 0"),
        ] {
            let e = Network::from_bytes(&patched(&net, at, v)).unwrap_err();
            assert!(e.to_string().contains(says), "{at}={v}: {e}");
        }
        // A version 2 file of one bucket is sound (and reads as version 1 does).
        let mut one = bucketed(1, 16);
        let bytes = patched(&one, 8, VERSION);
        assert!(Network::from_bytes(&bytes).is_err(), "no bucket fields");
        one.men_per_bucket = MAX_MEN_PER_BUCKET;
        let mut v2 = one.to_bytes();
        v2[8..12].copy_from_slice(&VERSION.to_le_bytes());
        v2.splice(24..24, [1u32, 16].iter().flat_map(|v| v.to_le_bytes()));
        assert_eq!(Network::from_bytes(&rehashed(v2)).unwrap(), one);
    }

    #[test]
    fn the_bucket_follows_the_men_on_the_board() {
        let net = bucketed(4, 8);
        let buckets: Vec<usize> = [0, 1, 8, 9, 16, 17, 24, 25, 32, 100]
            .iter()
            .map(|&men| net.bucket(men))
            .collect();
        assert_eq!(buckets, [0, 0, 0, 1, 1, 2, 2, 3, 3, 3]);
        assert_eq!(tiny().bucket(0), 0);
        assert_eq!(tiny().bucket(100), 0);
        // The buckets differ only in their bias: 1000 * QA * QB apart.
        let (us, them) = (vec![100i16; 16], vec![30i16; 16]);
        let step = 1000.0 * f64::from(net.scale) / f64::from(QA * QB);
        let base = f64::from(net.output(&us, &them, 0));
        for b in 0..4 {
            let out = f64::from(net.output(&us, &them, b));
            assert!((out - base - b as f64 * step).abs() <= 1.0, "bucket {b}");
        }
        assert_eq!(net.output(&us, &them, 9), net.output(&us, &them, 3));
        assert_eq!(tiny().output(&us, &them, 0), net.output(&us, &them, 0));
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

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// Any header edit, cut or extension of a bucketed net's file, with
        /// its hash made good, is refused with a reason or read as a net
        /// that writes back to what was read: never a panic.
        #[test]
        fn edited_files_never_panic(
            edits in proptest::collection::vec((0usize..160, proptest::prelude::any::<u8>()), 0..6),
            cut in 0usize..64,
            extra in 0usize..64,
            kings in proptest::prelude::any::<bool>(),
        ) {
            let net = if kings { kinged() } else { bucketed(3, 5) };
            let mut body = net.to_bytes();
            body.truncate(body.len() - 8);
            for (at, b) in edits {
                body[at] = b;
            }
            body.truncate(body.len() - cut);
            body.extend(std::iter::repeat(7u8).take(extra));
            body.extend([0; 8]);
            if let Ok(net) = Network::from_bytes(&rehashed(body)) {
                let again = Network::from_bytes(&net.to_bytes());
                proptest::prop_assert_eq!(again.as_ref(), Ok(&net));
            }
        }
    }
}
