//! The lowering against the fidelity oracle, z8lua (PyPI `lupaz8`): every golden case whose
//! source starts with `-- run` is executed twice in z8lua, once as the original PICO-8 source
//! and once as the lowered Lua 5.2 with the helpers implemented by z8lua's own operators. The
//! printed output must be identical (so each lowering rule keeps PICO-8's meaning), and the
//! cost annotation's instruction estimate must be within 10% of the instructions z8lua's count
//! hook sees when running the original (the CPU model's calibration). The minified source, with
//! locals renamed, must print the same as the original too.
//!
//! Needs `TAFL8_VENV` (see `.ci/oracles.sh`); skipped without it unless `CI` is set.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use tafl8_p8::lower::{lower, LowerOptions};
use tafl8_p8::{minify, parse, MinifyOptions};

/// Runs original and lowered sources in z8lua; prints one line per case:
/// `name<TAB>hooked-count<TAB>estimated-count<TAB>original output<TAB>lowered output<TAB>
/// minified output`.
const DRIVER: &str = r##"
import sys, lupaz8
L = lupaz8.LuaRuntime()
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
  local helpers = {
    add = function(a, b) return a + b end, sub = function(a, b) return a - b end,
    mul = function(a, b) return a * b end, div = function(a, b) return a / b end,
    idiv = function(a, b) return a \ b end, mod = function(a, b) return a % b end,
    pow = function(a, b) return a ^ b end, unm = function(a) return -a end,
    band = function(a, b) return a & b end, bor = function(a, b) return a | b end,
    bxor = function(a, b) return a ^^ b end, bnot = function(a) return ~a end,
    shl = function(a, b) return a << b end, shr = function(a, b) return a >> b end,
    lshr = function(a, b) return a >>> b end, rotl = function(a, b) return a <<> b end,
    rotr = function(a, b) return a >>< b end, concat = function(a, b) return a .. b end,
    peek = function(a) return @a end, peek2 = function(a) return %a end,
    peek4 = function(a) return $a end,
  }
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
  local est = lowered and env.__p8_cycles and env.__p8_cycles() or 0
  return table.concat(out, "|"), n, est
end
''')
run = L.eval("__run")
for path in sys.argv[1:]:
    name = path.split("/")[-1]
    src = open(path + "/source.lua", encoding="utf-8").read()
    low = open(path + "/lowered_cost.lua", encoding="utf-8").read()
    o, n, _ = run(src, name, False)
    lo, _, est = run(low, name, True)
    mini = open(path + "/minified.lua", encoding="utf-8").read()
    mo, _, _ = run(mini, name, False)
    print("\t".join([name, str(int(n)), str(int(est)), o, lo, mo]))
"##;

fn venv() -> Option<PathBuf> {
    match std::env::var_os("TAFL8_VENV") {
        Some(v) => Some(PathBuf::from(v)),
        None if std::env::var_os("CI").is_some() => {
            panic!("CI is set but TAFL8_VENV is not: run `bash .ci/oracles.sh` and export it")
        }
        None => {
            eprintln!("skipped: set TAFL8_VENV=<abs path of .venv> (bash .ci/oracles.sh)");
            None
        }
    }
}

#[test]
fn lowered_code_matches_z8lua_and_cost_is_calibrated() {
    let Some(venv) = venv() else { return };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut cases: Vec<PathBuf> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| fs::read_to_string(p.join("source.lua")).is_ok_and(|s| s.starts_with("-- run")))
        .collect();
    cases.sort();
    assert!(cases.len() >= 5, "expected runnable golden cases");
    // Lower fresh (not the committed snapshot) so this test checks the current lowering.
    let tmp = std::env::temp_dir().join(format!("tafl8-lower-{}", std::process::id()));
    let mut dirs = Vec::new();
    for case in &cases {
        let src = fs::read_to_string(case.join("source.lua")).unwrap();
        let chunk = parse(&src).unwrap();
        let dir = tmp.join(case.file_name().unwrap());
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("source.lua"), &src).unwrap();
        let renamed = MinifyOptions {
            rename_locals: true,
        };
        fs::write(dir.join("minified.lua"), minify(&chunk, &renamed)).unwrap();
        fs::write(
            dir.join("lowered_cost.lua"),
            lower(&chunk, &LowerOptions { cost: true }),
        )
        .unwrap();
        dirs.push(dir);
    }
    let script = tmp.join("driver.py");
    fs::write(&script, DRIVER).unwrap();
    let out = Command::new(venv.join("bin/python"))
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
    let mut failures = Vec::new();
    let mut total = (0f64, 0f64);
    for line in stdout.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let [name, hooked, est, orig, lowered, minified] = f[..] else {
            panic!("bad driver line {line:?}")
        };
        let (hooked, est): (f64, f64) = (hooked.parse().unwrap(), est.parse().unwrap());
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
    assert_eq!(stdout.lines().count(), cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
