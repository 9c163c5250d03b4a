use super::*;

fn kinds(src: &str) -> Vec<TokenKind> {
    lex(src)
        .unwrap_or_else(|e| panic!("{src:?}: {e}"))
        .into_iter()
        .map(|t| t.kind)
        .collect()
}

fn p(p: Punct) -> TokenKind {
    TokenKind::Punct(p)
}

fn name(n: &str) -> TokenKind {
    TokenKind::Name(n.to_owned())
}

fn num(n: &str) -> TokenKind {
    TokenKind::Number(n.to_owned())
}

fn s(bytes: &[u8]) -> TokenKind {
    TokenKind::Str(bytes.to_vec())
}

#[test]
fn every_operator_lexes_alone_and_longest_first() {
    for &op in Punct::ALL {
        let src = format!("a{}b", op.as_str());
        assert_eq!(kinds(&src), [name("a"), p(op), name("b")], "{src}");
    }
    // Longest match, then the rest.
    assert_eq!(kinds(">>>=>>"), [p(Punct::LshrEq), p(Punct::Shr)]);
    assert_eq!(kinds("<<>>"), [p(Punct::Rotl), p(Punct::Gt)]);
    assert_eq!(kinds("...=="), [p(Punct::Ellipsis), p(Punct::EqEq)]);
    assert_eq!(kinds("<<<"), [p(Punct::Shl), p(Punct::Lt)]);
    assert_eq!(kinds("a..5"), [name("a"), p(Punct::DotDot), num("5")]);
    assert_eq!(kinds("x.y"), [name("x"), p(Punct::Dot), name("y")]);
}

#[test]
fn keywords_and_names() {
    assert_eq!(
        kinds("local function_ end endx _ a1"),
        [
            TokenKind::Keyword(Keyword::Local),
            name("function_"),
            TokenKind::Keyword(Keyword::End),
            name("endx"),
            name("_"),
            name("a1"),
        ]
    );
    // Glyphs >= 0x80 are name characters in PICO-8; `▮` (0x10) is not.
    assert_eq!(kinds("🐱x=1"), [name("🐱x"), p(Punct::Assign), num("1")]);
    assert_eq!(kinds("❎"), [name("❎")]);
    assert!(lex("a▮b").is_err());
}

#[test]
fn numbers() {
    assert_eq!(
        kinds("1 .5 3. 0x1f.8 0B101 0x.8 12"),
        [
            num("1"),
            num(".5"),
            num("3."),
            num("0x1f.8"),
            num("0B101"),
            num("0x.8"),
            num("12")
        ]
    );
    // No exponents in PICO-8: `1e3` is a number then a name.
    assert_eq!(kinds("1e3"), [num("1"), name("e3")]);
    let e = lex("x = 1..2").unwrap_err();
    assert_eq!((e.line, e.col), (1, 5));
    assert!(e.message.contains("1..2"), "{e}");
    assert!(lex("0x").is_err());
}

