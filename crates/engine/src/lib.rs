//! The tafl rules engine: rulesets as data, the padded mailbox board, move generation, captures,
//! outcomes, notation and perft. This crate is the specification the cart's Lua must match.
#![warn(missing_docs)]
