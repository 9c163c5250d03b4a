//! The time control and the clock a referee keeps for both sides, as OpenTafl keeps one: a main
//! time, then overtime periods (a move made within a period refills it; using one up costs
//! one; the last one used up loses on time), and an increment added at the start of each turn
//! to whichever is running. The players learn it as a [`ClockState`].

use std::time::Duration;

use super::{index, ClockError, ClockState};
use crate::piece::Side;

/// A time control: `MAIN[+INC][/PERIODxN]`, in seconds (e.g. `60+1`, `300+2/10x3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Main time.
    pub main: Duration,
    /// Added at the start of each turn.
    pub increment: Duration,
    /// Length of an overtime period.
    pub period: Duration,
    /// Overtime periods.
    pub periods: u32,
}

fn secs(s: &str, what: &'static str) -> Result<Duration, ClockError> {
    s.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v >= 0.0 && *v < 1e7)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| ClockError::Number {
            text: s.to_string(),
            what,
        })
}

impl std::str::FromStr for TimeControl {
    type Err = ClockError;
    fn from_str(s: &str) -> Result<TimeControl, ClockError> {
        let (rest, ot) = match s.split_once('/') {
            Some((r, o)) => (r, Some(o)),
            None => (s, None),
        };
        let (main, inc) = match rest.split_once('+') {
            Some((m, i)) => (
                secs(m, "a main time in seconds")?,
                secs(i, "an increment in seconds")?,
            ),
            None => (secs(rest, "a main time in seconds")?, Duration::ZERO),
        };
        let (period, periods) = match ot {
            Some(o) => {
                let (p, n) = o
                    .split_once('x')
                    .ok_or_else(|| ClockError::Overtime(o.to_string()))?;
                let n: u32 = n.parse().map_err(|_| ClockError::Number {
                    text: n.to_string(),
                    what: "a count of overtime periods",
                })?;
                (secs(p, "an overtime period in seconds")?, n)
            }
            None => (Duration::ZERO, 0),
        };
        if main.is_zero() && (period.is_zero() || periods == 0) {
            return Err(ClockError::NoTime(s.to_string()));
        }
        Ok(TimeControl {
            main,
            increment: inc,
            period,
            periods,
        })
    }
}

impl std::fmt::Display for TimeControl {
    /// OpenTafl's `time-control` tag: `MAIN [PERIODS/PERIOD] [INCi]` in seconds.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.main.as_secs())?;
        if self.periods > 0 {
            write!(f, " {}/{}", self.periods, self.period.as_secs())?;
        }
        if !self.increment.is_zero() {
            write!(f, " {}i", self.increment.as_secs())?;
        }
        Ok(())
    }
}

/// One side's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SideClock {
    main: Duration,
    overtime: bool,
    period_left: Duration,
    periods: u32,
}

/// Both sides' clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClock {
    tc: TimeControl,
    sides: [SideClock; 2],
}

impl GameClock {
    /// Fresh clocks for a game.
    pub fn new(tc: TimeControl) -> GameClock {
        let c = SideClock {
            main: tc.main,
            overtime: tc.main.is_zero(),
            period_left: tc.period,
            periods: tc.periods,
        };
        GameClock { tc, sides: [c, c] }
    }

    /// `side`'s turn begins: the increment goes to what is running.
    pub fn start_turn(&mut self, side: Side) {
        let inc = self.tc.increment;
        let period = self.tc.period;
        let c = &mut self.sides[index(side)];
        if c.overtime {
            c.period_left = period + inc;
        } else {
            c.main += inc;
        }
    }

    /// The most `side` may take now without losing on time.
    pub fn left(&self, side: Side) -> Duration {
        let c = &self.sides[index(side)];
        if c.overtime {
            c.period_left + self.tc.period * c.periods.saturating_sub(1)
        } else {
            c.main + self.tc.period * c.periods
        }
    }

    /// `side` moved after `took`; false when its time ran out (it loses).
    pub fn end_turn(&mut self, side: Side, took: Duration) -> bool {
        let period = self.tc.period;
        let c = &mut self.sides[index(side)];
        let mut t = took;
        if !c.overtime {
            if t <= c.main {
                c.main -= t;
                return true;
            }
            t -= c.main;
            c.main = Duration::ZERO;
            c.overtime = true;
            c.period_left = period;
        }
        loop {
            if c.periods == 0 {
                return false;
            }
            if t < c.period_left {
                c.period_left -= t;
                return true;
            }
            t -= c.period_left;
            c.periods -= 1;
            c.period_left = period;
        }
    }

    /// Both clocks as the players see them now.
    pub fn state(&self) -> ClockState {
        let [a, d] = self.sides;
        let shown = |c: &SideClock| {
            if c.overtime {
                c.period_left
            } else {
                c.main
            }
        };
        ClockState {
            ms: [shown(&a).as_millis() as u64, shown(&d).as_millis() as u64],
            overtime: [a.overtime, d.overtime],
            period_ms: self.tc.period.as_millis() as u64,
            periods: [a.periods, d.periods],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse() {
        let tc: TimeControl = "300+2/10x3".parse().unwrap();
        assert_eq!(tc.main, Duration::from_secs(300));
        assert_eq!(tc.increment, Duration::from_secs(2));
        assert_eq!((tc.period, tc.periods), (Duration::from_secs(10), 3));
        assert_eq!(tc.to_string(), "300 3/10 2i");
        assert_eq!(
            "60".parse::<TimeControl>().unwrap().increment,
            Duration::ZERO
        );
        for bad in ["", "x", "60+", "0", "60/10", "60/ax3", "-5"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn main_time_then_periods_then_a_loss() {
        // 10 s main, 1 s increment, two 5 s periods (worked by hand from OpenTafl's README).
        let mut c = GameClock::new("10+1/5x2".parse().unwrap());
        c.start_turn(Side::Attackers);
        assert_eq!(c.state().otep_line(), "clock 11000 10000 5 2 2");
        assert!(c.end_turn(Side::Attackers, Duration::from_secs(4)));
        c.start_turn(Side::Attackers);
        // 11 - 4 + 1 = 8 s; 9 s takes it into the first period with 1 s used.
        assert!(c.end_turn(Side::Attackers, Duration::from_secs(9)));
        assert_eq!(c.state().otep_line(), "clock 4000* 10000 5 2 2");
        c.start_turn(Side::Attackers);
        // The period refills to 5 + 1 s; 7 s uses it up and 1 s of the next.
        assert_eq!(c.left(Side::Attackers), Duration::from_secs(11));
        assert!(c.end_turn(Side::Attackers, Duration::from_secs(7)));
        assert_eq!(c.state().otep_line(), "clock 4000* 10000 5 1 2");
        c.start_turn(Side::Attackers);
        assert!(
            !c.end_turn(Side::Attackers, Duration::from_secs(6)),
            "out of time"
        );
        // Sudden death.
        let mut c = GameClock::new("2".parse().unwrap());
        c.start_turn(Side::Defenders);
        assert!(!c.end_turn(Side::Defenders, Duration::from_millis(2001)));
    }
}
