//! The trainer: a small specialised sparse trainer on the CPU. Each batch
//! is split across threads; each thread runs the forward and backward
//! passes of its positions (only the active rows of the first layer are
//! read and written), the gradients are summed, and Adam updates the
//! first layer's touched rows and the small layers. The loss is the
//! squared error between the sigmoid of the output and a blend of the
//! sigmoid of the search score and the game's result.

pub mod adam;
pub mod dataset;
pub mod model;

use crate::level::Rng;
use crate::nnue::kings::KingBuckets;
use crate::nnue::net::{MAX_BUCKETS, MAX_MEN_PER_BUCKET};
use adam::{Adam, Step};
use dataset::Dataset;
use model::{Grad, Model, Target, CLIP};
use std::time::Instant;

/// Centipawns per unit of the net's output.
pub const OUTPUT_SCALE: i32 = 400;

/// How to train.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Accumulators per perspective.
    pub hidden: usize,
    /// Passes over the training set.
    pub epochs: u32,
    /// Positions per step.
    pub batch: usize,
    /// Starting learning rate, decayed step by step along a cosine to a
    /// twentieth at the end of the last epoch (so a one-epoch run anneals
    /// too).
    pub lr: f32,
    /// Weight of the search score in the target (the rest: the result).
    pub lambda: f32,
    /// The weight instead for positions with a one-prong man
    /// ([`Dataset::one_prong`]); `None`: `lambda` everywhere.
    pub one_prong_lambda: Option<f32>,
    /// Centipawn scale of the sigmoid.
    pub sigmoid_cp: f32,
    /// Threads.
    pub threads: usize,
    /// Seed of the initial weights and the shuffles.
    pub seed: u64,
    /// Output layers, one per bucket of men on the board (1 to
    /// [`MAX_BUCKETS`]; 1 trains the net of before buckets).
    pub buckets: usize,
    /// Men on the board per output bucket (1 to [`MAX_MEN_PER_BUCKET`];
    /// [`men_per_bucket`] spreads the data's men over the buckets).
    pub men_per_bucket: usize,
    /// King buckets (as the data was loaded with: [`dataset::Loaded::kings`]).
    pub kings: KingBuckets,
}

/// Men per bucket that spread positions of up to `max_men` men over
/// `buckets` output buckets: `ceil(max_men / buckets)`, at least 1.
#[must_use]
pub fn men_per_bucket(max_men: usize, buckets: usize) -> usize {
    max_men
        .div_ceil(buckets.max(1))
        .clamp(1, MAX_MEN_PER_BUCKET)
}

/// One epoch's figures.
#[derive(Copy, Clone, Debug)]
pub struct EpochReport {
    /// 1-based epoch.
    pub epoch: u32,
    /// Mean training loss.
    pub train_loss: f64,
    /// Mean validation loss.
    pub valid_loss: f64,
    /// Training positions per second.
    pub positions_per_second: f64,
}

/// Trainer state: the model and its optimiser.
#[derive(Debug)]
pub struct Trainer {
    /// The model being trained.
    pub model: Model,
    settings: Settings,
    adam_w1: Adam,
    adam_b1: Adam,
    adam_w2: Adam,
    adam_b2: Adam,
    step: u32,
    grads: Vec<Grad>,
}

impl Trainer {
    /// A fresh model (bucket settings out of range are brought within).
    #[must_use]
    pub fn new(settings: Settings) -> Trainer {
        let h = settings.hidden;
        let buckets = settings.buckets.clamp(1, MAX_BUCKETS);
        let men = settings.men_per_bucket.clamp(1, MAX_MEN_PER_BUCKET);
        let model = Model::random(h, buckets, men, settings.kings, settings.seed);
        Trainer::starting_from(settings, model)
    }

