//! Lint: undefined globals and `goto`s without a visible label (errors), unused locals and
//! locals shadowing locals (warnings).
//!
//! A global is defined when it is part of the PICO-8 API ([`crate::lint_api`]) or when the
//! program assigns it anywhere (`g = ...`, `function g()`, `g += ...`), at top level or inside a
//! function. Reading any other global is an error: on PICO-8 it is `nil`, almost always a typo.
//! Like shrinko8, names starting with `_` are never reported unused, and only the last named
//! parameter of a function is (earlier ones are placeholders for the ones after).

use std::collections::{BTreeSet, HashSet};
use std::fmt;

use crate::ast::{Chunk, Pos};
use crate::lint_api::is_api;
use crate::lint_resolve::{Decl, DeclId, DeclKind, Resolver, Visit};

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Worth a look, does not fail `tafl8 lint`.
    Warning,
    /// Almost certainly a bug: fails `tafl8 lint`.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// One lint finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Where (1-based line:col).
    pub pos: Pos,
    /// Error or warning.
    pub severity: Severity,
    /// A stable short name: `undefined-global`, `unknown-label`, `unused-local`,
    /// `assigned-only-local`, `shadowed-local`.
    pub code: &'static str,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}: {} [{}]",
            self.pos, self.severity, self.message, self.code
        )
    }
}

#[derive(Default)]
struct Collect {
    global_writes: HashSet<String>,
    global_reads: Vec<(String, Pos)>,
    reads: HashSet<DeclId>,
    writes: HashSet<DeclId>,
    shadows: Vec<(DeclId, DeclId)>,
}

impl Visit for Collect {
    fn declare(&mut self, id: DeclId, _d: &[Decl], shadowed: Option<DeclId>, _name: &mut String) {
        if let Some(s) = shadowed {
            self.shadows.push((id, s));
        }
    }

    fn local_ref(
        &mut self,
        id: DeclId,
        _d: &[Decl],
        _name: &mut String,
        _pos: Pos,
        write: bool,
        _depth: u32,
    ) {
        if write {
            self.writes.insert(id);
        } else {
            self.reads.insert(id);
        }
    }

    fn global_ref(&mut self, name: &str, pos: Pos, write: bool, _depth: u32) {
        if write {
            self.global_writes.insert(name.to_owned());
        } else {
            self.global_reads.push((name.to_owned(), pos));
        }
    }
}

/// The PICO-8 API names a program reads as globals and never assigns: the built-ins it uses
/// (called, or read to be called through a local). A global the program assigns is its own,
/// even where it shares a built-in's name.
pub fn api_reads(chunk: &Chunk) -> BTreeSet<String> {
    let mut c = Collect::default();
    let mut scratch = chunk.clone();
    Resolver::new(&mut c).chunk(&mut scratch);
    c.global_reads
        .into_iter()
        .map(|(name, _)| name)
        .filter(|name| is_api(name) && !c.global_writes.contains(name))
        .collect()
}

