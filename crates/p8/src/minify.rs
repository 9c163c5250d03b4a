//! The minifying printer: no comments, blank lines or indentation, the shortest spacing that
//! lexes back to the same tokens, and optionally shorter names for locals.
//!
//! It never changes the meaning or the PICO-8 token count: the tree printed is the tree parsed
//! (renaming only swaps one name token for another), and line breaks are kept only where PICO-8
//! needs them (after a short `if (c) s` / `while (c) s` and around the `?` shorthand, whose
//! bodies run to the end of the line).

use crate::ast::Chunk;
use crate::print::print_with;
use crate::print_emit::Style;

/// Minifier options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MinifyOptions {
    /// Give locals (and parameters) the shortest names not otherwise used by the program.
    pub rename_locals: bool,
}

/// Prints `chunk` as minified PICO-8 source.
pub fn minify(chunk: &Chunk, opts: &MinifyOptions) -> String {
    if opts.rename_locals {
        let renamed = crate::minify_rename::rename_locals(chunk);
        print_with(&renamed, Style::Minified)
    } else {
        print_with(chunk, Style::Minified)
    }
}
