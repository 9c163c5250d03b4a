//! The wall-clock budget of a search and the rule that spends it: which iteration to start, and
//! until when to let it run. Rust only: the cart's search is bound by nodes and frames, and
//! a search without a time limit never reads the clock, so node- and depth-limited searches
//! (the ones the differential tests compare with the cart) are untouched by anything here.
//!
//! The rule, after each completed iteration (see [`TimeLimit::next`]):
//!
//! - one legal move: stop (nothing to choose);
//! - the aim is [`TimeLimit::soft`], longer when the last iterations changed their best move (a
//!   deeper look is what settles it), shorter when the best move has stood for several
//!   (clocks only: with a fixed time per move, time saved is lost); never past `hard`;
//! - past the aim: stop;
//! - else the next iteration starts. If the growth of the last iterations' times predicts that
//!   it ends before `hard`, it may run until `hard`; if not, it runs until the aim and is cut
//!   there. A cut iteration is not thrown away: its root moves that finished were searched a
//!   ply deeper than the last complete iteration, so when the previous best move is among them,
//!   the best of them is the better choice (it is the previous best, or a move shown better
//!   than it at the new depth).
//!
//! A decided score (a win or loss within the depth searched) ends the search in the
//! iterative-deepening loop, with or without a time limit.

use std::time::Duration;

use crate::moves::Move;
use crate::score::Score;

/// A wall-clock budget, measured from the start of [`super::Searcher::search`].
///
/// `hard` is checked inside the search every [`TIME_CHECK_NODES`] nodes, alongside the node
/// budget: the search never runs past it. `soft` is the time a move should take; when it is
/// `hard` or more the budget is a fixed time per move, and all of it is spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLimit {
    /// Never search longer than this (plus the time of at most [`TIME_CHECK_NODES`] nodes).
    pub hard: Duration,
    /// The time a move should take (see the module's rule).
    pub soft: Duration,
}

/// The clock is read once every this many nodes (a power of two; a node costs well under a
/// microsecond, so the search overruns its budget by a fraction of a millisecond at most:
/// `tafl8 bench time` measures it).
pub const TIME_CHECK_NODES: u64 = 1024;

/// What the iterative deepening does after an iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// No more iterations.
    Stop,
    /// Start the next one, and cut it at `until` (from the start of the search) if it has not
    /// finished by then.
    Deeper {
        /// When to cut it.
        until: Duration,
    },
}

/// What the rule knows after a completed iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace<'a> {
    /// The time from the start of the search to the end of each completed iteration, in order.
    pub ends: &'a [Duration],
    /// The time since the start of the search.
    pub now: Duration,
    /// How many of the last two iterations changed the best move (0 to 2).
    pub changes: u32,
    /// Iterations in a row, the last included, that kept the same best move.
    pub stable: u32,
    /// Legal moves at the root.
    pub legal: usize,
}

/// The aim is `soft` times this when the last iteration changed the best move...
pub const UNSTABLE_ONE: f64 = 1.5;
/// ... this when both of the last two did ...
pub const UNSTABLE_TWO: f64 = 2.0;
/// ... and this when it has stood for [`STABLE_ITERATIONS`] iterations or more.
pub const STABLE: f64 = 0.7;
/// Iterations in a row with the same best move that make a move stable.
pub const STABLE_ITERATIONS: u32 = 4;

impl TimeLimit {
    /// A fixed time per move: all of it is spent (no iteration is thrown away, see the module's
    /// rule), unless the move is forced or the score decided.
    pub fn movetime(budget: Duration) -> TimeLimit {
        TimeLimit {
            hard: budget,
            soft: budget,
        }
    }

    /// The same budget with `spent` already gone (a host's clock runs from the moment it asked).
    pub fn less(self, spent: Duration) -> TimeLimit {
        let floor = Duration::from_millis(1);
        TimeLimit {
            hard: self.hard.saturating_sub(spent).max(floor),
            soft: self.soft.saturating_sub(spent).max(floor),
        }
    }

