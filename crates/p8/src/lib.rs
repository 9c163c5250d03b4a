//! The PICO-8 Lua dialect: lexer, token counter, parser, lint, printers and `.p8` cart files.
#![warn(missing_docs)]
