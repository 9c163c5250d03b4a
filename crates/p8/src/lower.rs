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
//! - a chain of more than [`expr::LONG_CHAIN`] left-nested operators (`a+b-c*d+...`, which
//!   PICO-8 compiles at any length) is computed step by step in a function called on the spot,
//!   `(function(...) local __p8a=a __p8a=__p8_add(__p8a,b) ... return __p8a end)(...)`: the same
//!   order of evaluation, without nesting a call per operator (Lua's parser allows 200 levels);
//!   a chain of `..` of three or more operands is one call of `__p8_concatn`, which, like Lua's
//!   `CONCAT`, gets every operand first and joins from the right;
//! - compound assignments evaluate the table and key once; `?a,b` is `print(a,b)`; short forms
//!   become long forms; `goto` and labels are kept; `return` of one routed operation keeps its
//!   helper call in parentheses (a tail call would take the function's frame, and with it the
//!   error's line, off the stack);
//! - every statement is written on its own source line (and every expression that starts on a
//!   later line on that line), so Lua errors name the cart's line;
//! - strings are written byte-exact, with `\ddd` for every byte that is not printable ASCII;
//! - names holding P8SCII glyphs (not valid in Lua) are spelled as `__p8g_` plus the hex of
//!   their P8SCII bytes (see [`lua_name`]);
//! - with [`LowerOptions::cost`], the VM instructions the original program would execute on
//!   PICO-8 are counted in the local `__p8_cost` (see the private `lower_cost` module); the first
//!   line hands the runner a reader of it, `__p8.cost(function() return __p8_cost end)`. The
//!   first line also defines a local `__p8_cb(k, ...)` that adds `k` and returns its other
//!   arguments: the right operand `r` of `and`/`or` becomes `__p8_cb(k, r)`, so it is counted
//!   only when it runs;
//! - the cart's code is the body of a function the chunk calls without arguments, so the
//!   helper table (the chunk's `...`) is out of its reach and its locals are its own; and every
//!   cart variable whose name starts with `__p8` is renamed ([`var_name`]), so no cart can read
//!   or replace a helper, the counter or its reader (no internal name is a global).

use crate::ast::*;
use crate::lower_cost as cost;
use crate::stack::deep;
use std::fmt::Write;

mod expr;
mod literal;

use expr::helper;
pub use literal::{lua_name, number_literal, string_literal, var_name};

/// Lowering options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LowerOptions {
    /// Count the original program's estimated VM instructions in `__p8_cost`, whose reader the
    /// chunk hands to the runner's `__p8.cost`.
    pub cost: bool,
    /// With `cost`: also count each function's own instructions (its code, not its callees') in
    /// a table keyed by the function's name (top-level code is `(top)`, an anonymous function
    /// `name@line` after the function it is written in), and each function's calls in a second
    /// table; the chunk hands the runner's `__p8.profile` a reader returning both.
    /// The counts are the same model as `__p8_cost`: a profile changes no figure.
    pub profile: bool,
    /// With `cost`: count a comparison used as a condition (`if a<b then`) as free, the PICO-8
    /// wiki's "comparison 0 in a condition" read as the test itself costing nothing, where the
    /// model counts its one instruction. Not the CPU model: the lower end of its uncertainty
    /// (`tafl8 bench cart`'s range).
    pub free_tests: bool,
}

/// The helpers the runner must pass in the chunk's vararg table, in binding order.
pub const HELPERS: &[&str] = &[
    "add", "sub", "mul", "div", "idiv", "mod", "pow", "unm", "band", "bor", "bxor", "bnot", "shl",
    "shr", "lshr", "rotl", "rotr", "concat", "concatn", "peek", "peek2", "peek4",
];

/// A routed operator's call in the lowered code, with what Lua would call each operand in an
/// error message, so the runner can name the cart's operand where the helper's error names its
/// own parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpSite {
    /// The line the call is on (the cart's line: lowering keeps lines).
    pub line: u32,
    /// `..` (the error says "concatenate") rather than arithmetic.
    pub concat: bool,
    /// The operands, in order (one for a unary operator).
    pub operands: Vec<OperandName>,
}

/// What Lua 5.2 calls an operand in an error about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OperandName {
    /// A name: `local 'v'`, `upvalue 'u'`, `global 'g'`, `field 'x'`, `field '?'`.
    Named(String),
    /// A value without a name (a call's result, a table constructor, ...).
    Unnamed,
    /// Always a number (a numeric literal, an arithmetic result): never the operand at fault.
    Number,
}

/// A lowered chunk and its operator sites (names only with [`LowerOptions::cost`], which
/// resolves every variable).
#[derive(Debug, Clone, Default)]
pub struct Lowered {
    /// The Lua 5.2 chunk.
    pub code: String,
    /// Every routed operator's call.
    pub sites: Vec<OpSite>,
}

