//! The PICO-8 API: the global names a cart may read without defining them, as data.
//!
//! Taken from the function list of the PICO-8 manual (v0.2.6: graphics, map, tables, input,
//! audio, memory, math, cartdata, coroutines, strings, system and the Lua metatable functions
//! PICO-8 exposes), plus `_ENV`. The callbacks (`_init`, `_update`, `_update60`, `_draw`) are not
//! here: a cart defines them.

/// Every global PICO-8 provides, sorted.
pub const PICO8_API: &[&str] = &[
    "_ENV",
    "abs",
    "add",
    "all",
    "assert",
    "atan2",
    "band",
    "bnot",
    "bor",
    "btn",
    "btnp",
    "bxor",
    "camera",
    "cartdata",
    "ceil",
    "chr",
    "circ",
    "circfill",
    "clip",
    "cls",
    "cocreate",
    "color",
    "coresume",
    "cos",
    "costatus",
    "count",
    "cstore",
    "cursor",
    "del",
    "deli",
    "dget",
    "dset",
    "extcmd",
    "fget",
    "fillp",
    "flip",
    "flr",
    "foreach",
    "fset",
    "getmetatable",
    "holdframe",
    "inext",
    "ipairs",
    "line",
    "load",
    "ls",
    "lshr",
    "map",
    "max",
    "memcpy",
    "memset",
    "menuitem",
    "mget",
    "mid",
    "min",
    "mset",
    "music",
    "next",
    "ord",
    "oval",
    "ovalfill",
    "pack",
    "pairs",
    "pal",
    "palt",
    "peek",
    "peek2",
    "peek4",
    "pget",
    "poke",
    "poke2",
    "poke4",
    "print",
    "printh",
    "pset",
    "rawequal",
    "rawget",
    "rawlen",
    "rawset",
    "rect",
    "rectfill",
    "reload",
    "reset",
    "rnd",
    "rotl",
    "rotr",
    "rrect",
    "rrectfill",
    "run",
    "save",
    "select",
    "serial",
    "setmetatable",
    "sfx",
    "sget",
    "sgn",
    "shl",
    "shr",
    "sin",
    "split",
    "spr",
    "sqrt",
    "srand",
    "sset",
    "sspr",
    "stat",
    "stop",
    "sub",
    "t",
    "time",
    "tline",
    "tonum",
    "tostr",
    "trace",
    "type",
    "unpack",
    "yield",
];

/// Whether `name` is part of the PICO-8 API: a function above, or one of the glyph globals
/// (P8SCII 0x80..=0x99: the button glyphs `⬅️ ➡️ ⬆️ ⬇️ 🅾️ ❎` hold 0..5, the others fill
/// patterns).
pub fn is_api(name: &str) -> bool {
    PICO8_API.binary_search(&name).is_ok()
        || matches!(crate::token::p8scii::to_p8scii(name)[..], [0x80..=0x99])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_is_sorted_and_unique_so_lookup_works() {
        assert!(PICO8_API.windows(2).all(|w| w[0] < w[1]));
        assert!(is_api("spr") && is_api("_ENV") && is_api("yield"));
        assert!(!is_api("_update") && !is_api("tostring") && !is_api("string"));
        assert!(is_api("\u{2b05}\u{fe0f}") && is_api("\u{2588}"));
        assert!(!is_api("\u{2b05}\u{fe0f}x"));
    }
}
