//! `menagerie tune train`: trains a net on data files from `tune
//! generate` with the engine's sparse trainer
//! (`menagerie_engine::nnue::train`), prints the losses and speed of each
//! epoch, writes a quantised checkpoint after each epoch and the final
//! net to `--out`.

use crate::matches::players::read_net;
use menagerie_engine::nnue::net::{MAX_BUCKETS, MAX_MEN_PER_BUCKET};
use menagerie_engine::nnue::train::dataset::{self, Filter};
use menagerie_engine::nnue::train::model::Model;
use menagerie_engine::nnue::train::{self, Settings, Trainer, OUTPUT_SCALE};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `menagerie tune train` options.
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// Data files from `tune generate`.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The net file to write (checkpoints beside it: NAME-eN.nnue).
    #[arg(long)]
    out: PathBuf,
    /// Accumulators per perspective (a multiple of 16).
    #[arg(long, default_value_t = 128)]
    hidden: usize,
    /// Passes over the data.
    #[arg(long, default_value_t = 20)]
    epochs: u32,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 16384)]
    batch: usize,
    /// Starting learning rate (decayed step by step along a cosine to a
    /// twentieth at the end of the last epoch).
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// Weight of the search score in the target; the rest is the result.
    #[arg(long, default_value_t = 0.75)]
    lambda: f32,
    /// The weight instead in positions where a man other than a Pawn is
    /// down to one prong (games with prongs): the result misprices such
    /// men, who are mostly seen on the losing side.
    #[arg(long)]
    one_prong_lambda: Option<f32>,
    /// Centipawns of the sigmoid's scale.
    #[arg(long, default_value_t = 400.0)]
    sigmoid_cp: f32,
    /// Positions scored beyond this are left out.
    #[arg(long, default_value_t = 3000.0)]
    max_score: f32,
    /// Threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Seed of the initial weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Train without the factor inputs (one per colour and role, folded
    /// into the square weights when the net is written).
    #[arg(long)]
    no_factors: bool,
    /// Add every training position a second time mirrored left to right
    /// (for games whose pieces move the same on both wings).
    #[arg(long)]
    mirror: bool,
    /// Average each training position's search score with the scores of
    /// this many positions after it in its game, each from its side to
    /// move (0: its own score alone; validation keeps its own).
    #[arg(long, default_value_t = 0)]
    score_plies: usize,
    /// Output layers, one per bucket of men on the board (1 to 16; 1 is
    /// the net without buckets).
    #[arg(long, default_value_t = 1)]
    output_buckets: usize,
    /// Men on the board per output bucket (1 to 200; default: the most
    /// men of any position in the data divided by --output-buckets,
    /// rounded up).
    #[arg(long)]
    men_per_bucket: Option<usize>,
    /// King buckets (1 to 4; 1 is the net without them): each side's board
    /// features are seen through where its own king stands, the board
    /// mirrored so the king is on the right half. 2: the back rank and the
    /// rest; 3: the back rank's three outer files, the rest of the back
    /// rank, the rest; 4: as 3 with the second rank apart. Data of one
    /// board width only.
    #[arg(long, default_value_t = 1)]
    king_buckets: usize,
    /// Go on training from this net file (a shipped net, or an earlier
    /// run's) instead of random weights: its output buckets and king
    /// buckets replace --output-buckets, --men-per-bucket and
    /// --king-buckets (but a net with one output layer and
    /// --output-buckets above 1 gets that many copies of its layer, so
    /// it starts as the same function), and its hidden size replaces
    /// --hidden unless --hidden is larger, in which case the net is
    /// widened (new accumulators with zero output weights, so it starts
    /// as the same function). It must serve the data's game.
    #[arg(long)]
    init: Option<PathBuf>,
}

fn checkpoint_path(out: &Path, epoch: u32) -> PathBuf {
    let stem = out.file_stem().and_then(|s| s.to_str()).unwrap_or("net");
    out.with_file_name(format!("{stem}-e{epoch}.nnue"))
}

fn check(a: &TrainArgs) -> Result<(), String> {
    if a.hidden == 0 || a.hidden % 16 != 0 || a.hidden > 2048 {
        return Err(format!(
            "--hidden {} must be a multiple of 16 up to 2048",
            a.hidden
        ));
    }
    for l in std::iter::once(a.lambda).chain(a.one_prong_lambda) {
        if !(0.0..=1.0).contains(&l) {
            return Err(format!(
                "--lambda and --one-prong-lambda must be within 0..1 (got {l})"
            ));
        }
    }
    if !(1..=MAX_BUCKETS).contains(&a.output_buckets) {
        return Err(format!(
            "--output-buckets {} must be within 1..{MAX_BUCKETS}",
            a.output_buckets
        ));
    }
    if let Some(m) = a
        .men_per_bucket
        .filter(|m| !(1..=MAX_MEN_PER_BUCKET).contains(m))
    {
        return Err(format!(
            "--men-per-bucket {m} must be within 1..{MAX_MEN_PER_BUCKET}"
        ));
    }
    if !(a.lr > 0.0 && a.sigmoid_cp > 0.0 && a.epochs > 0 && a.batch > 0) {
        return Err("--lr, --sigmoid-cp, --epochs and --batch must be positive".into());
    }
    Ok(())
}

