//! PICO-8's 64 KiB of RAM, laid out as PICO-8 lays it out, with the draw state kept *in* RAM (at
//! 0x5f00..0x5f3f) so `peek`/`poke` and the drawing functions see the same values.

/// Sprite sheet (`__gfx__`), 128x128 pixels at 4 bits; its lower half is shared with map rows 32..63.
pub const GFX: usize = 0x0000;
/// Map rows 0..31 (`__map__`), one byte per cell, 128 cells a row.
pub const MAP: usize = 0x2000;
/// Sprite flags (`__gff__`), one byte per sprite.
pub const GFF: usize = 0x3000;
/// Draw palette: low nibble = colour drawn, bit 4 = transparent for `spr`/`sspr`/`map`.
pub const DRAW_PAL: usize = 0x5f00;
/// Screen palette: the colour each framebuffer value is displayed as.
pub const SCREEN_PAL: usize = 0x5f10;
/// Clip rectangle: x0, y0, x1, y1 (x1/y1 exclusive).
pub const CLIP: usize = 0x5f20;
/// Pen colour.
pub const PEN: usize = 0x5f25;
/// Text cursor x, y.
pub const CURSOR: usize = 0x5f26;
/// Camera x, y as little-endian signed 16-bit integers.
pub const CAMERA: usize = 0x5f28;
/// Fill pattern (16 bits) and its flags byte.
pub const FILLP: usize = 0x5f31;
/// Random generator state: hi word, then lo word.
pub const RNG: usize = 0x5f44;
/// The screen: 128 rows of 64 bytes, two pixels a byte, the left pixel in the low nibble.
pub const SCREEN: usize = 0x6000;

/// The machine's RAM.
#[derive(Clone)]
pub struct Memory {
    bytes: Box<[u8; 0x10000]>,
}

impl Default for Memory {
    fn default() -> Self {
        let mut m = Memory {
            bytes: Box::new([0; 0x10000]),
        };
        m.reset_draw_state();
        m
    }
}

impl Memory {
    /// Resets palettes, clip, pen, cursor, camera and fill pattern to PICO-8's power-on values.
    pub fn reset_draw_state(&mut self) {
        self.reset_palettes();
        self.reset_clip();
        self.bytes[PEN] = 6;
        self.bytes[CURSOR] = 0;
        self.bytes[CURSOR + 1] = 0;
        self.bytes[CAMERA..CAMERA + 4].fill(0);
        self.bytes[FILLP..FILLP + 3].fill(0);
    }

    /// `pal()`: identity palettes, colour 0 transparent.
    pub fn reset_palettes(&mut self) {
        for c in 0..16u8 {
            self.bytes[DRAW_PAL + c as usize] = c;
            self.bytes[SCREEN_PAL + c as usize] = c;
        }
        self.bytes[DRAW_PAL] |= 0x10;
    }

    /// `clip()`: the whole screen.
    pub fn reset_clip(&mut self) {
        self.bytes[CLIP..CLIP + 4].copy_from_slice(&[0, 0, 128, 128]);
    }

    /// One byte; addresses wrap at 64 KiB.
    pub fn peek(&self, addr: i32) -> u8 {
        self.bytes[(addr & 0xffff) as usize]
    }

    /// Writes one byte; addresses wrap at 64 KiB.
    pub fn poke(&mut self, addr: i32, v: u8) {
        self.bytes[(addr & 0xffff) as usize] = v;
    }

    /// The whole RAM, read-only.
    pub fn bytes(&self) -> &[u8; 0x10000] {
        &self.bytes
    }

    /// The whole RAM.
    pub fn bytes_mut(&mut self) -> &mut [u8; 0x10000] {
        &mut self.bytes
    }

    /// A little-endian signed 16-bit value (camera coordinates).
    pub fn i16_at(&self, addr: usize) -> i32 {
        i32::from(i16::from_le_bytes([self.bytes[addr], self.bytes[addr + 1]]))
    }

