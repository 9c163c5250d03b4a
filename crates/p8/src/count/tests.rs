use super::*;

/// `(source, tokens)`. The first block is every example in `shared/DESIGN.md`; the rest were
/// counted by hand with the rule in the module docs and confirmed with shrinko8 1.2.7
/// (`shrinko8 FILE --count --parsable-count`).
const CASES: &[(&str, usize)] = &[
    // DESIGN.md
    ("x=-1", 3),
    ("x=- 1", 4),
    ("x=f(a,b)", 6),
    ("x={1,2,3}", 6),
    ("if (a) b()", 5),
    ("x+=1", 3),
    ("?x", 2),
    ("a,b=1,2", 5),
    ("x=a and b or c", 7),
    ("for i=1,10 do end", 6),
    // Signs: free after an operator, an opening bracket, a comma or a keyword other than `end`.
    ("return -1", 2),
    ("x=true -1", 4),
    ("a=b-1", 5),
    ("a=(b)-1", 6),
    ("a={-1}", 4),
    ("a=f(-1,~2)", 6),
    ("a=1 -1", 5),
    ("a=\"s\"-1", 5),
    ("a=-0x10", 3),
    ("a=- -1", 4),
    ("a=@-1", 4),
    ("-1", 2),
    ("a=b[1]-1", 7),
    ("a=x;-1", 5),
    ("a=-x", 4),
    ("a=-.5", 3),
    // Free punctuation and keywords, comments.
    ("goto l ::l::", 3),
    ("local a=1", 3),
    ("a.b:c()", 4),
    ("x = = 1", 4),
    ("-- hi\nx=1 --[[ there ]] y=2 // c-style", 6),
    ("s=[[long\nstring]]..\"x\"", 5),
    ("", 0),
    ("function f(...) return ... end", 6),
];

#[test]
fn token_counts_match_the_table() {
    for &(src, want) in CASES {
        let got = count_tokens_in(src).unwrap_or_else(|e| panic!("{src:?}: {e}"));
        assert_eq!(got, want, "{src:?}");
        // The slice API agrees with the streaming one, with or without comment tokens.
        assert_eq!(count_tokens(&crate::lex(src).unwrap()), want, "{src:?}");
        assert_eq!(
            count_tokens(&crate::lex_with_comments(src).unwrap()),
            want,
            "{src:?}"
        );
    }
}

#[test]
fn chars_are_p8scii_characters() {
    assert_eq!(
        count("x=1").unwrap(),
        Counts {
            tokens: 3,
            chars: 3
        }
    );
    // `⬅️` is U+2B05 U+FE0F in the file, one character to PICO-8.
    assert_eq!(count_chars("?\"⬅️\""), 4);
    assert_eq!(count_chars("a\nb"), 3);
}

#[test]
fn newlines_normalize_like_a_loaded_cart() {
    assert_eq!(normalize_newlines("a\r\nb\r\n"), "a\nb");
    assert_eq!(normalize_newlines("a\n\n"), "a\n");
    assert_eq!(normalize_newlines("a"), "a");
}

#[test]
fn lex_errors_propagate() {
    let e = count("x = \"open").unwrap_err();
    assert_eq!((e.line, e.col), (1, 5));
}

#[test]
fn over_limit_names_the_first_character_or_token_past_it() {
    use crate::count::{over_limit, CHAR_LIMIT, TOKEN_LIMIT};
    // 8192 tokens fit: `x=1` is 3 tokens (x, =, 1), so 2730 of them and `y z` make 8192.
    let fits = format!("{}y z", "x=1\n".repeat(2730));
    assert_eq!(over_limit(&fits).unwrap(), None);
    let over = format!("{}y z w", "x=1\n".repeat(2730));
    let e = over_limit(&over).unwrap().expect("one token over");
    assert_eq!((e.what, e.limit, e.count), ("tokens", TOKEN_LIMIT, 8193));
    assert_eq!((e.line, e.col), (2731, 5));
    // 65535 characters fit; the 65536th is reported where it is (line 2, column 6 here).
    let long = format!("{}\n-- {}", "-".repeat(65530), "ab");
    assert_eq!(long.len(), CHAR_LIMIT + 1);
    let e = over_limit(&long).unwrap().expect("one character over");
    assert_eq!(
        (e.what, e.count, e.line, e.col),
        ("characters", 65536, 2, 5)
    );
}
