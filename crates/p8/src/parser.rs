//! Recursive-descent parser: tokens → [`Chunk`].
//!
//! The grammar is Lua 5.2's plus PICO-8's extensions, with the corners learnt from shrinko8's
//! parser and checked against z8lua:
//! - short forms `if (c) stmts [else stmts]` and `while (c) stmts`, decided as z8lua does: no
//!   `then`/`do` follows, the condition starts with `(` and no `(` opens after that first group
//!   closes, and the condition ends on the line of the `if`/`while`; the form (bodies included)
//!   ends at the next line break between tokens, so it must fit on one line (`tests/
//!   parse_z8lua.rs` checks these verdicts against z8lua);
//! - `?` prints up to the end of its line: nothing may follow its arguments there;
//! - `if c do ... end` is accepted as `if c then ... end` (z8lua and shrinko8 both do);
//! - compound assignments, `?` print shorthand, `!=`, `\`, `^^`, binary `~` (xor), shifts,
//!   rotates and the unary peek operators `@ % $`, all with z8lua's precedences
//!   (see [`BinOp::precedence`]).

use crate::ast::*;
use crate::lexer::lex;
use crate::stack::deep;
use crate::token::{Keyword, Punct, Token, TokenKind};
use std::fmt;

mod expr;

use expr::binop_of;

/// A syntax error: where, and what was expected versus found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Where the problem is (1-based line:col).
    pub pos: Pos,
    /// What was expected and what was found.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Nesting deeper than this is rejected, as z8lua rejects it ("too many C levels (limit is
/// 200)"): levels are counted as Lua 5.2's parser counts them, one per statement and one per
/// (sub)expression, from 1 (the level the loader itself takes), so the same code passes
/// (lupaz8 2.8.0.1 compiles `return` with 197 nested parentheses, 197 nested `do`, `if` or
/// `local function`, and refuses 198; so does this parser). It bounds the parser's recursion.
const MAX_DEPTH: u32 = 200;

/// The deepest expression tree accepted, in levels: a chain of operators or suffixes (`a.b.c`,
/// `f()()`, `x+x+x`) is a tree as deep as it is long, and every level costs at least one token
/// (the operator, the name after `.`, the `(` of a call), so a deeper one is past PICO-8's token
/// limit (which refuses it). This bounds every walk of the tree (see [`crate::stack`]).
pub const MAX_EXPR_LEVELS: u32 = crate::count::TOKEN_LIMIT as u32;

/// The longest source parsed, in bytes: 16 times PICO-8's character limit for a cart's code,
/// room for code written to be minified (comments, long names), while the parse of anything
/// longer (which no minifier brings under the limit) would take memory for nothing.
pub const SOURCE_LIMIT: usize = 1 << 20;

/// Parses PICO-8 Lua source into a syntax tree.
///
/// Errors carry a `line:col` and say what was expected and what was found; the caller adds
/// the file name. Besides syntax errors, the parser refuses a source over [`SOURCE_LIMIT`],
/// nesting past z8lua's limit (200 levels) and an expression deeper than
/// [`MAX_EXPR_LEVELS`], each with where the limit is passed: so every tree it returns can be
/// walked (linted, printed, lowered, cloned, dropped) on any thread.
pub fn parse(src: &str) -> Result<Chunk, ParseError> {
    check_size(src)?;
    let tokens = lex(src).map_err(|e| ParseError {
        pos: Pos {
            line: e.line,
            col: e.col,
        },
        message: e.message,
    })?;
    parse_tokens(src, &tokens)
}

