//! Round-trip properties of the printers over generated syntax trees:
//! - `parse(print(ast)) == ast` and `parse(minify(ast)) == ast` (positions aside);
//! - printing is stable: `print(parse(print(ast))) == print(ast)`;
//! - the readable and minified prints have the same PICO-8 token count;
//! - minifying with local renaming keeps the token count and parses.
//!
//! Trees are built by a small seeded generator (proptest picks and shrinks the seed) that covers
//! every statement and expression kind, short forms, call-argument styles and glued minus signs,
//! and only builds trees the parser can produce (parentheses where precedence needs them,
//! `return` last in its block, `...` only in vararg functions).

use proptest::prelude::*;
use tafl8_p8::ast::*;
use tafl8_p8::count::count_tokens_in;
use tafl8_p8::print::{needs_parens, unary_needs_parens};
use tafl8_p8::{minify, number_value, parse, print_chunk, MinifyOptions};

struct Gen {
    state: u64,
    depth: u32,
    /// Inside a short form's body: no function expressions, whose statements would have to
    /// share the line (the printer may then print nested short forms long, changing the tree).
    in_short: u32,
}

const NAMES: &[&str] = &["a", "b", "x", "y_1", "self", "t", "score", "_x"];
const NUMBERS: &[&str] = &[
    "0", "1", "2", "15", "0x10", "0x1.8", "0b101", ".5", "3.25", "32767",
];
const STRINGS: &[&str] = &["\"hi\"", "'x'", "\"a\\nb\"", "[[raw]]", "\"\""];

