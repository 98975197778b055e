//! The network in floating point for training: forward and backward
//! passes on sparse inputs, and quantisation to the inference format.

use crate::level::Rng;
use crate::nnue::features::{BOARD_FEATURES, FEATURES, FEATURES_WITHOUT_PRONGS, PRONG_FEATURES};
use crate::nnue::kings::{self, KingBuckets, MAX_FEATURES};
use menagerie_rules::geometry::CANVAS_SQUARES;
use menagerie_rules::piece::ROLE_COUNT;

/// Training-only inputs: one per (relative colour, role), active with
/// every board feature of that piece wherever it stands, so that what a
/// piece is worth anywhere is learnt from every square's examples; and one
/// per (relative colour, prong kind, direction), active with that prong on
/// any square, so that what a prong is worth is learnt from every wounded
/// man. They are folded into the board and prong features' weights when
/// the net is quantised (the net file has none). A net with king buckets
/// ([`crate::nnue::kings`]) has a further factor per (relative colour,
/// role, square), active with that board feature in every king bucket,
/// so that what is common to all buckets is learnt from all of them.
pub const FACTORS: usize = 2 * ROLE_COUNT + PRONG_FEATURES / CANVAS_SQUARES;
/// The first square factor's row.
const SQUARE_FACTORS: usize = MAX_FEATURES + FACTORS;
/// Rows of the first layer during training: every input a net may have,
/// the factors, the square factors.
pub const TRAIN_FEATURES: usize = SQUARE_FACTORS + BOARD_FEATURES;

/// The training-only factors of input `f` (none, or its piece or prong
/// factor, and with king buckets its square factor), handed to `each`.
#[inline]
pub fn factors_of(f: u16, kings: &KingBuckets, mut each: impl FnMut(u16)) {
    let f = usize::from(f);
    if let Some(base) = kings::base_board(f) {
        each((MAX_FEATURES + base / CANVAS_SQUARES) as u16);
        if kings.bucketed() {
            each((SQUARE_FACTORS + base) as u16);
        }
    } else if (FEATURES_WITHOUT_PRONGS..FEATURES).contains(&f) {
        let prong = (f - FEATURES_WITHOUT_PRONGS) / CANVAS_SQUARES;
        each((MAX_FEATURES + 2 * ROLE_COUNT + prong) as u16);
    }
}
use crate::nnue::net::{bucket_of, Network, MAX_MEN_PER_BUCKET, MAX_OUTPUT_WEIGHT, QA, QB};

/// Weights are kept within this bound so that they quantise exactly
/// (`1.98 * QB` is within the output weights' range).
pub const CLIP: f32 = 1.98;

/// Floating-point parameters, laid out like [`Network`].
#[derive(Clone, Debug)]
pub struct Model {
    /// Accumulators per perspective.
    pub hidden: usize,
    /// First-layer weights, feature-major.
    pub w1: Vec<f32>,
    /// First-layer biases.
    pub b1: Vec<f32>,
    /// Output layers, one per bucket of men on the board.
    pub buckets: usize,
    /// Men on the board per output bucket.
    pub men_per_bucket: usize,
    /// Output weights, bucket by bucket (side to move's half first).
    pub w2: Vec<f32>,
    /// Output biases, one per bucket.
    pub b2: Vec<f32>,
    /// King buckets.
    pub kings: KingBuckets,
}

/// Gradients of one batch (or one thread's share of it): the first
/// layer's rows are dense but only `touched` ones are non-zero.
#[derive(Clone, Debug)]
pub struct Grad {
    /// First-layer weight gradients, feature-major.
    pub w1: Vec<f32>,
    /// Whether feature `f`'s row was touched.
    pub touched: Vec<bool>,
    /// First-layer bias gradients.
    pub b1: Vec<f32>,
    /// Output weight gradients, bucket by bucket.
    pub w2: Vec<f32>,
    /// Output bias gradients, one per bucket.
    pub b2: Vec<f32>,
    /// Summed loss.
    pub loss: f64,
}

