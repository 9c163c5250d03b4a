//! The CPU plot of a run (`tafl8 run --cpu-plot`): the cart's VM instructions in each frame as
//! bars (red over the budget; on a long run a bar covers several frames and shows the largest,
//! see [`CpuReport::series`]), the frame budget as a dashed, labelled line, and axes with ticks:
//! frame number across, instructions up. As SVG, or as PNG with its labels in PICO-8's font.

use std::fmt::Write as _;

use crate::cpu::CpuReport;
use crate::font;

/// PICO-8's palette colours the plot uses.
const BACKGROUND: [u8; 3] = [0x1d, 0x2b, 0x53];
const UNDER: [u8; 3] = [0x00, 0xe4, 0x36];
const OVER: [u8; 3] = [0xff, 0x00, 0x4d];
const BUDGET: [u8; 3] = [0xff, 0xec, 0x27];
const INK: [u8; 3] = [0xff, 0xf1, 0xe8];
const GRID: [u8; 3] = [0x5f, 0x57, 0x4f];

fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// The step between ticks: 1, 2 or 5 times a power of ten, the smallest giving at most
/// `most` ticks up to `max`.
fn tick_step(max: f64, most: usize) -> u64 {
    let mut step = 1u64;
    loop {
        for m in [1, 2, 5] {
            let s = step * m;
            if max / s as f64 <= most as f64 {
                return s;
            }
        }
        step *= 10;
    }
}

/// `n` shortened for a tick label: `140k`, `1.5M`, `700`.
fn short(n: u64) -> String {
    if n >= 1_000_000 && n % 100_000 == 0 {
        let m = n as f64 / 1e6;
        format!("{m}M")
    } else if n >= 1_000 && n % 100 == 0 {
        let k = n as f64 / 1e3;
        format!("{k}k")
    } else {
        n.to_string()
    }
}

