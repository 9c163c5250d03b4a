//! Lowering a PICO-8 program to standard Lua 5.2 for the headless runner.
//!
//! The contract (shared with the runner, see `prompts/lowering.md` in the project brief):
//! - the chunk starts with `local __p8=...` and binds every helper the runner passes in that
//!   table to a local named `__p8_<op>`; each PICO-8 arithmetic, bitwise, concatenation and peek
//!   operator becomes a call of its helper with the operands in source order, so the runner
//!   supplies PICO-8's exact 16.16 semantics; comparisons, `==`, `#`, `not`, `and`, `or`,
//!   indexing and calls stay native (`!=` becomes `~=`);
//! - number literals are quantised here exactly as PICO-8 reads them and written as exact decimal
//!   literals (every 16.16 value is a double, and its decimal expansion is finite); a unary
//!   minus applied to a literal is folded;
//! - compound assignments evaluate the table and key once; `?a,b` is `print(a,b)`; short forms
//!   become long forms; `goto` and labels are kept;
//! - every statement is written on its own source line (and every expression that starts on a
//!   later line on that line), so Lua errors name the cart's line;
//! - strings are written byte-exact, with `\ddd` for every byte that is not printable ASCII;
//! - names holding P8SCII glyphs (not valid in Lua) are spelled as `__p8g_` plus the hex of
//!   their P8SCII bytes (see [`lua_name`]);
//! - with [`LowerOptions::cost`], the VM instructions the original program would execute on
//!   PICO-8 are counted in `__p8_cost` (see [`crate::lower_cost`]) and read through the global
//!   function `__p8_cycles()`.

use crate::ast::*;
use crate::lower_cost as cost;
use std::fmt::Write;

/// Lowering options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LowerOptions {
    /// Count the original program's estimated VM instructions in `__p8_cost`, readable through
    /// the global `__p8_cycles()`.
    pub cost: bool,
}

/// The helpers the runner must pass in the chunk's vararg table, in binding order.
pub const HELPERS: &[&str] = &[
    "add", "sub", "mul", "div", "idiv", "mod", "pow", "unm", "band", "bor", "bxor", "bnot", "shl",
    "shr", "lshr", "rotl", "rotr", "concat", "peek", "peek2", "peek4",
];

/// Lowers a parsed program to a Lua 5.2 chunk (see the module docs for the contract).
pub fn lower(chunk: &Chunk, opts: &LowerOptions) -> String {
    let mut l = Lowerer {
        out: String::new(),
        line: 1,
        cost: opts.cost.then(|| cost::Model::new(chunk)),
        tmp: 0,
    };
    l.out.push_str("local __p8=... ");
    let locals: Vec<String> = HELPERS.iter().map(|h| format!("__p8_{h}")).collect();
    let fields: Vec<String> = HELPERS.iter().map(|h| format!("__p8.{h}")).collect();
    let _ = write!(l.out, "local {}={} ", locals.join(","), fields.join(","));
    if opts.cost {
        l.out.push_str("local __p8_cost=0 ");
    }
    l.block_body(&chunk.block, cost::Ctx::Chunk);
    if opts.cost {
        l.out
            .push_str("\nfunction __p8_cycles() return __p8_cost end");
    }
    l.out.push('\n');
    l.out
}

struct Lowerer {
    out: String,
    /// The line the output is currently on.
    line: u32,
    /// The cost model, when costs are counted.
    cost: Option<cost::Model>,
    /// Counter for compound-assignment temporaries (nested ones need distinct names only for
    /// readability; each lives in its own `do ... end`).
    tmp: u32,
}

/// Exact decimal spelling of a 16.16 value.
pub fn number_literal(bits: i32) -> String {
    let neg = bits < 0;
    let mag = (bits as i64).unsigned_abs();
    let int = mag >> 16;
    let frac = mag & 0xffff;
    let mut s = String::new();
    if neg {
        s.push('-');
    }
    let _ = write!(s, "{int}");
    if frac != 0 {
        // frac / 2^16 == frac * 5^16 / 10^16 exactly.
        let digits = format!("{:016}", frac * 5u64.pow(16));
        s.push('.');
        s.push_str(digits.trim_end_matches('0'));
    }
    s
}

