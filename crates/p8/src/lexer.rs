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

    /// At `start` (a `[`): a long bracket `[=*[ ... ]=*]`. Returns its content and end, or `None`
    /// if it is not opened properly or never closed.
    fn long_bracket(&self, start: usize) -> Result<Option<(&'a str, usize)>, (usize, String)> {
        let mut p = start + 1;
        while self.byte(p) == b'=' {
            p += 1;
        }
        if self.byte(p) != b'[' {
            return Ok(None);
        }
        let level = p - start - 1;
        let open_end = p + 1;
        let mut close = String::with_capacity(level + 2);
        close.push(']');
        close.extend(std::iter::repeat_n('=', level));
        close.push(']');
        let src: &'a str = self.src;
        match src[open_end..].find(&close) {
            Some(i) => Ok(Some((
                &src[open_end..open_end + i],
                open_end + i + close.len(),
            ))),
            None => Ok(None),
        }
    }

    fn scan_quoted(
        &self,
        start: usize,
        out: &mut Vec<u8>,
    ) -> Result<(RawKind, usize), (usize, String)> {
        let src = self.src;
        let quote = self.byte(start);
        let mut p = start + 1;
        loop {
            let b = self.byte(p);
            if p >= src.len() || b == b'\n' {
                return Err((
                    start,
                    format!(
                        "unterminated string: close it with {} on the same line (or use `\\n`, or a [[long string]])",
                        quote as char
                    ),
                ));
            }
            if b == quote {
                return Ok((RawKind::Str, p + 1));
            }
            if b == b'\\' {
                p = self.escape(p, out)?;
                continue;
            }
            if b.is_ascii() {
                out.push(b);
                p += 1;
            } else {
                let (c, used) = p8scii::next_char(&src[p..]);
                p8scii::push_char(c, out);
                p += used;
            }
        }
    }

    /// Decodes the escape at `at` (a backslash) into `out`; returns the offset after it.
    fn escape(&self, at: usize, out: &mut Vec<u8>) -> Result<usize, (usize, String)> {
        let e = self.byte(at + 1);
        let simple = match e {
            // P8SCII control-code escapes.
            b'*' => Some(1),
            b'#' => Some(2),
            b'-' => Some(3),
            b'|' => Some(4),
            b'+' => Some(5),
            b'^' => Some(6),
            b'a' => Some(7),
            b'b' => Some(8),
            b't' => Some(9),
            b'n' | b'\n' => Some(10),
            b'v' => Some(11),
            b'f' => Some(12),
            b'r' => Some(13),
            b'\\' | b'"' | b'\'' => Some(e),
            _ => None,
        };
        if let Some(v) = simple {
            out.push(v);
            return Ok(at + 2);
        }
        match e {
            b'\r' if self.byte(at + 2) == b'\n' => {
                out.push(b'\n');
                Ok(at + 3)
            }
            b'z' => {
                let mut p = at + 2;
                while matches!(self.byte(p), b' ' | b'\t' | b'\r' | b'\n') {
                    p += 1;
                }
                Ok(p)
            }
            b'x' => {
                let (h, l) = (self.byte(at + 2), self.byte(at + 3));
                match ((h as char).to_digit(16), (l as char).to_digit(16)) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        Ok(at + 4)
                    }
                    _ => Err((
                        at,
                        "bad `\\x` escape: write exactly two hex digits, e.g. `\\x1f`".to_owned(),
                    )),
                }
            }
            b'0'..=b'9' => {
                let mut p = at + 1;
                let mut v: u32 = 0;
                while p < at + 4 && self.byte(p).is_ascii_digit() {
                    v = v * 10 + (self.byte(p) - b'0') as u32;
                    p += 1;
                }
                if v > 255 {
                    return Err((
                        at,
                        format!(
                            "decimal escape `\\{v}` is above 255: a P8SCII character is one byte"
                        ),
                    ));
                }
                out.push(v as u8);
                Ok(p)
            }
            _ => {
                let c = self.src[at + 1..].chars().next().unwrap_or('\0');
                Err((
                    at,
                    format!("unknown escape `\\{c}`: escape a backslash as `\\\\`"),
                ))
            }
        }
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

