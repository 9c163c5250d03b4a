#!/usr/bin/env bash
# Cross-checks tafl8's perft counts against an independent implementation: the crates.io crate
# `hnefatafl` 0.0.2 (MIT), used as a dependency (not copied) by the throwaway harness in
# hnefatafl-rs/, built outside the workspace. Its rules are set field by field to match tafl8's
# presets (see hnefatafl-rs/src/main.rs); repetition is off in both, as perft requires.
#
# Usage: bash tests/crosscheck/run.sh [MAX_DEPTH]   (default 4; 5 takes minutes for tablut and
# copenhagen). Exits non-zero on the first disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
depth="${1:-4}"
target="${CROSSCHECK_TARGET_DIR:-/tmp/tafl8-crosscheck-target}"
CARGO_TARGET_DIR="$target" cargo build --quiet --release \
    --manifest-path tests/crosscheck/hnefatafl-rs/Cargo.toml
cargo build --quiet --release -p tafl8
tafl8="${CARGO_TARGET_DIR:-target}/release/tafl8"
other="$target/release/tafl8-crosscheck-hnefatafl"
status=0
for variant in brandubh ziege tablut copenhagen; do
    while read -r _ d theirs; do
        ours=$("$tafl8" perft --variant "$variant" --depth "$d" --json | sed 's/.*"nodes":\([0-9]*\).*/\1/')
        if [ "$ours" = "$theirs" ]; then
            echo "agree    $variant perft $d = $ours"
        else
            echo "DISAGREE $variant perft $d: tafl8 $ours, hnefatafl $theirs"
            status=1
        fi
    done < <("$other" "$variant" "$depth")
done
exit $status