/// A Lua string literal for `bytes`, byte-exact.
pub fn string_literal(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() + 2);
    s.push('"');
    for &b in bytes {
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            s.push(b as char);
        } else {
            let _ = write!(s, "\\{b:03}");
        }
    }
    s.push('"');
    s
}

/// A PICO-8 name as a valid Lua name: names holding glyphs become `__p8g_` plus the hex of
/// their P8SCII bytes (`⬅️` is P8SCII 0x8b: `__p8g_8b`), so the runner can predefine the glyph
/// globals PICO-8 has (0x80..=0x99) under those names.
pub fn lua_name(name: &str) -> String {
    if name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        name.to_owned()
    } else {
        let mut s = String::from("__p8g_");
        for b in crate::token::p8scii::to_p8scii(name) {
            let _ = write!(s, "{b:02x}");
        }
        s
    }
}

fn helper(op: BinOp) -> Option<&'static str> {
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

/// Whether lowering `e` gives a native Lua binary operation (which needs parentheses when
/// nested in another native operator).
fn is_native_binary(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Binary(op, ..) if helper(*op).is_none())
}

impl Lowerer {
    /// Moves the output to `line` (never backwards) before writing something that starts there.
    fn at(&mut self, line: u32) {
        while self.line < line {
            self.out.push('\n');
            self.line += 1;
        }
        if !self.out.ends_with(['\n', ' ', '(', '[', '{', ',']) {
            self.out.push(' ');
        }
    }

