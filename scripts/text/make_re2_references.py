#!/usr/bin/env python3
"""Records RE2's own splitting (google-re2, as tflite-support's `RegexTokenizer::Tokenize` runs
RE2: each match of `(pattern)` a delimiter) for delimiters in RE2 syntax that ICU reads
differently: POSIX classes (ASCII in RE2), `\\b` and `\\B` (ASCII word boundaries), and named
groups written `(?P<name>…)`. Every pattern consumes at least one character (the Task Library's
loop does not advance past an empty match).

    .venv-text-ref/bin/python scripts/text/make_re2_references.py   # bash scripts/text/setup_venvs.sh ref

Inputs: the Task Library conformance inputs (Tests/Fixtures/text/tasklibrary/reference.json)
plus texts where ASCII and Unicode classes disagree. Writes Tests/Fixtures/text/re2/reference.json.
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "lib"))

import re2  # noqa: E402
from re2_split import re2_pieces  # noqa: E402
OUT = ROOT / "Tests" / "Fixtures" / "text" / "re2"

PATTERNS = [
    r"[[:space:]]+",
    r"[[:punct:]]+",
    r"[[:space:][:punct:]]+",
    r"[^[:alnum:]]+",
    r"[[:^alpha:]]+",
    r"[^[:alpha:][:digit:]_']+",
    r"[[:cntrl:][:blank:]]+",
    r"[^[:upper:][:lower:]]+",
    r"[[:^xdigit:]]+",
    r"[^[:graph:]]+",
    r"[^[:print:]]|[[:space:]]+",
    r"\b[0-9]+\b",
    r"\s*\b-\b\s*",
    r"\B'\B|\s+",
    r"(?P<punctuation>[,.;:!?])\s*|\s+",
    r"[^[:word:]]+",
]

EXTRA_INPUTS = [
    "naïve café—ok", "x_y 12٣4 ٤٥", "ÀB cd ÉF", "well-known e-mail -dash- x-", "it's 'quoted' don't",
    "tab\there\u000bvertical\u000cfeed", "ÿ µ ß ﬁ", "१२३ digits ۱۲۳", "a1b2 c3-d4 e5_f6", "ĀĒĪ ǅ ǈ",
    "Ελλάδα-Κρήτη 2024", "emoji😀-x", "CAPS and lower, MiXeD!", "0xFF 0Xab deadBEEF g", "\u00a0nbsp\u2003em",
]


def main() -> None:
    tasklibrary = json.loads((ROOT / "Tests/Fixtures/text/tasklibrary/reference.json").read_text(encoding="utf-8"))
    inputs = tasklibrary["inputs"] + EXTRA_INPUTS
    reference = {
        "google_re2": getattr(re2, "__version__", "1.1.20251105"),
        "inputs": inputs,
        "pieces": {pattern: [re2_pieces(pattern, value) for value in inputs] for pattern in PATTERNS},
    }
    OUT.mkdir(parents=True, exist_ok=True)
    with open(OUT / "reference.json", "w", encoding="utf-8") as file:
        json.dump(reference, file, ensure_ascii=False, indent=1)
        file.write("\n")
    print(f"{len(PATTERNS)} patterns x {len(inputs)} inputs", file=sys.stderr)


if __name__ == "__main__":
    main()
