//! CPU cost model for the lowering: how many Lua 5.2 VM instructions the *original* PICO-8 code
//! executes, estimated per straight-line segment of a block.
//!
//! PICO-8 charges per VM instruction of z8lua (a Lua 5.2 fork), so the model follows Lua 5.2's
//! code generator (`lcode.c`/`lparser.c`):
//! - operands: a local is a register (free), a constant is an RK operand (free); anything else is
//!   computed into a temporary first (a global read is `GETTABUP`, an upvalue `GETUPVAL`, ...);
//! - moving a value into a fresh register (call arguments, `local x = y`, table items) costs a
//!   `MOVE`/`LOADK`/`LOADNIL`/`LOADBOOL` unless the value is computed there directly;
//! - each arithmetic/bitwise/peek/length/not operation is 1; a chain `a..b..c` is one `CONCAT`;
//!   arithmetic or bitwise operations on numeric literals are folded at compile time;
//! - a compound assignment to a local is 2 (z8lua computes into a temporary), to anything else
//!   3 (load, operate, store);
//! - a test (`EQ`/`LT`/`LE`/`TEST`/`TESTSET`) runs the `JMP` after it inline, so a
//!   comparison used as a condition is 1 and as a value 2 (with a `LOADBOOL`);
//! - `and`/`or` compile to jump chains: the left operand's test always runs (counted in the
//!   segment), the right operand only sometimes, so the lowering counts it when it runs
//!   (`__p8_cb(k, r)`, see `LogicMode`);
//! - a call is the function into a register, the arguments, and `CALL`; a method call uses
//!   `SELF`; returning is `RETURN` (also the implicit one at a function's end);
//! - `while`: the condition and a `JMP` back per iteration, plus the final failing test;
//!   numeric `for`: loads, `FORPREP`, and one `FORLOOP` per iteration plus the final one;
//!   generic `for`: the iterator expressions, a `JMP`, and one per iteration plus the final one
//!   (`TFORCALL` runs `TFORLOOP` inline; a Lua iterator function's own work is not counted);
//! - `if` with `else`/`elseif`: a `JMP` at the end of each taken branch that has a successor.
//!
//! Calibrated against lupaz8 (z8lua with a count hook) by `tests/lower_lupaz8.rs` (within 7%
//! per workload there, about 1% overall; within 0.2% on the built cart's search).

use std::collections::HashMap;
use std::marker::PhantomData;

use crate::ast::*;
use crate::lint_resolve::{Decl, DeclId, Resolver, Visit};

mod consts;
mod expr;

use consts::Folded;

pub(crate) use expr::LogicMode;

/// Where a block sits, which adds per-execution costs to its first segment.
#[derive(Clone, Copy)]
pub(crate) enum Ctx<'a> {
    /// The main chunk (its implicit `RETURN` at the end).
    Chunk,
    /// A function body (implicit `RETURN` unless it ends with `return`).
    Function,
    /// No extra cost (`do`, `else`).
    Plain,
    /// An `if`/`elseif` branch; `jumps_out` when an `else`/`elseif` follows (a `JMP`).
    Branch {
        /// Whether a `JMP` past the rest of the `if` ends this branch.
        jumps_out: bool,
    },
    /// A `while` body: the condition and the `JMP` back run once per iteration.
    WhileBody(&'a Expr),
    /// A `repeat` body: the `until` test runs once per iteration.
    RepeatBody(&'a Expr),
    /// A numeric `for` body: one `FORLOOP` per iteration.
    NumericForBody,
    /// A generic `for` body: `TFORCALL` + `TFORLOOP` per iteration.
    GenericForBody,
}

/// How a name reference is compiled.
#[derive(Clone, Copy, PartialEq, Eq)]
enum NameKind {
    Local,
    Upvalue,
    Global,
}

/// Name resolution for the whole chunk, keyed by the position of each name reference, and
/// its folded constants; it borrows the chunk, whose expressions it is asked about.
pub(crate) struct Model<'a> {
    names: HashMap<Pos, NameKind>,
    /// A comparison used as a condition costs nothing (see `LowerOptions::free_tests`).
    free_tests: bool,
    folded: Folded,
    /// Constant tests made (the test of the work bound reads it).
    #[cfg(test)]
    const_visits: std::cell::Cell<u64>,
    chunk: PhantomData<&'a Chunk>,
}

struct Collect {
    names: HashMap<Pos, NameKind>,
}

impl Visit for Collect {
    fn local_ref(
        &mut self,
        id: DeclId,
        decls: &[Decl],
        _name: &mut String,
        pos: Pos,
        _write: bool,
        depth: u32,
    ) {
        let kind = if decls[id].func_depth == depth {
            NameKind::Local
        } else {
            NameKind::Upvalue
        };
        self.names.insert(pos, kind);
    }
    fn global_ref(&mut self, _name: &str, pos: Pos, _write: bool, _depth: u32) {
        self.names.insert(pos, NameKind::Global);
    }
}

