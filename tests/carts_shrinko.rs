//! Every committed cart passes shrinko8's lint with no warning, and shrinko8 counts the same
//! tokens and characters as tafl8, within PICO-8's limits (compressed code included).
//! Needs the oracle venv: `TAFL8_VENV=<abs path of .venv>` (create it with `bash .ci/oracles.sh`).

use std::process::Command;

use tafl8_codegen::{build, BuildRequest};
use tafl8_engine::rules::PRESETS;
use tafl8_engine::Rules;

/// Compressed code limit with the 256-byte margin DESIGN.md asks for (PICO-8's own compressor is
/// weaker than shrinko8's).
const COMPRESSED_MAX: usize = 15360;

#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs shrinko8 (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn committed_carts_pass_shrinko8_lint_and_counts() {
    let Some(exe) = tafl8_testkit::shrinko8() else {
        return;
    };
    let root = env!("CARGO_MANIFEST_DIR");
    for name in PRESETS {
        let path = format!("{root}/carts/{name}.p8");
        let out = Command::new(&exe)
            .args([&path, "--lint", "--count", "--parsable-count"])
            .output()
            .expect("shrinko8 runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && !stdout.contains("Lint") && !stderr.contains("Lint"),
            "{name}: shrinko8 --lint reports problems:\n{stdout}{stderr}"
        );
        let count = |what: &str| -> usize {
            tafl8_testkit::parsable_count(&stdout, what)
                .unwrap_or_else(|| panic!("{name}: no {what} count in:\n{stdout}"))
        };
        let built = build(&BuildRequest::full(Rules::preset(name).unwrap())).unwrap();
        assert_eq!(count("tokens"), built.budget.tokens, "{name}: tokens");
        assert_eq!(count("chars"), built.budget.chars, "{name}: chars");
        assert!(
            count("tokens") <= tafl8_p8::TOKEN_LIMIT,
            "{name}: tokens over the limit"
        );
        assert!(
            count("chars") <= tafl8_p8::CHAR_LIMIT,
            "{name}: chars over the limit"
        );
        assert!(
            count("compressed") <= COMPRESSED_MAX,
            "{name}: compressed {} > {COMPRESSED_MAX}",
            count("compressed")
        );
    }
}
