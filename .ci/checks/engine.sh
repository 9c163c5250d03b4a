#!/usr/bin/env bash
# Engine check: every perft suite entry (tests/perft/*.perft) up to depth 3 must agree with an
# independent implementation, the crates.io crate `hnefatafl` 0.0.2 (harness in tests/crosscheck).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --quiet -p tafl8
TAFL8_BIN="${CARGO_TARGET_DIR:-target}/debug/tafl8" bash tests/crosscheck/run.sh 3
# Random games: every move set, capture and ending compared with the same crate.
bash tests/crosscheck/random.sh 20
