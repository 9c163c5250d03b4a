//! When a short form (`if (c) s`, `while (c) s`) can be printed on one line and read back the
//! same: its condition must end with `)`, and nothing on the line may attach elsewhere.

use super::{Printer, Style};
use crate::ast::*;
use crate::print_emit::Emitter;

/// Whether a statement, printed on one line, leaves a short `if` without `else` open at its
/// end (a following `else` on the line would attach to it).
pub(super) fn ends_with_open_short_if(s: &Stmt) -> bool {
    match &s.kind {
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

pub(super) fn cond_ends_with_paren(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Paren(_) => true,
        ExprKind::Call { args, .. } | ExprKind::Method { args, .. } => {
            matches!(args, Args::Parens(_))
        }
        ExprKind::Binary(_, _, r) => cond_ends_with_paren(r),
        ExprKind::Unary { operand, .. } => cond_ends_with_paren(operand),
        _ => false,
    }
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
