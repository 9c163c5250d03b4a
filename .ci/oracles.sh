#!/usr/bin/env bash
# Installs the test oracles into ./.venv: shrinko8 (token counts, lint) and lupaz8 (z8lua, PICO-8's Lua).
# They check the product; building a cart never needs them.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r .ci/oracles.txt
