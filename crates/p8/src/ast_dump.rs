//! A compact, reviewable S-expression dump of the syntax tree (used by the golden tests and
//! handy when debugging the parser). Every statement shows its `line:col`.

use crate::ast::*;
use crate::stack::deep;
use std::fmt::Write;

/// Dumps a chunk, one statement per line, nested blocks indented.
pub fn dump(chunk: &Chunk) -> String {
    let mut d = Dumper { out: String::new() };
    d.block(&chunk.block, 0);
    d.out
}

struct Dumper {
    out: String,
}

impl Dumper {
    fn block(&mut self, b: &Block, depth: usize) {
        for s in &b.stmts {
            self.stmt(s, depth);
        }
    }

    fn line(&mut self, depth: usize, pos: Pos, text: &str) {
        let _ = writeln!(self.out, "{}{pos} {text}", "  ".repeat(depth));
    }

    fn sub(&mut self, depth: usize, label: &str, b: &Block) {
        let _ = writeln!(self.out, "{}{label}", "  ".repeat(depth));
        self.block(b, depth + 1);
    }

    fn stmt(&mut self, s: &Stmt, d: usize) {
        deep(|| self.stmt_inner(s, d));
    }

    fn stmt_inner(&mut self, s: &Stmt, d: usize) {
        let p = s.pos;
        match &s.kind {
            StmtKind::Assign { targets, values } => self.line(
                d,
                p,
                &format!("(assign [{}] [{}])", exprs(targets), exprs(values)),
            ),
            StmtKind::OpAssign { target, op, value } => self.line(
                d,
                p,
                &format!(
                    "(op-assign {} {} {})",
                    op.as_str(),
                    expr(target),
                    expr(value)
                ),
            ),
            StmtKind::Call(e) => self.line(d, p, &format!("(call-stmt {})", expr(e))),
            StmtKind::Print(a) => self.line(d, p, &format!("(print [{}])", exprs(a))),
            StmtKind::Do(b) => {
                self.line(d, p, "(do)");
                self.block(b, d + 1);
            }
            StmtKind::While { cond, body, short } => {
                let s = if *short { " short" } else { "" };
                self.line(d, p, &format!("(while{s} {})", expr(cond)));
                self.block(body, d + 1);
            }
            StmtKind::Repeat { body, cond } => {
                self.line(d, p, "(repeat)");
                self.block(body, d + 1);
                self.line(d, p, &format!("(until {})", expr(cond)));
            }
            StmtKind::If {
                clauses,
                else_block,
                short,
            } => {
                let s = if *short { " short" } else { "" };
                for (i, (c, b)) in clauses.iter().enumerate() {
                    let kw = if i == 0 { "if" } else { "elseif" };
                    self.line(d, p, &format!("({kw}{s} {})", expr(c)));
                    self.block(b, d + 1);
                }
                if let Some(b) = else_block {
                    self.sub(d, "(else)", b);
                }
            }
            StmtKind::NumericFor {
                var,
                start,
                limit,
                step,
                body,
            } => {
                let step = step.as_ref().map(expr).unwrap_or_else(|| "-".into());
                self.line(
                    d,
                    p,
                    &format!("(for {} {} {} {step})", var.name, expr(start), expr(limit)),
                );
                self.block(body, d + 1);
            }
            StmtKind::GenericFor {
                vars,
                exprs: es,
                body,
            } => {
                self.line(d, p, &format!("(for-in [{}] [{}])", names(vars), exprs(es)));
                self.block(body, d + 1);
            }
            StmtKind::Function { name, func } => {
                let mut n = name
                    .path
                    .iter()
                    .map(|n| n.name.as_str())
                    .collect::<Vec<_>>()
                    .join(".");
                if let Some(m) = &name.method {
                    n.push(':');
                    n.push_str(&m.name);
                }
                self.line(d, p, &format!("(function {n} {})", params(func)));
                self.block(&func.body, d + 1);
            }
            StmtKind::LocalFunction { name, func } => {
                self.line(
                    d,
                    p,
                    &format!("(local-function {} {})", name.name, params(func)),
                );
                self.block(&func.body, d + 1);
            }
            StmtKind::Local { names: n, values } => {
                self.line(d, p, &format!("(local [{}] [{}])", names(n), exprs(values)))
            }
            StmtKind::Return(v) => self.line(d, p, &format!("(return [{}])", exprs(v))),
            StmtKind::Break => self.line(d, p, "(break)"),
            StmtKind::Goto(n) => self.line(d, p, &format!("(goto {})", n.name)),
            StmtKind::Label(n) => self.line(d, p, &format!("(label {})", n.name)),
        }
    }
}

fn names(v: &[Name]) -> String {
    v.iter()
        .map(|n| n.name.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

fn params(f: &FuncBody) -> String {
    let mut s = format!("({}", names(&f.params));
    if f.vararg {
        if !f.params.is_empty() {
            s.push(' ');
        }
        s.push_str("...");
    }
    s.push(')');
    s
}

fn exprs(v: &[Expr]) -> String {
    v.iter().map(expr).collect::<Vec<_>>().join(" ")
}

fn fields(v: &[Field]) -> String {
    v.iter()
        .map(|f| match f {
            Field::Positional(e) => expr(e),
            Field::Named(n, e) => format!("{}={}", n.name, expr(e)),
            Field::Keyed(k, e) => format!("[{}]={}", expr(k), expr(e)),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn args(a: &Args) -> String {
    match a {
        Args::Parens(v) => exprs(v),
        Args::Str(s) => bytes(&s.value),
        Args::Table(f) => format!("{{{}}}", fields(f)),
    }
}

fn bytes(b: &[u8]) -> String {
    let mut s = String::from("\"");
    for &c in b {
        if (0x20..0x7f).contains(&c) && c != b'"' && c != b'\\' {
            s.push(c as char);
        } else {
            let _ = write!(s, "\\x{c:02x}");
        }
    }
    s.push('"');
    s
}

/// One expression as an S-expression (numbers show their 16.16 value in hex).
pub fn expr(e: &Expr) -> String {
    deep(|| expr_inner(e))
}

fn expr_inner(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Nil => "nil".into(),
        ExprKind::True => "true".into(),
        ExprKind::False => "false".into(),
        ExprKind::Vararg => "...".into(),
        ExprKind::Number(n) => format!("{}={:#010x}", n.text, n.value as u32),
        ExprKind::Str(s) => bytes(&s.value),
        ExprKind::Name(n) => n.clone(),
        ExprKind::Index(t, k) => format!("(index {} {})", expr(t), expr(k)),
        ExprKind::Member(t, n) => format!("(. {} {})", expr(t), n.name),
        ExprKind::Call { func, args: a } => format!("(call {} {})", expr(func), args(a)),
        ExprKind::Method { obj, name, args: a } => {
            format!("(method {} {} {})", expr(obj), name.name, args(a))
        }
        ExprKind::Function(f) => {
            let mut d = Dumper { out: String::new() };
            d.block(&f.body, 0);
            let body = d.out.lines().map(str::trim).collect::<Vec<_>>().join("; ");
            format!("(function {} {{{body}}})", params(f))
        }
        ExprKind::Table(f) => format!("{{{}}}", fields(f)),
        ExprKind::Binary(op, l, r) => format!("({} {} {})", op.as_str(), expr(l), expr(r)),
        ExprKind::Unary { op, operand, glued } => {
            let g = if *glued { "glued" } else { "" };
            format!("(u{}{g} {})", op.as_str(), expr(operand))
        }
        ExprKind::Paren(inner) => format!("(paren {})", expr(inner)),
    }
}
