//! `menagerie tune train --init`: training goes on from a net.

use crate::common;

use common::{menagerie, stderr};
use std::path::Path;
use std::process::Output;

/// The validation loss the trainer printed for `epoch`.
fn validation_loss(o: &Output, epoch: u32) -> f64 {
    let text = stderr(o);
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("epoch {epoch}:")))
        .unwrap_or_else(|| panic!("no epoch {epoch} in {text}"));
    let value = line.split("validation loss ").nth(1).expect(line);
    value.split(',').next().unwrap().trim().parse().expect(line)
}

/// Six short self-play games of `variant`, scored by the classical
/// evaluation so that the data (and the losses below) do not move when
/// a game's shipped net changes.
fn generate(variant: &str, out: &Path) {
    let o = menagerie(&[
        "tune",
        "generate",
        "--classical",
        "--variant",
        variant,
        "--games",
        "6",
        "--nodes",
        "200",
        "--seed",
        "3",
        "--threads",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}

fn train(data: &Path, out: &Path, epochs: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "tune",
        "train",
        data.to_str().unwrap(),
        "--hidden",
        "16",
        "--batch",
        "64",
        "--lr",
        "0.01",
        "--threads",
        "1",
        "--epochs",
        epochs,
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    menagerie(&args)
}

#[test]
fn training_from_a_net_starts_where_that_net_left_off() {
    let dir = std::env::temp_dir().join(format!("menagerie-train-init-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (chess, wreckage) = (dir.join("chess.mgd"), dir.join("wreckage.mgd"));
    generate("chess", &chess);
    let (first, second) = (dir.join("first.nnue"), dir.join("second.nnue"));
    let o = train(&chess, &first, "6", &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (random, trained) = (validation_loss(&o, 0), validation_loss(&o, 6));
    // (On so little data the net moves far from its random start; the
    // check below needs that, not that it improves.)
    assert!(
        (trained - random).abs() > 0.1 * random,
        "{random} -> {trained}"
    );
    // From the first run's net, on the same data (the same validation
    // split): the starting loss is the trained net's, not a random one's,
    // and the hidden size comes from the net; its one output layer is
    // split into the four --output-buckets asks for, so it starts as the
    // same function.
    let o = train(
        &chess,
        &second,
        "1",
        &["--init", first.to_str().unwrap(), "--output-buckets", "4"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let start = validation_loss(&o, 0);
    assert!(
        (start - trained).abs() < 0.05 * trained,
        "{trained} vs {start}"
    );
    // Three more output layers (2 x 16 i16 weights and an i32 bias each)
    // and version 2's two u32 fields.
    assert_eq!(
        std::fs::metadata(&second).unwrap().len(),
        std::fs::metadata(&first).unwrap().len() + 3 * (2 * 16 * 2 + 4) + 8
    );
    // A net for another game, or no net at all: a clear error.
    generate("wreckage", &wreckage);
    let o = train(
        &wreckage,
        &second,
        "1",
        &["--init", first.to_str().unwrap()],
    );
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("does not serve wreckage"),
        "{}",
        stderr(&o)
    );
    let missing = dir.join("missing.nnue");
    let o = train(&chess, &second, "1", &["--init", missing.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
    let o = train(&chess, &second, "1", &["--init", chess.to_str().unwrap()]);
    assert!(
        !o.status.success() && !stderr(&o).contains("panicked"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).ok();
}
