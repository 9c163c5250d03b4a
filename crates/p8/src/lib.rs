//! The PICO-8 Lua dialect: lexer, token counter, parser, lint, printers and `.p8` cart files.
#![warn(missing_docs)]

pub mod ast;
pub mod ast_dump;
pub mod cart;
pub mod count;
pub mod lexer;
pub mod lint;
pub mod lint_api;
mod lint_goto;
mod lint_resolve;
pub mod lower;
mod lower_cost;
pub mod minify;
mod minify_rename;
pub mod palette;
pub mod parser;
pub mod print;
mod print_emit;
mod stack;
pub mod token;

pub use cart::{Cart, CartError, CartFormat};
pub use count::{
    count, count_tokens, over_limit, Counts, OverLimit, CHAR_LIMIT, COMPRESSED_LIMIT, TOKEN_LIMIT,
};
pub use lexer::{lex, lex_with_comments, LexError, Lexer};
pub use lint::{api_reads, lint, Finding, Severity};
pub use lower::{lower, lower_with_sites, LowerOptions, Lowered, OpSite, OperandName};
pub use minify::{minify, MinifyOptions};
pub use parser::{parse, ParseError};
pub use print::print_chunk;
pub use token::{number_value, Keyword, NumberError, Punct, Span, Token, TokenKind};
