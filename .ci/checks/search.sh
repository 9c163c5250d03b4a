#!/usr/bin/env bash
# Search/book checks: every committed opening book equals a fresh generation with the command in
# its header (the book tests check legality and round trips; this checks the books are current).
# The engine is built with opt-level 3 even in debug, so a debug build is fast enough here.
set -euo pipefail
cd "$(dirname "$0")/../.."
for book in crates/engine/book/*.book; do
    cmd=$(sed -n 's/^# Regenerate: tafl8 \(.*\) --out <this file>$/\1/p' "$book")
    if [ -z "$cmd" ]; then
        echo "error: $book has no '# Regenerate:' header line" >&2
        exit 1
    fi
    # shellcheck disable=SC2086
    cargo run -q -- $cmd --out "$book" --check
done
