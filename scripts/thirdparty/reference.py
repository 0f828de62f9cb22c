#!/usr/bin/env python3
"""Reference outputs of Google's Python LiteRT for the third-party model corpus.

Run it through the wrapper, which creates the venv and fetches the models:

    bash scripts/thirdparty/reference.sh              # every model in models.tsv
    bash scripts/thirdparty/reference.sh NAME...      # only these
    bash scripts/thirdparty/reference.sh --list       # table of what is there

For every model .thirdparty/models/<name>.tflite it writes .thirdparty/cases/<name>/:

    input_<i>.npy     deterministic input for model input i (seeded per model and
                      input; float uniform in the model's float_range from
                      models.tsv, int8/uint8 over their whole range, other ints
                      in [0, 10), bool random; a dynamic (-1) dimension is 1)
    expected_<i>.npy  what ai_edge_litert.interpreter returns for output i
                      (i = position in the primary subgraph's outputs)
    case.json         tensor names / dtypes / shapes, the model's ops and
                      properties, and what Python LiteRT did: "python.status" is
                      ok | load_failed | allocate_failed | invoke_failed |
                      crashed (killed by a signal) | timeout | error, with the
                      exact exception text in "python.error" and, when it names
                      one, the op it could not resolve in "expected_error_op".

Each model runs in its own child process, so a model that kills the Python
runtime outright (SIGSEGV, SIGABRT, ...) is recorded as "crashed" with the
signal and the stage it was in, and the other models still run. Inputs are
written before LiteRT touches the model, so they exist even for models Python
cannot load. The interpreter is created with num_threads=1 and the default op
resolver (builtin kernels + XNNPACK), the same as scripts/fixtures.
"""
import argparse
import hashlib
import io
import json
import os
import platform
import signal
import subprocess
import sys
import traceback
import zipfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LIST = os.path.join(HERE, "models.tsv")
DEFAULT_DIR = os.environ.get("THIRDPARTY_DIR") or os.path.join(ROOT, ".thirdparty")


# ---------------------------------------------------------------------------
# models.tsv


def read_list(path=LIST, derived=False):
    """models.tsv's rows; with `derived`, then those quantize.py listed in .thirdparty/derived.tsv."""
    rows = _read_rows(path)
    extra = os.path.join(DEFAULT_DIR, "derived.tsv")
    if derived and os.path.exists(extra):
        rows += _read_rows(extra)
    return rows


def _read_rows(path):
    rows = []
    header = None
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if header is None:
                header = cols
                continue
            row = dict(zip(header, cols))
            row["properties"] = [p for p in row.get("properties", "").split(",") if p]
            lo, hi = (float(x) for x in row.get("float_range", "0,1").split(","))
            row["float_range"] = [lo, hi]
            rows.append(row)
    return rows


# ---------------------------------------------------------------------------
# Static analysis with the flatbuffer bindings shipped in the LiteRT wheel.


def _enum_names(cls):
    return {v: k for k, v in vars(cls).items() if not k.startswith("_") and isinstance(v, int)}


