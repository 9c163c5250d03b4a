#!/usr/bin/env bash
# Cross-checks tafl8's perft counts against an independent implementation: the crates.io crate
# `hnefatafl` 0.0.2 (MIT), used as a dependency (not copied) by the throwaway harness in
# hnefatafl-rs/, built outside the workspace. Its rules are set field by field to match tafl8's
# presets (see hnefatafl-rs/src/main.rs); repetition is off in both, as perft requires.
#
# Usage: bash tests/crosscheck/run.sh [MAX_DEPTH]   (default 4; 5 takes minutes for tablut and
# copenhagen). Set TAFL8_BIN to a built tafl8 to skip building it in release. Exits non-zero if
# any count disagrees.
set -euo pipefail
cd "$(dirname "$0")/../.."
depth="${1:-4}"
target="${CROSSCHECK_TARGET_DIR:-/tmp/tafl8-crosscheck-target}"
CARGO_TARGET_DIR="$target" cargo build --quiet --release \
    --manifest-path tests/crosscheck/hnefatafl-rs/Cargo.toml
if [ -n "${TAFL8_BIN:-}" ]; then
    tafl8="$TAFL8_BIN"
else
    cargo build --quiet --release -p tafl8
    tafl8="${CARGO_TARGET_DIR:-target}/release/tafl8"
fi
other="$target/release/tafl8-crosscheck-hnefatafl"
status=0
passed=0
failed=0
# Every entry of tests/perft/*.perft (id, variant, optional position and side) up to MAX_DEPTH.
compare() { # variant position side
    local variant="$1" position="$2" side="$3" args=()
    [ -n "$position" ] && args+=(--position "$position")
    [ -n "$side" ] && args+=(--side "$side")
    while read -r _ d theirs; do
        ours=$("$tafl8" perft --variant "$variant" "${args[@]}" --depth "$d" --json \
            | sed 's/.*"nodes":\([0-9]*\).*/\1/')
        if [ "$ours" = "$theirs" ]; then
            echo "agree    $variant ${position:-start} perft $d = $ours"
            passed=$((passed + 1))
        else
            echo "DISAGREE $variant ${position:-start} perft $d: tafl8 $ours, hnefatafl $theirs"
            status=1
            failed=$((failed + 1))
        fi
    done < <("$other" "$variant" "$depth" ${position:+"$position"} ${side:+"$side"})
}
for file in tests/perft/*.perft; do
    variant="" position="" side=""
    while read -r key value; do
        case "$key" in
            id) [ -n "$variant" ] && compare "$variant" "$position" "$side"
                variant="" position="" side="" ;;
            variant) variant="$value" ;;
            position) position="$value" ;;
            side) side="$value" ;;
        esac
    done < "$file"
    [ -n "$variant" ] && compare "$variant" "$position" "$side"
done
echo "crosscheck: $passed passed, $failed failed"
[ "$passed" -gt 0 ] || status=1
exit $status
