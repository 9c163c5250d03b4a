//! Every `tests/fail/*.lua` must be rejected with a located error. Its first line says what is
//! expected: `-- expect: LINE:COL fragment` (the fragment must occur in the message).

use std::fs;
use std::path::Path;

use tafl8_p8::parse;

#[test]
fn fail_cases_are_rejected_with_located_errors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fail");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "lua"))
        .collect();
    files.sort();
    assert!(files.len() >= 15, "fail cases missing in {}", dir.display());
    let mut failures = Vec::new();
    for f in &files {
        let src = fs::read_to_string(f).unwrap();
        let expect = src
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("-- expect: "))
            .unwrap_or_else(|| panic!("{}: first line must be `-- expect: L:C text`", f.display()));
        let (pos, fragment) = expect.split_once(' ').unwrap();
        match parse(&src) {
            Ok(_) => failures.push(format!("{}: parsed, expected an error", f.display())),
            Err(e) => {
                let got = e.to_string();
                if e.pos.to_string() != pos || !got.contains(fragment) {
                    failures.push(format!(
                        "{}: expected `{pos}` with {fragment:?}, got `{got}`",
                        f.display()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
