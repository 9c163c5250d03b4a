//! Tokens of the PICO-8 Lua dialect: what the lexer produces and the parser and counter consume.
//!
//! A token keeps its [`Span`] (byte offsets into the source `&str` plus a 1-based line:col), so the
//! counter can tell whether a `-` is glued to the number after it, and the parser can report
//! `file:line:col` errors.

use std::fmt;

mod number;
pub mod p8scii;

pub use number::{number_value, NumberError};

/// Where a token sits in the source: byte offsets into the `&str` given to the lexer, and the
/// 1-based line and column (in characters, not bytes) of its first character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Byte offset of the first byte of the token.
    pub start: usize,
    /// Byte offset one past the last byte of the token.
    pub end: usize,
    /// 1-based line of the token's first character.
    pub line: u32,
    /// 1-based column (counted in characters) of the token's first character.
    pub col: u32,
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// One token: its kind and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// Where the token is in the source.
    pub span: Span,
}

/// The kinds of token of the PICO-8 dialect.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// An identifier (never a keyword). PICO-8 allows glyphs (P8SCII bytes >= 0x80) in names;
    /// the text is kept exactly as written in the source.
    Name(String),
    /// A reserved word.
    Keyword(Keyword),
    /// A number literal, as written (`12`, `0x1.8`, `0b101`, `.5`); see [`number_value`] for its
    /// 16.16 value, which may be an error for malformed literals such as `1..2`.
    Number(String),
    /// A string literal, quoted or long-bracketed, decoded to P8SCII bytes (escapes resolved,
    /// glyphs mapped to their P8SCII codes).
    Str(Vec<u8>),
    /// An operator or punctuation mark.
    Punct(Punct),
    /// A comment (`--`, `--[[ ]]`, `--[=[ ]=]`, `//`), only produced when comments are kept; the
    /// text is the whole comment as written, markers included.
    Comment(String),
}

impl TokenKind {
    /// For a [`TokenKind::Number`], its 16.16 raw bits as PICO-8 reads the literal; `None` for
    /// other kinds.
    pub fn number_value(&self) -> Option<Result<i32, NumberError>> {
        match self {
            TokenKind::Number(text) => Some(number_value(text)),
            _ => None,
        }
    }

    /// Whether this is the given punctuation mark.
    pub fn is_punct(&self, p: Punct) -> bool {
        matches!(self, TokenKind::Punct(q) if *q == p)
    }

    /// Whether this is the given keyword.
    pub fn is_keyword(&self, k: Keyword) -> bool {
        matches!(self, TokenKind::Keyword(q) if *q == k)
    }
}

impl fmt::Display for TokenKind {
    /// A short human description, for error messages ("expected `)`, found name `x`").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenKind::Name(n) => write!(f, "name `{n}`"),
            TokenKind::Keyword(k) => write!(f, "`{}`", k.as_str()),
            TokenKind::Number(n) => write!(f, "number `{n}`"),
            TokenKind::Str(_) => f.write_str("string"),
            TokenKind::Punct(p) => write!(f, "`{}`", p.as_str()),
            TokenKind::Comment(_) => f.write_str("comment"),
        }
    }
}

macro_rules! keywords {
    ($($variant:ident = $text:literal,)*) => {
        /// The reserved words of PICO-8 Lua (the 22 of Lua 5.2).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Keyword {
            $(#[doc = concat!("`", $text, "`")] $variant,)*
        }

        impl Keyword {
            /// Every keyword, in alphabetical order.
            pub const ALL: &'static [Keyword] = &[$(Keyword::$variant,)*];

            /// The keyword as written in source.
            pub const fn as_str(self) -> &'static str {
                match self { $(Keyword::$variant => $text,)* }
            }

            /// The keyword spelled `text`, if it is one.
            pub fn from_text(text: &str) -> Option<Keyword> {
                match text { $($text => Some(Keyword::$variant),)* _ => None }
            }
        }
    };
}

keywords! {
    And = "and", Break = "break", Do = "do", Else = "else", Elseif = "elseif", End = "end",
    False = "false", For = "for", Function = "function", Goto = "goto", If = "if", In = "in",
    Local = "local", Nil = "nil", Not = "not", Or = "or", Repeat = "repeat", Return = "return",
    Then = "then", True = "true", Until = "until", While = "while",
}

