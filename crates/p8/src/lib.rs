//! The PICO-8 Lua dialect: lexer, token counter, parser, lint, printers and `.p8` cart files.
#![warn(missing_docs)]

pub mod cart;
pub mod count;
pub mod lexer;
pub mod token;

pub use cart::{Cart, CartError};
pub use count::{count, count_tokens, Counts, CHAR_LIMIT, COMPRESSED_LIMIT, TOKEN_LIMIT};
pub use lexer::{lex, lex_with_comments, LexError, Lexer};
pub use token::{number_value, Keyword, NumberError, Punct, Span, Token, TokenKind};
