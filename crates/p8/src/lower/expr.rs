//! Expression lowering: routed operators become helper calls, the rest stays native Lua.

use super::{lua_name, number_literal, string_literal, var_name, Lowerer, OpSite, OperandName};
use crate::ast::*;
use crate::lower_cost::LogicMode;
use crate::stack::deep;
use std::fmt::Write;

pub(super) fn helper(op: BinOp) -> Option<&'static str> {
    Some(match op {
        BinOp::Add => "add",
        BinOp::Sub => "sub",
        BinOp::Mul => "mul",
        BinOp::Div => "div",
        BinOp::IDiv => "idiv",
        BinOp::Mod => "mod",
        BinOp::Pow => "pow",
        BinOp::BAnd => "band",
        BinOp::BOr => "bor",
        BinOp::BXor | BinOp::BXorTilde => "bxor",
        BinOp::Shl => "shl",
        BinOp::Shr => "shr",
        BinOp::Lshr => "lshr",
        BinOp::Rotl => "rotl",
        BinOp::Rotr => "rotr",
        BinOp::Concat => "concat",
        _ => return None,
    })
}

/// Left-nested chains of routed operators longer than this are lowered step by step (see the
/// module docs): nested helper calls cost the Lua parser a level each, of 200.
pub(super) const LONG_CHAIN: usize = 32;

/// The left spine of routed binary operators under `e` (through parentheses): the innermost
/// left operand, then each `(helper, right operand)` in evaluation order.
fn left_spine(e: &Expr) -> (&Expr, Vec<(&'static str, &Expr)>) {
    let mut steps = Vec::new();
    let mut at = e;
    loop {
        match &at.kind {
            ExprKind::Binary(op, l, r) if *op != BinOp::Concat => match helper(*op) {
                Some(h) => {
                    steps.push((h, &**r));
                    at = l;
                }
                None => break,
            },
            ExprKind::Paren(inner) if matches!(&inner.kind, ExprKind::Binary(op, ..) if *op != BinOp::Concat && helper(*op).is_some()) =>
            {
                at = inner;
            }
            _ => break,
        }
    }
    steps.reverse();
    (at, steps)
}

/// The operands of a right-nested `..` chain (`a..b..c` is `a..(b..c)`), in order.
fn concat_operands(e: &Expr) -> Vec<&Expr> {
    let mut out = Vec::new();
    let mut at = e;
    while let ExprKind::Binary(BinOp::Concat, l, r) = &at.kind {
        out.push(&**l);
        at = r;
    }
    out.push(at);
    out
}

/// The literal value of `e` after folding unary minus, if it is one.
fn literal_value(e: &Expr) -> Option<i32> {
    match &e.kind {
        ExprKind::Number(n) => Some(n.value),
        ExprKind::Unary {
            op: UnOp::Neg,
            operand,
            ..
        } => literal_value(operand).map(i32::wrapping_neg),
        _ => None,
    }
}

/// Whether lowering `e` gives a call of an operator helper (or of a long chain's function).
pub(super) fn is_helper_call(e: &Expr) -> bool {
    if literal_value(e).is_some() {
        return false;
    }
    match &e.kind {
        ExprKind::Binary(op, ..) => helper(*op).is_some(),
        ExprKind::Unary { op, .. } => !matches!(op, UnOp::Not | UnOp::Len),
        _ => false,
    }
}

/// Whether lowering `e` gives a native Lua binary operation (which needs parentheses when
/// nested in another native operator).
fn is_native_binary(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Binary(op, ..) if helper(*op).is_none())
}

