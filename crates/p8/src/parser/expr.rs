//! Expressions: precedence climbing over PICO-8's operator table, primaries, suffixes
//! (`.k`, `[k]`, `:m()`, calls), call arguments and table constructors.

use super::{pos_of, PResult, ParseError, Parser};
use crate::ast::*;
use crate::stack::deep;
use crate::token::{Keyword, Punct, Token, TokenKind};

impl<'a> Parser<'a> {
    /// An expression.
    pub(super) fn expr(&mut self) -> PResult<Expr> {
        self.sub_expr(0)
    }

    /// Precedence climbing: parses operators binding tighter than `limit` (or equal, for the
    /// right-associative `..` and `^`).
    fn sub_expr(&mut self, limit: u8) -> PResult<Expr> {
        self.enter()?;
        let e = deep(|| self.sub_expr_inner(limit));
        self.leave();
        e
    }

    fn sub_expr_inner(&mut self, limit: u8) -> PResult<Expr> {
        let mut left = if let Some((op, t)) = self.unary_op() {
            self.i += 1;
            let glued = matches!(op, UnOp::Neg | UnOp::BNot)
                && self.peek().is_some_and(|n| {
                    matches!(n.kind, TokenKind::Number(_)) && n.span.start == t.span.end
                });
            let operand = self.sub_expr(UNARY_PRECEDENCE)?;
            let glued = glued && matches!(operand.kind, ExprKind::Number(_));
            self.set_height(self.height + 1)?;
            Expr::new(
                ExprKind::Unary {
                    op,
                    operand: Box::new(operand),
                    glued,
                },
                pos_of(t),
            )
        } else {
            self.simple_expr()?
        };
        // A left-nested chain is built here, not by recursion: the tree gets a level per
        // operator, bounded by `set_height`.
        let mut levels = self.height;
        while let Some(op) = self.binary_op() {
            let prec = op.precedence();
            let binds = if op.is_right_assoc() {
                prec >= limit
            } else {
                prec > limit
            };
            if !binds {
                break;
            }
            self.i += 1;
            let right = self.sub_expr(prec)?;
            levels = levels.max(self.height) + 1;
            self.set_height(levels)?;
            let pos = left.pos;
            left = Expr::new(ExprKind::Binary(op, Box::new(left), Box::new(right)), pos);
        }
        self.set_height(levels)?;
        Ok(left)
    }

    fn unary_op(&self) -> Option<(UnOp, &'a Token)> {
        let t = self.peek()?;
        let op = match t.kind {
            TokenKind::Punct(Punct::Minus) => UnOp::Neg,
            TokenKind::Keyword(Keyword::Not) => UnOp::Not,
            TokenKind::Punct(Punct::Hash) => UnOp::Len,
            TokenKind::Punct(Punct::Tilde) => UnOp::BNot,
            TokenKind::Punct(Punct::At) => UnOp::Peek,
            TokenKind::Punct(Punct::Percent) => UnOp::Peek2,
            TokenKind::Punct(Punct::Dollar) => UnOp::Peek4,
            _ => return None,
        };
        Some((op, t))
    }

    fn binary_op(&self) -> Option<BinOp> {
        match &self.peek()?.kind {
            TokenKind::Punct(p) => binop_of(*p),
            TokenKind::Keyword(Keyword::And) => Some(BinOp::And),
            TokenKind::Keyword(Keyword::Or) => Some(BinOp::Or),
            _ => None,
        }
    }