impl<'a> Model<'a> {
    /// Resolves every name of `chunk` and decides its constants; `free_tests`: see
    /// `LowerOptions::free_tests`.
    pub(crate) fn new(chunk: &'a Chunk, free_tests: bool) -> Model<'a> {
        let mut c = Collect {
            names: HashMap::new(),
        };
        let mut scratch = chunk.clone();
        Resolver::new(&mut c).chunk(&mut scratch);
        Model {
            names: c.names,
            free_tests,
            folded: Folded::of(chunk),
            #[cfg(test)]
            const_visits: std::cell::Cell::new(0),
            chunk: PhantomData,
        }
    }

    /// How Lua 5.2 names a variable read at `pos` in an error: `local`, `upvalue` or `global`.
    pub(crate) fn name_word(&self, pos: Pos) -> &'static str {
        match self.name_kind(pos) {
            NameKind::Local => "local",
            NameKind::Upvalue => "upvalue",
            NameKind::Global => "global",
        }
    }

    fn name_kind(&self, pos: Pos) -> NameKind {
        self.names.get(&pos).copied().unwrap_or(NameKind::Global)
    }

    /// Splits a block into straight-line segments: `(index of first statement, cost)`. A new
    /// segment starts after every statement with a nested block and at every label; a segment
    /// starting at `stmts.len()` runs after the last statement.
    pub(crate) fn segments(&self, b: &Block, ctx: Ctx) -> Vec<(usize, u32)> {
        let per_run = match ctx {
            Ctx::Chunk | Ctx::Plain => 0,
            Ctx::Function => 0,
            Ctx::Branch { jumps_out } => u32::from(jumps_out),
            Ctx::WhileBody(c) => self.cond(c) + 1,
            Ctx::RepeatBody(c) => self.cond(c),
            Ctx::NumericForBody => 1,
            Ctx::GenericForBody => 1,
        };
        let mut segs = vec![(0usize, per_run)];
        for (i, s) in b.stmts.iter().enumerate() {
            // A label is a jump target: the code after it is a segment of its own.
            let starts =
                matches!(s.kind, StmtKind::Label(_)) && segs.last().is_some_and(|l| l.0 < i);
            if starts {
                segs.push((i, 0));
            }
            let last = segs.last_mut().expect("one segment is always open");
            last.1 += self.stmt(s);
            if has_block(s) {
                segs.push((i + 1, 0));
            }
        }
        let implicit_return = match ctx {
            Ctx::Chunk => true,
            Ctx::Function => !matches!(
                b.stmts.last(),
                Some(Stmt {
                    kind: StmtKind::Return(_),
                    ..
                })
            ),
            _ => false,
        };
        if implicit_return {
            segs.last_mut().expect("one segment is always open").1 += 1;
        }
        segs.retain(|&(_, k)| k > 0);
        segs
    }

