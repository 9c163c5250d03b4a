//! The runner's own 3x5 font (4x6 cell) for `print`: printable ASCII, lowercase drawn with the
//! uppercase shapes (as PICO-8's default font shows lowercase), anything else as a hollow box.
//! The shapes were drawn for this project; each line is `<char> <row1> .. <row5>`, `#` = ink.

use std::sync::OnceLock;

const GLYPHS: &str = r#"  ... ... ... ... ...
! .#. .#. .#. ... .#.
" #.# #.# ... ... ...
# #.# ### #.# ### #.#
$ ### ##. ### .## ###
% #.# ..# .#. #.. #.#
& ##. ##. ### #.# ###
' .#. .#. ... ... ...
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
A ### #.# ### #.# #.#
B ### #.# ##. #.# ###
C .## #.. #.. #.. .##
D ##. #.# #.# #.# ##.
E ### #.. ##. #.. ###
F ### #.. ##. #.. #..
G .## #.. #.. #.# ###
H #.# #.# ### #.# #.#
I ### .#. .#. .#. ###
J ### .#. .#. .#. ##.
K #.# #.# ##. #.# #.#
L #.. #.. #.. #.. ###
M ### ### #.# #.# #.#
N ##. #.# #.# #.# #.#
O .## #.# #.# #.# ##.
P ### #.# ### #.. #..
Q .#. #.# #.# ##. .##
R ### #.# ##. #.# #.#
S .## #.. ### ..# ##.
T ### .#. .#. .#. .#.
U #.# #.# #.# #.# .##
V #.# #.# #.# ### .#.
W #.# #.# #.# ### ###
X #.# #.# .#. #.# #.#
Y #.# #.# ### ..# ###
Z ### ..# .#. #.. ###
[ ##. #.. #.. #.. ##.
\ #.. .#. .#. .#. ..#
] .## ..# ..# ..# .##
^ .#. #.# ... ... ...
_ ... ... ... ... ###
` .#. ..# ... ... ...
{ .## .#. ##. .#. .##
| .#. .#. .#. .#. .#.
} ##. .#. .## .#. ##.
~ ... ..# ### #.. ..."#;

/// Rows of a glyph: 5 rows, bit 2 = leftmost of the 3 columns.
pub type Glyph = [u8; 5];

fn table() -> &'static [Glyph; 128] {
    static TABLE: OnceLock<[Glyph; 128]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[0b111, 0b101, 0b101, 0b101, 0b111]; 128];
        for line in GLYPHS.lines() {
            let (c, rest) = (line.as_bytes()[0], &line[2..]);
            let mut g = [0u8; 5];
            for (row, bits) in g.iter_mut().zip(rest.split(' ')) {
                *row = bits
                    .bytes()
                    .fold(0, |acc, p| (acc << 1) | u8::from(p == b'#'));
            }
            t[c as usize] = g;
            if c.is_ascii_uppercase() {
                t[c.to_ascii_lowercase() as usize] = g;
            }
        }
        t
    })
}

/// The glyph for a P8SCII byte (a hollow box for bytes without a shape).
pub fn glyph(c: u8) -> Glyph {
    if c < 128 {
        table()[c as usize]
    } else {
        [0b111, 0b101, 0b101, 0b101, 0b111]
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
        assert_eq!(glyph(b'a'), glyph(b'A'));
        assert_eq!(glyph(b'1'), [0b110, 0b010, 0b010, 0b010, 0b111]);
    }
}
