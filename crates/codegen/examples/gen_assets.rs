//! Draws tafl8's sprite sheet (tiles, pieces, cursor, marks, the title logo) and label (the logo
//! over the two sides in the lab) and writes them as PNGs in PICO-8's palette:
//! `cargo run -p tafl8-codegen --example gen_assets -- assets` (the argument is the folder).
//!
//! The art is drawn by code so it can be regenerated after a layout change; the committed PNGs
//! are what the cart uses, and may as well be edited by hand in any paint program afterwards.

use std::path::PathBuf;

use tafl8_codegen::assets::{encode, SIDE};
use tafl8_codegen::screen::*;

/// A 128x128 canvas of palette indices.
struct Canvas(Vec<u8>);

impl Canvas {
    fn new() -> Self {
        Canvas(vec![0; SIDE * SIDE])
    }
    fn set(&mut self, x: i32, y: i32, c: u8) {
        if (0..SIDE as i32).contains(&x) && (0..SIDE as i32).contains(&y) {
            self.0[y as usize * SIDE + x as usize] = c;
        }
    }
    fn get(&self, x: usize, y: usize) -> u8 {
        self.0[y * SIDE + x]
    }
    fn rect(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, c: u8) {
        for y in y0..=y1 {
            for x in x0..=x1 {
                self.set(x, y, c);
            }
        }
    }
    /// A filled disc centred on (cx + 0.5, cy + 0.5) in a 16-pixel cell, radius r.
    fn disc(&mut self, cx: f32, cy: f32, r: f32, c: u8) {
        for y in (cy - r - 1.0) as i32..=(cy + r + 1.0) as i32 {
            for x in (cx - r - 1.0) as i32..=(cx + r + 1.0) as i32 {
                let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
                if dx * dx + dy * dy <= r * r {
                    self.set(x, y, c);
                }
            }
        }
    }
    /// Replaces every pixel of colour `inside` that touches colour `outside` (0) by `c`: an outline.
    fn outline(&mut self, x0: i32, y0: i32, c: u8) {
        let mut marks = Vec::new();
        for y in y0..y0 + ART as i32 {
            for x in x0..x0 + ART as i32 {
                if self.0[y as usize * SIDE + x as usize] == 0 {
                    continue;
                }
                let edge = [(0, 1), (1, 0), (0, -1), (-1, 0)].iter().any(|(dx, dy)| {
                    let (nx, ny) = (x + dx, y + dy);
                    nx < x0
                        || ny < y0
                        || nx >= x0 + ART as i32
                        || ny >= y0 + ART as i32
                        || self.0[ny as usize * SIDE + nx as usize] == 0
                });
                if edge {
                    marks.push((x, y));
                }
            }
        }
        for (x, y) in marks {
            self.set(x, y, c);
        }
    }
}

fn floor_tile(s: &mut Canvas, x: i32, fill: u8, line: u8) {
    s.rect(x, 0, x + 15, 15, fill);
    s.rect(x, 15, x + 15, 15, line);
    s.rect(x + 15, 0, x + 15, 15, line);
}

