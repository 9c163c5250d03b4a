//! The code generator's errors: each names what went wrong, where, and how to fix it.

use std::path::PathBuf;

/// Why a cart could not be generated.
#[derive(Debug, thiserror::Error)]
pub enum CodegenError {
    /// A template failed to render (a template bug or a missing context value).
    #[error("templates/{template}:{line}: {message}")]
    Template {
        /// Template path under `templates/`.
        template: String,
        /// 1-based line in the template (0 when unknown).
        line: usize,
        /// What went wrong.
        message: String,
    },
    /// The rendered Lua does not lex or parse.
    #[error("{part} (rendered from templates/{template}) line {line}:{col}: {message}\n  | {source_line}")]
    Syntax {
        /// Which part.
        part: String,
        /// Its template path.
        template: String,
        /// 1-based line in the rendered part.
        line: usize,
        /// 1-based column.
        col: usize,
        /// What is wrong.
        message: String,
        /// The offending line of rendered code.
        source_line: String,
    },
    /// The lint found errors (undefined globals) in the rendered program.
    #[error("lint errors in the generated Lua (fix the templates named):\n{0}")]
    Lint(String),
    /// An unknown optional feature was named.
    #[error("unknown feature `{name}`: use one of {known}")]
    UnknownFeature {
        /// The name given.
        name: String,
        /// The known names.
        known: String,
    },
    /// The program does not fit the budget.
    #[error("over budget: {tokens} tokens > {budget} (biggest parts: {biggest}); drop features with --features or let --fit choose")]
    OverBudget {
        /// Tokens used.
        tokens: usize,
        /// The budget.
        budget: usize,
        /// The biggest parts, with their token counts.
        biggest: String,
    },
    /// With every optional feature dropped (`fit`), the program still does not fit the budget.
    #[error(
        "over budget even with every optional feature dropped (--fit): {tokens} tokens > \
         {budget}; what is left is the game and the engine's core: raise --budget (PICO-8's \
         limit is 8192)"
    )]
    CoreOverBudget {
        /// Tokens used with no optional feature.
        tokens: usize,
        /// The budget.
        budget: usize,
    },
    /// The program is over PICO-8's character limit even minified.
    #[error("{chars} characters > PICO-8's limit of {limit}, even minified")]
    OverChars {
        /// Characters used.
        chars: usize,
        /// The limit.
        limit: usize,
    },
    /// The transposition table could take a game past the cart's Lua memory target.
    #[error("the transposition table of 2^{tt_bits} entries takes {table_kib} KiB of PICO-8's Lua memory; with {rest_kib} KiB kept for the rest of the cart a game could peak past the {target_kib} KiB target (PICO-8 stops a cart at 2048 KiB): use tt-bits={largest} or less")]
    OverMemory {
        /// The table's size in bits.
        tt_bits: u8,
        /// Its PICO-8 bytes in KiB.
        table_kib: usize,
        /// KiB kept for everything else.
        rest_kib: usize,
        /// The target in KiB.
        target_kib: usize,
        /// The largest size in bits that fits.
        largest: u8,
    },
    /// An asset image is unusable.
    #[error("{path}: {message}")]
    Asset {
        /// The image file.
        path: String,
        /// What is wrong and how to fix it.
        message: String,
    },
    /// A file could not be read or written.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's message.
        message: String,
    },
}