def analyze(model_path):
    from ai_edge_litert import schema_py_generated as s

    ttype = _enum_names(s.TensorType)
    bop = _enum_names(s.BuiltinOperator)
    buf = open(model_path, "rb").read()
    m = s.Model.GetRootAs(buf, 0)

    opcodes = []
    for i in range(m.OperatorCodesLength()):
        oc = m.OperatorCodes(i)
        code = max(oc.BuiltinCode(), oc.DeprecatedBuiltinCode())
        name = bop.get(code, str(code))
        entry = {"builtin": name, "version": oc.Version()}
        if name == "CUSTOM":
            entry["custom"] = (oc.CustomCode() or b"").decode("utf-8", "replace")
        opcodes.append(entry)

    def tensor_info(g, ti):
        t = g.Tensors(ti)
        shape = [int(d) for d in t.ShapeAsNumpy()] if t.ShapeLength() else []
        sig = [int(d) for d in t.ShapeSignatureAsNumpy()] if t.ShapeSignatureLength() else None
        q = t.Quantization()
        quant = None
        if q is not None and q.ScaleLength() > 0:
            quant = {
                "scale": [float(x) for x in q.ScaleAsNumpy()][:8],
                "zero_point": [int(x) for x in q.ZeroPointAsNumpy()][:8] if q.ZeroPointLength() else [],
                "channels": q.ScaleLength(),
                "quantized_dimension": q.QuantizedDimension(),
            }
        return {
            "tensor": ti,
            "name": (t.Name() or b"").decode("utf-8", "replace"),
            "type": ttype.get(t.Type(), str(t.Type())),
            "shape": shape,
            "shape_signature": sig,
            "quantization": quant,
        }

    subgraphs = []
    op_use = {}
    types = set()
    sparse = 0
    quantized = 0
    variables = 0
    dynamic_tensors = 0
    fp16_dequant = 0
    for si in range(m.SubgraphsLength()):
        g = m.Subgraphs(si)
        for ti in range(g.TensorsLength()):
            t = g.Tensors(ti)
            types.add(ttype.get(t.Type(), str(t.Type())))
            if t.Sparsity() is not None:
                sparse += 1
            q = t.Quantization()
            if q is not None and q.ScaleLength() > 0:
                quantized += 1
            if t.IsVariable():
                variables += 1
            if t.ShapeSignatureLength() and (t.ShapeSignatureAsNumpy() < 0).any():
                dynamic_tensors += 1
        for oi in range(g.OperatorsLength()):
            op = g.Operators(oi)
            oc = opcodes[op.OpcodeIndex()]
            key = oc.get("custom") and "CUSTOM:" + oc["custom"] or oc["builtin"]
            op_use[key] = op_use.get(key, 0) + 1
            if oc["builtin"] == "DEQUANTIZE" and op.InputsLength() > 0 and op.Inputs(0) >= 0:
                t = g.Tensors(op.Inputs(0))
                if t.Type() == s.TensorType.FLOAT16:
                    fp16_dequant += 1
        subgraphs.append({
            "name": (g.Name() or b"").decode("utf-8", "replace"),
            "tensors": g.TensorsLength(),
            "operators": g.OperatorsLength(),
            "inputs": [tensor_info(g, g.Inputs(i)) for i in range(g.InputsLength())],
            "outputs": [tensor_info(g, g.Outputs(i)) for i in range(g.OutputsLength())],
        })

    metadata = [(m.Metadata(i).Name() or b"").decode("utf-8", "replace") for i in range(m.MetadataLength())]
    signatures = []
    for i in range(m.SignatureDefsLength()):
        sd = m.SignatureDefs(i)
        signatures.append({
            "key": (sd.SignatureKey() or b"").decode(),
            "subgraph": sd.SubgraphIndex(),
            "inputs": [(sd.Inputs(j).Name() or b"").decode() for j in range(sd.InputsLength())],
            "outputs": [(sd.Outputs(j).Name() or b"").decode() for j in range(sd.OutputsLength())],
        })
    zip_members = None
    try:
        zip_members = zipfile.ZipFile(io.BytesIO(buf)).namelist()
    except zipfile.BadZipFile:
        pass

    custom_ops = [o["custom"] for o in opcodes if "custom" in o]
    main = subgraphs[0] if subgraphs else {"inputs": [], "outputs": []}
    detected = []
    if fp16_dequant:
        detected.append("fp16-weights")
    if sparse:
        detected.append("sparse")
    if len(main["outputs"]) > 1:
        detected.append("multi-output")
    if "TFLITE_METADATA" in metadata:
        detected.append("metadata")
    if zip_members:
        detected.append("metadata-zip")
    if custom_ops:
        detected.append("custom-op")
    if "UINT8" in types:
        detected.append("uint8")
    if "INT8" in types:
        detected.append("int8")
    if any(t["shape_signature"] and min(t["shape_signature"]) < 0 for t in main["inputs"]):
        detected.append("dynamic-shape")
    if len(subgraphs) > 1:
        detected.append("multi-subgraph")
    if variables or "RESOURCE" in types:
        detected.append("stateful")
    if signatures:
        detected.append("signature")
    if "COMPLEX64" in types or "COMPLEX128" in types:
        detected.append("complex")
    builtin_versions = {}
    for o in opcodes:
        builtin_versions.setdefault(o["builtin"], set()).add(o["version"])
    if any(len(v) > 1 and k != "CUSTOM" for k, v in builtin_versions.items()):
        detected.append("op-versions")
    used = set()
    for si in range(m.SubgraphsLength()):
        g = m.Subgraphs(si)
        used.update(g.Operators(oi).OpcodeIndex() for oi in range(g.OperatorsLength()))
    unused = [o.get("custom") or o["builtin"] for i, o in enumerate(opcodes) if i not in used]
    if unused:
        detected.append("unused-opcodes")

    return {
        "schema_version": m.Version(),
        "description": (m.Description() or b"").decode("utf-8", "replace"),
        "opcodes": opcodes,
        "op_counts": op_use,
        "custom_ops": custom_ops,
        "unused_opcodes": unused,
        "metadata": metadata,
        "appended_zip": zip_members,
        "signatures": signatures,
        "tensor_types": sorted(types),
        "sparse_tensors": sparse,
        "quantized_tensors": quantized,
        "variable_tensors": variables,
        "dynamic_tensors": dynamic_tensors,
        "fp16_dequantize_ops": fp16_dequant,
        "subgraphs": subgraphs,
        "detected_properties": detected,
    }