impl Grad {
    /// Zero gradients for a model of `hidden` accumulators and `buckets`
    /// output layers.
    #[must_use]
    pub fn new(hidden: usize, buckets: usize) -> Grad {
        Grad {
            w1: vec![0.0; TRAIN_FEATURES * hidden],
            touched: vec![false; TRAIN_FEATURES],
            b1: vec![0.0; hidden],
            w2: vec![0.0; buckets * 2 * hidden],
            b2: vec![0.0; buckets],
            loss: 0.0,
        }
    }

    /// Zeroes everything (the first layer only where touched).
    pub fn clear(&mut self, hidden: usize) {
        for (f, t) in self.touched.iter_mut().enumerate() {
            if *t {
                self.w1[f * hidden..(f + 1) * hidden].fill(0.0);
                *t = false;
            }
        }
        self.b1.fill(0.0);
        self.w2.fill(0.0);
        self.b2.fill(0.0);
        self.loss = 0.0;
    }
}

/// One position's training target and the loss's scales.
#[derive(Copy, Clone, Debug)]
pub struct Target {
    /// What the prediction should be, in 0..1.
    pub value: f32,
    /// Centipawns per unit of output over the sigmoid's centipawn scale.
    pub slope: f32,
}

/// A value drawn evenly from `-r..r` (in steps of `r / 2^19`).
fn uniform(rng: &mut Rng, r: f32) -> f32 {
    (rng.below(1 << 20) as f32 / (1 << 20) as f32 * 2.0 - 1.0) * r
}

impl Model {
    /// Small random weights (zero for the prong and factor inputs), with
    /// `buckets` output layers of `men_per_bucket` men each (one bucket
    /// draws the same weights as a net before buckets) and `kings`' king
    /// buckets: with them every bucket's board rows start at zero and the
    /// square factors carry the random start (drawn after everything else,
    /// so a net without king buckets draws what it drew before).
    #[must_use]
    pub fn random(
        hidden: usize,
        buckets: usize,
        men_per_bucket: usize,
        kings: KingBuckets,
        seed: u64,
    ) -> Model {
        let mut rng = Rng::new(seed);
        let mut uniform = |r: f32| uniform(&mut rng, r);
        let mut m = Model {
            hidden,
            w1: (0..TRAIN_FEATURES * hidden)
                .map(|i| {
                    // Prong rows start at zero, so they stay zero (and the
                    // file stays in the short form) in games without prongs.
                    if i < FEATURES_WITHOUT_PRONGS * hidden {
                        uniform(0.1)
                    } else {
                        0.0
                    }
                })
                .collect(),
            b1: (0..hidden).map(|_| uniform(0.1)).collect(),
            buckets,
            men_per_bucket,
            w2: (0..buckets * 2 * hidden).map(|_| uniform(0.2)).collect(),
            b2: vec![0.0; buckets],
            kings,
        };
        if kings.bucketed() {
            // Every bucket starts alike: the board rows at zero, what a
            // piece on a square is worth drawn once, in its square factor.
            for f in (0..kings.inputs()).filter(|&f| kings::base_board(f).is_some()) {
                m.w1[f * hidden..(f + 1) * hidden].fill(0.0);
            }
            for w in &mut m.w1[SQUARE_FACTORS * hidden..] {
                *w = uniform(0.1);
            }
        }
        m
    }

    /// The model whose quantised net is `net`, with the training-only
    /// factors at zero (they are folded into `net`'s rows), so that
    /// training goes on from a shipped net: quantising it at once gives
    /// `net` back.
    #[must_use]
    pub fn from_network(net: &Network) -> Model {
        let h = net.hidden;
        let mut w1 = vec![0.0; TRAIN_FEATURES * h];
        for (w, &q) in w1.iter_mut().zip(&net.w1) {
            *w = f32::from(q) / QA as f32;
        }
        Model {
            hidden: h,
            w1,
            b1: net.b1.iter().map(|&q| f32::from(q) / QA as f32).collect(),
            buckets: net.buckets,
            men_per_bucket: net.men_per_bucket,
            w2: net.w2.iter().map(|&q| f32::from(q) / QB as f32).collect(),
            b2: net
                .b2
                .iter()
                .map(|&q| q as f32 / (QA * QB) as f32)
                .collect(),
            kings: net.kings,
        }
    }

