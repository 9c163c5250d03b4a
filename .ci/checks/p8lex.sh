#!/usr/bin/env bash
# p8lex: the fuzz targets live in their own workspace (fuzz/), which `cargo test --workspace` does
# not build; check they still compile against the p8 crate's API, formatted and lint-clean.
# Running them needs cargo-fuzz (see fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/../../fuzz"
cargo fmt --check
cargo clippy --bins -- -D warnings
