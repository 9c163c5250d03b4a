//! `goto` targets: Lua (and so PICO-8) refuses to load a chunk with a `goto` whose label is not
//! visible: defined in the same block or an enclosing one of the same function. Reported by the
//! lint as an error at the `goto`, before the cart ever reaches PICO-8 or the runner.

use std::collections::HashMap;

use crate::ast::*;
use crate::stack::deep;

/// Every `goto` with no visible label: `(name, position)`.
pub(crate) fn unknown_goto_targets(chunk: &Chunk) -> Vec<(String, Pos)> {
    let mut out = Vec::new();
    block(&chunk.block, &mut Labels::default(), &mut out);
    out
}

/// The labels visible at a point: how many of each name (a lookup per `goto`, whatever the
/// number of labels), and the order they were added in, to take a block's off again.
#[derive(Default)]
struct Labels<'a> {
    count: HashMap<&'a str, u32>,
    order: Vec<&'a str>,
}

impl<'a> Labels<'a> {
    fn contains(&self, name: &str) -> bool {
        self.count.get(name).is_some_and(|&n| n > 0)
    }

    fn push(&mut self, name: &'a str) {
        *self.count.entry(name).or_default() += 1;
        self.order.push(name);
    }

    fn truncate(&mut self, len: usize) {
        for name in self.order.drain(len..) {
            if let Some(n) = self.count.get_mut(name) {
                *n -= 1;
            }
        }
    }
}

fn block<'a>(b: &'a Block, visible: &mut Labels<'a>, out: &mut Vec<(String, Pos)>) {
    let before = visible.order.len();
    // Labels anywhere in this block are visible from all of it (forward jumps included).
    for s in &b.stmts {
        if let StmtKind::Label(n) = &s.kind {
            visible.push(n.name.as_str());
        }
    }
    for s in &b.stmts {
        deep(|| stmt(s, visible, out));
    }
    visible.truncate(before);
}

fn stmt<'a>(s: &'a Stmt, visible: &mut Labels<'a>, out: &mut Vec<(String, Pos)>) {
    match &s.kind {
        StmtKind::Goto(n) => {
            if !visible.contains(&n.name) {
                out.push((n.name.clone(), n.pos));
            }
        }
        StmtKind::Do(b) => block(b, visible, out),
        StmtKind::While { cond, body, .. } => {
            expr(cond, out);
            block(body, visible, out);
        }
        StmtKind::Repeat { body, cond } => {
            block(body, visible, out);
            expr(cond, out);
        }
        StmtKind::If {
            clauses,
            else_block,
            ..
        } => {
            for (c, b) in clauses {
                expr(c, out);
                block(b, visible, out);
            }
            if let Some(b) = else_block {
                block(b, visible, out);
            }
        }
        StmtKind::NumericFor {
            start,
            limit,
            step,
            body,
            ..
        } => {
            expr(start, out);
            expr(limit, out);
            if let Some(e) = step {
                expr(e, out);
            }
            block(body, visible, out);
        }
        StmtKind::GenericFor { exprs, body, .. } => {
            exprs.iter().for_each(|e| expr(e, out));
            block(body, visible, out);
        }
        StmtKind::Function { func, .. } | StmtKind::LocalFunction { func, .. } => {
            block(&func.body, &mut Labels::default(), out)
        }
        StmtKind::Assign { targets, values } => {
            targets.iter().chain(values).for_each(|e| expr(e, out))
        }
        StmtKind::OpAssign { target, value, .. } => {
            expr(target, out);
            expr(value, out);
        }
        StmtKind::Local { values, .. } | StmtKind::Return(values) | StmtKind::Print(values) => {
            values.iter().for_each(|e| expr(e, out))
        }
        StmtKind::Call(e) => expr(e, out),
        StmtKind::Break | StmtKind::Label(_) => {}
    }
}

/// Function expressions start a new function: no label outside them is visible inside.
fn expr(e: &Expr, out: &mut Vec<(String, Pos)>) {
    deep(|| expr_inner(e, out));
}

fn expr_inner(e: &Expr, out: &mut Vec<(String, Pos)>) {
    match &e.kind {
        ExprKind::Function(f) => block(&f.body, &mut Labels::default(), out),
        ExprKind::Index(a, b) | ExprKind::Binary(_, a, b) => {
            expr(a, out);
            expr(b, out);
        }
        ExprKind::Member(a, _) | ExprKind::Paren(a) => expr(a, out),
        ExprKind::Unary { operand, .. } => expr(operand, out),
        ExprKind::Call { func, args } => {
            expr(func, out);
            call_args(args, out);
        }
        ExprKind::Method { obj, args, .. } => {
            expr(obj, out);
            call_args(args, out);
        }
        ExprKind::Table(fields) => table(fields, out),
        ExprKind::Nil
        | ExprKind::True
        | ExprKind::False
        | ExprKind::Vararg
        | ExprKind::Number(_)
        | ExprKind::Str(_)
        | ExprKind::Name(_) => {}
    }
}

fn call_args(a: &Args, out: &mut Vec<(String, Pos)>) {
    match a {
        Args::Parens(v) => v.iter().for_each(|e| expr(e, out)),
        Args::Table(f) => table(f, out),
        Args::Str(_) => {}
    }
}

fn table(fields: &[Field], out: &mut Vec<(String, Pos)>) {
    for f in fields {
        match f {
            Field::Positional(v) | Field::Named(_, v) => expr(v, out),
            Field::Keyed(k, v) => {
                expr(k, out);
                expr(v, out);
            }
        }
    }
}
