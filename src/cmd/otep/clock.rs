//! The game clock as OTEP's `clock` messages give it, and the time a move may take.
//!
//! `clock <attacker-ms>[*] <defender-ms>[*] <overtime-s> <attacker-overtimes> <defender-overtimes>`:
//! each side's main time left, or with `*` what is left of the current overtime period; the
//! overtime period's length; the periods each side has left. OpenTafl's clock (its README) is a
//! sudden-death main time, then Go-style overtime periods (a move made within a period refills
//! it; a period used up costs one, and the last one lost loses the game), and a Fisher increment
//! added at the start of each turn. The message does not carry the increment, so it is inferred
//! from what the clock gained between two of our turns.

use std::time::Duration;

use tafl8_engine::search::TimeLimit;
use tafl8_engine::Side;

/// One `clock` message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockMsg {
    /// Milliseconds left per side (attackers, defenders).
    pub ms: [u64; 2],
    /// Whether that figure is an overtime period's remainder (`*`).
    pub overtime: [bool; 2],
    /// Length of an overtime period, in milliseconds.
    pub period_ms: u64,
    /// Overtime periods left per side.
    pub periods: [u32; 2],
}

fn index(side: Side) -> usize {
    match side {
        Side::Attackers => 0,
        Side::Defenders => 1,
    }
}

impl ClockMsg {
    /// Parses the arguments of a `clock` message (after the word `clock`).
    pub fn parse(args: &str) -> Result<ClockMsg, String> {
        let parts: Vec<&str> = args.split_whitespace().collect();
        if parts.len() != 5 {
            return Err(format!(
                "`clock {args}`: expected 5 fields (attacker-ms[*] defender-ms[*] overtime-s attacker-overtimes defender-overtimes), got {}",
                parts.len()
            ));
        }
        let time = |s: &str| -> Result<(u64, bool), String> {
            let (n, star) = match s.strip_suffix('*') {
                Some(n) => (n, true),
                None => (s, false),
            };
            // OpenTafl sends -1 for a side with no clock entry; treat it as no time known.
            let v: i64 = n
                .parse()
                .map_err(|_| format!("`{s}` is not a time in milliseconds"))?;
            Ok((v.max(0) as u64, star))
        };
        let count = |s: &str| -> Result<u32, String> {
            s.parse()
                .map_err(|_| format!("`{s}` is not a count of overtime periods"))
        };
        let (a, a_ot) = time(parts[0])?;
        let (d, d_ot) = time(parts[1])?;
        let period_s: u64 = parts[2]
            .parse()
            .map_err(|_| format!("`{}` is not an overtime length in seconds", parts[2]))?;
        Ok(ClockMsg {
            ms: [a, d],
            overtime: [a_ot, d_ot],
            period_ms: period_s.saturating_mul(1000),
            periods: [count(parts[3])?, count(parts[4])?],
        })
    }

    /// Whether this clock has any time on it at all (OpenTafl sends zeros when untimed).
    pub fn is_timed(&self) -> bool {
        self.ms != [0, 0] || self.period_ms > 0
    }
}

/// Time kept back from every budget: the messages' round trip and the search's overrun (a
/// fraction of a millisecond of CPU, more on a busy machine: `tafl8 bench time`).
pub const MARGIN: Duration = Duration::from_millis(50);

/// Moves the main time is spread over (tafl games last 40-150 plies, half of them ours; the
/// estimate errs long, since time left unused is better than a loss on time).
const MOVES_TO_GO: u32 = 30;

