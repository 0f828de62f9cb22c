#!/usr/bin/env python3
"""Writes Tests/Fixtures/signing/blake3_vectors.json: BLAKE3 hashes (32 bytes, hex) from the
`blake3` package (the official Rust implementation's Python binding, which `model-signing`
uses) of the official test vectors' inputs (bytes i % 251, the lengths of BLAKE3's
test_vectors.json), for ModelSigning's BLAKE3.

    .venv-signing/bin/python scripts/signing/make_blake3_vectors.py   # venv: scripts/signing/setup.sh
"""
import json
from pathlib import Path

import blake3

LENGTHS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 63, 64, 65, 127, 128, 129, 1023, 1024, 1025, 2048, 2049, 3072, 3073,
           4096, 4097, 5120, 5121, 6144, 6145, 7168, 7169, 8192, 8193, 16384, 31744, 102400, 1048577]
OUT = Path(__file__).resolve().parents[2] / "Tests" / "Fixtures" / "signing" / "blake3_vectors.json"


def main() -> None:
    cases = [{"length": n, "hash": blake3.blake3(bytes(i % 251 for i in range(n))).hexdigest()} for n in LENGTHS]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"blake3": blake3.__version__, "cases": cases}, indent=1) + "\n")


if __name__ == "__main__":
    main()
