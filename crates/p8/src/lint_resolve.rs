//! Name resolution: walks a tree with Lua's scoping rules and tells a visitor about every local
//! declaration and every reference (to a local, or to a global). Shared by the lint (undefined
//! globals, unused and shadowing locals) and the minifier's local renaming, which both need the
//! same answer to "which declaration does this name mean?".

use std::collections::HashMap;

use crate::ast::*;
use crate::stack::deep;

/// Index of a declaration in [`Resolver::decls`].
pub(crate) type DeclId = usize;

/// How a local came to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DeclKind {
    /// `local x`
    Local,
    /// `local function f`
    LocalFunction,
    /// A function parameter; `last` tells whether it is the last named one.
    Param { last: bool },
    /// A `for` loop variable.
    ForVar,
    /// The implicit `self` of `function a:m()`, which has no token of its own.
    ImplicitSelf,
}

/// One local declaration.
#[derive(Debug, Clone)]
pub(crate) struct Decl {
    pub name: String,
    pub pos: Pos,
    pub kind: DeclKind,
    /// Function nesting depth (0 = main chunk).
    pub func_depth: u32,
    /// Block nesting depth (to tell "same scope" from "parent scope").
    pub block_depth: u32,
    /// Every declaration visible where this one is made (innermost last); only kept by a
    /// resolver made with [`Resolver::with_visibility`] (the lists take memory quadratic in
    /// the number of locals in scope).
    pub visible: Vec<DeclId>,
}

/// What the walk reports. Names are passed `&mut` so a visitor may rename them in place.
pub(crate) trait Visit {
    /// A new local; `shadowed` is the visible local of the same name it hides, if any.
    fn declare(
        &mut self,
        _id: DeclId,
        _decls: &[Decl],
        _shadowed: Option<DeclId>,
        _name: &mut String,
    ) {
    }
    /// A use of a local (`write` for an assignment target); `func_depth` is the depth of the
    /// function the use is in (deeper than the declaration's for an upvalue).
    fn local_ref(
        &mut self,
        _id: DeclId,
        _decls: &[Decl],
        _name: &mut String,
        _pos: Pos,
        _write: bool,
        _func_depth: u32,
    ) {
    }
    /// A use of a global (`write` for an assignment target, including `function g()`).
    fn global_ref(&mut self, _name: &str, _pos: Pos, _write: bool, _func_depth: u32) {}
    /// A `goto` or label name (labels have their own namespace).
    fn label(&mut self, _name: &Name, _is_goto: bool) {}
}

/// The scope walker.
pub(crate) struct Resolver<'v, V: Visit> {
    /// The declarations of each open scope (innermost last).
    scopes: Vec<Vec<DeclId>>,
    /// The visible declarations of each name, latest last: a lookup per reference, however
    /// many locals are in scope.
    by_name: HashMap<String, Vec<DeclId>>,
    /// Every declaration met so far, in walk order.
    pub decls: Vec<Decl>,
    func_depth: u32,
    /// Whether to list each declaration's visible ones ([`Decl::visible`]).
    track_visible: bool,
    v: &'v mut V,
}

impl<'v, V: Visit> Resolver<'v, V> {
    /// A resolver reporting to `v`.
    pub fn new(v: &'v mut V) -> Self {
        Resolver {
            scopes: vec![Vec::new()],
            by_name: HashMap::new(),
            decls: Vec::new(),
            func_depth: 0,
            track_visible: false,
            v,
        }
    }

    /// A resolver that also lists, for each declaration, the ones visible where it is made.
    pub fn with_visibility(v: &'v mut V) -> Self {
        Resolver {
            track_visible: true,
            ..Self::new(v)
        }
    }

    /// Walks a whole chunk.
    pub fn chunk(mut self, c: &mut Chunk) -> Vec<Decl> {
        self.stmts(&mut c.block);
        self.decls
    }

    fn find(&self, name: &str) -> Option<DeclId> {
        self.by_name.get(name).and_then(|ids| ids.last().copied())
    }

    /// Closes the innermost scope: its declarations are no longer visible.
    fn pop_scope(&mut self) {
        for id in self.scopes.pop().unwrap_or_default() {
            if let Some(ids) = self.by_name.get_mut(&self.decls[id].name) {
                ids.pop();
            }
        }
    }

    fn declare(&mut self, name: &mut String, pos: Pos, kind: DeclKind) {
        let shadowed = self.find(name);
        let visible: Vec<DeclId> = if self.track_visible {
            self.scopes.iter().flatten().copied().collect()
        } else {
            Vec::new()
        };
        let id = self.decls.len();
        self.decls.push(Decl {
            name: name.clone(),
            pos,
            kind,
            func_depth: self.func_depth,
            block_depth: self.scopes.len() as u32,
            visible,
        });
        self.v.declare(id, &self.decls, shadowed, name);
        // The visitor may have renamed it: the declaration keeps the name it was declared
        // with, which is the one later references carry.
        let scope = self.scopes.last_mut().expect("a scope is always open");
        scope.push(id);
        self.by_name
            .entry(self.decls[id].name.clone())
            .or_default()
            .push(id);
    }

    fn reference(&mut self, name: &mut String, pos: Pos, write: bool) {
        match self.find(name) {
            Some(id) => self
                .v
                .local_ref(id, &self.decls, name, pos, write, self.func_depth),
            None => self.v.global_ref(name, pos, write, self.func_depth),
        }
    }

    fn scoped(&mut self, b: &mut Block) {
        self.scopes.push(Vec::new());
        self.stmts(b);
        self.pop_scope();
    }

