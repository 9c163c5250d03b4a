//! Conformance against z8lua (lupaz8), the Lua PICO-8 is built on: thousands of generated expressions
//! over edge values and random bit patterns, for every operator and number function, evaluated in both
//! and compared as text (`tostr(x, 1)` for numbers). Needs the oracle venv (`TAFL8_VENV`).
//!
//! The runner side runs the very same PICO-8 source through the cart path: the p8 front end parses and
//! lowers it (operators routed to the `__p8_*` helpers, literals quantised), then the sandboxed VM runs it.
//!
//! Known z8lua ≠ PICO-8 difference, left out on purpose: z8lua's `sin`/`cos` read one entry past their
//! table at exact quarter turns (and the two angles before them), giving ±0x1.9ee8 where PICO-8 gives
//! ±1. The runner follows PICO-8 there (see `num::trig`), so those angles are not generated.

mod support;

use support::{run_z8lua, SplitMix};
use tafl8_runner::num::trig::z8lua_sin_reads_past_table;
use tafl8_runner::vm::{Limits, Vm};
use tafl8_runner::Fix;

/// A generated PICO-8 expression.
#[derive(Clone)]
struct Expr {
    p8: String,
}

fn lit(bits: i32) -> Expr {
    let u = bits as u32;
    Expr {
        p8: format!("0x{:04x}.{:04x}", u >> 16, u & 0xffff),
    }
}

fn string_lit(s: &str) -> Expr {
    Expr {
        p8: format!("\"{s}\""),
    }
}

const BINOPS: [&str; 15] = [
    "+", "-", "*", "/", "\\", "%", "^", "&", "|", "^^", "<<", ">>", ">>>", "<<>", ">><",
];

fn binop(op: &str, a: &Expr, b: &Expr) -> Expr {
    Expr {
        p8: format!("({} {op} {})", a.p8, b.p8),
    }
}

fn call(name: &str, args: &[&Expr]) -> Expr {
    let args: Vec<&str> = args.iter().map(|a| a.p8.as_str()).collect();
    Expr {
        p8: format!("{name}({})", args.join(",")),
    }
}

struct Gen {
    rng: SplitMix,
    edges: Vec<i32>,
}

impl Gen {
    fn new() -> Gen {
        let mut edges = vec![
            0,
            0x1_0000,
            -0x1_0000,
            1,
            -1,
            0x7fff_0000,
            -0x7fff_0000,
            i32::MIN,
            i32::MAX,
            0x8000,
            -0x8000,
            0x2_0000,
            0x1_8000,
            0x4000,
            0xc000,
            0x10_0000,
            0x20_0000,
            0x0100,
            0xffff,
            0x1f_0000,
            0x21_0000,
            -0x2_0000,
        ];
        edges.sort_unstable();
        Gen {
            rng: SplitMix(0x7a_f18),
            edges,
        }
    }

    fn value(&mut self) -> i32 {
        match self.rng.below(5) {
            0 | 1 => self.edges[self.rng.below(self.edges.len())],
            // Small integers and simple fractions, where results are easy to read when a case fails.
            2 => ((self.rng.below(401) as i32) - 200) << 14,
            // Values in [-64, 64) with all fraction bits: the runner's fast paths.
            3 => (self.rng.next() as i32) >> 9,
            _ => self.rng.next() as i32,
        }
    }

    fn angle(&mut self) -> i32 {
        loop {
            let v = self.value();
            if !z8lua_sin_reads_past_table(Fix::from_bits(v))
                && !z8lua_sin_reads_past_table(Fix::from_bits(v).sub(Fix::from_bits(0x4000)))
            {
                return v;
            }
        }
    }