    /// This model with `hidden` accumulators (more than it has): the
    /// first ones keep their weights, each new one gets small random
    /// first-layer weights on the board and pocket features and a random
    /// bias (as [`Model::random`] draws them without king buckets, from
    /// `seed`; its other rows start at zero) and zero output weights,
    /// so the widened model computes exactly the same function and
    /// training can give the new accumulators a use.
    #[must_use]
    pub fn widened(&self, hidden: usize, seed: u64) -> Model {
        let old = self.hidden;
        assert!(hidden >= old, "a model is only widened");
        let mut rng = Rng::new(seed);
        let mut uniform = |r: f32| uniform(&mut rng, r);
        let mut w1 = vec![0.0; TRAIN_FEATURES * hidden];
        for (f, row) in w1.chunks_exact_mut(hidden).enumerate() {
            row[..old].copy_from_slice(&self.w1[f * old..(f + 1) * old]);
            if f < FEATURES_WITHOUT_PRONGS {
                row[old..].iter_mut().for_each(|w| *w = uniform(0.1));
            }
        }
        let mut b1 = self.b1.clone();
        b1.extend((old..hidden).map(|_| uniform(0.1)));
        let mut w2 = Vec::with_capacity(self.buckets * 2 * hidden);
        for half in self.w2.chunks_exact(old) {
            w2.extend_from_slice(half);
            w2.resize(w2.len() + hidden - old, 0.0);
        }
        Model {
            hidden,
            w1,
            b1,
            buckets: self.buckets,
            men_per_bucket: self.men_per_bucket,
            w2,
            b2: self.b2.clone(),
            kings: self.kings,
        }
    }

    /// This model, which has one output layer, with `buckets` output
    /// layers of `men_per_bucket` men each, every one a copy of that
    /// layer, so the split model computes exactly the same function in
    /// every bucket and training can let the buckets differ (a shipped
    /// net refined with `--output-buckets`).
    #[must_use]
    pub fn split_outputs(self, buckets: usize, men_per_bucket: usize) -> Model {
        assert_eq!(
            self.buckets, 1,
            "only a model with one output layer is split"
        );
        let w2 = self.w2.repeat(buckets);
        let b2 = vec![self.b2[0]; buckets];
        Model {
            w2,
            b2,
            buckets,
            men_per_bucket,
            ..self
        }
    }

    /// The output bucket of a position with `men` men on the board.
    #[must_use]
    #[inline]
    pub fn bucket(&self, men: usize) -> usize {
        bucket_of(men, self.buckets, self.men_per_bucket)
    }

    /// Output bucket `bucket`'s weights (side to move's half first).
    fn w2_of(&self, bucket: usize) -> &[f32] {
        let n = 2 * self.hidden;
        &self.w2[bucket * n..(bucket + 1) * n]
    }

    fn accumulate(&self, feats: &[u16], h: &mut [f32]) {
        h.copy_from_slice(&self.b1);
        let n = self.hidden;
        for &f in feats {
            let row = &self.w1[usize::from(f) * n..(usize::from(f) + 1) * n];
            for (a, w) in h.iter_mut().zip(row) {
                *a += w;
            }
        }
    }

    /// The output (before the sigmoid) of output bucket `bucket` for one
    /// position.
    #[must_use]
    pub fn forward(
        &self,
        us: &[u16],
        them: &[u16],
        bucket: usize,
        scratch: &mut [Vec<f32>; 2],
    ) -> f32 {
        self.accumulate(us, &mut scratch[0]);
        self.accumulate(them, &mut scratch[1]);
        let (w_us, w_them) = self.w2_of(bucket).split_at(self.hidden);
        let dot = |h: &[f32], w: &[f32]| -> f32 {
            h.iter()
                .zip(w)
                .map(|(&x, &w)| {
                    let c = x.clamp(0.0, 1.0);
                    c * c * w
                })
                .sum()
        };
        dot(&scratch[0], w_us) + dot(&scratch[1], w_them) + self.b2[bucket]
    }

