//! Counting a program the way PICO-8 charges it against the cart's limits.
//!
//! Tokens: every token counts 1, except `, . : ; :: ) ] } end local`, comments, and a `-` or `~`
//! glued to the number literal after it when the token before is neither a name, a number, a
//! string, nor one of `) ] } ; end` (then it is a sign, part of the literal). This is the rule
//! shrinko8 implements (`count_tokens` in its tokenizer), which the project uses as its oracle; note
//! two consequences it has: a keyword before the sign also makes it free (`return -1` is 2 tokens,
//! `x=true -1` is 4), and a sign at the very start of the program is charged.
//!
//! Characters: the program's length in P8SCII characters (a glyph is one character), with lines
//! joined by `\n` and no final newline, as PICO-8 stores the code of a cart.

use crate::lexer::{LexError, Lexer, RawKind};
use crate::token::p8scii;
use crate::token::{Keyword, Punct, Span, Token, TokenKind};

/// PICO-8's token limit.
pub const TOKEN_LIMIT: usize = 8192;
/// PICO-8's character limit for the code of a cart.
pub const CHAR_LIMIT: usize = 65535;
/// PICO-8's compressed code limit, in bytes (the code area of a `.p8.png` cart).
pub const COMPRESSED_LIMIT: usize = 15616;

/// What a program costs against the cart's limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// PICO-8 tokens.
    pub tokens: usize,
    /// P8SCII characters.
    pub chars: usize,
}

/// Counts the tokens and characters of PICO-8 source `code` (a cart's `__lua__` section, or a
/// `.lua` file after [`normalize_newlines`]).
pub fn count(code: &str) -> Result<Counts, LexError> {
    Ok(Counts {
        tokens: count_tokens_in(code)?,
        chars: count_chars(code),
    })
}

/// Counts the tokens of `code`, streaming (no token vector is built).
pub fn count_tokens_in(code: &str) -> Result<usize, LexError> {
    let mut counter = TokenCounter::default();
    let mut lexer = Lexer::new(code);
    while let Some((kind, span)) = lexer.next_raw()? {
        counter.push(kind, span);
    }
    Ok(counter.finish())
}

/// Where `code` passes PICO-8's limits, if it does: the limit passed, the program's full count,
/// and the 1-based line and column of the first character or token past it. Characters are
/// checked first, so a program far too long is never lexed whole.
pub fn over_limit(code: &str) -> Result<Option<OverLimit>, LexError> {
    let chars = count_chars(code);
    if chars > CHAR_LIMIT {
        // The shortest prefix (ending on a character boundary) that holds more than the limit;
        // its last character is the first one past it.
        let boundary = |mut at: usize| {
            while !code.is_char_boundary(at) {
                at += 1;
            }
            at
        };
        let (mut lo, mut hi) = (0, code.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if count_chars(&code[..boundary(mid)]) > CHAR_LIMIT {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let prefix = &code[..boundary(lo)];
        let last = prefix.char_indices().next_back().map_or(0, |(i, _)| i);
        let before = &code[..last];
        let line = before.matches('\n').count() + 1;
        let col = count_chars(before.rsplit('\n').next().unwrap_or("")) + 1;
        return Ok(Some(OverLimit {
            what: "characters",
            limit: CHAR_LIMIT,
            count: chars,
            line: line as u32,
            col: col as u32,
        }));
    }
    let mut counter = TokenCounter::default();
    let mut lexer = Lexer::new(code);
    let mut first_over = None;
    while let Some((kind, span)) = lexer.next_raw()? {
        counter.push(kind, span);
        if first_over.is_none() && counter.count > TOKEN_LIMIT {
            first_over = Some(span);
        }
    }
    let tokens = counter.finish();
    Ok((tokens > TOKEN_LIMIT).then(|| {
        let span = first_over.unwrap_or_default();
        OverLimit {
            what: "tokens",
            limit: TOKEN_LIMIT,
            count: tokens,
            line: span.line,
            col: span.col,
        }
    }))
}

/// A program past one of PICO-8's limits (see [`over_limit`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverLimit {
    /// `"characters"` or `"tokens"`.
    pub what: &'static str,
    /// PICO-8's limit.
    pub limit: usize,
    /// The program's count.
    pub count: usize,
    /// The line of the first character or token past the limit (1-based).
    pub line: u32,
    /// Its column (1-based).
    pub col: u32,
}

impl std::fmt::Display for OverLimit {
    /// The message `tafl8 run` and `diff --cart` give, after the place.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the code has {} {}, over PICO-8's limit of {} (PICO-8 will not run it; the limit \
             is passed here): shorten the code",
            self.count, self.what, self.limit
        )
    }
}

