//! Parser on arbitrary text: no panic; whatever parses prints to source that parses again and
//! prints the same (print ∘ parse is stable).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tafl8_p8::{parse, print_chunk};

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(chunk) = parse(src) else {
        return;
    };
    let printed = print_chunk(&chunk);
    let again = parse(&printed).unwrap_or_else(|e| {
        panic!("printed source does not parse: {e}\n--- source\n{src}\n--- printed\n{printed}")
    });
    assert_eq!(
        print_chunk(&again),
        printed,
        "print is not stable for {src:?}"
    );
});