    /// Adds one position's gradients to `g` (through output bucket
    /// `bucket`); returns its squared error.
    pub fn backward(
        &self,
        (us, them): (&[u16], &[u16]),
        bucket: usize,
        target: Target,
        scratch: &mut [Vec<f32>; 2],
        g: &mut Grad,
    ) -> f32 {
        let out = self.forward(us, them, bucket, scratch);
        let p = 1.0 / (1.0 + (-out * target.slope).exp());
        let err = p - target.value;
        let d_out = 2.0 * err * p * (1.0 - p) * target.slope;
        g.b2[bucket] += d_out;
        let n = self.hidden;
        let w2_bucket = self.w2_of(bucket);
        let gw2_bucket = &mut g.w2[bucket * 2 * n..(bucket + 1) * 2 * n];
        for ((side, feats), gw2) in [(0, us), (1, them)]
            .into_iter()
            .zip(gw2_bucket.chunks_exact_mut(n))
        {
            let h = &mut scratch[side];
            let w2 = &w2_bucket[side * n..(side + 1) * n];
            for j in 0..n {
                let c = h[j].clamp(0.0, 1.0);
                gw2[j] += d_out * c * c;
                // Reuse h as the gradient of the pre-activation.
                h[j] = if h[j] > 0.0 && h[j] < 1.0 {
                    d_out * w2[j] * 2.0 * c
                } else {
                    0.0
                };
            }
            for (gb, &d) in g.b1.iter_mut().zip(h.iter()) {
                *gb += d;
            }
            for &f in feats {
                let f = usize::from(f);
                g.touched[f] = true;
                for (gw, &d) in g.w1[f * n..(f + 1) * n].iter_mut().zip(h.iter()) {
                    *gw += d;
                }
            }
        }
        err * err
    }

    /// The first layer with the factors folded into the board and prong
    /// features.
    fn folded(&self) -> Vec<f32> {
        let n = self.hidden;
        let inputs = self.kings.inputs();
        let mut w = self.w1[..inputs * n].to_vec();
        for f in 0..inputs {
            factors_of(f as u16, &self.kings, |g| {
                let g = usize::from(g);
                for j in 0..n {
                    w[f * n + j] += self.w1[g * n + j];
                }
            });
        }
        w
    }

