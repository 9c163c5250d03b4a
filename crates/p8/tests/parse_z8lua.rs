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
    let script = r#"
import json, sys, lupaz8
L = lupaz8.LuaRuntime()
check = L.eval("function(s) local f, e = load(s) return f ~= nil end")
print(json.dumps([bool(check(s)) for s in json.load(sys.stdin)]))
"#;
    let mut child = Command::new(&python)
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("running the venv's python");
    {
        use std::io::Write;
        let json = serde_json_like(&all);
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
    assert_eq!(verdicts.len(), all.len(), "z8lua output: {text}");
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
