//! The referee's game clock, as OpenTafl keeps one (its README, "The game clock"): a main time,
//! then overtime periods (a move made within a period refills it; using one up costs one; the
//! last one used up loses on time), and an increment added at the start of each turn to
//! whichever is running. The engines learn it through OTEP `clock` lines.

use std::time::Duration;

use tafl8_engine::Side;

use crate::cmd::otep::clock::ClockMsg;

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

fn secs(s: &str, what: &str) -> Result<Duration, String> {
    s.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v >= 0.0 && *v < 1e7)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("`{s}` is not a number of seconds ({what})"))
}

impl std::str::FromStr for TimeControl {
    type Err = String;
    fn from_str(s: &str) -> Result<TimeControl, String> {
        let (rest, ot) = match s.split_once('/') {
            Some((r, o)) => (r, Some(o)),
            None => (s, None),
        };
        let (main, inc) = match rest.split_once('+') {
            Some((m, i)) => (secs(m, "main time")?, secs(i, "increment")?),
            None => (secs(rest, "main time")?, Duration::ZERO),
        };
        let (period, periods) = match ot {
            Some(o) => {
                let (p, n) = o
                    .split_once('x')
                    .ok_or_else(|| format!("`{o}`: overtime is PERIODxCOUNT, e.g. `10x3`"))?;
                let n: u32 = n
                    .parse()
                    .map_err(|_| format!("`{n}` is not a count of overtime periods"))?;
                (secs(p, "overtime period")?, n)
            }
            None => (Duration::ZERO, 0),
        };
        if main.is_zero() && (period.is_zero() || periods == 0) {
            return Err(format!("`{s}` gives no time at all"));
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

fn ix(side: Side) -> usize {
    usize::from(side == Side::Defenders)
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
        let c = &mut self.sides[ix(side)];
        if c.overtime {
            c.period_left = period + inc;
        } else {
            c.main += inc;
        }
    }

    /// The most `side` may take now without losing on time.
    pub fn left(&self, side: Side) -> Duration {
        let c = &self.sides[ix(side)];
        if c.overtime {
            c.period_left + self.tc.period * c.periods.saturating_sub(1)
        } else {
            c.main + self.tc.period * c.periods
        }
    }

    /// `side` moved after `took`; false when its time ran out (it loses).
    pub fn end_turn(&mut self, side: Side, took: Duration) -> bool {
        let period = self.tc.period;
        let c = &mut self.sides[ix(side)];
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

    /// The OTEP `clock` message for the position now.
    pub fn message(&self) -> ClockMsg {
        let [a, d] = self.sides;
        let shown = |c: &SideClock| {
            if c.overtime {
                c.period_left
            } else {
                c.main
            }
        };
        ClockMsg {
            ms: [shown(&a).as_millis() as u64, shown(&d).as_millis() as u64],
            overtime: [a.overtime, d.overtime],
            period_ms: self.tc.period.as_millis() as u64,
            periods: [a.periods, d.periods],
        }
    }

    /// The message as OpenTafl's host writes it.
    pub fn line(&self) -> String {
        let m = self.message();
        let t = |i: usize| format!("{}{}", m.ms[i], if m.overtime[i] { "*" } else { "" });
        format!(
            "clock {} {} {} {} {}",
            t(0),
            t(1),
            m.period_ms / 1000,
            m.periods[0],
            m.periods[1]
        )
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
        assert_eq!(c.line(), "clock 11000 10000 5 2 2");
        assert!(c.end_turn(Side::Attackers, Duration::from_secs(4)));
        c.start_turn(Side::Attackers);
        // 11 - 4 + 1 = 8 s; 9 s takes it into the first period with 1 s used.
        assert!(c.end_turn(Side::Attackers, Duration::from_secs(9)));
        assert_eq!(c.line(), "clock 4000* 10000 5 2 2");
        c.start_turn(Side::Attackers);
        // The period refills to 5 + 1 s; 7 s uses it up and 1 s of the next.
        assert_eq!(c.left(Side::Attackers), Duration::from_secs(11));
        assert!(c.end_turn(Side::Attackers, Duration::from_secs(7)));
        assert_eq!(c.line(), "clock 4000* 10000 5 1 2");
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