/// Runs a training.
///
/// # Errors
/// A message if the arguments or a file are bad, or the net cannot be
/// written.
pub fn run(a: &TrainArgs) -> Result<(), String> {
    check(a)?;
    let start = Instant::now();
    // The net first: a bad one is told before the data is read.
    let init = a.init.as_deref().map(read_net).transpose()?;
    let mut files = Vec::new();
    for p in &a.files {
        let bytes = std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
        files.push((p.display().to_string(), bytes));
    }
    let filter = Filter {
        max_score: a.max_score,
        factors: !a.no_factors,
        mirror: a.mirror,
        score_plies: a.score_plies,
        king_buckets: init.as_ref().map_or(a.king_buckets, |n| n.kings.count),
        ..Filter::default()
    };
    let dataset::Loaded {
        train,
        valid,
        games,
        kings,
    } = dataset::load(&files, &filter)?;
    drop(files);
    if let Some(game) = init
        .as_ref()
        .and_then(|n| games.iter().find(|g| !n.serves(g)))
    {
        return Err(format!(
            "the --init net does not serve {game}, a game of the data"
        ));
    }
    if init.as_ref().is_some_and(|n| n.kings != kings) {
        return Err("the --init net's king buckets do not fit the data's board".into());
    }
    if train.is_empty() || valid.is_empty() {
        return Err("no positions to train on (or none to validate with)".into());
    }
    let threads = a.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    eprintln!(
        "{} training ({} with a one-prong man) and {} validation positions of {} loaded in {:.1} s; {} threads",
        train.len(),
        train.one_prong.iter().filter(|&&b| b).count(),
        valid.len(),
        games.join(","),
        start.elapsed().as_secs_f64(),
        threads
    );
    let max_men = train.max_men().max(valid.max_men());
    let men_per_bucket = a
        .men_per_bucket
        .unwrap_or_else(|| train::men_per_bucket(max_men, a.output_buckets));
    if a.output_buckets > 1 {
        eprintln!(
            "{} output buckets of {men_per_bucket} men (at most {max_men} men in the data)",
            a.output_buckets
        );
    }
    if kings.bucketed() {
        eprintln!("{} king buckets", kings.count);
    }
    let settings = Settings {
        hidden: a.hidden,
        epochs: a.epochs,
        batch: a.batch,
        lr: a.lr,
        lambda: a.lambda,
        one_prong_lambda: a.one_prong_lambda,
        sigmoid_cp: a.sigmoid_cp,
        threads: threads.clamp(1, 256),
        seed: a.seed,
        buckets: a.output_buckets,
        men_per_bucket,
        kings,
    };
    let mut trainer = match &init {
        Some(net) => {
            let model = Model::from_network(net);
            let model = if a.hidden > model.hidden {
                eprintln!("widened from {} to {} accumulators", model.hidden, a.hidden);
                model.widened(a.hidden, a.seed)
            } else {
                model
            };
            let model = if model.buckets == 1 && a.output_buckets > 1 {
                eprintln!(
                    "one output layer split into {} of {men_per_bucket} men",
                    a.output_buckets
                );
                model.split_outputs(a.output_buckets, men_per_bucket)
            } else {
                model
            };
            Trainer::starting_from(settings, model)
        }
        None => Trainer::new(settings),
    };
    eprintln!("epoch 0: validation loss {:.6}", trainer.loss(&valid));
    for epoch in 1..=a.epochs {
        let r = trainer.epoch(epoch, &train, &valid);
        let net = trainer.model.quantise(&games, OUTPUT_SCALE);
        write(&checkpoint_path(&a.out, epoch), &net.to_bytes())?;
        eprintln!(
            "epoch {epoch}: train loss {:.6}, validation loss {:.6}, {:.0} positions/s",
            r.train_loss, r.valid_loss, r.positions_per_second
        );
    }
    let net = trainer.model.quantise(&games, OUTPUT_SCALE);
    let bytes = net.to_bytes();
    write(&a.out, &bytes)?;
    eprintln!(
        "wrote {} ({} bytes, hash {:016x}) in {:.0} s",
        a.out.display(),
        bytes.len(),
        net.hash(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Writes a net file's bytes, naming the path in the error.
pub(crate) fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
