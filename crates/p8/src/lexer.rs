//! The lexer: PICO-8 source text → [`Token`]s with spans.
//!
//! It accepts the same tokens as shrinko8's tokenizer (the project's oracle for the dialect):
//! whitespace is space, tab, CR and LF; names may hold glyphs (P8SCII >= 0x80, and 0x1e/0x1f);
//! numbers are digits of their base and dots; comments are `--`, `--[[ ]]`, `--[=[ ]=]` and `//`;
//! operators are matched longest first (`>>>=`, `<<>=`, `^^=`, `..=` ...). Unlike shrinko8 it
//! rejects at lex time what PICO-8 would reject at load time: malformed numbers (`1..2`, `0x`),
//! bad escapes, unterminated strings and long comments.

use std::fmt;

use crate::token::p8scii::{self, P8Char};
use crate::token::{number_value, Keyword, Punct, Span, Token, TokenKind};

mod punct;
mod strings;

use punct::scan_punct;
use strings::long_string_bytes;

/// A lexing error, located at the 1-based line and column where the bad token starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LexError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub col: u32,
    /// Byte offset into the source.
    pub offset: usize,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl fmt::Display for LexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for LexError {}

/// Lexes `src`, skipping whitespace and comments.
pub fn lex(src: &str) -> Result<Vec<Token>, LexError> {
    collect(Lexer::new(src))
}

/// Lexes `src`, keeping comments as [`TokenKind::Comment`] tokens (whitespace is still skipped;
/// spans tell where it was).
pub fn lex_with_comments(src: &str) -> Result<Vec<Token>, LexError> {
    collect(Lexer::new(src).keep_comments(true))
}

fn collect(lexer: Lexer<'_>) -> Result<Vec<Token>, LexError> {
    let mut out = Vec::with_capacity(lexer.src.len() / 3);
    for t in lexer {
        out.push(t?);
    }
    Ok(out)
}

/// A streaming lexer: an iterator of `Result<Token, LexError>` that stops after the first error.
#[derive(Debug, Clone)]
pub struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    line: u32,
    /// Byte offset and column of a point on the current line, to compute columns incrementally
    /// (in characters) without rescanning long lines.
    col_mark: (usize, u32),
    keep_comments: bool,
    failed: bool,
    /// Decoded bytes of the last string scanned (reused, so scanning does not allocate).
    buf: Vec<u8>,
}

/// A token's kind without its payload: what the scanner finds before anything is allocated. The
/// counter works on these alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RawKind {
    /// A name.
    Name,
    /// A keyword.
    Keyword(Keyword),
    /// A number literal (already checked to have a value).
    Number,
    /// A string literal; its decoded bytes are in the lexer's buffer.
    Str,
    /// An operator or punctuation mark.
    Punct(Punct),
    /// A comment.
    Comment,
}

impl<'a> Lexer<'a> {
    /// A lexer over `src` that skips comments.
    pub fn new(src: &'a str) -> Self {
        Lexer {
            src,
            pos: 0,
            line: 1,
            col_mark: (0, 1),
            keep_comments: false,
            failed: false,
            buf: Vec::new(),
        }
    }

    /// Whether to yield comments as tokens.
    pub fn keep_comments(mut self, keep: bool) -> Self {
        self.keep_comments = keep;
        self
    }

    fn byte(&self, at: usize) -> u8 {
        self.src.as_bytes().get(at).copied().unwrap_or(0)
    }

    /// Column of byte offset `at`, which must be on the current line at or after the mark.
    fn col_at(&mut self, at: usize) -> u32 {
        let (mark, col) = self.col_mark;
        let col = col + self.src[mark..at].chars().count() as u32;
        self.col_mark = (at, col);
        col
    }

    /// Moves to `to`, counting the newlines passed.
    fn advance_to(&mut self, to: usize) {
        let passed = &self.src.as_bytes()[self.pos..to];
        if let Some(last_nl) = passed.iter().rposition(|&b| b == b'\n') {
            self.line += passed.iter().filter(|&&b| b == b'\n').count() as u32;
            self.col_mark = (self.pos + last_nl + 1, 1);
        }
        self.pos = to;
    }