fn sheet() -> Canvas {
    let mut s = Canvas::new();
    // Lab floor tiles (light, dark), with a grout line on two sides so the grid reads.
    floor_tile(&mut s, TILE_LIGHT as i32, 6, 13);
    floor_tile(&mut s, TILE_DARK as i32, 13, 5);
    // Throne: the lab's containment pad, a blue disc with a white ring.
    let t = TILE_THRONE as i32;
    floor_tile(&mut s, t, 1, 5);
    s.disc(t as f32 + 8.0, 8.0, 6.5, 7);
    s.disc(t as f32 + 8.0, 8.0, 5.5, 12);
    s.disc(t as f32 + 8.0, 8.0, 2.0, 7);
    // Corner: the exit hatch, hazard stripes.
    let c = TILE_CORNER as i32;
    for y in 0..16 {
        for x in 0..16 {
            let stripe = ((x + y) / 4) % 2 == 0;
            s.set(c + x, y, if stripe { 10 } else { 0 });
        }
    }
    s.rect(c + 4, 4, c + 11, 11, 5);
    s.rect(c + 5, 5, c + 10, 10, 3);
    // Attacker, "Infected": a green blob with red eyes and drips.
    let a = PIECE_ATTACKER as f32;
    s.disc(a + 8.0, 7.5, 6.0, 3);
    s.disc(a + 7.0, 6.5, 4.0, 11);
    s.rect(a as i32 + 3, 12, a as i32 + 4, 14, 3);
    s.rect(a as i32 + 11, 12, a as i32 + 12, 13, 3);
    s.rect(a as i32 + 5, 6, a as i32 + 6, 7, 8);
    s.rect(a as i32 + 9, 6, a as i32 + 10, 7, 8);
    s.rect(a as i32 + 6, 10, a as i32 + 9, 10, 2);
    s.outline(PIECE_ATTACKER as i32, 0, 1);
    // Defender, "Scientist": white coat, skin head, blue goggles.
    scientist(&mut s, PIECE_DEFENDER as i32, 12);
    // King, "Head Scientist": the same with a gold badge and purple goggles, and a gold halo.
    let k = PIECE_KING as i32;
    s.rect(k + 4, 0, k + 11, 1, 10);
    scientist(&mut s, k, 14);
    s.rect(k + 9, 10, k + 10, 11, 10);
    s.outline(k, 0, 1);
    // Cursor: yellow corner brackets (0 is transparent when drawn).
    let cu = CURSOR as i32;
    for (dx, dy) in [(0, 0), (12, 0), (0, 12), (12, 12)] {
        let (hx, vx) = if dx == 0 {
            (cu, cu)
        } else {
            (cu + 12, cu + 15)
        };
        let hy = if dy == 0 { 0 } else { 15 };
        s.rect(hx, hy, hx + 3, hy, 10);
        let vy = if dy == 0 { 0 } else { 12 };
        s.rect(vx, vy, vx, vy + 3, 10);
    }
    // Highlight: a green dot for a legal destination.
    s.disc(HIGHLIGHT as f32 + 8.0, ART as f32 + 8.0, 2.5, 11);
    // Last-move mark: orange ticks in the corners.
    let m = MARK as i32;
    let y = ART as i32;
    for (dx, dy) in [(1, 1), (13, 1), (1, 13), (13, 13)] {
        s.rect(m + dx, y + dy, m + dx + 1, y + dy + 1, 9);
    }
    logo(&mut s);
    s
}

/// The letters of the logo, 5x7 each (`#` = ink), drawn 4 wide and 3 tall per pixel on the sheet.
const LETTERS: [[&str; 7]; 5] = [
    [
        "#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#..",
    ],
    [
        ".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#",
    ],
    [
        "#####", "#....", "#....", "####.", "#....", "#....", "#....",
    ],
    [
        "#....", "#....", "#....", "#....", "#....", "#....", "#####",
    ],
    [
        ".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###.",
    ],
];

/// The title logo at (0, LOGO_Y): "TAFL8" in big letters with a lab-hazard gradient (yellow,
/// orange, red; the 8 in the infection's greens), a dark blue outline and a drop shadow, so it
/// reads over any background.
fn logo(s: &mut Canvas) {
    const SX: usize = 4;
    const SY: usize = 3;
    let (w, h) = (LOGO_W, LOGO_H);
    // The letters' mask and colours on a LOGO_W x LOGO_H grid.
    let mut ink = vec![0u8; w * h];
    for (i, letter) in LETTERS.iter().enumerate() {
        let x0 = 1 + i * (5 * SX + 3);
        let ramp: [u8; 3] = if i == 4 { [11, 11, 3] } else { [10, 9, 8] };
        for (r, row) in letter.iter().enumerate() {
            for (c, px) in row.bytes().enumerate() {
                if px != b'#' {
                    continue;
                }
                for dy in 0..SY {
                    for dx in 0..SX {
                        let y = 1 + r * SY + dy;
                        let band = (y - 1) * 3 / (7 * SY);
                        // A lighter first row in each block: the letters look bevelled.
                        let c0 = if dy == 0 && band == 0 { 7 } else { ramp[band] };
                        ink[y * w + x0 + c * SX + dx] = c0;
                    }
                }
            }
        }
    }
    let at = |x: i32, y: i32| -> u8 {
        if x < 0 || y < 0 || x >= w as i32 || y >= h as i32 {
            0
        } else {
            ink[y as usize * w + x as usize]
        }
    };
    let top = LOGO_Y as i32;
    for y in 0..h as i32 {
        for x in 0..w as i32 {
            let c = if at(x, y) != 0 {
                at(x, y)
            } else if (-1..=1).any(|dy| (-1..=1).any(|dx| at(x + dx, y + dy) != 0)) {
                1
            } else if at(x - 2, y - 2) != 0 || at(x - 1, y - 2) != 0 {
                // A shadow down and to the right.
                2
            } else {
                0
            };
            s.set(x, top + y, c);
        }
    }
}

