//! The runner's font for `print`: PICO-8's default font for printable ASCII in 3x5 (4x6 cell) and
//! the button glyphs of P8SCII in 7x5 (8x6 cell); anything else as a hollow box.
//!
//! The shapes are PICO-8's, transcribed glyph by glyph from the font image Lexaloffle distributes
//! (CC-0; the copy at `scripts/font.png` of the yocto-8 emulator, "a pico-8 font as distributed on
//! the pico-8 website"); zepto8's font agrees with it on every glyph here. Lowercase letters are
//! PICO-8's full-height capitals; uppercase letters are its small "puny" capitals, one row lower.
//! Each line is `<char> <row1> .. <row5>`, `#` = ink.

use std::sync::OnceLock;

const GLYPHS: &str = r#"  ... ... ... ... ...
! .#. .#. .#. ... .#.
" #.# #.# ... ... ...
# #.# ### #.# ### #.#
$ ### ##. .## ### .#.
% #.# ..# .#. #.. #.#
& ##. ##. .## #.# ###
' .#. #.. ... ... ...
( .#. #.. #.. #.. .#.
) .#. ..# ..# ..# .#.
* #.# .#. ### .#. #.#
+ ... .#. ### .#. ...
, ... ... ... .#. #..
- ... ... ### ... ...
. ... ... ... ... .#.
/ ..# .#. .#. .#. #..
0 ### #.# #.# #.# ###
1 ##. .#. .#. .#. ###
2 ### ..# ### #.. ###
3 ### ..# .## ..# ###
4 #.# #.# ### ..# ..#
5 ### #.. ### ..# ###
6 #.. #.. ### #.# ###
7 ### ..# ..# ..# ..#
8 ### #.# ### #.# ###
9 ### #.# ### ..# ..#
: ... .#. ... .#. ...
; ... .#. ... .#. #..
< ..# .#. #.. .#. ..#
= ... ### ... ### ...
> #.. .#. ..# .#. #..
? ### ..# .## ... .#.
@ .#. #.# #.# #.. .##
A ... .## #.# ### #.#
B ... ##. ##. #.# ###
C ... .## #.. #.. .##
D ... ##. #.# #.# ##.
E ... ### ##. #.. .##
F ... ### ##. #.. #..
G ... .## #.. #.# ###
H ... #.# #.# ### #.#
I ... ### .#. .#. ###
J ... ### .#. .#. ##.
K ... #.# ##. #.# #.#
L ... #.. #.. #.. .##
M ... ### ### #.# #.#
N ... ##. #.# #.# #.#
O ... .## #.# #.# ##.
P ... .## #.# ### #..
Q ... .#. #.# ##. .##
R ... ##. #.# ##. #.#
S ... .## #.. ..# ##.
T ... ### .#. .#. .#.
U ... #.# #.# #.# .##
V ... #.# #.# ### .#.
W ... #.# #.# ### ###
X ... #.# .#. .#. #.#
Y ... #.# ### ..# ##.
Z ... ### ..# #.. ###
[ ##. #.. #.. #.. ##.
\ #.. .#. .#. .#. ..#
] .## ..# ..# ..# .##
^ .#. #.# ... ... ...
_ ... ... ... ... ###
` .#. ..# ... ... ...
a ### #.# ### #.# #.#
b ### #.# ##. #.# ###
c .## #.. #.. #.. .##
d ##. #.# #.# #.# ###
e ### #.. ##. #.. ###
f ### #.. ##. #.. #..
g .## #.. #.. #.# ###
h #.# #.# ### #.# #.#
i ### .#. .#. .#. ###
j ### .#. .#. .#. ##.
k #.# #.# ##. #.# #.#
l #.. #.. #.. #.. ###
m ### ### #.# #.# #.#
n ##. #.# #.# #.# #.#
o .## #.# #.# #.# ##.
p ### #.# ### #.. #..
q .#. #.# #.# ##. .##
r ### #.# ##. #.# #.#
s .## #.. ### ..# ##.
t ### .#. .#. .#. .#.
u #.# #.# #.# #.# .##
v #.# #.# #.# ### .#.
w #.# #.# #.# ### ###
x #.# #.# .#. #.# #.#
y #.# #.# ### ..# ###
z ### ..# .#. #.. ###
{ .## .#. ##. .#. .##
| .#. .#. .#. .#. .#.
} ##. .#. .## .#. ##.
~ ... ..# ### #.. ..."#;

/// The wide button glyphs, 7 columns each, as PICO-8's default font draws them: a rounded
/// block with the symbol cut out of it (cross-checked with the font table of the yocto-8
/// emulator, `src/video/defaultfont.hpp`, whose bytes hold the leftmost pixel in bit 0). Each
/// line is `<P8SCII code> <row1> .. <row5>`.
const WIDE: &str = "131 .#####. ##...## ##...## ###.### .#####.
139 .#####. ###..## ##...## ###..## .#####.
142 .#####. ##...## ##.#.## ##...## .#####.
145 .#####. ##..### ##...## ##..### .#####.
148 .#####. ###.### ##...## ##...## .#####.
151 .#####. ##.#.## ###.### ##.#.## .#####.";

/// P8SCII codes of the button glyphs: ⬇️ ⬅️ 🅾️ ➡️ ⬆️ ❎.
pub const BUTTON_GLYPHS: [u8; 6] = [131, 139, 142, 145, 148, 151];

/// Rows of a glyph: 5 rows; in a glyph [`width`] columns wide, bit `width - 1` is the leftmost.
pub type Glyph = [u8; 5];

/// A row of `#`/`.` as bits, leftmost first.
fn row_bits(row: &str) -> u8 {
    row.bytes()
        .fold(0, |acc, p| (acc << 1) | u8::from(p == b'#'))
}

