"""Time shrinko8 counting tokens of one file, in process (no interpreter start-up).

Usage: python shrinko_time.py FILE ITERATIONS
Prints one line: `shrinko8-inprocess tokens=N chars=N best_s=S mean_s=S` for the tokenize +
count_tokens step (what `shrinko8 FILE --count` does for tokens, minus start-up and file reading).
"""
import os
import sys
import time

import shrinko

# shrinko is a namespace package whose modules import each other as top-level modules.
sys.path.insert(0, list(shrinko.__path__)[0])

from pico_defs import to_p8str  # noqa: E402
from pico_srcdefs import Source  # noqa: E402
from pico_tokenize import count_tokens, tokenize  # noqa: E402

path, iterations = sys.argv[1], int(sys.argv[2])
with open(path, encoding="utf-8") as f:
    text = f.read()
# Same normalisation as a loaded .lua: CR LF -> LF, no final newline.
text = text.replace("\r\n", "\n")
if text.endswith("\n"):
    text = text[:-1]
code = to_p8str(text)
times = []
tokens = None
for _ in range(iterations):
    t0 = time.perf_counter()
    toks, errors = tokenize(Source(path, code))
    tokens = count_tokens(toks)
    times.append(time.perf_counter() - t0)
    assert not errors, errors
print(f"shrinko8-inprocess tokens={tokens} chars={len(code)} best_s={min(times):.6f} mean_s={sum(times) / len(times):.6f}")
