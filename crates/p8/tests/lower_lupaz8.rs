//! The lowering against the fidelity oracle, z8lua (PyPI `lupaz8`): every golden case whose
//! source starts with `-- run` is executed twice in z8lua, once as the original PICO-8 source
//! and once as the lowered Lua 5.2 with the helpers implemented by z8lua's own operators. The
//! printed output must be identical (so each lowering rule keeps PICO-8's meaning), and the
//! cost annotation's instruction estimate must be within 10% of the instructions z8lua's count
//! hook sees when running the original (the CPU model's calibration). The minified source, with
//! locals renamed, must print the same as the original too.
//!
//! Needs `TAFL8_VENV` (see `.ci/oracles.sh`); skipped without it unless `CI` is set.

mod support;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use tafl8_p8::lower::{lower, LowerOptions};
use tafl8_p8::token::p8scii::to_p8scii;
use tafl8_p8::{minify, parse, MinifyOptions};

/// Runs original and lowered sources in z8lua; prints one line per case:
/// `name<TAB>hooked-count<TAB>estimated-count<TAB>original output<TAB>lowered output<TAB>
/// minified output`.
const DRIVER: &str = r##"
import sys, lupaz8
L = lupaz8.LuaRuntime(encoding=None)
L.execute(r'''
function __run(src, name, lowered)
  local out = {}
  local counting, n = false, 0
  local env = setmetatable({}, {__index = _G})
  local function show(...)
    local was = counting
    counting = false
    local parts = {}
    for i = 1, select("#", ...) do
      local v = select(i, ...)
      parts[#parts + 1] = type(v) == "number" and tostr(v, 1) or tostr(v)
    end
    out[#out + 1] = table.concat(parts, " ")
    counting = was
  end
  env.print = show
  local f, err = load(src, "=" .. name, "t", env)
  if not f then return "load error: " .. err, 0, 0 end
  local helpers = __HELPERS__
  __p8_reader = nil
  local ok, e
  if lowered then
    ok, e = pcall(f, helpers)
  else
    -- `print` is a C function on PICO-8: count the call, not the body of its stand-in.
    debug.sethook(function()
      if counting and debug.getinfo(2, "f").func ~= show then n = n + 1 end
    end, "", 1)
    counting = true
    ok, e = pcall(f)
    counting = false
    debug.sethook()
  end
  if not ok then out[#out + 1] = "error: " .. tostring(e) end
  local est = lowered and __p8_reader and __p8_reader() or 0
  return table.concat(out, "|"), n, est
end
''')
run = L.eval("__run")
for path in sys.argv[1:]:
    name = path.split("/")[-1]
    # Sources are P8SCII bytes, as PICO-8 compiles them; outputs are shown as Latin-1.
    src = open(path + "/source.lua", "rb").read()
    low = open(path + "/lowered_cost.lua", "rb").read()
    mini = open(path + "/minified.lua", "rb").read()
    o, n, _ = run(src, name.encode(), False)
    lo, _, est = run(low, name.encode(), True)
    mo, _, _ = run(mini, name.encode(), False)
    out = [name, str(int(n)), str(int(est))] + [x.decode("latin-1") for x in (o, lo, mo)]
    print("\t".join(x.replace("\t", " ").replace("\n", " ") for x in out))
"##;

/// One program run three ways in z8lua.
struct Row {
    name: String,
    hooked: f64,
    estimate: f64,
    original: String,
    lowered: String,
    minified: String,
}

