//! The binary cart readers on arbitrary and damaged input: never a panic, always a cart or an
//! error; what tafl8 writes reads back to the same code and data.

use std::sync::LazyLock;

use proptest::prelude::*;
use tafl8_p8::cart::code::{decode_code, decompress_old};
use tafl8_p8::cart::rom::{CODE_START, ROM_SIZE};
use tafl8_p8::Cart;

/// A small valid cart whose PNG and ROM the damage tests start from.
fn sample() -> Cart {
    let mut cart = Cart::default();
    cart.set_lua("function _draw()\n cls(1) print(\"❎ tafl8\",8,8,7)\nend");
    cart.set_lines("gfx", ["0123456789abcdef", "fedcba9876543210"]);
    cart.set_lines("sfx", ["00100000300500000"]);
    cart.set_lines("music", ["04 01424344"]);
    cart
}

/// The sample's ROM and PNG, made once (PNG encoding is slow in a debug build).
static ROM: LazyLock<Vec<u8>> = LazyLock::new(|| sample().to_rom().unwrap());
static PNG: LazyLock<Vec<u8>> = LazyLock::new(|| sample().to_png().unwrap());

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn code_area_decoders_never_panic(tail in proptest::collection::vec(any::<u8>(), 0..600), which in 0..3u8) {
        let mut area = match which {
            0 => b"\0pxa".to_vec(),
            1 => b":c:\0".to_vec(),
            _ => Vec::new(),
        };
        area.extend_from_slice(&tail);
        let _ = decode_code(&area);
        let _ = decompress_old(&area);
    }

    #[test]
    fn damaged_roms_read_or_fail_cleanly(flips in proptest::collection::vec((0..ROM_SIZE, any::<u8>()), 1..40), cut in 0..ROM_SIZE + 64) {
        let mut rom = ROM.clone();
        for (at, v) in flips {
            rom[at] = v;
        }
        // Damage the code area's header too, half the time.
        if cut % 2 == 0 {
            rom[CODE_START + 5] ^= 0x40;
        }
        let _ = Cart::from_rom(&rom);
        let _ = Cart::from_rom(&rom[..cut.min(rom.len())]);
    }

    #[test]
    fn damaged_pngs_read_or_fail_cleanly(at in 0usize..20000, v in any::<u8>(), cut in 0usize..20000) {
        let png = &*PNG;
        let mut bad = png.clone();
        let at = at % bad.len();
        bad[at] = v;
        let _ = Cart::from_png(&bad);
        let _ = Cart::from_png(&png[..cut % png.len()]);
    }

}

proptest! {
    // Each case encodes a PNG: fewer cases keep the debug test quick.
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn written_carts_read_back(code in "[ -~\n]{0,400}", cells in proptest::collection::vec(0u8..16, 64)) {
        let mut cart = Cart::default();
        cart.set_lua(&code);
        let row: String = cells.iter().map(|c| char::from_digit(u32::from(*c), 16).unwrap()).collect();
        cart.set_lines("gfx", [row.as_str()]);
        let rom = cart.to_rom().unwrap();
        let back = Cart::from_rom(&rom).unwrap();
        prop_assert_eq!(back.lua(), cart.lua());
        prop_assert_eq!(back.to_rom().unwrap(), rom);
        let from_png = Cart::from_png(&cart.to_png().unwrap()).unwrap();
        prop_assert_eq!(from_png.lua(), cart.lua());
        prop_assert_eq!(from_png.gfx().unwrap(), cart.gfx().unwrap());
    }
}
