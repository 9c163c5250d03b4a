//! Drawing into the framebuffer with PICO-8's draw state (camera, clip, draw palette, fill pattern,
//! transparency), all read from RAM so `poke`s to the draw state take effect.

use crate::font;
use crate::memory::{Memory, CAMERA, CLIP, DRAW_PAL, FILLP, GFX, PEN, SCREEN_PAL};

pub use tafl8_p8::palette::PALETTE;

/// Drawing operations over a machine's RAM.
pub struct Canvas<'a> {
    /// The RAM drawn into.
    pub mem: &'a mut Memory,
}

impl Canvas<'_> {
    fn camera(&self) -> (i32, i32) {
        (self.mem.i16_at(CAMERA), self.mem.i16_at(CAMERA + 2))
    }

    /// Sets the pen colour when a colour argument is given, and returns the colour to draw with.
    pub fn pen(&mut self, c: Option<i32>) -> u8 {
        match c {
            Some(c) => {
                self.mem.poke(PEN as i32, c as u8);
                c as u8
            }
            None => self.mem.peek(PEN as i32),
        }
    }

    /// Plots one pixel of a shape at camera-relative (x, y) with colour byte `c` (low nibble primary,
    /// high nibble secondary for the fill pattern).
    pub fn plot(&mut self, x: i32, y: i32, c: u8) {
        let (cx, cy) = self.camera();
        let (x, y) = (x - cx, y - cy);
        if !self.clipped_in(x, y) {
            return;
        }
        let pattern =
            u16::from_le_bytes([self.mem.peek(FILLP as i32), self.mem.peek(FILLP as i32 + 1)]);
        let mut colour = c & 15;
        if pattern != 0 {
            let bit = 15 - ((y & 3) * 4 + (x & 3));
            if pattern & (1 << bit) != 0 {
                if self.mem.peek(FILLP as i32 + 2) & 1 != 0 {
                    return;
                }
                colour = c >> 4;
            }
        }
        let mapped = self.mem.peek(DRAW_PAL as i32 + i32::from(colour)) & 15;
        self.mem.set_pixel(x, y, mapped);
    }

    fn clipped_in(&self, x: i32, y: i32) -> bool {
        let c = |i: i32| i32::from(self.mem.peek(CLIP as i32 + i));
        x >= c(0) && y >= c(1) && x < c(2) && y < c(3)
    }

    /// The clip rectangle in draw coordinates (camera added back): `(x0, y0, x1, y1)`, inclusive;
    /// empty when x0 > x1 or y0 > y1. Loops run over this, so their work is the pixels drawn, not
    /// the size of the shape asked for.
    fn visible(&self) -> (i32, i32, i32, i32) {
        let (cx, cy) = self.camera();
        let c = |i: i32| i32::from(self.mem.peek(CLIP as i32 + i));
        (c(0) + cx, c(1) + cy, c(2) - 1 + cx, c(3) - 1 + cy)
    }

    /// `cls(c)`: fills the screen, homes the cursor and resets the clip rectangle.
    pub fn cls(&mut self, c: u8) {
        let byte = (c & 15) | ((c & 15) << 4);
        self.mem.bytes_mut()[0x6000..0x8000].fill(byte);
        self.mem.reset_clip();
        self.mem.poke(crate::memory::CURSOR as i32, 0);
        self.mem.poke(crate::memory::CURSOR as i32 + 1, 0);
    }

    /// `pget(x, y)`: the framebuffer value under the camera.
    pub fn pget(&self, x: i32, y: i32) -> u8 {
        let (cx, cy) = self.camera();
        self.mem.pixel(x - cx, y - cy)
    }

    /// `line`: Bresenham from (x0, y0) to (x1, y1), both ends included; returns the points
    /// stepped through.
    pub fn line(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, c: u8) -> u64 {
        let (dx, dy) = ((x1 - x0).abs(), -(y1 - y0).abs());
        let (sx, sy) = (if x0 < x1 { 1 } else { -1 }, if y0 < y1 { 1 } else { -1 });
        let (mut x, mut y, mut err) = (x0, y0, dx + dy);
        let mut points = 0;
        // Bounded by the longer side, so an enormous line cannot stall the runner.
        for _ in 0..=dx.max(-dy).min(4096) {
            self.plot(x, y, c);
            points += 1;
            if x == x1 && y == y1 {
                break;
            }
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                x += sx;
            }
            if e2 <= dx {
                err += dx;
                y += sy;
            }
        }
        points
    }

    /// `rectfill`: corners in any order, inclusive; returns the pixels drawn (inside the clip).
    pub fn rectfill(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, c: u8) -> u64 {
        let (vx0, vy0, vx1, vy1) = self.visible();
        let (xa, xb) = (x0.min(x1).max(vx0), x0.max(x1).min(vx1));
        let (ya, yb) = (y0.min(y1).max(vy0), y0.max(y1).min(vy1));
        if xa > xb || ya > yb {
            return 0;
        }
        for y in ya..=yb {
            for x in xa..=xb {
                self.plot(x, y, c);
            }
        }
        (xb - xa + 1) as u64 * (yb - ya + 1) as u64
    }

    /// `rect`: the outline.
    pub fn rect(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, c: u8) {
        self.line(x0, y0, x1, y0, c);
        self.line(x0, y1, x1, y1, c);
        self.line(x0, y0, x0, y1, c);
        self.line(x1, y0, x1, y1, c);
    }

    /// `circ`/`circfill`: midpoint circle of radius r; returns the pixels drawn (inside the clip)
    /// and the steps taken (the work, which does not shrink with clipping).
    pub fn circle(&mut self, cx: i32, cy: i32, r: i32, c: u8, fill: bool) -> (u64, u64) {
        if r < 0 {
            return (0, 0);
        }
        let r = r.min(1024);
        let (mut x, mut y, mut d) = (r, 0, 1 - r);
        let (mut drawn, mut steps) = (0, 0);
        while x >= y {
            steps += 1;
            if fill {
                drawn += self.hspan(cx - x, cx + x, cy + y, c);
                drawn += self.hspan(cx - x, cx + x, cy - y, c);
                drawn += self.hspan(cx - y, cx + y, cy + x, c);
                drawn += self.hspan(cx - y, cx + y, cy - x, c);
            } else {
                drawn += 8;
                for (px, py) in [
                    (x, y),
                    (y, x),
                    (-y, x),
                    (-x, y),
                    (-x, -y),
                    (-y, -x),
                    (y, -x),
                    (x, -y),
                ] {
                    self.plot(cx + px, cy + py, c);
                }
            }
            y += 1;
            if d < 0 {
                d += 2 * y + 1;
            } else {
                x -= 1;
                d += 2 * (y - x) + 1;
            }
        }
        (drawn, steps)
    }

    /// A row from x0 to x1 (inclusive), clipped; returns the pixels drawn.
    fn hspan(&mut self, x0: i32, x1: i32, y: i32, c: u8) -> u64 {
        let (vx0, vy0, vx1, vy1) = self.visible();
        let (xa, xb) = (x0.max(vx0), x1.min(vx1));
        if y < vy0 || y > vy1 || xa > xb {
            return 0;
        }
        for x in xa..=xb {
            self.plot(x, y, c);
        }
        (xb - xa + 1) as u64
    }

    /// `oval`/`ovalfill`: the ellipse inscribed in the box, row by row; returns the pixels drawn
    /// (inside the clip) and the rows looked at.
    pub fn oval(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, c: u8, fill: bool) -> (u64, u64) {
        let (xa, ya) = (x0.min(x1), y0.min(y1));
        // Bounded extent, so enormous coordinates cannot stall the runner.
        let (xb, yb) = (x0.max(x1).min(xa + 2048), y0.max(y1).min(ya + 2048));
        let (cx, cy) = (f64::from(xa + xb) / 2.0, f64::from(ya + yb) / 2.0);
        let (rx, ry) = (
            f64::from(xb - xa) / 2.0 + 0.5,
            f64::from(yb - ya) / 2.0 + 0.5,
        );
        let mut prev: Option<(i32, i32)> = None;
        let (mut drawn, mut rows) = (0, 0);
        // Only the rows inside the clip, and the one above them (for the outline's joins).
        let (_, vy0, _, vy1) = self.visible();
        for y in ya.max(vy0 - 1)..=yb.min(vy1) {
            rows += 1;
            let dy = (f64::from(y) - cy) / ry;
            let half = rx * (1.0 - dy * dy).max(0.0).sqrt();
            let (l, r) = (
                (cx - half + 0.5).round() as i32,
                (cx + half - 0.5).round() as i32,
            );
            drawn += match prev {
                _ if fill || y == ya || y == yb || y < vy0 => self.hspan(l, r, y, c),
                // Join each row's ends to the previous row's so steep sides have no gaps.
                Some((pl, pr)) => {
                    self.hspan(l.min(pl + 1).min(l), l.max(pl - 1), y, c)
                        + self.hspan(r.min(pr + 1), r.max(pr - 1).max(r), y, c)
                }
                None => self.hspan(l, r, y, c),
            };
            prev = Some((l, r));
        }
        (drawn, rows)
    }

    /// `sspr`: a sprite-sheet rectangle scaled to (dw, dh), optionally flipped, with transparency.
    pub fn sspr(
        &mut self,
        (sx, sy, sw, sh): (i32, i32, i32, i32),
        (dx, dy, dw, dh): (i32, i32, i32, i32),
        flip_x: bool,
        flip_y: bool,
    ) {
        if sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0 {
            return;
        }
        let (dw, dh) = (dw.min(1024), dh.min(1024));
        // Only the destination pixels inside the clip.
        let (vx0, vy0, vx1, vy1) = self.visible();
        let (i0, i1) = ((vx0 - dx).max(0), (vx1 - dx + 1).min(dw));
        let (j0, j1) = ((vy0 - dy).max(0), (vy1 - dy + 1).min(dh));
        for j in j0..j1 {
            for i in i0..i1 {
                let mut u = i * sw / dw;
                let mut v = j * sh / dh;
                if flip_x {
                    u = sw - 1 - u;
                }
                if flip_y {
                    v = sh - 1 - v;
                }
                let src = self.mem.sprite_pixel(sx + u, sy + v);
                self.sprite_pixel(dx + i, dy + j, src);
            }
        }
    }

    /// A sprite pixel: transparent colours (draw palette bit 4) are skipped; no fill pattern.
    fn sprite_pixel(&mut self, x: i32, y: i32, src: u8) {
        let entry = self.mem.peek(DRAW_PAL as i32 + i32::from(src));
        if entry & 0x10 != 0 {
            return;
        }
        let (cx, cy) = self.camera();
        let (x, y) = (x - cx, y - cy);
        if self.clipped_in(x, y) {
            self.mem.set_pixel(x, y, entry & 15);
        }
    }

    /// `spr(n, x, y, w, h, flip_x, flip_y)`: the argument list mirrors PICO-8's.
    #[allow(clippy::too_many_arguments)]
    pub fn spr(&mut self, n: i32, x: i32, y: i32, w: f64, h: f64, flip_x: bool, flip_y: bool) {
        let n = n & 255;
        let (sw, sh) = ((w * 8.0) as i32, (h * 8.0) as i32);
        let (sx, sy) = ((n % 16) * 8, (n / 16) * 8);
        self.sspr((sx, sy, sw, sh), (x, y, sw, sh), flip_x, flip_y);
    }

    /// `map(cx, cy, sx, sy, cw, ch, layers)`: cells drawn as sprites; cell 0 is never drawn.
    /// Returns the cells drawn and the cells looked at.
    #[allow(clippy::too_many_arguments)]
    pub fn map(
        &mut self,
        cx: i32,
        cy: i32,
        sx: i32,
        sy: i32,
        cw: i32,
        ch: i32,
        layers: u8,
    ) -> (u64, u64) {
        let mut cells = 0;
        let looked = (cw.clamp(0, 128) * ch.clamp(0, 64)) as u64;
        for j in 0..ch.clamp(0, 64) {
            for i in 0..cw.clamp(0, 128) {
                let Some(addr) = Memory::map_addr(cx + i, cy + j) else {
                    continue;
                };
                let tile = self.mem.bytes()[addr];
                if tile == 0 {
                    continue;
                }
                let flags = self.mem.peek(crate::memory::GFF as i32 + i32::from(tile));
                if layers != 0 && flags & layers != layers {
                    continue;
                }
                self.spr(
                    i32::from(tile),
                    sx + i * 8,
                    sy + j * 8,
                    1.0,
                    1.0,
                    false,
                    false,
                );
                cells += 1;
            }
        }
        (cells, looked)
    }

    /// Draws text at (x, y) in colour c; returns the x after the last character. `\n` starts a new
    /// line 6 pixels down.
    pub fn text(&mut self, s: &[u8], x: i32, y: i32, c: u8) -> (i32, i32) {
        let (mut px, mut py) = (x, y);
        for &b in s {
            if b == b'\n' {
                px = x;
                py += 6;
                continue;
            }
            let (g, w) = (font::glyph(b), font::width(b));
            let (vx0, vy0, vx1, vy1) = self.visible();
            if px + w <= vx0 || px > vx1 || py + 6 <= vy0 || py > vy1 {
                // Wholly outside the clip: nothing to draw.
                px += font::advance(b);
                continue;
            }
            for (row, bits) in g.iter().enumerate() {
                for col in 0..w {
                    if bits & (1 << (w - 1 - col)) != 0 {
                        self.plot(px + col, py + row as i32, c);
                    }
                }
            }
            px += font::advance(b);
        }
        (px, py)
    }

    /// The framebuffer as RGB bytes through the screen palette (what PICO-8 displays).
    pub fn rgb(mem: &Memory) -> Vec<u8> {
        let mut out = Vec::with_capacity(128 * 128 * 3);
        for y in 0..128 {
            for x in 0..128 {
                let v = mem.pixel(x, y);
                let shown = mem.peek(SCREEN_PAL as i32 + i32::from(v));
                // Screen palette entries 128..143 select PICO-8's secret colours; shown here as the base 16.
                out.extend_from_slice(&PALETTE[usize::from(shown & 15)]);
            }
        }
        out
    }
}

