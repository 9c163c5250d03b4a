//! Lexer and counter on arbitrary text: no panic, and the token stream is self-consistent.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tafl8_p8::{count, count_tokens, lex, lex_with_comments, TokenKind};

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let plain = lex(src);
    let with_comments = lex_with_comments(src);
    let counted = count(src);
    match (&plain, &with_comments) {
        (Ok(tokens), Ok(all)) => {
            // Spans are in order, inside the source, on character boundaries, and non-empty.
            let mut last_end = 0;
            for t in all {
                assert!(t.span.start >= last_end && t.span.start < t.span.end);
                assert!(t.span.end <= src.len());
                assert!(src.is_char_boundary(t.span.start) && src.is_char_boundary(t.span.end));
                assert!(t.span.line >= 1 && t.span.col >= 1);
                last_end = t.span.end;
                if let TokenKind::Number(text) = &t.kind {
                    assert_eq!(text, &src[t.span.start..t.span.end]);
                    assert!(t.kind.number_value().unwrap().is_ok());
                }
            }
            // Dropping the comments leaves exactly the plain stream.
            let no_comments: Vec<_> = all
                .iter()
                .filter(|t| !matches!(t.kind, TokenKind::Comment(_)))
                .cloned()
                .collect();
            assert_eq!(&no_comments, tokens);
            let n = count_tokens(tokens);
            assert_eq!(counted.as_ref().map(|c| c.tokens).ok(), Some(n));
            assert!(n <= tokens.len());
        }
        (Err(a), Err(b)) => {
            // The same error whether or not comments are kept, and located inside the source.
            assert_eq!(a, b);
            assert!(a.offset <= src.len() && a.line >= 1 && a.col >= 1);
            assert!(counted.is_err());
        }
        _ => panic!("lex and lex_with_comments disagree: {plain:?} vs {with_comments:?}"),
    }
});
