//! What a match adds up to: W/D/L per side, the Elo difference with its interval, and each
//! engine's time, depth and nodes per move.

use std::collections::BTreeMap;

/// Elo difference for a score fraction (infinite at 0 or 1).
pub fn elo(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// Elo estimate and 95% interval from per-game scores (1, 0.5, 0) by the normal approximation
/// of the mean score.
pub fn elo_interval(scores: &[f64]) -> (f64, f64, f64) {
    let n = scores.len().max(1) as f64;
    let p = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - p) * (s - p)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    (elo(p), elo(p - 1.96 * se), elo(p + 1.96 * se))
}

/// One move's figures.
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveStat {
    /// Wall time, milliseconds (the referee's measure: from asking to the answer).
    pub ms: f64,
    /// Depth reached, when known.
    pub depth: Option<u32>,
    /// Nodes searched, when known.
    pub nodes: Option<u64>,
}

/// Figures per engine name.
#[derive(Default)]
pub struct Moves {
    by_engine: BTreeMap<String, Vec<MoveStat>>,
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

impl Moves {
    /// Counts a move of `engine`.
    pub fn add(&mut self, engine: &str, s: MoveStat) {
        self.by_engine
            .entry(engine.to_string())
            .or_default()
            .push(s);
    }

    /// One line per engine: moves, time per move (mean, median, max), depth and nodes.
    pub fn lines(&self) -> Vec<String> {
        self.by_engine
            .iter()
            .map(|(name, v)| {
                let mut ms: Vec<f64> = v.iter().map(|s| s.ms).collect();
                ms.sort_by(f64::total_cmp);
                let mut line = format!(
                    "  {name}: {} moves, ms per move mean {:.0} median {:.0} max {:.0}",
                    v.len(),
                    mean(&ms),
                    ms.get(ms.len() / 2).copied().unwrap_or(0.0),
                    ms.last().copied().unwrap_or(0.0)
                );
                let depths: Vec<f64> = v.iter().filter_map(|s| s.depth.map(f64::from)).collect();
                if !depths.is_empty() {
                    line.push_str(&format!(", depth mean {:.1}", mean(&depths)));
                }
                let nodes: Vec<f64> = v.iter().filter_map(|s| s.nodes.map(|n| n as f64)).collect();
                if !nodes.is_empty() {
                    line.push_str(&format!(", nodes mean {:.0}", mean(&nodes)));
                }
                line
            })
            .collect()
    }

    /// The same figures for `--json`.
    pub fn json(&self) -> serde_json::Value {
        let m: serde_json::Map<String, serde_json::Value> = self
            .by_engine
            .iter()
            .map(|(name, v)| {
                let ms: Vec<f64> = v.iter().map(|s| s.ms).collect();
                let depths: Vec<f64> = v.iter().filter_map(|s| s.depth.map(f64::from)).collect();
                let nodes: Vec<f64> = v.iter().filter_map(|s| s.nodes.map(|n| n as f64)).collect();
                (
                    name.clone(),
                    serde_json::json!({
                        "moves": v.len(),
                        "ms_mean": mean(&ms),
                        "ms_max": ms.iter().copied().fold(0.0, f64::max),
                        "depth_mean": (!depths.is_empty()).then(|| mean(&depths)),
                        "nodes_mean": (!nodes.is_empty()).then(|| mean(&nodes)),
                    }),
                )
            })
            .collect();
        serde_json::Value::Object(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_by_hand() {
        // 75% score: -400 log10(1/0.75 - 1) = -400 log10(1/3) = +190.8.
        let (e, lo, hi) = elo_interval(&[1.0, 1.0, 1.0, 0.0]);
        assert!((e - 190.85).abs() < 0.1, "{e}");
        assert!(lo < e && e < hi);
        assert_eq!(elo_interval(&[0.5, 0.5]).0, 0.0);
        assert_eq!(elo(1.0), f64::INFINITY);
    }

    #[test]
    fn per_engine_lines() {
        let mut m = Moves::default();
        for ms in [100.0, 300.0, 200.0] {
            m.add(
                "x",
                MoveStat {
                    ms,
                    depth: Some(4),
                    nodes: None,
                },
            );
        }
        assert_eq!(
            m.lines(),
            ["  x: 3 moves, ms per move mean 200 median 200 max 300, depth mean 4.0"]
        );
    }
}