/// `n` with thousands separated: `139,810`.
fn grouped(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Where everything goes, in pixels, for a plot `w` x `h` with the given margins.
struct Layout {
    left: f64,
    top: f64,
    width: f64,
    height: f64,
    /// The value at the top of the instructions axis.
    y_max: f64,
    y_ticks: Vec<u64>,
    x_ticks: Vec<usize>,
    frames: usize,
    /// Frames each bar covers.
    span: usize,
}

impl Layout {
    fn new(r: &CpuReport, size: (f64, f64), margins: [f64; 4], most_ticks: (usize, usize)) -> Self {
        let [left, right, top, bottom] = margins;
        let y_max = (r.max().max(r.budget) as f64 * 1.1).max(1.0);
        let y_step = tick_step(y_max, most_ticks.1);
        let frames = (r.frames() as usize).max(1);
        let x_step = tick_step(frames as f64, most_ticks.0) as usize;
        let mut x_ticks: Vec<usize> = (1..=frames / x_step).map(|i| i * x_step).collect();
        if x_step > 1 {
            x_ticks.insert(0, 1);
        }
        Layout {
            left,
            top,
            width: size.0 - left - right,
            height: size.1 - top - bottom,
            y_max,
            y_ticks: (0..=(y_max as u64 / y_step)).map(|i| i * y_step).collect(),
            x_ticks,
            frames,
            span: r.frames_per_point() as usize,
        }
    }

    fn bottom(&self) -> f64 {
        self.top + self.height
    }

    /// The height of `v` on the instructions axis.
    fn y(&self, v: f64) -> f64 {
        self.bottom() - v / self.y_max * self.height
    }

    /// The width of one frame.
    fn frame_width(&self) -> f64 {
        self.width / self.frames as f64
    }

    /// The left edge of frame `f` (frames count from 1).
    fn x(&self, f: usize) -> f64 {
        self.left + (f - 1) as f64 * self.frame_width()
    }

    /// The first frame of point `i` of the series and how many frames its bar covers.
    fn bar(&self, i: usize) -> (usize, usize) {
        let first = i * self.span + 1;
        (first, self.span.min(self.frames + 1 - first))
    }
}

fn title(r: &CpuReport) -> String {
    format!(
        "VM instructions per frame: max {}, mean {}, {} of {} frames over budget; startup {}",
        grouped(r.max()),
        grouped(r.mean().round() as u64),
        r.over_budget(),
        r.frames(),
        grouped(r.startup)
    )
}

fn budget_label(r: &CpuReport) -> String {
    format!("budget {} per frame ({} fps)", grouped(r.budget), r.fps)
}

impl CpuReport {
    /// The plot as SVG (900x380).
    pub fn svg(&self) -> String {
        let (w, h) = (900.0, 380.0);
        let l = Layout::new(self, (w, h), [80.0, 20.0, 40.0, 50.0], (12, 6));
        let mut s = String::new();
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"monospace\" font-size=\"12\" fill=\"{}\">\n\
             <rect width=\"100%\" height=\"100%\" fill=\"{}\"/>",
            hex(INK),
            hex(BACKGROUND)
        );
        let _ = writeln!(s, "<text x=\"{}\" y=\"20\">{}</text>", l.left, title(self));
        for &v in &l.y_ticks {
            let y = l.y(v as f64);
            let _ = writeln!(
                s,
                "<line x1=\"{}\" y1=\"{y:.1}\" x2=\"{}\" y2=\"{y:.1}\" stroke=\"{}\"/>\n\
                 <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
                l.left - 4.0,
                l.left + l.width,
                hex(GRID),
                l.left - 6.0,
                y + 4.0,
                short(v)
            );
        }
        for (i, &v) in self.series().iter().enumerate() {
            let top = l.y(v as f64);
            let colour = if v > self.budget { OVER } else { UNDER };
            let (first, covers) = l.bar(i);
            let _ = writeln!(
                s,
                "<rect x=\"{:.2}\" y=\"{top:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"{}\"/>",
                l.x(first),
                (covers as f64 * l.frame_width()).max(0.5),
                l.bottom() - top,
                hex(colour)
            );
        }
        for &f in &l.x_ticks {
            let x = l.x(f) + l.frame_width() / 2.0;
            let _ = writeln!(
                s,
                "<line x1=\"{x:.1}\" y1=\"{b}\" x2=\"{x:.1}\" y2=\"{}\" stroke=\"{ink}\"/>\n\
                 <text x=\"{x:.1}\" y=\"{}\" text-anchor=\"middle\">{f}</text>",
                l.bottom() + 4.0,
                l.bottom() + 17.0,
                b = l.bottom(),
                ink = hex(INK)
            );
        }
        let by = l.y(self.budget as f64);
        let _ = writeln!(
            s,
            "<line x1=\"{x0}\" y1=\"{y0}\" x2=\"{x0}\" y2=\"{b}\" stroke=\"{ink}\"/>\n\
             <line x1=\"{x0}\" y1=\"{b}\" x2=\"{x1}\" y2=\"{b}\" stroke=\"{ink}\"/>\n\
             <line x1=\"{x0}\" y1=\"{by:.2}\" x2=\"{x1}\" y2=\"{by:.2}\" stroke=\"{c}\" \
             stroke-dasharray=\"6 4\"/>\n\
             <text x=\"{x1}\" y=\"{:.2}\" text-anchor=\"end\" fill=\"{c}\">{}</text>\n\
             <text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">frame</text>\n\
             <text transform=\"translate(16 {:.1}) rotate(-90)\" text-anchor=\"middle\">\
             VM instructions</text>\n</svg>",
            by - 5.0,
            budget_label(self),
            l.left + l.width / 2.0,
            l.bottom() + 38.0,
            l.top + l.height / 2.0,
            x0 = l.left,
            x1 = l.left + l.width,
            y0 = l.top,
            b = l.bottom(),
            ink = hex(INK),
            c = hex(BUDGET)
        );
        s
    }

    /// The same plot as a PNG (640x240), its labels in PICO-8's font, for viewers without SVG.
    pub fn png(&self) -> Result<Vec<u8>, png::EncodingError> {
        const W: usize = 640;
        const H: usize = 240;
        let l = Layout::new(self, (W as f64, H as f64), [36.0, 8.0, 14.0, 24.0], (10, 5));
        let mut c = Pixels::new(W, H);
        let (left, bottom) = (l.left as usize, l.bottom() as usize);
        let right = (l.left + l.width) as usize;
        c.text(left, 4, &title(self).to_ascii_lowercase(), INK);
        for &v in &l.y_ticks {
            let y = l.y(v as f64) as usize;
            for x in left..right {
                c.put(x, y, GRID);
            }
            let label = short(v).to_ascii_lowercase();
            c.text(
                left.saturating_sub(3 + 4 * label.len()),
                y.saturating_sub(2),
                &label,
                INK,
            );
        }
        let n = self.series().len().max(1);
        let plot_w = right - left;
        for x in 0..plot_w {
            // Each column shows the largest frame among the points it covers.
            let (a, b) = (
                x * n / plot_w,
                ((x + 1) * n / plot_w).max(x * n / plot_w + 1).min(n),
            );
            let Some(&v) = self.series().get(a..b).and_then(|s| s.iter().max()) else {
                continue;
            };
            let top = l.y(v as f64).round() as usize;
            let colour = if v > self.budget { OVER } else { UNDER };
            for y in top..bottom {
                c.put(left + x, y, colour);
            }
        }
        let by = l.y(self.budget as f64) as usize;
        for x in (left..right).filter(|x| x % 8 < 5) {
            c.put(x, by, BUDGET);
        }
        for y in l.top as usize..=bottom {
            c.put(left, y, INK);
        }
        for x in left..right {
            c.put(x, bottom, INK);
        }
        for &f in &l.x_ticks {
            let x = (l.x(f) + l.frame_width() / 2.0) as usize;
            for y in bottom..bottom + 3 {
                c.put(x, y, INK);
            }
            let label = f.to_string();
            c.text(x.saturating_sub(2 * label.len()), bottom + 5, &label, INK);
        }
        c.text((left + right) / 2 - 10, bottom + 13, "frame", INK);
        c.text(2, 4, "instr", INK);
        let label = budget_label(self).to_ascii_lowercase();
        c.text(
            right.saturating_sub(4 * label.len()),
            by.saturating_sub(7),
            &label,
            BUDGET,
        );
        c.encode()
    }
}

