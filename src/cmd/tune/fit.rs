//! The fit: the probability that the defenders win is modelled as `sigmoid(E / K)`, where `E`
//! is the engine's evaluation (defenders' point of view) plus the fitted table values of the
//! pieces on the board; `K` is chosen first (the evaluation alone), then the table values by
//! gradient descent (Adam) on the mean squared error with an L2 penalty. This is the method
//! known as Texel tuning in computer chess.

/// One training position: the evaluation without fitted tables, the fitted parameters its
/// pieces touch (index and sign: `-1` for an attacker, since the attacker table is subtracted)
/// and the game's result for the defenders (1 win, 0.5 draw, 0 loss).
#[derive(Clone, Debug)]
pub struct Sample {
    /// The engine's evaluation, defenders' point of view.
    pub base: f64,
    /// `(parameter, sign)` per piece.
    pub terms: Vec<(u32, f64)>,
    /// The defenders' result.
    pub result: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The model's value of `s` with parameters `theta`: the last parameter is the intercept (a
/// bias toward one side that every position shares, which the tables must not absorb: a
/// constant in the evaluation changes no choice between moves, only the comparison with draws).
fn value(s: &Sample, theta: &[f64]) -> f64 {
    s.base
        + theta[theta.len() - 1]
        + s.terms
            .iter()
            .map(|&(j, sign)| sign * theta[j as usize])
            .sum::<f64>()
}

/// Mean squared error of the predictions over `samples` (0 for none); `theta` holds the
/// table values then the intercept.
pub fn error(samples: &[Sample], theta: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    samples
        .iter()
        .map(|s| (sigmoid(value(s, theta) / k) - s.result).powi(2))
        .sum::<f64>()
        / samples.len() as f64
}

/// The scale `K` and the intercept that fit the evaluation alone best (tables all zero):
/// golden-section searches, `K` over 10..20,000 and for each the intercept over +-5,000
/// (the error is unimodal in each for any sensible evaluation). Returns `(K, theta)` with
/// `theta` the zero tables and that intercept: the baseline a fit must beat.
pub fn baseline(samples: &[Sample], params: usize) -> (f64, Vec<f64>) {
    let with = |b: f64| {
        let mut t = vec![0.0; params + 1];
        t[params] = b;
        t
    };
    let best_bias = |k: f64| golden(-5000.0, 5000.0, |b| error(samples, &with(b), k));
    let k = golden(10f64.ln(), 20_000f64.ln(), |lk| {
        let k = lk.exp();
        error(samples, &with(best_bias(k)), k)
    })
    .exp();
    (k, with(best_bias(k)))
}

/// The minimum of a unimodal `f` on `[a, b]` (golden-section search, 50 steps).
fn golden(mut a: f64, mut b: f64, f: impl Fn(f64) -> f64) -> f64 {
    let r = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..50 {
        let c = b - r * (b - a);
        let d = a + r * (b - a);
        if f(c) < f(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Fits the table values and the intercept (last), from `start`, to `samples` at scale `k`:
/// `steps` Adam steps of size `rate` (in evaluation points), each table value kept within
/// `±limit` and penalised by `l2 * theta^2` (the intercept is free).
pub fn fit(
    samples: &[Sample],
    start: &[f64],
    k: f64,
    steps: usize,
    rate: f64,
    l2: f64,
    limit: f64,
) -> Vec<f64> {
    let all = start.len();
    let params = all - 1;
    let mut theta = start.to_vec();
    let (mut m, mut v) = (vec![0.0; all], vec![0.0; all]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12);
    let n = samples.len().max(1) as f64;
    let mut grad = vec![0.0; all];
    for t in 1..=steps {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for s in samples {
            let p = sigmoid(value(s, &theta) / k);
            // d/dtheta of (p - y)^2 through the sigmoid: 2 (p - y) p (1 - p) / K per term.
            let common = 2.0 * (p - s.result) * p * (1.0 - p) / k / n;
            for &(j, sign) in &s.terms {
                grad[j as usize] += common * sign;
            }
            grad[params] += common;
        }
        for j in 0..all {
            let (penalty, bound) = if j < params {
                (l2, limit)
            } else {
                (0.0, f64::MAX)
            };
            let g = grad[j] + 2.0 * penalty * theta[j];
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v[j] = b2 * v[j] + (1.0 - b2) * g * g;
            let mh = m[j] / (1.0 - b1.powi(t as i32));
            let vh = v[j] / (1.0 - b2.powi(t as i32));
            theta[j] = (theta[j] - rate * mh / (vh.sqrt() + eps)).clamp(-bound, bound);
        }
    }
    theta
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples drawn from a known model: a table value of +120 on parameter 0 and -80 on
    /// parameter 1, K = 400. The fit must find the values back (within a few points) and the
    /// K search must find K from the evaluation alone when the tables play no part.
    #[test]
    fn finds_a_planted_model() {
        let (k, truth) = (400.0, [120.0, -80.0]);
        let mut x: u32 = 12345;
        let mut rnd = || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as f64 / u32::MAX as f64
        };
        let mut samples = Vec::new();
        for _ in 0..20_000 {
            let base = (rnd() - 0.5) * 1200.0;
            let mut terms: Vec<(u32, f64)> = Vec::new();
            for j in 0..2 {
                if rnd() < 0.5 {
                    terms.push((j, if rnd() < 0.5 { 1.0 } else { -1.0 }));
                }
            }
            let e = base
                + terms
                    .iter()
                    .map(|&(j, s)| s * truth[j as usize])
                    .sum::<f64>();
            let result = f64::from(u8::from(rnd() < sigmoid(e / k)));
            samples.push(Sample {
                base,
                terms,
                result,
            });
        }
        let theta = fit(&samples, &[0.0; 3], k, 600, 4.0, 0.0, 400.0);
        assert!((theta[0] - truth[0]).abs() < 25.0, "{theta:?}");
        assert!((theta[1] - truth[1]).abs() < 25.0, "{theta:?}");
        assert!(theta[2].abs() < 25.0, "no bias was planted: {theta:?}");
        assert!(error(&samples, &theta, k) < error(&samples, &[0.0; 3], k));
        let plain: Vec<Sample> = samples
            .iter()
            .map(|s| Sample {
                base: s.base
                    + s.terms
                        .iter()
                        .map(|&(j, g)| g * truth[j as usize])
                        .sum::<f64>(),
                terms: Vec::new(),
                result: s.result,
            })
            .collect();
        let (found, base) = baseline(&plain, 0);
        assert!((found / k - 1.0).abs() < 0.15, "K {found}");
        assert!(base[0].abs() < 25.0, "intercept {base:?}");
    }
}
