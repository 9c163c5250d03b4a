//! The syntax tree of a PICO-8 Lua program, as produced by [`crate::parse`].
//!
//! Every statement and expression carries a [`Pos`] (1-based line:col of its first token) so that
//! the lint and the lowering can point at the cart's own source. Equality on nodes ignores
//! positions on purpose: the printers' round-trip guarantee is "parse(print(ast)) == ast modulo
//! where things are", and comparing with `==` states exactly that.
//!
//! The tree keeps what changes the PICO-8 token count or the meaning, and nothing else:
//! literal spellings (`0x10` vs `16`, quote style), call-argument style (`f"s"` is 2 tokens,
//! `f("s")` is 3), short `if (c) s` / `while (c) s` forms, and whether a unary minus is glued
//! to a number literal (PICO-8 does not count a glued `-1` as two tokens). Separators that
//! PICO-8 does not count (`;`, the choice of `,` or `;` in tables) are dropped.

use crate::stack::deep;
use std::fmt;

/// A 1-based line and column (columns count characters) in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Pos {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub col: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// A whole program (the `__lua__` section of a cart, or a `.lua` file).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Chunk {
    /// The top-level statements.
    pub block: Block,
}

/// A sequence of statements (a function body, a loop body, ...).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Block {
    /// The statements in source order.
    pub stmts: Vec<Stmt>,
}

/// A name as written, with where it was written (equality ignores the position).
#[derive(Debug, Clone, Default)]
pub struct Name {
    /// The identifier text (may contain P8SCII glyph characters, kept as in the source).
    pub name: String,
    /// Where the name is.
    pub pos: Pos,
}

impl PartialEq for Name {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Name {
    /// A name at a position.
    pub fn new(name: impl Into<String>, pos: Pos) -> Self {
        Name {
            name: name.into(),
            pos,
        }
    }
}

/// A statement and where it starts.
///
/// `Clone`, `Debug`, `PartialEq` and `Drop` recurse through [`crate::stack`], like every walk of
/// the tree, so a tree as deep as the parser allows is safe on any thread.
pub struct Stmt {
    /// What the statement is.
    pub kind: StmtKind,
    /// Position of its first token.
    pub pos: Pos,
}

impl PartialEq for Stmt {
    fn eq(&self, other: &Self) -> bool {
        deep(|| self.kind == other.kind)
    }
}

impl Clone for Stmt {
    fn clone(&self) -> Self {
        deep(|| Stmt {
            kind: self.kind.clone(),
            pos: self.pos,
        })
    }
}

impl fmt::Debug for Stmt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        deep(|| {
            f.debug_struct("Stmt")
                .field("kind", &self.kind)
                .field("pos", &self.pos)
                .finish()
        })
    }
}

impl Drop for Stmt {
    fn drop(&mut self) {
        if !matches!(
            self.kind,
            StmtKind::Break | StmtKind::Goto(_) | StmtKind::Label(_)
        ) {
            let kind = std::mem::replace(&mut self.kind, StmtKind::Break);
            deep(move || drop(kind));
        }
    }
}

/// The statements of PICO-8 Lua.
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    /// `a, b.c, d[e] = x, y`
    Assign {
        /// Assignment targets (names, members, indexes).
        targets: Vec<Expr>,
        /// Values, evaluated before any assignment.
        values: Vec<Expr>,
    },
    /// `a += b` and the other compound assignments (PICO-8 extension).
    OpAssign {
        /// The target (a name, member or index).
        target: Expr,
        /// The operator applied (`+` for `+=`).
        op: BinOp,
        /// The right-hand side.
        value: Expr,
    },
    /// A call used as a statement (`f(x)`, `o:m()`).
    Call(Expr),
    /// The print shorthand `?a, b` (PICO-8 extension; runs `print(a, b)`).
    Print(Vec<Expr>),
    /// `do ... end`
    Do(Block),
    /// `while c do ... end`, or the short form `while (c) s` (whole body on one line).
    While {
        /// Loop condition.
        cond: Expr,
        /// Loop body.
        body: Block,
        /// Whether it is the one-line short form.
        short: bool,
    },
    /// `repeat ... until c`
    Repeat {
        /// Loop body.
        body: Block,
        /// Exit condition (sees the body's locals).
        cond: Expr,
    },
    /// `if c then ... elseif ... else ... end`, or the short form `if (c) s [else s]`.
    If {
        /// `(condition, body)` for the `if` and every `elseif`, in order.
        clauses: Vec<(Expr, Block)>,
        /// The `else` body, if any.
        else_block: Option<Block>,
        /// Whether it is the one-line short form (then `clauses` has exactly one entry).
        short: bool,
    },
    /// `for v = a, b [, c] do ... end`
    NumericFor {
        /// Loop variable.
        var: Name,
        /// Start value.
        start: Expr,
        /// Limit.
        limit: Expr,
        /// Step, if given.
        step: Option<Expr>,
        /// Loop body.
        body: Block,
    },
    /// `for a, b in e1, e2 do ... end`
    GenericFor {
        /// Loop variables.
        vars: Vec<Name>,
        /// Iterator expressions.
        exprs: Vec<Expr>,
        /// Loop body.
        body: Block,
    },
    /// `function a.b.c:m(...) ... end`
    Function {
        /// The dotted name (and method part) being assigned.
        name: FuncName,
        /// Parameters and body.
        func: FuncBody,
    },
    /// `local function f(...) ... end`
    LocalFunction {
        /// The new local.
        name: Name,
        /// Parameters and body.
        func: FuncBody,
    },
    /// `local a, b = x, y`
    Local {
        /// The new locals.
        names: Vec<Name>,
        /// Initial values (may be empty).
        values: Vec<Expr>,
    },
    /// `return a, b`
    Return(Vec<Expr>),
    /// `break`
    Break,
    /// `goto label`
    Goto(Name),
    /// `::label::`
    Label(Name),
}