/// Lints a parsed program; findings come sorted by position.
pub fn lint(chunk: &Chunk) -> Vec<Finding> {
    let mut c = Collect::default();
    let mut scratch = chunk.clone();
    let decls = Resolver::new(&mut c).chunk(&mut scratch);
    let mut out = Vec::new();
    for (name, pos) in &c.global_reads {
        if !is_api(name) && !c.global_writes.contains(name) {
            out.push(Finding {
                pos: *pos,
                severity: Severity::Error,
                code: "undefined-global",
                message: format!(
                    "undefined global `{name}`: not in the PICO-8 API and never assigned; \
                     check the spelling, or declare it (`local {name}` / `{name} = ...`)"
                ),
            });
        }
    }
    for (name, pos) in crate::lint_goto::unknown_goto_targets(chunk) {
        out.push(Finding {
            pos,
            severity: Severity::Error,
            code: "unknown-label",
            message: format!(
                "no visible label `{name}` for this `goto` (Lua will not load the cart); \
                 define `::{name}::` in this block or an enclosing one of the same function"
            ),
        });
    }
    for (id, d) in decls.iter().enumerate() {
        if d.name.starts_with('_') || c.reads.contains(&id) {
            continue;
        }
        let reportable = match d.kind {
            DeclKind::ImplicitSelf => false,
            DeclKind::Param { last } => last,
            _ => true,
        };
        if !reportable {
            continue;
        }
        let (code, what) = if c.writes.contains(&id) {
            (
                "assigned-only-local",
                "is only ever assigned to, never read",
            )
        } else {
            ("unused-local", "is never used")
        };
        out.push(Finding {
            pos: d.pos,
            severity: Severity::Warning,
            code,
            message: format!(
                "local `{}` {what}; remove it, or start its name with `_`",
                d.name
            ),
        });
    }
    for &(id, shadowed) in &c.shadows {
        let (d, s) = (&decls[id], &decls[shadowed]);
        if d.name.starts_with('_') || d.kind == DeclKind::ImplicitSelf {
            continue;
        }
        let scope = if s.func_depth < d.func_depth {
            "an enclosing function"
        } else if s.block_depth < d.block_depth {
            "an enclosing block"
        } else {
            "the same block"
        };
        out.push(Finding {
            pos: d.pos,
            severity: Severity::Warning,
            code: "shadowed-local",
            message: format!(
                "local `{}` shadows the local declared at {} in {scope}; rename one of them",
                d.name, s.pos
            ),
        });
    }
    out.sort_by(|a, b| (a.pos, a.code).cmp(&(b.pos, b.code)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    fn codes(src: &str) -> Vec<String> {
        lint(&parse(src).unwrap())
            .iter()
            .map(|f| format!("{} {}", f.pos, f.code))
            .collect()
    }

    #[test]
    fn api_reads_are_the_builtins_used_not_the_programs_own() {
        let src = "local b=btnp x=min(1,2) function add() end add() \
                   local function f() return all end y=sqrt local max=1 z=max";
        let names: Vec<String> = api_reads(&parse(src).unwrap()).into_iter().collect();
        assert_eq!(names, ["all", "btnp", "min", "sqrt"]);
    }

    #[test]
    fn undefined_globals_are_errors_unless_api_or_assigned_anywhere() {
        assert_eq!(codes("spr(1) x = y"), ["1:12 undefined-global"]);
        assert_eq!(
            codes("function _init() score = 0 end print(score)"),
            Vec::<String>::new()
        );
        assert_eq!(codes("?nope"), ["1:2 undefined-global"]);
        // A compound assignment reads first: it does not define the global.
        assert_eq!(codes("g += 1"), ["1:1 undefined-global"]);
        assert_eq!(codes("g = 0 function f() g += 1 end"), Vec::<String>::new());
    }

    #[test]
    fn unused_and_assigned_only_locals() {
        assert_eq!(codes("local a = 1"), ["1:7 unused-local"]);
        assert_eq!(codes("local a a = 1"), ["1:7 assigned-only-local"]);
        assert_eq!(codes("local _a = 1"), Vec::<String>::new());
        // Only the last parameter is reported.
        assert_eq!(codes("function f(a, b) end"), ["1:15 unused-local"]);
        assert_eq!(codes("function obj:m() end"), ["1:10 undefined-global"]);
    }

    #[test]
    fn goto_needs_a_visible_label_of_the_same_function() {
        assert_eq!(codes("goto a ::a::"), Vec::<String>::new());
        assert_eq!(codes("do goto a end ::a::"), Vec::<String>::new());
        // Into a nested block, or out of a function: not visible.
        assert_eq!(codes("goto a do ::a:: end"), ["1:6 unknown-label"]);
        assert_eq!(
            codes("::a:: f = function() goto a end"),
            ["1:27 unknown-label"]
        );
    }

    #[test]
    fn shadowing_names_the_first_declaration() {
        let f = lint(&parse("local x = 1 print(x) do local x = 2 print(x) end").unwrap());
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].pos, Pos { line: 1, col: 31 });
        assert!(
            f[0].message.contains("1:7 in an enclosing block"),
            "{}",
            f[0]
        );
        let g = codes("local x = 1 print(x) function f() local x = 2 return x end");
        assert_eq!(g, ["1:41 shadowed-local"]);
    }
}
