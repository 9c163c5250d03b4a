//! The font as `print` draws it. The button glyphs (⬇️ ⬅️ 🅾️ ➡️ ⬆️ ❎): each is one P8SCII
//! character in the source, drawn 7x5 and advancing 8 pixels, with the shape PICO-8's font gives
//! it; the expected pictures below were drawn by hand from PICO-8's own rendering of the glyphs (a
//! rounded block, the symbol cut out of it), independently of the runner's font table. Printable
//! ASCII: a strip of every character against PICO-8's font image (see `ASCII_STRIP`).

mod support;

use support::run_with;
use tafl8_runner::vm::Limits;

/// (the glyph as typed in a cart, its picture: 5 rows of 7, `#` = ink).
const GLYPHS: [(&str, [&str; 5]); 6] = [
    (
        "⬇️",
        [".#####.", "##...##", "##...##", "###.###", ".#####."],
    ),
    (
        "⬅️",
        [".#####.", "###..##", "##...##", "###..##", ".#####."],
    ),
    (
        "🅾️",
        [".#####.", "##...##", "##.#.##", "##...##", ".#####."],
    ),
    (
        "➡️",
        [".#####.", "##..###", "##...##", "##..###", ".#####."],
    ),
    (
        "⬆️",
        [".#####.", "###.###", "##...##", "##...##", ".#####."],
    ),
    (
        "❎",
        [".#####.", "##.#.##", "###.###", "##.#.##", ".#####."],
    ),
];

#[test]
fn button_glyphs_print_with_their_shapes_and_advance_8() {
    // All six in one string at (0,0) in colour 7, then "1" right after them, and the cursor's x
    // after the string, which `print` returns.
    let line: String = GLYPHS.iter().map(|(g, _)| *g).collect();
    let lua = format!("cls() printh(print(\"{line}1\",0,0,7))");
    let (session, report) = run_with(&lua, 0, "", Limits::default()).expect("the cart runs");
    assert_eq!(
        report.printh,
        ["52"],
        "6 glyphs of 8 pixels, then a 4-pixel digit"
    );
    let m = session.vm().machine().borrow();
    for (i, (name, rows)) in GLYPHS.iter().enumerate() {
        let x0 = 8 * i as i32;
        for (y, row) in rows.iter().enumerate() {
            for (dx, px) in row.bytes().enumerate() {
                let want = if px == b'#' { 7 } else { 0 };
                let (x, y) = (x0 + dx as i32, y as i32);
                assert_eq!(
                    m.mem.pixel(x, y),
                    want,
                    "{name} at ({dx},{y}) (screen x {x})"
                );
            }
            // The eighth column is the gap between glyphs.
            assert_eq!(m.mem.pixel(x0 + 7, y as i32), 0, "{name}: gap column");
        }
    }
    // The digit 1 (##. / .#. / ...) starts at x = 48.
    assert_eq!((m.mem.pixel(48, 0), m.mem.pixel(49, 0)), (7, 7));
    assert_eq!(m.mem.pixel(50, 0), 0);
}

#[test]
fn other_wide_characters_stay_boxes() {
    // ★ (P8SCII 146) has no shape in the runner: a 3x5 hollow box, advancing 8.
    let (session, report) = run_with("cls() printh(print(\"★\",0,0,7))", 0, "", Limits::default())
        .expect("the cart runs");
    assert_eq!(report.printh, ["8"]);
    let m = session.vm().machine().borrow();
    assert_eq!(
        (m.mem.pixel(0, 0), m.mem.pixel(2, 0), m.mem.pixel(3, 0)),
        (7, 7, 0)
    );
    assert_eq!((m.mem.pixel(1, 2), m.mem.pixel(0, 2)), (0, 7));
}