# ---------------------------------------------------------------------------
# Inputs


NP_TYPES = {
    "FLOAT32": "float32", "FLOAT16": "float16", "FLOAT64": "float64",
    "INT8": "int8", "UINT8": "uint8", "INT16": "int16", "UINT16": "uint16",
    "INT32": "int32", "UINT32": "uint32", "INT64": "int64", "UINT64": "uint64",
    "BOOL": "bool", "COMPLEX64": "complex64", "COMPLEX128": "complex128",
}


def make_input(np, name, index, ttype, shape, float_range):
    """Deterministic input for input `index` of model `name`; returns (array, how)."""
    seed = zlib.crc32(f"{name}/input/{index}".encode())
    rng = np.random.default_rng(seed)
    dtype = NP_TYPES.get(ttype)
    if dtype is None:
        raise ValueError(f"cannot generate an input of type {ttype}")
    lo, hi = float_range
    if dtype in ("float32", "float16", "float64"):
        arr = rng.uniform(lo, hi, size=shape).astype(dtype)
        how = f"uniform[{lo:g},{hi:g})"
    elif dtype in ("complex64", "complex128"):
        arr = (rng.uniform(lo, hi, size=shape) + 1j * rng.uniform(lo, hi, size=shape)).astype(dtype)
        how = f"complex uniform[{lo:g},{hi:g})"
    elif dtype == "uint8":
        arr = rng.integers(0, 256, size=shape, dtype=np.int64).astype(np.uint8)
        how = "uniform ints [0,256)"
    elif dtype == "int8":
        arr = rng.integers(-128, 128, size=shape, dtype=np.int64).astype(np.int8)
        how = "uniform ints [-128,128)"
    elif dtype == "bool":
        arr = rng.integers(0, 2, size=shape, dtype=np.int64).astype(bool)
        how = "random bool"
    else:
        arr = rng.integers(0, 10, size=shape, dtype=np.int64).astype(dtype)
        how = "uniform ints [0,10)"
    return np.asarray(arr), f"{how}, numpy default_rng(seed={seed})"


def concrete_shape(info):
    sig = info.get("shape_signature")
    if sig:
        return [1 if d < 0 else d for d in sig]
    return list(info["shape"])


# ---------------------------------------------------------------------------
# Child: one model, in its own process.


def dtype_name(np, dt):
    return np.dtype(dt).name


def quant_of(detail):
    q = detail.get("quantization_parameters") or {}
    scales = q.get("scales")
    if scales is None or len(scales) == 0:
        return None
    return {"scale": [float(x) for x in scales[:8]],
            "zero_point": [int(x) for x in q.get("zero_points", [])[:8]],
            "channels": int(len(scales))}