    /// Whether saving time helps: a budget whose aim is below its limit (a clock's share, whose
    /// saved time serves later moves); with a fixed time per move it does not.
    fn saves(&self) -> bool {
        self.soft < self.hard
    }

    /// The time this move aims at, after the iterations `pace` describes.
    pub fn aim(&self, pace: &Pace) -> Duration {
        if !self.saves() {
            return self.hard;
        }
        let factor = match pace.changes {
            0 if pace.stable >= STABLE_ITERATIONS => STABLE,
            0 => 1.0,
            1 => UNSTABLE_ONE,
            _ => UNSTABLE_TWO,
        };
        self.soft.mul_f64(factor).min(self.hard)
    }

    /// What to do after an iteration (see the module's rule).
    pub fn next(&self, pace: &Pace) -> Next {
        if pace.legal <= 1 {
            return Next::Stop;
        }
        let aim = self.aim(pace);
        if pace.now >= aim {
            return Next::Stop;
        }
        match predict(pace.ends) {
            Some(d) if pace.now + d <= self.hard => Next::Deeper { until: self.hard },
            Some(_) => Next::Deeper { until: aim },
            // Too few iterations to tell: the first ones are quick.
            None => Next::Deeper { until: self.hard },
        }
    }
}

/// The predicted time of the next iteration: the last one's, times the growth from the one
/// before it (at least 2, at most 8: an iteration takes several times the one before it);
/// `None` with fewer than three completed iterations (the first ones are too quick to time).
pub fn predict(ends: &[Duration]) -> Option<Duration> {
    let [.., a, b, c] = ends else { return None };
    let last = c.saturating_sub(*b).as_secs_f64();
    let before = b.saturating_sub(*a).as_secs_f64();
    let growth = if before > 0.0 {
        (last / before).clamp(2.0, 8.0)
    } else {
        8.0
    };
    Some(Duration::from_secs_f64(last * growth))
}

