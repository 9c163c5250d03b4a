//! The CPU model: PICO-8 runs about 2 cycles per Lua VM instruction at 8,388,608 cycles per second,
//! so a 30 fps frame has about 139,810 instructions of budget (60 fps: half). The cart's instructions
//! come from the lowering's cost annotations (the chunk's private counter, see [`crate::clock`]) plus
//! the API's published charges, not from the lowered code's own VM count.

/// PICO-8's CPU clock.
pub const CYCLES_PER_SECOND: u64 = 8_388_608;
/// Approximate cycles one Lua VM instruction costs.
pub const CYCLES_PER_INSTRUCTION: u64 = 2;

/// The most points [`CpuReport::series`] holds: past that, neighbouring points merge two by two
/// (each keeping the larger), so a run of any length keeps between half this and this many
/// (32 KiB), while the summary figures count every frame.
pub const SERIES_POINTS: usize = 4096;

/// Instruction budget of one frame at `fps` (30 or 60).
pub fn frame_budget(fps: u32) -> u64 {
    CYCLES_PER_SECOND / CYCLES_PER_INSTRUCTION / u64::from(fps.max(1))
}

/// The instructions of a run's frames: exact summary figures, and a series for a plot whose
/// size is bounded whatever the number of frames (a run of `--frames 4294967295` kept 8 bytes a
/// frame).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct CpuReport {
    /// Frames per second the cart ran at.
    pub fps: u32,
    /// Budget per frame in instructions.
    pub budget: u64,
    /// Instructions spent before the first frame (top-level code and `_init`).
    pub startup: u64,
    /// Frames run.
    frames: u64,
    /// Instructions of all frames together.
    total: u64,
    /// The largest frame's instructions.
    max: u64,
    /// Frames over the budget.
    over_budget: u64,
    /// Point `i` is the largest frame among frames `i * frames_per_point + 1` to
    /// `(i + 1) * frames_per_point` (the last point may cover fewer).
    series: Vec<u64>,
    /// Frames each point of the series covers: 1 until the run passes [`SERIES_POINTS`] frames,
    /// then doubling each time the series fills up.
    frames_per_point: u64,
}

impl Default for CpuReport {
    fn default() -> Self {
        CpuReport::new(30, frame_budget(30), 0)
    }
}

impl CpuReport {
    /// A report of no frame yet.
    pub fn new(fps: u32, budget: u64, startup: u64) -> CpuReport {
        CpuReport {
            fps,
            budget,
            startup,
            frames: 0,
            total: 0,
            max: 0,
            over_budget: 0,
            series: Vec::new(),
            frames_per_point: 1,
        }
    }

    /// Adds the next frame.
    pub fn push(&mut self, instructions: u64) {
        self.frames += 1;
        self.total += instructions;
        self.max = self.max.max(instructions);
        self.over_budget += u64::from(instructions > self.budget);
        let mut point = (self.frames - 1) / self.frames_per_point;
        if point as usize == SERIES_POINTS {
            // Every point is complete here: merge them two by two.
            self.series = self
                .series
                .chunks(2)
                .map(|pair| pair.iter().copied().max().unwrap_or(0))
                .collect();
            self.frames_per_point *= 2;
            point = (self.frames - 1) / self.frames_per_point;
        }
        match self.series.get_mut(point as usize) {
            Some(p) => *p = (*p).max(instructions),
            None => self.series.push(instructions),
        }
    }

    /// Frames run.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// The largest frame.
    pub fn max(&self) -> u64 {
        self.max
    }

    /// The mean per frame.
    pub fn mean(&self) -> f64 {
        if self.frames == 0 {
            0.0
        } else {
            self.total as f64 / self.frames as f64
        }
    }

    /// How many frames went over budget.
    pub fn over_budget(&self) -> u64 {
        self.over_budget
    }

    /// The series (see the field): each frame's instructions while the run has at most
    /// [`SERIES_POINTS`] frames.
    pub fn series(&self) -> &[u64] {
        &self.series
    }

    /// Frames each point of [`CpuReport::series`] covers.
    pub fn frames_per_point(&self) -> u64 {
        self.frames_per_point
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

    fn report_of(frames: &[u64], budget: u64) -> CpuReport {
        let mut r = CpuReport::new(30, budget, 0);
        for &f in frames {
            r.push(f);
        }
        r
    }

    #[test]
    fn summary_figures() {
        let r = report_of(&[50, 150, 100, 300], 100);
        assert_eq!(r.max(), 300);
        assert_eq!(r.mean(), 150.0);
        assert_eq!(r.over_budget(), 2);
        assert_eq!(
            (r.series(), r.frames_per_point()),
            (&[50, 150, 100, 300][..], 1)
        );
    }

    /// 10,000 frames costing 1, 2, ..., 10,000: the series filled at 4,096 frames and merged at
    /// frames 4,097 and 8,193, so each point covers 4 frames (2,500 points, point i the largest
    /// of frames 4i+1..4i+4: 4i+4); the summary is exact (mean 5,000.5, 5,000 frames over a
    /// budget of 5,000).
    #[test]
    fn a_long_run_keeps_a_bounded_series_and_exact_figures() {
        let frames: Vec<u64> = (1..=10_000).collect();
        let r = report_of(&frames, 5_000);
        assert_eq!(r.frames(), 10_000);
        assert_eq!(r.max(), 10_000);
        assert_eq!(r.mean(), 5_000.5);
        assert_eq!(r.over_budget(), 5_000);
        assert_eq!(r.frames_per_point(), 4);
        let want: Vec<u64> = (0..2_500).map(|i| 4 * i + 4).collect();
        assert_eq!(r.series(), &want[..]);
        // A run a thousand times longer keeps no more points.
        let mut long = CpuReport::new(30, 100, 0);
        for f in 0..10_000_000u64 {
            long.push(f % 7);
        }
        assert!(long.series().len() <= SERIES_POINTS);
        assert!(long.series().iter().all(|&p| p == 6));
        assert_eq!(long.frames(), 10_000_000);
    }
}
