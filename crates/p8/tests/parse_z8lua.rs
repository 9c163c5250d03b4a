//! The parser accepts and rejects the dialect's corners as z8lua (the Lua PICO-8 is built on,
//! PyPI `lupaz8`) does: each snippet below is compiled by z8lua's `load` and by `parse`, and the
//! verdicts must agree. One deliberate difference is listed in `STRICTER`.
//!
//! Needs `TAFL8_VENV` (see `.ci/oracles.sh`); skipped without it unless `CI` is set.

use std::process::Command;

use tafl8_p8::parse;

const SNIPPETS: &[&str] = &[
    // short forms
    "if (a) b()",
    "if (a) b() else c()",
    "if (a) b() c = 1 else d() e = 2",
    "if (a) if (b) c() else d()",
    "while (a) if (b) c() else d()",
    "if (a) for i=1,2 do b() end c()",
    "if (a) return 1 else return 2",
    "if (a)\nb()",
    "while (a)\nb()",
    "if (a) -- note\n b()",
    "if (a);",
    "if(a)then b()end",
    "while(a)do b()end",
    "if a do b() end",
    "if (a) then b() end",
    "if (a) and (b) c()",
    "if (a) and b c()",
    "if (a) == (b) c()",
    "if (a) == b c()",
    "if ((a)) b()",
    "if (f(x)) b()",
    "if (a)(b) c()",
    "if (a) (b)()",
    "if not (a) b()",
    "if a and (b) c()",
    "if (a and\nb) c()",
    "if (a) f(1,\n2)",
    "if (a) for i=1,2 do\n x() end",
    "if (a) x=1 else\ny=2",
    "if (a) b() else c()\nd()",
    "if (a) x=[[\n]] y=1",
    "if (a) f(function()\nend)",
    "if (a) b() end",
    "function f() if (a) b() end",
    "if (a) return\nx=1",
    "if (a) ?x\ny=1",
    "while (a) and b c()",
    "while (a) and (b) c()",
    "while (f(x)) b()",
    "while (a) b() c()\nd()",
    // print shorthand
    "?x",
    "?x, 1, 2",
    "?x ?y",
    "if a then ?x end",
    "if a then ?x\nend",
    "if (a) ?x",
    "x=1 ?x",
    // operators and precedence
    "x=-2^-2",
    "x=not not a",
    "x=a<b==c",
    "x=a!=b",
    "x=a\\b",
    "x=a^^b",
    "x=a~b",
    "x=~a",
    "x=a>>>b<<>c>><d",
    "x=@a+%b+$c",
    "x=1 .. 2",
    "x=#\"abc\"",
    // compound assignments
    "a+=1",
    "a.b-=1",
    "a[b]..=c",
    "a\\=2",
    "a^^=1",
    "a>>>=1",
    "a<<>=1",
    "x = y+=1",
    // statements and calls
    "a.b.c:d\"e\"{f}",
    "local function f(...) return ... end",
    "function f(a,...) local t={...} end",
    "function f(a) return ... end",
    "goto x ::x::",
    "for i=1,2 do break break end",
    "return",
    "return;",
    "do return end x=1",
    "return 1 x=2",
    "x=1;;;y=2",
    "x=y\n(z)()",
    "a,b.c,d[1]=1,2,3",
    "f{a=1;b=2,}",
    "x={[1]=2,3;4}",
    "repeat local x until x",
    "(f)()",
    "f() = 1",
    "x",
    // numbers
    "x=0x1p4",
    "x=1e5",
    "x=0b102",
    "x=1..2",
    "x=.5",
    "x=5.",
    "x=0x.8",
    // Lua 5.4 syntax PICO-8 does not have
    "local a <const> = 1",
    "x=a//b",
];

/// Accepted by z8lua, rejected here on purpose: assigning to a call result has no meaning.
const STRICTER: &[&str] = &["f() += 1"];