/// The name in a `function` statement: `a.b.c` plus an optional `:method`.
#[derive(Debug, Clone, PartialEq)]
pub struct FuncName {
    /// `a`, `b`, `c` of `a.b.c` (at least one).
    pub path: Vec<Name>,
    /// `m` of `a.b:m`, which adds the implicit `self` parameter.
    pub method: Option<Name>,
}

/// Parameters and body of a function (equality ignores `end_line`, a position).
#[derive(Debug, Clone)]
pub struct FuncBody {
    /// Named parameters (without the implicit `self` of methods).
    pub params: Vec<Name>,
    /// Whether the parameter list ends with `...`.
    pub vararg: bool,
    /// The body.
    pub body: Block,
    /// Line of the closing `end` (the lowering keeps it on that line).
    pub end_line: u32,
}

impl PartialEq for FuncBody {
    fn eq(&self, other: &Self) -> bool {
        self.params == other.params && self.vararg == other.vararg && self.body == other.body
    }
}

/// An expression and where it starts.
///
/// `Clone`, `Debug`, `PartialEq` and `Drop` recurse through [`crate::stack`] (see [`Stmt`]): a
/// chain of 8,192 `.a` is a tree 8,192 levels deep.
pub struct Expr {
    /// What the expression is.
    pub kind: ExprKind,
    /// Position of its first token.
    pub pos: Pos,
}

impl PartialEq for Expr {
    fn eq(&self, other: &Self) -> bool {
        deep(|| self.kind == other.kind)
    }
}

impl Clone for Expr {
    fn clone(&self) -> Self {
        deep(|| Expr {
            kind: self.kind.clone(),
            pos: self.pos,
        })
    }
}

impl fmt::Debug for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        deep(|| {
            f.debug_struct("Expr")
                .field("kind", &self.kind)
                .field("pos", &self.pos)
                .finish()
        })
    }
}

impl Drop for Expr {
    fn drop(&mut self) {
        if !self.kind.is_leaf() {
            let kind = std::mem::replace(&mut self.kind, ExprKind::Nil);
            deep(move || drop(kind));
        }
    }
}

impl Expr {
    /// An expression at a position.
    pub fn new(kind: ExprKind, pos: Pos) -> Self {
        Expr { kind, pos }
    }

    /// Whether this expression may produce several values (a call or `...`), which matters at
    /// the end of a list.
    pub fn is_multi(&self) -> bool {
        matches!(
            self.kind,
            ExprKind::Call { .. } | ExprKind::Method { .. } | ExprKind::Vararg
        )
    }
}

/// A number literal: its spelling and its 16.16 value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumLit {
    /// As written (`0x1.8`, `.5`, `0b11`).
    pub text: String,
    /// The 16.16 bits PICO-8 reads it as (wrapped and truncated as PICO-8 does).
    pub value: i32,
}

/// A string literal: its spelling and its P8SCII bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrLit {
    /// As written, quotes or long brackets included.
    pub text: String,
    /// The decoded bytes.
    pub value: Vec<u8>,
}

/// The expressions of PICO-8 Lua.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// `nil`
    Nil,
    /// `true`
    True,
    /// `false`
    False,
    /// `...`
    Vararg,
    /// A number literal.
    Number(NumLit),
    /// A string literal.
    Str(StrLit),
    /// A variable (local or global).
    Name(String),
    /// `t[k]`
    Index(Box<Expr>, Box<Expr>),
    /// `t.k`
    Member(Box<Expr>, Name),
    /// `f(args)`, `f"s"`, `f{...}`
    Call {
        /// The called value.
        func: Box<Expr>,
        /// The arguments and their syntax.
        args: Args,
    },
    /// `o:m(args)`
    Method {
        /// The receiver.
        obj: Box<Expr>,
        /// The method name.
        name: Name,
        /// The arguments and their syntax.
        args: Args,
    },
    /// `function(...) ... end`
    Function(FuncBody),
    /// `{ ... }`
    Table(Vec<Field>),
    /// A binary operation.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// A unary operation. `glued` is true only when the operator is `-` or `~`, the operand is a
    /// number literal and nothing separates them: PICO-8 does not count such an operator as a
    /// token, so the printers must keep it glued (or keep it apart).
    Unary {
        /// The operator.
        op: UnOp,
        /// The operand.
        operand: Box<Expr>,
        /// See above.
        glued: bool,
    },
    /// `(e)`: kept because it truncates multiple values to one.
    Paren(Box<Expr>),
}

