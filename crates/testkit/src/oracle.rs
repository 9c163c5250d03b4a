//! The oracle gate: whether a test that needs z8lua or shrinko8 runs, skips or fails.
//!
//! The oracles live in a Python venv (made by `bash .ci/oracles.sh`) named by `TAFL8_VENV`.
//! Locally a developer may not have one: then the build script `oracle_cfg.rs` (beside this
//! crate's `src/`) sets `cfg(tafl8_no_oracle)` and every oracle test, marked
//! `#[cfg_attr(tafl8_no_oracle, ignore = "...")]`, is listed as ignored with that reason by a
//! plain `cargo test` (`tests/oracle_marks.rs` checks the marks); run anyway (`--ignored`), it
//! skips with a note saying how to enable it. CI sets `CI` and must never pass by skipping, so
//! there a missing oracle is a failure.
//! A venv that is named but lacks the oracle is always a failure: it is a broken setup, not a
//! choice.
//!
//! [`gate`] decides from explicit inputs (so its unit tests cannot race on the process
//! environment); [`venv`], [`z8lua_python`] and [`shrinko8`] read the environment and act on the
//! decision.

use std::ffi::OsStr;
use std::path::PathBuf;

/// The environment variable naming the oracle venv (an absolute path).
pub const VENV_VAR: &str = "TAFL8_VENV";
/// The environment variable whose presence (any value) means "running in CI".
pub const CI_VAR: &str = "CI";

/// An external oracle a test compares with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Oracle {
    /// z8lua, the Lua fork PICO-8 credits (PyPI `lupaz8`), driven through the venv's Python.
    Z8lua,
    /// shrinko8 (PyPI `shrinko`): its command, or its modules through the venv's Python.
    Shrinko8,
}

impl Oracle {
    /// The oracle's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Oracle::Z8lua => "z8lua (lupaz8)",
            Oracle::Shrinko8 => "shrinko8",
        }
    }

    /// The program inside the venv the tests run for this oracle; its presence is what the gate
    /// checks.
    pub fn program(self) -> &'static str {
        match self {
            Oracle::Z8lua => "bin/python",
            Oracle::Shrinko8 => "bin/shrinko8",
        }
    }
}

/// What a test that needs an oracle does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Gate {
    /// Run against the venv at this path (its [`Oracle::program`] exists).
    Run(PathBuf),
    /// Return early after printing this note (no venv configured, not in CI).
    Skip(String),
    /// Fail with this message (in CI without a venv, or the named venv lacks the oracle).
    Fail(String),
}

/// Decides what a test needing `oracle` does, given the value of `TAFL8_VENV` (`venv`; empty
/// counts as unset, as `TAFL8_VENV= cargo test` means) and whether `CI` is set (`ci`).
pub fn gate(venv: Option<&OsStr>, ci: bool, oracle: Oracle) -> Gate {
    let how = "run `bash .ci/oracles.sh` and export TAFL8_VENV=<abs path of .venv>";
    let Some(venv) = venv.filter(|v| !v.is_empty()) else {
        return if ci {
            Gate::Fail(format!(
                "CI is set but {VENV_VAR} is not: the {} oracle is required in CI; {how}",
                oracle.name()
            ))
        } else {
            Gate::Skip(format!(
                "skipped: set {VENV_VAR}=<abs path of .venv> (bash .ci/oracles.sh) to compare with {}",
                oracle.name()
            ))
        };
    };
    let venv = PathBuf::from(venv);
    let program = venv.join(oracle.program());
    if program.exists() {
        return Gate::Run(venv);
    }
    // Tests run in their own crate's folder, so a relative venv means different things to
    // different suites: say so rather than let it half work.
    let relative = if venv.is_relative() {
        " (it must be an absolute path: each crate's tests run in that crate's folder)"
    } else {
        ""
    };
    Gate::Fail(format!(
        "{VENV_VAR} is set but {} is missing{relative}: {how}",
        program.display()
    ))
}

/// The oracle venv for a test needing `oracle`, read from the environment: `None` after printing
/// a skip note when it is not configured outside CI; panics when `CI` is set without it, or when
/// the venv lacks the oracle (the panic names the calling test's line).
#[track_caller]
pub fn venv(oracle: Oracle) -> Option<PathBuf> {
    let value = std::env::var_os(VENV_VAR);
    let ci = std::env::var_os(CI_VAR).is_some();
    match gate(value.as_deref(), ci, oracle) {
        Gate::Run(venv) => Some(venv),
        Gate::Skip(note) => {
            eprintln!("{}{note}", test_prefix(std::thread::current().name()));
            None
        }
        Gate::Fail(message) => panic!("{}{message}", test_prefix(std::thread::current().name())),
    }
}