fn scientist(s: &mut Canvas, x: i32, goggles: u8) {
    let xf = x as f32;
    // Coat (a trapezoid) and head.
    for (row, half) in (8..15).zip([3, 4, 4, 5, 5, 6, 6]) {
        s.rect(x + 8 - half, row, x + 7 + half, row, 7);
    }
    s.rect(x + 7, 9, x + 8, 14, 6);
    s.disc(xf + 8.0, 5.5, 3.5, 15);
    s.rect(x + 5, 4, x + 10, 5, goggles);
    s.rect(x + 5, 2, x + 10, 2, 4);
    s.outline(x, 0, 1);
}

/// Copies the sheet's `w` x `h` drawing at (u, v) onto `l` at (x, y), `scale` times as big,
/// with colour 0 transparent (as `sspr` draws it).
#[allow(clippy::too_many_arguments)]
fn blit(
    l: &mut Canvas,
    sheet: &Canvas,
    u: usize,
    v: usize,
    w: usize,
    h: usize,
    x: i32,
    y: i32,
    scale: i32,
) {
    for sy in 0..h * scale as usize {
        for sx in 0..w * scale as usize {
            let c = sheet.get(u + sx / scale as usize, v + sy / scale as usize);
            if c != 0 {
                l.set(x + sx as i32, y + sy as i32, c);
            }
        }
    }
}

fn label(sheet: &Canvas) -> Canvas {
    // The label: the logo over the lab at night, the Head Scientist and two Scientists at twice
    // their size facing a line of Infected, on the lab's floor tiles.
    let mut l = Canvas::new();
    l.rect(0, 0, 127, 127, 1);
    // Stripes of the lab's back wall and a hazard band where it meets the floor.
    for y in (42..72).step_by(8) {
        l.rect(0, y, 127, y, 0);
    }
    for x in 0..128 {
        for y in 72..76 {
            l.set(x, y, if ((x + y) / 4) % 2 == 0 { 10 } else { 0 });
        }
    }
    // The floor: two rows of tiles.
    for r in 0..4 {
        for f in 0..8 {
            let tile = if (f + r) % 2 == 0 {
                TILE_DARK
            } else {
                TILE_LIGHT
            };
            blit(&mut l, sheet, tile, 0, ART, ART, f * 16, 76 + r * 16, 1);
        }
    }
    blit(
        &mut l,
        sheet,
        0,
        LOGO_Y,
        LOGO_W,
        LOGO_H,
        (128 - LOGO_W as i32) / 2,
        10,
        1,
    );
    // The defenders, big, on the right; the attackers on the left.
    blit(&mut l, sheet, PIECE_DEFENDER, 0, ART, ART, 58, 54, 2);
    blit(&mut l, sheet, PIECE_DEFENDER, 0, ART, ART, 96, 54, 2);
    blit(&mut l, sheet, PIECE_KING, 0, ART, ART, 74, 46, 2);
    for (x, y) in [(2, 62), (20, 70), (2, 86), (28, 92), (12, 108), (40, 110)] {
        blit(&mut l, sheet, PIECE_ATTACKER, 0, ART, ART, x, y, 1);
    }
    l
}

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "assets".into()));
    let s = sheet();
    let l = label(&s);
    for (name, canvas) in [("sprites.png", &s), ("label.png", &l)] {
        let path = dir.join(name);
        tafl8_outfile::write(&path, &encode(&canvas.0)).unwrap_or_else(|e| {
            eprintln!("error: {e}");
            std::process::exit(1);
        });
        println!("wrote {}", path.display());
    }
}
