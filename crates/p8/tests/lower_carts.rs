//! The CPU cost model on the carts the project builds (`carts/*.p8`): each cart's `_init()` runs,
//! then its AI (`search(2, 32767)`, when the cart has one) runs twice in z8lua: as the original
//! source under a count hook, and lowered with cost annotations. The estimate must be within 10%
//! of the hooked count (it is within 1% today; the figures are printed).
//!
//! z8lua's own numbers are 16.16, so the driver counts with a carry instead of one number, and
//! replaces the lowered chunk's `__p8_cost=__p8_cost+k` by a call that carries too.
//!
//! Needs `TAFL8_VENV` (see `.ci/oracles.sh`); skipped without it unless `CI` is set.

mod support;

use std::process::Command;

use tafl8_p8::cart::read_source;
use tafl8_p8::token::p8scii::to_p8scii;
use tafl8_p8::{lower, parse, LowerOptions};

const DRIVER: &str = r##"
import re, sys, lupaz8
L = lupaz8.LuaRuntime(encoding=None)
L.execute(rb'''
function __go(src, lowered)
  local env = setmetatable({}, {__index = _G})
  local cn, ck = 0, 0
  env.__cc = function(x) cn = cn + x while cn >= 10000 do ck = ck + 1 cn = cn - 10000 end end
  -- Stand-ins for the API z8lua's library lacks (drawing, input, system).
  for _, name in ipairs({"cls", "spr", "sspr", "rect", "rectfill", "circ", "circfill",
      "line", "pset", "pal", "palt", "camera", "clip", "color", "cursor", "fillp", "map",
      "sfx", "music", "printh", "flip", "menuitem", "cartdata", "dset", "poke", "poke2",
      "poke4", "memset", "memcpy", "reload", "cstore", "extcmd"}) do
    if _G[name] == nil then env[name] = function() end end
  end
  for _, name in ipairs({"stat", "btn", "btnp", "dget", "pget", "mget", "fget", "sget"}) do
    if _G[name] == nil then env[name] = function() return 0 end end
  end
  env.print = function() end
  local f = assert(load(src, "=cart", "t", env))
  local helpers = __HELPERS__
  if lowered then f(helpers) else f() end
  if env._init then env._init() end
  local work = env.search and function() return env.search(2, 32767) end
  if not work then return -1, 0 end
  local n, k = 0, 0
  cn, ck = 0, 0
  if not lowered then
    debug.sethook(function() n = n + 1 if n == 10000 then k = k + 1 n = 0 end end, "", 1)
  end
  work()
  debug.sethook()
  if lowered then return cn, ck end
  return n, k
end
''')
go = L.eval("__go")
for path in sys.argv[1:]:
    src = open(path + ".src.lua", "rb").read()
    low = open(path + ".low.lua", "rb").read()
    low = re.sub(rb"__p8_cost=__p8_cost\+(\d+|k)", rb"__cc(\1)", low)
    a = go(src, False)
    b = go(low, True)
    print(path.split("/")[-1], int(a[1]) * 10000 + int(a[0]), int(b[1]) * 10000 + int(b[0]))
"##;

#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs z8lua (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn cost_estimate_matches_z8lua_on_the_built_carts() {
    let Some(python) = tafl8_testkit::z8lua_python() else {
        return;
    };
    let carts = tafl8_testkit::carts();
    let tmp = std::env::temp_dir().join(format!("tafl8-lower-carts-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut stems = Vec::new();
    for cart in &carts {
        let code = read_source(cart).unwrap().code;
        let chunk = parse(&code).unwrap_or_else(|e| panic!("{}: {e}", cart.display()));
        let stem = tmp.join(cart.file_stem().unwrap());
        std::fs::write(stem.with_extension("src.lua"), to_p8scii(&code)).unwrap();
        std::fs::write(
            stem.with_extension("low.lua"),
            lower(
                &chunk,
                &LowerOptions {
                    cost: true,
                    ..LowerOptions::default()
                },
            ),
        )
        .unwrap();
        stems.push(stem);
    }
    let script = tmp.join("driver.py");
    std::fs::write(&script, support::with_z8lua_helpers(DRIVER)).unwrap();
    let out = Command::new(&python)
        .arg(&script)
        .args(&stems)
        .output()
        .expect("running the venv's python");
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(
        out.status.success(),
        "driver failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let mut failures = Vec::new();
    let mut measured = 0;
    for line in stdout.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        let [name, hooked, est] = f[..] else {
            panic!("bad driver line {line:?}")
        };
        let (hooked, est): (f64, f64) = (hooked.parse().unwrap(), est.parse().unwrap());
        if hooked < 0.0 {
            println!("{name}: no search() to measure");
            continue;
        }
        measured += 1;
        let err = (est - hooked) / hooked;
        println!(
            "{name}: search(2): z8lua {hooked} instructions, estimate {est} ({:+.2}%)",
            err * 100.0
        );
        if err.abs() > 0.10 {
            failures.push(format!("{name}: estimate {est} vs z8lua {hooked}"));
        }
    }
    assert_eq!(stdout.lines().count(), carts.len());
    if !carts.is_empty() {
        assert!(measured > 0, "no cart has a search() to measure");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