macro_rules! puncts {
    ($($variant:ident = $text:literal,)*) => {
        /// Operators and punctuation of the PICO-8 dialect, including its extensions to Lua
        /// (`!=`, `\`, `^^`, shifts and rotates, peek operators `@ % $`, `?`, compound assignments).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Punct {
            $(#[doc = concat!("`", $text, "`")] $variant,)*
        }

        impl Punct {
            /// Every punctuation mark.
            pub const ALL: &'static [Punct] = &[$(Punct::$variant,)*];

            /// The mark as written in source.
            pub const fn as_str(self) -> &'static str {
                match self { $(Punct::$variant => $text,)* }
            }

            /// The mark spelled `text`, if it is one.
            pub fn from_text(text: &str) -> Option<Punct> {
                match text { $($text => Some(Punct::$variant),)* _ => None }
            }
        }
    };
}

puncts! {
    Plus = "+", Minus = "-", Star = "*", Slash = "/", Backslash = "\\", Percent = "%",
    Caret = "^", Hash = "#", Amp = "&", Pipe = "|", Tilde = "~", CaretCaret = "^^",
    Shl = "<<", Shr = ">>", Lshr = ">>>", Rotl = "<<>", Rotr = ">><",
    EqEq = "==", TildeEq = "~=", BangEq = "!=", Le = "<=", Ge = ">=", Lt = "<", Gt = ">",
    Assign = "=",
    LParen = "(", RParen = ")", LBrace = "{", RBrace = "}", LBracket = "[", RBracket = "]",
    ColonColon = "::", Semi = ";", Colon = ":", Comma = ",", Dot = ".", DotDot = "..",
    Ellipsis = "...", At = "@", Dollar = "$", Question = "?",
    PlusEq = "+=", MinusEq = "-=", StarEq = "*=", SlashEq = "/=", BackslashEq = "\\=",
    PercentEq = "%=", CaretEq = "^=", CaretCaretEq = "^^=", AmpEq = "&=", PipeEq = "|=",
    ShlEq = "<<=", ShrEq = ">>=", LshrEq = ">>>=", RotlEq = "<<>=", RotrEq = ">><=",
    DotDotEq = "..=",
}

impl Punct {
    /// For a compound assignment (`+=` ...), the binary operator it applies (`+`).
    pub const fn compound_op(self) -> Option<Punct> {
        Some(match self {
            Punct::PlusEq => Punct::Plus,
            Punct::MinusEq => Punct::Minus,
            Punct::StarEq => Punct::Star,
            Punct::SlashEq => Punct::Slash,
            Punct::BackslashEq => Punct::Backslash,
            Punct::PercentEq => Punct::Percent,
            Punct::CaretEq => Punct::Caret,
            Punct::CaretCaretEq => Punct::CaretCaret,
            Punct::AmpEq => Punct::Amp,
            Punct::PipeEq => Punct::Pipe,
            Punct::ShlEq => Punct::Shl,
            Punct::ShrEq => Punct::Shr,
            Punct::LshrEq => Punct::Lshr,
            Punct::RotlEq => Punct::Rotl,
            Punct::RotrEq => Punct::Rotr,
            Punct::DotDotEq => Punct::DotDot,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyword_and_punct_spellings_round_trip() {
        for &k in Keyword::ALL {
            assert_eq!(Keyword::from_text(k.as_str()), Some(k));
        }
        for &p in Punct::ALL {
            assert_eq!(Punct::from_text(p.as_str()), Some(p));
        }
        assert_eq!(Keyword::ALL.len(), 22);
        assert_eq!(Keyword::from_text("continue"), None);
    }

    #[test]
    fn every_compound_assignment_maps_to_its_operator_spelling() {
        let compounds: Vec<Punct> = Punct::ALL
            .iter()
            .copied()
            .filter(|p| p.compound_op().is_some())
            .collect();
        // The 16 compound assignments PICO-8 documents.
        assert_eq!(compounds.len(), 16);
        for p in compounds {
            let op = p.compound_op().unwrap();
            assert_eq!(format!("{}=", op.as_str()), p.as_str());
        }
    }
}