def write_json(path, obj):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(obj, f, indent=2, sort_keys=False)
        f.write("\n")
    os.replace(tmp, path)


def set_stage(case_dir, stage):
    with open(os.path.join(case_dir, ".stage"), "w") as f:
        f.write(stage)
        f.flush()
        os.fsync(f.fileno())


def error_op(text):
    """The op a LiteRT error message says it cannot handle, or None."""
    import re
    pats = [
        r"unresolved custom op: ([A-Za-z0-9_.\-/]+?)\.?(?:\s|$)",
        r"Didn't find op for builtin opcode '([A-Za-z0-9_]+)'",
        r"Didn't find custom op for name '([^']+)'",
        r"Node number \d+ \(([^)]+)\) failed",
        r"Op builtin_code out of range: (\d+)",
    ]
    for p in pats:
        mm = re.search(p, text or "")
        if mm:
            return mm.group(1)
    return None


def child(name, base_dir, float_range):
    import numpy as np

    model = os.path.join(base_dir, "models", name + ".tflite")
    case_dir = os.path.join(base_dir, "cases", name)
    os.makedirs(case_dir, exist_ok=True)
    case_path = os.path.join(case_dir, "case.json")
    case = json.load(open(case_path))

    # Inputs come from the flatbuffer, so they exist even if LiteRT cannot load the model.
    set_stage(case_dir, "inputs")
    main = case["analysis"]["subgraphs"][0]
    inputs = []
    arrays = []
    for i, info in enumerate(main["inputs"]):
        shape = concrete_shape(info)
        arr, how = make_input(np, name, i, info["type"], shape, float_range)
        fname = f"input_{i}.npy"
        np.save(os.path.join(case_dir, fname), arr)
        arrays.append(arr)
        inputs.append({"index": i, "name": info["name"], "dtype": arr.dtype.name,
                       "shape": list(arr.shape), "shape_signature": info["shape_signature"],
                       "quantization": info["quantization"], "file": fname, "generator": how})
    case["inputs"] = inputs
    case["outputs"] = [{"index": i, "name": o["name"], "dtype": NP_TYPES.get(o["type"], o["type"].lower()),
                        "shape": o["shape"], "file": None} for i, o in enumerate(main["outputs"])]
    write_json(case_path, case)

    py = case["python"]
    stage = "load"
    try:
        set_stage(case_dir, stage)
        from ai_edge_litert.interpreter import Interpreter
        interp = Interpreter(model_path=model, num_threads=1)

        stage = "allocate"
        set_stage(case_dir, stage)
        details = interp.get_input_details()
        if len(details) != len(arrays):
            raise RuntimeError(f"LiteRT reports {len(details)} inputs, the flatbuffer {len(arrays)}")
        resized = False
        for d, arr in zip(details, arrays):
            if list(d["shape"]) != list(arr.shape):
                interp.resize_tensor_input(d["index"], list(arr.shape), strict=False)
                resized = True
        interp.allocate_tensors()
        py["resized_inputs"] = resized
        for d, arr in zip(interp.get_input_details(), arrays):
            if np.dtype(d["dtype"]) != arr.dtype:
                raise RuntimeError(f"input {d['name']}: LiteRT wants {np.dtype(d['dtype']).name}, "
                                   f"generated {arr.dtype.name}")
            interp.set_tensor(d["index"], arr)
        py["input_details"] = [{"name": d["name"], "dtype": dtype_name(np, d["dtype"]),
                                "shape": [int(x) for x in d["shape"]],
                                "shape_signature": [int(x) for x in d.get("shape_signature", d["shape"])],
                                "quantization": quant_of(d)} for d in interp.get_input_details()]

        stage = "invoke"
        set_stage(case_dir, stage)
        interp.invoke()

        stage = "outputs"
        set_stage(case_dir, stage)
        outputs = []
        for i, d in enumerate(interp.get_output_details()):
            arr = np.array(interp.get_tensor(d["index"]), copy=True)
            fname = f"expected_{i}.npy"
            np.save(os.path.join(case_dir, fname), arr)
            outputs.append({"index": i, "name": d["name"], "dtype": arr.dtype.name,
                            "shape": list(arr.shape), "quantization": quant_of(d), "file": fname,
                            "min": _num(arr.min()) if arr.size and arr.dtype.kind in "fiub" else None,
                            "max": _num(arr.max()) if arr.size and arr.dtype.kind in "fiub" else None,
                            "std": float(arr.astype(np.float64).std()) if arr.size and arr.dtype.kind in "fiub" else None,
                            "constant": bool(arr.size == 0 or (arr == arr.flat[0]).all()),
                            "finite": bool(np.isfinite(arr).all()) if arr.dtype.kind in "fc" else True})
        case["outputs"] = outputs
        try:
            py["signatures"] = interp.get_signature_list()
        except Exception:  # noqa: BLE001 - informational only
            pass
        py["status"] = "ok"
        py["stage"] = "done"
    except Exception as e:  # noqa: BLE001 - the point is to record it
        py["status"] = {"load": "load_failed", "allocate": "allocate_failed",
                        "invoke": "invoke_failed"}.get(stage, "error")
        py["stage"] = stage
        py["error_type"] = type(e).__name__
        py["error"] = str(e)
        py["traceback"] = traceback.format_exc().splitlines()[-6:]
        op = error_op(str(e))
        case["expected_error_op"] = op
    set_stage(case_dir, "done")
    write_json(case_path, case)
    return 0


