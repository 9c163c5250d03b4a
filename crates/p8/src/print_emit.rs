//! The token emitter behind the PICO-8 printers: joins tokens with as little whitespace as the
//! style allows while never letting two tokens run together into a different token.

/// What kind of token was written last; decides whether the next one may touch it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tok {
    /// A name or keyword.
    Word,
    /// A number literal.
    Number,
    /// A string literal.
    Str,
    /// An operator or punctuation mark.
    Punct,
}

/// Output layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    /// One statement per line, indented, spaces around binary operators.
    Pretty,
    /// Shortest safe spacing, line breaks only where PICO-8 needs them.
    Minified,
}

/// Multi-character tokens (and comment/long-bracket openers): if the last punctuation written
/// plus the first character of the next token is a prefix of one of these, the lexer would
/// glue them, so a space is needed.
const GLUING: &[&str] = &[
    "..", "...", "::", "==", "~=", "!=", "<=", ">=", "<<", ">>", ">>>", "<<>", ">><", "^^", "+=",
    "-=", "*=", "/=", "\\=", "%=", "^=", "^^=", "&=", "|=", "<<=", ">>=", ">>>=", "<<>=", ">><=",
    "..=", "--", "//", "[[", "[=",
];

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '\u{1e}' || c == '\u{1f}' || !c.is_ascii()
}

/// Whether `prev` (of kind `pk`) and `next` (of kind `nk`) need whitespace between them to
/// lex back as the same two tokens.
pub(crate) fn needs_space(prev: &str, pk: Tok, next: &str, nk: Tok) -> bool {
    let (Some(a), Some(b)) = (prev.chars().last(), next.chars().next()) else {
        return false;
    };
    if is_word_char(a) && is_word_char(b) {
        return true;
    }
    if pk == Tok::Number && (b == '.' || is_word_char(b)) {
        return true;
    }
    if nk == Tok::Number && (prev == "." || (pk == Tok::Word && is_word_char(a))) {
        return true;
    }
    if pk == Tok::Punct && (nk == Tok::Punct || nk == Tok::Str || nk == Tok::Number) {
        let mut joined = String::with_capacity(prev.len() + 1);
        joined.push_str(prev);
        joined.push(b);
        return GLUING.iter().any(|g| g.starts_with(&joined));
    }
    false
}

/// Accumulates printed source.
pub(crate) struct Emitter {
    pub(crate) out: String,
    style: Style,
    last: Option<(Tok, String)>,
    /// Pretty style: a space was requested before the next token.
    want_space: bool,
    /// A line break must come before the next token (after a short form or `?`).
    want_newline: bool,
    pub(crate) indent: usize,
    /// Inside the body of a short form: everything must stay on this line.
    pub(crate) oneline: u32,
}

impl Emitter {
    pub(crate) fn new(style: Style) -> Self {
        Emitter {
            out: String::new(),
            style,
            last: None,
            want_space: false,
            want_newline: false,
            indent: 0,
            oneline: 0,
        }
    }

    /// Writes one token.
    pub(crate) fn tok(&mut self, text: &str, kind: Tok) {
        if self.want_newline && !self.out.is_empty() {
            self.line_break();
        }
        self.want_newline = false;
        if let Some((pk, prev)) = &self.last {
            let at_line_start = self.out.ends_with('\n') || self.out.ends_with(' ');
            if !at_line_start
                && (needs_space(prev, *pk, text, kind)
                    || (self.want_space && self.style == Style::Pretty))
            {
                self.out.push(' ');
            }
        }
        self.want_space = false;
        self.out.push_str(text);
        self.last = Some((kind, text.to_owned()));
    }

    /// Writes a token that must be separated from the previous one by a space whatever the
    /// style (a unary minus written apart from its number, which PICO-8 counts differently).
    pub(crate) fn tok_spaced(&mut self, text: &str, kind: Tok) {
        if self.last.is_some() && !self.out.ends_with(' ') && !self.out.ends_with('\n') {
            self.want_space = false;
            self.out.push(' ');
        }
        self.tok(text, kind)
    }

    /// The last token written, if any.
    pub(crate) fn last_text(&self) -> Option<&str> {
        self.last.as_ref().map(|(_, t)| t.as_str())
    }

