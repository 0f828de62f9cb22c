"""Reading and writing .tflite flatbuffers, and the facts the generator reads from them."""

from __future__ import annotations

import numpy as np

from .base import Interpreter, Step, schema
from tflite_files import pack_model  # noqa: E402 (scripts/lib is on sys.path once that module has run)


def read_model(data: bytes) -> "schema.ModelT":
    return schema.ModelT.InitFromObj(schema.Model.GetRootAs(bytearray(data), 0))


def write_model(model: "schema.ModelT") -> bytes:
    """Re-packs `model` with 16-byte-aligned buffers (tflite_files.pack_model)."""
    return pack_model(model)


OP_NAMES = {v: k for k, v in vars(schema.BuiltinOperator).items() if not k.startswith("_")}
TYPE_NAMES = {v: k for k, v in vars(schema.TensorType).items() if not k.startswith("_")}


def op_names(data: bytes) -> list[str]:
    """Distinct operator names, in order of first use over all subgraphs."""
    model = schema.Model.GetRootAs(bytearray(data), 0)
    seen: list[str] = []
    for s in range(model.SubgraphsLength()):
        sg = model.Subgraphs(s)
        for o in range(sg.OperatorsLength()):
            code = model.OperatorCodes(sg.Operators(o).OpcodeIndex())
            b = max(code.BuiltinCode(), code.DeprecatedBuiltinCode())
            name = code.CustomCode().decode() if b == schema.BuiltinOperator.CUSTOM else OP_NAMES.get(b, f"UNKNOWN_{b}")
            if name not in seen:
                seen.append(name)
    return seen


def model_facts(data: bytes) -> dict:
    m = read_model(data)
    sigs = {}
    for sd in m.signatureDefs or []:
        outputs = [o.name.decode() for o in sd.outputs or []]
        # LiteRT's CompiledModel lists a signature's outputs in the order of its subgraph's
        # outputs, not in SignatureDef order (which the converter sorts by name).
        by_tensor = {int(o.tensorIndex): o.name.decode() for o in sd.outputs or []}
        subgraph_outputs = [int(t) for t in m.subgraphs[sd.subgraphIndex].outputs]
        litert = [by_tensor[t] for t in subgraph_outputs if t in by_tensor]
        litert += [n for n in outputs if n not in litert]
        sigs[sd.signatureKey.decode()] = {
            "subgraph": sd.subgraphIndex,
            "inputs": [i.name.decode() for i in sd.inputs or []],
            "outputs": outputs,
            "litert_outputs": litert,
        }
    return {
        "subgraphs": len(m.subgraphs),
        "buffers": len(m.buffers or []),
        "metadata": [(x.name.decode(), int(x.buffer)) for x in m.metadata or []],
        "metadata_buffer": None if m.metadataBuffer is None else [int(v) for v in m.metadataBuffer],
        "signatures": sigs,
        "offset_buffers": sum(1 for b in m.buffers or [] if b.offset),
    }


def main_inputs(data: bytes) -> list[dict]:
    """get_input_details() of subgraph 0 (name, shape, shape_signature, dtype), in order."""
    interp = Interpreter(model_content=bytes(data), num_threads=1)
    return [{"name": d["name"], "shape": tuple(int(v) for v in d["shape"]),
             "shape_signature": tuple(int(v) for v in d["shape_signature"]), "dtype": d["dtype"]}
            for d in interp.get_input_details()]


def null_step(data: bytes, values: dict[str, np.ndarray]) -> Step:
    """A main-subgraph step keyed by POSITION, from values keyed by signature input name.

    Subgraph 0 orders its inputs its own way (e.g. 'threshold' before 'x'), so the position of
    each input is looked up from its tensor name ('serving_default_<name>:0').
    """
    inputs = {}
    for i, d in enumerate(main_inputs(data)):
        match = [n for n in values if d["name"].endswith(f"_{n}:0") or d["name"] == n]
        if len(match) != 1:
            raise RuntimeError(f"cannot place input {d['name']} among {list(values)}")
        inputs[str(i)] = values[match[0]]
    return Step(None, inputs)


def quantize_like(x: np.ndarray, data: bytes) -> np.ndarray:
    """Quantizes float values with input 0's scale/zero point (for integer-I/O models)."""
    d = Interpreter(model_content=bytes(data)).get_input_details()[0]
    scale, zero = d["quantization"]
    info = np.iinfo(d["dtype"])
    return np.clip(np.round(x / scale) + zero, info.min, info.max).astype(d["dtype"])