    /// Stores a little-endian 16-bit value.
    pub fn set_i16_at(&mut self, addr: usize, v: i32) {
        self.bytes[addr..addr + 2].copy_from_slice(&(v as i16).to_le_bytes());
    }

    /// A framebuffer pixel (no palette applied); off-screen reads give 0.
    pub fn pixel(&self, x: i32, y: i32) -> u8 {
        if !(0..128).contains(&x) || !(0..128).contains(&y) {
            return 0;
        }
        let b = self.bytes[SCREEN + (y as usize) * 64 + (x as usize) / 2];
        if x & 1 == 0 {
            b & 15
        } else {
            b >> 4
        }
    }

    /// Sets a framebuffer pixel, ignoring clip and camera (callers apply them); off-screen is a no-op.
    pub fn set_pixel(&mut self, x: i32, y: i32, c: u8) {
        if !(0..128).contains(&x) || !(0..128).contains(&y) {
            return;
        }
        let i = SCREEN + (y as usize) * 64 + (x as usize) / 2;
        let b = self.bytes[i];
        self.bytes[i] = if x & 1 == 0 {
            (b & 0xf0) | (c & 15)
        } else {
            (b & 0x0f) | (c << 4)
        };
    }

    /// A sprite-sheet pixel (x, y in 0..128), as `sget` reads it.
    pub fn sprite_pixel(&self, x: i32, y: i32) -> u8 {
        if !(0..128).contains(&x) || !(0..128).contains(&y) {
            return 0;
        }
        let b = self.bytes[GFX + (y as usize) * 64 + (x as usize) / 2];
        if x & 1 == 0 {
            b & 15
        } else {
            b >> 4
        }
    }

    /// Sets a sprite-sheet pixel (`sset`).
    pub fn set_sprite_pixel(&mut self, x: i32, y: i32, c: u8) {
        if !(0..128).contains(&x) || !(0..128).contains(&y) {
            return;
        }
        let i = GFX + (y as usize) * 64 + (x as usize) / 2;
        let b = self.bytes[i];
        self.bytes[i] = if x & 1 == 0 {
            (b & 0xf0) | (c & 15)
        } else {
            (b & 0x0f) | (c << 4)
        };
    }

    /// The byte address of map cell (x, y), or `None` off the 128x64 map.
    pub fn map_addr(x: i32, y: i32) -> Option<usize> {
        if !(0..128).contains(&x) || !(0..64).contains(&y) {
            return None;
        }
        // Rows 32..63 live in the shared lower half of the sprite sheet: 0x1000 + (y - 32) * 128 + x,
        // which is y * 128 + x from address 0.
        let base = if y < 32 { MAP } else { GFX };
        Some(base + (y as usize) * 128 + x as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pixels_pack_two_per_byte_left_in_low_nibble() {
        let mut m = Memory::default();
        m.set_pixel(0, 0, 7);
        m.set_pixel(1, 0, 12);
        assert_eq!(m.peek(0x6000), 0xc7);
        assert_eq!(m.pixel(1, 0), 12);
        m.set_pixel(127, 127, 3);
        assert_eq!(m.peek(0x7fff), 0x30);
    }

    #[test]
    fn map_rows_32_and_up_share_the_sprite_sheet() {
        assert_eq!(Memory::map_addr(0, 0), Some(0x2000));
        assert_eq!(Memory::map_addr(127, 31), Some(0x2fff));
        assert_eq!(Memory::map_addr(0, 32), Some(0x1000));
        assert_eq!(Memory::map_addr(0, 64), None);
    }

    #[test]
    fn power_on_draw_state() {
        let m = Memory::default();
        assert_eq!(m.peek(PEN as i32), 6);
        assert_eq!(m.peek(DRAW_PAL as i32), 0x10);
        assert_eq!(m.peek(CLIP as i32 + 2), 128);
    }
}