    fn stmts(&mut self, b: &mut Block) {
        for s in &mut b.stmts {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &mut Stmt) {
        deep(|| self.stmt_inner(s));
    }

    fn stmt_inner(&mut self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::Assign { targets, values } => {
                self.exprs(values);
                for t in targets {
                    self.target(t);
                }
            }
            StmtKind::OpAssign { target, value, .. } => {
                self.expr(value);
                // `g += 1` reads `g` first: it neither defines a global nor leaves a local unused.
                self.expr(target);
            }
            StmtKind::Call(e) => self.expr(e),
            StmtKind::Print(args) => {
                let mut print = String::from("print");
                self.reference(&mut print, s.pos, false);
                self.exprs(args);
            }
            StmtKind::Do(b) => self.scoped(b),
            StmtKind::While { cond, body, .. } => {
                self.expr(cond);
                self.scoped(body);
            }
            StmtKind::Repeat { body, cond } => {
                // The condition sees the body's locals.
                self.scopes.push(Vec::new());
                self.stmts(body);
                self.expr(cond);
                self.pop_scope();
            }
            StmtKind::If {
                clauses,
                else_block,
                ..
            } => {
                for (c, b) in clauses {
                    self.expr(c);
                    self.scoped(b);
                }
                if let Some(b) = else_block {
                    self.scoped(b);
                }
            }
            StmtKind::NumericFor {
                var,
                start,
                limit,
                step,
                body,
            } => {
                self.expr(start);
                self.expr(limit);
                if let Some(step) = step {
                    self.expr(step);
                }
                self.scopes.push(Vec::new());
                self.declare(&mut var.name, var.pos, DeclKind::ForVar);
                self.scoped(body);
                self.pop_scope();
            }
            StmtKind::GenericFor { vars, exprs, body } => {
                self.exprs(exprs);
                self.scopes.push(Vec::new());
                for v in vars {
                    self.declare(&mut v.name, v.pos, DeclKind::ForVar);
                }
                self.scoped(body);
                self.pop_scope();
            }
            StmtKind::Function { name, func } => {
                let plain = name.path.len() == 1 && name.method.is_none();
                let first = &mut name.path[0];
                self.reference(&mut first.name, first.pos, plain);
                let has_self = name.method.is_some();
                self.function(func, has_self, s.pos);
            }
            StmtKind::LocalFunction { name, func } => {
                self.declare(&mut name.name, name.pos, DeclKind::LocalFunction);
                self.function(func, false, s.pos);
            }
            StmtKind::Local { names, values } => {
                self.exprs(values);
                for n in names {
                    self.declare(&mut n.name, n.pos, DeclKind::Local);
                }
            }
            StmtKind::Return(values) => self.exprs(values),
            StmtKind::Break => {}
            StmtKind::Goto(n) => self.v.label(n, true),
            StmtKind::Label(n) => self.v.label(n, false),
        }
    }

    fn function(&mut self, f: &mut FuncBody, has_self: bool, pos: Pos) {
        self.func_depth += 1;
        self.scopes.push(Vec::new());
        if has_self {
            let mut me = String::from("self");
            self.declare(&mut me, pos, DeclKind::ImplicitSelf);
        }
        let n = f.params.len();
        for (i, p) in f.params.iter_mut().enumerate() {
            let last = i + 1 == n && !f.vararg;
            self.declare(&mut p.name, p.pos, DeclKind::Param { last });
        }
        self.stmts(&mut f.body);
        self.pop_scope();
        self.func_depth -= 1;
    }

    fn target(&mut self, t: &mut Expr) {
        let pos = t.pos;
        match &mut t.kind {
            ExprKind::Name(n) => self.reference(n, pos, true),
            _ => self.expr(t),
        }
    }

    fn exprs(&mut self, es: &mut [Expr]) {
        for e in es {
            self.expr(e);
        }
    }

    fn args(&mut self, a: &mut Args) {
        match a {
            Args::Parens(v) => self.exprs(v),
            Args::Str(_) => {}
            Args::Table(f) => self.fields(f),
        }
    }

    fn fields(&mut self, fields: &mut [Field]) {
        for f in fields {
            match f {
                Field::Positional(v) | Field::Named(_, v) => self.expr(v),
                Field::Keyed(k, v) => {
                    self.expr(k);
                    self.expr(v);
                }
            }
        }
    }

    fn expr(&mut self, e: &mut Expr) {
        deep(|| self.expr_inner(e));
    }

    fn expr_inner(&mut self, e: &mut Expr) {
        let pos = e.pos;
        match &mut e.kind {
            ExprKind::Nil
            | ExprKind::True
            | ExprKind::False
            | ExprKind::Vararg
            | ExprKind::Number(_)
            | ExprKind::Str(_) => {}
            ExprKind::Name(n) => self.reference(n, pos, false),
            ExprKind::Index(t, k) => {
                self.expr(t);
                self.expr(k);
            }
            ExprKind::Member(t, _) => self.expr(t),
            ExprKind::Call { func, args } => {
                self.expr(func);
                self.args(args);
            }
            ExprKind::Method { obj, args, .. } => {
                self.expr(obj);
                self.args(args);
            }
            ExprKind::Function(f) => self.function(f, false, pos),
            ExprKind::Table(f) => self.fields(f),
            ExprKind::Binary(_, l, r) => {
                self.expr(l);
                self.expr(r);
            }
            ExprKind::Unary { operand, .. } => self.expr(operand),
            ExprKind::Paren(inner) => self.expr(inner),
        }
    }
}