    /// A trainer that goes on from `model` (for example
    /// [`Model::from_network`] of a shipped net); the model's hidden
    /// size, output buckets and king buckets replace the settings'.
    #[must_use]
    pub fn starting_from(mut settings: Settings, model: Model) -> Trainer {
        settings.hidden = model.hidden;
        settings.buckets = model.buckets;
        settings.men_per_bucket = model.men_per_bucket;
        settings.kings = model.kings;
        let (h, buckets) = (model.hidden, model.buckets);
        Trainer {
            adam_w1: Adam::new(model.w1.len()),
            adam_b1: Adam::new(h),
            adam_w2: Adam::new(model.w2.len()),
            adam_b2: Adam::new(buckets),
            model,
            step: 0,
            grads: (0..settings.threads.max(1))
                .map(|_| Grad::new(h, buckets))
                .collect(),
            settings,
        }
    }

    fn target(&self, set: &Dataset, i: usize) -> Target {
        let s = &self.settings;
        let score = 1.0 / (1.0 + (-set.scores[i] / s.sigmoid_cp).exp());
        let lambda = match s.one_prong_lambda {
            Some(l) if set.one_prong[i] => l,
            _ => s.lambda,
        };
        Target {
            value: lambda * score + (1.0 - lambda) * set.results[i],
            slope: OUTPUT_SCALE as f32 / s.sigmoid_cp,
        }
    }

    /// One pass over `train` in a seeded random order, then the loss on
    /// `valid`; `after_epoch`-style reporting is the caller's.
    pub fn epoch(&mut self, epoch: u32, train: &Dataset, valid: &Dataset) -> EpochReport {
        let start = Instant::now();
        let mut order: Vec<u32> = (0..train.len() as u32).collect();
        shuffle(&mut order, self.settings.seed ^ u64::from(epoch));
        let batches = order.len().div_ceil(self.settings.batch.max(1)).max(1);
        let mut total = 0.0;
        for (b, batch) in order.chunks(self.settings.batch.max(1)).enumerate() {
            let done = (epoch.saturating_sub(1)) as f32 + b as f32 / batches as f32;
            let lr = self.lr_at(done);
            total += self.batch(train, batch, lr);
        }
        let secs = start.elapsed().as_secs_f64().max(1e-9);
        EpochReport {
            epoch,
            train_loss: total / train.len().max(1) as f64,
            valid_loss: self.loss(valid),
            positions_per_second: train.len() as f64 / secs,
        }
    }

    /// The learning rate after `done` epochs (fractional) of the run.
    fn lr_at(&self, done: f32) -> f32 {
        let e = self.settings.epochs.max(1) as f32;
        let x = (done / e).clamp(0.0, 1.0);
        let cos = 0.5 * (1.0 + (std::f32::consts::PI * x).cos());
        self.settings.lr * (0.05 + 0.95 * cos)
    }

    /// Forward and backward over one batch, split across threads; then
    /// one Adam step. Returns the summed loss.
    fn batch(&mut self, set: &Dataset, batch: &[u32], lr: f32) -> f64 {
        let threads = self.grads.len();
        let share = batch.len().div_ceil(threads);
        let model = &self.model;
        let me = &*self;
        let targets: Vec<Target> = batch.iter().map(|&i| me.target(set, i as usize)).collect();
        std::thread::scope(|s| {
            for ((g, part), t) in self
                .grads
                .iter_mut()
                .zip(batch.chunks(share.max(1)))
                .zip(targets.chunks(share.max(1)))
            {
                s.spawn(move || {
                    let mut scratch = [vec![0.0; model.hidden], vec![0.0; model.hidden]];
                    for (&i, &target) in part.iter().zip(t) {
                        let i = i as usize;
                        let bucket = model.bucket(usize::from(set.men[i]));
                        let sample = set.sample(i);
                        g.loss +=
                            f64::from(model.backward(sample, bucket, target, &mut scratch, g));
                    }
                });
            }
        });
        self.apply(batch.len(), lr)
    }

