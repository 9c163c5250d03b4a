//! Typed views of a cart's data sections: sprite sheet, sprite flags, map and label.
//!
//! Each is a grid of hex digits in the file, one row per line: `__gfx__` 128 rows of 128 pixels
//! (one hex digit each), `__label__` the same with colours 16..31 written `g`..`v`, `__gff__` 2 rows
//! of 128 flag bytes (two hex digits each), `__map__` 32 rows of 128 tile bytes. Missing rows and
//! short rows read as zeros (PICO-8 does the same); writing emits every row, as PICO-8 does.

use super::{Cart, CartError, Section};

/// How a grid is spelled in its section.
struct Grid {
    /// Section name, for messages.
    name: &'static str,
    rows: usize,
    /// Cells per row.
    cols: usize,
    /// Hex digits per cell (1 for pixels, 2 for bytes).
    digits: usize,
    /// Whether `g`..`v` (16..31) are allowed (the label's extended palette).
    extended: bool,
}

const GFX: Grid = Grid {
    name: "gfx",
    rows: 128,
    cols: 128,
    digits: 1,
    extended: false,
};
const LABEL: Grid = Grid {
    name: "label",
    rows: 128,
    cols: 128,
    digits: 1,
    extended: true,
};
const GFF: Grid = Grid {
    name: "gff",
    rows: 2,
    cols: 128,
    digits: 2,
    extended: false,
};
const MAP: Grid = Grid {
    name: "map",
    rows: 32,
    cols: 128,
    digits: 2,
    extended: false,
};

fn digit_value(c: u8, extended: bool) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        b'g'..=b'v' if extended => Some(c - b'g' + 16),
        _ => None,
    }
}

fn digit_char(v: u8) -> char {
    b"0123456789abcdefghijklmnopqrstuv"[(v & 31) as usize] as char
}

impl Grid {
    fn read(&self, section: Option<&Section>) -> Result<Vec<u8>, CartError> {
        let mut cells = vec![0u8; self.rows * self.cols];
        let Some(section) = section else {
            return Ok(cells);
        };
        let width = self.cols * self.digits;
        let mut row = 0;
        for (i, line) in section.lines().enumerate() {
            let file_line = section.line + 1 + i;
            let line = line.trim_end();
            if line.is_empty() {
                continue;
            }
            if row >= self.rows {
                return Err(CartError::new(
                    file_line,
                    1,
                    format!(
                        "`__{}__` has more than {} rows: remove the extra lines",
                        self.name, self.rows
                    ),
                ));
            }
            if line.len() > width {
                return Err(CartError::new(
                    file_line,
                    width + 1,
                    format!(
                        "`__{}__` row is {} characters long; at most {width} are allowed",
                        self.name,
                        line.chars().count()
                    ),
                ));
            }
            let bytes = line.as_bytes();
            for (col, chunk) in bytes.chunks(self.digits).enumerate() {
                let mut v = 0u8;
                for (k, &c) in chunk.iter().enumerate() {
                    let d = digit_value(c, self.extended).ok_or_else(|| {
                        let allowed = if self.extended {
                            "0-9, a-v"
                        } else {
                            "0-9, a-f"
                        };
                        CartError::new(
                            file_line,
                            col * self.digits + k + 1,
                            format!(
                                "`__{}__` holds a character that is not a digit ({allowed}): {:?}",
                                self.name,
                                line[col * self.digits + k..].chars().next().unwrap_or('?')
                            ),
                        )
                    })?;
                    v = (v << 4) | d;
                }
                // A lone trailing digit of a byte is its high nibble (`f` reads as 0xf0).
                if chunk.len() < self.digits {
                    v <<= 4;
                }
                cells[row * self.cols + col] = v;
            }
            row += 1;
        }
        Ok(cells)
    }

    fn write(&self, cells: &[u8]) -> Vec<String> {
        cells
            .chunks(self.cols)
            .map(|row| {
                let mut s = String::with_capacity(self.cols * self.digits);
                for &v in row {
                    if self.digits == 2 {
                        s.push(digit_char(v >> 4));
                        s.push(digit_char(v & 15));
                    } else {
                        s.push(digit_char(v));
                    }
                }
                s
            })
            .collect()
    }
}

macro_rules! grid_type {
    ($(#[$doc:meta])* $ty:ident, $w:expr, $h:expr, $max:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $ty {
            cells: Vec<u8>,
        }

        impl Default for $ty {
            fn default() -> Self {
                $ty { cells: vec![0; $w * $h] }
            }
        }

        impl $ty {
            /// Width in cells.
            pub const WIDTH: usize = $w;
            /// Height in cells.
            pub const HEIGHT: usize = $h;
            /// Largest cell value.
            pub const MAX: u8 = $max;

            /// The cell at column `x`, row `y` (both must be in range).
            pub fn get(&self, x: usize, y: usize) -> u8 {
                self.cells[y * $w + x]
            }

            /// Sets the cell at column `x`, row `y` (values above [`Self::MAX`] are masked).
            pub fn set(&mut self, x: usize, y: usize, v: u8) {
                self.cells[y * $w + x] = v & $max;
            }

            /// All cells, row by row.
            pub fn cells(&self) -> &[u8] {
                &self.cells
            }
        }
    };
}

grid_type!(
    /// The sprite sheet: 128x128 pixels, colours 0..15.
    Gfx, 128, 128, 15
);
grid_type!(
    /// The cart label: 128x128 pixels, colours 0..31 (16..31 are the secret palette).
    Label, 128, 128, 31
);
grid_type!(
    /// Sprite flags: one byte for each of the 256 sprites (`WIDTH` 256, `HEIGHT` 1).
    Flags, 256, 1, 255
);
grid_type!(
    /// The map's own 128x32 tiles (the lower half of PICO-8's map shares the sprite sheet).
    Map, 128, 32, 255
);

impl Cart {
    /// The sprite sheet (zeros where the cart has none).
    pub fn gfx(&self) -> Result<Gfx, CartError> {
        GFX.read(self.section("gfx")).map(|cells| Gfx { cells })
    }

    /// Replaces the sprite sheet.
    pub fn set_gfx(&mut self, gfx: &Gfx) {
        self.set_lines("gfx", GFX.write(&gfx.cells));
    }

    /// The label (zeros where the cart has none).
    pub fn label(&self) -> Result<Label, CartError> {
        LABEL
            .read(self.section("label"))
            .map(|cells| Label { cells })
    }

    /// Replaces the label.
    pub fn set_label(&mut self, label: &Label) {
        self.set_lines("label", LABEL.write(&label.cells));
    }

    /// The sprite flags (zeros where the cart has none).
    pub fn flags(&self) -> Result<Flags, CartError> {
        GFF.read(self.section("gff")).map(|cells| Flags { cells })
    }

    /// Replaces the sprite flags.
    pub fn set_flags(&mut self, flags: &Flags) {
        self.set_lines("gff", GFF.write(&flags.cells));
    }

    /// The map (zeros where the cart has none).
    pub fn map(&self) -> Result<Map, CartError> {
        MAP.read(self.section("map")).map(|cells| Map { cells })
    }

    /// Replaces the map.
    pub fn set_map(&mut self, map: &Map) {
        self.set_lines("map", MAP.write(&map.cells));
    }
}
