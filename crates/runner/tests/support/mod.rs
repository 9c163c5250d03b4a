//! Shared test support: running PICO-8 source in the z8lua oracle (lupaz8 in the venv that
//! `tafl8_testkit::z8lua_python` finds) and in the runner.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

/// Runs PICO-8 Lua `source` in z8lua; returns what it returns as a string (`return table.concat(...)`).
pub fn run_z8lua(python: &PathBuf, source: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tafl8-runner-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!(
        "case-{}.lua",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::write(&file, source).unwrap();
    let script = "import sys, lupaz8\n\
        src = open(sys.argv[1], encoding='latin-1').read()\n\
        L = lupaz8.LuaRuntime()\n\
        r = L.execute(src)\n\
        sys.stdout.write(r if isinstance(r, str) else repr(r))\n";
    let out = Command::new(python)
        .arg("-c")
        .arg(script)
        .arg(&file)
        .output()
        .expect("run the z8lua oracle");
    let _ = std::fs::remove_file(&file);
    assert!(
        out.status.success(),
        "z8lua failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("oracle output is UTF-8")
}

/// A small deterministic generator (splitmix64) so the generated suites are the same every run.
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

use tafl8_runner::input::InputScript;
use tafl8_runner::session::{RunError, RunOptions, RunReport, Session};
use tafl8_runner::vm::Limits;

/// A `.p8` file holding `lua` as its code (the code starts on file line 4).
pub fn cart_text(lua: &str) -> String {
    format!("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n{lua}\n")
}

/// Runs `lua` as a cart for `frames` frames with the given input script and limits.
pub fn run_with(
    lua: &str,
    frames: u32,
    input: &str,
    limits: Limits,
) -> Result<(Session, RunReport), RunError> {
    let cart = tafl8_p8::Cart::parse(&cart_text(lua))?;
    let session = Session::from_cart(&cart, "test.p8", limits)?;
    let opts = RunOptions {
        frames,
        input: InputScript::parse(input).expect("valid input script"),
        limits,
        ..RunOptions::default()
    };
    let report = session.run(&opts)?;
    Ok((session, report))
}

/// The `printh` lines of running `lua` (top-level code and `_init` only).
pub fn printh(lua: &str) -> Vec<String> {
    match run_with(lua, 0, "", Limits::default()) {
        Ok((_, r)) => r.printh,
        Err(e) => panic!("cart failed: {e}\n--- code ---\n{lua}"),
    }
}
