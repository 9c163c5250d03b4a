//! Properties of the lexer and counter on generated and corpus programs.
//!
//! - Generated: tokens of every kind, written with one space between them, lex back to the same
//!   kinds, and (nothing being glued) the count is the number of tokens not in PICO-8's free set.
//! - Corpus: between consecutive tokens (comments kept) there is only whitespace, and each
//!   token's text lexes alone to the same token.

use proptest::prelude::*;
use tafl8_p8::{count_tokens, lex, lex_with_comments, Keyword, Punct, TokenKind};

/// One token and its spelling.
fn token() -> impl Strategy<Value = (TokenKind, String)> {
    let name = "[a-z_][a-z0-9_]{0,6}"
        .prop_filter("not a keyword", |s| Keyword::from_text(s).is_none())
        .prop_map(|s| (TokenKind::Name(s.clone()), s));
    let keyword = proptest::sample::select(Keyword::ALL.to_vec())
        .prop_map(|k| (TokenKind::Keyword(k), k.as_str().to_owned()));
    // `!=` only exists as an alternative spelling; every other operator stands for itself.
    let punct = proptest::sample::select(Punct::ALL.to_vec())
        .prop_map(|p| (TokenKind::Punct(p), p.as_str().to_owned()));
    let number = prop_oneof![
        "[0-9]{1,5}",
        "[0-9]{1,4}\\.[0-9]{0,4}",
        "\\.[0-9]{1,4}",
        "0x[0-9a-f]{1,4}(\\.[0-9a-f]{1,4})?",
        "0b[01]{1,16}(\\.[01]{1,8})?",
    ]
    .prop_map(|s| (TokenKind::Number(s.clone()), s));
    // Strings: plain characters (decoded as themselves) or escapes with a known byte.
    let piece = prop_oneof![
        "[a-zA-Z0-9 ,.;:!?(){}]".prop_map(|c| (c.clone(), c.into_bytes())),
        Just(("\\n".to_owned(), vec![10u8])),
        Just(("\\\\".to_owned(), vec![b'\\'])),
        Just(("\\\"".to_owned(), vec![b'"'])),
        Just(("\\^".to_owned(), vec![6u8])),
        (0u8..=255).prop_map(|b| (format!("\\x{b:02x}"), vec![b])),
        (0u8..=255).prop_map(|b| (format!("\\{b:03}"), vec![b])),
    ];
    let string = proptest::collection::vec(piece, 0..8).prop_map(|pieces| {
        let text: String = pieces.iter().map(|p| p.0.as_str()).collect();
        let bytes: Vec<u8> = pieces.into_iter().flat_map(|p| p.1).collect();
        (TokenKind::Str(bytes), format!("\"{text}\""))
    });
    let long = "[a-z \n]{0,10}".prop_map(|body| {
        let kind = TokenKind::Str(body.strip_prefix('\n').unwrap_or(&body).as_bytes().to_vec());
        (kind, format!("[==[{body}]==]"))
    });
    prop_oneof![name, keyword, punct, number, string, long]
}

fn is_free(kind: &TokenKind) -> bool {
    match kind {
        TokenKind::Punct(p) => matches!(
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
        TokenKind::Keyword(k) => matches!(k, Keyword::End | Keyword::Local),
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn spaced_tokens_lex_back_and_count(tokens in proptest::collection::vec(token(), 0..40)) {
        let src = tokens.iter().map(|t| t.1.as_str()).collect::<Vec<_>>().join(" ");
        let lexed = lex(&src).map_err(|e| TestCaseError::fail(format!("{src:?}: {e}")))?;
        let kinds: Vec<TokenKind> = lexed.into_iter().map(|t| t.kind).collect();
        let want: Vec<TokenKind> = tokens.iter().map(|t| t.0.clone()).collect();
        prop_assert_eq!(&kinds, &want, "{:?}", src);
        let charged = want.iter().filter(|k| !is_free(k)).count();
        prop_assert_eq!(count_tokens(&lex(&src).unwrap()), charged, "{:?}", src);
    }
}

#[test]
fn corpus_tokens_tile_the_source() {
    for f in tafl8_testkit::p8_corpus() {
        let src = tafl8_p8::cart::read_source(&f).unwrap().code;
        let tokens = lex_with_comments(&src).unwrap_or_else(|e| panic!("{}:{e}", f.display()));
        let mut at = 0;
        for t in &tokens {
            let gap = &src[at..t.span.start];
            assert!(
                gap.chars().all(|c| matches!(c, ' ' | '\t' | '\r' | '\n')),
                "{}:{}: non-space between tokens: {gap:?}",
                f.display(),
                t.span
            );
            let text = &src[t.span.start..t.span.end];
            if !matches!(t.kind, TokenKind::Comment(_)) {
                let alone = lex(text).unwrap();
                assert_eq!(alone.len(), 1, "{}:{}: {text:?}", f.display(), t.span);
                assert_eq!(alone[0].kind, t.kind, "{}:{}", f.display(), t.span);
            }
            at = t.span.end;
        }
        assert!(
            src[at..].trim().is_empty(),
            "{}: trailing text",
            f.display()
        );
    }
}
