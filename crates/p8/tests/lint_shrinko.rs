//! The lint against shrinko8's (`shrinko8 FILE --lint`) on the corpus, for the findings both
//! tools have: unused locals ("isn't used" / "only ever assigned to"), locals shadowing locals
//! ("same name as a local") and undefined globals ("not found"). Both must report the same
//! `line:col`s. shrinko8's other findings (unused globals, locals named like globals) have no
//! counterpart here and are ignored. One known difference in meaning: shrinko8 treats a global as
//! defined only when it is assigned at top level or in `_init`, this lint when it is assigned
//! anywhere; the corpus has no case where that matters.
//!
//! Needs `TAFL8_VENV` (see `.ci/oracles.sh`); skipped without it unless `CI` is set.

use std::collections::BTreeSet;
use std::process::Command;

use tafl8_p8::cart::read_source;
use tafl8_p8::{lint, parse};

/// shrinko8's findings we have a counterpart for, as `line:col kind`.
fn shrinko_findings(out: &std::process::Output) -> BTreeSet<String> {
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    let mut set = BTreeSet::new();
    for line in text.lines() {
        let kind = if line.contains("isn't used") || line.contains("only ever assigned to") {
            if !line.contains("Local '") {
                continue;
            }
            "unused"
        } else if line.contains("same name as a local") {
            "shadowed"
        } else if line.contains("not found") {
            "undefined"
        } else {
            continue;
        };
        // `path:LINE:COL: message`
        let location = line.rsplit_once(": ").map_or("", |(l, _)| l);
        let mut parts = location.rsplitn(3, ':');
        let (col, line_no) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        set.insert(format!("{line_no}:{col} {kind}"));
    }
    set
}

#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs shrinko8 (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn lint_agrees_with_shrinko8_on_the_corpus() {
    let Some(shrinko8) = tafl8_testkit::shrinko8() else {
        return;
    };
    let files = tafl8_testkit::p8_corpus();
    let mut failures = Vec::new();
    let mut compared = 0;
    // shrinko8 starts slowly: run four at a time.
    let mut outputs = Vec::with_capacity(files.len());
    for group in files.chunks(4) {
        let children: Vec<_> = group
            .iter()
            .map(|f| {
                Command::new(&shrinko8)
                    .arg(f)
                    .arg("--lint")
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .expect("running shrinko8")
            })
            .collect();
        for c in children {
            outputs.push(c.wait_with_output().expect("waiting for shrinko8"));
        }
    }
    for (i, f) in files.iter().enumerate() {
        let src = read_source(f).unwrap();
        let chunk = parse(&src.code).unwrap();
        let ours: BTreeSet<String> = lint(&chunk)
            .iter()
            .map(|x| {
                let kind = match x.code {
                    "unused-local" | "assigned-only-local" => "unused",
                    "shadowed-local" => "shadowed",
                    _ => "undefined",
                };
                let line = x.pos.line as usize + src.line_offset;
                format!("{line}:{} {kind}", x.pos.col)
            })
            .collect();
        let theirs = shrinko_findings(&outputs[i]);
        compared += ours.len() + theirs.len();
        if ours != theirs {
            failures.push(format!(
                "{}:\n  ours:     {ours:?}\n  shrinko8: {theirs:?}",
                f.display()
            ));
        }
    }
    assert!(
        compared > 0,
        "no findings at all: the comparison would prove nothing"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