    fn simple_expr(&mut self) -> PResult<Expr> {
        let Some(t) = self.peek() else {
            return Err(self.expected("an expression"));
        };
        let pos = pos_of(t);
        let kind = match &t.kind {
            TokenKind::Keyword(Keyword::Nil) => ExprKind::Nil,
            TokenKind::Keyword(Keyword::True) => ExprKind::True,
            TokenKind::Keyword(Keyword::False) => ExprKind::False,
            TokenKind::Number(text) => {
                let value = crate::token::number_value(text).map_err(|e| ParseError {
                    pos,
                    message: e.to_string(),
                })?;
                ExprKind::Number(NumLit {
                    text: text.clone(),
                    value,
                })
            }
            TokenKind::Str(bytes) => ExprKind::Str(self.str_lit(t, bytes)),
            TokenKind::Punct(Punct::Ellipsis) => {
                if !self.vararg.last().copied().unwrap_or(true) {
                    return Err(ParseError {
                        pos,
                        message: "cannot use `...` outside a vararg function; add `...` to its parameters".into(),
                    });
                }
                ExprKind::Vararg
            }
            TokenKind::Keyword(Keyword::Function) => {
                self.i += 1;
                // `func_body` sets the height.
                return Ok(Expr::new(ExprKind::Function(self.func_body(pos)?), pos));
            }
            TokenKind::Punct(Punct::LBrace) => {
                return Ok(Expr::new(ExprKind::Table(self.table()?), pos));
            }
            _ => return self.suffixed_expr(),
        };
        self.i += 1;
        self.set_height(1)?;
        Ok(Expr::new(kind, pos))
    }

    fn str_lit(&self, t: &Token, bytes: &[u8]) -> StrLit {
        StrLit {
            text: self
                .src
                .get(t.span.start..t.span.end)
                .unwrap_or_default()
                .to_owned(),
            value: bytes.to_vec(),
        }
    }

    fn primary_expr(&mut self) -> PResult<Expr> {
        match self.peek() {
            Some(Token {
                kind: TokenKind::Name(n),
                span,
            }) => {
                self.i += 1;
                self.set_height(1)?;
                Ok(Expr::new(
                    ExprKind::Name(n.clone()),
                    Pos {
                        line: span.line,
                        col: span.col,
                    },
                ))
            }
            Some(t) if t.kind.is_punct(Punct::LParen) => {
                let pos = pos_of(t);
                self.i += 1;
                let inner = self.expr()?;
                self.expect_punct(Punct::RParen, &format!("to close `(` at {pos}"))?;
                self.set_height(self.height + 1)?;
                Ok(Expr::new(ExprKind::Paren(Box::new(inner)), pos))
            }
            _ => Err(self.expected("an expression")),
        }
    }

    /// A primary expression and its suffixes, built in a loop: the tree gets a level per
    /// suffix, bounded by `set_height`.
    pub(super) fn suffixed_expr(&mut self) -> PResult<Expr> {
        let mut e = self.primary_expr()?;
        let mut levels = self.height;
        while let Some(t) = self.peek() {
            let pos = e.pos;
            e = match &t.kind {
                TokenKind::Punct(Punct::Dot) => {
                    self.i += 1;
                    let name = self.name("after `.`")?;
                    levels += 1;
                    Expr::new(ExprKind::Member(Box::new(e), name), pos)
                }
                TokenKind::Punct(Punct::LBracket) => {
                    self.i += 1;
                    let key = self.expr()?;
                    self.expect_punct(Punct::RBracket, "to close the index")?;
                    levels = levels.max(self.height) + 1;
                    Expr::new(ExprKind::Index(Box::new(e), Box::new(key)), pos)
                }
                TokenKind::Punct(Punct::Colon) => {
                    self.i += 1;
                    let name = self.name("after `:`")?;
                    let args = self.call_args()?;
                    levels = levels.max(self.height) + 1;
                    Expr::new(
                        ExprKind::Method {
                            obj: Box::new(e),
                            name,
                            args,
                        },
                        pos,
                    )
                }
                TokenKind::Punct(Punct::LParen | Punct::LBrace) | TokenKind::Str(_) => {
                    let args = self.call_args()?;
                    levels = levels.max(self.height) + 1;
                    Expr::new(
                        ExprKind::Call {
                            func: Box::new(e),
                            args,
                        },
                        pos,
                    )
                }
                _ => break,
            };
            self.set_height(levels)?;
        }
        self.set_height(levels)?;
        Ok(e)
    }