/// Writes each source with its lowering and renamed minification to a temporary folder and runs
/// the driver on them.
fn run_in_z8lua(python: &Path, sources: &[(String, String)]) -> Vec<Row> {
    let tmp = std::env::temp_dir().join(format!(
        "tafl8-lower-{}-{}",
        std::process::id(),
        sources.len()
    ));
    let mut dirs = Vec::new();
    for (name, src) in sources {
        let chunk = parse(src).unwrap_or_else(|e| panic!("{name}: {e}"));
        let dir = tmp.join(name);
        fs::create_dir_all(&dir).unwrap();
        // z8lua compiles P8SCII bytes, as PICO-8 does after loading a `.p8` file.
        fs::write(dir.join("source.lua"), to_p8scii(src)).unwrap();
        let renamed = MinifyOptions {
            rename_locals: true,
        };
        fs::write(
            dir.join("minified.lua"),
            to_p8scii(&minify(&chunk, &renamed)),
        )
        .unwrap();
        fs::write(
            dir.join("lowered_cost.lua"),
            lower(
                &chunk,
                &LowerOptions {
                    cost: true,
                    ..LowerOptions::default()
                },
            ),
        )
        .unwrap();
        dirs.push(dir);
    }
    let script = tmp.join("driver.py");
    fs::write(&script, support::with_z8lua_helpers(DRIVER)).unwrap();
    let out = Command::new(python)
        .arg(&script)
        .args(&dirs)
        .output()
        .expect("running the venv's python");
    let _ = fs::remove_dir_all(&tmp);
    assert!(
        out.status.success(),
        "driver failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<Row> = stdout
        .lines()
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let [name, hooked, est, orig, lowered, minified] = f[..] else {
                panic!("bad driver line {line:?}")
            };
            Row {
                name: name.to_owned(),
                hooked: hooked.parse().unwrap(),
                estimate: est.parse().unwrap(),
                original: orig.to_owned(),
                lowered: lowered.to_owned(),
                minified: minified.to_owned(),
            }
        })
        .collect();
    assert_eq!(rows.len(), sources.len(), "driver output:\n{stdout}");
    rows
}