/// Counts a token list as produced by [`crate::lex`] (comment tokens, if any, are ignored).
pub fn count_tokens(tokens: &[Token]) -> usize {
    let mut counter = TokenCounter::default();
    for t in tokens {
        let kind = match &t.kind {
            TokenKind::Name(_) => RawKind::Name,
            TokenKind::Keyword(k) => RawKind::Keyword(*k),
            TokenKind::Number(_) => RawKind::Number,
            TokenKind::Str(_) => RawKind::Str,
            TokenKind::Punct(p) => RawKind::Punct(*p),
            TokenKind::Comment(_) => RawKind::Comment,
        };
        counter.push(kind, t.span);
    }
    counter.finish()
}

/// The size in bytes of `code` compressed in PICO-8's `.p8.png` format, by this crate's
/// compressor (see [`compress`]; usually within a few percent of shrinko8's figure, and PICO-8's
/// own compressor does worse).
pub fn compressed_size_of(code: &str) -> usize {
    compress::compressed_size(&p8scii::to_p8scii(code))
}

/// The P8SCII length of `code`.
pub fn count_chars(code: &str) -> usize {
    p8scii::p8scii_len(code)
}

/// Source text as PICO-8 holds it in memory: CR LF line ends become LF, and one final newline is
/// dropped (an editor's trailing newline is not part of the program).
pub fn normalize_newlines(text: &str) -> String {
    let text = text.replace("\r\n", "\n");
    match text.strip_suffix('\n') {
        Some(s) => s.to_owned(),
        None => text,
    }
}

/// Streaming token counter. A sign decision needs one token of look-behind and one of look-ahead,
/// so a `-`/`~` is held until the next token arrives.
#[derive(Debug, Default)]
struct TokenCounter {
    count: usize,
    /// Whether the token before the current one lets a glued sign be free, and whether there is
    /// one at all (the first token of a program never has a free sign).
    prev_allows_sign: Option<bool>,
    /// A `-`/`~` waiting for the next token: its end offset and whether its predecessor allowed it
    /// to be a free sign.
    pending_sign: Option<(usize, bool)>,
}

impl TokenCounter {
    fn push(&mut self, kind: RawKind, span: Span) {
        if kind == RawKind::Comment {
            return;
        }
        if let Some((end, allowed)) = self.pending_sign.take() {
            let free = allowed && end == span.start && kind == RawKind::Number;
            if !free {
                self.count += 1;
            }
        }
        let is_sign = matches!(kind, RawKind::Punct(Punct::Minus | Punct::Tilde));
        if is_sign {
            self.pending_sign = Some((span.end, self.prev_allows_sign == Some(true)));
        } else if !is_free(kind) {
            self.count += 1;
        }
        self.prev_allows_sign = Some(allows_sign_after(kind));
    }

    fn finish(mut self) -> usize {
        if self.pending_sign.take().is_some() {
            self.count += 1;
        }
        self.count
    }
}

/// Tokens PICO-8 does not charge.
fn is_free(kind: RawKind) -> bool {
    match kind {
        RawKind::Punct(p) => matches!(
            p,
            Punct::Comma
                | Punct::Dot
                | Punct::Colon
                | Punct::Semi
                | Punct::ColonColon
                | Punct::RParen
                | Punct::RBracket
                | Punct::RBrace
        ),
        RawKind::Keyword(k) => matches!(k, Keyword::End | Keyword::Local),
        RawKind::Comment => true,
        _ => false,
    }
}

/// Whether a `-`/`~` after this token, glued to a number, is a sign (free) rather than an operator.
fn allows_sign_after(kind: RawKind) -> bool {
    !matches!(
        kind,
        RawKind::Name
            | RawKind::Number
            | RawKind::Str
            | RawKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace | Punct::Semi)
            | RawKind::Keyword(Keyword::End)
    )
}

pub mod compress;

#[cfg(test)]
mod tests;