/// Address of sprite n's top-left byte (for tests and tools).
pub fn sprite_addr(n: i32) -> usize {
    GFX + ((n as usize / 16) * 8 * 64) + (n as usize % 16) * 4
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canvas_test(f: impl FnOnce(&mut Canvas)) -> Memory {
        let mut mem = Memory::default();
        f(&mut Canvas { mem: &mut mem });
        mem
    }

    #[test]
    fn rectfill_respects_camera_and_clip() {
        let m = canvas_test(|c| {
            c.mem.set_i16_at(CAMERA, 10);
            c.mem.bytes_mut()[CLIP..CLIP + 4].copy_from_slice(&[0, 0, 5, 128]);
            c.rectfill(10, 0, 20, 2, 8);
        });
        assert_eq!(m.pixel(0, 0), 8);
        assert_eq!(m.pixel(4, 2), 8);
        assert_eq!(m.pixel(5, 0), 0, "clipped at x1 = 5");
        assert_eq!(m.pixel(0, 3), 0);
    }

    #[test]
    fn circle_radius_two_outline() {
        let m = canvas_test(|c| {
            c.circle(10, 10, 2, 7, false);
        });
        for (x, y) in [(12, 10), (8, 10), (10, 12), (10, 8), (12, 11), (11, 12)] {
            assert_eq!(m.pixel(x, y), 7, "({x},{y}) on the circle");
        }
        assert_eq!(m.pixel(10, 10), 0, "centre empty");
    }

    #[test]
    fn line_is_inclusive_and_diagonal() {
        let m = canvas_test(|c| {
            c.line(0, 0, 3, 3, 9);
        });
        for i in 0..4 {
            assert_eq!(m.pixel(i, i), 9);
        }
        assert_eq!(m.pixel(1, 0), 0);
    }

    #[test]
    fn sprites_skip_transparent_colour_zero_and_flip() {
        let m = canvas_test(|c| {
            // Sprite 1: top row = colours 0,1,2,...,7.
            for x in 0..8 {
                c.mem.set_sprite_pixel(8 + x, 0, x as u8);
            }
            c.mem.set_pixel(0, 0, 5);
            c.spr(1, 0, 0, 1.0, 1.0, false, false);
            c.spr(1, 0, 4, 1.0, 1.0, true, false);
        });
        assert_eq!(m.pixel(0, 0), 5, "colour 0 is transparent");
        assert_eq!(m.pixel(3, 0), 3);
        assert_eq!(m.pixel(0, 4), 7, "flipped");
    }

    #[test]
    fn fill_pattern_uses_secondary_colour() {
        let m = canvas_test(|c| {
            // Top-left pixel of each 4x4 cell is bit 15.
            c.mem.poke(FILLP as i32, 0x00);
            c.mem.poke(FILLP as i32 + 1, 0x80);
            c.rectfill(0, 0, 3, 3, 0x27);
        });
        assert_eq!(m.pixel(0, 0), 2);
        assert_eq!(m.pixel(1, 0), 7);
    }

    #[test]
    fn text_draws_glyphs_and_advances() {
        let mut end = (0, 0);
        let m = canvas_test(|c| end = c.text(b"1", 0, 0, 7));
        assert_eq!(end, (4, 0));
        // '1' = ##. / .#. / .#. / .#. / ###
        assert_eq!((m.pixel(0, 0), m.pixel(1, 0), m.pixel(2, 0)), (7, 7, 0));
        assert_eq!((m.pixel(0, 4), m.pixel(2, 4)), (7, 7));
    }
}
