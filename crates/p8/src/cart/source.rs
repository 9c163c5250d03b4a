//! Reading a program from disk: the code of a cart (`.p8`, `.p8.png`, `.p8.rom`), or a whole
//! `.lua` file.

use std::path::Path;

use super::{Cart, CartError};
use crate::count::normalize_newlines;

/// A program as PICO-8 would hold it, and where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The code: lines joined by `\n`, no final newline.
    pub code: String,
    /// Add this to a line number in `code` to get the line in the file (the `__lua__` line of a
    /// cart; 0 for a `.lua` file).
    pub line_offset: usize,
}

/// Reads the program in `path`: a cart's code (a `.p8` cart's `__lua__` section, an error if it
/// has none; the decompressed code of a `.p8.png` or `.p8.rom`, whose line numbers are the
/// code's own), or any other file as plain PICO-8 source (CR LF become LF; one final newline is
/// dropped).
pub fn read_source(path: &Path) -> Result<Source, CartError> {
    let is_cart = path.extension().is_some_and(|e| {
        ["p8", "png", "rom"]
            .iter()
            .any(|c| e.eq_ignore_ascii_case(c))
    });
    if is_cart {
        let cart = Cart::read_file(path)?;
        let (Some(code), Some(line_offset)) = (cart.lua(), cart.lua_line_offset()) else {
            return Err(CartError {
                path: Some(path.display().to_string()),
                line: 1,
                col: 1,
                message: "this cart has no `__lua__` section, so no code to read".to_owned(),
            });
        };
        return Ok(Source {
            code: code.to_owned(),
            line_offset,
        });
    }
    let text = std::fs::read_to_string(path).map_err(|e| CartError {
        path: Some(path.display().to_string()),
        line: 0,
        col: 0,
        message: format!("cannot read as UTF-8 text: {e}"),
    })?;
    Ok(Source {
        code: normalize_newlines(&text),
        line_offset: 0,
    })
}