/// The move that stands after an iteration the clock cut, from its root moves that finished
/// and their scores (`finished`, in search order): the best of them when `prev`, the last
/// complete iteration's best, is among them; else none (that iteration's result stands). Of
/// equal scores the first stands, as at the root.
pub fn kept(
    prev: Move,
    finished: impl IntoIterator<Item = (Move, Score)> + Clone,
) -> Option<(Move, Score)> {
    if !finished.clone().into_iter().any(|(m, _)| m == prev) {
        return None;
    }
    let mut best: Option<(Move, Score)> = None;
    for (m, s) in finished {
        if best.is_none_or(|(_, b)| s > b) {
            best = Some((m, s));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    fn root(m: u8, score: i32) -> (Move, Score) {
        (Move::new(Square(m), Square(100)), Score::new(score))
    }

    #[test]
    fn a_cut_iteration_counts_when_the_previous_best_finished_in_it() {
        let prev = root(1, 0).0;
        // The previous best searched first (+40), then a move shown better (+90), then one
        // shown no better (an upper bound equal to the best): the better one stands.
        let finished = [root(1, 40), root(2, 90), root(3, 90)];
        assert_eq!(kept(prev, finished), Some(finished[1]));
        // Only the previous best finished: it stands, with its deeper score.
        assert_eq!(kept(prev, finished[..1].iter().copied()), Some(finished[0]));
        // The previous best did not finish (no move was searched first, or none finished):
        // nothing is known against it.
        assert_eq!(kept(prev, finished[1..].iter().copied()), None);
        assert_eq!(kept(prev, []), None);
    }

    fn ms(v: u64) -> Duration {
        Duration::from_millis(v)
    }

    fn pace(ends: &[Duration], now: u64, changes: u32, stable: u32) -> Pace<'_> {
        Pace {
            ends,
            now: ms(now),
            changes,
            stable,
            legal: 30,
        }
    }

    #[test]
    fn the_next_iteration_is_predicted_from_the_growth_of_the_last() {
        // Iterations of 10, 30 and 120 ms: growth 4, the next takes 480 ms.
        let ends = [ms(10), ms(40), ms(160)];
        assert_eq!(predict(&ends), Some(ms(480)));
        // Growth is kept between 2 and 8.
        assert_eq!(predict(&[ms(10), ms(60), ms(70)]), Some(ms(20)));
        assert_eq!(predict(&[ms(1), ms(2), ms(102)]), Some(ms(800)));
        assert_eq!(predict(&[ms(5), ms(5), ms(6)]), Some(ms(8)));
        assert_eq!(predict(&[ms(10), ms(40)]), None);
    }

    #[test]
    fn a_fixed_move_time_is_spent_to_its_end() {
        // 1500 ms a move, iterations ending at 9, 61 and 283 ms: the next is predicted to take
        // 222 * 4.27 = 948 ms, ending by 1231 ms: it may run to the limit.
        let t = TimeLimit::movetime(ms(1500));
        let ends = [ms(9), ms(61), ms(283)];
        assert_eq!(
            t.next(&pace(&ends, 283, 0, 3)),
            Next::Deeper { until: ms(1500) }
        );
        // One that ends at 700 ms predicts 1,900 more: it starts all the same, to be cut at the
        // limit (its finished root moves count), where before no iteration started after half
        // the budget and the move took 700 ms of 1500.
        let ends = [ms(30), ms(180), ms(700)];
        assert_eq!(
            t.next(&pace(&ends, 700, 0, 5)),
            Next::Deeper { until: ms(1500) }
        );
        // Stable or not, the aim is the whole budget.
        assert_eq!(t.aim(&pace(&ends, 700, 0, 9)), ms(1500));
        assert_eq!(t.next(&pace(&ends, 1500, 0, 5)), Next::Stop);
    }

    #[test]
    fn a_clock_share_is_stretched_for_a_changing_best_move_and_cut_for_a_stable_one() {
        // A clock's share of 1 s, at most 2 s.
        let t = TimeLimit {
            soft: ms(1000),
            hard: ms(2000),
        };
        let ends = [ms(20), ms(100), ms(400)];
        assert_eq!(t.aim(&pace(&ends, 400, 0, 2)), ms(1000));
        assert_eq!(t.aim(&pace(&ends, 400, 1, 0)), ms(1500));
        assert_eq!(t.aim(&pace(&ends, 400, 2, 0)), ms(2000));
        assert_eq!(t.aim(&pace(&ends, 400, 0, 4)), ms(700));
        // Predicted: 300 * 3.75 = 1125 ms, ending at 1525 ms, before the limit: it may use it.
        assert_eq!(
            t.next(&pace(&ends, 400, 0, 2)),
            Next::Deeper { until: ms(2000) }
        );
        // At 800 ms the same iteration would end past 2 s: it runs only to the aim...
        let ends = [ms(20), ms(200), ms(800)];
        assert_eq!(
            t.next(&pace(&ends, 800, 0, 2)),
            Next::Deeper { until: ms(1000) }
        );
        // ... a stable move stops there (past its aim of 700 ms) ...
        assert_eq!(t.next(&pace(&ends, 800, 0, 6)), Next::Stop);
        // ... and a changing one goes on to 1.5 s.
        assert_eq!(
            t.next(&pace(&ends, 800, 1, 0)),
            Next::Deeper { until: ms(1500) }
        );
        assert_eq!(t.next(&pace(&ends, 1600, 1, 0)), Next::Stop);
    }

    #[test]
    fn a_forced_move_takes_one_iteration() {
        let t = TimeLimit::movetime(ms(1500));
        let ends = [ms(1)];
        let p = Pace {
            legal: 1,
            ..pace(&ends, 1, 0, 1)
        };
        assert_eq!(t.next(&p), Next::Stop);
        // The first iterations start without a prediction.
        assert_eq!(
            t.next(&pace(&[ms(1)], 1, 0, 1)),
            Next::Deeper { until: ms(1500) }
        );
    }

    #[test]
    fn time_spent_before_the_search_comes_off_both_limits() {
        let t = TimeLimit {
            soft: ms(1000),
            hard: ms(2000),
        };
        assert_eq!(
            t.less(ms(300)),
            TimeLimit {
                soft: ms(700),
                hard: ms(1700)
            }
        );
        assert_eq!(t.less(ms(5000)).hard, ms(1));
    }
}