/// Parses an already lexed token list (comments, if any, are skipped). `src` is the text the
/// tokens were lexed from; string literals keep their spelling from it.
pub fn parse_tokens(src: &str, tokens: &[Token]) -> Result<Chunk, ParseError> {
    check_size(src)?;
    let toks: Vec<&Token> = tokens
        .iter()
        .filter(|t| !matches!(t.kind, TokenKind::Comment(_)))
        .collect();
    // A line break before token `i` (between tokens, not inside a long string): where
    // PICO-8 ends a one-line `if (c) ...` / `while (c) ...`.
    let nl_before: Vec<bool> = toks
        .iter()
        .enumerate()
        .map(|(i, t)| i > 0 && t.span.line > end_of(src, toks[i - 1]).0)
        .collect();
    let mut p = Parser {
        src,
        toks,
        nl_before,
        i: 0,
        depth: 1,
        height: 0,
        body_height: 0,
        vararg: vec![true],
    };
    let block = p.block(None)?;
    if let Some(t) = p.peek() {
        return Err(p.err_at(t, "expected a statement or end of input"));
    }
    Ok(Chunk { block })
}

struct Parser<'a> {
    src: &'a str,
    toks: Vec<&'a Token>,
    nl_before: Vec<bool>,
    i: usize,
    /// Nesting levels as Lua 5.2 counts them ([`MAX_DEPTH`]).
    depth: u32,
    /// Levels of the expression just parsed (1 for a name or a literal).
    height: u32,
    /// The most levels of any expression in the function body being parsed, the bodies of the
    /// functions inside it included (a function expression is one level more).
    body_height: u32,
    /// Whether `...` is allowed, per enclosing function (the main chunk is vararg).
    vararg: Vec<bool>,
}

type PResult<T> = Result<T, ParseError>;

