//! `menagerie tune rescale`: writes a net file again with another output
//! scale (centipawns per unit of output). The weights are untouched, so
//! every evaluation is multiplied by the new scale over the old: the same
//! preferences between positions, but scores that weigh differently
//! against the search's fixed margins, material values and the draw score
//! (docs/engine.md, "Network evaluation").

use crate::matches::players::read_net;
use crate::train_cmd::write;
use menagerie_engine::nnue::net::SCALES;
use std::path::Path;

/// Reads the net at `from`, sets its output scale to `scale` and writes it
/// to `to`, printing both scales and the new hash.
///
/// # Errors
/// A scale outside [`SCALES`], an unreadable or bad net file, or a file
/// that cannot be written.
pub fn run(from: &Path, scale: u32, to: &Path) -> Result<(), String> {
    if !SCALES.contains(&scale) {
        return Err(format!(
            "--scale {scale}: a net's output scale is {} to {} centipawns per unit",
            SCALES.start(),
            SCALES.end()
        ));
    }
    let mut net = read_net(from)?;
    let old = net.scale;
    net.scale = i32::try_from(scale).map_err(|_| format!("--scale {scale} is too large"))?;
    let bytes = net.to_bytes();
    write(to, &bytes)?;
    println!(
        "{}: output scale {old} -> {scale} centipawns per unit, {} bytes, FNV-1a {:016x}",
        to.display(),
        bytes.len(),
        net.hash()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_engine::nnue::builtin;

    fn scratch(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("menagerie-rescale-{}-{name}", std::process::id()))
    }

    #[test]
    fn a_rescaled_net_differs_only_in_its_scale_and_scores_in_proportion() {
        let net = builtin::for_game("chess").expect("chess ships a net");
        let (from, to) = (scratch("from.nnue"), scratch("to.nnue"));
        std::fs::write(&from, net.to_bytes()).unwrap();
        run(&from, 280, &to).unwrap();
        let scaled = read_net(&to).unwrap();
        assert_eq!(scaled.scale, 280);
        assert_ne!(net.scale, 280);
        let mut back = scaled.clone();
        back.scale = net.scale;
        assert!(back == *net, "only the scale may change");
        // An accumulator of every value in the activation's range: the
        // output scales with the scale, up to the integer division.
        let acc: Vec<i16> = (0..net.hidden).map(|i| (i * 7 % 256) as i16).collect();
        let (a, b) = (net.output(&acc, &acc, 0), scaled.output(&acc, &acc, 0));
        let expected = i64::from(a) * 280 / i64::from(net.scale);
        assert!(
            (i64::from(b) - expected).abs() <= 1,
            "{a} at {} is {b} at 280",
            net.scale
        );
        for p in [from, to] {
            let _ = std::fs::remove_file(p);
        }
    }

    #[test]
    fn a_scale_out_of_bounds_or_a_missing_net_is_refused() {
        let to = scratch("never.nnue");
        let err = run(Path::new("/nonexistent/net.nnue"), 0, &to).unwrap_err();
        assert!(err.contains("1 to 100000"), "{err}");
        let err = run(Path::new("/nonexistent/net.nnue"), 300, &to).unwrap_err();
        assert!(err.contains("cannot read net"), "{err}");
        assert!(!to.exists());
    }
}
