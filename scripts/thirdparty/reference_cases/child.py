"""Child: one model, in its own process."""
import json
import os
import traceback

from .inputs import NP_TYPES, batch, concrete_shape, dynamic_dim, make_input, rebatch


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
    fixed = dynamic_dim(case.get("properties", []))
    leading = batch(case.get("properties", []))
    forced = rebatch(case.get("properties", []))
    for i, info in enumerate(main["inputs"]):
        shape = concrete_shape(info, fixed, leading, forced)
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