    /// One generated case: an expression whose value is a string in both worlds.
    fn case(&mut self, kind: usize) -> Expr {
        let (a, b, c) = (lit(self.value()), lit(self.value()), lit(self.value()));
        let hex = |e: Expr| call("tostr", &[&e, &lit(0x1_0000)]);
        match kind {
            0..=14 => hex(binop(BINOPS[kind], &a, &b)),
            15 => hex(Expr {
                p8: format!("(-{})", a.p8),
            }),
            16 => hex(Expr {
                p8: format!("(~{})", a.p8),
            }),
            17..=27 => {
                let f = [
                    "flr", "ceil", "abs", "sgn", "sqrt", "bnot", "min", "max", "band", "bor",
                    "bxor",
                ][kind - 17];
                let args: Vec<&Expr> = if kind >= 23 { vec![&a, &b] } else { vec![&a] };
                hex(call(f, &args))
            }
            28..=32 => {
                let f = ["shl", "shr", "lshr", "rotl", "rotr"][kind - 28];
                hex(call(f, &[&a, &b]))
            }
            33 => hex(call("mid", &[&a, &b, &c])),
            34 => hex(call("sin", &[&lit(self.angle())])),
            35 => {
                let x = loop {
                    let v = self.angle();
                    if !z8lua_sin_reads_past_table(Fix::from_bits(v).sub(Fix::from_bits(0x4000))) {
                        break v;
                    }
                };
                hex(call("cos", &[&lit(x)]))
            }
            36 => hex(call("atan2", &[&a, &b])),
            // tostr in every flag combination, including decimal.
            37 => {
                let flags = lit((self.rng.below(4) as i32) << 16);
                call("tostr", &[&a, &flags])
            }
            38 => call("tostr", &[&a]),
            // Concatenation of numbers (PICO-8's decimal form).
            39 => Expr {
                p8: format!("({})..\"|\"..({})", a.p8, b.p8),
            },
            // tonum of text PICO-8 itself produced (decimal / hex), and of hex/raw-flag strings.
            40 => hex(call("tonum", &[&call("tostr", &[&a])])),
            41 => hex(call("tonum", &[&call("tostr", &[&a, &lit(0x1_0000)])])),
            42 => {
                let s = format!("{:x}", self.rng.next() as u16);
                let flags = [0x1_0000, 0x3_0000, 0x5_0000][self.rng.below(3)];
                hex(call("tonum", &[&string_lit(&s), &lit(flags)]))
            }
            43 => {
                let s = format!("{}", self.rng.next() as i32 / 7);
                hex(call("tonum", &[&string_lit(&s), &lit(0x2_0000)]))
            }
            // String → number coercion in arithmetic.
            44 => {
                let text = match self.rng.below(4) {
                    0 => format!("{}", (self.rng.next() % 20000) as i32 - 10000),
                    1 => format!(
                        "0x{:x}.{:x}",
                        self.rng.next() as u16,
                        self.rng.next() as u16
                    ),
                    2 => format!("0b{:b}", self.rng.next() as u8),
                    _ => format!(
                        "{}.{:03}",
                        (self.rng.next() % 300) as i32 - 150,
                        self.rng.next() % 1000
                    ),
                };
                let s = string_lit(&text);
                hex(binop(BINOPS[self.rng.below(7)], &s, &b))
            }
            // Number literals in every spelling, quantised by the lowering as PICO-8 reads them.
            45 => {
                let sign = if self.rng.below(2) == 0 { "" } else { "-" };
                let text = match self.rng.below(3) {
                    0 => format!(
                        "{sign}{}.{}",
                        self.rng.below(70_000),
                        &format!("{:06}", self.rng.below(1_000_000))[..1 + self.rng.below(6)]
                    ),
                    1 => format!(
                        "{sign}0b{:b}.{:b}",
                        self.rng.next() as u16,
                        self.rng.next() as u8
                    ),
                    _ => format!(
                        "{sign}0x{:x}.{:05x}",
                        self.rng.next() as u16,
                        self.rng.below(0x10_0000)
                    ),
                };
                hex(Expr {
                    p8: format!("({text})"),
                })
            }
            // Nested arithmetic: results feeding other operators.
            _ => {
                let op1 = BINOPS[self.rng.below(BINOPS.len())];
                let op2 = BINOPS[self.rng.below(BINOPS.len())];
                hex(binop(op2, &binop(op1, &a, &b), &c))
            }
        }
    }
}

const KINDS: usize = 47;
const PER_KIND: usize = 220;

#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs z8lua (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn generated_expressions_agree_with_z8lua() {
    let Some(python) = tafl8_testkit::z8lua_python() else {
        return;
    };
    let mut gen = Gen::new();
    let cases: Vec<Expr> = (0..KINDS * PER_KIND).map(|i| gen.case(i % KINDS)).collect();
    assert!(cases.len() >= 10_000);

    // z8lua: PICO-8 source, results joined by newlines (chunks keep each function's constants small).
    let mut p8 = String::from("local out={}\n");
    for chunk in cases.chunks(400) {
        p8.push_str("do local function f()\n");
        for e in chunk {
            p8.push_str(&format!("out[#out+1]={}\n", e.p8));
        }
        p8.push_str("end f() end\n");
    }
    p8.push_str("return table.concat(out,\"\\n\")\n");
    let expected = run_z8lua(&python, &p8);

    // Runner: the same PICO-8 source through the cart path: parse, lower, run in the sandboxed VM.
    let body = p8
        .replace("local out={}", "out={}")
        .replace("return table.concat(out,\"\\n\")\n", "");
    let chunk = tafl8_p8::parse(&body).expect("generated source parses");
    let lowered = tafl8_p8::lower::lower(&chunk, &tafl8_p8::lower::LowerOptions::default());
    let vm = Vm::new(Limits::default()).unwrap();
    vm.exec_lowered(&lowered, "conformance").unwrap();
    let out: mlua::Table = vm.env().get("out").unwrap();
    let actual: Vec<String> = out
        .sequence_values::<mlua::LuaString>()
        .map(|s| s.unwrap().to_string_lossy())
        .collect();

    let expected: Vec<&str> = expected.split('\n').collect();
    assert_eq!(
        expected.len(),
        cases.len(),
        "oracle returned a result per case"
    );
    assert_eq!(
        actual.len(),
        cases.len(),
        "runner returned a result per case"
    );
    let mismatches: Vec<String> = cases
        .iter()
        .zip(expected.iter().zip(&actual))
        .filter(|(_, (e, a))| e != a)
        .map(|(c, (e, a))| format!("{}  z8lua={e}  runner={a}", c.p8))
        .collect();
    assert!(
        mismatches.is_empty(),
        "{} of {} cases disagree with z8lua; first ones:\n{}",
        mismatches.len(),
        cases.len(),
        mismatches[..mismatches.len().min(40)].join("\n")
    );
    eprintln!("{} expressions agree with z8lua; e.g.", cases.len());
    for (c, e) in cases.iter().zip(&expected).step_by(997) {
        eprintln!("  {} = {e}", c.p8);
    }
}
