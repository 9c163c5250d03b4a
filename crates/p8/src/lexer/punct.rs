//! Operators and punctuation, matched longest first.

use crate::token::Punct;

/// The longest operator at the start of `s`, and its length. Matched byte by byte (the counter's
/// hot path): the lexer tests check every spelling in [`Punct::ALL`] and the longest-match cases.
pub(super) fn scan_punct(s: &[u8]) -> Option<(Punct, usize)> {
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
