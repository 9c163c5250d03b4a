//! `Score`: a search score that cannot leave PICO-8's integer range.
//!
//! Scores are from the point of view of the side to move (negamax). The range is fixed by the
//! contract: `|score| <= 32000`. A won position at `p` plies from the root scores `32000 - p`, so
//! a faster win scores higher; evaluations are clamped to `±EVAL_MAX` so they never look like a
//! win. Why a newtype: the cart computes the same numbers in 16.16 fixed point, where leaving
//! [-32768, 32767] wraps silently; here every constructor checks (debug assertion) and then
//! saturates explicitly, so an overflow is a loud failure in tests and a bounded value otherwise.
//!
//! Its own module, below the evaluation and the search: the evaluation returns scores and the
//! search combines them, so neither needs the other for the type.

use std::fmt;
use std::ops::Neg;

/// A score in `[-Score::INF, Score::INF]` (the side to move's point of view).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(i16);

/// Largest magnitude of any score, and the bound of the root window.
pub const INF: i16 = 32000;
/// Scores at or beyond this magnitude are decided games (win or loss within `INF - WIN_MIN` plies).
pub const WIN_MIN: i16 = 31000;
/// Largest magnitude of a static evaluation (kept clear of the win scores).
pub const EVAL_MAX: i16 = 30000;

impl Score {
    /// A draw (also the value returned by an aborted search, which the caller discards).
    pub const DRAW: Score = Score(0);
    /// The upper bound of every window.
    pub const INF: Score = Score(INF);
    /// The lower bound of every window.
    pub const NEG_INF: Score = Score(-INF);

    /// A score from a wider integer: debug-asserts `|v| <= INF`, then saturates to the range.
    pub fn new(v: i32) -> Score {
        debug_assert!(
            (-(INF as i32)..=INF as i32).contains(&v),
            "score {v} outside [-{INF}, {INF}]"
        );
        Score(v.clamp(-(INF as i32), INF as i32) as i16)
    }

    /// A static evaluation: the raw sum must fit PICO-8's integers (debug-asserted, because the
    /// cart's sum would wrap), and is then clamped to `±EVAL_MAX` so it never reads as a win.
    pub fn eval(v: i32) -> Score {
        debug_assert!(
            (i16::MIN as i32..=i16::MAX as i32).contains(&v),
            "evaluation sum {v} leaves PICO-8's integer range: lower the weights"
        );
        Score(v.clamp(-(EVAL_MAX as i32), EVAL_MAX as i32) as i16)
    }

    /// The side to move wins `ply` plies from the root (`INF - ply`: sooner is better).
    pub fn win_in(ply: usize) -> Score {
        Score::new(INF as i32 - ply.min((INF - WIN_MIN) as usize) as i32)
    }

    /// The side to move loses `ply` plies from the root.
    pub fn loss_in(ply: usize) -> Score {
        -Score::win_in(ply)
    }

    /// The raw value (what the cart holds).
    pub const fn get(self) -> i16 {
        self.0
    }

    /// Whether this is a decided game (a win or a loss found by search).
    pub const fn is_decided(self) -> bool {
        self.0 >= WIN_MIN || self.0 <= -WIN_MIN
    }

    /// `self + d`, saturating explicitly at `±INF` (used for windows and margins).
    pub fn saturating_add(self, d: i16) -> Score {
        Score::new((self.0 as i32 + d as i32).clamp(-(INF as i32), INF as i32))
    }

    /// The score to store in the transposition table at `ply`: win scores become relative to the
    /// node (distance from here), so they stay right when the position is reached at another ply.
    pub fn to_tt(self, ply: usize) -> i16 {
        let p = ply as i16;
        if self.0 >= WIN_MIN {
            self.0 + p
        } else if self.0 <= -WIN_MIN {
            self.0 - p
        } else {
            self.0
        }
    }

    /// Inverse of [`Score::to_tt`] at the ply where the entry is read.
    pub fn from_tt(v: i16, ply: usize) -> Score {
        let p = ply as i32;
        let v = v as i32;
        if v >= WIN_MIN as i32 {
            Score::new((v - p).max(WIN_MIN as i32))
        } else if v <= -(WIN_MIN as i32) {
            Score::new((v + p).min(-(WIN_MIN as i32)))
        } else {
            Score::new(v)
        }
    }
}

impl Neg for Score {
    type Output = Score;
    /// Always in range: the range is symmetric.
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == INF {
            f.write_str("+inf")
        } else if self.0 == -INF {
            f.write_str("-inf")
        } else if self.0 >= WIN_MIN {
            write!(f, "win{}", INF - self.0)
        } else if self.0 <= -WIN_MIN {
            write!(f, "loss{}", INF + self.0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_prefer_speed_and_stay_in_range() {
        assert_eq!(Score::win_in(1).get(), 31999);
        assert!(Score::win_in(1) > Score::win_in(3));
        assert_eq!(Score::loss_in(2).get(), -31998);
        assert!(Score::win_in(5).is_decided() && !Score::eval(29999).is_decided());
        // A ply beyond the decided band saturates at the band's edge rather than leaving it.
        assert_eq!(Score::win_in(5000).get(), WIN_MIN);
        assert_eq!(Score::INF.saturating_add(5).get(), INF);
        assert_eq!(Score::NEG_INF.saturating_add(-5).get(), -INF);
        assert_eq!(Score::eval(30500).get(), EVAL_MAX);
        assert_eq!(Score::win_in(3).to_string(), "win3");
        assert_eq!(Score::loss_in(2).to_string(), "loss2");
        assert_eq!(
            (Score::INF.to_string(), Score::NEG_INF.to_string()),
            ("+inf".into(), "-inf".into())
        );
    }

    #[test]
    fn tt_round_trip_adjusts_win_distance() {
        // A win 5 plies from the root found at ply 2 is a win in 3 from that node; read back at
        // ply 4 it is a win 7 plies from the root.
        let s = Score::win_in(5);
        let stored = s.to_tt(2);
        assert_eq!(stored, INF - 3);
        assert_eq!(Score::from_tt(stored, 4), Score::win_in(7));
        assert_eq!(Score::from_tt(Score::eval(-120).to_tt(9), 3).get(), -120);
        assert_eq!(
            Score::from_tt((-Score::win_in(4)).to_tt(1), 1),
            Score::loss_in(4)
        );
    }

    #[test]
    #[should_panic(expected = "outside")]
    #[cfg(debug_assertions)]
    fn out_of_range_is_loud_in_debug() {
        let _ = Score::new(40000);
    }
}
