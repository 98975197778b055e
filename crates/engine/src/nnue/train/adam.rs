//! Adam, applied densely to the small layers and lazily (only rows a
//! batch touched) to the sparse first layer.

/// Adam's moments for one parameter vector.
#[derive(Clone, Debug)]
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
}

/// Adam's settings for one step.
#[derive(Copy, Clone, Debug)]
pub struct Step {
    /// Learning rate.
    pub lr: f32,
    /// Bias corrections of the first and second moments.
    pub correction: (f32, f32),
    /// Parameters are clipped to +/- this.
    pub clip: f32,
    /// Gradients are multiplied by this (one over the batch size).
    pub grad_scale: f32,
}

const B1: f32 = 0.9;
const B2: f32 = 0.999;
const EPS: f32 = 1e-8;

impl Step {
    /// The settings of step `t` (1-based) at learning rate `lr`, clipping
    /// at `clip`, for gradients summed over `1 / grad_scale` positions.
    #[must_use]
    pub fn new(t: u32, lr: f32, clip: f32, grad_scale: f32) -> Step {
        let t = t.max(1) as i32;
        Step {
            lr,
            correction: (1.0 - B1.powi(t), 1.0 - B2.powi(t)),
            clip,
            grad_scale,
        }
    }
}

impl Adam {
    /// Zero moments for `n` parameters.
    #[must_use]
    pub fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }

    /// Updates `params[range]` with `grads` (the same length as the range).
    pub fn update(&mut self, params: &mut [f32], grads: &[f32], start: usize, s: Step) {
        let end = start + grads.len();
        let (m, v) = (&mut self.m[start..end], &mut self.v[start..end]);
        for (((p, &g), m), v) in params[start..end].iter_mut().zip(grads).zip(m).zip(v) {
            let g = g * s.grad_scale;
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            let mh = *m / s.correction.0;
            let vh = *v / s.correction.1;
            *p = (*p - s.lr * mh / (vh.sqrt() + EPS)).clamp(-s.clip, s.clip);
        }
    }
}
