//! Game clocks and the time a move may take: what both sides of a timed game share, whether
//! tafl8 plays as an OTEP engine (`tafl8 otep`, told the clock by its host) or referees one
//! (`tafl8 match --clock`, keeping the clock itself). Rust only: the cart's AI thinks within a
//! frame budget of its own.
//!
//! The clock is OpenTafl's (its README, "The game clock"): a sudden-death main time, then
//! Go-style overtime periods (a move made within a period refills it; a period used up costs
//! one, and the last one used up loses on time), and a Fisher increment added at the start of
//! each turn to whichever is running. Files: this one (both clocks as a player sees them, and
//! their OTEP `clock` line), `referee` (the time control and the clock a referee keeps),
//! `budget` (the time one move may take).

mod budget;
mod referee;

pub use budget::{budget, move_limit, MARGIN, MOVES_TO_GO};
pub use referee::{GameClock, TimeControl};

use crate::piece::Side;

/// Why a clock text could not be read.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum ClockError {
    /// An OTEP `clock` line without its five fields.
    #[error("`clock {line}`: expected 5 fields (attacker-ms[*] defender-ms[*] overtime-s attacker-overtimes defender-overtimes), got {got}")]
    Fields {
        /// The line's arguments.
        line: String,
        /// How many fields it had.
        got: usize,
    },
    /// A field that is not the number it should be.
    #[error("`{text}` is not {what}")]
    Number {
        /// The field.
        text: String,
        /// What it should be (`a time in milliseconds`, ...).
        what: &'static str,
    },
    /// A time control without the `x` of its overtime.
    #[error("`{0}`: overtime is PERIODxCOUNT, e.g. `10x3`")]
    Overtime(String),
    /// A time control that gives no time.
    #[error("`{0}` gives no time at all")]
    NoTime(String),
}

/// Both sides' clocks at the start of a turn, as OTEP's `clock` line gives them:
/// `clock <attacker-ms>[*] <defender-ms>[*] <overtime-s> <attacker-overtimes> <defender-overtimes>`
/// (each side's main time left, or with `*` what is left of its current overtime period; the
/// overtime period's length; the periods each side has left). It does not carry the increment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockState {
    /// Milliseconds left per side (attackers, defenders).
    pub ms: [u64; 2],
    /// Whether that figure is an overtime period's remainder (`*`).
    pub overtime: [bool; 2],
    /// Length of an overtime period, in milliseconds.
    pub period_ms: u64,
    /// Overtime periods left per side.
    pub periods: [u32; 2],
}

/// The index of `side` in a [`ClockState`]'s pairs.
pub fn index(side: Side) -> usize {
    usize::from(side == Side::Defenders)
}

impl ClockState {
    /// Reads the arguments of an OTEP `clock` line (after the word `clock`).
    pub fn from_otep(args: &str) -> Result<ClockState, ClockError> {
        let parts: Vec<&str> = args.split_whitespace().collect();
        if parts.len() != 5 {
            return Err(ClockError::Fields {
                line: args.to_string(),
                got: parts.len(),
            });
        }
        let number = |s: &str, what| ClockError::Number {
            text: s.to_string(),
            what,
        };
        let time = |s: &str| -> Result<(u64, bool), ClockError> {
            let (n, star) = match s.strip_suffix('*') {
                Some(n) => (n, true),
                None => (s, false),
            };
            // OpenTafl sends -1 for a side with no clock entry; read it as no time known.
            let v: i64 = n.parse().map_err(|_| number(s, "a time in milliseconds"))?;
            Ok((v.max(0) as u64, star))
        };
        let count = |s: &str| -> Result<u32, ClockError> {
            s.parse()
                .map_err(|_| number(s, "a count of overtime periods"))
        };
        let (a, a_ot) = time(parts[0])?;
        let (d, d_ot) = time(parts[1])?;
        let period_s: u64 = parts[2]
            .parse()
            .map_err(|_| number(parts[2], "an overtime length in seconds"))?;
        Ok(ClockState {
            ms: [a, d],
            overtime: [a_ot, d_ot],
            period_ms: period_s.saturating_mul(1000),
            periods: [count(parts[3])?, count(parts[4])?],
        })
    }

    /// The OTEP `clock` line, as OpenTafl's host writes it (`clock 4000* 10000 5 2 2`).
    pub fn otep_line(&self) -> String {
        let t = |i: usize| format!("{}{}", self.ms[i], if self.overtime[i] { "*" } else { "" });
        format!(
            "clock {} {} {} {} {}",
            t(0),
            t(1),
            self.period_ms / 1000,
            self.periods[0],
            self.periods[1]
        )
    }

    /// Whether this clock has any time on it at all (OpenTafl sends zeros when untimed).
    pub fn is_timed(&self) -> bool {
        self.ms != [0, 0] || self.period_ms > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_opentafls_host_sends() {
        // OpenTafl's host ends the line with a space; main time expired shows as `*`.
        let c = ClockState::from_otep("298761 300000 30 3 3 ").unwrap();
        assert_eq!(c.ms, [298_761, 300_000]);
        assert_eq!((c.period_ms, c.periods), (30_000, [3, 3]));
        let c = ClockState::from_otep("12000* 45000 15 2 3").unwrap();
        assert_eq!(c.overtime, [true, false]);
        assert_eq!(c.otep_line(), "clock 12000* 45000 15 2 3");
        assert!(matches!(
            ClockState::from_otep("1 2 3"),
            Err(ClockError::Fields { got: 3, .. })
        ));
        assert_eq!(
            ClockState::from_otep("a 2 3 4 5").unwrap_err().to_string(),
            "`a` is not a time in milliseconds"
        );
        assert!(!ClockState::from_otep("0 0 0 0 0").unwrap().is_timed());
        assert_eq!(ClockState::from_otep("-1 -1 0 0 0").unwrap().ms, [0, 0]);
    }
}