/// Lowers a parsed program to a Lua 5.2 chunk (see the module docs for the contract).
pub fn lower(chunk: &Chunk, opts: &LowerOptions) -> String {
    lower_with_sites(chunk, opts).code
}

/// [`lower`], also listing the operator calls (see [`OpSite`]).
pub fn lower_with_sites(chunk: &Chunk, opts: &LowerOptions) -> Lowered {
    let mut l = Lowerer {
        out: String::new(),
        line: 1,
        cost: opts.cost.then(|| cost::Model::new(chunk, opts.free_tests)),
        tmp: 0,
        mode: cost::LogicMode::Value,
        profile: opts.cost && opts.profile,
        funcs: vec!["(top)".to_string()],
        vararg: vec![true],
        sites: Vec::new(),
        return_ends_block: false,
    };
    l.out.push_str("local __p8=... ");
    let locals: Vec<String> = HELPERS.iter().map(|h| format!("__p8_{h}")).collect();
    let fields: Vec<String> = HELPERS.iter().map(|h| format!("__p8.{h}")).collect();
    let _ = write!(l.out, "local {}={} ", locals.join(","), fields.join(","));
    if opts.cost {
        // The runner reads the counter through this reader, handed over before the cart's code
        // runs (so `stat(1)` works while the top level runs); the cart cannot name either.
        l.out
            .push_str("local __p8_cost=0 __p8.cost(function() return __p8_cost end) ");
        // Counts the right operand of an `and`/`or` when (and only when) it runs.
        l.out
            .push_str("local function __p8_cb(k,...) __p8_cost=__p8_cost+k return ... end ");
    }
    if l.profile {
        l.out.push_str(
            "local __p8_pf,__p8_pn={},{} __p8.profile(function() return __p8_pf,__p8_pn end) \
             local function __p8_cbp(k,f,...) __p8_cost=__p8_cost+k __p8_pf[f]=(__p8_pf[f] or 0)+k return ... end ",
        );
    }
    // The cart's code is a function of its own, called without arguments: its `...` is empty
    // (not the helper table), and its 200 locals are all its own. A local function statement
    // nests its body one level deeper than the chunk's (z8lua's parser and Lua's count 200).
    l.out.push_str("local function __p8_main(...) ");
    l.block_body(&chunk.block, cost::Ctx::Chunk);
    l.out.push_str("\nend return __p8_main()\n");
    Lowered {
        code: l.out,
        sites: l.sites,
    }
}

struct Lowerer<'a> {
    out: String,
    /// The line the output is currently on.
    line: u32,
    /// The cost model, when costs are counted.
    cost: Option<cost::Model<'a>>,
    /// Counter for compound-assignment temporaries (nested ones need distinct names only for
    /// readability; each lives in its own `do ... end`).
    tmp: u32,
    /// How an `and`/`or` met next is used (with costs on, it decides what its right operand
    /// costs); reset to `Value` for every other operand.
    mode: cost::LogicMode,
    /// Whether costs are also counted per function (`LowerOptions::profile`).
    profile: bool,
    /// The names of the functions being lowered, innermost last (`(top)` first).
    funcs: Vec<String>,
    /// Whether each of those functions takes `...`.
    vararg: Vec<bool>,
    /// The operator calls written so far.
    sites: Vec<OpSite>,
    /// Whether the statement about to be lowered is the last thing written in its block (so a
    /// `return` there may be bare).
    return_ends_block: bool,
}