fn pos_of(t: &Token) -> Pos {
    Pos {
        line: t.span.line,
        col: t.span.col,
    }
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<&'a Token> {
        self.toks.get(self.i).copied()
    }

    fn peek_at(&self, off: usize) -> Option<&'a Token> {
        self.toks.get(self.i + off).copied()
    }

    fn prev(&self) -> Option<&'a Token> {
        self.i
            .checked_sub(1)
            .and_then(|j| self.toks.get(j).copied())
    }

    /// Position for an error at the current token, or just after the last one at end of input.
    fn here(&self) -> Pos {
        match self.peek() {
            Some(t) => pos_of(t),
            None => match self.toks.last() {
                Some(t) => {
                    let (line, col) = end_of(self.src, t);
                    Pos { line, col }
                }
                None => Pos { line: 1, col: 1 },
            },
        }
    }

    fn found(&self) -> String {
        match self.peek() {
            Some(t) => t.kind.to_string(),
            None => "end of input".to_owned(),
        }
    }

    fn err_at(&self, t: &Token, what: &str) -> ParseError {
        ParseError {
            pos: pos_of(t),
            message: format!("{what}, found {}", t.kind),
        }
    }

    fn expected(&self, what: &str) -> ParseError {
        ParseError {
            pos: self.here(),
            message: format!("expected {what}, found {}", self.found()),
        }
    }

    fn is_punct(&self, p: Punct) -> bool {
        self.peek().is_some_and(|t| t.kind.is_punct(p))
    }

    fn is_kw(&self, k: Keyword) -> bool {
        self.peek().is_some_and(|t| t.kind.is_keyword(k))
    }

    fn accept_punct(&mut self, p: Punct) -> bool {
        let yes = self.is_punct(p);
        if yes {
            self.i += 1;
        }
        yes
    }

    fn accept_kw(&mut self, k: Keyword) -> bool {
        let yes = self.is_kw(k);
        if yes {
            self.i += 1;
        }
        yes
    }

    fn expect_punct(&mut self, p: Punct, ctx: &str) -> PResult<&'a Token> {
        if self.is_punct(p) {
            self.i += 1;
            Ok(self.toks[self.i - 1])
        } else {
            Err(self.expected(&format!("`{}` {ctx}", p.as_str())))
        }
    }

    fn expect_kw(&mut self, k: Keyword, ctx: &str) -> PResult<&'a Token> {
        if self.is_kw(k) {
            self.i += 1;
            Ok(self.toks[self.i - 1])
        } else {
            Err(self.expected(&format!("`{}` {ctx}", k.as_str())))
        }
    }

    /// `end` closing the construct that started at `open`: the error names the opener.
    fn expect_end(&mut self, what: &str, open: Pos) -> PResult<&'a Token> {
        self.expect_kw(Keyword::End, &format!("to close `{what}` at {open}"))
    }

    fn name(&mut self, ctx: &str) -> PResult<Name> {
        match self.peek() {
            Some(Token {
                kind: TokenKind::Name(n),
                span,
            }) => {
                self.i += 1;
                Ok(Name::new(
                    n.clone(),
                    Pos {
                        line: span.line,
                        col: span.col,
                    },
                ))
            }
            _ => Err(self.expected(&format!("a name {ctx}"))),
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ParseError {
                pos: self.here(),
                message: format!("nesting deeper than {MAX_DEPTH} levels; split the code up"),
            });
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Records the levels of the expression just parsed, refusing more than
    /// [`MAX_EXPR_LEVELS`] at the last token read (where the limit is passed).
    fn set_height(&mut self, levels: u32) -> PResult<()> {
        if levels > MAX_EXPR_LEVELS {
            let pos = self.prev().map_or(Pos { line: 1, col: 1 }, pos_of);
            return Err(ParseError {
                pos,
                message: format!(
                    "expression nested more than {MAX_EXPR_LEVELS} levels deep (a chain of \
                     operators, calls or `.` fields is as deep as it is long, and each level \
                     costs a token: past PICO-8's limit of {MAX_EXPR_LEVELS} tokens); split it \
                     up with locals"
                ),
            });
        }
        self.height = levels;
        self.body_height = self.body_height.max(levels);
        Ok(())
    }

    /// Whether the next token ends a block: a closing keyword, end of input, or (for the body of
    /// a short form) the end of its line: token index `stop`.
    fn at_block_end(&self, stop: Option<usize>) -> bool {
        match self.peek() {
            None => true,
            Some(t) => {
                stop.is_some_and(|s| self.i >= s)
                    || matches!(
                        t.kind,
                        TokenKind::Keyword(
                            Keyword::End | Keyword::Else | Keyword::Elseif | Keyword::Until
                        )
                    )
            }
        }
    }

    fn block(&mut self, stop: Option<usize>) -> PResult<Block> {
        let mut stmts = Vec::new();
        while !self.at_block_end(stop) {
            if self.accept_punct(Punct::Semi) {
                continue;
            }
            let is_return = self.is_kw(Keyword::Return);
            let stmt = self.statement(stop)?;
            if let Some(s) = stop.filter(|&s| self.i > s) {
                // PICO-8 ends a one-line form at the line break, even inside a statement.
                return Err(self.err_at(
                    self.toks[s],
                    "unexpected line break inside a one-line `if (c) ...` or `while (c) ...`; \
                     keep it on one line or use `then ... end` / `do ... end`",
                ));
            }
            stmts.push(stmt);
            if is_return {
                while self.accept_punct(Punct::Semi) {}
                if !self.at_block_end(stop) {
                    return Err(self.expected("end of block after `return`"));
                }
            }
        }
        Ok(Block { stmts })
    }

    /// A statement: a nesting level, as in Lua's parser.
    fn statement(&mut self, stop: Option<usize>) -> PResult<Stmt> {
        self.enter()?;
        let stmt = deep(|| self.statement_inner(stop));
        self.leave();
        stmt
    }

    fn statement_inner(&mut self, stop: Option<usize>) -> PResult<Stmt> {
        let t = self
            .peek()
            .expect("statement() is only called before a token");
        let pos = pos_of(t);
        let kind = match &t.kind {
            TokenKind::Keyword(Keyword::Do) => {
                self.i += 1;
                let body = self.block(None)?;
                self.expect_end("do", pos)?;
                StmtKind::Do(body)
            }
            TokenKind::Keyword(Keyword::If) => {
                self.i += 1;
                self.if_stmt(pos)?
            }
            TokenKind::Keyword(Keyword::While) => {
                self.i += 1;
                self.while_stmt(pos)?
            }
            TokenKind::Keyword(Keyword::Repeat) => {
                self.i += 1;
                let body = self.block(None)?;
                self.expect_kw(Keyword::Until, &format!("to close `repeat` at {pos}"))?;
                let cond = self.expr()?;
                StmtKind::Repeat { body, cond }
            }
            TokenKind::Keyword(Keyword::For) => {
                self.i += 1;
                self.for_stmt(pos)?
            }
            TokenKind::Keyword(Keyword::Function) => {
                self.i += 1;
                let mut path = vec![self.name("after `function`")?];
                while self.accept_punct(Punct::Dot) {
                    path.push(self.name("after `.`")?);
                }
                let method = if self.accept_punct(Punct::Colon) {
                    Some(self.name("after `:`")?)
                } else {
                    None
                };
                let func = self.func_body(pos)?;
                StmtKind::Function {
                    name: FuncName { path, method },
                    func,
                }
            }
            TokenKind::Keyword(Keyword::Local) => {
                self.i += 1;
                if self.accept_kw(Keyword::Function) {
                    let name = self.name("after `local function`")?;
                    let func = self.func_body(pos)?;
                    StmtKind::LocalFunction { name, func }
                } else {
                    let mut names = vec![self.name("after `local`")?];
                    while self.accept_punct(Punct::Comma) {
                        names.push(self.name("after `,`")?);
                    }
                    let values = if self.accept_punct(Punct::Assign) {
                        self.expr_list()?
                    } else {
                        Vec::new()
                    };
                    StmtKind::Local { names, values }
                }
            }
            TokenKind::Keyword(Keyword::Return) => {
                self.i += 1;
                let values = if self.at_block_end(stop) || self.is_punct(Punct::Semi) {
                    Vec::new()
                } else {
                    self.expr_list()?
                };
                StmtKind::Return(values)
            }
            TokenKind::Keyword(Keyword::Break) => {
                self.i += 1;
                StmtKind::Break
            }
            TokenKind::Keyword(Keyword::Goto) => {
                self.i += 1;
                StmtKind::Goto(self.name("after `goto`")?)
            }
            TokenKind::Punct(Punct::ColonColon) => {
                self.i += 1;
                let name = self.name("after `::`")?;
                self.expect_punct(Punct::ColonColon, "to close the label")?;
                StmtKind::Label(name)
            }
            TokenKind::Punct(Punct::Question) => {
                self.i += 1;
                let args = self.expr_list()?;
                // PICO-8 turns `?` into `print(` ... `)` up to the end of the line, so nothing
                // may follow the arguments on that line (z8lua: "<eol> expected").
                if let Some(next) = self.peek() {
                    let last_line = self.prev().map_or(pos.line, |t| end_of(self.src, t).0);
                    if next.span.line == last_line {
                        return Err(self.err_at(
                            next,
                            "expected the end of the line after the `?` arguments \
                             (`?` prints the rest of its line)",
                        ));
                    }
                }
                StmtKind::Print(args)
            }
            _ => self.expr_stmt()?,
        };
        Ok(Stmt { kind, pos })
    }

    fn if_stmt(&mut self, pos: Pos) -> PResult<StmtKind> {
        let cond_start = self.i;
        let cond = self.expr()?;
        if self.accept_kw(Keyword::Then) || self.accept_kw(Keyword::Do) {
            let mut clauses = vec![(cond, self.block(None)?)];
            let mut else_block = None;
            loop {
                if self.accept_kw(Keyword::Elseif) {
                    let c = self.expr()?;
                    self.expect_kw(Keyword::Then, "after the `elseif` condition")?;
                    clauses.push((c, self.block(None)?));
                } else if self.accept_kw(Keyword::Else) {
                    else_block = Some(self.block(None)?);
                    self.expect_end("if", pos)?;
                    break;
                } else {
                    self.expect_end("if", pos)?;
                    break;
                }
            }
            return Ok(StmtKind::If {
                clauses,
                else_block,
                short: false,
            });
        }
        let Some(stop) = self.short_form(cond_start, pos.line) else {
            return Err(self.expected(
                "`then` after the `if` condition (or a condition in parentheses for the short form)",
            ));
        };
        let then = self.block(Some(stop))?;
        let else_block = if self.i < stop && self.accept_kw(Keyword::Else) {
            Some(self.block(Some(stop))?)
        } else {
            None
        };
        Ok(StmtKind::If {
            clauses: vec![(cond, then)],
            else_block,
            short: true,
        })
    }

    /// Whether the condition just parsed (from token `cond_start`) opens a short form, as z8lua
    /// decides it: the condition starts with `(`; counting parentheses from there, the first
    /// group closes and no `(` opens after it (the token after the condition included); and
    /// that next token ends on the line of the `if`/`while`. Returns the index of the first
    /// token after the line break that ends the short form.
    fn short_form(&self, cond_start: usize, kw_line: u32) -> Option<usize> {
        let first = self.toks.get(cond_start)?;
        if !first.kind.is_punct(Punct::LParen) {
            return None;
        }
        let next = self.peek()?;
        let mut depth: i32 = 1;
        for t in &self.toks[cond_start + 1..=self.i] {
            if t.kind.is_punct(Punct::RParen) {
                depth -= 1;
            } else if t.kind.is_punct(Punct::LParen) {
                depth += if depth > 0 { 1 } else { -1 };
            }
        }
        if depth != 0 || end_of(self.src, next).0 != kw_line {
            return None;
        }
        let stop = (self.i + 1..self.toks.len())
            .find(|&j| self.nl_before[j])
            .unwrap_or(self.toks.len());
        Some(stop)
    }

    fn while_stmt(&mut self, pos: Pos) -> PResult<StmtKind> {
        let cond_start = self.i;
        let cond = self.expr()?;
        if self.accept_kw(Keyword::Do) {
            let body = self.block(None)?;
            self.expect_end("while", pos)?;
            return Ok(StmtKind::While {
                cond,
                body,
                short: false,
            });
        }
        let Some(stop) = self.short_form(cond_start, pos.line) else {
            return Err(self.expected(
                "`do` after the `while` condition (or a condition in parentheses for the short form)",
            ));
        };
        let body = self.block(Some(stop))?;
        Ok(StmtKind::While {
            cond,
            body,
            short: true,
        })
    }

    fn for_stmt(&mut self, pos: Pos) -> PResult<StmtKind> {
        let first = self.name("after `for`")?;
        if self.accept_punct(Punct::Assign) {
            let start = self.expr()?;
            self.expect_punct(Punct::Comma, "after the `for` start value")?;
            let limit = self.expr()?;
            let step = if self.accept_punct(Punct::Comma) {
                Some(self.expr()?)
            } else {
                None
            };
            self.expect_kw(Keyword::Do, "after the `for` range")?;
            let body = self.block(None)?;
            self.expect_end("for", pos)?;
            return Ok(StmtKind::NumericFor {
                var: first,
                start,
                limit,
                step,
                body,
            });
        }
        let mut vars = vec![first];
        while self.accept_punct(Punct::Comma) {
            vars.push(self.name("after `,`")?);
        }
        self.expect_kw(Keyword::In, "or `=` after the `for` variables")?;
        let exprs = self.expr_list()?;
        self.expect_kw(Keyword::Do, "after the `for ... in` expressions")?;
        let body = self.block(None)?;
        self.expect_end("for", pos)?;
        Ok(StmtKind::GenericFor { vars, exprs, body })
    }

    fn func_body(&mut self, pos: Pos) -> PResult<FuncBody> {
        self.expect_punct(Punct::LParen, "to open the parameter list")?;
        let mut params = Vec::new();
        let mut vararg = false;
        if !self.accept_punct(Punct::RParen) {
            loop {
                if self.accept_punct(Punct::Ellipsis) {
                    vararg = true;
                    self.expect_punct(
                        Punct::RParen,
                        "after `...` (it must be the last parameter)",
                    )?;
                    break;
                }
                params.push(self.name("or `...` in the parameter list")?);
                if self.accept_punct(Punct::RParen) {
                    break;
                }
                self.expect_punct(Punct::Comma, "or `)` in the parameter list")?;
            }
        }
        self.vararg.push(vararg);
        let outer = std::mem::replace(&mut self.body_height, 0);
        let body = self.block(None);
        self.vararg.pop();
        let body = body?;
        let end = self.expect_end("function", pos)?;
        // The function is one level above its deepest expression; as an expression, that is
        // its height, and the enclosing body holds it either way.
        let inner = std::mem::replace(&mut self.body_height, outer);
        self.set_height(inner + 1)?;
        Ok(FuncBody {
            params,
            vararg,
            body,
            end_line: end.span.line,
        })
    }

    fn expr_stmt(&mut self) -> PResult<StmtKind> {
        let first = self.suffixed_expr()?;
        if self.is_punct(Punct::Assign) || self.is_punct(Punct::Comma) {
            let mut targets = vec![first];
            while self.accept_punct(Punct::Comma) {
                targets.push(self.suffixed_expr()?);
            }
            for t in &targets {
                check_target(t)?;
            }
            self.expect_punct(Punct::Assign, "in the assignment")?;
            let values = self.expr_list()?;
            return Ok(StmtKind::Assign { targets, values });
        }
        if let Some(op) = self
            .peek()
            .and_then(|t| match t.kind {
                TokenKind::Punct(p) => p.compound_op(),
                _ => None,
            })
            .and_then(binop_of)
        {
            check_target(&first)?;
            self.i += 1;
            let value = self.expr()?;
            return Ok(StmtKind::OpAssign {
                target: first,
                op,
                value,
            });
        }
        if matches!(first.kind, ExprKind::Call { .. } | ExprKind::Method { .. }) {
            return Ok(StmtKind::Call(first));
        }
        Err(self.expected(&format!(
            "`=` or call arguments: the expression at {} is not a statement",
            first.pos
        )))
    }

    /// A list of expressions; its height is its deepest one's.
    fn expr_list(&mut self) -> PResult<Vec<Expr>> {
        let mut v = vec![self.expr()?];
        let mut levels = self.height;
        while self.accept_punct(Punct::Comma) {
            v.push(self.expr()?);
            levels = levels.max(self.height);
        }
        self.set_height(levels)?;
        Ok(v)
    }
}