    /// Sums the threads' gradients into the first and applies Adam.
    fn apply(&mut self, n: usize, lr: f32) -> f64 {
        let h = self.model.hidden;
        let (first, rest) = self.grads.split_at_mut(1);
        let g = &mut first[0];
        for o in rest.iter() {
            for f in 0..o.touched.len() {
                if o.touched[f] {
                    g.touched[f] = true;
                    let row = f * h..(f + 1) * h;
                    for (a, b) in g.w1[row.clone()].iter_mut().zip(&o.w1[row]) {
                        *a += b;
                    }
                }
            }
            for (a, b) in g.b1.iter_mut().zip(&o.b1) {
                *a += b;
            }
            for (a, b) in g.w2.iter_mut().zip(&o.w2) {
                *a += b;
            }
            for (a, b) in g.b2.iter_mut().zip(&o.b2) {
                *a += b;
            }
            g.loss += o.loss;
        }
        self.step += 1;
        let step = Step::new(self.step, lr, CLIP, 1.0 / n.max(1) as f32);
        let m = &mut self.model;
        for f in 0..g.touched.len() {
            if g.touched[f] {
                self.adam_w1
                    .update(&mut m.w1, &g.w1[f * h..(f + 1) * h], f * h, step);
            }
        }
        self.adam_b1.update(&mut m.b1, &g.b1, 0, step);
        self.adam_w2.update(&mut m.w2, &g.w2, 0, step);
        self.adam_b2.update(
            &mut m.b2,
            &g.b2,
            0,
            Step {
                clip: f32::MAX,
                ..step
            },
        );
        let loss = g.loss;
        for gr in &mut self.grads {
            gr.clear(h);
        }
        loss
    }

    /// Mean loss of the model on `set`.
    #[must_use]
    pub fn loss(&self, set: &Dataset) -> f64 {
        let mut scratch = [vec![0.0; self.model.hidden], vec![0.0; self.model.hidden]];
        let mut total = 0.0;
        for i in 0..set.len() {
            let (us, them) = set.sample(i);
            let t = self.target(set, i);
            let bucket = self.model.bucket(usize::from(set.men[i]));
            let out = self.model.forward(us, them, bucket, &mut scratch);
            let p = 1.0 / (1.0 + (-out * t.slope).exp());
            total += f64::from((p - t.value) * (p - t.value));
        }
        total / set.len().max(1) as f64
    }
}