/// Printable ASCII (32..126, 32 characters a line, 4 pixels each) as PICO-8's font draws it: the
/// pixels below are transcribed from the font image Lexaloffle distributes (CC-0; the copy at
/// `scripts/font.png` of the yocto-8 emulator), independently of the runner's font table. Each
/// character is its 3x5 glyph, a blank column and a blank row; uppercase letters are PICO-8's small
/// capitals.
const ASCII_STRIP: [&str; 18] = [
    ".....#..#.#.#.#.###.#.#.##...#...#...#..#.#...................#.###.##..###.###.#.#.###.#...###.###.###...........#.....#...###.",
    ".....#..#.#.###.##....#.##..#...#.....#..#...#...............#..#.#..#....#...#.#.#.#...#.....#.#.#.#.#..#...#...#..###..#....#.",
    ".....#......#.#..##..#...##.....#.....#.###.###.....###......#..#.#..#..###..##.###.###.###...#.###.###.........#.........#..##.",
    "............###.###.#...#.#.....#.....#..#...#...#...........#..#.#..#..#.....#...#...#.#.#...#.#.#...#..#...#...#..###..#......",
    ".....#......#.#..#..#.#.###......#...#..#.#.....#........#..#...###.###.###.###...#.###.###...#.###...#.....#.....#.....#....#..",
    "................................................................................................................................",
    ".#..........................................................................................................##..#....##..#......",
    "#.#..##.##...##.##..###.###..##.#.#.###.###.#.#.#...###.##...##..##..#..##...##.###.#.#.#.#.#.#.#.#.#.#.###.#....#....#.#.#.....",
    "#.#.#.#.##..#...#.#.##..##..#...#.#..#...#..##..#...###.#.#.#.#.#.#.#.#.#.#.#....#..#.#.#.#.#.#..#..###...#.#....#....#.........",
    "#...###.#.#.#...#.#.#...#...#.#.###..#...#..#.#.#...#.#.#.#.#.#.###.##..##....#..#..#.#.###.###..#....#.#...#....#....#.........",
    ".##.#.#.###..##.##...##.#...###.#.#.###.##..#.#..##.#.#.#.#.##..#....##.#.#.##...#...##..#..###.#.#.##..###.##....#..##.....###.",
    "................................................................................................................................",
    ".#..###.###..##.##..###.###..##.#.#.###.###.#.#.#...###.##...##.###..#..###..##.###.#.#.#.#.#.#.#.#.#.#.###..##..#..##..........",
    "..#.#.#.#.#.#...#.#.#...#...#...#.#..#...#..#.#.#...###.#.#.#.#.#.#.#.#.#.#.#....#..#.#.#.#.#.#.#.#.#.#...#..#...#...#....#.....",
    "....###.##..#...#.#.##..##..#...###..#...#..##..#...#.#.#.#.#.#.###.#.#.##..###..#..#.#.#.#.#.#..#..###..#..##...#...##.###.....",
    "....#.#.#.#.#...#.#.#...#...#.#.#.#..#...#..#.#.#...#.#.#.#.#.#.#...##..#.#...#..#..#.#.###.###.#.#...#.#....#...#...#..#.......",
    "....#.#.###..##.###.###.#...###.#.#.###.##..#.#.###.#.#.#.#.##..#....##.#.#.##...#...##..#..###.#.#.###.###..##..#..##..........",
    "................................................................................................................................",
];

#[test]
fn print_draws_printable_ascii_as_pico8s_font() {
    let lua = "cls() for r=0,2 do s='' for c=32+r*32,min(126,63+r*32) do s..=chr(c) end print(s,0,r*6,7) end";
    let (session, _) = run_with(lua, 0, "", Limits::default()).expect("the cart runs");
    let m = session.vm().machine().borrow();
    for (y, row) in ASCII_STRIP.iter().enumerate() {
        for (x, px) in row.bytes().enumerate() {
            let want = if px == b'#' { 7 } else { 0 };
            let (x, y) = (x as i32, y as i32);
            let code = 32 + (y / 6) * 32 + x / 4;
            assert_eq!(
                m.mem.pixel(x, y),
                want,
                "character {:?} ({code}) at column {}, row {}",
                char::from(code as u8),
                x % 4,
                y % 6
            );
        }
    }
}
