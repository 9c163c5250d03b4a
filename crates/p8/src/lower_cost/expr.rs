//! Expression costs: what computing a value takes in Lua 5.2's code generator, depending on
//! where the value must end up (an RK operand, some register, a fresh register, a jump).

use super::{Model, NameKind};
use crate::ast::*;
use crate::stack::deep;

/// The built-ins the PICO-8 wiki's CPU page ("Lua cycles", measured on 0.1.12c) gives 1 called as
/// functions, as their operators cost: the bitwise functions, `flr` and `peek`.
pub(crate) const OPERATOR_BUILTINS: [&str; 11] = [
    "band", "bor", "bxor", "bnot", "shl", "shr", "lshr", "rotl", "rotr", "flr", "peek",
];

/// Where an `and`/`or` sits, which decides what its right operand costs when it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LogicMode {
    /// Computing a value (`x = a and b`).
    Value,
    /// A jump condition (`if a and b then`), or the test of a left operand.
    Cond,
    /// The left operand of an `or` computing a value (`a and b` in `a and b or c`).
    LeftOfOr,
}

impl Model<'_> {
    fn is_num_const(&self, e: &Expr) -> bool {
        self.folded.is_num_const(e)
    }

    pub(super) fn is_local(&self, e: &Expr) -> bool {
        matches!(e.kind, ExprKind::Name(_)) && self.name_kind(e.pos) == NameKind::Local
    }

    /// A call of a global built-in that PICO-8 charges as the operator it stands for.
    fn is_operator_builtin(&self, func: &Expr) -> bool {
        matches!(&func.kind, ExprKind::Name(n) if OPERATOR_BUILTINS.contains(&n.as_str()))
            && self.name_kind(func.pos) == NameKind::Global
    }

    pub(super) fn is_constant(&self, e: &Expr) -> bool {
        #[cfg(test)]
        self.const_visits.set(self.const_visits.get() + 1);
        match &e.kind {
            ExprKind::Number(_)
            | ExprKind::Str(_)
            | ExprKind::Nil
            | ExprKind::True
            | ExprKind::False => true,
            ExprKind::Unary {
                op: UnOp::Neg,
                operand,
                ..
            } => {
                self.is_constant(operand)
                    && matches!(operand.kind, ExprKind::Number(_) | ExprKind::Unary { .. })
            }
            ExprKind::Binary(..) => self.is_num_const(e),
            ExprKind::Paren(inner) => self.is_constant(inner),
            _ => false,
        }
    }

    /// As an RK operand (arithmetic, comparison, table key/value).
    pub(super) fn operand(&self, e: &Expr) -> u32 {
        if self.is_constant(e) || self.is_local(e) {
            0
        } else {
            self.full(e)
        }
    }

    /// Needed in some register (any), e.g. the table of an index.
    pub(super) fn in_reg(&self, e: &Expr) -> u32 {
        if self.is_local(e) {
            0
        } else {
            self.full(e)
        }
    }

    /// Into a fresh register (call argument, new local, list item).
    pub(super) fn to_reg(&self, e: &Expr) -> u32 {
        if self.is_constant(e) || self.is_local(e) {
            1
        } else {
            self.full(e)
        }
    }

    /// Cost of computing `e` into a register.
    pub(super) fn full(&self, e: &Expr) -> u32 {
        deep(|| self.full_inner(e))
    }

    fn full_inner(&self, e: &Expr) -> u32 {
        match &e.kind {
            ExprKind::Nil
            | ExprKind::True
            | ExprKind::False
            | ExprKind::Number(_)
            | ExprKind::Str(_)
            | ExprKind::Vararg => 1,
            ExprKind::Name(_) => 1,
            ExprKind::Index(t, k) => 1 + self.in_reg(t) + self.operand(k),
            ExprKind::Member(t, _) => 1 + self.in_reg(t),
            ExprKind::Call { func, args } => {
                if self.is_operator_builtin(func) {
                    // Published: these cost 1 called as functions, as their operators do (the
                    // PICO-8 wiki's CPU page, "Lua cycles", 0.1.12c); their arguments are still
                    // computed.
                    if let Args::Parens(v) = args {
                        return 1 + v.iter().map(|e| self.operand(e)).sum::<u32>();
                    }
                }
                1 + self.to_reg(func) + self.args(args)
            }
            ExprKind::Method { obj, args, .. } => 1 + 1 + self.in_reg(obj) + self.args(args),
            ExprKind::Function(_) => 1,
            ExprKind::Table(fields) => 1 + self.fields(fields),
            ExprKind::Binary(op, l, r) => {
                if self.is_constant(e) {
                    return 1;
                }
                match op {
                    // Lua compiles `and`/`or` values to jumps: here only the test of the left
                    // operand, which always runs; the right operand is counted when it runs
                    // (see `rhs_cost`).
                    BinOp::Or | BinOp::And => self.cond(l),
                    // The test (its `JMP` runs inline) and one `LOADBOOL`.
                    BinOp::Lt
                    | BinOp::Le
                    | BinOp::Gt
                    | BinOp::Ge
                    | BinOp::Eq
                    | BinOp::Ne
                    | BinOp::NeBang => 2 + self.operand(l) + self.operand(r),
                    BinOp::Concat => {
                        let mut parts = Vec::new();
                        concat_chain(e, &mut parts);
                        1 + parts.iter().map(|p| self.to_reg(p)).sum::<u32>()
                    }
                    BinOp::Pow => 1 + pow_extra(r) + self.operand(l) + self.operand(r),
                    _ => 1 + self.operand(l) + self.operand(r),
                }
            }
            ExprKind::Unary { op, operand, .. } => {
                if self.is_constant(e) {
                    return 1;
                }
                match op {
                    UnOp::Neg if self.is_num_const(operand) => 1,
                    _ => 1 + self.in_reg(operand),
                }
            }
            ExprKind::Paren(inner) => self.full(inner),
        }
    }

    pub(super) fn args(&self, a: &Args) -> u32 {
        match a {
            Args::Parens(v) => v.iter().map(|e| self.to_reg(e)).sum(),
            Args::Str(_) => 1,
            Args::Table(f) => 1 + self.fields(f),
        }
    }

    pub(super) fn fields(&self, fields: &[Field]) -> u32 {
        let mut positional = 0u32;
        let mut cost = 0;
        for f in fields {
            match f {
                Field::Positional(v) => {
                    positional += 1;
                    cost += self.to_reg(v);
                }
                Field::Named(_, v) => cost += 1 + self.operand(v),
                Field::Keyed(k, v) => cost += 1 + self.operand(k) + self.operand(v),
            }
        }
        // SETLIST flushes every 50 items.
        cost + positional.div_ceil(50)
    }

    /// Cost of the right operand of `and`/`or`, counted only when it runs: as a jump when the
    /// `and`/`or` is a condition, as a value otherwise, plus the `JMP` past the rest when the
    /// `and` is the left operand of an `or` (`b` in `a and b or c`).
    pub(crate) fn rhs_cost(&self, r: &Expr, mode: LogicMode) -> u32 {
        match mode {
            LogicMode::Cond => self.cond(r),
            LogicMode::Value => self.to_reg(r),
            LogicMode::LeftOfOr => self.to_reg(r) + 1,
        }
    }

    /// Cost of a condition used for a jump (`if`, `while`, `until`).
    pub(crate) fn cond(&self, e: &Expr) -> u32 {
        deep(|| self.cond_inner(e))
    }

    fn cond_inner(&self, e: &Expr) -> u32 {
        match &e.kind {
            ExprKind::True | ExprKind::Number(_) | ExprKind::Str(_) => 0,
            ExprKind::Nil | ExprKind::False => 1,
            ExprKind::Paren(inner) => self.cond(inner),
            ExprKind::Unary {
                op: UnOp::Not,
                operand,
                ..
            } => self.cond(operand),
            // The right operand is counted when it runs.
            ExprKind::Binary(BinOp::And | BinOp::Or, l, _) => self.cond(l),
            ExprKind::Binary(
                BinOp::Lt
                | BinOp::Le
                | BinOp::Gt
                | BinOp::Ge
                | BinOp::Eq
                | BinOp::Ne
                | BinOp::NeBang,
                l,
                r,
            ) => u32::from(!self.free_tests) + self.operand(l) + self.operand(r),
            _ => 1 + self.in_reg(e),
        }
    }
}

/// The system cycles of `x^y` beyond its instruction, in instructions (BBS thread 60180,
/// samhocevar, 2018: `x^4` costs 8 and `x^.5` 16 in all; `x*x*x*x` 3, one a multiplication).
/// An exponent that is not a whole literal is charged the dearer case.
fn pow_extra(exponent: &Expr) -> u32 {
    match &exponent.kind {
        ExprKind::Number(n) if n.value & 0xffff == 0 => 7,
        _ => 15,
    }
}

/// The operands of a right-nested `..` chain, in order.
fn concat_chain<'a>(mut e: &'a Expr, out: &mut Vec<&'a Expr>) {
    while let ExprKind::Binary(BinOp::Concat, l, r) = &e.kind {
        out.push(l);
        e = r;
    }
    out.push(e);
}
