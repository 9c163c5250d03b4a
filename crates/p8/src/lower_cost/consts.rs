//! Which expressions z8lua folds at compile time: arithmetic and bitwise operations whose
//! operands are numeric literals (or such operations themselves), through signs and
//! parentheses. Decided once for the whole chunk, bottom up, so the cost model asks in constant
//! time at every level of a chain instead of walking the chain below each level again (which
//! made a 4,000-term chain cost 16 million steps).

use std::collections::HashMap;

use crate::ast::*;
use crate::stack::deep;

/// Whether each operator, sign and parenthesised expression of a chunk is a numeric constant
/// z8lua folds, keyed by the node's address (the cost model borrows the chunk for as long as it
/// asks, so the addresses stay the nodes').
#[derive(Default)]
pub(crate) struct Folded {
    nodes: HashMap<*const Expr, bool>,
    /// Expressions decided (the test of the work bound reads it).
    #[cfg(test)]
    pub(crate) visits: u64,
}

impl Folded {
    /// Decides every expression of `chunk`.
    pub(crate) fn of(chunk: &Chunk) -> Folded {
        let mut f = Folded::default();
        f.block(&chunk.block);
        f
    }

    /// Whether `e` is a numeric constant z8lua folds. Expressions outside the chunk are decided
    /// from their operands.
    pub(crate) fn is_num_const(&self, e: &Expr) -> bool {
        if let Some(&c) = self.nodes.get(&(e as *const Expr)) {
            return c;
        }
        match &e.kind {
            ExprKind::Number(_) => true,
            ExprKind::Unary {
                op: UnOp::Neg,
                operand,
                ..
            } => self.is_num_const(operand),
            ExprKind::Paren(inner) => self.is_num_const(inner),
            ExprKind::Binary(op, l, r) => {
                folds(*op) && self.is_num_const(l) && self.is_num_const(r)
            }
            _ => false,
        }
    }

    fn block(&mut self, b: &Block) {
        for s in &b.stmts {
            deep(|| self.stmt(s));
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Assign { targets, values } => self.exprs(targets.iter().chain(values)),
            StmtKind::OpAssign { target, value, .. } => self.exprs([target, value]),
            StmtKind::Call(e) => self.exprs([e]),
            StmtKind::Print(v) | StmtKind::Local { values: v, .. } | StmtKind::Return(v) => {
                self.exprs(v)
            }
            StmtKind::Do(b) => self.block(b),
            StmtKind::While { cond, body, .. } | StmtKind::Repeat { body, cond } => {
                self.expr(cond);
                self.block(body);
            }
            StmtKind::If {
                clauses,
                else_block,
                ..
            } => {
                for (c, b) in clauses {
                    self.expr(c);
                    self.block(b);
                }
                if let Some(b) = else_block {
                    self.block(b);
                }
            }
            StmtKind::NumericFor {
                start,
                limit,
                step,
                body,
                ..
            } => {
                self.exprs([start, limit].into_iter().chain(step));
                self.block(body);
            }
            StmtKind::GenericFor { exprs, body, .. } => {
                self.exprs(exprs);
                self.block(body);
            }
            StmtKind::Function { func, .. } | StmtKind::LocalFunction { func, .. } => {
                self.block(&func.body)
            }
            StmtKind::Break | StmtKind::Goto(_) | StmtKind::Label(_) => {}
        }
    }

    fn exprs<'e>(&mut self, es: impl IntoIterator<Item = &'e Expr>) {
        for e in es {
            self.expr(e);
        }
    }

    fn fields(&mut self, fields: &[Field]) {
        for f in fields {
            match f {
                Field::Positional(v) | Field::Named(_, v) => {
                    self.expr(v);
                }
                Field::Keyed(k, v) => self.exprs([k, v]),
            }
        }
    }

    fn args(&mut self, a: &Args) {
        match a {
            Args::Parens(v) => self.exprs(v),
            Args::Table(f) => self.fields(f),
            Args::Str(_) => {}
        }
    }

    /// Decides `e` and everything in it; returns whether `e` is a numeric constant.
    fn expr(&mut self, e: &Expr) -> bool {
        deep(|| {
            let c = match &e.kind {
                ExprKind::Number(_) => return true,
                ExprKind::Unary {
                    op: UnOp::Neg,
                    operand,
                    ..
                } => self.expr(operand),
                ExprKind::Paren(inner) => self.expr(inner),
                ExprKind::Binary(op, l, r) => {
                    let (cl, cr) = (self.expr(l), self.expr(r));
                    folds(*op) && cl && cr
                }
                ExprKind::Unary { operand, .. } | ExprKind::Member(operand, _) => {
                    self.expr(operand);
                    false
                }
                ExprKind::Index(t, k) => {
                    self.exprs([&**t, &**k]);
                    false
                }
                ExprKind::Call { func, args }
                | ExprKind::Method {
                    obj: func, args, ..
                } => {
                    self.expr(func);
                    self.args(args);
                    false
                }
                ExprKind::Function(f) => {
                    self.block(&f.body);
                    false
                }
                ExprKind::Table(fields) => {
                    self.fields(fields);
                    false
                }
                _ => return false,
            };
            #[cfg(test)]
            {
                self.visits += 1;
            }
            self.nodes.insert(e as *const Expr, c);
            c
        })
    }
}

/// Whether z8lua folds this operator on two numeric literals at compile time (measured: every
/// arithmetic and bitwise operator, even `1/0`; not `..`).
pub(super) fn folds(op: BinOp) -> bool {
    !matches!(
        op,
        BinOp::And
            | BinOp::Or
            | BinOp::Lt
            | BinOp::Le
            | BinOp::Gt
            | BinOp::Ge
            | BinOp::Eq
            | BinOp::Ne
            | BinOp::NeBang
            | BinOp::Concat
    )
}