fn check_target(e: &Expr) -> PResult<()> {
    match e.kind {
        ExprKind::Name(_) | ExprKind::Member(..) | ExprKind::Index(..) => Ok(()),
        _ => Err(ParseError {
            pos: e.pos,
            message: "cannot assign to this expression; expected a name, `t.k` or `t[k]`".into(),
        }),
    }
}

/// Refuses a source longer than [`SOURCE_LIMIT`], at the first byte past it.
fn check_size(src: &str) -> PResult<()> {
    if src.len() <= SOURCE_LIMIT {
        return Ok(());
    }
    let mut at = SOURCE_LIMIT;
    while !src.is_char_boundary(at) {
        at -= 1;
    }
    let before = &src[..at];
    let line = before.matches('\n').count() as u32 + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count() as u32 + 1;
    Err(ParseError {
        pos: Pos { line, col },
        message: format!(
            "the source has {} bytes, more than the {SOURCE_LIMIT} tafl8 reads (16 times \
             PICO-8's limit of {} characters for a cart's code; it is passed here): shorten it",
            src.len(),
            crate::count::CHAR_LIMIT
        ),
    })
}

/// Line and column just after token `t` (for errors at end of input).
fn end_of(src: &str, t: &Token) -> (u32, u32) {
    let text = src.get(t.span.start..t.span.end).unwrap_or_default();
    let newlines = text.matches('\n').count() as u32;
    if newlines == 0 {
        (t.span.line, t.span.col + text.chars().count() as u32)
    } else {
        let tail = text.rsplit('\n').next().unwrap_or_default();
        (t.span.line + newlines, tail.chars().count() as u32 + 1)
    }
}