/// The content of a long string as PICO-8 reads it: every line break (`\n`, `\r`, `\r\n` or
/// `\n\r`, as in Lua) becomes one `\n`, a line break right after the opening bracket is dropped,
/// and glyphs become P8SCII.
fn long_string_bytes(content: &str, out: &mut Vec<u8>) {
    let mut rest = content;
    let mut first = true;
    while !rest.is_empty() {
        let (c, used) = p8scii::next_char(rest);
        match c {
            P8Char::Byte(b @ (b'\n' | b'\r')) => {
                let other = if b == b'\n' { '\r' } else { '\n' };
                rest = rest[1..].strip_prefix(other).unwrap_or(&rest[1..]);
                if !first {
                    out.push(b'\n');
                }
            }
            c => {
                p8scii::push_char(c, out);
                rest = &rest[used..];
            }
        }
        first = false;
    }
}

/// The longest operator at the start of `s`, and its length. Matched byte by byte (the counter's
/// hot path): the lexer tests check every spelling in [`Punct::ALL`] and the longest-match cases.
fn scan_punct(s: &[u8]) -> Option<(Punct, usize)> {
    use Punct as P;
    let at = |i: usize| s.get(i).copied().unwrap_or(0);
    let with_eq = |plain: P, assign: P| {
        if at(1) == b'=' {
            (assign, 2)
        } else {
            (plain, 1)
        }
    };
    Some(match at(0) {
        b'+' => with_eq(P::Plus, P::PlusEq),
        b'-' => with_eq(P::Minus, P::MinusEq),
        b'*' => with_eq(P::Star, P::StarEq),
        b'/' => with_eq(P::Slash, P::SlashEq),
        b'\\' => with_eq(P::Backslash, P::BackslashEq),
        b'%' => with_eq(P::Percent, P::PercentEq),
        b'&' => with_eq(P::Amp, P::AmpEq),
        b'|' => with_eq(P::Pipe, P::PipeEq),
        b'~' => with_eq(P::Tilde, P::TildeEq),
        b'=' => with_eq(P::Assign, P::EqEq),
        b'^' => match (at(1), at(2)) {
            (b'^', b'=') => (P::CaretCaretEq, 3),
            (b'^', _) => (P::CaretCaret, 2),
            (b'=', _) => (P::CaretEq, 2),
            _ => (P::Caret, 1),
        },
        b'<' => match (at(1), at(2), at(3)) {
            (b'<', b'>', b'=') => (P::RotlEq, 4),
            (b'<', b'>', _) => (P::Rotl, 3),
            (b'<', b'=', _) => (P::ShlEq, 3),
            (b'<', _, _) => (P::Shl, 2),
            (b'=', _, _) => (P::Le, 2),
            _ => (P::Lt, 1),
        },
        b'>' => match (at(1), at(2), at(3)) {
            (b'>', b'>', b'=') => (P::LshrEq, 4),
            (b'>', b'>', _) => (P::Lshr, 3),
            (b'>', b'<', b'=') => (P::RotrEq, 4),
            (b'>', b'<', _) => (P::Rotr, 3),
            (b'>', b'=', _) => (P::ShrEq, 3),
            (b'>', _, _) => (P::Shr, 2),
            (b'=', _, _) => (P::Ge, 2),
            _ => (P::Gt, 1),
        },
        b'.' => match (at(1), at(2)) {
            (b'.', b'.') => (P::Ellipsis, 3),
            (b'.', b'=') => (P::DotDotEq, 3),
            (b'.', _) => (P::DotDot, 2),
            _ => (P::Dot, 1),
        },
        b':' if at(1) == b':' => (P::ColonColon, 2),
        b':' => (P::Colon, 1),
        b'#' => (P::Hash, 1),
        b'(' => (P::LParen, 1),
        b')' => (P::RParen, 1),
        b'[' => (P::LBracket, 1),
        b']' => (P::RBracket, 1),
        b'{' => (P::LBrace, 1),
        b'}' => (P::RBrace, 1),
        b';' => (P::Semi, 1),
        b',' => (P::Comma, 1),
        b'?' => (P::Question, 1),
        b'@' => (P::At, 1),
        b'$' => (P::Dollar, 1),
        _ => return None,
    })
}

#[cfg(test)]
mod tests;