#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs z8lua (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn parser_accepts_what_z8lua_accepts() {
    let Some(python) = tafl8_testkit::z8lua_python() else {
        return;
    };
    let all: Vec<&str> = SNIPPETS.iter().chain(STRICTER).copied().collect();
    let verdicts = z8lua_compiles(&python, &all);
    let mut failures = Vec::new();
    let (mut accepted, mut rejected) = (0, 0);
    for (s, &z8) in all.iter().zip(&verdicts) {
        let ours = parse(s);
        let expected = z8 && !STRICTER.contains(s);
        if ours.is_ok() != expected {
            failures.push(format!(
                "{s:?}: z8lua {}, parse {}",
                if z8 { "accepts" } else { "rejects" },
                match &ours {
                    Ok(_) => "accepts".to_owned(),
                    Err(e) => format!("rejects ({e})"),
                }
            ));
        }
        if z8 {
            accepted += 1;
        } else {
            rejected += 1;
        }
    }
    println!("{accepted} snippets z8lua accepts, {rejected} it rejects");
    assert!(
        accepted > 20 && rejected > 10,
        "both verdicts must be exercised"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Whether z8lua's `load` compiles each source.
fn z8lua_compiles(python: &std::path::Path, sources: &[&str]) -> Vec<bool> {
    let script = r#"
import json, sys, lupaz8
L = lupaz8.LuaRuntime()
check = L.eval("function(s) local f, e = load(s) return f ~= nil end")
print(json.dumps([bool(check(s)) for s in json.load(sys.stdin)]))
"#;
    let mut child = Command::new(python)
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("running the venv's python");
    {
        use std::io::Write;
        let json = serde_json_like(sources);
        child
            .stdin
            .take()
            .unwrap()
            .write_all(json.as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let verdicts: Vec<bool> = text
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split(", ")
        .map(|v| v == "true")
        .collect();
    assert_eq!(verdicts.len(), sources.len(), "z8lua output: {text}");
    verdicts
}

/// Nesting at z8lua's limit ("too many C levels (limit is 200)"), for every construct that
/// nests: z8lua compiles 196 or 197 levels of each and refuses one more; so does the parser, on
/// a thread with a quarter of a test thread's stack (it refused 101 nested blocks before it
/// counted levels as Lua does).
#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs z8lua (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn nesting_limit_is_z8luas_for_every_construct() {
    let Some(python) = tafl8_testkit::z8lua_python() else {
        return;
    };
    let forms: &[(&str, &str, &str)] = &[
        ("do ", "x=1 ", "end "),
        ("if a then ", "x=1 ", "end "),
        ("while a do ", "x=1 ", "end "),
        ("repeat ", "x=1 ", "until a "),
        ("local function f() ", "x=1 ", "end "),
        ("f(function() ", "x=1 ", "end) "),
        ("do ", "return ", "end "),
        ("do ", "x=a+b*c ", "end "),
        ("x=(", "1", ")"),
        ("x={", "1", "}"),
        ("x=f(", "1", ")"),
        ("x=-", "1", ""),
        ("x=a..", "b", ""),
        ("x=a^", "b", ""),
        ("if (a) ", "x=1", ""),
    ];
    let mut sources = Vec::new();
    for (open, inner, close) in forms {
        for n in 194..=199 {
            sources.push(format!("{}{inner}{}", open.repeat(n), close.repeat(n)));
        }
    }
    let refs: Vec<&str> = sources.iter().map(String::as_str).collect();
    let verdicts = z8lua_compiles(&python, &refs);
    let ours: Vec<bool> = std::thread::Builder::new()
        .stack_size(512 * 1024)
        .spawn(move || sources.iter().map(|s| parse(s).is_ok()).collect())
        .unwrap()
        .join()
        .unwrap();
    let mut failures = Vec::new();
    for (i, (&z8, &p8)) in verdicts.iter().zip(&ours).enumerate() {
        let (open, _, _) = forms[i / 6];
        let n = 194 + i % 6;
        if z8 != p8 {
            failures.push(format!("{n} x {open:?}: z8lua {z8}, parse {p8}"));
        }
    }
    // The limits are where z8lua's are, not below: the forms nest 196 or 197 deep there.
    // (Nested numeric `for`s run out of locals first, 4 each of a function's 200: a limit this
    // parser does not check; the runner's Lua reports it as z8lua does.)
    assert!(verdicts.iter().filter(|&&v| v).count() > 30);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A JSON array of strings (no serde_json dependency in this crate's tests).
fn serde_json_like(items: &[&str]) -> String {
    let mut s = String::from("[");
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push('"');
        for c in item.chars() {
            match c {
                '"' => s.push_str("\\\""),
                '\\' => s.push_str("\\\\"),
                '\n' => s.push_str("\\n"),
                c => s.push(c),
            }
        }
        s.push('"');
    }
    s.push(']');
    s
}
