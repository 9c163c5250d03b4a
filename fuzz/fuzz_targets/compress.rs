//! PICO-8 code compression on arbitrary bytes: what we compress decompresses to the input, and
//! the decompressor never panics on arbitrary streams.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tafl8_p8::count::compress::{compress, decompress};

fuzz_target!(|data: &[u8]| {
    let packed = compress(data);
    assert_eq!(decompress(&packed).expect("our stream decodes"), data);
    let _ = decompress(data);
});