    /// The quantised network, for the games `games`, at `scale`
    /// centipawns per unit of output (one bucket: of
    /// [`MAX_MEN_PER_BUCKET`] men, as its file reads back).
    #[must_use]
    pub fn quantise(&self, games: &[String], scale: i32) -> Network {
        let q = |v: f32, by: i32| (v * by as f32).round().clamp(-32767.0, 32767.0) as i16;
        let max = f32::from(MAX_OUTPUT_WEIGHT);
        Network {
            hidden: self.hidden,
            scale,
            games: games.to_vec(),
            w1: self.folded().iter().map(|&v| q(v, QA)).collect(),
            b1: self.b1.iter().map(|&v| q(v, QA)).collect(),
            buckets: self.buckets,
            men_per_bucket: if self.buckets == 1 {
                MAX_MEN_PER_BUCKET
            } else {
                self.men_per_bucket
            },
            w2: self
                .w2
                .iter()
                .map(|&v| (v * QB as f32).round().clamp(-max, max) as i16)
                .collect(),
            b2: self
                .b2
                .iter()
                .map(|&v| (v * (QA * QB) as f32).round() as i32)
                .collect(),
            kings: self.kings,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::data::Record;
    use menagerie_rules::{Color, Position};

    /// `v` with the factors of its features.
    fn with_factors(v: &[u16], kings: &KingBuckets) -> Vec<u16> {
        let mut out = v.to_vec();
        for &f in v {
            factors_of(f, kings, |g| out.push(g));
        }
        out
    }

    #[test]
    fn a_model_from_a_net_quantises_back_to_that_net() {
        let kings = KingBuckets::preset(3, 8).unwrap();
        for (buckets, men, kings) in [(1, MAX_MEN_PER_BUCKET, KingBuckets::NONE), (4, 9, kings)] {
            let mut m = Model::random(32, buckets, men, kings, 7);
            for (i, w) in m.w1[MAX_FEATURES * 32..].iter_mut().enumerate() {
                *w = (i % 7) as f32 * 0.01 - 0.03;
            }
            m.b2 = (0..buckets).map(|b| b as f32 * 0.3 - 0.4).collect();
            let net = m.quantise(&["chess".to_string()], 400);
            let back = Model::from_network(&net);
            assert_eq!(back.w1.len(), m.w1.len());
            assert!(back.w1[MAX_FEATURES * 32..].iter().all(|&w| w == 0.0));
            assert_eq!(back.quantise(&["chess".to_string()], 400), net);
        }
    }

    #[test]
    fn a_widened_model_keeps_the_function() {
        let m = Model::random(32, 2, 16, KingBuckets::NONE, 11);
        let wide = m.widened(48, 12);
        assert_eq!((wide.hidden, wide.w1.len()), (48, TRAIN_FEATURES * 48));
        let feats: Vec<u16> = vec![3, 77, 400, 1203, 2999];
        let them: Vec<u16> = vec![5, 90, 650, 1800];
        for bucket in [0, 1] {
            let mut h = [vec![0.0; 32], vec![0.0; 32]];
            let mut hw = [vec![0.0; 48], vec![0.0; 48]];
            let a = m.forward(&feats, &them, bucket, &mut h);
            let b = wide.forward(&feats, &them, bucket, &mut hw);
            assert!((a - b).abs() < 1e-6, "{a} against {b}");
            assert_eq!(h[0][..], hw[0][..32]);
            assert!(
                hw[0][32..].iter().any(|&x| x != 0.0),
                "new accumulators are drawn"
            );
        }
    }

    #[test]
    fn a_split_model_keeps_the_function_in_every_bucket() {
        let m = Model::random(32, 1, MAX_MEN_PER_BUCKET, KingBuckets::NONE, 13);
        let split = m.clone().split_outputs(8, 4);
        assert_eq!((split.buckets, split.men_per_bucket), (8, 4));
        assert_eq!(split.w2.len(), 8 * 2 * 32);
        let feats: Vec<u16> = vec![3, 77, 400, 1203, 2999];
        let them: Vec<u16> = vec![5, 90, 650, 1800];
        let mut h = [vec![0.0; 32], vec![0.0; 32]];
        let a = m.forward(&feats, &them, 0, &mut h);
        for bucket in 0..8 {
            let b = split.forward(&feats, &them, bucket, &mut h);
            assert!((a - b).abs() < 1e-6, "bucket {bucket}: {a} against {b}");
        }
        assert_eq!(split.bucket(1), 0);
        assert_eq!(split.bucket(32), 7);
    }

    #[test]
    fn folding_the_factors_keeps_the_function() {
        // Wreckage has piece factors only; Wounds has prong factors too;
        // chess with king buckets (a king castled on each wing) has square
        // factors too.
        let castled = "2kr3r/ppp2ppp/8/8/8/8/PPP2PPP/5RK1 w - - 0 1";
        let kings = KingBuckets::preset(3, 8).unwrap();
        for (game, fen, kings) in [
            ("wreckage", None, KingBuckets::NONE),
            ("wounds", None, KingBuckets::NONE),
            ("chess", Some(castled), kings),
            ("chess", None, kings),
        ] {
            let mut m = Model::random(16, 1, MAX_MEN_PER_BUCKET, kings, 4);
            for (i, w) in m.w1[MAX_FEATURES * 16..].iter_mut().enumerate() {
                *w = (i % 9) as f32 * 0.01 - 0.04;
            }
            let variant = menagerie_games::by_name(game).unwrap();
            let pos = match fen {
                Some(fen) => Position::from_fen(&variant, fen).unwrap(),
                None => Position::start(&variant),
            };
            let g = &variant.geometry;
            let r = Record::new(&pos, 0, 0);
            let (mut us, mut them) = (Vec::new(), Vec::new());
            r.features(Color::White, (g.files(), g.ranks()), &kings, &mut us);
            r.features(Color::Black, (g.files(), g.ranks()), &kings, &mut them);
            let mut scratch = [vec![0.0; 16], vec![0.0; 16]];
            let (fu, ft) = (with_factors(&us, &kings), with_factors(&them, &kings));
            let factored = m.forward(&fu, &ft, 0, &mut scratch);
            let mut plain = m.clone();
            let folded = m.folded();
            plain.w1[..folded.len()].copy_from_slice(&folded);
            plain.w1[MAX_FEATURES * 16..].fill(0.0);
            let direct = plain.forward(&us, &them, 0, &mut scratch);
            assert!(
                (factored - direct).abs() < 1e-4,
                "{game}: {factored} vs {direct}"
            );
            // The quantised net sees what the model sees.
            let net = m.quantise(&[game.to_string()], 400);
            let mut acc = crate::nnue::Accumulator::new(&net);
            acc.refresh(&net, &pos);
            let (mut a, mut b) = (Vec::new(), Vec::new());
            crate::nnue::features::active(&pos, Color::White, &kings, &mut a);
            crate::nnue::features::active(&pos, Color::Black, &kings, &mut b);
            a.sort_unstable();
            b.sort_unstable();
            us.sort_unstable();
            them.sort_unstable();
            assert_eq!((a, b), (us, them), "{game}");
        }
    }

    #[test]
    fn every_board_and_prong_feature_has_its_own_factor() {
        use crate::nnue::features::{board, prong};
        use menagerie_rules::{Role, Square};
        let one = |f: usize, kings: &KingBuckets| {
            let mut v = Vec::new();
            factors_of(f as u16, kings, |g| v.push(g));
            v
        };
        let none = &KingBuckets::NONE;
        let sq = |f, r| Square::new(f, r).unwrap();
        // The same piece on two squares shares a factor; the other colour does not.
        let a = one(
            board(Color::White, Color::White, Role::Queen, sq(0, 0), 8),
            none,
        );
        let b = one(
            board(Color::White, Color::White, Role::Queen, sq(5, 6), 8),
            none,
        );
        let c = one(
            board(Color::White, Color::Black, Role::Queen, sq(5, 6), 8),
            none,
        );
        assert!(a.len() == 1 && a == b && b != c);
        // Likewise a prong: same kind and direction anywhere.
        let p = |kind, dir, s| one(prong(Color::White, Color::White, kind, dir, s, 8), none);
        assert!(p(0, 4, sq(3, 4)).len() == 1 && p(0, 4, sq(3, 4)) == p(0, 4, sq(7, 1)));
        assert_ne!(p(0, 4, sq(3, 4)), p(1, 4, sq(3, 4)));
        assert_ne!(p(0, 4, sq(3, 4)), p(0, 3, sq(3, 4)));
        // With king buckets, a board feature in any bucket has its piece
        // factor and the square factor of its base feature.
        let kings = KingBuckets::preset(kings::MAX_KING_BUCKETS, 8).unwrap();
        let base = board(Color::White, Color::Black, Role::Queen, sq(5, 6), 8);
        let in_bucket = |bucket| {
            let view = kings::View { bucket, mirror: 0 };
            one(
                view.board(Color::White, Color::Black, Role::Queen, sq(5, 6), 8),
                &kings,
            )
        };
        assert_eq!(in_bucket(0), in_bucket(3));
        assert_eq!(in_bucket(0)[0], c[0]);
        assert_eq!(usize::from(in_bucket(0)[1]), SQUARE_FACTORS + base);
        // Every factor is a training row of its own, after the net's inputs.
        let mut seen = std::collections::HashSet::new();
        for f in 0..MAX_FEATURES {
            factors_of(f as u16, &kings, |g| {
                assert!((MAX_FEATURES..TRAIN_FEATURES).contains(&usize::from(g)));
                seen.insert(g);
            });
        }
        assert_eq!(seen.len(), FACTORS + BOARD_FEATURES);
        assert!(TRAIN_FEATURES <= usize::from(u16::MAX));
        // Pocket features have none.
        assert!(one(BOARD_FEATURES, &kings).is_empty());
    }
}
