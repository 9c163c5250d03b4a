//! The CPU model: PICO-8 runs about 2 cycles per Lua VM instruction at 8,388,608 cycles per second,
//! so a 30 fps frame has about 139,810 instructions of budget (60 fps: half). The cart's instructions
//! come from the lowering's cost annotations (the chunk's private counter, see [`crate::clock`]) plus
//! the API's published charges, not from the lowered code's own VM count.

/// PICO-8's CPU clock.
pub const CYCLES_PER_SECOND: u64 = 8_388_608;
/// Approximate cycles one Lua VM instruction costs.
pub const CYCLES_PER_INSTRUCTION: u64 = 2;

/// Instruction budget of one frame at `fps` (30 or 60).
pub fn frame_budget(fps: u32) -> u64 {
    CYCLES_PER_SECOND / CYCLES_PER_INSTRUCTION / u64::from(fps.max(1))
}

/// Per-frame instruction counts of a run.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct CpuReport {
    /// Frames per second the cart ran at.
    pub fps: u32,
    /// Budget per frame in instructions.
    pub budget: u64,
    /// Instructions the cart's code executed in each frame (index 0 = frame 1).
    pub per_frame: Vec<u64>,
    /// Instructions spent before the first frame (top-level code and `_init`).
    pub startup: u64,
}

impl CpuReport {
    /// The largest frame.
    pub fn max(&self) -> u64 {
        self.per_frame.iter().copied().max().unwrap_or(0)
    }

    /// The mean per frame.
    pub fn mean(&self) -> f64 {
        if self.per_frame.is_empty() {
            0.0
        } else {
            self.per_frame.iter().sum::<u64>() as f64 / self.per_frame.len() as f64
        }
    }

    /// How many frames went over budget.
    pub fn over_budget(&self) -> usize {
        self.per_frame.iter().filter(|&&n| n > self.budget).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_follow_the_clock() {
        // 8,388,608 / 2 / 30 = 139,810.13 and / 60 = 69,905.07.
        assert_eq!(frame_budget(30), 139_810);
        assert_eq!(frame_budget(60), 69_905);
    }

    #[test]
    fn summary_figures() {
        let r = CpuReport {
            fps: 30,
            budget: 100,
            per_frame: vec![50, 150, 100, 300],
            startup: 0,
        };
        assert_eq!(r.max(), 300);
        assert_eq!(r.mean(), 150.0);
        assert_eq!(r.over_budget(), 2);
    }
}
