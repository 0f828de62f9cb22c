#!/usr/bin/env python3
"""Derived third-party models: ai-edge-quantizer's recipes applied to the real models that carry
TFLite metadata (MediaPipe's, for example), the way users re-quantize models they did not make.

    .venv-thirdparty/bin/python scripts/thirdparty/quantize.py   # run by reference.sh

For every row of models.tsv tagged `metadata` it writes
.thirdparty/models/<name>__aeq_<recipe>.tflite for each recipe below, and lists them in
.thirdparty/derived.tsv (same columns as models.tsv; package = ai-edge-quantizer), which
reference.py and check.py read after models.tsv. The quantizer rewrites such files in ways
our verifier once refused (it renumbers buffers but leaves the deprecated metadata_buffer
list pointing past the end); Python LiteRT runs them, so TensorBridge must too.

Only recipes that need no calibration: ai-edge-quantizer calibrates through signatures, and
these models have none. Idempotent: a derived model whose source is unchanged is kept.

ai-edge-quantizer (0.10.0) takes float32 constant weights, and reads an operator's code from
`builtin_code` alone. Most of MediaPipe's files differ on both counts, and the quantizer then
returns them unchanged, silently:
- files written before schema 3a keep the code in `deprecated_builtin_code` and leave
  `builtin_code` 0, so every operator reads as ADD;
- MediaPipe publishes float16 weights, each expanded by a DEQUANTIZE operator at run time.
So each source is first brought to the float32 model the converter writes without float16
weights: the opcode table as TensorFlow Lite's own `GetBuiltinCode` reads it (the larger of the
two fields), and each DEQUANTIZE of a constant float16 tensor replaced by that constant in
float32 (exact: every float16 is a float32). A recipe that quantizes none of its float32
weights fails; a model without float32 weights (already quantized) gives no derived model.
"""
import hashlib
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from reference import DEFAULT_DIR, read_list  # noqa: E402
from tflite_files import pack_model  # noqa: E402

# Part of each derived model's stamp: change it when the way derived models are made changes.
MAKING = "float32-source-v2"
RECIPES = ["dynamic_wi8_afp32", "weight_only_wi8_afp32", "weight_only_wi4_afp32", "dynamic_wi4_afp32"]
COLUMNS = ["name", "package", "version", "dist", "path", "sha256", "float_range", "properties"]
DEQUANTIZE = 6
NOTHING = "nothing to quantize"


def float32_source(data):
    """The model as the quantizer reads it (see the module's doc): builtin codes filled,
    constant float16 weights and their DEQUANTIZE operators folded into float32 constants."""
    import numpy as np  # noqa: PLC0415
    from ai_edge_litert import schema_py_generated as schema  # noqa: PLC0415

    model = schema.ModelT.InitFromPackedBuf(data, 0)
    changed = False
    for code in model.operatorCodes or []:
        if code.builtinCode < code.deprecatedBuiltinCode:
            code.builtinCode = code.deprecatedBuiltinCode
            changed = True
    codes = [code.builtinCode for code in model.operatorCodes or []]
    for subgraph in model.subgraphs or []:
        kept = []
        for op in subgraph.operators or []:
            source = subgraph.tensors[op.inputs[0]] if codes[op.opcodeIndex] == DEQUANTIZE else None
            buffer = model.buffers[source.buffer] if source is not None and source.buffer > 0 else None
            if (buffer is None or buffer.data is None or source.type != schema.TensorType.FLOAT16
                    or source.sparsity is not None or op.outputs[0] in list(subgraph.outputs)):
                kept.append(op)
                continue
            values = np.frombuffer(bytes(buffer.data), dtype="<f2").astype("<f4")
            folded = schema.BufferT()
            folded.data = np.frombuffer(values.tobytes(), dtype=np.uint8)
            model.buffers.append(folded)
            subgraph.tensors[op.outputs[0]].buffer = len(model.buffers) - 1
            changed = True
        subgraph.operators = kept
    if not changed:
        return data
    return pack_model(model)