/// Fisher-Yates with the engine's seeded generator.
fn shuffle(v: &mut [u32], seed: u64) {
    let mut rng = Rng::new(seed);
    for i in (1..v.len()).rev() {
        v.swap(i, rng.below(i + 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::data::{encode_game, encode_header, Game, Header, Record};
    use menagerie_rules::{fide, Position};

    /// A tiny data file: positions where White is a queen up, White wins.
    fn file() -> Vec<u8> {
        file_of(&[
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
            "4k3/8/8/8/8/8/8/3QK3 b - - 0 1",
            "3qk3/8/8/8/8/8/8/4K3 w - - 0 1",
            "3qk3/8/8/8/8/8/8/4K3 b - - 0 1",
        ])
    }

    /// A data file of `fens`, three games each: in the first half White is
    /// a queen up and wins, in the second Black.
    fn file_of(fens: &[&str]) -> Vec<u8> {
        let header = Header {
            variant: "chess".into(),
            files: 8,
            ranks: 8,
            states: false,
            seed: 1,
            nodes: 1,
        };
        let mut bytes = encode_header(&header);
        for (i, fen) in fens.iter().enumerate() {
            let pos = Position::from_fen(fide::chess(), fen).unwrap();
            let white_up = i < fens.len() / 2;
            let score = if white_up == (pos.turn() == menagerie_rules::Color::White) {
                900
            } else {
                -900
            };
            let records = vec![Record::new(&pos, score, 0)];
            let white_result = if white_up { 2 } else { 0 };
            for copy in 0..3 {
                let index = (i * 3 + copy) as u32;
                let g = Game {
                    index,
                    white_result,
                    records: records.clone(),
                };
                bytes.extend(encode_game(&g, false));
            }
        }
        bytes
    }

    #[test]
    fn the_learning_rate_falls_within_an_epoch_to_a_twentieth() {
        let t = Trainer::new(Settings {
            hidden: 4,
            epochs: 1,
            batch: 4,
            lr: 0.01,
            lambda: 0.5,
            one_prong_lambda: None,
            sigmoid_cp: 400.0,
            threads: 1,
            seed: 3,
            buckets: 1,
            men_per_bucket: 1,
            kings: KingBuckets::NONE,
        });
        assert!((t.lr_at(0.0) - 0.01).abs() < 1e-7);
        assert!((t.lr_at(0.5) - 0.01 * 0.525).abs() < 1e-6);
        assert!((t.lr_at(1.0) - 0.0005).abs() < 1e-7);
        assert!(t.lr_at(0.25) > t.lr_at(0.5) && t.lr_at(0.5) > t.lr_at(0.75));
    }

    /// The settings of the small training runs: 16 accumulators, 60
    /// epochs of batches of 4, with `buckets` output buckets of `men` men.
    fn small_settings(buckets: usize, men: usize) -> Settings {
        Settings {
            hidden: 16,
            epochs: 60,
            batch: 4,
            lr: 0.01,
            lambda: 0.5,
            one_prong_lambda: None,
            sigmoid_cp: 400.0,
            threads: 2,
            seed: 3,
            buckets,
            men_per_bucket: men,
            kings: KingBuckets::NONE,
        }
    }

    #[test]
    fn training_lowers_the_loss_and_the_net_learns_the_queen() {
        let filter = dataset::Filter {
            validation_every: 3,
            ..dataset::Filter::default()
        };
        let dataset::Loaded {
            train,
            valid,
            games,
            ..
        } = dataset::load(&[("t".into(), file())], &filter).unwrap();
        assert_eq!(games, vec!["chess".to_string()]);
        assert_eq!(train.len() + valid.len(), 12);
        let mut t = Trainer::new(small_settings(1, 1));
        let before = t.loss(&train);
        for e in 1..=60 {
            t.epoch(e, &train, &valid);
        }
        assert!(
            t.loss(&train) < before / 2.0,
            "{before} -> {}",
            t.loss(&train)
        );
        let net = t.model.quantise(&games, OUTPUT_SCALE);
        let up = Position::from_fen(fide::chess(), "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        let down = Position::from_fen(fide::chess(), "3qk3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert!(crate::nnue::evaluate(&net, &up) > 200);
        assert!(crate::nnue::evaluate(&net, &down) < -200);
    }

    #[test]
    fn a_net_with_output_buckets_trains_and_loads() {
        let fens = [
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
            "4k3/8/8/8/8/8/8/3QK3 b - - 0 1",
            "4k3/pp6/8/8/8/8/PP6/3QK3 w - - 0 1",
            "4k3/pp6/8/8/8/8/PP6/3QK3 b - - 0 1",
            "3qk3/8/8/8/8/8/8/4K3 w - - 0 1",
            "3qk3/8/8/8/8/8/8/4K3 b - - 0 1",
            "3qk3/pp6/8/8/8/8/PP6/4K3 w - - 0 1",
            "3qk3/pp6/8/8/8/8/PP6/4K3 b - - 0 1",
        ];
        let filter = dataset::Filter {
            validation_every: 3,
            ..dataset::Filter::default()
        };
        let dataset::Loaded {
            train,
            valid,
            games,
            ..
        } = dataset::load(&[("t".into(), file_of(&fens))], &filter).unwrap();
        assert_eq!(train.max_men().max(valid.max_men()), 7);
        let men = men_per_bucket(7, 2);
        assert_eq!(men, 4);
        let mut t = Trainer::new(small_settings(2, men));
        let before = t.loss(&train);
        for e in 1..=60 {
            t.epoch(e, &train, &valid);
        }
        assert!(t.loss(&train) < before / 2.0);
        let net = t.model.quantise(&games, OUTPUT_SCALE);
        assert_eq!((net.buckets, net.men_per_bucket), (2, 4));
        let loaded = crate::nnue::Network::from_bytes(&net.to_bytes()).unwrap();
        assert_eq!(loaded, net);
        for (fen, up) in [
            ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", true),
            ("4k3/pp6/8/8/8/8/PP6/3QK3 w - - 0 1", true),
            ("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", false),
            ("3qk3/pp6/8/8/8/8/PP6/4K3 w - - 0 1", false),
        ] {
            let pos = Position::from_fen(fide::chess(), fen).unwrap();
            let v = crate::nnue::evaluate(&loaded, &pos);
            assert!(if up { v > 200 } else { v < -200 }, "{fen}: {v}");
        }
        // Both buckets were trained: 3 men in the first, 7 in the second.
        assert!(t.model.b2.iter().all(|&b| b != 0.0));
        assert_eq!((net.bucket(3), net.bucket(7)), (0, 1));
    }

    #[test]
    fn a_net_with_king_buckets_trains_and_loads() {
        // The queen decides, wherever the kings stand: castled on either
        // wing, in the centre, or out in the open.
        let fens = [
            "6k1/8/8/8/8/8/8/3Q2K1 w - - 0 1",
            "1k6/8/8/8/8/8/8/1K1Q4 b - - 0 1",
            "4k3/8/8/8/8/3K4/8/3Q4 w - - 0 1",
            "4k3/8/8/8/8/8/8/3QK3 b - - 0 1",
            "3q2k1/8/8/8/8/8/8/6K1 w - - 0 1",
            "1k1q4/8/8/8/8/8/8/1K6 b - - 0 1",
            "3qk3/8/8/8/8/3K4/8/8 w - - 0 1",
            "3qk3/8/8/8/8/8/8/4K3 b - - 0 1",
        ];
        let filter = dataset::Filter {
            validation_every: 3,
            king_buckets: 3,
            ..dataset::Filter::default()
        };
        let loaded = dataset::load(&[("t".into(), file_of(&fens))], &filter).unwrap();
        assert_eq!(loaded.kings, KingBuckets::preset(3, 8).unwrap());
        let mut t = Trainer::new(Settings {
            kings: loaded.kings,
            ..small_settings(1, 1)
        });
        let before = t.loss(&loaded.train);
        for e in 1..=60 {
            t.epoch(e, &loaded.train, &loaded.valid);
        }
        assert!(t.loss(&loaded.train) < before / 2.0);
        let net = t.model.quantise(&loaded.games, OUTPUT_SCALE);
        let read = crate::nnue::Network::from_bytes(&net.to_bytes()).unwrap();
        assert_eq!(read, net);
        assert_eq!(read.kings.count, 3);
        for (fen, up) in [
            ("6k1/8/8/8/8/8/8/3Q2K1 w - - 0 1", true),
            ("1k6/8/8/8/8/8/8/1K1Q4 w - - 0 1", true),
            ("3q2k1/8/8/8/8/8/8/6K1 w - - 0 1", false),
            ("3qk3/8/8/8/8/3K4/8/8 w - - 0 1", false),
        ] {
            let pos = Position::from_fen(fide::chess(), fen).unwrap();
            let v = crate::nnue::evaluate(&read, &pos);
            assert!(if up { v > 200 } else { v < -200 }, "{fen}: {v}");
        }
    }

    #[test]
    fn king_buckets_need_data_of_one_width() {
        let mut other = file_of(&["4k3/8/8/8/8/8/8/3QK3 w - - 0 1"; 2]);
        // The header's width (after the magic and the version) made 10.
        let at = crate::nnue::data::MAGIC.len() + 2;
        assert_eq!(other[at], 8);
        other[at] = 10;
        let files = [("a".into(), file()), ("b".into(), other)];
        let filter = |king_buckets| dataset::Filter {
            king_buckets,
            ..dataset::Filter::default()
        };
        let e = dataset::load(&files, &filter(3)).unwrap_err();
        assert!(e.contains("one board width"), "{e}");
        assert!(dataset::load(&files, &filter(1)).is_ok());
        assert!(dataset::load(&files[..1], &filter(9)).is_err());
    }

    #[test]
    fn men_per_bucket_spreads_the_data_over_the_buckets() {
        assert_eq!(men_per_bucket(32, 1), 32);
        assert_eq!(men_per_bucket(32, 3), 11);
        assert_eq!(men_per_bucket(32, 16), 2);
        assert_eq!(men_per_bucket(0, 4), 1);
        assert_eq!(men_per_bucket(5, 16), 1);
    }
}
