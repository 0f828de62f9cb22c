#!/usr/bin/env python3
"""Runs the converter corpus through the TensorBridge CLI and compares with Python LiteRT.

    python scripts/converters/check.py --tensorbridge .build/debug/tensorbridge [CASE ...]

Needs only the standard library and numpy (no TensorFlow, no LiteRT Python package).
`make check-converters` creates a small venv with a pinned numpy and calls this.

For every case folder in Tests/Fixtures/converters/ (or the CASEs given):

* expect "ok":  runs
      BIN run <case>/model.tflite --steps <case>/steps.json --output-dir TMP --json
  and requires exit status 0, a stdout JSON object {"steps": [...]} with one entry per step,
  and, for every step k, the files TMP/<k>/<index>_<name>.npy to match
  <case>/expected/<k>/<index>_<name>.npy:
    - the same set of outputs: matched by <index> for a `null`-signature step (main
      subgraph) and by <name> (the signature output name) for a signature step;
    - dtype exactly equal (string tensors: both numpy bytes, `S`, of any width);
    - shape exactly equal (a scalar is shape (), empty outputs keep their zero shape);
    - floats: |got - want| <= float_tolerance * max(1, |want|), i.e. ABSOLUTE tolerance for
      values of magnitude up to 1 and RELATIVE tolerance above; NaN only where NaN is expected,
      infinities must match exactly;
    - integers, bools and strings: exactly equal.
  With "runtime_limit": {"step": K, "error_contains": [...], "why": "..."} the run must fail at
  step K with a typed error holding "step K" and each substring (something the pinned LiteRT
  cannot do, listed in the README), and steps 0..K-1 must match as above.
* expect "load_error":  runs the same command and requires a non-zero exit status (not a
  crash) with each `error_contains` substring in stderr; then runs
  `BIN inspect <case>/model.tflite` and requires each substring in its first UP_FRONT_LINES (3)
  lines of stdout or anywhere in its stderr: the limitation must be said up front, next to the
  model's name, not only in the operator table or at the end of the report.

Prints one line per case (PASS/FAIL + reason) and then `N passed, M failed`; exits 1 if any
case failed, 2 on usage errors.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

CORPUS = Path(__file__).resolve().parents[2] / "Tests" / "Fixtures" / "converters"
UP_FRONT_LINES = 3
TIMEOUT_SECONDS = 300


class Failure(Exception):
    pass


def npy_files(folder: Path) -> dict[int, tuple[str, Path]]:
    """index -> (name, path) for <index>_<name>.npy files in folder."""
    found = {}
    if not folder.is_dir():
        return found
    for path in folder.glob("*.npy"):
        match = re.fullmatch(r"(\d+)_(.*)\.npy", path.name)
        if not match:
            raise Failure(f"unexpected file {path.name} in {folder}")
        found[int(match.group(1))] = (match.group(2), path)
    return found


def compare(got: np.ndarray, want: np.ndarray, tolerance: float) -> str | None:
    """None if got matches want, else the reason."""
    if want.dtype.kind == "S":
        if got.dtype.kind != "S":
            return f"dtype {got.dtype.str}, expected numpy bytes (S)"
    elif got.dtype != want.dtype:
        return f"dtype {got.dtype.str}, expected {want.dtype.str}"
    if got.shape != want.shape:
        return f"shape {list(got.shape)}, expected {list(want.shape)}"
    if want.size == 0:
        return None
    if want.dtype.kind in "fc":
        g, w = got.astype(np.float64).reshape(-1), want.astype(np.float64).reshape(-1)
        nan_g, nan_w = np.isnan(g), np.isnan(w)
        if not np.array_equal(nan_g, nan_w):
            i = int(np.argmax(nan_g != nan_w))
            return f"element {i}: {g[i]:.9g}, expected {w[i]:.9g}"
        inf = np.isinf(w) | np.isinf(g)
        if not np.array_equal(g[inf], w[inf]):
            i = int(np.flatnonzero(inf)[np.argmax(g[inf] != w[inf])])
            return f"element {i}: {g[i]:.9g}, expected {w[i]:.9g}"
        ok = ~(nan_w | inf)
        err = np.zeros_like(w)
        err[ok] = np.abs(g[ok] - w[ok]) / np.maximum(1.0, np.abs(w[ok]))
        i = int(np.argmax(err))
        if err[i] > tolerance:
            return (f"element {i}: {g[i]:.9g}, expected {w[i]:.9g} (error {err[i]:.3g} > "
                    f"tolerance {tolerance:g}, relative above magnitude 1)")
        return None
    if not np.array_equal(got, want):
        flat_g, flat_w = got.reshape(-1), want.reshape(-1)
        i = int(np.argmax(flat_g != flat_w))
        return f"element {i}: {flat_g[i].item()!r}, expected {flat_w[i].item()!r}"
    return None


def load(path: Path) -> np.ndarray:
    try:
        return np.load(path, allow_pickle=False)
    except Exception as e:  # noqa: BLE001
        raise Failure(f"cannot read {path}: {e}") from e


def last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else "(no output)"


def run(cmd: list[str]) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_SECONDS, errors="replace")
    except subprocess.TimeoutExpired as e:
        raise Failure(f"timed out after {TIMEOUT_SECONDS} s: {' '.join(cmd)}") from e


def status(code: int) -> str:
    if code < 0:
        try:
            return f"killed by signal {-code} ({signal.Signals(-code).name})"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}"


def check_ok(binary: str, folder: Path, meta: dict, out_dir: Path) -> str:
    steps = json.loads((folder / "steps.json").read_text())
    steps_file = folder / "steps.json"
    limit = meta.get("runtime_limit")
    if limit:
        # A step the pinned runtime cannot take (README lists why): the whole sequence must fail
        # there with a typed error naming it, and every step before it must still match.
        k = int(limit["step"])
        proc = run([binary, "run", str(folder / "model.tflite"), "--steps", str(steps_file), "--json"])
        if proc.returncode <= 0:
            raise Failure(f"step {k} is a runtime limit and must fail with an error, got {status(proc.returncode)}")
        needles = [f"step {k}"] + list(limit.get("error_contains", []))
        missing = [n for n in needles if n not in proc.stderr]
        if missing:
            raise Failure(f"runtime-limit error lacks {missing}: {last_line(proc.stderr)}")
        steps = [dict(st, inputs={key: str(folder / path) for key, path in st["inputs"].items()}) for st in steps[:k]]
        steps_file = out_dir / "steps-before-limit.json"
        out_dir = out_dir / "outputs"
        steps_file.parent.mkdir(parents=True, exist_ok=True)
        steps_file.write_text(json.dumps(steps))
    proc = run([binary, "run", str(folder / "model.tflite"), "--steps", str(steps_file),
                "--output-dir", str(out_dir), "--json"])
    if proc.returncode != 0:
        raise Failure(f"{status(proc.returncode)}: {last_line(proc.stderr or proc.stdout)}")
    try:
        doc = json.loads(proc.stdout)
    except json.JSONDecodeError as e:
        raise Failure(f"--json output does not parse: {e}: {proc.stdout[:200]!r}") from e
    if not isinstance(doc, dict) or not isinstance(doc.get("steps"), list):
        raise Failure('--json output is not {"steps": [...]}')
    if len(doc["steps"]) != len(steps):
        raise Failure(f"--json output has {len(doc['steps'])} steps, steps.json {len(steps)}")

    tolerance = float(meta.get("float_tolerance", 1e-4))
    compared = 0
    for k, step in enumerate(steps):
        want = npy_files(folder / "expected" / str(k))
        got = npy_files(out_dir / str(k))
        by_index = step["signature"] is None
        if by_index:
            pairs = {i: (name, path) for i, (name, path) in want.items()}
            have = {i: (name, path) for i, (name, path) in got.items()}
        else:
            pairs = {name: (i, path) for i, (name, path) in want.items()}
            have = {name: (i, path) for i, (name, path) in got.items()}
            if len(pairs) != len(want) or len(have) != len(got):
                raise Failure(f"step {k}: duplicate output names")
        missing = sorted(set(pairs) - set(have), key=str)
        extra = sorted(set(have) - set(pairs), key=str)
        what = "index" if by_index else "name"
        if missing:
            raise Failure(f"step {k}: no output file for {what} {missing} in {out_dir / str(k)} "
                          f"(found {sorted(p.name for _, p in have.values())})")
        if extra:
            raise Failure(f"step {k}: unexpected outputs ({what}) {extra}")
        for key, (_, want_path) in pairs.items():
            got_path = have[key][1]
            reason = compare(load(got_path), load(want_path), tolerance)
            if reason:
                raise Failure(f"step {k} ({step['signature'] or 'main subgraph'}) {got_path.name}: {reason}")
            compared += 1
    detail = f"{len(steps)} step{'s' if len(steps) != 1 else ''}, {compared} outputs"
    if limit:
        detail += f"; step {limit['step']} refused as a runtime limit: {limit.get('why', '')}"
    return detail


def check_load_error(binary: str, folder: Path, meta: dict, out_dir: Path, up_front: int) -> str:
    needles = meta.get("error_contains", [])
    proc = run([binary, "run", str(folder / "model.tflite"), "--steps", str(folder / "steps.json"),
                "--output-dir", str(out_dir), "--json"])
    if proc.returncode == 0:
        raise Failure("run succeeded, expected a load error")
    if proc.returncode < 0:
        raise Failure(f"run crashed ({status(proc.returncode)}), expected a load error")
    missing = [n for n in needles if n not in proc.stderr]
    if missing:
        raise Failure(f"run's error lacks {missing}: {last_line(proc.stderr)}")
    proc = run([binary, "inspect", str(folder / "model.tflite")])
    head = "\n".join(proc.stdout.splitlines()[:up_front])
    missing = [n for n in needles if n not in head and n not in proc.stderr]
    if missing:
        where = "only later in stdout" if all(n in proc.stdout for n in missing) else "nowhere"
        raise Failure(f"inspect does not name {missing} in its first {up_front} lines or stderr "
                      f"(found {where}; {status(proc.returncode)})")
    return f"load error names {', '.join(needles)}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tensorbridge", required=True, help="path to the tensorbridge CLI")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help=f"corpus folder (default {CORPUS})")
    parser.add_argument("--keep", action="store_true", help="keep the CLI's output folders (printed)")
    parser.add_argument("--up-front-lines", type=int, default=UP_FRONT_LINES,
                        help=f"load_error cases: inspect must name the op in this many first lines "
                             f"of stdout, or in stderr (default {UP_FRONT_LINES})")
    parser.add_argument("cases", nargs="*", help="case names (default: every folder with a case.json)")
    args = parser.parse_args()

    binary = shutil.which(args.tensorbridge) or args.tensorbridge
    if not Path(binary).is_file():
        parser.error(f"no tensorbridge binary at {args.tensorbridge}")
    all_cases = sorted(p.parent.name for p in args.corpus.glob("*/case.json"))
    names = args.cases or all_cases
    unknown = [n for n in names if n not in all_cases]
    if unknown:
        parser.error(f"unknown case(s): {', '.join(unknown)}")

    passed = failed = 0
    for name in names:
        folder = args.corpus / name
        out_dir = Path(tempfile.mkdtemp(prefix=f"tb-check-{name}-"))
        try:
            meta = json.loads((folder / "case.json").read_text())
            if meta["expect"] == "ok":
                detail = check_ok(binary, folder, meta, out_dir)
            elif meta["expect"] == "load_error":
                detail = check_load_error(binary, folder, meta, out_dir, args.up_front_lines)
            else:
                raise Failure(f"unknown expect {meta['expect']!r}")
            print(f"PASS {name} ({detail})", flush=True)
            passed += 1
        except Failure as e:
            print(f"FAIL {name}: {e}", flush=True)
            failed += 1
        finally:
            if args.keep:
                print(f"     output kept in {out_dir}")
            else:
                shutil.rmtree(out_dir, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
