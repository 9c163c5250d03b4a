//! Printing expressions: operators with the parentheses precedence needs, call syntax as
//! written, glued minus signs kept as PICO-8 counts them.

use super::Printer;
use crate::ast::*;
use crate::print_emit::Tok;
use crate::stack::deep;

/// Whether `child`, as an operand of `parent_prec` on the given side, would regroup when
/// printed without parentheses.
pub fn needs_parens(parent: BinOp, child: &Expr, right: bool) -> bool {
    let pp = parent.precedence();
    match &child.kind {
        ExprKind::Binary(op, ..) => {
            let cp = op.precedence();
            if cp != pp {
                return cp < pp;
            }
            // Same level: only the associative side may go without parentheses.
            right != parent.is_right_assoc()
        }
        // `(-x)^2`: unary binds looser than `^` on its left.
        ExprKind::Unary { .. } => !right && pp > UNARY_PRECEDENCE,
        _ => false,
    }
}

/// Whether the operand of a unary operator would regroup without parentheses.
pub fn unary_needs_parens(operand: &Expr) -> bool {
    matches!(&operand.kind, ExprKind::Binary(op, ..) if op.precedence() < UNARY_PRECEDENCE)
}

impl Printer {
    pub(super) fn expr(&mut self, e: &Expr) {
        deep(|| self.expr_inner(e));
    }

    fn expr_inner(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Nil => self.kw("nil"),
            ExprKind::True => self.kw("true"),
            ExprKind::False => self.kw("false"),
            ExprKind::Vararg => self.p("..."),
            ExprKind::Number(n) => self.e.tok(&n.text, Tok::Number),
            ExprKind::Str(s) => self.e.tok(&s.text, Tok::Str),
            ExprKind::Name(n) => self.name(n),
            ExprKind::Index(t, k) => {
                self.prefix(t);
                self.p("[");
                self.expr(k);
                self.p("]");
            }
            ExprKind::Member(t, n) => {
                self.prefix(t);
                self.p(".");
                self.name(&n.name);
            }
            ExprKind::Call { func, args } => {
                self.prefix(func);
                self.args(args);
            }
            ExprKind::Method { obj, name, args } => {
                self.prefix(obj);
                self.p(":");
                self.name(&name.name);
                self.args(args);
            }
            ExprKind::Function(f) => {
                self.kw("function");
                self.func_body(f);
            }
            ExprKind::Table(fields) => self.table(fields),
            ExprKind::Binary(op, l, r) => {
                self.operand(*op, l, false);
                // PICO-8 does not count a `-`/`~` glued to a number after `nil`, `true`,
                // `false` or `...`, even as a binary operator: keep such a pair apart so every
                // print of the tree has the same count.
                let keep_apart = matches!(op, BinOp::Sub | BinOp::BXorTilde)
                    && matches!(self.e.last_text(), Some("nil" | "true" | "false" | "..."));
                self.e.space();
                match op {
                    BinOp::And | BinOp::Or => self.kw(op.as_str()),
                    _ => self.p(op.as_str()),
                }
                self.e.space();
                if keep_apart {
                    self.e.force_space();
                }
                self.operand(*op, r, true);
            }
            ExprKind::Unary { op, operand, glued } => {
                if *op == UnOp::Not {
                    self.kw("not");
                } else {
                    self.p(op.as_str());
                }
                let is_num = matches!(operand.kind, ExprKind::Number(_));
                if is_num && matches!(op, UnOp::Neg | UnOp::BNot) && !glued {
                    // PICO-8 counts `- 1` as two tokens and `-1` as one: keep them apart.
                    if let ExprKind::Number(n) = &operand.kind {
                        self.e.tok_spaced(&n.text, Tok::Number);
                    }
                } else if unary_needs_parens(operand) {
                    self.p("(");
                    self.expr(operand);
                    self.p(")");
                } else {
                    self.expr(operand);
                }
            }
            ExprKind::Paren(inner) => {
                self.p("(");
                self.expr(inner);
                self.p(")");
            }
        }
    }

    fn operand(&mut self, parent: BinOp, e: &Expr, right: bool) {
        if needs_parens(parent, e, right) {
            self.p("(");
            self.expr(e);
            self.p(")");
        } else {
            self.expr(e);
        }
    }

    /// The prefix of a call, index or member: only names, calls, indexes and parenthesised
    /// expressions may stand there.
    fn prefix(&mut self, e: &Expr) {
        match e.kind {
            ExprKind::Name(_)
            | ExprKind::Index(..)
            | ExprKind::Member(..)
            | ExprKind::Call { .. }
            | ExprKind::Method { .. }
            | ExprKind::Paren(_) => self.expr(e),
            _ => {
                self.p("(");
                self.expr(e);
                self.p(")");
            }
        }
    }

    fn args(&mut self, args: &Args) {
        match args {
            Args::Parens(v) => {
                self.p("(");
                self.exprs(v);
                self.p(")");
            }
            Args::Str(s) => self.e.tok(&s.text, Tok::Str),
            Args::Table(fields) => self.table(fields),
        }
    }

    fn table(&mut self, fields: &[Field]) {
        self.p("{");
        for (i, f) in fields.iter().enumerate() {
            if i > 0 {
                self.p(",");
                self.e.space();
            }
            match f {
                Field::Positional(v) => self.expr(v),
                Field::Named(n, v) => {
                    self.name(&n.name);
                    self.e.space();
                    self.p("=");
                    self.e.space();
                    self.expr(v);
                }
                Field::Keyed(k, v) => {
                    self.p("[");
                    self.expr(k);
                    self.p("]");
                    self.e.space();
                    self.p("=");
                    self.e.space();
                    self.expr(v);
                }
            }
        }
        self.p("}");
    }
}
