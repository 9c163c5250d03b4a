//! The title screen and the label: the title draws the logo and the pieces from the sprite sheet
//! with `sspr`, and the menu with PICO-8's button glyphs; the cart's `__label__` is the label art
//! (`assets/label.png`, drawn by `cargo run -p tafl8-codegen --example gen_assets -- assets`),
//! which shows the same logo.

use tafl8_codegen::assets::decode;
use tafl8_codegen::screen::{ART, LOGO_H, LOGO_W, LOGO_Y, PIECE_ATTACKER, PIECE_KING};
use tafl8_codegen::{build, BuildRequest, LABEL_PNG, SPRITES_PNG};
use tafl8_engine::Rules;
use tafl8_p8::Cart;
use tafl8_runner::session::Session;

/// Where the title draws the logo (centred, 3 pixels from the top).
const LOGO_AT: (usize, usize) = ((128 - LOGO_W) / 2, 3);
/// Where the label shows the logo.
const LABEL_LOGO_AT: (usize, usize) = ((128 - LOGO_W) / 2, 10);

/// The sheet's logo pixels: ((x, y) within the logo, colour), the transparent ones left out.
fn logo() -> Vec<((usize, usize), u8)> {
    let sheet = decode(SPRITES_PNG, "assets/sprites.png").unwrap();
    let mut px = Vec::new();
    for y in 0..LOGO_H {
        for x in 0..LOGO_W {
            let c = sheet[(LOGO_Y + y) * 128 + x];
            if c != 0 {
                px.push(((x, y), c));
            }
        }
    }
    px
}

#[test]
fn the_logo_is_real_art() {
    let px = logo();
    // Big letters fill a good part of their box, in several colours (not a blank or flat block).
    assert!(px.len() * 3 > LOGO_W * LOGO_H, "{} inked pixels", px.len());
    let mut colours: Vec<u8> = px.iter().map(|&(_, c)| c).collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(colours.len() >= 5, "logo colours {colours:?}");
}

#[test]
fn the_title_screen_draws_the_logo_pieces_and_glyph_menu() {
    // 7x7 (16-pixel squares) and 11x11 (11-pixel squares): the title looks the same.
    for variant in ["ziege", "copenhagen"] {
        title_screen(variant);
    }
}

fn title_screen(variant: &str) {
    let rules = Rules::preset(variant).unwrap();
    let built = build(&BuildRequest::full(rules)).expect("the cart builds");
    let session = Session::from_cart(&built.cart, "title.p8", Default::default()).unwrap();
    session.boot().unwrap();
    for f in 1..=10 {
        session.frame(f, 0, None).expect("a title frame runs");
    }
    let m = session.vm().machine().borrow();
    for ((x, y), c) in logo() {
        let (sx, sy) = (LOGO_AT.0 + x, LOGO_AT.1 + y);
        assert_eq!(
            m.mem.pixel(sx as i32, sy as i32),
            c,
            "{variant}: logo pixel ({x},{y}) at ({sx},{sy})"
        );
    }
    // An infected on the left of the band and the Head Scientist on the right, at (6,31) and
    // (106,31), each the sheet's 16x16 drawing.
    let sheet = decode(SPRITES_PNG, "assets/sprites.png").unwrap();
    for (u, x0) in [(PIECE_ATTACKER, 6), (PIECE_KING, 106)] {
        for y in 0..ART {
            for x in 0..ART {
                let c = sheet[y * 128 + u + x];
                if c != 0 {
                    let (sx, sy) = ((x0 + x) as i32, (31 + y) as i32);
                    assert_eq!(m.mem.pixel(sx, sy), c, "{variant}: piece at ({sx},{sy})");
                }
            }
        }
    }
    // The selected menu row (y 78) sits between ⬅️ at x 10 and ➡️ at x 110, in colour 12:
    // both glyphs' top rows are .#####. and ⬅️'s middle row is ##...## (the arrow's cut-out).
    let row = |x0: i32, y: i32| -> String {
        (0..7)
            .map(|dx| {
                if m.mem.pixel(x0 + dx, y) == 12 {
                    '#'
                } else {
                    '.'
                }
            })
            .collect()
    };
    assert_eq!(row(10, 78), ".#####.");
    assert_eq!(row(10, 80), "##...##");
    assert_eq!(row(10, 79), "###..##");
    assert_eq!(row(110, 79), "##..###");
}

#[test]
fn the_label_is_the_label_art_with_the_logo() {
    let label = decode(LABEL_PNG, "assets/label.png").unwrap();
    for ((x, y), c) in logo() {
        let (lx, ly) = (LABEL_LOGO_AT.0 + x, LABEL_LOGO_AT.1 + y);
        assert_eq!(label[ly * 128 + lx], c, "label logo pixel ({x},{y})");
    }
    // Every committed cart carries that label.
    for variant in ["ziege", "brandubh", "tablut", "copenhagen"] {
        let path = format!("{}/carts/{variant}.p8", env!("CARGO_MANIFEST_DIR"));
        let cart = Cart::read_file(std::path::Path::new(&path)).unwrap();
        let l = cart.label().expect("the cart has a label");
        for y in 0..128 {
            for x in 0..128 {
                assert_eq!(
                    l.get(x, y),
                    label[y * 128 + x],
                    "{variant}: label ({x},{y})"
                );
            }
        }
    }
}
