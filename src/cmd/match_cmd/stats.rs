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
/// of the mean score. An end is infinite where the interval of the score passes 0 or 1.
pub fn elo_interval(scores: &[f64]) -> (f64, f64, f64) {
    let n = scores.len().max(1) as f64;
    let p = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - p) * (s - p)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    (elo(p), elo(p - 1.96 * se), elo(p + 1.96 * se))
}

/// What a match says about the Elo difference, in words a reader can use.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EloEstimate {
    /// No game played.
    NoGames,
    /// Games with different results: the estimate and its 95% interval (an end may be
    /// infinite: the normal approximation's interval of the score passed 0 or 1).
    Interval {
        /// The estimate.
        elo: f64,
        /// The interval's lower end.
        low: f64,
        /// The interval's upper end.
        high: f64,
    },
    /// Every game won: no estimate, only a lower bound.
    AllWon {
        /// Games played.
        games: usize,
        /// The 95% lower bound.
        low: f64,
    },
    /// Every game lost: no estimate, only an upper bound.
    AllLost {
        /// Games played.
        games: usize,
        /// The 95% upper bound.
        high: f64,
    },
    /// Every game drawn: an estimate of 0 with no interval (the games do not vary).
    AllDrawn {
        /// Games played.
        games: usize,
    },
}

/// The Elo estimate for per-game scores. With every game won (or lost) the score is 1 (or 0),
/// whose Elo is infinite and whose normal-approximation interval is empty: the bound given
/// instead is that of the exact (Clopper-Pearson) two-sided 95% interval of a win rate with `n`
/// wins in `n` games, whose lower end is 0.025^(1/n).
pub fn estimate(scores: &[f64]) -> EloEstimate {
    let n = scores.len();
    if n == 0 {
        return EloEstimate::NoGames;
    }
    let all = |v: f64| scores.iter().all(|&s| s == v);
    // The Elo of the lowest win rate the exact interval allows (negative for few games).
    let bound = elo(0.025f64.powf(1.0 / n as f64));
    if all(1.0) {
        EloEstimate::AllWon {
            games: n,
            low: bound,
        }
    } else if all(0.0) {
        EloEstimate::AllLost {
            games: n,
            high: -bound,
        }
    } else if all(0.5) {
        EloEstimate::AllDrawn { games: n }
    } else {
        let (elo, low, high) = elo_interval(scores);
        EloEstimate::Interval { elo, low, high }
    }
}

/// An end of an interval: a number, or no bound where it is infinite.
fn end(v: f64, none: &str) -> String {
    if v.is_finite() {
        format!("{:+.0}", v + 0.0)
    } else {
        none.to_string()
    }
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            EloEstimate::NoGames => write!(f, "Elo(A - B): no game played"),
            // `+ 0.0` turns an even score's -0 into +0.
            EloEstimate::Interval { elo, low, high } => write!(
                f,
                "Elo(A - B) = {:+.0}, 95% interval [{}, {}]",
                elo + 0.0,
                end(low, "no lower bound"),
                end(high, "no upper bound")
            ),
            EloEstimate::AllWon { games, low } => write!(
                f,
                "Elo(A - B): no interval (no game lost: {games} of {games} won); 95% lower \
                 bound {low:+.0}"
            ),
            EloEstimate::AllLost { games, high } => write!(
                f,
                "Elo(A - B): no interval (no game won: {games} of {games} lost); 95% upper \
                 bound {high:+.0}"
            ),
            EloEstimate::AllDrawn { games } => write!(
                f,
                "Elo(A - B) = +0: all {games} games drawn, no interval (the results do not vary)"
            ),
        }
    }
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
    /// tafl8's fixed time per move, milliseconds, when it had one.
    pub budget_ms: Option<f64>,
    /// tafl8's move needed no full search (forced, decided or from the book).
    pub settled: bool,
}

/// How much of its fixed move time a tafl8 player used: over all its moves, and over the moves
/// that needed a full search (neither forced nor decided), with how many those were.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeShare {
    /// Mean of time used / move time, every move.
    pub all: f64,
    /// The same over the moves not settled early; `None` when every move was.
    pub open: Option<f64>,
    /// Moves not settled early.
    pub open_moves: usize,
}