#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs z8lua (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn lowered_code_matches_z8lua_and_cost_is_calibrated() {
    let Some(python) = tafl8_testkit::z8lua_python() else {
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut cases: Vec<PathBuf> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| fs::read_to_string(p.join("source.lua")).is_ok_and(|s| s.starts_with("-- run")))
        .collect();
    cases.sort();
    assert!(cases.len() >= 5, "expected runnable golden cases");
    // Lower fresh (not the committed snapshot) so this test checks the current lowering.
    let sources: Vec<(String, String)> = cases
        .iter()
        .map(|c| {
            let name = c.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read_to_string(c.join("source.lua")).unwrap())
        })
        .collect();
    let rows = run_in_z8lua(&python, &sources);
    let mut failures = Vec::new();
    let mut total = (0f64, 0f64);
    for Row {
        name,
        hooked,
        estimate: est,
        original: orig,
        lowered,
        minified,
    } in &rows
    {
        let (hooked, est) = (*hooked, *est);
        total.0 += hooked;
        total.1 += est;
        let err = (est - hooked) / hooked;
        println!(
            "{name}: z8lua {hooked} instructions, estimate {est} ({:+.1}%)",
            err * 100.0
        );
        if orig != lowered {
            failures.push(format!(
                "{name}: output differs\n  z8lua:   {orig}\n  lowered: {lowered}"
            ));
        }
        if orig != minified {
            failures.push(format!(
                "{name}: minified (renamed) output differs\n  z8lua:    {orig}\n  minified: {minified}"
            ));
        }
        if orig.contains("error") {
            failures.push(format!("{name}: the original errors: {orig}"));
        }
        if err.abs() > 0.10 {
            failures.push(format!(
                "{name}: cost estimate {est} is {:+.1}% off z8lua's {hooked}",
                err * 100.0
            ));
        }
    }
    println!(
        "total: z8lua {} estimate {} ({:+.1}%)",
        total.0,
        total.1,
        (total.1 - total.0) / total.0 * 100.0
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `name:LINE:` of the first error in a run's output, if any (`load error`s have no line).
fn error_line(out: &str) -> Option<&str> {
    let e = out.split("error: ").nth(1)?;
    Some(e.split(": ").next().unwrap_or(e))
}

/// Every corpus file runs in z8lua as itself, lowered and minified: output up to the first error
/// must agree, and an error must happen in all three or none. For errors raised by the cart's own
/// code (not inside a helper) the lowered run must report the same `name:line` as the original:
/// the lowering keeps each statement on its source line.
#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs z8lua (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn corpus_runs_the_same_lowered_and_minified() {
    let Some(python) = tafl8_testkit::z8lua_python() else {
        return;
    };
    let mut sources = Vec::new();
    for f in tafl8_testkit::p8_corpus() {
        let code = tafl8_p8::cart::read_source(&f).unwrap().code;
        let name = f.file_stem().unwrap().to_string_lossy().into_owned();
        sources.push((name, code));
    }
    let rows = run_in_z8lua(&python, &sources);
    let mut failures = Vec::new();
    let mut with_error_lines = 0;
    for r in &rows {
        let prefix = |s: &str| s.split("error: ").next().unwrap_or("").to_owned();
        for (what, out) in [("lowered", &r.lowered), ("minified", &r.minified)] {
            if prefix(out) != prefix(&r.original)
                || out.contains("error: ") != r.original.contains("error: ")
            {
                failures.push(format!(
                    "{}: {what} run differs\n  original: {}\n  {what}:  {out}",
                    r.name, r.original
                ));
            }
        }
        if let (Some(a), Some(b)) = (error_line(&r.original), error_line(&r.lowered)) {
            if b.starts_with(&r.name) {
                with_error_lines += 1;
                if a != b {
                    failures.push(format!("{}: error at {a}, lowered at {b}", r.name));
                }
            }
        }
    }
    let clean = rows
        .iter()
        .filter(|r| !r.original.contains("error: "))
        .count();
    for r in rows.iter().filter(|r| r.original.contains("error: ")) {
        println!("{}: {}", r.name, r.original);
    }
    println!(
        "{} corpus files run, {clean} without error; {with_error_lines} error locations compared",
        rows.len()
    );
    // Most of the corpus must really run, or the comparison proves little.
    assert!(
        clean * 2 > rows.len(),
        "only {clean} corpus files ran cleanly"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Random expressions over every arithmetic, bitwise, shift and rotate operator (and unary `-`,
/// `~`; every fourth line a comparison in an `and`/`or`/`not` chain), written with random spacing and parentheses by a generator that knows nothing of this
/// crate's printer: z8lua parses the original text itself, so any precedence or associativity
/// mistake in the parser, the lowering or the minifier shows up as a different result.
#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs z8lua (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn random_expressions_evaluate_the_same_lowered_and_minified() {
    let Some(python) = tafl8_testkit::z8lua_python() else {
        return;
    };
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    const OPS: &[&str] = &[
        "+", "-", "*", "/", "\\", "%", "^", "&", "|", "^^", "~", "<<", ">>", ">>>", "<<>", ">><",
    ];
    const LEAVES: &[&str] = &["a", "b", "c", "1", "2", "0.5", "0x1.8", "3", "0b11", "7"];
    fn gen(next: &mut dyn FnMut(u64) -> u64, depth: u32) -> String {
        if depth == 0 || next(4) == 0 {
            return LEAVES[next(LEAVES.len() as u64) as usize].to_owned();
        }
        match next(6) {
            0 => {
                // A space keeps `- -x` from reading as a comment.
                let x = gen(next, depth - 1);
                let sp = if x.starts_with('-') { " " } else { "" };
                format!("-{sp}{x}")
            }
            1 => format!("~{}", gen(next, depth - 1)),
            2 => format!("({})", gen(next, depth - 1)),
            _ => {
                let op = OPS[next(OPS.len() as u64) as usize];
                let sp = if next(2) == 0 { " " } else { "" };
                format!(
                    "{}{sp} {op} {sp}{}",
                    gen(next, depth - 1),
                    gen(next, depth - 1)
                )
            }
        }
    }
    let mut program = String::from("local a,b,c=1.25,-3,0x0.8\n");
    const CMP: &[&str] = &["<", "<=", ">", ">=", "==", "!=", "~="];
    for i in 0..400 {
        let e = gen(&mut next, 4);
        if i % 4 == 3 {
            // Comparisons and the and/or/not jump chains (lowered with `__p8_cb` counting).
            let cmp = CMP[next(CMP.len() as u64) as usize];
            let (f, g, h) = (gen(&mut next, 2), gen(&mut next, 2), gen(&mut next, 2));
            let neg = if next(2) == 0 { "not " } else { "" };
            program.push_str(&format!(
                "print(tostr({neg}({e} {cmp} {f}) and {g} or {h},1))\n"
            ));
        } else {
            program.push_str(&format!("print(tostr({e},1))\n"));
        }
    }
    let rows = run_in_z8lua(&python, &[("random_exprs".to_owned(), program)]);
    let r = &rows[0];
    assert!(!r.original.contains("error"), "{}", r.original);
    assert_eq!(r.original.matches('|').count(), 399, "every line printed");
    assert_eq!(r.lowered, r.original, "lowered differs");
    assert_eq!(r.minified, r.original, "minified differs");
}