#[test]
fn string_escapes_decode_to_p8scii() {
    assert_eq!(kinds(r#""a\nb""#), [s(b"a\nb")]);
    assert_eq!(kinds(r"'\*\#\-\|\+\^'"), [s(&[1, 2, 3, 4, 5, 6])]);
    assert_eq!(
        kinds(r#""\a\b\t\v\f\r\\\"\'""#),
        [s(&[7, 8, 9, 11, 12, 13, b'\\', b'"', b'\''])]
    );
    assert_eq!(kinds(r#""\65\0661\x41\xff""#), [s(b"AB1A\xff")]);
    assert_eq!(kinds("\"a\\z  \n\t b\""), [s(b"ab")]);
    assert_eq!(kinds("\"a\\\nb\""), [s(b"a\nb")]);
    assert_eq!(kinds("\"🅾️▮é\""), [s(&[0x8e, 0x10, 0xc3, 0xa9])]);
    for bad in [r#""\q""#, r#""\x4""#, r#""\256""#, "\"abc", "'a\nb'"] {
        assert!(lex(bad).is_err(), "{bad}");
    }
}

#[test]
fn long_strings_and_comments() {
    assert_eq!(kinds("[[\nab]]"), [s(b"ab")]);
    assert_eq!(kinds("[==[a]]b]=]c]==]"), [s(b"a]]b]=]c")]);
    assert_eq!(kinds("[[a\r\nb]]"), [s(b"a\nb")]);
    assert_eq!(kinds("a--[[x\ny]]b"), [name("a"), name("b")]);
    assert_eq!(kinds("a--[=[x]]y]=]b"), [name("a"), name("b")]);
    assert_eq!(kinds("a--[x\nb // c\nd"), [name("a"), name("b"), name("d")]);
    assert!(lex("--[[ never closed").is_err());
    assert!(lex("x=[=[ never closed").is_err());
    assert!(lex("x=[=a").is_err());
    let toks = lex_with_comments("a -- hi\n--[[b]]").unwrap();
    assert_eq!(toks[1].kind, TokenKind::Comment("-- hi".into()));
    assert_eq!(toks[2].kind, TokenKind::Comment("--[[b]]".into()));
}

#[test]
fn spans_have_offsets_lines_and_columns() {
    let toks = lex("a = 1\n  🐱 += \"x\"\n\n\tb").unwrap();
    let spans: Vec<(usize, usize, u32, u32)> = toks
        .iter()
        .map(|t| (t.span.start, t.span.end, t.span.line, t.span.col))
        .collect();
    // `🐱` is 4 bytes but one column.
    assert_eq!(
        spans,
        [
            (0, 1, 1, 1),
            (2, 3, 1, 3),
            (4, 5, 1, 5),
            (8, 12, 2, 3),
            (13, 15, 2, 5),
            (16, 19, 2, 8),
            (22, 23, 4, 2),
        ]
    );
}

#[test]
fn errors_are_located() {
    let e = lex("a = 1\nb = \"x\\q\"").unwrap_err();
    assert_eq!((e.line, e.col), (2, 7));
    assert!(e.to_string().starts_with("2:7: unknown escape"), "{e}");
    let e = lex("x = 1\n  ` ").unwrap_err();
    assert_eq!((e.line, e.col), (2, 3));
    let e = lex("s = [[a\nb\n").unwrap_err();
    assert_eq!((e.line, e.col), (1, 5));
    let e = lex("s = \"ab\\\nc\\q\"").unwrap_err();
    assert_eq!((e.line, e.col), (2, 2));
}

#[test]
fn pico8_extensions() {
    assert_eq!(
        kinds("?x @a %b $c a!=b a\\b"),
        [
            p(Punct::Question),
            name("x"),
            p(Punct::At),
            name("a"),
            p(Punct::Percent),
            name("b"),
            p(Punct::Dollar),
            name("c"),
            name("a"),
            p(Punct::BangEq),
            name("b"),
            name("a"),
            p(Punct::Backslash),
            name("b"),
        ]
    );
}

#[test]
fn long_string_line_breaks_read_as_in_lua() {
    // Each of LF, CR, CR LF and LF CR is one line break; the first one is dropped.
    assert_eq!(kinds("[[\r\na\rb\n\rc\r\nd\ne]]"), [s(b"a\nb\nc\nd\ne")]);
    assert_eq!(kinds("[[\n\nx]]"), [s(b"\nx")]);
    assert_eq!(kinds("[[⬅️]]"), [s(&[0x8b])]);
}

#[test]
fn operator_matching_equals_longest_spelling() {
    // Reference: the longest prefix (up to 4 bytes) that is the spelling of some operator.
    let reference = |s: &[u8]| {
        (1..=s.len().min(4)).rev().find_map(|len| {
            let text = std::str::from_utf8(&s[..len]).ok()?;
            Punct::from_text(text)
                .filter(|&p| p != Punct::BangEq)
                .map(|p| (p, len))
        })
    };
    let first = b"+-*/\\%&|^<>=~#()[]{};,?@$.:x";
    // Only these characters extend an operator past its first byte; `x` and `-` end it.
    let rest = b"<>=.^:x-";
    for &a in first {
        for &b in rest {
            for &c in rest {
                for &d in rest {
                    let s = [a, b, c, d];
                    assert_eq!(
                        scan_punct(&s),
                        reference(&s),
                        "{:?}",
                        std::str::from_utf8(&s)
                    );
                }
            }
        }
    }
    assert_eq!(scan_punct(b""), None);
    assert_eq!(scan_punct(b"<"), Some((Punct::Lt, 1)));
}