impl ExprKind {
    /// Whether the expression holds no other expression.
    pub fn is_leaf(&self) -> bool {
        matches!(
            self,
            ExprKind::Nil
                | ExprKind::True
                | ExprKind::False
                | ExprKind::Vararg
                | ExprKind::Number(_)
                | ExprKind::Str(_)
                | ExprKind::Name(_)
        )
    }
}

/// Call arguments, in the syntax they were written in (the token count differs).
#[derive(Debug, Clone, PartialEq)]
pub enum Args {
    /// `(a, b)`
    Parens(Vec<Expr>),
    /// `"s"` with no parentheses.
    Str(StrLit),
    /// `{...}` with no parentheses.
    Table(Vec<Field>),
}

impl Args {
    /// The number of argument expressions.
    pub fn len(&self) -> usize {
        match self {
            Args::Parens(v) => v.len(),
            Args::Str(_) | Args::Table(_) => 1,
        }
    }

    /// Whether there are no arguments.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A table constructor field.
#[derive(Debug, Clone, PartialEq)]
pub enum Field {
    /// `e` (next array slot)
    Positional(Expr),
    /// `name = e`
    Named(Name, Expr),
    /// `[k] = e`
    Keyed(Expr, Expr),
}

macro_rules! binops {
    ($($variant:ident = $text:literal, $prec:literal, $doc:literal;)*) => {
        /// Binary operators, with PICO-8's precedence.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum BinOp {
            $(#[doc = $doc] $variant,)*
        }

        impl BinOp {
            /// Every binary operator.
            pub const ALL: &'static [BinOp] = &[$(BinOp::$variant,)*];

            /// The operator as written.
            pub const fn as_str(self) -> &'static str {
                match self { $(BinOp::$variant => $text,)* }
            }

            /// Binding strength: higher binds tighter. Values follow z8lua's parser table
            /// (and shrinko8's): `or` 1, `and` 2, comparisons 3, `|` 4, `^^` 5, `&` 6,
            /// shifts/rotates 7, `..` 8, `+ -` 9, `* / \ %` 10, unary 11, `^` 12.
            pub const fn precedence(self) -> u8 {
                match self { $(BinOp::$variant => $prec,)* }
            }
        }
    };
}

binops! {
    Or = "or", 1, "`or`";
    And = "and", 2, "`and`";
    Lt = "<", 3, "`<`";
    Le = "<=", 3, "`<=`";
    Gt = ">", 3, "`>`";
    Ge = ">=", 3, "`>=`";
    Eq = "==", 3, "`==`";
    Ne = "~=", 3, "`~=`";
    NeBang = "!=", 3, "`!=` (PICO-8 spelling of `~=`)";
    BOr = "|", 4, "`|` bitwise or";
    BXor = "^^", 5, "`^^` bitwise xor";
    BXorTilde = "~", 5, "binary `~`: z8lua also reads it as bitwise xor";
    BAnd = "&", 6, "`&` bitwise and";
    Shl = "<<", 7, "`<<`";
    Shr = ">>", 7, "`>>` arithmetic shift right";
    Lshr = ">>>", 7, "`>>>` logical shift right";
    Rotl = "<<>", 7, "`<<>` rotate left";
    Rotr = ">><", 7, "`>><` rotate right";
    Concat = "..", 8, "`..`";
    Add = "+", 9, "`+`";
    Sub = "-", 9, "`-`";
    Mul = "*", 10, "`*`";
    Div = "/", 10, "`/`";
    IDiv = "\\", 10, "`\\` floor division";
    Mod = "%", 10, "`%`";
    Pow = "^", 12, "`^`";
}

impl BinOp {
    /// Whether the operator groups to the right (`..` and `^`).
    pub const fn is_right_assoc(self) -> bool {
        matches!(self, BinOp::Concat | BinOp::Pow)
    }
}

/// Precedence of unary operators (between `*` and `^`: `-x^2` is `-(x^2)`).
pub const UNARY_PRECEDENCE: u8 = 11;

/// Unary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// `-`
    Neg,
    /// `not`
    Not,
    /// `#`
    Len,
    /// `~` bitwise not
    BNot,
    /// `@` peek (one byte)
    Peek,
    /// `%` peek2 (16 bits)
    Peek2,
    /// `$` peek4 (32 bits)
    Peek4,
}

impl UnOp {
    /// Every unary operator.
    pub const ALL: &'static [UnOp] = &[
        UnOp::Neg,
        UnOp::Not,
        UnOp::Len,
        UnOp::BNot,
        UnOp::Peek,
        UnOp::Peek2,
        UnOp::Peek4,
    ];

    /// The operator as written.
    pub const fn as_str(self) -> &'static str {
        match self {
            UnOp::Neg => "-",
            UnOp::Not => "not",
            UnOp::Len => "#",
            UnOp::BNot => "~",
            UnOp::Peek => "@",
            UnOp::Peek2 => "%",
            UnOp::Peek4 => "$",
        }
    }
}
