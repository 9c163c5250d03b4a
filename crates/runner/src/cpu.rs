//! The CPU model: PICO-8 runs about 2 cycles per Lua VM instruction at 8,388,608 cycles per second,
//! so a 30 fps frame has about 139,810 instructions of budget (60 fps: half). The cart's instructions
//! come from the lowering's cost annotations (`__p8_cycles()`), not from the lowered code's own VM count.

use std::fmt::Write as _;

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

    /// A bar chart of instructions per frame with the budget line, as SVG.
    pub fn svg(&self) -> String {
        let (w, h) = (800.0, 300.0);
        let top = (self.max().max(self.budget) as f64 * 1.1).max(1.0);
        let n = self.per_frame.len().max(1) as f64;
        let bar = w / n;
        let mut s = String::new();
        let _ = write!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{}\" \
             viewBox=\"0 0 {w} {}\">\n<rect width=\"100%\" height=\"100%\" fill=\"#1d2b53\"/>\n",
            h + 20.0,
            h + 20.0
        );
        for (i, &v) in self.per_frame.iter().enumerate() {
            let bh = v as f64 / top * h;
            let colour = if v > self.budget {
                "#ff004d"
            } else {
                "#00e436"
            };
            let _ = writeln!(
                s,
                "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{bh:.2}\" fill=\"{colour}\"/>",
                i as f64 * bar,
                h - bh,
                bar.max(0.5)
            );
        }
        let by = h - self.budget as f64 / top * h;
        let _ = writeln!(
            s,
            "<line x1=\"0\" y1=\"{by:.2}\" x2=\"{w}\" y2=\"{by:.2}\" stroke=\"#ffec27\" \
             stroke-dasharray=\"4 3\"/>\n<text x=\"4\" y=\"{}\" fill=\"#fff1e8\" font-size=\"12\" \
             font-family=\"monospace\">instructions/frame: max {} mean {:.0} budget {} ({} fps), \
             {} over</text>\n</svg>",
            h + 15.0,
            self.max(),
            self.mean(),
            self.budget,
            self.fps,
            self.over_budget()
        );
        s
    }
}

impl CpuReport {
    /// The same chart as [`CpuReport::svg`] as a PNG (640x200, PICO-8 colours), for viewers without SVG.
    pub fn png(&self) -> Result<Vec<u8>, png::EncodingError> {
        const W: usize = 640;
        const H: usize = 200;
        let mut img = vec![0u8; W * H * 3];
        let mut put = |x: usize, y: usize, c: [u8; 3]| {
            if x < W && y < H {
                img[(y * W + x) * 3..(y * W + x) * 3 + 3].copy_from_slice(&c);
            }
        };
        for y in 0..H {
            for x in 0..W {
                put(x, y, [0x1d, 0x2b, 0x53]);
            }
        }
        let top = (self.max().max(self.budget) as f64 * 1.1).max(1.0);
        let n = self.per_frame.len().max(1);
        for x in 0..W {
            // Each column shows the largest frame among those it covers.
            let (a, b) = (x * n / W, ((x + 1) * n / W).max(x * n / W + 1).min(n));
            let Some(v) = self.per_frame.get(a..b).and_then(|s| s.iter().max()) else {
                continue;
            };
            let h = (*v as f64 / top * H as f64) as usize;
            let colour = if *v > self.budget {
                [0xff, 0x00, 0x4d]
            } else {
                [0x00, 0xe4, 0x36]
            };
            for y in H.saturating_sub(h)..H {
                put(x, y, colour);
            }
        }
        let by = H - ((self.budget as f64 / top * H as f64) as usize).min(H);
        for x in (0..W).filter(|x| x % 8 < 5) {
            put(x, by, [0xff, 0xec, 0x27]);
        }
        let mut out = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut out, W as u32, H as u32);
            enc.set_color(png::ColorType::Rgb);
            enc.set_depth(png::BitDepth::Eight);
            enc.write_header()?.write_image_data(&img)?;
        }
        Ok(out)
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
        let svg = r.svg();
        assert!(svg.starts_with("<svg") && svg.contains("#ff004d") && svg.ends_with("</svg>\n"));
        assert_eq!(&r.png().unwrap()[1..4], b"PNG");
    }
}