def _num(x):
    x = x.item()
    return x if isinstance(x, (int, bool)) else float(x)


# ---------------------------------------------------------------------------
# Parent


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

    cmd = [sys.executable, os.path.abspath(__file__), "--child", name, "--dir", base_dir,
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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*", help="models to run (default: all in models.tsv)")
    ap.add_argument("--dir", default=DEFAULT_DIR, help="the .thirdparty directory (default: %(default)s)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per model (default: %(default)s)")
    ap.add_argument("--list", action="store_true", help="only print the table of existing cases")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--float-range", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    base_dir = os.path.abspath(args.dir)

    if args.child:
        lo, hi = (float(x) for x in args.float_range.split(","))
        return child(args.child, base_dir, (lo, hi))

    rows = read_list(derived=True)
    known = {r["name"] for r in rows}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        print(f"error: not in models.tsv: {', '.join(unknown)}", file=sys.stderr)
        return 2
    if args.names:
        rows = [r for r in rows if r["name"] in args.names]

    cases = []
    missing = []
    for row in rows:
        model = os.path.join(base_dir, "models", row["name"] + ".tflite")
        if args.list:
            p = os.path.join(base_dir, "cases", row["name"], "case.json")
            if os.path.exists(p):
                cases.append(json.load(open(p)))
            continue
        if not os.path.exists(model):
            missing.append(row["name"])
            continue
        print(f"reference {row['name']} ...", file=sys.stderr, flush=True)
        cases.append(run_one(row, base_dir, args.timeout))

    if cases:
        print_table([describe(c) for c in cases],
                    ["model", "size", "inputs", "outputs", "properties", "Python LiteRT"])
    if not args.list:
        index = os.path.join(base_dir, "cases", "index.json")
        summary = {}
        if os.path.exists(index):
            summary = json.load(open(index))
        for c in cases:
            summary[c["name"]] = {"status": c["python"]["status"], "error": c["python"].get("error"),
                                  "signal": c["python"].get("signal"),
                                  "expected_error_op": c.get("expected_error_op")}
        os.makedirs(os.path.dirname(index), exist_ok=True)
        write_json(index, dict(sorted(summary.items())))
    if missing:
        print(f"error: models not fetched (run scripts/thirdparty/fetch.sh): {', '.join(missing)}",
              file=sys.stderr)
        return 1
    bad = [c["name"] for c in cases if c["python"]["status"] in ("error", "timeout")]
    if bad:
        print(f"error: the reference harness itself failed on: {', '.join(bad)} (see child.log)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