    /// Cost of a statement's own code (nested blocks are counted in their own segments).
    fn stmt(&self, s: &Stmt) -> u32 {
        match &s.kind {
            StmtKind::Assign { targets, values } => {
                if targets.len() == 1 && values.len() == 1 {
                    self.store(&targets[0], &values[0])
                } else if targets.len() == values.len() {
                    // All values but the last go to temporaries; the last is stored directly,
                    // then the temporaries are stored.
                    let n = values.len() - 1;
                    let vals: u32 = values[..n].iter().map(|v| self.to_reg(v)).sum();
                    let stores: u32 = targets[..n].iter().map(|t| 1 + self.target_prefix(t)).sum();
                    vals + stores + self.store(&targets[n], &values[n])
                } else {
                    let vals: u32 = values.iter().map(|v| self.to_reg(v)).sum();
                    let stores: u32 = targets.iter().map(|t| 1 + self.target_prefix(t)).sum();
                    vals + self.missing(values, targets.len()) + stores
                }
            }
            StmtKind::OpAssign {
                target,
                value,
                op: BinOp::Concat,
            } => {
                // `CONCAT` needs both operands in consecutive registers, then the result is
                // stored back.
                self.to_reg(target) + self.to_reg(value) + 1 + 1 + self.target_prefix(target)
            }
            StmtKind::OpAssign { target, value, .. } => {
                let rhs = self.operand(value);
                match &target.kind {
                    // z8lua computes into a temporary and moves it back: 2 for a local.
                    ExprKind::Name(_) => match self.name_kind(target.pos) {
                        NameKind::Local => 2 + rhs,
                        _ => 3 + rhs,
                    },
                    _ => 3 + rhs + self.target_prefix(target),
                }
            }
            StmtKind::Call(e) => self.full(e),
            StmtKind::Print(args) => 2 + args.iter().map(|a| self.to_reg(a)).sum::<u32>(),
            StmtKind::Do(_) | StmtKind::Label(_) => 0,
            StmtKind::While { cond, .. } => self.cond(cond),
            StmtKind::Repeat { .. } => 0,
            StmtKind::If { clauses, .. } => self.cond(&clauses[0].0),
            StmtKind::NumericFor {
                start, limit, step, ..
            } => {
                let step = step.as_ref().map_or(1, |e| self.to_reg(e));
                self.to_reg(start) + self.to_reg(limit) + step + 2
            }
            StmtKind::GenericFor { exprs, .. } => {
                // `JMP` to the loop test, then the final `TFORCALL` (which runs `TFORLOOP`
                // inline, so the pair counts once).
                exprs.iter().map(|e| self.to_reg(e)).sum::<u32>() + 1 + 1
            }
            StmtKind::Function { name, .. } => {
                let store = if name.path.len() == 1 && name.method.is_none() {
                    match self.name_kind(name.path[0].pos) {
                        NameKind::Local => 0,
                        _ => 1,
                    }
                } else {
                    // Load the table, walk the path, SETTABLE.
                    let head = match self.name_kind(name.path[0].pos) {
                        NameKind::Local => 0,
                        _ => 1,
                    };
                    head + (name.path.len() as u32 - 1) + u32::from(name.method.is_some())
                };
                1 + store
            }
            StmtKind::LocalFunction { .. } => 1,
            StmtKind::Local { names, values } => {
                let vals: u32 = values.iter().map(|v| self.to_reg(v)).sum();
                vals + self.missing(values, names.len())
            }
            StmtKind::Return(values) => {
                let vals: u32 = match values.as_slice() {
                    [v] if self.is_local(v) => 0,
                    vs => vs.iter().map(|v| self.to_reg(v)).sum(),
                };
                1 + vals
            }
            StmtKind::Break | StmtKind::Goto(_) => 1,
        }
    }

    /// The `LOADNIL` for targets left without a value (none when the last value is a call or
    /// `...`, which fills them).
    fn missing(&self, values: &[Expr], targets: usize) -> u32 {
        let multi = values.last().is_some_and(Expr::is_multi);
        u32::from(values.len() < targets && !multi)
    }

    /// `target = value` for one target and one value.
    fn store(&self, target: &Expr, value: &Expr) -> u32 {
        match &target.kind {
            ExprKind::Name(_) => match self.name_kind(target.pos) {
                NameKind::Local => self.to_reg(value),
                NameKind::Upvalue => 1 + self.in_reg(value),
                NameKind::Global => 1 + self.operand(value),
            },
            _ => 1 + self.target_prefix(target) + self.operand(value),
        }
    }

    /// Evaluating the table and key of an assignment target.
    fn target_prefix(&self, t: &Expr) -> u32 {
        match &t.kind {
            ExprKind::Index(tab, key) => self.in_reg(tab) + self.operand(key),
            ExprKind::Member(tab, _) => self.in_reg(tab),
            _ => 0,
        }
    }
}

/// Whether a statement holds a nested block (ending the current straight-line segment).
fn has_block(s: &Stmt) -> bool {
    matches!(
        s.kind,
        StmtKind::Do(_)
            | StmtKind::While { .. }
            | StmtKind::Repeat { .. }
            | StmtKind::If { .. }
            | StmtKind::NumericFor { .. }
            | StmtKind::GenericFor { .. }
    )
}

#[cfg(test)]
mod tests {
    use super::{Ctx, Model};

    /// The cost model decides at every level of an operator chain whether the operand is a
    /// constant (z8lua folds arithmetic on literals): the work must stay linear in the chain's
    /// length, not walk the chain below each level again. Counted in expressions visited, for
    /// chains of 4,000 terms (the longest the token limit allows): a non-constant start under
    /// constant steps, all constants, and constants under a non-constant last step.
    #[test]
    fn constness_work_is_linear_in_chain_length() {
        let terms = 4000;
        for src in [
            format!("y=x{}", "+1".repeat(terms)),
            format!("y=1{}", "+1".repeat(terms)),
            format!("y={}+x", vec!["1"; terms].join("-")),
            format!("y=-(1){}", "*-(2)".repeat(terms)),
        ] {
            let chunk = crate::parse(&src).unwrap();
            let model = Model::new(&chunk, false);
            let cost: u32 = model
                .segments(&chunk.block, Ctx::Chunk)
                .iter()
                .map(|s| s.1)
                .sum();
            assert!(cost > 0);
            // Every node of the chain is an operator, an operand, or (the last case) a
            // parenthesis or a sign: at most 4 per term, each computed at most once or twice.
            let visits = model.const_visits.get() + model.folded.visits;
            assert!(
                visits <= 8 * terms as u64,
                "{visits} expressions visited for {terms} terms: {src:.40}..."
            );
        }
    }
}