    fn w(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn add_cost(&mut self, k: u32) {
        if self.cost.is_some() && k > 0 {
            let _ = write!(self.out, " __p8_cost=__p8_cost+{k} ");
        }
    }

    /// A block's statements, preceded by the cost of each straight-line segment.
    fn block_body(&mut self, b: &Block, ctx: cost::Ctx) {
        let segments = match &self.cost {
            Some(m) => m.segments(b, ctx),
            None => Vec::new(),
        };
        let mut seg = segments.iter().peekable();
        let mut pending = 0;
        for (i, s) in b.stmts.iter().enumerate() {
            if let Some(&&(start, k)) = seg.peek() {
                if start == i {
                    pending += k;
                    seg.next();
                }
            }
            // A segment that starts at a label is counted after it, so a `goto` to the label
            // counts it too; unless only labels follow (Lua lets a `goto` skip a local's
            // declaration only to a label at the very end of a block).
            let is_label = matches!(s.kind, StmtKind::Label(_));
            let only_labels_left = b.stmts[i..]
                .iter()
                .all(|t| matches!(t.kind, StmtKind::Label(_)));
            if pending > 0 && (!is_label || only_labels_left) {
                self.at(s.pos.line);
                self.add_cost(pending);
                pending = 0;
            }
            self.stmt(s);
        }
        self.add_cost(pending);
        // A trailing segment (e.g. the implicit return of an empty function).
        for &(_, k) in seg {
            self.add_cost(k);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        self.at(s.pos.line);
        if crate::print::stmt_starts_with_paren(s) {
            // `a=b (f)()` would read as a call of `b`, on one line or across lines.
            self.w(";");
        }
        match &s.kind {
            StmtKind::Assign { targets, values } => {
                for (i, t) in targets.iter().enumerate() {
                    if i > 0 {
                        self.w(",");
                    }
                    self.expr(t);
                }
                self.w("=");
                self.exprs(values);
            }
            StmtKind::OpAssign { target, op, value } => self.op_assign(target, *op, value),
            StmtKind::Call(e) => self.expr(e),
            StmtKind::Print(args) => {
                self.w("print(");
                self.exprs(args);
                self.w(")");
            }
            StmtKind::Do(b) => {
                self.w("do");
                self.block_body(b, cost::Ctx::Plain);
                self.w(" end");
            }
            StmtKind::While { cond, body, .. } => {
                self.w("while ");
                self.expr(cond);
                self.w(" do");
                self.block_body(body, cost::Ctx::WhileBody(cond));
                self.w(" end");
            }
            StmtKind::Repeat { body, cond } => {
                self.w("repeat");
                self.block_body(body, cost::Ctx::RepeatBody(cond));
                self.w(" until ");
                self.expr(cond);
            }
            StmtKind::If {
                clauses,
                else_block,
                ..
            } => self.if_chain(clauses, else_block.as_ref()),
            StmtKind::NumericFor {
                var,
                start,
                limit,
                step,
                body,
            } => {
                self.w("for ");
                self.w(&lua_name(&var.name));
                self.w("=");
                self.expr(start);
                self.w(",");
                self.expr(limit);
                if let Some(step) = step {
                    self.w(",");
                    self.expr(step);
                }
                self.w(" do");
                self.block_body(body, cost::Ctx::NumericForBody);
                self.w(" end");
            }
            StmtKind::GenericFor { vars, exprs, body } => {
                self.w("for ");
                self.names(vars);
                self.w(" in ");
                self.exprs(exprs);
                self.w(" do");
                self.block_body(body, cost::Ctx::GenericForBody);
                self.w(" end");
            }
            StmtKind::Function { name, func } => {
                self.w("function ");
                for (i, n) in name.path.iter().enumerate() {
                    if i > 0 {
                        self.w(".");
                    }
                    self.w(&lua_name(&n.name));
                }
                if let Some(m) = &name.method {
                    self.w(":");
                    self.w(&lua_name(&m.name));
                }
                self.func_body(func);
            }
            StmtKind::LocalFunction { name, func } => {
                self.w("local function ");
                self.w(&lua_name(&name.name));
                self.func_body(func);
            }
            StmtKind::Local { names, values } => {
                self.w("local ");
                self.names(names);
                if !values.is_empty() {
                    self.w("=");
                    self.exprs(values);
                }
            }
            StmtKind::Return(values) => {
                // `return` must end its block in Lua: a `do return end` wrapper keeps that true
                // wherever the cost counter or a short form put it.
                self.w("do return");
                if !values.is_empty() {
                    self.w(" ");
                    self.exprs(values);
                }
                self.w(" end");
            }
            StmtKind::Break => self.w("do break end"),
            StmtKind::Goto(n) => {
                self.w("goto ");
                self.w(&lua_name(&n.name));
            }
            StmtKind::Label(n) => {
                self.w("::");
                self.w(&lua_name(&n.name));
                self.w("::");
            }
        }
    }

    fn if_chain(&mut self, clauses: &[(Expr, Block)], else_block: Option<&Block>) {
        // `elseif` conditions run only when the previous ones failed, so with costs on, each is
        // lowered as `else <cost> if ... end` to count it on that path only.
        let nested = self.cost.is_some() && clauses.len() > 1;
        for (i, (cond, body)) in clauses.iter().enumerate() {
            if i == 0 {
                self.w("if ");
            } else if nested {
                self.w(" else");
                let k = self.cost.as_ref().map_or(0, |m| m.cond(cond));
                self.add_cost(k);
                self.at(cond.pos.line);
                self.w("if ");
            } else {
                self.at(cond.pos.line);
                self.w("elseif ");
            }
            self.expr(cond);
            self.w(" then");
            let has_more = i + 1 < clauses.len() || else_block.is_some();
            self.block_body(
                body,
                cost::Ctx::Branch {
                    jumps_out: has_more,
                },
            );
        }
        if let Some(b) = else_block {
            self.w(" else");
            self.block_body(b, cost::Ctx::Plain);
        }
        let ends = if nested { clauses.len() } else { 1 };
        for _ in 0..ends {
            self.w(" end");
        }
    }

    fn op_assign(&mut self, target: &Expr, op: BinOp, value: &Expr) {
        let h = helper(op).expect("compound assignments use arithmetic/bitwise/concat operators");
        let simple = |e: &Expr| {
            matches!(
                e.kind,
                ExprKind::Name(_) | ExprKind::Number(_) | ExprKind::Str(_)
            )
        };
        match &target.kind {
            ExprKind::Member(t, k) if !simple(t) => {
                self.tmp += 1;
                let tv = format!("__t{}", self.tmp);
                let _ = write!(self.out, "do local {tv}=");
                self.expr(t);
                let key = lua_name(&k.name);
                let _ = write!(self.out, " {tv}.{key}=__p8_{h}({tv}.{key},");
                self.expr(value);
                self.w(") end");
            }
            ExprKind::Index(t, k) if !(simple(t) && simple(k)) => {
                self.tmp += 1;
                let (tv, kv) = (format!("__t{}", self.tmp), format!("__k{}", self.tmp));
                let _ = write!(self.out, "do local {tv},{kv}=");
                self.expr(t);
                self.w(",");
                self.expr(k);
                let _ = write!(self.out, " {tv}[{kv}]=__p8_{h}({tv}[{kv}],");
                self.expr(value);
                self.w(") end");
            }
            _ => {
                self.expr(target);
                let _ = write!(self.out, "=__p8_{h}(");
                self.expr(target);
                self.w(",");
                self.expr(value);
                self.w(")");
            }
        }
    }

    fn func_body(&mut self, f: &FuncBody) {
        self.w("(");
        let mut params: Vec<String> = f.params.iter().map(|p| lua_name(&p.name)).collect();
        if f.vararg {
            params.push("...".into());
        }
        self.w(&params.join(","));
        self.w(")");
        self.block_body(&f.body, cost::Ctx::Function);
        self.at(f.end_line);
        self.w("end");
    }

    fn names(&mut self, names: &[Name]) {
        let v: Vec<String> = names.iter().map(|n| lua_name(&n.name)).collect();
        self.w(&v.join(","));
    }

    fn exprs(&mut self, es: &[Expr]) {
        for (i, e) in es.iter().enumerate() {
            if i > 0 {
                self.w(",");
            }
            self.expr(e);
        }
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

    fn expr(&mut self, e: &Expr) {
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
            ExprKind::Name(n) => self.w(&lua_name(n)),
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
                self.func_body(f);
            }
            ExprKind::Table(f) => self.table(f),
            ExprKind::Binary(op, l, r) => match helper(*op) {
                Some(h) => {
                    let _ = write!(self.out, "__p8_{h}(");
                    self.expr(l);
                    self.w(",");
                    self.expr(r);
                    self.w(")");
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
                        let _ = write!(self.out, "__p8_{h}(");
                        self.expr(operand);
                        self.w(")");
                    }
                    None => {
                        self.w(if *op == UnOp::Not { "not " } else { "#" });
                        self.native_operand(operand);
                    }
                }
            }
            ExprKind::Paren(inner) => {
                self.w("(");
                self.expr(inner);
                self.w(")");
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_literals_are_exact_decimals() {
        assert_eq!(number_literal(0x0001_8000), "1.5");
        assert_eq!(number_literal(0x0000_1999), "0.0999908447265625");
        assert_eq!(number_literal(1), "0.0000152587890625");
        assert_eq!(number_literal(i32::MIN), "-32768");
        assert_eq!(number_literal(-0x0000_8000), "-0.5");
        assert_eq!(number_literal(0x7fff_ffff), "32767.9999847412109375");
        assert_eq!(number_literal(0), "0");
    }

    #[test]
    fn strings_escape_everything_but_printable_ascii() {
        assert_eq!(
            string_literal(b"a\"b\\\n\x80z"),
            "\"a\\034b\\092\\010\\128z\""
        );
    }

    #[test]
    fn glyph_names_become_lua_names() {
        assert_eq!(lua_name("abc_1"), "abc_1");
        assert_eq!(lua_name("a\u{2588}"), "__p8g_6180");
        assert_eq!(lua_name("\u{2b05}\u{fe0f}"), "__p8g_8b");
    }
}
