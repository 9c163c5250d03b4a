//! String literals: quoted strings with their escapes, and long brackets (also used by long
//! comments). Contents are decoded to P8SCII bytes.

use super::{Lexer, RawKind};
use crate::token::p8scii::{self, P8Char};

impl<'a> Lexer<'a> {
    /// At `start` (a `[`): a long bracket `[=*[ ... ]=*]`. Returns its content and end, or `None`
    /// if it is not opened properly or never closed.
    pub(super) fn long_bracket(
        &self,
        start: usize,
    ) -> Result<Option<(&'a str, usize)>, (usize, String)> {
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

    pub(super) fn scan_quoted(
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

/// The content of a long string as PICO-8 reads it: every line break (`\n`, `\r`, `\r\n` or
/// `\n\r`, as in Lua) becomes one `\n`, a line break right after the opening bracket is dropped,
/// and glyphs become P8SCII.
pub(super) fn long_string_bytes(content: &str, out: &mut Vec<u8>) {
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
