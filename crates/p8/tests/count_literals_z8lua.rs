//! Number literal values (`number_value`) equal what z8lua, the Lua fork PICO-8 credits, makes of
//! the same literal: ~3000 generated decimal, hex and binary literals, including fractions, long
//! digit strings and values that wrap. Needs the oracle venv (`TAFL8_VENV`, made by
//! `.ci/oracles.sh`); skipped locally without it, required in CI.

use std::io::Write;
use std::process::{Command, Stdio};

use tafl8_p8::number_value;

/// A small deterministic generator (xorshift), so the literal set is the same every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn digits(&mut self, alphabet: &[u8], n: u64) -> String {
        (0..n)
            .map(|_| alphabet[self.below(alphabet.len() as u64) as usize] as char)
            .collect()
    }
}

fn literals() -> Vec<String> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = Vec::new();
    for i in 0..3000 {
        let (prefix, alphabet): (&str, &[u8]) = match i % 3 {
            0 => ("", b"0123456789"),
            1 => ("0x", b"0123456789abcdef"),
            _ => ("0b", b"01"),
        };
        let int_len = rng.below(if prefix == "0b" { 24 } else { 12 });
        let frac_len = if rng.below(2) == 0 {
            0
        } else {
            rng.below(20) + 1
        };
        let int = rng.digits(alphabet, int_len);
        let frac = rng.digits(alphabet, frac_len);
        let lit = match (int.is_empty(), frac.is_empty()) {
            (true, true) => format!("{prefix}0"),
            (_, true) => format!("{prefix}{int}"),
            (_, false) => format!("{prefix}{int}.{frac}"),
        };
        out.push(lit);
    }
    out
}

#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs z8lua (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn literal_values_equal_z8lua() {
    let Some(python) = tafl8_testkit::z8lua_python() else {
        return;
    };
    let script = "import lupaz8, sys\n\
                  L = lupaz8.LuaRuntime()\n\
                  for line in sys.stdin:\n    \
                      print(L.execute('return tostr(%s,1)' % line.strip()))\n";
    let lits = literals();
    let mut child = Command::new(python)
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start python with lupaz8");
    {
        let mut stdin = child.stdin.take().unwrap();
        for l in &lits {
            writeln!(stdin, "{l}").unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "lupaz8 failed");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), lits.len());
    let mut bad = Vec::new();
    for (lit, answer) in lits.iter().zip(answers) {
        // z8lua prints `0xiiii.ffff`.
        let hex: String = answer.trim_start_matches("0x").replace('.', "");
        let want =
            u32::from_str_radix(&hex, 16).unwrap_or_else(|_| panic!("{lit}: {answer}")) as i32;
        let got = number_value(lit).unwrap_or_else(|e| panic!("{e}"));
        if got != want {
            bad.push(format!("{lit}: ours {:#010x}, z8lua {answer}", got as u32));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} differ:\n{}",
        bad.len(),
        lits.len(),
        bad.join("\n")
    );
}