impl Gen {
    fn next(&mut self) -> u64 {
        // xorshift64*: deterministic per seed, so a failing seed reproduces.
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        self.state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn pick<'a>(&mut self, v: &[&'a str]) -> &'a str {
        v[self.below(v.len() as u64) as usize]
    }

    fn name(&mut self) -> Name {
        Name::new(self.pick(NAMES), Pos::default())
    }

    fn e(kind: ExprKind) -> Expr {
        Expr::new(kind, Pos::default())
    }

    fn number(&mut self) -> Expr {
        let text = self.pick(NUMBERS).to_owned();
        let value = number_value(&text).unwrap();
        Self::e(ExprKind::Number(NumLit { text, value }))
    }

    fn string(&mut self) -> StrLit {
        let text = self.pick(STRINGS).to_owned();
        // The tree compares decoded bytes too: take them from the parser itself, on a literal
        // alone (the printer is not involved).
        let chunk = parse(&format!("x={text}")).unwrap();
        match &chunk.block.stmts[0].kind {
            StmtKind::Assign { values, .. } => match &values[0].kind {
                ExprKind::Str(s) => s.clone(),
                _ => unreachable!(),
            },
            _ => unreachable!(),
        }
    }

    /// A prefix expression (may be called, indexed, ...).
    fn prefix(&mut self, va: bool) -> Expr {
        if self.depth > 3 {
            return Self::e(ExprKind::Name(self.name().name));
        }
        self.depth += 1;
        let e = match self.below(6) {
            0 | 1 => Self::e(ExprKind::Name(self.name().name)),
            2 => Self::e(ExprKind::Paren(Box::new(self.expr(va)))),
            3 => {
                let t = self.prefix(va);
                Self::e(ExprKind::Member(Box::new(t), self.name()))
            }
            4 => {
                let t = self.prefix(va);
                Self::e(ExprKind::Index(Box::new(t), Box::new(self.expr(va))))
            }
            _ => self.call(va),
        };
        self.depth -= 1;
        e
    }

    fn args(&mut self, va: bool) -> Args {
        match self.below(4) {
            0 => Args::Str(self.string()),
            1 => Args::Table(self.fields(va)),
            _ => Args::Parens((0..self.below(3)).map(|_| self.expr(va)).collect()),
        }
    }

    fn call(&mut self, va: bool) -> Expr {
        let f = self.prefix(va);
        let args = self.args(va);
        if self.below(3) == 0 {
            Self::e(ExprKind::Method {
                obj: Box::new(f),
                name: self.name(),
                args,
            })
        } else {
            Self::e(ExprKind::Call {
                func: Box::new(f),
                args,
            })
        }
    }

    fn fields(&mut self, va: bool) -> Vec<Field> {
        (0..self.below(4))
            .map(|_| match self.below(3) {
                0 => Field::Positional(self.expr(va)),
                1 => Field::Named(self.name(), self.expr(va)),
                _ => Field::Keyed(self.expr(va), self.expr(va)),
            })
            .collect()
    }

    fn expr(&mut self, va: bool) -> Expr {
        if self.depth > 4 {
            return self.number();
        }
        self.depth += 1;
        let e = match self.below(14) {
            0 => Self::e(ExprKind::Nil),
            1 => Self::e([ExprKind::True, ExprKind::False][self.below(2) as usize].clone()),
            2 if va => Self::e(ExprKind::Vararg),
            2 | 3 => self.number(),
            4 => Self::e(ExprKind::Str(self.string())),
            5 | 6 => self.prefix(va),
            7 => Self::e(ExprKind::Table(self.fields(va))),
            8 if self.in_short == 0 => Self::e(ExprKind::Function(self.func_body())),
            8 => self.number(),
            9 => {
                let op = UnOp::ALL[self.below(UnOp::ALL.len() as u64) as usize];
                let operand = if self.below(2) == 0 {
                    self.number()
                } else {
                    self.expr(va)
                };
                let glued = matches!(op, UnOp::Neg | UnOp::BNot)
                    && matches!(operand.kind, ExprKind::Number(_))
                    && self.below(2) == 0;
                let operand = if unary_needs_parens(&operand) {
                    Self::e(ExprKind::Paren(Box::new(operand)))
                } else {
                    operand
                };
                Self::e(ExprKind::Unary {
                    op,
                    operand: Box::new(operand),
                    glued,
                })
            }
            _ => {
                let op = BinOp::ALL[self.below(BinOp::ALL.len() as u64) as usize];
                let mut l = self.expr(va);
                let mut r = self.expr(va);
                if needs_parens(op, &l, false) {
                    l = Self::e(ExprKind::Paren(Box::new(l)));
                }
                if needs_parens(op, &r, true) {
                    r = Self::e(ExprKind::Paren(Box::new(r)));
                }
                Self::e(ExprKind::Binary(op, Box::new(l), Box::new(r)))
            }
        };
        self.depth -= 1;
        e
    }

    fn func_body(&mut self) -> FuncBody {
        let vararg = self.below(3) == 0;
        FuncBody {
            params: (0..self.below(3)).map(|_| self.name()).collect(),
            vararg,
            body: self.block(vararg, 3),
            end_line: 0,
        }
    }

    fn target(&mut self, va: bool) -> Expr {
        match self.below(3) {
            0 => Self::e(ExprKind::Name(self.name().name)),
            1 => {
                let t = self.prefix(va);
                Self::e(ExprKind::Member(Box::new(t), self.name()))
            }
            _ => {
                let t = self.prefix(va);
                Self::e(ExprKind::Index(Box::new(t), Box::new(self.expr(va))))
            }
        }
    }

    fn s(kind: StmtKind) -> Stmt {
        Stmt {
            kind,
            pos: Pos::default(),
        }
    }

    /// A statement with no nested block and no line-swallowing syntax: what a short form's
    /// body may hold anywhere.
    fn simple_stmt(&mut self, va: bool) -> Stmt {
        Self::s(match self.below(4) {
            0 => StmtKind::Assign {
                targets: (0..1 + self.below(2)).map(|_| self.target(va)).collect(),
                values: (0..1 + self.below(2)).map(|_| self.expr(va)).collect(),
            },
            1 => StmtKind::OpAssign {
                target: self.target(va),
                op: loop {
                    let op = BinOp::ALL[self.below(BinOp::ALL.len() as u64) as usize];
                    if !matches!(op.precedence(), 1..=3) && op != BinOp::BXorTilde {
                        break op;
                    }
                },
                value: self.expr(va),
            },
            2 => StmtKind::Local {
                names: (0..1 + self.below(2)).map(|_| self.name()).collect(),
                values: (0..self.below(3)).map(|_| self.expr(va)).collect(),
            },
            _ => StmtKind::Call(self.call(va)),
        })
    }

    fn short_block(&mut self, va: bool) -> Block {
        self.in_short += 1;
        let stmts = (0..self.below(3)).map(|_| self.simple_stmt(va)).collect();
        self.in_short -= 1;
        Block { stmts }
    }

    fn stmt(&mut self, va: bool, budget: u32) -> Stmt {
        if budget == 0 || self.depth > 3 {
            return self.simple_stmt(va);
        }
        self.depth += 1;
        let b = budget - 1;
        let paren_cond = |g: &mut Gen| {
            g.in_short += 1;
            let e = Self::e(ExprKind::Paren(Box::new(g.expr(va))));
            g.in_short -= 1;
            e
        };
        let s = match self.below(16) {
            0 => Self::s(StmtKind::Do(self.block(va, b))),
            1 => Self::s(StmtKind::While {
                cond: self.expr(va),
                body: self.block(va, b),
                short: false,
            }),
            2 => Self::s(StmtKind::While {
                cond: paren_cond(self),
                body: self.short_block(va),
                short: true,
            }),
            3 => Self::s(StmtKind::Repeat {
                body: self.block(va, b),
                cond: self.expr(va),
            }),
            4 => Self::s(StmtKind::If {
                clauses: (0..1 + self.below(3))
                    .map(|_| (self.expr(va), self.block(va, b)))
                    .collect(),
                else_block: (self.below(2) == 0).then(|| self.block(va, b)),
                short: false,
            }),
            5 => Self::s(StmtKind::If {
                clauses: vec![(paren_cond(self), self.short_block(va))],
                else_block: (self.below(2) == 0).then(|| self.short_block(va)),
                short: true,
            }),
            6 => Self::s(StmtKind::NumericFor {
                var: self.name(),
                start: self.expr(va),
                limit: self.expr(va),
                step: (self.below(2) == 0).then(|| self.expr(va)),
                body: self.block(va, b),
            }),
            7 => Self::s(StmtKind::GenericFor {
                vars: (0..1 + self.below(2)).map(|_| self.name()).collect(),
                exprs: (0..1 + self.below(2)).map(|_| self.expr(va)).collect(),
                body: self.block(va, b),
            }),
            8 => Self::s(StmtKind::Function {
                name: FuncName {
                    path: (0..1 + self.below(2)).map(|_| self.name()).collect(),
                    method: (self.below(2) == 0).then(|| self.name()),
                },
                func: self.func_body(),
            }),
            9 => Self::s(StmtKind::LocalFunction {
                name: self.name(),
                func: self.func_body(),
            }),
            10 => Self::s(StmtKind::Print(
                (0..1 + self.below(2)).map(|_| self.expr(va)).collect(),
            )),
            11 => Self::s(StmtKind::Goto(self.name())),
            12 => Self::s(StmtKind::Label(self.name())),
            13 => Self::s(StmtKind::Break),
            _ => self.simple_stmt(va),
        };
        self.depth -= 1;
        s
    }

    fn block(&mut self, va: bool, budget: u32) -> Block {
        let mut stmts: Vec<Stmt> = (0..self.below(4)).map(|_| self.stmt(va, budget)).collect();
        if self.below(4) == 0 {
            stmts.push(Self::s(StmtKind::Return(
                (0..self.below(3)).map(|_| self.expr(va)).collect(),
            )));
        }
        Block { stmts }
    }
}

