//! The binary cart readers (`.p8.png`, `.p8.rom`, the code area's three formats) on arbitrary
//! bytes: no panic; a ROM that reads writes back to a ROM that reads to the same code.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tafl8_p8::cart::code::decode_code;
use tafl8_p8::Cart;

fuzz_target!(|data: &[u8]| {
    let _ = decode_code(data);
    let _ = Cart::from_png(data);
    let mut rom = data.to_vec();
    rom.resize(0x8000, 0);
    if let Ok(cart) = Cart::from_rom(&rom) {
        if let Ok(again) = cart.to_rom() {
            let back = Cart::from_rom(&again).expect("a written ROM reads back");
            assert_eq!(back.lua(), cart.lua());
        }
    }
});