impl Lowerer<'_> {
    /// What Lua 5.2 calls `e` in an error about it (`getobjname`): a variable by its kind and
    /// name, a table field by its key when the key is a constant string (`field '?'` when it is
    /// not); a number literal or an arithmetic result is always a number; anything else has no
    /// name.
    fn describe(&self, e: &Expr) -> OperandName {
        let named = |s: String| OperandName::Named(s);
        match &e.kind {
            ExprKind::Name(n) => match self.cost.as_ref() {
                Some(m) => named(format!("{} '{n}'", m.name_word(e.pos))),
                None => OperandName::Unnamed,
            },
            ExprKind::Member(_, n) => named(format!("field '{}'", n.name)),
            ExprKind::Index(_, k) => match &k.kind {
                ExprKind::Str(s) => named(format!("field '{}'", String::from_utf8_lossy(&s.value))),
                _ => named("field '?'".into()),
            },
            ExprKind::Paren(inner) => self.describe(inner),
            ExprKind::Number(_) => OperandName::Number,
            ExprKind::Binary(op, ..) if *op != BinOp::Concat && helper(*op).is_some() => {
                OperandName::Number
            }
            ExprKind::Unary {
                op: UnOp::Neg | UnOp::BNot | UnOp::Peek | UnOp::Peek2 | UnOp::Peek4,
                ..
            } => OperandName::Number,
            _ => OperandName::Unnamed,
        }
    }

    /// Records an operator call written on the current line.
    fn site(&mut self, concat: bool, operands: Vec<OperandName>) {
        self.sites.push(OpSite {
            line: self.line,
            concat,
            operands,
        });
    }

    fn args(&mut self, a: &Args) {
        self.w("(");
        match a {
            Args::Parens(v) => self.exprs(v),
            Args::Str(s) => self.w(&string_literal(&s.value)),
            Args::Table(f) => self.table(f),
        }
        self.w(")");
    }

    fn table(&mut self, fields: &[Field]) {
        self.w("{");
        for (i, f) in fields.iter().enumerate() {
            if i > 0 {
                self.w(",");
            }
            match f {
                Field::Positional(v) => self.expr(v),
                Field::Named(n, v) => {
                    self.at(n.pos.line);
                    self.w(&lua_name(&n.name));
                    self.w("=");
                    self.expr(v);
                }
                Field::Keyed(k, v) => {
                    self.w("[");
                    self.expr(k);
                    self.w("]=");
                    self.expr(v);
                }
            }
        }
        self.w("}");
    }

    /// An operand of a native operator: parenthesised if it is itself a native operation.
    fn native_operand(&mut self, e: &Expr) {
        if is_native_binary(e) {
            self.w("(");
            self.expr(e);
            self.w(")");
        } else {
            self.expr(e);
        }
    }

    pub(super) fn expr(&mut self, e: &Expr) {
        deep(|| self.expr_inner(e));
    }

    fn expr_inner(&mut self, e: &Expr) {
        // Only `and`, `or`, `not` and parentheses pass their use on to operands.
        let mode = std::mem::replace(&mut self.mode, LogicMode::Value);
        if e.pos.line > self.line {
            self.at(e.pos.line);
        }
        if let Some(v) = literal_value(e) {
            let lit = number_literal(v);
            if v < 0 {
                let _ = write!(self.out, "({lit})");
            } else {
                self.w(&lit);
            }
            return;
        }
        match &e.kind {
            ExprKind::Nil => self.w("nil"),
            ExprKind::True => self.w("true"),
            ExprKind::False => self.w("false"),
            ExprKind::Vararg => self.w("..."),
            ExprKind::Number(_) => unreachable!("handled by literal_value"),
            ExprKind::Str(s) => self.w(&string_literal(&s.value)),
            ExprKind::Name(n) => self.w(&var_name(n)),
            ExprKind::Index(t, k) => {
                self.prefix(t);
                self.w("[");
                self.expr(k);
                self.w("]");
            }
            ExprKind::Member(t, n) => {
                self.prefix(t);
                self.w(".");
                self.w(&lua_name(&n.name));
            }
            ExprKind::Call { func, args } => {
                self.prefix(func);
                self.args(args);
            }
            ExprKind::Method { obj, name, args } => {
                self.prefix(obj);
                self.w(":");
                self.w(&lua_name(&name.name));
                self.args(args);
            }
            ExprKind::Function(f) => {
                self.w("function");
                self.func_body(f, None);
            }
            ExprKind::Table(f) => self.table(f),
            ExprKind::Binary(BinOp::Concat, ..) if concat_operands(e).len() > 2 => {
                let names = concat_operands(e)
                    .into_iter()
                    .map(|o| self.describe(o))
                    .collect();
                self.site(true, names);
                self.w("__p8_concatn(");
                for (i, part) in concat_operands(e).into_iter().enumerate() {
                    if i > 0 {
                        self.w(",");
                    }
                    self.expr(part);
                }
                self.w(")");
            }
            ExprKind::Binary(..) if left_spine(e).1.len() > LONG_CHAIN => self.long_chain(e),
            ExprKind::Binary(op, l, r) => match helper(*op) {
                Some(h) => {
                    let names = vec![self.describe(l), self.describe(r)];
                    self.site(*op == BinOp::Concat, names);
                    let _ = write!(self.out, "__p8_{h}(");
                    self.expr(l);
                    self.w(",");
                    self.expr(r);
                    self.w(")");
                }
                None if matches!(op, BinOp::And | BinOp::Or) && self.cost.is_some() => {
                    self.logical(*op, l, r, mode);
                }
                None => {
                    let sym = match op {
                        BinOp::NeBang | BinOp::Ne => "~=",
                        BinOp::And => " and ",
                        BinOp::Or => " or ",
                        other => other.as_str(),
                    };
                    self.native_operand(l);
                    self.w(sym);
                    self.native_operand(r);
                }
            },
            ExprKind::Unary { op, operand, .. } => {
                let call = match op {
                    UnOp::Neg => Some("unm"),
                    UnOp::BNot => Some("bnot"),
                    UnOp::Peek => Some("peek"),
                    UnOp::Peek2 => Some("peek2"),
                    UnOp::Peek4 => Some("peek4"),
                    UnOp::Not | UnOp::Len => None,
                };
                match call {
                    Some(h) => {
                        let names = vec![self.describe(operand)];
                        self.site(false, names);
                        let _ = write!(self.out, "__p8_{h}(");
                        self.expr(operand);
                        self.w(")");
                    }
                    None => {
                        self.w(if *op == UnOp::Not { "not " } else { "#" });
                        if *op == UnOp::Not && mode == LogicMode::Cond {
                            self.mode = mode;
                        }
                        self.native_operand(operand);
                    }
                }
            }
            ExprKind::Paren(inner) => {
                self.w("(");
                self.mode = mode;
                self.expr(inner);
                self.w(")");
            }
        }
    }

    /// A long left-nested chain, step by step in a function called on the spot (see the module
    /// docs); it receives the enclosing function's `...` when there is one.
    fn long_chain(&mut self, e: &Expr) {
        let (first, steps) = left_spine(e);
        let va = if self.vararg.last().copied().unwrap_or(false) {
            "..."
        } else {
            ""
        };
        let _ = write!(self.out, "(function({va}) local __p8a=");
        self.expr(first);
        let mut left = self.describe(first);
        for (h, r) in steps {
            let names = vec![
                std::mem::replace(&mut left, OperandName::Number),
                self.describe(r),
            ];
            self.site(false, names);
            let _ = write!(self.out, " __p8a=__p8_{h}(__p8a,");
            self.expr(r);
            self.w(")");
        }
        let _ = write!(self.out, " return __p8a end)({va})");
    }

    /// `l and r` / `l or r` with costs on: the right operand is wrapped in `__p8_cb(k, r)`,
    /// which adds its cost `k` only when it runs (`__p8_cb` returns `r`'s values unchanged, and
    /// `and`/`or` keep only the first, as they would). The left operand is a jump test, or the
    /// left of an `or` chain (`a and b or c and d or e`).
    fn logical(&mut self, op: BinOp, l: &Expr, r: &Expr, mode: LogicMode) {
        let model = self.cost.as_ref().expect("only called with costs on");
        let k = match (op, mode) {
            (_, LogicMode::Cond) => model.rhs_cost(r, LogicMode::Cond),
            (BinOp::And, LogicMode::LeftOfOr) => model.rhs_cost(r, LogicMode::LeftOfOr),
            _ => model.rhs_cost(r, LogicMode::Value),
        };
        self.mode = match (op, mode) {
            (_, LogicMode::Cond) => LogicMode::Cond,
            (BinOp::Or, _) => LogicMode::LeftOfOr,
            _ => LogicMode::Cond,
        };
        self.native_operand(l);
        let word = if op == BinOp::And { "and" } else { "or" };
        let _ = write!(self.out, " {word} ");
        self.counted_open(k);
        self.mode = if mode == LogicMode::Cond {
            LogicMode::Cond
        } else {
            LogicMode::Value
        };
        self.expr(r);
        self.w(")");
    }

    /// The prefix of a call/index/member: anything but a name, call, index, member or
    /// parenthesised expression needs parentheses in Lua.
    fn prefix(&mut self, e: &Expr) {
        match e.kind {
            ExprKind::Name(_)
            | ExprKind::Index(..)
            | ExprKind::Member(..)
            | ExprKind::Call { .. }
            | ExprKind::Method { .. }
            | ExprKind::Paren(_) => self.expr(e),
            _ => {
                self.w("(");
                self.expr(e);
                self.w(")");
            }
        }
    }
}
