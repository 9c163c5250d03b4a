//! The runner on arbitrary PICO-8 code: loading and running a cart (top level, `_init`, three
//! frames with buttons and a menu selection) never panics, whatever the code does; it ends with
//! a result or a clean error within the runner's limits (a small instruction limit keeps each
//! input fast). Seeded with `tests/hostile/` (carts written to break the runner, one or more per
//! class of issue 30) and the PICO-8 corpus.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tafl8_p8::Cart;
use tafl8_runner::input::InputScript;
use tafl8_runner::session::{RunOptions, Session};
use tafl8_runner::vm::Limits;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // A whole cart as it is, or code alone wrapped as a cart.
    let cart = match Cart::parse(text) {
        Ok(c) if c.lua().is_some() => c,
        _ => {
            let wrapped =
                format!("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n{text}\n");
            match Cart::parse(&wrapped) {
                Ok(c) => c,
                Err(_) => return,
            }
        }
    };
    let limits = Limits {
        instructions_per_frame: 200_000,
        ..Limits::default()
    };
    let Ok(session) = Session::from_cart(&cart, "fuzz.p8", limits) else {
        return;
    };
    let opts = RunOptions {
        frames: 3,
        input: InputScript::parse("1-3: L X\n2: menu 1\n").expect("a valid script"),
        limits,
        ..RunOptions::default()
    };
    // Errors are fine (runaway, out of memory, the cart's own); panics are not.
    let _ = session.run(&opts);
});
