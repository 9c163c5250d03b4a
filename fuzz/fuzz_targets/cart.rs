//! `.p8` reader on arbitrary text: no panic; a cart that reads writes back to text that reads to
//! the same cart, and its typed data sections survive a rebuild.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tafl8_p8::Cart;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(cart) = Cart::parse(text) else {
        return;
    };
    let written = cart.to_text();
    let again = Cart::parse(&written).expect("written cart reads back");
    assert_eq!(again.to_text(), written);
    assert_eq!(again.lua(), cart.lua());
    if let (Ok(gfx), Ok(map), Ok(flags), Ok(label)) =
        (cart.gfx(), cart.map(), cart.flags(), cart.label())
    {
        let mut rebuilt = cart.clone();
        rebuilt.set_gfx(&gfx);
        rebuilt.set_map(&map);
        rebuilt.set_flags(&flags);
        rebuilt.set_label(&label);
        let back = Cart::parse(&rebuilt.to_text()).expect("rebuilt cart reads back");
        assert_eq!(back.gfx().unwrap(), gfx);
        assert_eq!(back.map().unwrap(), map);
        assert_eq!(back.flags().unwrap(), flags);
        assert_eq!(back.label().unwrap(), label);
    }
});
