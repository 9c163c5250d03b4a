#!/usr/bin/env bash
# Random-game differential test against the crates.io crate `hnefatafl` 0.0.2 (see random-diff/).
# Usage: bash tests/crosscheck/random.sh [GAMES_PER_VARIANT]   (default 20)
set -euo pipefail
cd "$(dirname "$0")/../.."
target="${CROSSCHECK_TARGET_DIR:-/tmp/tafl8-crosscheck-target}"
CARGO_TARGET_DIR="$target" cargo build --quiet --release \
    --manifest-path tests/crosscheck/random-diff/Cargo.toml
"$target/release/tafl8-crosscheck-random" "${1:-20}"
