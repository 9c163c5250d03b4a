#!/usr/bin/env bash
# Differential tests at full size (issue 7), in release: the cart's Lua against the Rust engine for
# every preset. Run from the repo root with TAFL8_VENV set (CI does both).
#  - 1,000 random reachable positions per preset: perft depth 2, every legal move's captures and
#    outcome, evaluation; plus 100 positions at perft depth 3 for the 7x7 presets (9x9/11x11 depth 3
#    costs minutes per position set in the Lua: the start is checked at depth 3 for them too);
#  - searches at depths 1-4 (7x7) and 1-3 (9x9, 11x11) under seven configurations, difficulty
#    levels 1-5, self-play games;
#  - the z8lua second opinion on a sample.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --quiet
# Cargo puts the binary under CARGO_TARGET_DIR when it is set.
T=${CARGO_TARGET_DIR:-target}/release/tafl8
echo "== perft depth 2 + moves + eval on 1000 positions per preset (full config)"
$T diff --config full --positions 1000 --placements 200 --depth 2 \
    --search-positions 0 --think-seeds 0 --games 0
echo "== perft depth 3 on 100 positions (7x7 presets)"
$T diff --variant ziege --variant brandubh --config full --positions 100 --placements 0 --depth 3 \
    --search-positions 0 --think-seeds 0 --games 0
echo "== perft depth 3 at the start (9x9, 11x11)"
for v in tablut copenhagen; do
    $T diff --variant $v --config full --check perft --depth 3
done
# Depth 4 runs on the 7x7 presets (about 2.5 min); the larger boards search to depth 3, every
# level included (about 40 s: before the cart's quiescence stopped making every quiet edge move on
# 11x11, one Copenhagen depth-3 search under `full,-pvs,-lmr,-tt` cost 1.1e9 PICO-8 instructions
# and ran past the runner's limit; it now costs 7.5e6).
echo "== search depths 1-4, levels 1-5, games, under seven configurations (7x7)"
$T diff --variant ziege --variant brandubh --positions 6 --placements 0 --depth 1 \
    --search-positions 3 --search-depth 4 --think-seeds 2 --max-level 5 --games 2 --plies 40
echo "== search depths 1-3, levels 1-5, games, under seven configurations (9x9, 11x11)"
$T diff --variant tablut --variant copenhagen --positions 4 --placements 0 --depth 1 \
    --search-positions 2 --search-depth 3 --think-seeds 1 --max-level 5 --games 1 --plies 20
echo "== second opinion: z8lua"
$T diff --z8lua --venv "${TAFL8_VENV:?set TAFL8_VENV (bash .ci/oracles.sh)}" --config full \
    --positions 20 --placements 10 --depth 2 --search-positions 2 --search-depth 3 \
    --think-seeds 1 --max-level 3 --games 1 --plies 16
echo "== a ruleset of one's own (tests/rules/edge11.toml: 11x11, edge escape, unarmed king by two,"
echo "   no throne hostility, move limit), every configuration, levels 1-5 (about 1.5 min)"
$T diff --rules tests/rules/edge11.toml --positions 100 --placements 50 --depth 2 \
    --search-positions 2 --search-depth 3 --think-seeds 2 --max-level 5 --games 1 --plies 30