    fn error_at(&mut self, at: usize, line: u32, col: u32, message: String) -> LexError {
        self.failed = true;
        LexError {
            line,
            col,
            offset: at,
            message,
        }
    }

    /// Lexes the next token, or `None` at the end of the source.
    fn next_token(&mut self) -> Result<Option<Token>, LexError> {
        let Some((raw, span)) = self.next_raw()? else {
            return Ok(None);
        };
        let text = &self.src[span.start..span.end];
        let kind = match raw {
            RawKind::Name => TokenKind::Name(text.to_owned()),
            RawKind::Keyword(k) => TokenKind::Keyword(k),
            RawKind::Number => TokenKind::Number(text.to_owned()),
            RawKind::Str => TokenKind::Str(self.buf.clone()),
            RawKind::Punct(p) => TokenKind::Punct(p),
            RawKind::Comment => TokenKind::Comment(text.to_owned()),
        };
        Ok(Some(Token { kind, span }))
    }

    /// Scans the next token without building its payload (comments are skipped unless kept).
    pub(crate) fn next_raw(&mut self) -> Result<Option<(RawKind, Span)>, LexError> {
        if self.failed {
            return Ok(None);
        }
        loop {
            // Skip whitespace.
            let bytes = self.src.as_bytes();
            let mut p = self.pos;
            while p < bytes.len() {
                match bytes[p] {
                    b' ' | b'\t' | b'\r' => {}
                    b'\n' => {
                        self.line += 1;
                        self.col_mark = (p + 1, 1);
                    }
                    _ => break,
                }
                p += 1;
            }
            self.pos = p;
            if self.pos >= bytes.len() {
                return Ok(None);
            }
            let start = self.pos;
            let line = self.line;
            let col = self.col_at(start);
            self.buf.clear();
            let mut buf = std::mem::take(&mut self.buf);
            let scanned = self.scan_token(start, &mut buf);
            self.buf = buf;
            let (kind, end) = match scanned {
                Ok(x) => x,
                Err((at, msg)) => {
                    // Errors are reported where the token starts, unless they sit on its line.
                    let (eline, ecol) = if self.src[start..at].contains('\n') {
                        let before = &self.src[..at];
                        let eline = line + self.src[start..at].matches('\n').count() as u32;
                        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
                        (eline, before[line_start..].chars().count() as u32 + 1)
                    } else {
                        (line, col + self.src[start..at].chars().count() as u32)
                    };
                    return Err(self.error_at(at, eline, ecol, msg));
                }
            };
            self.advance_to(end);
            if kind == RawKind::Comment && !self.keep_comments {
                continue;
            }
            let span = Span {
                start,
                end,
                line,
                col,
            };
            return Ok(Some((kind, span)));
        }
    }

    /// Scans the token starting at `start`: its kind and end offset, or (offset, message).
    fn scan_token(
        &self,
        start: usize,
        buf: &mut Vec<u8>,
    ) -> Result<(RawKind, usize), (usize, String)> {
        let b = self.byte(start);
        let next = self.byte(start + 1);
        match b {
            b'0'..=b'9' => self.scan_number(start),
            b'.' if next.is_ascii_digit() => self.scan_number(start),
            b'"' | b'\'' => self.scan_quoted(start, buf),
            b'[' if next == b'[' || next == b'=' => match self.long_bracket(start)? {
                Some((content, end)) => {
                    long_string_bytes(content, buf);
                    Ok((RawKind::Str, end))
                }
                None => Err((
                    start,
                    "invalid long bracket: expected `[[` or `[=[` (as many `=` on both sides)"
                        .to_owned(),
                )),
            },
            b'-' if next == b'-' => self.scan_comment(start, start + 2),
            b'/' if next == b'/' => self.scan_comment(start, start + 2),
            b'!' if next == b'=' => Ok((RawKind::Punct(Punct::BangEq), start + 2)),
            _ if is_name_start(b) || !b.is_ascii() => self.scan_name(start),
            _ => match scan_punct(&self.src.as_bytes()[start..]) {
                Some((p, len)) => Ok((RawKind::Punct(p), start + len)),
                None => {
                    let c = self.src[start..].chars().next().unwrap_or('\0');
                    Err((
                        start,
                        format!("unexpected character {c:?}: not part of any PICO-8 token"),
                    ))
                }
            },
        }
    }