/// The share of the move time used, over the moves that had a fixed move time (`None`: none).
pub fn time_share(v: &[MoveStat]) -> Option<TimeShare> {
    let timed: Vec<(f64, bool)> = v
        .iter()
        .filter_map(|s| s.budget_ms.map(|b| (s.ms / b, s.settled)))
        .collect();
    if timed.is_empty() {
        return None;
    }
    let all: Vec<f64> = timed.iter().map(|t| t.0).collect();
    let open: Vec<f64> = timed.iter().filter(|t| !t.1).map(|t| t.0).collect();
    Some(TimeShare {
        all: mean(&all),
        open: (!open.is_empty()).then(|| mean(&open)),
        open_moves: open.len(),
    })
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
                if let Some(t) = time_share(v) {
                    line.push_str(&format!(", {:.1}% of the move time used", t.all * 100.0));
                    if let Some(open) = t.open {
                        line.push_str(&format!(
                            " ({:.1}% in the {} moves neither forced nor decided)",
                            open * 100.0,
                            t.open_moves
                        ));
                    }
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
                let share = time_share(v);
                (
                    name.clone(),
                    serde_json::json!({
                        "moves": v.len(),
                        "ms_mean": mean(&ms),
                        "ms_max": ms.iter().copied().fold(0.0, f64::max),
                        "depth_mean": (!depths.is_empty()).then(|| mean(&depths)),
                        "nodes_mean": (!nodes.is_empty()).then(|| mean(&nodes)),
                        "movetime_share": share.map(|t| t.all),
                        "movetime_share_open": share.and_then(|t| t.open),
                        "moves_open": share.map(|t| t.open_moves),
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
    fn one_sided_results_give_a_bound_not_infinity() {
        // 2 of 2 won: 0.025^(1/2) = 0.15811; -400 log10(1/0.15811 - 1) = -400 log10(5.3246)
        // = -290.5.
        let EloEstimate::AllWon { games: 2, low } = estimate(&[1.0, 1.0]) else {
            panic!("{:?}", estimate(&[1.0, 1.0]))
        };
        assert!((low + 290.5).abs() < 0.1, "{low}");
        // 40 of 40 won (docs/strength.md's brandubh row): 0.025^(1/40) = 0.91190;
        // -400 log10(1/0.91190 - 1) = -400 log10(0.096611) = +406.0.
        let EloEstimate::AllWon { low, .. } = estimate(&[1.0; 40]) else {
            panic!()
        };
        assert!((low - 406.0).abs() < 0.1, "{low}");
        let lost = estimate(&[0.0, 0.0]);
        assert!(matches!(lost, EloEstimate::AllLost { high, .. } if (high - 290.5).abs() < 0.1));
        assert_eq!(
            estimate(&[1.0, 1.0]).to_string(),
            "Elo(A - B): no interval (no game lost: 2 of 2 won); 95% lower bound -291"
        );
        assert!(!estimate(&[0.0; 3]).to_string().contains("inf"));
        assert_eq!(estimate(&[]), EloEstimate::NoGames);
        assert!(matches!(
            estimate(&[0.5, 0.5]),
            EloEstimate::AllDrawn { games: 2 }
        ));
        // 17 wins, 2 draws, 1 loss: the upper end passes a score of 1.
        let mut s = vec![1.0; 17];
        s.extend([0.5, 0.5, 0.0]);
        let text = estimate(&s).to_string();
        assert!(
            text.starts_with("Elo(A - B) = +382, 95% interval [+"),
            "{text}"
        );
        assert!(text.ends_with(", no upper bound]"), "{text}");
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
                    ..MoveStat::default()
                },
            );
        }
        assert_eq!(
            m.lines(),
            ["  x: 3 moves, ms per move mean 200 median 200 max 300, depth mean 4.0"]
        );
    }

    #[test]
    fn time_share_by_hand() {
        let stat = |ms, budget_ms, settled| MoveStat {
            ms,
            budget_ms,
            settled,
            ..MoveStat::default()
        };
        // No move time (an outside engine, a node budget): nothing to report.
        assert_eq!(time_share(&[stat(5.0, None, false)]), None);
        // 1500 ms a move: 1500 and 1470 searched in full, 30 decided, 0.1 forced.
        // All: (1 + 0.98 + 0.02 + 0.0000667) / 4 = 0.5000167; open: (1 + 0.98) / 2 = 0.99.
        let v = [
            stat(1500.0, Some(1500.0), false),
            stat(1470.0, Some(1500.0), false),
            stat(30.0, Some(1500.0), true),
            stat(0.1, Some(1500.0), true),
        ];
        let t = time_share(&v).unwrap();
        assert!((t.all - 0.500_016_7).abs() < 1e-6, "{t:?}");
        assert_eq!(t.open, Some(0.99));
        assert_eq!(t.open_moves, 2);
        let mut m = Moves::default();
        for s in v {
            m.add("t", s);
        }
        assert!(
            m.lines()[0].ends_with(
                ", 50.0% of the move time used (99.0% in the 2 moves neither forced nor decided)"
            ),
            "{}",
            m.lines()[0]
        );
        // Every move settled: no open share.
        assert_eq!(time_share(&v[2..]).unwrap().open, None);
    }
}
