"""Parent: runs each model in a child process and records what happened."""
import hashlib
import json
import os
import platform
import signal
import subprocess
import sys

from .analysis import analyze
from .child import error_op, write_json
from .corpus import SCRIPT


def versions():
    out = {"python_version": platform.python_version()}
    try:
        from importlib.metadata import version
        out["litert_version"] = version("ai-edge-litert")
        out["numpy_version"] = version("numpy")
    except Exception:  # noqa: BLE001
        pass
    return out


def run_one(row, base_dir, timeout):
    name = row["name"]
    model = os.path.join(base_dir, "models", name + ".tflite")
    case_dir = os.path.join(base_dir, "cases", name)
    if os.path.isdir(case_dir):
        for f in os.listdir(case_dir):
            if f.endswith(".npy") or f in ("case.json", ".stage", "child.log"):
                os.remove(os.path.join(case_dir, f))
    os.makedirs(case_dir, exist_ok=True)
    data = open(model, "rb").read()
    source = {}
    src_path = os.path.join(base_dir, "models", name + ".source.json")
    if os.path.exists(src_path):
        source = json.load(open(src_path))
    case = {
        "name": name,
        "model": os.path.relpath(model, base_dir),
        "sha256": hashlib.sha256(data).hexdigest(),
        "size": len(data),
        "source": {k: source.get(k, row.get(k)) for k in ("package", "version", "path", "archive", "license")},
        "properties": row["properties"],
        "float_range": row["float_range"],
        "analysis": analyze(model),
        "inputs": [],
        "outputs": [],
        "python": dict(versions(), status="pending", stage="start", num_threads=1,
                       op_resolver="default (builtin + XNNPACK)"),
        "expected_error_op": None,
    }
    write_json(os.path.join(case_dir, "case.json"), case)

    cmd = [sys.executable, SCRIPT, "--child", name, "--dir", base_dir,
           "--float-range=" + ",".join(repr(x) for x in row["float_range"])]
    log_path = os.path.join(case_dir, "child.log")
    with open(log_path, "w") as log:
        try:
            proc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, timeout=timeout)
            rc = proc.returncode
        except subprocess.TimeoutExpired:
            rc = None
    case = json.load(open(os.path.join(case_dir, "case.json")))
    stage_file = os.path.join(case_dir, ".stage")
    stage = open(stage_file).read().strip() if os.path.exists(stage_file) else "start"
    py = case["python"]
    py["returncode"] = rc
    log_tail = open(log_path, errors="replace").read().splitlines()[-20:]
    if rc is None:
        py.update(status="timeout", stage=stage, error=f"no result after {timeout} s")
    elif rc < 0:
        sig = -rc
        try:
            signame = signal.Signals(sig).name
        except ValueError:
            signame = f"signal {sig}"
        py.update(status="crashed", stage=stage, signal=signame,
                  error=f"Python LiteRT process killed by {signame} during {stage}")
        py["log_tail"] = log_tail
    elif rc != 0 or py["status"] == "pending":
        py.update(status="error", stage=stage, error=f"child exited {rc}")
        py["log_tail"] = log_tail
    if py["status"] not in ("ok", "pending") and not case.get("expected_error_op"):
        case["expected_error_op"] = error_op(py.get("error", ""))
    write_json(os.path.join(case_dir, "case.json"), case)
    for f in (stage_file,):
        if os.path.exists(f):
            os.remove(f)
    # keep the child's log (LiteRT's own messages) only when something went wrong
    if py["status"] == "ok":
        os.remove(log_path)
    return case


def describe(case):
    a = case["analysis"]
    ins = ", ".join(f'{i["dtype"]}{i["shape"]}' for i in case["inputs"]) or "-"
    outs = case["outputs"]
    py = case["python"]
    if py["status"] == "ok":
        res = "runs"
    elif py["status"] == "crashed":
        res = f"CRASH {py.get('signal')} in {py.get('stage')}"
    else:
        res = f"{py['status']}: {(py.get('error') or '').splitlines()[0][:90]}"
    return [case["name"], f"{case['size'] / 1e6:.2f} MB", ins,
            f"{len(outs)} ({', '.join(sorted({o['dtype'] for o in outs}))})",
            ",".join(case["properties"]), res]


def print_table(rows, header):
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    widths[-1] = 0
    line = lambda r: "  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip()  # noqa: E731
    print(line(header))
    print(line(["-" * max(w, 3) for w in widths[:-1]] + ["---"]))
    for r in rows:
        print(line(r))

