//! PICO-8 source printers: a readable layout and a minified one, from the same tree walk.
//!
//! Both print exactly the tree they are given (literal spellings, call syntax, short forms,
//! glued unary minus), so the output parses back to an equal tree and has the same PICO-8 token
//! count. Two situations cannot be printed as written and are printed in a form with the same
//! meaning instead: a short form whose condition does not end with `)` or whose body would read
//! differently on one line (printed as the long form), and a binary operand that would regroup
//! without parentheses (parenthesised; the parser never produces such trees).

use crate::ast::*;
use crate::print_emit::{Emitter, Style, Tok};
use crate::stack::deep;

mod expr;
mod short;

pub use expr::{needs_parens, unary_needs_parens};
use short::{cond_opens_short_form, is_line_final, short_body_ok};

/// Prints a chunk as readable PICO-8 source: one statement per line, two-space indentation.
pub fn print_chunk(chunk: &Chunk) -> String {
    print_with(chunk, Style::Pretty)
}

pub(crate) fn print_with(chunk: &Chunk, style: Style) -> String {
    let mut p = Printer {
        e: Emitter::new(style),
        force_long: false,
    };
    p.stmts(&chunk.block);
    p.e.finish()
}

struct Printer {
    e: Emitter,
    /// The next statement must be printed in its long form (see `force_long_if_swallowing`).
    force_long: bool,
}

impl Printer {
    fn kw(&mut self, k: &str) {
        self.e.tok(k, Tok::Word);
    }

    fn p(&mut self, s: &str) {
        self.e.tok(s, Tok::Punct);
    }

    fn name(&mut self, n: &str) {
        self.e.tok(n, Tok::Word);
    }

    fn stmts(&mut self, b: &Block) {
        for (i, s) in b.stmts.iter().enumerate() {
            self.e.stmt_break();
            // A block nested in a one-line body (a function's) is followed on the line by at
            // least its `end`, which a `?` would swallow.
            let last = i + 1 == b.stmts.len() && !matches!(s.kind, StmtKind::Print(_));
            self.force_long_if_swallowing(s, last);
            self.stmt(s);
        }
    }

    /// On a line that must not break (inside a short form's body), a short form or `?` that
    /// is not the last statement on the line would swallow what follows: print it in its long
    /// form instead (same meaning; `?` becomes `print(...)`).
    fn force_long_if_swallowing(&mut self, s: &Stmt, last: bool) {
        self.force_long = self.e.oneline > 0 && !last && is_line_final(s);
    }

    /// A block of a long construct: indented statements, then a line break before the closer.
    fn body(&mut self, b: &Block) {
        self.e.indent += 1;
        self.stmts(b);
        self.e.indent -= 1;
        self.e.stmt_break();
    }

    fn short_body(&mut self, b: &Block) {
        self.e.oneline += 1;
        if b.stmts.is_empty() {
            self.p(";");
        }
        for (i, s) in b.stmts.iter().enumerate() {
            self.e.space();
            self.force_long_if_swallowing(s, i + 1 == b.stmts.len());
            self.stmt(s);
        }
        self.e.oneline -= 1;
    }

    fn stmt(&mut self, s: &Stmt) {
        deep(|| self.stmt_inner(s));
    }