    fn call_args(&mut self) -> PResult<Args> {
        match self.peek() {
            Some(t) if t.kind.is_punct(Punct::LParen) => {
                let pos = pos_of(t);
                self.i += 1;
                if self.accept_punct(Punct::RParen) {
                    self.set_height(0)?;
                    return Ok(Args::Parens(Vec::new()));
                }
                let args = self.expr_list()?;
                self.expect_punct(Punct::RParen, &format!("to close the call's `(` at {pos}"))?;
                Ok(Args::Parens(args))
            }
            Some(t) if t.kind.is_punct(Punct::LBrace) => Ok(Args::Table(self.table()?)),
            Some(
                t @ Token {
                    kind: TokenKind::Str(bytes),
                    ..
                },
            ) => {
                self.i += 1;
                self.set_height(1)?;
                Ok(Args::Str(self.str_lit(t, bytes)))
            }
            _ => Err(self.expected("call arguments")),
        }
    }

    pub(super) fn table(&mut self) -> PResult<Vec<Field>> {
        let open = self.expect_punct(Punct::LBrace, "to open the table")?;
        let open = pos_of(open);
        let mut fields = Vec::new();
        let mut levels = 0;
        loop {
            if self.accept_punct(Punct::RBrace) {
                break;
            }
            let field = if self.accept_punct(Punct::LBracket) {
                let key = self.expr()?;
                levels = levels.max(self.height);
                self.expect_punct(Punct::RBracket, "to close the table key")?;
                self.expect_punct(Punct::Assign, "after the table key")?;
                Field::Keyed(key, self.expr()?)
            } else if matches!(self.peek().map(|t| &t.kind), Some(TokenKind::Name(_)))
                && self
                    .peek_at(1)
                    .is_some_and(|t| t.kind.is_punct(Punct::Assign))
            {
                let name = self.name("")?;
                self.i += 1;
                Field::Named(name, self.expr()?)
            } else {
                Field::Positional(self.expr()?)
            };
            levels = levels.max(self.height);
            fields.push(field);
            if !(self.accept_punct(Punct::Comma) || self.accept_punct(Punct::Semi)) {
                self.expect_punct(
                    Punct::RBrace,
                    &format!("or `,` in the table opened at {open}"),
                )?;
                break;
            }
        }
        self.set_height(levels + 1)?;
        Ok(fields)
    }
}

/// The binary operator a punctuation mark stands for.
pub(super) fn binop_of(p: Punct) -> Option<BinOp> {
    Some(match p {
        Punct::Plus => BinOp::Add,
        Punct::Minus => BinOp::Sub,
        Punct::Star => BinOp::Mul,
        Punct::Slash => BinOp::Div,
        Punct::Backslash => BinOp::IDiv,
        Punct::Percent => BinOp::Mod,
        Punct::Caret => BinOp::Pow,
        Punct::Amp => BinOp::BAnd,
        Punct::Pipe => BinOp::BOr,
        Punct::CaretCaret => BinOp::BXor,
        Punct::Tilde => BinOp::BXorTilde,
        Punct::Shl => BinOp::Shl,
        Punct::Shr => BinOp::Shr,
        Punct::Lshr => BinOp::Lshr,
        Punct::Rotl => BinOp::Rotl,
        Punct::Rotr => BinOp::Rotr,
        Punct::DotDot => BinOp::Concat,
        Punct::EqEq => BinOp::Eq,
        Punct::TildeEq => BinOp::Ne,
        Punct::BangEq => BinOp::NeBang,
        Punct::Lt => BinOp::Lt,
        Punct::Le => BinOp::Le,
        Punct::Gt => BinOp::Gt,
        Punct::Ge => BinOp::Ge,
        _ => return None,
    })
}