/// An RGB image to draw the PNG plot on.
struct Pixels {
    w: usize,
    h: usize,
    rgb: Vec<u8>,
}

impl Pixels {
    fn new(w: usize, h: usize) -> Self {
        let rgb = BACKGROUND.repeat(w * h);
        Pixels { w, h, rgb }
    }

    fn put(&mut self, x: usize, y: usize, c: [u8; 3]) {
        if x < self.w && y < self.h {
            let i = (y * self.w + x) * 3;
            self.rgb[i..i + 3].copy_from_slice(&c);
        }
    }

    /// `text` in PICO-8's font, its top-left corner at (x, y).
    fn text(&mut self, x: usize, y: usize, text: &str, c: [u8; 3]) {
        for (i, ch) in text.bytes().enumerate() {
            let rows = font::glyph(ch);
            let width = font::width(ch) as usize;
            for (dy, row) in rows.iter().enumerate() {
                for dx in 0..width {
                    if row >> (width - 1 - dx) & 1 == 1 {
                        self.put(x + 4 * i + dx, y + dy, c);
                    }
                }
            }
        }
    }

    fn encode(&self) -> Result<Vec<u8>, png::EncodingError> {
        let mut out = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut out, self.w as u32, self.h as u32);
            enc.set_color(png::ColorType::Rgb);
            enc.set_depth(png::BitDepth::Eight);
            enc.write_header()?.write_image_data(&self.rgb)?;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Budget 100, frames 50/150/100/300: the axis runs to 330 (10% above the largest), its
    /// ticks every 100 (at most 6 ticks: a step of 50 would make 6.6), one tick per frame.
    fn report() -> CpuReport {
        let mut r = CpuReport::new(30, 100, 7);
        for f in [50, 150, 100, 300] {
            r.push(f);
        }
        r
    }

    #[test]
    fn ticks_are_round_numbers() {
        assert_eq!(tick_step(330.0, 6), 100);
        assert_eq!(tick_step(153_791.0, 6), 50_000);
        assert_eq!(tick_step(4.0, 12), 1);
        assert_eq!(tick_step(600.0, 12), 50);
        assert_eq!(short(150_000), "150k");
        assert_eq!(short(1_500_000), "1.5M");
        assert_eq!(short(250), "250");
        assert_eq!(grouped(139_810), "139,810");
    }

    #[test]
    fn the_svg_has_axes_ticks_and_a_labelled_budget() {
        let svg = report().svg();
        assert!(
            svg.starts_with("<svg") && svg.ends_with("</svg>\n"),
            "{svg}"
        );
        for label in [
            ">frame</text>",
            ">VM instructions</text>",
            ">budget 100 per frame (30 fps)</text>",
            ">0</text>",
            ">100</text>",
            ">300</text>",
            ">4</text>",
            "max 300, mean 150, 2 of 4 frames over budget; startup 7",
        ] {
            assert!(svg.contains(label), "{label} missing:\n{svg}");
        }
        assert!(!svg.contains(">400</text>"), "{svg}");
        // Two bars over the budget, red; two under, green.
        assert_eq!(svg.matches("fill=\"#ff004d\"").count(), 2);
        assert_eq!(svg.matches("fill=\"#00e436\"").count(), 2);
    }

    /// 10,000 frames: 2,500 bars of 4 frames each (see `cpu::SERIES_POINTS`), the frame axis
    /// still to frame 10,000.
    #[test]
    fn a_long_run_plots_a_bounded_number_of_bars() {
        let mut r = CpuReport::new(30, 100, 0);
        for f in 0..10_000 {
            r.push(f % 200);
        }
        let svg = r.svg();
        assert_eq!(svg.matches("<rect x=").count(), 2_500);
        assert!(svg.contains(">10000</text>"), "no tick at frame 10000");
        assert!(svg.contains("of 10000 frames over budget"));
        assert!(r.png().is_ok());
    }

    #[test]
    fn the_png_has_axes_and_text() {
        let bytes = report().png().unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        let (w, h) = (info.width as usize, info.height as usize);
        let at = |x: usize, y: usize| -> [u8; 3] {
            let i = (y * w + x) * 3;
            [buf[i], buf[i + 1], buf[i + 2]]
        };
        // The axes: the left one at x = 36 from the top margin down, the bottom one at y = 216.
        assert!((14..=216).all(|y| at(36, y) == INK));
        assert!((36..632).all(|x| at(x, 216) == INK));
        // Tick labels left of the axis, frame numbers and "frame" under it.
        let inked = |x0: usize, x1: usize, y0: usize, y1: usize| {
            (y0..y1).any(|y| (x0..x1).any(|x| at(x, y) == INK))
        };
        assert!(inked(0, 33, 20, 216), "no tick labels");
        assert!(inked(36, 632, 220, h), "no frame numbers");
        assert_eq!(h, 240);
    }
}