    fn stmt_inner(&mut self, s: &Stmt) {
        let force_long = std::mem::take(&mut self.force_long);
        if stmt_starts_with_paren(s) {
            // `a=b (f)()` would read as a call of `b`.
            self.p(";");
        }
        match &s.kind {
            StmtKind::Assign { targets, values } => {
                self.exprs(targets);
                self.e.space();
                self.p("=");
                self.e.space();
                self.exprs(values);
            }
            StmtKind::OpAssign { target, op, value } => {
                self.expr(target);
                self.e.space();
                self.p(&format!("{}=", op.as_str()));
                self.e.space();
                self.expr(value);
            }
            StmtKind::Call(e) => self.expr(e),
            StmtKind::Print(args) if force_long => {
                self.name("print");
                self.p("(");
                self.exprs(args);
                self.p(")");
            }
            StmtKind::Print(args) => {
                self.e.require_newline();
                self.p("?");
                self.exprs(args);
                self.e.require_newline();
            }
            StmtKind::Do(b) => {
                self.kw("do");
                self.body(b);
                self.kw("end");
            }
            StmtKind::While { cond, body, short } => {
                self.kw("while");
                self.e.space();
                let short = *short
                    && !force_long
                    && cond_opens_short_form(cond)
                    && short_body_ok(body, false);
                // A short form's condition must end on the line it starts.
                self.e.oneline += u32::from(short);
                self.expr(cond);
                self.e.oneline -= u32::from(short);
                if short {
                    self.short_body(body);
                    self.e.require_newline();
                } else {
                    self.e.space();
                    self.kw("do");
                    self.body(body);
                    self.kw("end");
                }
            }
            StmtKind::Repeat { body, cond } => {
                self.kw("repeat");
                self.body(body);
                self.kw("until");
                self.e.space();
                self.expr(cond);
            }
            StmtKind::If {
                clauses,
                else_block,
                short,
            } => self.if_stmt(clauses, else_block.as_ref(), *short && !force_long),
            StmtKind::NumericFor {
                var,
                start,
                limit,
                step,
                body,
            } => {
                self.kw("for");
                self.name(&var.name);
                self.e.space();
                self.p("=");
                self.e.space();
                self.expr(start);
                self.p(",");
                self.e.space();
                self.expr(limit);
                if let Some(step) = step {
                    self.p(",");
                    self.e.space();
                    self.expr(step);
                }
                self.e.space();
                self.kw("do");
                self.body(body);
                self.kw("end");
            }
            StmtKind::GenericFor { vars, exprs, body } => {
                self.kw("for");
                self.names(vars);
                self.e.space();
                self.kw("in");
                self.e.space();
                self.exprs(exprs);
                self.e.space();
                self.kw("do");
                self.body(body);
                self.kw("end");
            }
            StmtKind::Function { name, func } => {
                self.kw("function");
                for (i, n) in name.path.iter().enumerate() {
                    if i > 0 {
                        self.p(".");
                    }
                    self.name(&n.name);
                }
                if let Some(m) = &name.method {
                    self.p(":");
                    self.name(&m.name);
                }
                self.func_body(func);
            }
            StmtKind::LocalFunction { name, func } => {
                self.kw("local");
                self.kw("function");
                self.name(&name.name);
                self.func_body(func);
            }
            StmtKind::Local { names, values } => {
                self.kw("local");
                self.names(names);
                if !values.is_empty() {
                    self.e.space();
                    self.p("=");
                    self.e.space();
                    self.exprs(values);
                }
            }
            StmtKind::Return(values) => {
                self.kw("return");
                if !values.is_empty() {
                    self.e.space();
                    self.exprs(values);
                }
            }
            StmtKind::Break => self.kw("break"),
            StmtKind::Goto(n) => {
                self.kw("goto");
                self.name(&n.name);
            }
            StmtKind::Label(n) => {
                self.p("::");
                self.name(&n.name);
                self.p("::");
            }
        }
    }

    fn if_stmt(&mut self, clauses: &[(Expr, Block)], else_block: Option<&Block>, short: bool) {
        let can_short = short
            && clauses.len() == 1
            && cond_opens_short_form(&clauses[0].0)
            && short_body_ok(&clauses[0].1, else_block.is_some())
            && else_block.is_none_or(|b| short_body_ok(b, false));
        if can_short {
            self.kw("if");
            self.e.space();
            // A short form's condition must end on the line it starts.
            self.e.oneline += 1;
            self.expr(&clauses[0].0);
            self.e.oneline -= 1;
            self.short_body(&clauses[0].1);
            if let Some(b) = else_block {
                self.e.space();
                self.kw("else");
                self.short_body(b);
            }
            self.e.require_newline();
            return;
        }
        for (i, (cond, body)) in clauses.iter().enumerate() {
            self.kw(if i == 0 { "if" } else { "elseif" });
            self.e.space();
            self.expr(cond);
            self.e.space();
            self.kw("then");
            self.body(body);
        }
        if let Some(b) = else_block {
            self.kw("else");
            self.body(b);
        }
        self.kw("end");
    }

    fn func_body(&mut self, f: &FuncBody) {
        self.p("(");
        for (i, n) in f.params.iter().enumerate() {
            if i > 0 {
                self.p(",");
                self.e.space();
            }
            self.name(&n.name);
        }
        if f.vararg {
            if !f.params.is_empty() {
                self.p(",");
                self.e.space();
            }
            self.p("...");
        }
        self.p(")");
        self.body(&f.body);
        self.kw("end");
    }

    fn names(&mut self, names: &[Name]) {
        for (i, n) in names.iter().enumerate() {
            if i > 0 {
                self.p(",");
                self.e.space();
            }
            self.name(&n.name);
        }
    }

    fn exprs(&mut self, es: &[Expr]) {
        for (i, e) in es.iter().enumerate() {
            if i > 0 {
                self.p(",");
                self.e.space();
            }
            self.expr(e);
        }
    }
}

/// Whether the statement's first token is `(` (it then needs a `;` before it).
pub(crate) fn stmt_starts_with_paren(s: &Stmt) -> bool {
    fn leftmost_paren(mut e: &Expr) -> bool {
        // Down the chain of suffixes to its first expression (a loop: the chain is long).
        loop {
            e = match &e.kind {
                ExprKind::Paren(_) => return true,
                ExprKind::Index(t, _) | ExprKind::Member(t, _) => t,
                ExprKind::Call { func, .. } => func,
                ExprKind::Method { obj, .. } => obj,
                _ => return false,
            };
        }
    }
    match &s.kind {
        StmtKind::Assign { targets, .. } => targets.first().is_some_and(leftmost_paren),
        StmtKind::OpAssign { target, .. } => leftmost_paren(target),
        StmtKind::Call(e) => leftmost_paren(e),
        _ => false,
    }
}
