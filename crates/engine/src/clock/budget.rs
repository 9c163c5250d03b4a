//! The time one move may take: a share of what the clock holds, never more than the clock
//! allows (a loss on time is worse than any move), and never more than the user's cap.

use std::time::Duration;

use super::{index, ClockState};
use crate::piece::Side;
use crate::search::TimeLimit;

/// Time kept back from every budget: the messages' round trip and the search's overrun (a
/// fraction of a millisecond of CPU, more on a busy machine: `tafl8 bench time`).
pub const MARGIN: Duration = Duration::from_millis(50);

/// Moves the main time is spread over (tafl games last 40-150 plies, half of them ours; the
/// estimate errs long, since time left unused is better than a loss on time).
pub const MOVES_TO_GO: u32 = 30;

/// The time limit of `side`'s move: from `clock` when the game has a running one (`increment`
/// is the clock's, told or inferred; `cap` the most any move may take), else `cap` as a fixed
/// time per move; `None` when there is neither (a search bound by nodes or depth only).
pub fn move_limit(
    clock: Option<&ClockState>,
    side: Side,
    increment: Duration,
    cap: Option<Duration>,
) -> Option<TimeLimit> {
    match clock.filter(|c| c.is_timed()) {
        Some(c) => Some(budget(c, side, increment, cap)),
        None => cap.map(TimeLimit::movetime),
    }
}

/// The time this move may take for `side`, from `clock` and the `increment` (told or
/// inferred); `cap` is the most any move may take (the user's `--movetime`).
pub fn budget(
    clock: &ClockState,
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
        // A move made within a period refills it, so time saved is lost: the budget is a fixed
        // time per move, all of it spent.
        let hard = left.saturating_sub(MARGIN);
        (hard, hard)
    } else {
        // Main time: a share of it plus most of the increment, or half an overtime period if
        // that is more (once main time is out, every move gets a period anyway). The search
        // aims at the share (more while its best move changes, less once it stands: see
        // `search::time`) and stops at twice the share at most, starting no iteration that
        // the growth of the last ones predicts would end past that unless it is cut at the aim
        // (an iteration takes several times all the ones before it: in OpenTafl's Tablut, with
        // the limit at three times the share and no prediction, the first move took 15 s of a
        // 61 s clock). A move may run into the first overtime period when there is one, never
        // past it.
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
        t.soft = t.soft.min(c);
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
    fn budgets_stay_inside_the_clock() {
        // Sudden death, 60 s left: a share of 2 s (60/30): no iteration starts after it, the
        // search stops at 4 s.
        let c = ClockState::from_otep("60000 60000 0 0 0").unwrap();
        let t = budget(&c, Side::Attackers, Duration::ZERO, None);
        assert_eq!((ms(t.soft), ms(t.hard)), (2000, 4000));
        // 3 s left: a share of 100 ms.
        let c = ClockState::from_otep("3000 60000 0 0 0").unwrap();
        let t = budget(&c, Side::Attackers, Duration::ZERO, None);
        assert_eq!((ms(t.soft), ms(t.hard)), (100, 200));
        // With an increment of 2 s a move and 1.5 s left, the increment is what there is to
        // spend, within a third of the clock.
        let c = ClockState::from_otep("1500 60000 0 0 0").unwrap();
        let t = budget(&c, Side::Attackers, Duration::from_secs(2), None);
        assert_eq!(ms(t.hard), 450);
        // Overtime: inside what is left of the period, all of it (the period refills).
        let c = ClockState::from_otep("60000 8000* 10 0 2").unwrap();
        let t = budget(&c, Side::Defenders, Duration::ZERO, None);
        assert_eq!((ms(t.soft), ms(t.hard)), (7950, 7950));
        // Main time with 10 s periods behind it: half a period if that beats the share.
        let c = ClockState::from_otep("30000 30000 10 3 3").unwrap();
        let t = budget(&c, Side::Attackers, Duration::ZERO, None);
        assert_eq!((ms(t.soft), ms(t.hard)), (4975, 9950));
        // OpenTafl's Tablut clock (61 s, 5 s periods, 1 s increment): at most 5.7 s.
        let c = ClockState::from_otep("58717 61000 5 3 3").unwrap();
        let t = budget(&c, Side::Defenders, Duration::from_secs(1), None);
        assert_eq!((ms(t.soft), ms(t.hard)), (2833, 5666));
        // An increment is mostly spent; a cap bounds everything (a share of 2 + 4 s, capped at
        // 3 s: a fixed 3 s a move).
        let c = ClockState::from_otep("60000 60000 0 0 0").unwrap();
        let t = budget(
            &c,
            Side::Attackers,
            Duration::from_secs(5),
            Some(Duration::from_secs(3)),
        );
        assert_eq!((ms(t.soft), ms(t.hard)), (3000, 3000));
        // Nothing left: a token budget rather than none.
        let c = ClockState::from_otep("10 10 0 0 0").unwrap();
        assert_eq!(
            ms(budget(&c, Side::Attackers, Duration::ZERO, None).hard),
            5
        );
    }

    #[test]
    fn without_a_running_clock_the_cap_is_the_move_time() {
        let cap = Some(Duration::from_millis(1500));
        let untimed = ClockState::from_otep("0 0 0 0 0").unwrap();
        for clock in [None, Some(&untimed)] {
            assert_eq!(
                move_limit(clock, Side::Attackers, Duration::ZERO, cap),
                cap.map(TimeLimit::movetime)
            );
            assert_eq!(
                move_limit(clock, Side::Attackers, Duration::ZERO, None),
                None
            );
        }
        let c = ClockState::from_otep("60000 60000 0 0 0").unwrap();
        assert_eq!(
            move_limit(Some(&c), Side::Defenders, Duration::ZERO, cap),
            Some(budget(&c, Side::Defenders, Duration::ZERO, cap))
        );
    }
}