fn wide(c: u8) -> Option<Glyph> {
    static TABLE: OnceLock<Vec<(u8, Glyph)>> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        WIDE.lines()
            .map(|line| {
                let mut words = line.split(' ');
                // The table above is a constant: its codes are numbers.
                let code = words.next().and_then(|w| w.parse().ok()).unwrap_or(0);
                let mut g = [0u8; 5];
                for (row, bits) in g.iter_mut().zip(words) {
                    *row = row_bits(bits);
                }
                (code, g)
            })
            .collect()
    });
    t.iter().find(|(code, _)| *code == c).map(|(_, g)| *g)
}

fn table() -> &'static [Glyph; 128] {
    static TABLE: OnceLock<[Glyph; 128]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[0b111, 0b101, 0b101, 0b101, 0b111]; 128];
        for line in GLYPHS.lines() {
            let (c, rest) = (line.as_bytes()[0], &line[2..]);
            let mut g = [0u8; 5];
            for (row, bits) in g.iter_mut().zip(rest.split(' ')) {
                *row = row_bits(bits);
            }
            t[c as usize] = g;
        }
        t
    })
}

/// The glyph for a P8SCII byte (a hollow box for bytes without a shape).
pub fn glyph(c: u8) -> Glyph {
    if c < 128 {
        table()[c as usize]
    } else {
        wide(c).unwrap_or([0b111, 0b101, 0b101, 0b101, 0b111])
    }
}

/// Columns the glyph for `c` has: 7 for the button glyphs, else 3 (the box for other wide
/// characters is 3 columns, as before).
pub fn width(c: u8) -> i32 {
    if wide(c).is_some() {
        7
    } else {
        3
    }
}

/// Horizontal advance in pixels: 4, or 8 for the wide glyphs from 128 up.
pub fn advance(c: u8) -> i32 {
    if c >= 128 {
        8
    } else {
        4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_printable_ascii_has_a_shape() {
        for c in 32u8..127 {
            let g = glyph(c);
            if c != b' ' {
                assert_ne!(g, [0; 5], "glyph for {:?} is empty", c as char);
            }
        }
        assert_eq!(glyph(b' '), [0; 5]);
        assert_eq!(glyph(b'"'), [0b101, 0b101, 0, 0, 0]);
        // Uppercase letters are the puny capitals: nothing on the top row.
        for c in b'A'..=b'Z' {
            assert_eq!(glyph(c)[0], 0, "{}", c as char);
        }
        assert_eq!(glyph(b'1'), [0b110, 0b010, 0b010, 0b010, 0b111]);
    }

    #[test]
    fn button_glyphs_are_seven_wide() {
        for c in BUTTON_GLYPHS {
            assert_eq!(width(c), 7);
            assert_eq!(advance(c), 8);
            // Every button glyph is a block with rounded corners: its top and bottom rows are
            // .#####. and its left and right columns are inked on the three middle rows.
            let g = glyph(c);
            assert_eq!((g[0], g[4]), (0b0111110, 0b0111110), "glyph {c}");
            for row in &g[1..4] {
                assert_eq!(row & 0b1100011, 0b1100011, "glyph {c}");
            }
        }
        // 🅾️ has a dot in the middle of a hollow; ❎ has an X cut out.
        assert_eq!(glyph(142)[1..4], [0b1100011, 0b1101011, 0b1100011]);
        assert_eq!(glyph(151)[1..4], [0b1101011, 0b1110111, 0b1101011]);
        assert_eq!((width(200), advance(200)), (3, 8));
    }
}
