"""Writing a case folder: inputs, steps.json, references checked twice and against the builtin kernels."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import numpy as np

from .base import VERSIONS, Built, Case, Step, file_safe
from .model_io import model_facts, op_names
from .reference import compiled_model, float_error, load_error, load_steps, run_steps, same


def write_case(c: Case, built: Built, out_dir: Path) -> dict:
    folder = out_dir / c.name
    if folder.exists():
        shutil.rmtree(folder)
    (folder / "inputs").mkdir(parents=True)
    (folder / "model.tflite").write_bytes(built.model)

    steps_json = []
    for k, step in enumerate(built.steps):
        entry = {"signature": step.signature, "inputs": {}}
        for key, value in step.inputs.items():
            rel = f"inputs/{k}_{file_safe(key)}.npy"
            if (folder / rel).exists():
                raise RuntimeError(f"step {k}: two inputs map to {rel}")
            np.save(folder / rel, value, allow_pickle=False)
            entry["inputs"][key] = rel
        steps_json.append(entry)
    (folder / "steps.json").write_text(json.dumps(steps_json, indent=2) + "\n")

    # Python sees the model through the step inputs exactly as saved (e.g. <U strings stay unicode).
    steps = load_steps(folder)
    summary = {"ops": op_names(built.model), "size": len(built.model), "facts": model_facts(built.model)}
    notes = " ".join(x for x in (c.notes, built.notes) if x)
    cm_signatures, cm_error = compiled_model(built.model)
    for key, sig in (cm_signatures or {}).items():
        if key not in summary["facts"]["signatures"]:
            continue  # e.g. "<placeholder signature>", which LiteRT makes up for signature-less models
        mine = summary["facts"]["signatures"][key]["litert_outputs"]
        if list(sig["outputs"]) != mine:
            raise RuntimeError(f"{c.name}: CompiledModel lists {key} outputs {sig['outputs']}, generator {mine}")
    if c.classic_only:
        refusal = cm_error
        if refusal is None:
            raise RuntimeError(f"{c.name}: LiteRT's CompiledModel loads the model; expect 'ok' instead")
        notes = (notes + " " if notes else "") + (
            f"Python's classic interpreter runs it (expected/ holds its outputs), but LiteRT "
            f"{VERSIONS['LITERT_VERSION']}'s CompiledModel API refuses to load it: \"{refusal[:200]}\".")
        summary["compiled_model_error"] = refusal
    if c.lowered:
        if cm_error is None:
            raise RuntimeError(f"{c.name}: LiteRT's CompiledModel loads the model; drop 'lowered'")
        notes = (notes + " " if notes else "") + (
            f"LiteRT {VERSIONS['LITERT_VERSION']}'s CompiledModel API (also from Python) refuses to load it: "
            f"\"{cm_error[:200]}\". TensorBridge lowers the fused operator to builtin operators over resource "
            "variables at load (TFLiteFormat's RecurrentStateLowering), so the CLI must match these references.")
        summary["compiled_model_error"] = cm_error
    if c.expect == "load_error" and not c.classic_only:
        message = load_error(built.model)
        if message is None:
            raise RuntimeError(f"{c.name}: Python LiteRT loads and runs the model, expected a load error")
        missing = [s for s in c.error_contains if s not in message]
        if missing:
            raise RuntimeError(f"{c.name}: Python's error lacks {missing}: {message}")
        first_line = " ".join(message.split())[:300]
        notes = (notes + " " if notes else "") + f"Python LiteRT {VERSIONS['LITERT_VERSION']} refuses it too: \"{first_line}\""
        summary["python_error"] = first_line
    else:
        first = run_steps(built.model, steps, builtin_kernels=c.xnnpack_misreads)
        again = run_steps(built.model, steps, builtin_kernels=c.xnnpack_misreads)
        for k, (a, b) in enumerate(zip(first, again)):
            for (name, x), (_, y) in zip(a, b):
                if not same(x, y):
                    raise RuntimeError(f"{c.name}: step {k} output {name} differs between two interpreters")
        if c.xnnpack_misreads:
            notes = (notes + " " if notes else "") + xnnpack_misreading(c, built.model, steps, first)
            builtin = first  # the references are the builtin kernels' already
        else:
            builtin = run_steps(built.model, steps, builtin_kernels=True)
        worst, int_diffs = 0.0, []
        for k, (a, b) in enumerate(zip(first, builtin)):
            for (name, x), (_, y) in zip(a, b):
                if x.dtype != y.dtype or x.shape != y.shape:
                    raise RuntimeError(f"{c.name}: builtin kernels give {y.dtype}{y.shape} for {name}, XNNPACK {x.dtype}{x.shape}")
                if x.dtype.kind == "f":
                    worst = max(worst, float_error(y, x))
                elif not np.array_equal(x, y):
                    int_diffs.append(f"step {k} {name}: max |diff| {np.abs(x.astype(np.int64) - y.astype(np.int64)).max()}")
        if worst > c.tolerance:
            if not c.kernels_disagree:
                raise RuntimeError(f"{c.name}: builtin kernels differ from XNNPACK by {worst:.3g} > tolerance {c.tolerance}")
            notes = (notes + " " if notes else "") + (
                f"Python's builtin kernels (no XNNPACK) differ from these (XNNPACK) references by up to "
                f"{worst:.3g} (beyond float_tolerance).")
        if int_diffs:
            # Kept exact in the checker (the CLI's LiteRT uses XNNPACK like these references), but said.
            print(f"note {c.name}: builtin kernels and XNNPACK give different integers: {int_diffs}", file=sys.stderr)
            notes = (notes + " " if notes else "") + (
                "Python's builtin kernels (no XNNPACK) give other integers than these (XNNPACK) "
                f"references: {'; '.join(int_diffs)}.")
        summary["builtin_vs_xnnpack"] = float("nan") if c.xnnpack_misreads else worst
        if built.check:
            built.check([[v for _, v in outs] for outs in first])
        for k, outs in enumerate(first):
            (folder / "expected" / str(k)).mkdir(parents=True)
            for i, (name, value) in enumerate(outs):
                np.save(folder / "expected" / str(k) / f"{i}_{file_safe(name)}.npy", value, allow_pickle=False)
        summary["outputs"] = [[(n, str(v.dtype), list(v.shape)) for n, v in outs] for outs in first]

    meta = {"path": c.path, "expect": c.expect}
    if c.expect == "load_error":
        meta["error_contains"] = c.error_contains
    meta["float_tolerance"] = c.tolerance
    meta["notes"] = notes
    if c.runtime_limit:
        meta["runtime_limit"] = c.runtime_limit
    if c.xnnpack_misreads:
        meta["reference_kernels"] = "builtin"
    (folder / "case.json").write_text(json.dumps(meta, indent=2, ensure_ascii=False) + "\n")
    return summary


def xnnpack_misreading(c: Case, data: bytes, steps: list[Step], builtin: list[list[tuple[str, np.ndarray]]]) -> str:
    """How Python's default interpreter (XNNPACK) gets a `xnnpack_misreads` case wrong, for the
    notes; raises if it now computes what the builtin kernels do."""
    try:
        default = run_steps(data, steps)
    except Exception as e:  # noqa: BLE001
        said = " ".join(str(e).split())[:200]
        return (f"Python's default interpreter (XNNPACK) fails on it (\"{said}\"); these references are Python's "
                "builtin kernels' (OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES).")
    worst = max((float_error(x, y) for a, b in zip(default, builtin) for (_, x), (_, y) in zip(a, b)
                 if y.dtype.kind == "f"), default=0.0)
    if worst <= c.tolerance:
        raise RuntimeError(f"{c.name}: XNNPACK now matches the builtin kernels ({worst:.3g}); drop xnnpack_misreads")
    return (f"Python's default interpreter (XNNPACK) differs from Python's builtin kernels by up to {worst:.3g}: "
            "it reads the sparse int8 weights of the hybrid FULLY_CONNECTED as a dense matrix, past the end of "
            "their buffer. These references are the builtin kernels' (OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES), "
            "which read them sparse.")
