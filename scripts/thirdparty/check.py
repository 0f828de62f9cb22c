#!/usr/bin/env python3
"""Compares the tensorbridge CLI with the Python LiteRT references of the
third-party model corpus (made by scripts/thirdparty/reference.sh).

    python3 scripts/thirdparty/check.py --tensorbridge .build/debug/tensorbridge
    python3 scripts/thirdparty/check.py --tensorbridge BIN NAME...     # some models
    python3 scripts/thirdparty/check.py --tensorbridge BIN --inspect   # inspect only

Run mode: for every .thirdparty/cases/<model>/case.json it runs

    tensorbridge run MODEL --input 0=input_0.npy [--input 1=...] --output-dir DIR

 * Python LiteRT ran the model: tensorbridge must exit 0 and write, for every
   output i, DIR/<i>_<name>.npy with the expected dtype and shape; floats must be
   within --atol (default 1e-4) + --rtol * |expected| (default 0), integers and
   bools equal (--int-atol, default 0).
 * Python LiteRT could not load / prepare / run it: tensorbridge must exit 1 and
   print a line starting with "error:" (stdout or stderr) that names the op
   Python named (case.json "expected_error_op"), e.g. an unresolved custom op.
 * Python LiteRT crashed (signal) or timed out: there is no reference; a clean
   run (exit 0) or a clean "error:" exit 1 passes, a crash fails.

--inspect mode runs `tensorbridge inspect MODEL --json` on every model instead:
it must exit 0 and print one JSON document; if that document has "inputs" /
"outputs" lists, their lengths must match the model's primary subgraph.

Prints a table (model, properties, Python, result, max diff, note), then
"thirdparty: N passed, N failed"; exits 1 on any failure, 2 when there is
nothing to check. Needs numpy: without it, re-runs itself with the
.venv-thirdparty interpreter (made by reference.sh) when that exists.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_DIR = os.environ.get("THIRDPARTY_DIR") or os.path.join(ROOT, ".thirdparty")
VENV_PY = os.path.join(ROOT, ".venv-thirdparty", "bin", "python")

try:
    import numpy as np
except ImportError:  # pragma: no cover - depends on the machine
    if os.path.exists(VENV_PY) and os.path.realpath(sys.executable) != os.path.realpath(VENV_PY):
        os.execv(VENV_PY, [VENV_PY, os.path.abspath(__file__)] + sys.argv[1:])
    sys.exit("error: check.py needs numpy; run scripts/thirdparty/reference.sh once "
             "(it creates .venv-thirdparty) or install numpy")


def model_order():
    """Model names in models.tsv order, then the derived models quantize.py listed."""
    names = []
    for path in (os.path.join(HERE, "models.tsv"), os.path.join(DEFAULT_DIR, "derived.tsv")):
        if not os.path.exists(path):
            continue
        header = None
        with open(path) as f:
            for line in f:
                if not line.strip() or line.startswith("#"):
                    continue
                cols = line.rstrip("\n").split("\t")
                if header is None:
                    header = cols
                    continue
                names.append(cols[0])
    return names


def load_cases(base_dir, names):
    cases_dir = os.path.join(base_dir, "cases")
    found = {}
    if os.path.isdir(cases_dir):
        for n in sorted(os.listdir(cases_dir)):
            p = os.path.join(cases_dir, n, "case.json")
            if os.path.exists(p):
                found[n] = json.load(open(p))
    order = model_order()
    ordered = [n for n in order if n in found] + [n for n in found if n not in order]
    if names:
        missing = [n for n in names if n not in found]
        if missing:
            sys.exit(f"error: no case for {', '.join(missing)} in {cases_dir} "
                     "(run scripts/thirdparty/reference.sh)")
        ordered = [n for n in ordered if n in names]
    return [found[n] for n in ordered]


def signal_name(rc):
    import signal
    try:
        return signal.Signals(-rc).name
    except ValueError:
        return f"signal {-rc}"


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return None, (e.stdout or b"").decode(errors="replace"), (e.stderr or b"").decode(errors="replace")
    except OSError as e:
        return 127, "", f"error: cannot run {cmd[0]}: {e}"
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def error_lines(out, err):
    return [ln.strip() for ln in (err + "\n" + out).splitlines() if ln.strip().startswith("error:")]


def first_line(out, err):
    """The most telling line of a failed run: its first error: line, else its last line."""
    errs = error_lines(out, err)
    if errs:
        return errs[0][:160]
    lines = [ln.strip() for ln in (err + "\n" + out).splitlines() if ln.strip()]
    return lines[-1][:160] if lines else "(no output)"


def compare(expected, got, atol, rtol, int_atol):
    """Returns (ok, max_abs_diff or None, message)."""
    if got.shape != expected.shape:
        return False, None, f"shape {list(got.shape)}, expected {list(expected.shape)}"
    if got.dtype != expected.dtype:
        return False, None, f"dtype {got.dtype.name}, expected {expected.dtype.name}"
    if expected.size == 0:
        return True, 0.0, ""
    kind = expected.dtype.kind
    if kind in "fc":
        e = expected.astype(np.complex128 if kind == "c" else np.float64)
        g = got.astype(e.dtype)
        nan_e, nan_g = np.isnan(e), np.isnan(g)
        if (nan_e != nan_g).any():
            return False, float("nan"), f"NaN in {int((nan_e != nan_g).sum())} places where the other has none"
        fin = np.isfinite(e) & np.isfinite(g)
        same_inf = (e[~fin & ~nan_e] == g[~fin & ~nan_e]).all() if (~fin & ~nan_e).any() else True
        diff = np.abs(e[fin] - g[fin])
        maxdiff = float(diff.max()) if diff.size else 0.0
        bound = atol + rtol * np.abs(e[fin])
        bad = int((diff > bound).sum())
        if not same_inf:
            return False, maxdiff, "infinities differ"
        if bad:
            return False, maxdiff, f"{bad} of {e.size} values off by more than atol={atol:g} rtol={rtol:g}"
        return True, maxdiff, ""
    e = expected.astype(np.int64) if kind != "b" else expected.astype(np.int64)
    g = got.astype(np.int64)
    diff = np.abs(e - g)
    maxdiff = float(diff.max())
    bad = int((diff > int_atol).sum())
    if bad:
        return False, maxdiff, f"{bad} of {e.size} values differ (max {maxdiff:g})"
    return True, maxdiff, ""


def check_run(case, base_dir, tb, args, out_root):
    name = case["name"]
    case_dir = os.path.join(base_dir, "cases", name)
    model = os.path.join(base_dir, case["model"])
    py = case["python"]
    status = py["status"]
    if not os.path.exists(model):
        return "FAIL", None, f"model file missing: {model} (run fetch.sh)"
    out_dir = os.path.join(out_root, name)
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    # --raw: compare tensor for tensor (a model with metadata would otherwise run as a bundle,
    # with its transforms and labels applied).
    cmd = [tb, "run", model, "--raw"]
    for inp in case["inputs"]:
        cmd += ["--input", f"{inp['index']}={os.path.join(case_dir, inp['file'])}"]
    cmd += ["--output-dir", out_dir]
    if args.verbose:
        print("+ " + " ".join(cmd), file=sys.stderr)
    rc, out, err = run(cmd, args.timeout)
    if args.verbose and (out or err):
        sys.stderr.write(err + out)
    if rc is None:
        return "FAIL", None, f"tensorbridge timed out after {args.timeout:g} s"
    if rc < 0:
        return "FAIL", None, f"tensorbridge killed by {signal_name(rc)}"

    if status == "ok":
        if rc != 0:
            return "FAIL", None, f"exit {rc}: {first_line(out, err)}"
        files = {}
        for f in os.listdir(out_dir):
            m = re.match(r"^(\d+)_(.*)\.npy$", f)
            if m:
                files.setdefault(int(m.group(1)), []).append(f)
        problems = []
        worst = 0.0
        all_ok = True
        for o in case["outputs"]:
            i = o["index"]
            cand = files.pop(i, [])
            if len(cand) != 1:
                all_ok = False
                problems.append(f"output {i}: {'no' if not cand else len(cand)} file(s) {i}_*.npy")
                continue
            expected = np.load(os.path.join(case_dir, o["file"]))
            try:
                got = np.load(os.path.join(out_dir, cand[0]), allow_pickle=False)
            except Exception as e:  # noqa: BLE001
                all_ok = False
                problems.append(f"output {i}: unreadable {cand[0]}: {e}")
                continue
            ok, d, msg = compare(expected, got, args.atol, args.rtol, args.int_atol)
            if d is not None and d == d:
                worst = max(worst, d)
            if not ok:
                all_ok = False
                problems.append(f"output {i} ({o['name']}): {msg}")
        if files:
            all_ok = False
            problems.append("unexpected output files: " + ", ".join(sorted(f for v in files.values() for f in v)))
        weak = [str(o["index"]) for o in case["outputs"]
                if o.get("constant") and int(np.prod(o.get("shape") or [1])) > 1]
        if weak and all_ok:
            problems.append(f"expected output {','.join(weak)} is constant (weak check)")
        return ("PASS" if all_ok else "FAIL"), worst, "; ".join(problems)

    if status in ("crashed", "timeout"):
        what = f"Python LiteRT {status}" + (f" ({py.get('signal')})" if py.get("signal") else "")
        if rc == 0:
            return "PASS", None, f"{what}; tensorbridge ran, nothing to compare"
        errs = error_lines(out, err)
        if rc == 1 and errs:
            return "PASS", None, f"{what}; tensorbridge: {errs[0][:100]}"
        return "FAIL", None, f"{what}; tensorbridge exit {rc} without an error: line"

    # Python could not load / prepare / run the model.
    want = case.get("expected_error_op")
    py_err = (py.get("error") or "").splitlines()[0][:80] if py.get("error") else status
    if rc == 0:
        return "FAIL", None, f"tensorbridge ran it, Python LiteRT did not ({py_err})"
    errs = error_lines(out, err)
    if rc != 1 or not errs:
        return "FAIL", None, f"exit {rc}, expected 1 with an error: line; got: {first_line(out, err)}"
    if want and not any(want in e for e in errs):
        return "FAIL", None, f"error does not name {want}: {errs[0][:100]}"
    return "PASS", None, f"expected error: {errs[0][:100]}"


def check_inspect(case_or_model, base_dir, tb, args):
    model = os.path.join(base_dir, case_or_model["model"])
    if not os.path.exists(model):
        return "FAIL", None, f"model file missing: {model} (run fetch.sh)"
    cmd = [tb, "inspect", model, "--json"]
    if args.verbose:
        print("+ " + " ".join(cmd), file=sys.stderr)
    rc, out, err = run(cmd, args.timeout)
    if rc is None:
        return "FAIL", None, f"timed out after {args.timeout:g} s"
    if rc < 0:
        return "FAIL", None, f"killed by {signal_name(rc)}"
    if rc != 0:
        return "FAIL", None, f"exit {rc}: {first_line(out, err)}"
    try:
        doc = json.loads(out)
    except ValueError as e:
        return "FAIL", None, f"stdout is not one JSON document: {e}"
    notes = []
    analysis = case_or_model.get("analysis")
    if analysis and isinstance(doc, dict):
        main = analysis["subgraphs"][0]
        for key in ("inputs", "outputs"):
            if isinstance(doc.get(key), list) and len(doc[key]) != len(main[key]):
                return "FAIL", None, f'"{key}" has {len(doc[key])} entries, the model {len(main[key])}'
            if key not in doc:
                notes.append(f'no "{key}" key')
    return "PASS", None, "; ".join(notes)


def print_table(rows, header):
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    widths[-1] = 0
    fmt = lambda r: "  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip()  # noqa: E731
    print(fmt(header))
    print(fmt(["-" * max(w, 3) for w in widths[:-1]] + ["---"]))
    for r in rows:
        print(fmt(r))


def py_label(case):
    py = case["python"]
    if py["status"] == "ok":
        return "runs"
    if py["status"] == "crashed":
        return f"crash:{py.get('signal')}"
    return py["status"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*", help="models to check (default: every case)")
    ap.add_argument("--tensorbridge", required=True, help="path of the tensorbridge binary")
    ap.add_argument("--inspect", action="store_true", help="only run `tensorbridge inspect MODEL --json`")
    ap.add_argument("--dir", default=DEFAULT_DIR, help="the .thirdparty directory (default: %(default)s)")
    ap.add_argument("--atol", type=float, default=1e-4, help="float tolerance (default: %(default)g)")
    ap.add_argument("--rtol", type=float, default=0.0, help="relative float tolerance (default: %(default)g)")
    ap.add_argument("--int-atol", type=int, default=0, help="integer tolerance (default: %(default)s)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per model (default: %(default)g)")
    ap.add_argument("--keep", metavar="DIR", help="write tensorbridge outputs here and keep them")
    ap.add_argument("--report", metavar="FILE", help="also write the results as JSON")
    ap.add_argument("-v", "--verbose", action="store_true", help="print commands and their output")
    args = ap.parse_args(argv)

    tb = args.tensorbridge
    if os.sep in tb or os.path.exists(tb):
        tb = os.path.abspath(tb)
        if not os.access(tb, os.X_OK):
            print(f"error: {tb} is not an executable", file=sys.stderr)
            return 2
    elif shutil.which(tb) is None:
        print(f"error: {tb} not found on PATH", file=sys.stderr)
        return 2
    base_dir = os.path.abspath(args.dir)

    if args.inspect:
        cases = load_cases(base_dir, args.names)
        have = {c["name"] for c in cases}
        for n in model_order():
            if n in have or (args.names and n not in args.names):
                continue
            if os.path.exists(os.path.join(base_dir, "models", n + ".tflite")):
                cases.append({"name": n, "model": f"models/{n}.tflite", "properties": [],
                              "python": {"status": "?"}})
    else:
        cases = load_cases(base_dir, args.names)
    if not cases:
        print(f"error: nothing to check in {base_dir} (run scripts/thirdparty/reference.sh first)",
              file=sys.stderr)
        return 2

    out_root = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix="tb-thirdparty-")
    os.makedirs(out_root, exist_ok=True)
    rows, results = [], []
    try:
        for case in cases:
            if args.inspect:
                res, diff, note = check_inspect(case, base_dir, tb, args)
            else:
                res, diff, note = check_run(case, base_dir, tb, args, out_root)
            rows.append([case["name"], ",".join(case.get("properties", [])), py_label(case), res,
                         "-" if diff is None else f"{diff:.3g}", note])
            results.append({"model": case["name"], "result": res, "max_diff": diff, "note": note,
                            "python": case["python"]["status"]})
            print(f"{res:4}  {case['name']}", file=sys.stderr, flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(out_root, ignore_errors=True)

    print_table(rows, ["model", "properties", "python", "result", "max diff", "note"])
    passed = sum(r["result"] == "PASS" for r in results)
    failed = len(results) - passed
    mode = "inspect" if args.inspect else "run"
    print(f"thirdparty{'-inspect' if args.inspect else ''}: {passed} passed, {failed} failed")
    if args.report:
        with open(args.report, "w") as f:
            json.dump({"mode": mode, "atol": args.atol, "rtol": args.rtol, "int_atol": args.int_atol,
                       "results": results}, f, indent=2)
            f.write("\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
