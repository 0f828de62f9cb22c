#!/usr/bin/env python3
"""Runs every converter-corpus model at batch 2 (or another size along another axis) in Python
LiteRT and in `tensorbridge run`, and checks that both end alike: both run with the same output
shapes (values within --atol), or both fail. Python's `resize_tensor_input` is non-strict by
default, so a model the file fixes at batch 1 (or at a sequence length of 5) may still run a
batch (or 7 steps); TensorBridge's `resizeInput` follows it.

    python="$(bash bench/venv.sh)"     # ai-edge-litert + numpy, pinned in scripts/versions.env
    "$python" scripts/converters/rebatch.py --tensorbridge .build/debug/tensorbridge
    "$python" scripts/converters/rebatch.py --tensorbridge .build/debug/tensorbridge --axis 1 --size 7

Inputs are seeded random values at each input's stored shape with dimension --axis (default 0)
set to --size (default 2); inputs of lower rank keep their shape (string inputs and scalars are
skipped). Python runs with its default kernels (XNNPACK), or
its builtin ones where the case's references are those (`reference_kernels` in case.json), and
TensorBridge with the same (`--no-xnnpack`).
Python runs in a child process (its interpreter dies of SIGFPE on some sizes of some
dynamically quantized models); where it crashes, TensorBridge must end with an error, and
TensorBridge crashing is always a difference. Known differences are listed in KNOWN with their
reason; any other one fails (exit 1).
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from ai_edge_litert.interpreter import Interpreter, OpResolverType

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Cases that end differently, and why (each checked by hand).
KNOWN = {
    "bidirectional_rnn_aux_time_major_strided": "the RNN kernel reads this auxiliary input strided by the "
    "input's width, which TensorBridge lowers only unrolled over the file's sequence length (refused, named)",
    "bidirectional_rnn_aux_hybrid_strided": "the same strided auxiliary input, hybrid",
    # At height 7 an intermediate is left empty: LiteRT's builtin DEPTHWISE_CONV_2D refuses it,
    # Python's XNNPACK returns empty outputs ([1, 0, 1, 1404]); TensorBridge refuses sizes the
    # builtin kernels refuse in a dynamically quantized model (XNNPACK's SIGFPE guard), naming
    # the operator. The weight-only twin has no such operator and gives the same empty outputs.
    "face_landmark__aeq_dynamic_wi4_afp32": "an empty intermediate the builtin kernels refuse, in a dynamically "
    "quantized model: refused (named) where Python's XNNPACK returns empty outputs",
}

# Models whose outputs differ by more than --atol for a known reason, with the bound they keep.
TOLERANCES = {
    # Symmetric hybrid LSTMs run on XNNPACK's dynamically quantized FULLY_CONNECTED, which
    # quantizes activations asymmetrically with its own rounding (within 9e-8 on the builtin
    # kernels; see RecurrentStateTests.symmetricHybridTolerances).
    "lstm_hybrid_batch2": 5e-3,
    "lstm_hybrid_diagonal_recurrent": 5e-3,
}


def refused_by_design(path):
    """Whether a recurrent fixture's reference says TensorBridge refuses it at load (checked by
    RecurrentStateTests, whatever the sizes)."""
    reference = path[: -len(".tflite")] + ".reference.json"
    if not os.path.exists(reference):
        return False
    with open(reference) as file:
        return json.load(file).get("refused") is not None


def inputs_resized(details, rng, axis, size):
    arrays = []
    for detail in details:
        shape = [int(v) for v in detail["shape"]]
        if axis < len(shape):
            shape[axis] = size
        dtype = detail["dtype"]
        if np.issubdtype(dtype, np.floating):
            arrays.append(rng.uniform(-1, 1, shape).astype(dtype))
        elif dtype == np.bool_:
            arrays.append(rng.integers(0, 2, shape).astype(np.bool_))
        else:
            arrays.append(rng.integers(0, 5, shape).astype(dtype))
    return arrays


def python_outputs(path, arrays, builtin):
    """Python LiteRT's outputs, with its builtin kernels when the case's references are those."""
    resolver = OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES if builtin else OpResolverType.AUTO
    interpreter = Interpreter(model_path=path, num_threads=1, experimental_op_resolver_type=resolver)
    details = interpreter.get_input_details()
    for detail, array in zip(details, arrays):
        interpreter.resize_tensor_input(detail["index"], list(array.shape))
    interpreter.allocate_tensors()
    for detail, array in zip(interpreter.get_input_details(), arrays):
        interpreter.set_tensor(detail["index"], array)
    interpreter.invoke()
    return [interpreter.get_tensor(o["index"]) for o in interpreter.get_output_details()]


def python_in_child(path, arrays, builtin, folder):
    """`python_outputs` in a child process, since Python's interpreter dies (SIGFPE) on some
    sizes: ("runs", outputs), ("fails: …", None) or ("crashes: signal N", None)."""
    np.savez(os.path.join(folder, "python_in.npz"), *arrays)
    result = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--child", path, folder] + (["--builtin"] if builtin else []),
        capture_output=True, text=True, timeout=300)
    if result.returncode < 0:
        return f"crashes: signal {-result.returncode}", None
    if result.returncode != 0:
        lines = [line for line in result.stderr.strip().splitlines() if line.strip()]
        return "fails: " + (lines[-1] if lines else "exit %d" % result.returncode)[:80], None
    with np.load(os.path.join(folder, "python_out.npz"), allow_pickle=True) as outputs:  # our own file
        return "runs", [outputs[f"arr_{k}"] for k in range(len(outputs.files))]


def child(path, folder, builtin):
    with np.load(os.path.join(folder, "python_in.npz"), allow_pickle=True) as inputs:  # our own file
        arrays = [inputs[f"arr_{k}"] for k in range(len(inputs.files))]
    try:
        outputs = python_outputs(path, arrays, builtin)
    except Exception as error:  # noqa: BLE001 - reported to the parent
        print(str(error).splitlines()[0] if str(error) else type(error).__name__, file=sys.stderr)
        return 1
    np.savez(os.path.join(folder, "python_out.npz"), *outputs)
    return 0


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "--child":
        return child(sys.argv[2], sys.argv[3], "--builtin" in sys.argv[4:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tensorbridge", required=True)
    parser.add_argument("--atol", type=float, default=1e-4)
    parser.add_argument("--axis", type=int, default=0, help="the dimension to change (default 0)")
    parser.add_argument("--size", type=int, default=2, help="its new size (default 2)")
    parser.add_argument("--models", default="Tests/Fixtures/converters/*/model.tflite",
                        help="the models, a glob below the repository (default: the converter corpus)")
    args = parser.parse_args()
    agree, known, unexpected = 0, 0, []
    for path in sorted(glob.glob(os.path.join(ROOT, args.models))):
        name = os.path.basename(os.path.dirname(path)) if path.endswith("/model.tflite") else \
            os.path.basename(path)[: -len(".tflite")]
        try:
            details = Interpreter(model_path=path, num_threads=1).get_input_details()
        except Exception:  # noqa: BLE001 - models Python cannot load are the corpus check's business
            continue
        if not details or any(len(d["shape"]) == 0 or d["dtype"] in (np.bytes_, np.object_) for d in details):
            continue
        if all(len(d["shape"]) <= args.axis for d in details) or refused_by_design(path):
            continue
        arrays = inputs_resized(details, np.random.default_rng(3), args.axis, args.size)
        case_file = os.path.join(os.path.dirname(path), "case.json")
        builtin = False
        if path.endswith("/model.tflite") and os.path.exists(case_file):
            with open(case_file) as case:
                builtin = json.load(case).get("reference_kernels") == "builtin"
        with tempfile.TemporaryDirectory() as folder:
            python, expected = python_in_child(path, arrays, builtin, folder)
            command = [args.tensorbridge, "run", path, "--output-dir", os.path.join(folder, "out")]
            if builtin:
                command.append("--no-xnnpack")
            for k, array in enumerate(arrays):
                np.save(os.path.join(folder, f"in{k}.npy"), array)
                command += ["--input", f"{k}={os.path.join(folder, f'in{k}.npy')}"]
            result = subprocess.run(command, capture_output=True, text=True, timeout=300)
            if result.returncode < 0:
                ours = f"crashes: signal {-result.returncode}"
            else:
                ours = "runs" if result.returncode == 0 else "fails: " + (result.stderr or result.stdout).strip()[:120]
            problem = None
            if expected is not None and result.returncode == 0:
                written = sorted(os.listdir(os.path.join(folder, "out")))
                for k, want in enumerate(expected):
                    files = [f for f in written if f.startswith(f"{k}_")]
                    got = np.load(os.path.join(folder, "out", files[0])) if files else None
                    if got is None or got.shape != want.shape:
                        problem = f"output {k}: shape {None if got is None else got.shape}, Python {want.shape}"
                        break
                    if want.dtype.kind in "fiub":
                        diff = float(np.abs(got.astype(np.float64) - want.astype(np.float64)).max(initial=0))
                        if diff > TOLERANCES.get(name, args.atol):
                            problem = f"output {k}: max diff {diff:.3g}"
                            break
            # Where Python crashes, TensorBridge must fail with an error; it never may crash.
            same = (python == "runs") == (ours == "runs") and problem is None and not ours.startswith("crashes")
        verdict = "AGREE" if same else ("KNOWN" if name in KNOWN else "DIFFER")
        print(f"{verdict:6} {name:48} Python {python[:60]:60} | TensorBridge {ours[:70]}{' | ' + problem if problem else ''}")
        if same:
            agree += 1
        elif name in KNOWN:
            known += 1
        else:
            unexpected.append(name)
    print(f"rebatch (axis {args.axis} at {args.size}): {agree} agree, {known} known differences, "
          f"{len(unexpected)} unexpected")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