    /// A space before the next token whatever the style.
    pub(crate) fn force_space(&mut self) {
        if self.last.is_some() && !self.out.ends_with(' ') && !self.out.ends_with('\n') {
            self.out.push(' ');
        }
    }

    /// Pretty style: a space before the next token.
    pub(crate) fn space(&mut self) {
        self.want_space = true;
    }

    /// Between statements: a new line in pretty style (unless inside a one-line short form),
    /// nothing extra when minifying.
    pub(crate) fn stmt_break(&mut self) {
        if self.style == Style::Pretty && self.oneline == 0 {
            if !self.out.is_empty() {
                self.line_break();
            }
        } else {
            self.want_space = true;
        }
    }

    /// A line break is required before the next token (outside one-line contexts).
    pub(crate) fn require_newline(&mut self) {
        if self.oneline == 0 {
            self.want_newline = true;
        }
    }

    fn line_break(&mut self) {
        while self.out.ends_with(' ') {
            self.out.pop();
        }
        if !self.out.is_empty() && !self.out.ends_with('\n') {
            self.out.push('\n');
        }
        if self.style == Style::Pretty {
            for _ in 0..self.indent {
                self.out.push_str("  ");
            }
        }
    }

    /// The finished text, ending with one newline.
    pub(crate) fn finish(mut self) -> String {
        while self.out.ends_with(' ') || self.out.ends_with('\n') {
            self.out.pop();
        }
        if !self.out.is_empty() {
            self.out.push('\n');
        }
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spacing_rules() {
        use Tok::*;
        let cases: &[(&str, Tok, &str, Tok, bool)] = &[
            ("a", Word, "b", Word, true),
            ("a", Word, "(", Punct, false),
            ("1", Number, "..", Punct, true),
            ("..", Punct, "1", Number, false),
            ("..", Punct, ".5", Number, true),
            ("-", Punct, "-", Punct, true),
            ("<", Punct, "<", Punct, true),
            (">", Punct, "><", Punct, true),
            ("<", Punct, "=", Punct, true),
            ("=", Punct, "-", Punct, false),
            ("[", Punct, "[[x]]", Str, true),
            ("[", Punct, "\"x\"", Str, false),
            ("/", Punct, "/", Punct, true),
            (")", Punct, "(", Punct, false),
            ("and", Word, "1", Number, true),
            ("=", Punct, "1", Number, false),
            ("0x1", Number, "a", Word, true),
        ];
        for &(a, ak, b, bk, want) in cases {
            assert_eq!(needs_space(a, ak, b, bk), want, "{a:?} {b:?}");
        }
    }

    /// Whenever the emitter lets two tokens touch, the lexer must read them back as the same two
    /// tokens: checked for every pair drawn from every operator and a sample of other tokens.
    #[test]
    fn touching_tokens_lex_back_unchanged() {
        use crate::token::Punct;
        let mut toks: Vec<(String, Tok)> = Punct::ALL
            .iter()
            .map(|p| (p.as_str().to_owned(), Tok::Punct))
            .collect();
        for (t, k) in [
            ("a", Tok::Word),
            ("end", Tok::Word),
            ("x1", Tok::Word),
            ("1", Tok::Number),
            ("0x1f", Tok::Number),
            (".5", Tok::Number),
            ("1.", Tok::Number),
            ("\"s\"", Tok::Str),
            ("[[s]]", Tok::Str),
            ("'s'", Tok::Str),
        ] {
            toks.push((t.to_owned(), k));
        }
        for (a, ak) in &toks {
            for (b, bk) in &toks {
                if needs_space(a, *ak, b, *bk) {
                    continue;
                }
                let joined = format!("{a}{b}");
                let (Ok(alone_a), Ok(alone_b)) = (crate::lex(a), crate::lex(b)) else {
                    continue;
                };
                let both = crate::lex(&joined);
                let kinds =
                    |v: &[crate::Token]| v.iter().map(|t| t.kind.clone()).collect::<Vec<_>>();
                let want: Vec<_> = kinds(&alone_a).into_iter().chain(kinds(&alone_b)).collect();
                assert_eq!(
                    both.as_ref().map(|v| kinds(v)).ok(),
                    Some(want),
                    "{a:?} then {b:?} written as {joined:?}"
                );
            }
        }
    }
}