def constant_tensors(data, kinds):
    """How many constant tensors of the model have one of the `kinds` of TensorType."""
    from ai_edge_litert import schema_py_generated as schema  # noqa: PLC0415

    model = schema.ModelT.InitFromPackedBuf(data, 0)

    def constant(tensor):
        buffer = model.buffers[tensor.buffer] if 0 < tensor.buffer < len(model.buffers) else None
        return buffer is not None and (buffer.data is not None or buffer.size > 0)

    return sum(1 for subgraph in model.subgraphs or [] for tensor in subgraph.tensors or []
               if tensor.type in kinds and constant(tensor))


def float_weights(data):
    """The model's float32 constants (what the recipes quantize)."""
    from ai_edge_litert.schema_py_generated import TensorType  # noqa: PLC0415
    return constant_tensors(data, (TensorType.FLOAT32,))


def quantized_weights(data):
    """The model's int8 and int4 constants (the recipes' weight types)."""
    from ai_edge_litert.schema_py_generated import TensorType  # noqa: PLC0415
    return constant_tensors(data, (TensorType.INT8, TensorType.INT4))


def main():
    from ai_edge_quantizer import quantizer, recipe  # noqa: PLC0415
    import importlib.metadata  # noqa: PLC0415

    version = importlib.metadata.version("ai-edge-quantizer")
    base = DEFAULT_DIR
    models = os.path.join(base, "models")
    rows = []
    for row in read_list():
        if "metadata" not in row["properties"]:
            continue
        source = os.path.join(models, row["name"] + ".tflite")
        if not os.path.exists(source):
            print(f"skip {row['name']}: {source} missing (run fetch.sh)", file=sys.stderr)
            continue
        data = open(source, "rb").read()
        prepared = None
        for name in RECIPES:
            derived = f"{row['name']}__aeq_{name}"
            target = os.path.join(models, derived + ".tflite")
            stamp = target + ".source-sha256"
            source_hash = hashlib.sha256(data).hexdigest() + " " + version + " " + MAKING
            made = open(stamp).read() if os.path.exists(stamp) else None
            if made == source_hash + " " + NOTHING:
                continue
            if not (os.path.exists(target) and made == source_hash):
                for stale in (target, stamp):
                    if os.path.exists(stale):
                        os.remove(stale)
                if prepared is None:
                    prepared = float32_source(data)
                try:
                    q = quantizer.Quantizer(bytearray(prepared), getattr(recipe, name)())
                    result = bytes(q.quantize(None, enable_progress_report=False).quantized_model)
                except Exception as error:  # noqa: BLE001 - the quantizer's own failure, reported
                    print(f"skip {derived}: ai-edge-quantizer failed: {str(error).splitlines()[0][:200]}", file=sys.stderr)
                    continue
                if quantized_weights(result) <= quantized_weights(prepared):
                    if float_weights(prepared):
                        sys.exit(f"{derived}: ai-edge-quantizer quantized none of the model's float32 weights "
                                 "(the corpus would test the float model twice)")
                    print(f"skip {derived}: {NOTHING} (no float32 weight: an already quantized model)",
                          file=sys.stderr)
                    shutil.rmtree(os.path.join(base, "cases", derived), ignore_errors=True)
                    with open(stamp, "w") as f:
                        f.write(source_hash + " " + NOTHING)
                    continue
                with open(target, "wb") as f:
                    f.write(result)
                with open(stamp, "w") as f:
                    f.write(source_hash)
            digest = hashlib.sha256(open(target, "rb").read()).hexdigest()
            lo, hi = row["float_range"]
            props = row["properties"] + [f"aeq-{name}"]
            rows.append([derived, "ai-edge-quantizer", version, "derived", f"{row['name']} recipe.{name}()",
                         digest, f"{lo:g},{hi:g}", ",".join(props)])
            print(f"quantized {derived}", file=sys.stderr)
    with open(os.path.join(base, "derived.tsv"), "w") as f:
        f.write("# Generated by scripts/thirdparty/quantize.py: ai-edge-quantizer recipes on metadata models.\n")
        f.write("\t".join(COLUMNS) + "\n")
        for r in rows:
            f.write("\t".join(r) + "\n")


if __name__ == "__main__":
    main()
