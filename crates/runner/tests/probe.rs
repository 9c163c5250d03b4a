//! The probe: a cart of edge cases of PICO-8's numbers, RNG, string functions, shifts, format flags
//! and Lua memory (`probe/probe.p8`, one `printh` "name=value" line each), first run beside zepto8
//! and fake-08 (see `docs/runner.md`). `probe/expected.txt` holds each line's value as established
//! for PICO-8 and where it comes from; the runner must print exactly those. Lines whose value is
//! not established (the evidence is split or missing) are listed there with `?` and only have to
//! be printed. The lines marked `z8lua` are also run in z8lua (needs `TAFL8_VENV`), so the file
//! cannot drift from that source.

mod support;

use std::collections::BTreeMap;

use support::run_z8lua;
use tafl8_runner::session::{RunOptions, Session};
use tafl8_runner::vm::Limits;

const PROBE: &str = include_str!("probe/probe.p8");
const EXPECTED: &str = include_str!("probe/expected.txt");

/// One expected line: its value and the source of that value.
struct Expected {
    value: String,
    source: String,
}

fn expected() -> Vec<(String, Expected)> {
    EXPECTED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (line, source) = l
                .split_once('\t')
                .unwrap_or_else(|| panic!("expected.txt: no source on `{l}`"));
            let (name, value) = line
                .split_once('=')
                .unwrap_or_else(|| panic!("expected.txt: no `=` on `{l}`"));
            (
                name.to_string(),
                Expected {
                    value: value.to_string(),
                    source: source.to_string(),
                },
            )
        })
        .collect()
}

/// name -> value of `name=value` lines, and every line in order.
fn parse(lines: &[String]) -> (BTreeMap<String, String>, Vec<String>) {
    let map = lines
        .iter()
        .filter_map(|l| l.split_once('='))
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    (map, lines.to_vec())
}

fn runner_lines() -> Vec<String> {
    let cart = tafl8_p8::Cart::parse(PROBE).expect("the probe parses");
    let session = Session::from_cart(&cart, "probe.p8", Limits::default()).expect("it loads");
    session
        .run(&RunOptions::default())
        .expect("the probe runs to the end")
        .printh
}

#[test]
fn the_runner_prints_every_established_value() {
    let (got, lines) = parse(&runner_lines());
    assert_eq!(lines.last().map(String::as_str), Some("done"));
    let expected = expected();
    assert_eq!(
        got.len(),
        expected.len(),
        "the probe and expected.txt list the same lines"
    );
    let mut wrong = Vec::new();
    for (name, e) in &expected {
        let Some(value) = got.get(name) else {
            wrong.push(format!("{name}: not printed"));
            continue;
        };
        if e.source != "?" && *value != e.value {
            wrong.push(format!(
                "{name}: runner {value}, expected {} ({})",
                e.value, e.source
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} lines differ:\n{}",
        wrong.len(),
        expected.len(),
        wrong.join("\n")
    );
}

/// The probe's code in z8lua, with stand-ins for what z8lua lacks: `printh` collects lines, and
/// `stat`, `srand`, `rnd` are dummies (the lines that use them come from other sources).
fn z8lua_program() -> String {
    let code = PROBE
        .split_once("__lua__\n")
        .map(|(_, c)| c)
        .expect("the probe has code");
    format!(
        "__out={{}}\n\
         function printh(s) add(__out,tostr(s)) end\n\
         function stat() return 0 end\n\
         function srand() end\n\
         function rnd() return 0 end\n\
         {code}\n\
         _init()\n\
         local o='' for i=1,#__out do o=o..__out[i]..'\\n' end return o\n"
    )
}

#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs z8lua (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn z8lua_prints_the_values_marked_z8lua() {
    let Some(python) = tafl8_testkit::z8lua_python() else {
        return;
    };
    let out = run_z8lua(&python, &z8lua_program());
    let lines: Vec<String> = out.lines().map(str::to_string).collect();
    let (got, _) = parse(&lines);
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (name, e) in expected().iter().filter(|(_, e)| e.source == "z8lua") {
        checked += 1;
        match got.get(name) {
            Some(v) if *v == e.value => {}
            other => wrong.push(format!("{name}: z8lua {other:?}, expected.txt {}", e.value)),
        }
    }
    assert!(checked > 400, "only {checked} lines marked z8lua");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
