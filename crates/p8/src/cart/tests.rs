use super::*;

/// A small cart in the layout PICO-8 0.2.x saves, with every standard section, a metadata section
/// and a section this crate does not know; written by hand for these tests.
const SAMPLE: &str = "pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- hello
x=1
?\"⬅️\"

__gfx__
00000000111111112222222233333333
0123456789abcdef
__label__
0123456789abcdefghijklmnopqrstuv
__gff__
0001020304
__map__
0102
__sfx__
000100000c0500c0500c0500c050
__music__
00 01424344
__meta:title__
my cart
by me
__custom__
kept as is
";

#[test]
fn round_trip_keeps_every_byte() {
    let cart = Cart::parse(SAMPLE).unwrap();
    assert_eq!(cart.to_text(), SAMPLE);
    let names: Vec<&str> = cart.sections.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "lua",
            "gfx",
            "label",
            "gff",
            "map",
            "sfx",
            "music",
            "meta:title",
            "custom"
        ]
    );
    assert_eq!(cart.version(), 42);
    assert_eq!(cart.section("custom").unwrap().body, "kept as is\n");
    assert_eq!(cart.section("meta:title").unwrap().line, 21);
    // CR LF files come back as CR LF; a file without a final newline stays without one.
    let crlf = SAMPLE.replace('\n', "\r\n");
    assert_eq!(Cart::parse(&crlf).unwrap().to_text(), crlf);
    let bare = SAMPLE.trim_end();
    assert_eq!(Cart::parse(bare).unwrap().to_text(), bare);
}

#[test]
fn lua_is_the_code_as_pico8_loads_it() {
    let cart = Cart::parse(SAMPLE).unwrap();
    // The blank line before `__gfx__` is part of the code; the final line end is not.
    assert_eq!(cart.lua(), Some("-- hello\nx=1\n?\"⬅️\"\n"));
    assert_eq!(cart.lua_line_offset(), Some(3));
    let mut c2 = cart.clone();
    c2.set_lua("y=2");
    assert_eq!(c2.lua(), Some("y=2"));
    assert!(c2.to_text().contains("__lua__\ny=2\n__gfx__\n"));
}

#[test]
fn typed_sections_read_and_write() {
    let cart = Cart::parse(SAMPLE).unwrap();
    let gfx = cart.gfx().unwrap();
    assert_eq!(gfx.get(0, 0), 0);
    assert_eq!(gfx.get(8, 0), 1);
    assert_eq!(gfx.get(31, 0), 3);
    assert_eq!(gfx.get(15, 1), 15);
    assert_eq!(gfx.get(16, 1), 0);
    assert_eq!(gfx.get(0, 2), 0);
    let label = cart.label().unwrap();
    assert_eq!(label.get(16, 0), 16);
    assert_eq!(label.get(31, 0), 31);
    let flags = cart.flags().unwrap();
    assert_eq!(&flags.cells()[..6], &[0, 1, 2, 3, 4, 0]);
    let map = cart.map().unwrap();
    assert_eq!((map.get(0, 0), map.get(1, 0), map.get(2, 0)), (1, 2, 0));

    let mut out = Cart::new(42);
    out.set_gfx(&gfx);
    out.set_map(&map);
    out.set_flags(&flags);
    out.set_label(&label);
    out.set_lua("x=1");
    let text = out.to_text();
    let back = Cart::parse(&text).unwrap();
    assert_eq!(back.gfx().unwrap(), gfx);
    assert_eq!(back.label().unwrap(), label);
    assert_eq!(back.flags().unwrap(), flags);
    assert_eq!(back.map().unwrap(), map);
    // PICO-8's section order and full-size rows.
    let names: Vec<&str> = back.sections.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["lua", "gfx", "label", "gff", "map"]);
    assert_eq!(back.section("gfx").unwrap().lines().count(), 128);
    assert_eq!(
        back.section("gff").unwrap().lines().next().unwrap().len(),
        256
    );
    assert_eq!(back.section("map").unwrap().lines().count(), 32);
    assert!(
        text.starts_with("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\nx=1\n")
    );
}

#[test]
fn malformed_carts_give_located_errors() {
    let cases: &[(&str, (usize, usize), &str)] = &[
        ("", (1, 1), "empty file"),
        ("hello\n", (1, 1), "first line must be"),
        (
            "pico-8 cartridge // http://www.pico-8.com\n__lua__\n",
            (2, 1),
            "missing `version N`",
        ),
        (
            "pico-8 cartridge // http://www.pico-8.com\nversion x\n",
            (2, 1),
            "expected `version N`",
        ),
        (
            "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n__lua__\n",
            (4, 1),
            "appears twice (first at line 3)",
        ),
    ];
    for &(text, (line, col), msg) in cases {
        let e = Cart::parse(text).unwrap_err();
        assert_eq!((e.line, e.col), (line, col), "{text:?}: {e}");
        assert!(e.message.contains(msg), "{text:?}: {e}");
    }
    let bad_gfx = "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__gfx__\n00\n0x0\n";
    let e = Cart::parse(bad_gfx).unwrap().gfx().unwrap_err();
    assert_eq!((e.line, e.col), (5, 2), "{e}");
    assert!(e.message.contains("not a digit"), "{e}");
    let long = format!(
        "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__gff__\n{}\n",
        "0".repeat(257)
    );
    let e = Cart::parse(&long).unwrap().flags().unwrap_err();
    assert_eq!((e.line, e.col), (4, 257), "{e}");
}

#[test]
fn files_are_written_atomically_and_read_back() {
    let dir = std::env::temp_dir().join(format!("tafl8-p8-cart-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.p8");
    let cart = Cart::parse(SAMPLE).unwrap();
    cart.write_file(&path).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), SAMPLE);
    assert_eq!(Cart::read_file(&path).unwrap(), cart);
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    let e = Cart::read_file(&dir.join("missing.p8")).unwrap_err();
    assert!(e.to_string().contains("missing.p8"), "{e}");
    std::fs::write(&path, b"pico-8 cartridge\nversion 1\n\xff").unwrap();
    let e = Cart::read_file(&path).unwrap_err();
    assert_eq!((e.line, e.col), (3, 1), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
