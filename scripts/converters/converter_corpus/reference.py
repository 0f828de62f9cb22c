"""Python LiteRT references: running the steps, load errors, the CompiledModel API, --verify."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import numpy as np

from .base import Interpreter, OpResolverType, Step, file_safe
from .model_io import model_facts


def new_interpreter(data: bytes, builtin_kernels: bool = False) -> Interpreter:
    kwargs = {}
    if builtin_kernels:
        kwargs["experimental_op_resolver_type"] = OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES
    return Interpreter(model_content=bytes(data), num_threads=1, **kwargs)


def as_output(value) -> np.ndarray:
    """A copy with Python LiteRT's dtype and shape; string tensors become numpy `S` arrays."""
    arr = np.array(value, copy=True)
    if arr.dtype == object or arr.dtype.kind == "U":
        flat = [v if isinstance(v, bytes) else str(v).encode() for v in arr.reshape(-1).tolist()]
        width = max([len(v) for v in flat] + [1])
        arr = np.array(flat, dtype=f"S{width}").reshape(arr.shape)
    return arr


def run_steps(data: bytes, steps: list[Step], builtin_kernels: bool = False) -> list[list[tuple[str, np.ndarray]]]:
    """Runs every step on ONE interpreter; per step the outputs as (name, array) in file order."""
    interp = new_interpreter(data, builtin_kernels)
    interp.allocate_tensors()
    order = {k: v["litert_outputs"] for k, v in model_facts(data)["signatures"].items()}
    results = []
    for step in steps:
        if step.signature is None:
            details = interp.get_input_details()
            by_name = {d["name"]: d for d in details}
            targets, resized = [], False
            for key, value in step.inputs.items():
                d = details[int(key)] if key.isdigit() else by_name[key]
                if tuple(int(v) for v in d["shape"]) != value.shape:
                    interp.resize_tensor_input(d["index"], list(value.shape), strict=False)
                    resized = True
                targets.append((d["index"], value))
            if resized:
                interp.allocate_tensors()
            for index, value in targets:
                interp.set_tensor(index, value)
            interp.invoke()
            outs = [(d["name"], as_output(interp.get_tensor(d["index"]))) for d in interp.get_output_details()]
        else:
            runner = interp.get_signature_runner(step.signature)
            result = runner(**step.inputs)
            names = order[step.signature]
            if sorted(names) != sorted(result):
                raise RuntimeError(f"signature {step.signature}: runner gave {sorted(result)}, SignatureDef lists {names}")
            outs = [(n, as_output(result[n])) for n in names]
            # The runner's arrays may alias interpreter memory; a later allocate_tensors()
            # refuses to run while such references are alive.
            del result, runner
        results.append(outs)
    return results


def load_error(data: bytes) -> str | None:
    """Python LiteRT's error when loading the model and allocating its tensors, or None.

    (No invoke: with unset inputs some models crash LiteRT, e.g. string_hashtable segfaults
    in HASHTABLE_FIND when its string input was never written.)
    """
    try:
        interp = new_interpreter(data)
        interp.allocate_tensors()
    except Exception as e:  # noqa: BLE001
        return str(e)
    return None


def compiled_model(data: bytes) -> tuple[dict | None, str | None]:
    """Loads the model with ai_edge_litert.compiled_model (the API TensorBridge uses).

    Returns (get_signature_list(), None) or (None, error). LiteRT logs the actual reason for a
    refusal to the process's stderr; it is captured and its ERROR lines lead the error text.
    """
    from ai_edge_litert.compiled_model import CompiledModel  # noqa: PLC0415

    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as log:
        os.dup2(log.fileno(), 2)
        try:
            signatures, error = CompiledModel.from_buffer(bytes(data)).get_signature_list(), None
        except Exception as e:  # noqa: BLE001
            signatures, error = None, " ".join(str(e).split())
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        log.seek(0)
        logged = [line.strip() for line in log.read().decode(errors="replace").splitlines()
                  if line.startswith("ERROR")]
    return signatures, (None if error is None else "; ".join(logged + [error]))


def same(a: np.ndarray, b: np.ndarray) -> bool:
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype.kind in "fc":
        return np.array_equal(a, b, equal_nan=True)
    return np.array_equal(a, b)


def float_error(got: np.ndarray, want: np.ndarray) -> float:
    """Largest |got - want| / max(1, |want|) (the checker's measure), 0 for empty arrays."""
    if want.size == 0:
        return 0.0
    g, x = np.atleast_1d(got.astype(np.float64)), np.atleast_1d(want.astype(np.float64))
    both_nan = np.isnan(g) & np.isnan(x)
    err = np.abs(g - x) / np.maximum(1.0, np.abs(x))
    err[both_nan] = 0.0
    err[np.isnan(err)] = np.inf
    return float(err.max())


def load_steps(folder: Path) -> list[Step]:
    steps = []
    for entry in json.loads((folder / "steps.json").read_text()):
        inputs = {key: np.load(folder / rel, allow_pickle=False) for key, rel in entry["inputs"].items()}
        steps.append(Step(entry["signature"], inputs))
    return steps


# How far a float output re-run on another CPU may be from its committed reference and still
# count as reproduced: XNNPACK picks its microkernels by CPU, so on some machines LSTM, GRU,
# attention and blockwise-int4 outputs move by float32 rounding (on an AMD EPYC, run after run,
# 6 cases by at most 1.2e-7 relative). 1e-6 is about 8 float32 epsilons and a hundred times
# below any case's float_tolerance; anything further is a failure.
ROUNDING = 1e-6


def verify_case(folder: Path, rounding: list[str] | None = None) -> list[str]:
    """Re-runs a committed case through Python LiteRT; returns problems (empty if it reproduces).

    Float outputs that are not bit-identical but within ROUNDING are appended to `rounding`
    (as "step K: FILE max relative error E"), not counted as problems."""
    meta = json.loads((folder / "case.json").read_text())
    data = (folder / "model.tflite").read_bytes()
    if meta["expect"] == "load_error" and not (folder / "expected").is_dir():
        message = load_error(data)
        if message is None:
            return ["Python LiteRT now loads it"]
        return [f"error lacks {s!r}" for s in meta["error_contains"] if s not in message]
    problems = []
    results = run_steps(data, load_steps(folder), builtin_kernels=meta.get("reference_kernels") == "builtin")
    for k, outs in enumerate(results):
        files = sorted((folder / "expected" / str(k)).glob("*.npy"), key=lambda p: int(p.name.split("_", 1)[0]))
        if len(files) != len(outs):
            problems.append(f"step {k}: {len(outs)} outputs, {len(files)} files")
            continue
        for i, ((name, value), path) in enumerate(zip(outs, files)):
            if path.name != f"{i}_{file_safe(name)}.npy":
                problems.append(f"step {k}: output {i} {name!r} vs file {path.name}")
            else:
                want = np.load(path, allow_pickle=False)
                if same(value, want):
                    continue
                close = value.dtype == want.dtype and value.shape == want.shape and value.dtype.kind in "fc"
                error = float_error(value, want) if close else None
                if error is not None and error <= ROUNDING:
                    if rounding is not None:
                        rounding.append(f"step {k}: {path.name} max relative error {error:.2g}")
                else:
                    detail = "" if error is None else f" (max relative error {error:.2g})"
                    problems.append(f"step {k}: {path.name} does not reproduce{detail}")
    return problems