/// The time this move may take for `side`, from `clock` and the inferred `increment`; `cap` is
/// the most any move may take (the user's `--movetime`).
pub fn budget(
    clock: &ClockMsg,
    side: Side,
    increment: Duration,
    cap: Option<Duration>,
) -> TimeLimit {
    let i = index(side);
    let left = Duration::from_millis(clock.ms[i]);
    let period = Duration::from_millis(clock.period_ms);
    let has_periods = clock.periods[i] > 0 && !period.is_zero();
    let (soft, hard) = if clock.overtime[i] {
        // In overtime: stay inside the current period (what is left of it, increment included).
        let hard = left.saturating_sub(MARGIN);
        (hard / 2, hard)
    } else {
        // Main time: a share of it plus most of the increment, or half an overtime period if
        // that is more (once main time is out, every move gets a period anyway). The search
        // starts no iteration after the share, nor one its predicted length would take past
        // twice the share, where it stops (an iteration takes several times all the ones
        // before it: in OpenTafl's Tablut, with the hard limit at three times the share and no
        // prediction, the first move took 15 s of a 61 s clock). A move may run into the
        // first overtime period when there is one, never past it.
        let reserve = if has_periods {
            period.saturating_sub(MARGIN)
        } else {
            Duration::ZERO
        };
        let share = (left / MOVES_TO_GO + increment * 4 / 5).max(reserve / 2);
        let ceiling = if has_periods {
            left + reserve
        } else {
            // Sudden death: never more than a third of what is left.
            left / 3
        };
        let hard = (share * 2).min(ceiling.saturating_sub(MARGIN));
        (share.min(hard), hard)
    };
    let floor = Duration::from_millis(5);
    let mut t = TimeLimit {
        hard: hard.max(floor),
        soft: soft.max(floor),
    };
    if let Some(c) = cap {
        t.hard = t.hard.min(c);
        t.soft = t.soft.min(c / 2);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(d: Duration) -> u128 {
        d.as_millis()
    }

    #[test]
    fn parses_what_opentafls_host_sends() {
        // OpenTafl's host ends the line with a space; main time expired shows as `*`.
        let c = ClockMsg::parse("298761 300000 30 3 3 ").unwrap();
        assert_eq!(c.ms, [298_761, 300_000]);
        assert_eq!((c.period_ms, c.periods), (30_000, [3, 3]));
        let c = ClockMsg::parse("12000* 45000 15 2 3").unwrap();
        assert_eq!(c.overtime, [true, false]);
        assert!(ClockMsg::parse("1 2 3").is_err());
        assert!(ClockMsg::parse("a 2 3 4 5").is_err());
        assert!(!ClockMsg::parse("0 0 0 0 0").unwrap().is_timed());
    }

    #[test]
    fn budgets_stay_inside_the_clock() {
        // Sudden death, 60 s left: a share of 2 s (60/30): no iteration starts after it, the
        // search stops at 4 s.
        let c = ClockMsg::parse("60000 60000 0 0 0").unwrap();
        let t = budget(&c, Side::Attackers, Duration::ZERO, None);
        assert_eq!((ms(t.soft), ms(t.hard)), (2000, 4000));
        // 3 s left: a share of 100 ms.
        let c = ClockMsg::parse("3000 60000 0 0 0").unwrap();
        let t = budget(&c, Side::Attackers, Duration::ZERO, None);
        assert_eq!((ms(t.soft), ms(t.hard)), (100, 200));
        // With an increment of 2 s a move and 1.5 s left, the increment is what there is to
        // spend, within a third of the clock.
        let c = ClockMsg::parse("1500 60000 0 0 0").unwrap();
        let t = budget(&c, Side::Attackers, Duration::from_secs(2), None);
        assert_eq!(ms(t.hard), 450);
        // Overtime: inside what is left of the period.
        let c = ClockMsg::parse("60000 8000* 10 0 2").unwrap();
        let t = budget(&c, Side::Defenders, Duration::ZERO, None);
        assert_eq!((ms(t.soft), ms(t.hard)), (3975, 7950));
        // Main time with 10 s periods behind it: half a period if that beats the share.
        let c = ClockMsg::parse("30000 30000 10 3 3").unwrap();
        let t = budget(&c, Side::Attackers, Duration::ZERO, None);
        assert_eq!((ms(t.soft), ms(t.hard)), (4975, 9950));
        // OpenTafl's Tablut clock (61 s, 5 s periods, 1 s increment): at most 5.7 s.
        let c = ClockMsg::parse("58717 61000 5 3 3").unwrap();
        let t = budget(&c, Side::Defenders, Duration::from_secs(1), None);
        assert_eq!((ms(t.soft), ms(t.hard)), (2833, 5666));
        // An increment is mostly spent; a cap bounds everything.
        let c = ClockMsg::parse("60000 60000 0 0 0").unwrap();
        let t = budget(
            &c,
            Side::Attackers,
            Duration::from_secs(5),
            Some(Duration::from_secs(3)),
        );
        assert_eq!((ms(t.soft), ms(t.hard)), (1500, 3000));
        // Nothing left: a token budget rather than none.
        let c = ClockMsg::parse("10 10 0 0 0").unwrap();
        assert_eq!(
            ms(budget(&c, Side::Attackers, Duration::ZERO, None).hard),
            5
        );
    }
}