    fn scan_number(&self, start: usize) -> Result<(RawKind, usize), (usize, String)> {
        let bytes = self.src.as_bytes();
        let mut p = start;
        let is_digit: fn(u8) -> bool = match (self.byte(start), self.byte(start + 1) | 0x20) {
            (b'0', b'x') => {
                p += 2;
                |c| c.is_ascii_hexdigit()
            }
            (b'0', b'b') => {
                p += 2;
                |c| c == b'0' || c == b'1'
            }
            _ => |c| c.is_ascii_digit(),
        };
        while p < bytes.len() && (is_digit(bytes[p]) || bytes[p] == b'.') {
            p += 1;
        }
        let text = &self.src[start..p];
        match number_value(text) {
            Ok(_) => Ok((RawKind::Number, p)),
            Err(e) => Err((
                start,
                format!("{e}; write e.g. `12`, `1.5`, `0x1f.8` or `0b101`"),
            )),
        }
    }

    fn scan_name(&self, start: usize) -> Result<(RawKind, usize), (usize, String)> {
        let bytes = self.src.as_bytes();
        let mut p = start;
        while p < bytes.len() {
            let b = bytes[p];
            if b.is_ascii() {
                if is_name_start(b) || b.is_ascii_digit() {
                    p += 1;
                    continue;
                }
                break;
            }
            let (c, used) = p8scii::next_char(&self.src[p..]);
            if !is_name_p8char(c) {
                break;
            }
            p += used;
        }
        if p == start {
            let c = self.src[start..].chars().next().unwrap_or('\0');
            return Err((
                start,
                format!(
                    "unexpected character {c:?}: this glyph may only appear in strings or comments"
                ),
            ));
        }
        let text = &self.src[start..p];
        let kind = match Keyword::from_text(text) {
            Some(k) => RawKind::Keyword(k),
            None => RawKind::Name,
        };
        Ok((kind, p))
    }

    /// A comment starting at `start` whose body starts at `body` (after `--` or `//`).
    fn scan_comment(&self, start: usize, body: usize) -> Result<(RawKind, usize), (usize, String)> {
        let is_dash = self.byte(start) == b'-';
        if is_dash && self.byte(body) == b'[' {
            let mut p = body + 1;
            while self.byte(p) == b'=' {
                p += 1;
            }
            if self.byte(p) == b'[' {
                return match self.long_bracket(body)? {
                    Some((_, end)) => Ok((RawKind::Comment, end)),
                    None => Err((
                        start,
                        format!(
                            "unterminated long comment: add `]{}]` to close it",
                            "=".repeat(p - body - 1)
                        ),
                    )),
                };
            }
        }
        let end = self.src[body..]
            .find('\n')
            .map_or(self.src.len(), |i| body + i);
        Ok((RawKind::Comment, end))
    }
}

impl Iterator for Lexer<'_> {
    type Item = Result<Token, LexError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        self.next_token().transpose()
    }
}

fn is_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

/// Non-ASCII characters allowed in names: glyphs at P8SCII 0x1e, 0x1f or >= 0x80, and characters
/// PICO-8 does not know (it sees their UTF-8 bytes, all >= 0x80).
fn is_name_p8char(c: P8Char) -> bool {
    match c {
        P8Char::Byte(b) => b >= 0x80 || b == 0x1e || b == 0x1f,
        P8Char::Unknown(_) => true,
    }
}

#[cfg(test)]
mod tests;