impl Lowerer<'_> {
    /// Lowers the condition of an `if`, `elseif`, `while` or `until`.
    fn cond(&mut self, e: &Expr) {
        self.mode = cost::LogicMode::Cond;
        self.expr(e);
        self.mode = cost::LogicMode::Value;
    }

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
            if self.profile {
                let f = self.current_func().to_string();
                let _ = write!(self.out, "__p8_pf[\"{f}\"]=(__p8_pf[\"{f}\"] or 0)+{k} ");
            }
        }
    }

    /// The profile key of the function being lowered.
    fn current_func(&self) -> &str {
        self.funcs.last().map_or("(top)", String::as_str)
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
            // Nothing is written after this statement in the block: no segment starts after it
            // (and `pending` is 0 after anything but a label).
            self.return_ends_block = seg.peek().is_none() && pending == 0;
            self.stmt(s);
        }
        self.add_cost(pending);
        // A trailing segment (e.g. the implicit return of an empty function).
        for &(_, k) in seg {
            self.add_cost(k);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        deep(|| self.stmt_inner(s));
    }

    fn stmt_inner(&mut self, s: &Stmt) {
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
                self.cond(cond);
                self.w(" do");
                self.block_body(body, cost::Ctx::WhileBody(cond));
                self.w(" end");
            }
            StmtKind::Repeat { body, cond } => {
                self.w("repeat");
                self.block_body(body, cost::Ctx::RepeatBody(cond));
                self.w(" until ");
                self.cond(cond);
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
                self.w(&var_name(&var.name));
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
                        self.w(&lua_name(&n.name));
                    } else {
                        self.w(&var_name(&n.name));
                    }
                }
                if let Some(m) = &name.method {
                    self.w(":");
                    self.w(&lua_name(&m.name));
                }
                let mut full: Vec<String> = name.path.iter().map(|n| lua_name(&n.name)).collect();
                if let Some(m) = &name.method {
                    full.push(lua_name(&m.name));
                }
                self.func_body(func, Some(full.join(".")));
            }
            StmtKind::LocalFunction { name, func } => {
                self.w("local function ");
                self.w(&var_name(&name.name));
                self.func_body(func, Some(lua_name(&name.name)));
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
                // `return` must end its block in Lua (the parser makes it the last statement of
                // its own): written bare when the lowering adds nothing after it (a bare one
                // nests a level less, for Lua's limit of 200), else in `do return end`.
                let bare = std::mem::take(&mut self.return_ends_block);
                self.w(if bare { "return" } else { "do return" });
                match values.as_slice() {
                    [] => {}
                    // `return v+1` lowered as `return __p8_add(v,1)` would be a tail call, which
                    // takes the function's frame off the stack: an error in the helper would be
                    // located at the caller's line. In parentheses it is an ordinary call (the
                    // helpers return one value).
                    [v] if expr::is_helper_call(v) => {
                        self.w(" (");
                        self.expr(v);
                        self.w(")");
                    }
                    _ => {
                        self.w(" ");
                        self.exprs(values);
                    }
                }
                if !bare {
                    self.w(" end");
                }
            }
            // Lua 5.2 takes `break` anywhere in a block.
            StmtKind::Break => self.w("break"),
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
        for (i, (cond, body)) in clauses.iter().enumerate() {
            if i == 0 {
                self.w("if ");
                self.cond(cond);
            } else {
                self.at(cond.pos.line);
                self.w("elseif ");
                // An `elseif` condition runs only when the previous ones failed: with costs on,
                // it is counted as it runs, `__p8_cb(k, cond)` (flat: a nested `else if` per
                // clause would hit Lua's nesting limit on a long chain).
                match self.cost.as_ref().map_or(0, |m| m.cond(cond)) {
                    0 => self.cond(cond),
                    k => {
                        self.counted_open(k);
                        self.cond(cond);
                        self.w(")");
                    }
                }
            }
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
        self.w(" end");
    }

    /// Opens `__p8_cb(k,` (or the profiling `__p8_cbp(k,"f",`): the expression written next,
    /// then `)`, adds `k` to the count when it runs.
    fn counted_open(&mut self, k: u32) {
        if self.profile {
            let f = self.current_func().to_string();
            let _ = write!(self.out, "__p8_cbp({k},\"{f}\",");
        } else {
            let _ = write!(self.out, "__p8_cb({k},");
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
                let tv = format!("__p8t{}", self.tmp);
                let _ = write!(self.out, "do local {tv}=");
                self.expr(t);
                let key = lua_name(&k.name);
                let _ = write!(self.out, " {tv}.{key}=__p8_{h}({tv}.{key},");
                self.expr(value);
                self.w(") end");
            }
            ExprKind::Index(t, k) if !(simple(t) && simple(k)) => {
                self.tmp += 1;
                let (tv, kv) = (format!("__p8t{}", self.tmp), format!("__p8k{}", self.tmp));
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

    /// A function's parameters and body; `name` is its profile key (`None`: anonymous, keyed by
    /// the enclosing function and the line).
    fn func_body(&mut self, f: &FuncBody, name: Option<String>) {
        let key = name.unwrap_or_else(|| format!("{}@{}", self.current_func(), self.line));
        self.funcs.push(key);
        self.vararg.push(f.vararg);
        self.w("(");
        let mut params: Vec<String> = f.params.iter().map(|p| var_name(&p.name)).collect();
        if f.vararg {
            params.push("...".into());
        }
        self.w(&params.join(","));
        self.w(")");
        if self.profile {
            let f = self.current_func().to_string();
            let _ = write!(self.out, " __p8_pn[\"{f}\"]=(__p8_pn[\"{f}\"] or 0)+1 ");
        }
        self.block_body(&f.body, cost::Ctx::Function);
        self.at(f.end_line);
        self.w("end");
        self.funcs.pop();
        self.vararg.pop();
    }

    fn names(&mut self, names: &[Name]) {
        let v: Vec<String> = names.iter().map(|n| var_name(&n.name)).collect();
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
}