fn generate(seed: u64) -> Chunk {
    let mut g = Gen {
        state: seed | 1,
        depth: 0,
        in_short: 0,
    };
    Chunk {
        block: g.block(true, 3),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn printers_round_trip_generated_trees(seed in any::<u64>()) {
        let ast = generate(seed);
        let printed = print_chunk(&ast);
        let back = parse(&printed).map_err(|e| TestCaseError::fail(format!("{e}\n{printed}")))?;
        prop_assert!(back == ast, "print: different tree\n{}", printed);
        prop_assert_eq!(print_chunk(&back), printed.clone());
        let minified = minify(&ast, &MinifyOptions::default());
        let back = parse(&minified).map_err(|e| TestCaseError::fail(format!("{e}\n{minified}")))?;
        prop_assert!(back == ast, "minify: different tree\n{}", minified);
        let tokens = count_tokens_in(&printed).unwrap();
        prop_assert_eq!(count_tokens_in(&minified).unwrap(), tokens, "{}", minified);
        let renamed = minify(&ast, &MinifyOptions { rename_locals: true });
        prop_assert!(parse(&renamed).is_ok(), "renamed does not parse\n{}", renamed);
        prop_assert_eq!(count_tokens_in(&renamed).unwrap(), tokens, "{}", renamed);
    }
}
