//! When a short form (`if (c) s`, `while (c) s`) can be printed on one line and read back the
//! same: its condition must end with `)`, and nothing on the line may attach elsewhere.

use super::{Printer, Style};
use crate::ast::*;
use crate::print_emit::Emitter;

/// Whether a statement, printed on one line, would take a following `else` on that line: a
/// short `if` without `else` at its end would attach it, a `?` would print it.
pub(super) fn ends_with_open_short_if(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Print(_) => true,
        StmtKind::If {
            else_block,
            short: true,
            ..
        } => match else_block {
            None => true,
            Some(b) => b.stmts.last().is_some_and(ends_with_open_short_if),
        },
        StmtKind::While {
            body, short: true, ..
        } => body.stmts.last().is_some_and(ends_with_open_short_if),
        _ => false,
    }
}

/// Whether a statement swallows the rest of its line when printed (short forms, `?`).
pub(super) fn is_line_final(s: &Stmt) -> bool {
    matches!(
        s.kind,
        StmtKind::Print(_) | StmtKind::If { short: true, .. } | StmtKind::While { short: true, .. }
    )
}

/// Whether PICO-8 reads `if <cond> body` as a short form for this condition (the parser's
/// rule, from z8lua): the printed condition starts with `(`, that first group closes, and no
/// other `(` opens after it. The body never starts with `(` (the printer puts `;` first).
pub(super) fn cond_opens_short_form(e: &Expr) -> bool {
    let mut p = Printer {
        e: Emitter::new(Style::Minified),
        force_long: false,
    };
    p.e.oneline = 1;
    p.expr(e);
    let Ok(tokens) = crate::lex(&p.e.out) else {
        return false;
    };
    let mut parens = tokens.iter().filter_map(|t| match t.kind {
        crate::TokenKind::Punct(crate::Punct::LParen) => Some(1),
        crate::TokenKind::Punct(crate::Punct::RParen) => Some(-1),
        _ => None,
    });
    if !tokens
        .first()
        .is_some_and(|t| t.kind.is_punct(crate::Punct::LParen))
    {
        return false;
    }
    parens.next();
    let mut depth = 1;
    for step in parens {
        depth += if step < 0 {
            -1
        } else if depth > 0 {
            1
        } else {
            -1
        };
    }
    depth == 0
}

/// Whether a body can be printed on the short form's line with the same meaning.
pub(super) fn short_body_ok(b: &Block, then_of_if_with_else: bool) -> bool {
    let n = b.stmts.len();
    for (i, s) in b.stmts.iter().enumerate() {
        let last = i + 1 == n;
        if is_line_final(s) && !last {
            return false;
        }
        if last && then_of_if_with_else && ends_with_open_short_if(s) {
            return false;
        }
        if contains_newline_literal(s) {
            return false;
        }
    }
    true
}

/// A literal spelled over several lines would push the statements after it to another line.
pub(super) fn contains_newline_literal(s: &Stmt) -> bool {
    let mut p = Printer {
        e: Emitter::new(Style::Minified),
        force_long: false,
    };
    p.e.oneline = 1;
    p.stmt(s);
    p.e.out.contains('\n')
}