/// The venv's Python, which has lupaz8 (z8lua), gated as [`venv`] with [`Oracle::Z8lua`].
#[track_caller]
pub fn z8lua_python() -> Option<PathBuf> {
    venv(Oracle::Z8lua).map(|v| v.join(Oracle::Z8lua.program()))
}

/// The venv's `shrinko8` command, gated as [`venv`] with [`Oracle::Shrinko8`].
#[track_caller]
pub fn shrinko8() -> Option<PathBuf> {
    venv(Oracle::Shrinko8).map(|v| v.join(Oracle::Shrinko8.program()))
}

/// `"<test name>: "` for messages: libtest names each test's thread after the test, which says
/// which test skipped when the notes of a whole run are shown (`--nocapture`); nothing when the
/// thread has no such name.
fn test_prefix(thread: Option<&str>) -> String {
    match thread {
        Some(name) if name != "main" => format!("{name}: "),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// A fresh folder holding `programs` (empty files), unique to the calling test.
    fn fake_venv(test: &str, programs: &[&str]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tafl8-testkit-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("bin")).unwrap();
        for p in programs {
            std::fs::write(dir.join(p), "").unwrap();
        }
        dir
    }

    #[test]
    fn unset_outside_ci_skips_with_how_to_enable() {
        for oracle in [Oracle::Z8lua, Oracle::Shrinko8] {
            let Gate::Skip(note) = gate(None, false, oracle) else {
                panic!("{oracle:?}: expected a skip")
            };
            assert!(note.starts_with("skipped: set TAFL8_VENV="), "{note}");
            assert!(note.contains("bash .ci/oracles.sh"), "{note}");
            assert!(note.contains(oracle.name()), "{note}");
        }
    }

    #[test]
    fn unset_in_ci_fails() {
        for oracle in [Oracle::Z8lua, Oracle::Shrinko8] {
            let Gate::Fail(message) = gate(None, true, oracle) else {
                panic!("{oracle:?}: CI without a venv must fail")
            };
            assert!(
                message.starts_with("CI is set but TAFL8_VENV is not"),
                "{message}"
            );
            assert!(message.contains("bash .ci/oracles.sh"), "{message}");
        }
    }

    #[test]
    fn empty_counts_as_unset() {
        assert!(matches!(
            gate(Some(OsStr::new("")), false, Oracle::Z8lua),
            Gate::Skip(_)
        ));
        assert!(matches!(
            gate(Some(OsStr::new("")), true, Oracle::Z8lua),
            Gate::Fail(_)
        ));
    }

    #[test]
    fn set_with_the_oracle_runs_in_and_out_of_ci() {
        let dir = fake_venv("set", &["bin/python", "bin/shrinko8"]);
        for ci in [false, true] {
            for oracle in [Oracle::Z8lua, Oracle::Shrinko8] {
                assert_eq!(
                    gate(Some(dir.as_os_str()), ci, oracle),
                    Gate::Run(dir.clone())
                );
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn set_without_the_oracle_fails_naming_the_missing_program() {
        // Python alone: a venv made for z8lua that lacks shrinko8.
        let dir = fake_venv("partial", &["bin/python"]);
        for ci in [false, true] {
            assert_eq!(
                gate(Some(dir.as_os_str()), ci, Oracle::Z8lua),
                Gate::Run(dir.clone())
            );
            let Gate::Fail(message) = gate(Some(dir.as_os_str()), ci, Oracle::Shrinko8) else {
                panic!("a venv without shrinko8 must fail (ci={ci})")
            };
            let missing = dir.join("bin/shrinko8");
            assert!(
                message.contains(&missing.display().to_string()),
                "{message}"
            );
            assert!(!message.contains("absolute"), "{message}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_relative_venv_that_does_not_resolve_says_it_must_be_absolute() {
        let rel = Path::new("no-such-dir-tafl8-testkit/.venv");
        let Gate::Fail(message) = gate(Some(rel.as_os_str()), false, Oracle::Z8lua) else {
            panic!("a relative venv that does not exist must fail")
        };
        assert!(message.contains("absolute path"), "{message}");
    }

    #[test]
    fn notes_name_the_test_thread_but_not_main() {
        assert_eq!(test_prefix(Some("lint_agrees")), "lint_agrees: ");
        assert_eq!(test_prefix(Some("main")), "");
        assert_eq!(test_prefix(None), "");
    }
}
