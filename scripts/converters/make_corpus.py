#!/usr/bin/env python3
"""Builds the converter corpus in Tests/Fixtures/converters/.

One tiny .tflite model per path real users take to make TFLite/LiteRT models
(Keras 3, tf_keras, SavedModel, concrete functions, TF1 sessions and frozen
graphs, the converter's quantization modes, ai-edge-quantizer recipes, control
flow, RNNs, string/int64/bool tensors, dynamic shapes, resource variables,
Flex and custom ops), plus the outputs Python LiteRT computes for it.

    bash scripts/converters/make_corpus.sh              # every case
    bash scripts/converters/make_corpus.sh CASE...      # only these cases
    bash scripts/converters/make_corpus.sh --list       # case names and paths
    bash scripts/converters/make_corpus.sh --verify     # re-run the committed references

The wrapper creates/updates the git-ignored venv .venv-converters/ with the
versions pinned in scripts/versions.env and runs this script. See
scripts/converters/README.md for the folder layout and the case table (this
script rewrites the table when it regenerates every case).

Per case folder (Tests/Fixtures/converters/<case>/):

    model.tflite
    steps.json                 [{"signature": KEY|null, "inputs": {NAME_OR_INDEX: FILE}}, ...]
    inputs/<k>_<name>.npy      inputs of step k
    expected/<k>/<i>_<name>.npy  Python LiteRT's outputs of step k
    case.json                  {"path", "expect", ["error_contains"], "float_tolerance", "notes"}

References come from ai_edge_litert.interpreter.Interpreter(model_content=...,
num_threads=1): ONE interpreter per case, steps run in order (state such as
resource variables carries over from step to step). A `null` step addresses
subgraph 0 like get_input_details()/get_output_details(): inputs keyed by
position ("0") or tensor name, resized (resize_tensor_input +
allocate_tensors) when the given array's shape differs from the tensor's;
outputs written in get_output_details() order under their tensor names. A
signature step calls get_signature_runner(KEY)(**inputs); outputs are written
in the order LiteRT's signature lists them (CompiledModel.get_signature_list():
the order of the signature subgraph's outputs, NOT the SignatureDef order, which
the converter sorts by name), under their signature names. The generator checks
that order against ai_edge_litert.compiled_model for every model it can load.

Every reference is computed twice (two fresh interpreters) and must match
bit for bit. Each case is also run with the builtin kernels only (no XNNPACK);
the largest difference is printed and, if it exceeds the case's tolerance,
the case fails to generate (so the tolerance covers both kernel families),
unless the case is marked kernels_disagree (its notes then give the size).
Integer outputs that differ between the two families are noted per case.
A case marked xnnpack_misreads takes its references from the builtin kernels
instead (case.json: "reference_kernels": "builtin"), because Python's default
interpreter misreads it (XNNPACK and sparse int8 weights); the generator checks
that XNNPACK still fails or differs and says how in the notes.

A `load_error` case either fails in Python too (the error must contain every
error_contains substring), or is `classic_only`: Python's classic interpreter
runs it (references are written) but LiteRT's CompiledModel API, which
TensorBridge uses, refuses to load it (checked here), and so does TensorBridge.
A `lowered` case is an `ok` case that the CompiledModel API refuses too (fused
LSTM/RNN state in variable tensors, checked here) and that TensorBridge runs
by lowering the fused operators at load.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import json
import os
import shutil
import sys
import tempfile
import zipfile
import zlib
from pathlib import Path
from typing import Callable

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests" / "Fixtures" / "converters"
README = Path(__file__).resolve().parent / "README.md"

sys.path.insert(0, str(ROOT / "scripts" / "lib"))
from versions import pinned_versions  # noqa: E402

VERSIONS = pinned_versions()

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "-1")
os.environ.setdefault("TF_USE_LEGACY_KERAS", "0")  # tf.keras is Keras 3; tf_keras is imported by name

from ai_edge_litert import schema_py_generated as schema  # noqa: E402
from ai_edge_litert.interpreter import Interpreter, OpResolverType  # noqa: E402

tf = None  # imported lazily: --list and --verify need no TensorFlow


def _tf():
    global tf
    if tf is None:
        import tensorflow as _t  # noqa: PLC0415

        _t.get_logger().setLevel("ERROR")
        tf = _t
    return tf


# ---------------------------------------------------------------------------
# Case registry
# ---------------------------------------------------------------------------

@dataclasses.dataclass
class Step:
    signature: str | None
    inputs: dict[str, np.ndarray]


@dataclasses.dataclass
class Built:
    model: bytes
    steps: list[Step]
    notes: str = ""
    # Optional invariant over the reference outputs ([step][output] -> array); raises if broken.
    check: Callable[[list[list[np.ndarray]]], None] | None = None


@dataclasses.dataclass
class Case:
    name: str
    path: str
    build: Callable[[np.random.Generator], Built]
    expect: str = "ok"
    error_contains: list[str] = dataclasses.field(default_factory=list)
    tolerance: float = 1e-4
    notes: str = ""
    # Set when Python's builtin kernels are known to disagree with its XNNPACK references by
    # more than the tolerance (the references stay XNNPACK's; the notes give the numbers).
    kernels_disagree: bool = False
    # A load_error case that Python's classic interpreter runs but LiteRT's CompiledModel API
    # (which TensorBridge uses) refuses to load: references are written anyway, and the
    # generator checks that ai_edge_litert.compiled_model refuses the model.
    classic_only: bool = False
    # An 'ok' case that LiteRT's CompiledModel API refuses (fused LSTM/RNN state in variable
    # tensors) and TensorBridge runs by lowering it at load: the generator checks the refusal.
    lowered: bool = False
    # A step the pinned LiteRT cannot take although Python runs it: {"step", "error_contains",
    # "why"} (check.py requires that step to fail with those words, and the steps before it to match).
    runtime_limit: dict | None = None
    # Python's default interpreter (XNNPACK) misreads the model (it reads sparse int8 weights as
    # dense, past their buffer, or fails to prepare): the references are the builtin kernels'
    # (case.json says "reference_kernels": "builtin"), and the generator checks that XNNPACK
    # still fails or differs by more than the tolerance, and says by how much in the notes.
    xnnpack_misreads: bool = False


CASES: dict[str, Case] = {}


def case(name: str, path: str, *, expect="ok", error_contains=(), tolerance=1e-4, notes="",
         kernels_disagree=False, classic_only=False, lowered=False, runtime_limit=None, xnnpack_misreads=False):
    def register(fn):
        assert name not in CASES, name
        assert not (lowered and expect != "ok"), name
        assert not (xnnpack_misreads and (expect != "ok" or kernels_disagree)), name
        CASES[name] = Case(name, path, fn, expect, list(error_contains), tolerance, notes,
                           kernels_disagree, classic_only, lowered, runtime_limit, xnnpack_misreads)
        return fn
    return register


def seed_of(name: str) -> int:
    return zlib.crc32(name.encode())


# ---------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------

def file_safe(name: str) -> str:
    """Like the CLI's OutputWriter.fileName: non [A-Za-z0-9-_.] -> '_', empty -> 'output', 100 chars."""
    safe = "".join(c if (c.isascii() and (c.isalnum() or c in "-_.")) else "_" for c in name)
    return safe[:100] if safe else "output"


def w(rng, *shape, scale=0.5) -> np.ndarray:
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def f32(rng, *shape, scale=1.0) -> np.ndarray:
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def read_model(data: bytes) -> "schema.ModelT":
    return schema.ModelT.InitFromObj(schema.Model.GetRootAs(bytearray(data), 0))


def write_model(model: "schema.ModelT") -> bytes:
    import flatbuffers  # noqa: PLC0415

    class Builder(flatbuffers.Builder):
        # 16-byte-align uint8 vectors (buffer data) so weights stay aligned.
        def CreateNumpyVector(self, x):  # noqa: N802
            if isinstance(x, np.ndarray) and x.dtype == np.uint8:
                payload = x.tobytes()
                self.StartVector(1, len(payload), 16)
                self.head = self.head - len(payload)
                self.Bytes[self.head:self.head + len(payload)] = payload
                return self.EndVector()
            return super().CreateNumpyVector(x)

    builder = Builder(1024)
    builder.Finish(model.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output())


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


@contextlib.contextmanager
def tempdir():
    d = tempfile.mkdtemp(prefix="tb-corpus-")
    try:
        yield Path(d)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def builtins_only(c):
    c.target_spec.supported_ops = [_tf().lite.OpsSet.TFLITE_BUILTINS]


def from_concrete(module, fns, configure=None) -> bytes:
    t = _tf()
    c = t.lite.TFLiteConverter.from_concrete_functions([f.get_concrete_function() for f in fns], module)
    builtins_only(c)
    if configure:
        configure(c)
    return c.convert()


def from_saved_model(module, signatures: dict, keys=None, configure=None) -> bytes:
    t = _tf()
    with tempdir() as d:
        t.saved_model.save(module, str(d / "sm"), signatures=signatures)
        c = t.lite.TFLiteConverter.from_saved_model(str(d / "sm"), signature_keys=keys)
        builtins_only(c)
        if configure:
            configure(c)
        return c.convert()


def seed_keras_weights(model, rng, scale=0.3):
    """Overwrites every weight with seeded values (variances stay positive)."""
    values = []
    for v in model.weights:
        shape = tuple(v.shape)
        name = v.name if hasattr(v, "name") else ""
        path = getattr(v, "path", name)
        if "variance" in path:
            values.append(rng.uniform(0.5, 1.5, shape).astype(np.float32))
        else:
            values.append((rng.standard_normal(shape) * scale).astype(np.float32))
    model.set_weights(values)


def keras3():
    _tf()
    import keras  # noqa: PLC0415

    keras.backend.clear_session()
    keras.utils.set_random_seed(0)
    return keras


def tf_keras():
    _tf()
    import tf_keras as tk  # noqa: PLC0415

    tk.backend.clear_session()
    tk.utils.set_random_seed(0)
    return tk


# ---------------------------------------------------------------------------
# Shared float models
# ---------------------------------------------------------------------------

def small_cnn_module(rng, channels=8):
    """[1,8,8,1] image -> conv 3x3/2 (8 ch) -> FC 128x32 -> FC 32x8 'logits' (~18 KB float)."""
    t = _tf()

    class SmallCNN(t.Module):
        def __init__(self):
            self.k = t.Variable(w(rng, 3, 3, 1, channels))
            self.kb = t.Variable(w(rng, channels, scale=0.1))
            self.w1 = t.Variable(w(rng, 16 * channels, 32, scale=0.15))
            self.b1 = t.Variable(w(rng, 32, scale=0.1))
            self.w2 = t.Variable(w(rng, 32, 8, scale=0.3))
            self.b2 = t.Variable(w(rng, 8, scale=0.1))

        @t.function(input_signature=[t.TensorSpec([1, 8, 8, 1], t.float32, name="image")])
        def serve(self, image):
            h = t.nn.relu(t.nn.conv2d(image, self.k, 2, "SAME") + self.kb)
            h = t.reshape(h, [1, 16 * channels])
            h = t.nn.relu(t.matmul(h, self.w1) + self.b1)
            return {"logits": t.matmul(h, self.w2) + self.b2}

    return SmallCNN()


def images(rng, n):
    return [rng.uniform(-1, 1, (1, 8, 8, 1)).astype(np.float32) for _ in range(n)]


def representative(rng, n=32):
    data = images(rng, n)

    def gen():
        for x in data:
            yield [x]
    return gen


# ---------------------------------------------------------------------------
# Cases: Keras, SavedModel, concrete functions, TF1
# ---------------------------------------------------------------------------

@case("keras3_sequential_export", "Keras 3 Sequential conv+dense -> model.export(path, format='litert')",
      notes="Keras 3's own LiteRT export (ExportArchive -> SavedModel -> from_saved_model, "
            "SELECT_TF_OPS allowed but unused). Batch dimension is dynamic (-1); "
            "the null step uses the default shape [1,8,8,1], the signature step batch 3. Flatten "
            "computes its shape at run time (SHAPE, STRIDED_SLICE, PACK, RESHAPE). LiteRT 2.3.0's "
            "CompiledModel API (also from Python) keeps the output at [1,5] (20 bytes) after resizing "
            "the batch to 3 and then writes 60 bytes into it (heap corruption, 'free(): invalid next "
            "size'); the classic interpreter gives [3,5].")
def _(rng):
    keras = keras3()
    model = keras.Sequential([
        keras.Input((8, 8, 1), name="pixels"),
        keras.layers.Conv2D(4, 3, activation="relu", name="conv"),
        keras.layers.MaxPooling2D(2, name="pool"),
        keras.layers.Flatten(name="flatten"),
        keras.layers.Dense(5, activation="softmax", name="probs"),
    ], name="seq")
    seed_keras_weights(model, rng)
    with tempdir() as d:
        model.export(str(d / "m.tflite"), format="litert", verbose=False)
        data = (d / "m.tflite").read_bytes()
    sig = next(iter(model_facts(data)["signatures"]))
    in_name = model_facts(data)["signatures"][sig]["inputs"][0]
    return Built(data, [
        Step(None, {"0": rng.uniform(0, 1, (1, 8, 8, 1)).astype(np.float32)}),
        Step(sig, {in_name: rng.uniform(0, 1, (3, 8, 8, 1)).astype(np.float32)}),
    ])


@case("keras3_functional", "Keras 3 functional model (2 inputs, 2 outputs, conv+dense) -> TFLiteConverter.from_keras_model")
def _(rng):
    keras = keras3()
    image = keras.Input((6, 6, 2), batch_size=1, name="image")
    features = keras.Input((5,), batch_size=1, name="features")
    h = keras.layers.Conv2D(3, 3, activation="relu", name="conv")(image)
    h = keras.layers.GlobalAveragePooling2D(name="gap")(h)
    h = keras.layers.Concatenate(name="concat")([h, features])
    embedding = keras.layers.Dense(4, activation="tanh", name="embedding")(h)
    logits = keras.layers.Dense(3, name="logits")(embedding)
    model = keras.Model([image, features], {"logits": logits, "embedding": embedding}, name="functional")
    seed_keras_weights(model, rng)
    data = _tf().lite.TFLiteConverter.from_keras_model(model).convert()
    sig = next(iter(model_facts(data)["signatures"]))
    steps = []
    for _ in range(2):
        steps.append(Step(sig, {"image": f32(rng, 1, 6, 6, 2), "features": f32(rng, 1, 5)}))
    # Subgraph 0 lists the inputs in its own order (not the Keras order): key them by position.
    steps.append(Step(None, {str(i): f32(rng, *d["shape"]) for i, d in enumerate(main_inputs(data))}))
    order = ", ".join(d["name"] for d in main_inputs(data))
    return Built(data, steps, notes=f"get_input_details() order: {order}.")


@case("tf_keras_functional", "tf_keras (Keras 2) functional conv+batchnorm+dense -> TFLiteConverter.from_keras_model")
def _(rng):
    tk = tf_keras()
    x = tk.Input((8, 8, 3), name="rgb")
    h = tk.layers.Conv2D(4, 3, padding="same", name="conv")(x)
    h = tk.layers.BatchNormalization(name="bn")(h)
    h = tk.layers.ReLU(name="relu")(h)
    h = tk.layers.AveragePooling2D(2, name="pool")(h)
    h = tk.layers.Flatten(name="flatten")(h)
    y = tk.layers.Dense(6, activation="sigmoid", name="scores")(h)
    model = tk.Model(x, y, name="tfk")
    seed_keras_weights(model, rng)
    data = _tf().lite.TFLiteConverter.from_keras_model(model).convert()
    return Built(data, [Step(None, {"0": f32(rng, 1, 8, 8, 3)}),
                        Step(None, {"0": f32(rng, 2, 8, 8, 3)})],
                 notes="Batch is dynamic (-1): the second step resizes input 0 to [2,8,8,3].")


@case("saved_model_signatures", "tf.Module -> tf.saved_model.save (3 signatures) -> from_saved_model(signature_keys=['add', 'scale'])",
      notes="Steps alternate between the two signatures on one interpreter. 'ignored' is in the "
            "SavedModel but not converted.")
def _(rng):
    t = _tf()

    class Calc(t.Module):
        def __init__(self):
            self.k = t.Variable(w(rng, 3))

        @t.function(input_signature=[t.TensorSpec([None, 3], t.float32), t.TensorSpec([None, 3], t.float32)])
        def add(self, x, y):
            return {"sum": x + y * self.k, "diff": x - y, "max": t.reduce_max(x, axis=1)}

        @t.function(input_signature=[t.TensorSpec([2, 3], t.float32), t.TensorSpec([], t.float32)])
        def scale(self, x, factor):
            return {"scaled": x * factor + self.k}

        @t.function(input_signature=[t.TensorSpec([1], t.float32)])
        def ignored(self, x):
            return {"y": x}

    m = Calc()
    data = from_saved_model(m, {"add": m.add, "scale": m.scale, "ignored": m.ignored}, keys=["add", "scale"])
    return Built(data, [
        Step("add", {"x": f32(rng, 2, 3), "y": f32(rng, 2, 3)}),
        Step("scale", {"x": f32(rng, 2, 3), "factor": np.array(1.5, np.float32)}),
        Step("add", {"x": f32(rng, 4, 3), "y": f32(rng, 4, 3)}),
        # Subgraph 0 is 'add'; this step keys its inputs by TENSOR NAME.
        Step(None, {"add_x:0": f32(rng, 1, 3), "add_y:0": f32(rng, 1, 3)}),
    ], notes="Step 3 addresses subgraph 0 ('add') directly, inputs keyed by tensor name "
             "('add_x:0', 'add_y:0'; get_input_details() lists add_y:0 first).")


@case("concrete_functions", "two tf.functions -> TFLiteConverter.from_concrete_functions([f, g], module)",
      notes="Each concrete function becomes a signature (keyed by function name) in its own subgraph.")
def _(rng):
    t = _tf()

    class Codec(t.Module):
        def __init__(self):
            self.enc = t.Variable(w(rng, 6, 3))
            self.dec = t.Variable(w(rng, 3, 6))

        @t.function(input_signature=[t.TensorSpec([1, 6], t.float32, name="signal")])
        def encode(self, signal):
            return {"code": t.tanh(t.matmul(signal, self.enc))}

        @t.function(input_signature=[t.TensorSpec([1, 3], t.float32, name="code")])
        def decode(self, code):
            return {"signal": t.matmul(code, self.dec)}

    m = Codec()
    data = from_concrete(m, [m.encode, m.decode])
    sigs = model_facts(data)["signatures"]
    enc = next(k for k in sigs if "encode" in k)
    dec = next(k for k in sigs if "decode" in k)
    return Built(data, [
        Step(enc, {sigs[enc]["inputs"][0]: f32(rng, 1, 6)}),
        Step(dec, {sigs[dec]["inputs"][0]: f32(rng, 1, 3)}),
        Step(None, {"0": f32(rng, *main_inputs(data)[0]["shape"])}),
    ], notes=f"Subgraph 0 (the null step) is '{next(k for k, v in sigs.items() if v['subgraph'] == 0)}': "
             "signatures are ordered by key, not by the order of the functions given to the converter.")


def _tf1_graph(rng):
    """A TF1 graph: placeholder 'x' [1,4] -> relu(xW+b) -> softmax 'probs', plus 'norm' (scalar)."""
    t = _tf()
    v1 = t.compat.v1
    graph = t.Graph()
    with graph.as_default():
        x = v1.placeholder(t.float32, [1, 4], name="x")
        w1 = v1.get_variable("w1", initializer=w(rng, 4, 6))
        b1 = v1.get_variable("b1", initializer=w(rng, 6, scale=0.1))
        w2 = v1.get_variable("w2", initializer=w(rng, 6, 3))
        h = t.nn.relu(t.matmul(x, w1) + b1)
        probs = t.nn.softmax(t.matmul(h, w2), name="probs")
        norm = t.identity(t.reduce_sum(t.square(x)), name="norm")
    return graph, x, [probs, norm]


@case("tf1_session", "tf.compat.v1 graph + Session -> tf.compat.v1.lite.TFLiteConverter.from_session",
      notes="Null steps keyed by tensor NAME ('x'), not by position. No SignatureDefs. "
            "Output 'norm' is a scalar (shape []).")
def _(rng):
    t = _tf()
    graph, x, outs = _tf1_graph(rng)
    with graph.as_default(), t.compat.v1.Session(graph=graph) as sess:
        sess.run(t.compat.v1.global_variables_initializer())
        c = t.compat.v1.lite.TFLiteConverter.from_session(sess, [x], outs)
        builtins_only(c)
        data = c.convert()
    return Built(data, [Step(None, {"x": f32(rng, 1, 4)}), Step(None, {"x": f32(rng, 1, 4)})])


@case("tf1_frozen_graph", "frozen GraphDef .pb -> tf.compat.v1.lite.TFLiteConverter.from_frozen_graph")
def _(rng):
    t = _tf()
    graph, x, outs = _tf1_graph(rng)
    with graph.as_default(), t.compat.v1.Session(graph=graph) as sess:
        sess.run(t.compat.v1.global_variables_initializer())
        frozen = t.compat.v1.graph_util.convert_variables_to_constants(
            sess, graph.as_graph_def(), ["probs", "norm"])
    with tempdir() as d:
        (d / "g.pb").write_bytes(frozen.SerializeToString())
        c = t.compat.v1.lite.TFLiteConverter.from_frozen_graph(
            str(d / "g.pb"), ["x"], ["probs", "norm"], input_shapes={"x": [1, 4]})
        builtins_only(c)
        data = c.convert()
    return Built(data, [Step(None, {"0": f32(rng, 1, 4)})])


# ---------------------------------------------------------------------------
# Python LiteRT references
# ---------------------------------------------------------------------------

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


# ---------------------------------------------------------------------------
# Writing a case folder
# ---------------------------------------------------------------------------

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


def load_steps(folder: Path) -> list[Step]:
    steps = []
    for entry in json.loads((folder / "steps.json").read_text()):
        inputs = {key: np.load(folder / rel, allow_pickle=False) for key, rel in entry["inputs"].items()}
        steps.append(Step(entry["signature"], inputs))
    return steps


def verify_case(folder: Path) -> list[str]:
    """Re-runs a committed case through Python LiteRT; returns problems (empty if it reproduces)."""
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
            elif not same(value, np.load(path, allow_pickle=False)):
                problems.append(f"step {k}: {path.name} does not reproduce")
    return problems



# ---------------------------------------------------------------------------
# Cases: the converter's quantization modes, buffer offsets
# ---------------------------------------------------------------------------

def _small_cnn_case(rng, configure, n_steps=3) -> Built:
    m = small_cnn_module(rng)
    data = from_concrete(m, [m.serve], lambda c: configure(c, rng))
    d = main_inputs(data)[0]
    steps = []
    for x in images(rng, n_steps):
        if d["dtype"] == np.float32:
            steps.append(Step(None, {"0": x}))
        else:
            steps.append(Step(None, {"0": quantize_like(x, data)}))
    return Built(data, steps)


def quantize_like(x: np.ndarray, data: bytes) -> np.ndarray:
    """Quantizes float values with input 0's scale/zero point (for integer-I/O models)."""
    d = Interpreter(model_content=bytes(data)).get_input_details()[0]
    scale, zero = d["quantization"]
    info = np.iinfo(d["dtype"])
    return np.clip(np.round(x / scale) + zero, info.min, info.max).astype(d["dtype"])


def _optimize_default(c, rng):
    c.optimizations = [_tf().lite.Optimize.DEFAULT]


def _full_int8(io_type):
    def configure(c, rng):
        t = _tf()
        c.optimizations = [t.lite.Optimize.DEFAULT]
        c.representative_dataset = representative(rng)
        c.target_spec.supported_ops = [t.lite.OpsSet.TFLITE_BUILTINS_INT8]
        if io_type is not None:
            c.inference_input_type = io_type
            c.inference_output_type = io_type
    return configure


@case("quant_dynamic_range", "converter: optimizations=[Optimize.DEFAULT], no representative dataset (dynamic-range int8 weights)",
      tolerance=1e-3,
      notes="Only the 128x32 FULLY_CONNECTED weights (>= 1024 elements) become int8; the FC runs "
            "hybrid (activations quantized on the fly, asymmetric_quantize_inputs).")
def _(rng):
    return _small_cnn_case(rng, _optimize_default)


@case("quant_int8_io_int8", "converter: full-integer int8 (representative dataset, TFLITE_BUILTINS_INT8), inference_input/output_type=tf.int8",
      notes="Input and output tensors are int8 with scale/zero point; inputs are quantized with input 0's parameters.")
def _(rng):
    return _small_cnn_case(rng, _full_int8(_tf().int8))


@case("quant_int8_io_uint8", "converter: full-integer int8, inference_input/output_type=tf.uint8",
      notes="The graph stays int8; QUANTIZE ops convert uint8 <-> int8 at the inputs and outputs.")
def _(rng):
    return _small_cnn_case(rng, _full_int8(_tf().uint8))


@case("quant_int8_io_float", "converter: full-integer int8 with float input/output (default inference types)",
      notes="QUANTIZE at the input and DEQUANTIZE at the output; everything in between is int8.")
def _(rng):
    return _small_cnn_case(rng, _full_int8(None))


@case("quant_float16", "converter: optimizations=[DEFAULT], target_spec.supported_types=[tf.float16]",
      notes="float16 weight buffers with DEQUANTIZE ops to float32 in front of CONV_2D/FULLY_CONNECTED.")
def _(rng):
    def configure(c, rng):
        c.optimizations = [_tf().lite.Optimize.DEFAULT]
        c.target_spec.supported_types = [_tf().float16]
    return _small_cnn_case(rng, configure)


@case("quant_16x8", "converter: EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8 (16x8), int16 input/output",
      notes="int16 activations (symmetric, zero point 0), int8 weights, int64 biases.")
def _(rng):
    def configure(c, rng):
        t = _tf()
        c.optimizations = [t.lite.Optimize.DEFAULT]
        c.representative_dataset = representative(rng)
        c.target_spec.supported_ops = [t.lite.OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8]
        c.inference_input_type = t.int16
        c.inference_output_type = t.int16
    return _small_cnn_case(rng, configure)


@case("legacy_uint8_fake_quant", "TF1 graph with tf.quantization.fake_quant_with_min_max_args -> tf.compat.v1 converter, "
      "inference_type=tf.uint8, quantized_input_stats",
      notes="Quantization-aware-training style graph; the converter takes the ranges from the "
            "FakeQuant ops and makes a uint8 model with uint8 input/output (mean 128, std 127.5).")
def _(rng):
    t = _tf()
    v1 = t.compat.v1
    graph = t.Graph()
    with graph.as_default():
        x = v1.placeholder(t.float32, [1, 6], name="x")
        xq = t.quantization.fake_quant_with_min_max_args(x, min=-1.0, max=1.0, name="x_fq")
        w1 = t.quantization.fake_quant_with_min_max_args(t.constant(w(rng, 6, 5)), min=-1.5, max=1.5)
        h = t.quantization.fake_quant_with_min_max_args(t.nn.relu(t.matmul(xq, w1)), min=0.0, max=4.0)
        w2 = t.quantization.fake_quant_with_min_max_args(t.constant(w(rng, 5, 3)), min=-1.5, max=1.5)
        y = t.quantization.fake_quant_with_min_max_args(t.matmul(h, w2), min=-4.0, max=4.0, name="y")
    with graph.as_default(), v1.Session(graph=graph) as sess:
        c = v1.lite.TFLiteConverter.from_session(sess, [x], [y])
        c.inference_type = t.uint8
        c.quantized_input_stats = {"x": (128.0, 127.5)}
        data = c.convert()
    steps = []
    for _ in range(2):
        steps.append(Step(None, {"0": rng.integers(0, 256, (1, 6), dtype=np.uint8)}))
    return Built(data, steps)


@case("buffer_offset", "converter._experimental_use_buffer_offset = True (weights stored after the flatbuffer)",
      notes="Constant buffers have offset/size into the file instead of inline data "
            "(the layout the converter uses for models over 2 GB); metadata 'buffer_location' says so. "
            "The converter adds no CONVERSION_METADATA in this mode.")
def _(rng):
    def configure(c, rng):
        c._experimental_use_buffer_offset = True  # noqa: SLF001 (TF 2.21 has no public name for it)
    built = _small_cnn_case(rng, configure, n_steps=2)
    facts = model_facts(built.model)
    if not facts["offset_buffers"]:
        raise RuntimeError("no buffer uses an offset")
    built.notes = f"{facts['offset_buffers']} buffers use offsets."
    return built


# ---------------------------------------------------------------------------
# Cases: the converter's sparsity path (EXPERIMENTAL_SPARSITY)
# ---------------------------------------------------------------------------

def pruned(rng, shape, *, block: int, sparsity: float = 0.8, scale: float = 0.3) -> np.ndarray:
    """A pruned TensorFlow kernel ([..., in, out], as tf.matmul and Keras Dense hold it): seeded
    weights with `sparsity` of each output column's `block`-long runs along the input dimension
    (TFLite's block of 1 x `block` in its [out, in] weights) set to zero, as magnitude pruning
    with a block shape leaves them (block 1: every weight on its own). The kept runs are
    rounded, at least one: 64 inputs in 1x16 blocks keep 1 of 4 (75% zero), 32 keep 1 of 2."""
    kernel = w(rng, *shape, scale=scale)
    flat = kernel.reshape(-1, shape[-1])  # the rows a FULLY_CONNECTED's [out, in] weights sees as columns
    blocks = flat.shape[0] // block
    keep = max(1, int(round(blocks * (1 - sparsity))))
    for column in range(flat.shape[1]):
        zero = rng.permutation(blocks)[keep:]
        for b in zero:
            flat[b * block:(b + 1) * block, column] = 0
    return flat.reshape(shape)


def sparsity_facts(data: bytes) -> tuple[list[str], list[str]]:
    """The sparse tensors (name, type, shape, block) and the DENSIFY count of every subgraph."""
    m = read_model(data)
    sparse, densify = [], 0
    for sg in m.subgraphs:
        for t in sg.tensors:
            if t.sparsity is None:
                continue
            dims = t.sparsity.dimMetadata or []
            rank = len(t.shape)
            block = [int(d.denseSize) for d in dims[rank:]]
            levels = "".join("S" if d.format == schema.DimensionType.SPARSE_CSR else "D" for d in dims)
            total = int(np.prod(t.shape))
            stored = len(m.buffers[t.buffer].data) // (1 if t.type == schema.TensorType.INT8 else 4)
            sparse.append(f"{t.name.decode()} {TYPE_NAMES[t.type].lower()}{list(int(v) for v in t.shape)} "
                          f"levels {levels}" + (f" block 1x{block[0]}" if block else "")
                          + f", {stored} of {total} values stored")
        for op in sg.operators:
            code = m.operatorCodes[op.opcodeIndex]
            densify += max(code.builtinCode, code.deprecatedBuiltinCode) == schema.BuiltinOperator.DENSIFY
    return sparse, [f"{densify} DENSIFY operator{'s' if densify != 1 else ''}"] if densify else []


def _sparse_case(built: Built, *, want_sparse: int, want_densify: bool) -> Built:
    """Checks that the converter really made sparse tensors (and DENSIFY ops when asked) and
    says which in the notes."""
    sparse, densify = sparsity_facts(built.model)
    if len(sparse) < want_sparse:
        raise RuntimeError(f"the converter made {len(sparse)} sparse tensors, expected {want_sparse}: {sparse}")
    if want_densify and not densify:
        raise RuntimeError(f"the converter wrote no DENSIFY (sparse tensors: {sparse})")
    print(f"sparsity: {'; '.join(sparse)}{'; ' + densify[0] if densify else ''}", file=sys.__stderr__)
    built.notes = (f"The converter stored {len(sparse)} tensors sparse: {'; '.join(sparse)}"
                   + (f"; it wrote {densify[0]} that expand{'s' if densify[0].startswith('1 ') else ''} "
                      "sparse ones at run time for the operators that read them dense." if densify else ".")
                   + (" " + built.notes if built.notes else ""))
    return built


def sparse_mlp_module(rng, *, dense_block: int, second_block: int, conv: bool):
    """[2, 64] -> FC 64->32 (relu) -> FC 32->32 (relu) -> FC 32->8 'y', every kernel pruned (see `pruned`,
    sparsity 0.8): the first in 1 x `dense_block` blocks, the second in 1 x `second_block` blocks, the
    last weight by weight; with `conv`, a CONV_2D over the input seen as a 4x16 image, with a
    weight-by-weight pruned 3x4 kernel, added to it first."""
    t = _tf()

    class SparseMLP(t.Module):
        def __init__(self):
            self.k = t.Variable(pruned(rng, (3, 4, 1, 16), block=1)) if conv else None
            self.w1 = t.Variable(pruned(rng, (64, 32), block=dense_block, scale=0.2))
            self.b1 = t.Variable(w(rng, 32, scale=0.1))
            self.w2 = t.Variable(pruned(rng, (32, 32), block=second_block, scale=0.4))
            self.b2 = t.Variable(w(rng, 32, scale=0.1))
            self.w3 = t.Variable(pruned(rng, (32, 8), block=1, scale=0.5))

        @t.function(input_signature=[t.TensorSpec([2, 64], t.float32, name="x")])
        def serve(self, x):
            h = x
            if self.k is not None:
                c = t.nn.conv2d(t.reshape(x, [2, 4, 16, 1]), self.k, [1, 1, 4, 1], "VALID")  # [2, 2, 4, 16]
                h = t.reshape(t.nn.relu(c), [2, 128])[:, :64] + x
            h = t.nn.relu(t.matmul(h, self.w1) + self.b1)
            h = t.nn.relu(t.matmul(h, self.w2) + self.b2)
            return {"y": t.matmul(h, self.w3)}

    return SparseMLP()


def sparse_inputs(rng, n):
    return [rng.uniform(-1, 1, (2, 64)).astype(np.float32) for _ in range(n)]


def _sparse_mlp_case(rng, optimizations, *, dense_block, second_block, conv, representative_data=False,
                     want_sparse, want_densify) -> Built:
    t = _tf()
    m = sparse_mlp_module(rng, dense_block=dense_block, second_block=second_block, conv=conv)
    calibration = sparse_inputs(rng, 32)

    def configure(c):
        c.optimizations = [getattr(t.lite.Optimize, o) for o in optimizations]
        if representative_data:
            c.representative_dataset = lambda: ([x] for x in calibration)

    data = from_concrete(m, [m.serve], configure)
    steps = [Step(None, {"0": x}) for x in sparse_inputs(rng, 3)]
    return _sparse_case(Built(data, steps), want_sparse=want_sparse, want_densify=want_densify)


@case("sparsity_float", "converter: optimizations=[EXPERIMENTAL_SPARSITY] on pruned weights (float model: "
      "sparse constant weights, DENSIFY in front of the ops that read them dense)",
      notes="Kernels pruned to about 80% zeros (50-81%, see the stored counts): a CONV_2D kernel weight by "
            "weight, one FULLY_CONNECTED in 1x4 blocks, one in 1x16 blocks, one weight by weight. The float FULLY_CONNECTED reads 1x4-block weights sparse "
            "itself; the others get a DENSIFY.")
def _(rng):
    return _sparse_mlp_case(rng, ["EXPERIMENTAL_SPARSITY"], dense_block=4, second_block=16, conv=True,
                            want_sparse=3, want_densify=True)


@case("sparsity_dynamic_range", "converter: optimizations=[DEFAULT, EXPERIMENTAL_SPARSITY], no representative dataset "
      "(dynamic-range int8 weights stored sparse in 1x16 blocks; hybrid FULLY_CONNECTED)",
      tolerance=1e-3, xnnpack_misreads=True,
      notes="The 64x32 and 32x32 FULLY_CONNECTED weights (>= 1024 elements) become int8, pruned in 1x16 "
            "blocks, which the hybrid FULLY_CONNECTED reads sparse (its ledger path); the small last weights "
            "stay float, sparse, densified by a DENSIFY. Tolerance as quant_dynamic_range.")
def _(rng):
    return _sparse_mlp_case(rng, ["DEFAULT", "EXPERIMENTAL_SPARSITY"], dense_block=16, second_block=16, conv=False,
                            want_sparse=2, want_densify=False)


@case("sparsity_dynamic_range_densify", "converter: optimizations=[DEFAULT, EXPERIMENTAL_SPARSITY] with weights pruned "
      "in 1x4 blocks (int8 weights the hybrid kernel cannot read sparse: DENSIFY in front)",
      tolerance=1e-3, xnnpack_misreads=True,
      notes="int8 weights pruned in 1x4 blocks are stored CSR without blocks, and the converter "
            "densifies them at run time for the hybrid FULLY_CONNECTED.")
def _(rng):
    return _sparse_mlp_case(rng, ["DEFAULT", "EXPERIMENTAL_SPARSITY"], dense_block=4, second_block=4, conv=True,
                            want_sparse=2, want_densify=True)


@case("sparsity_full_int8", "converter: optimizations=[DEFAULT, EXPERIMENTAL_SPARSITY] with a representative dataset "
      "(full int8; 1x16-block int8 weights the int8 FULLY_CONNECTED reads sparse, the rest densified)",
      notes="int8 FULLY_CONNECTED weights pruned in 1x16 blocks run on the kernel's sparse 1x16 path; "
            "weights pruned otherwise get a DENSIFY. Float input and output (QUANTIZE/DEQUANTIZE).")
def _(rng):
    return _sparse_mlp_case(rng, ["DEFAULT", "EXPERIMENTAL_SPARSITY"], dense_block=16, second_block=4, conv=True,
                            representative_data=True, want_sparse=3, want_densify=True)


@case("sparsity_tf_keras_pruned", "tf_keras Dense layers with pruned (67-75% zero, 1x16 blocks) kernels -> "
      "from_keras_model with optimizations=[EXPERIMENTAL_SPARSITY]",
      notes="What TensorFlow Model Optimization's prune_low_magnitude + strip_pruning leaves: a plain "
            "Keras model whose kernels are mostly zero (set here directly, seeded). The converter stores "
            "float weights in 1x4 blocks whatever the pruning block, and the float FULLY_CONNECTED reads them sparse.")
def _(rng):
    tk = tf_keras()
    model = tk.Sequential([tk.layers.InputLayer(input_shape=(64,), batch_size=2),
                           tk.layers.Dense(48, activation="relu"),
                           tk.layers.Dense(10, activation="softmax")])
    model.set_weights([pruned(rng, (64, 48), block=16, scale=0.3), w(rng, 48, scale=0.1),
                       pruned(rng, (48, 10), block=16, scale=0.5), w(rng, 10, scale=0.1)])
    c = _tf().lite.TFLiteConverter.from_keras_model(model)
    builtins_only(c)
    c.optimizations = [_tf().lite.Optimize.EXPERIMENTAL_SPARSITY]
    data = c.convert()
    steps = [Step(None, {"0": x}) for x in sparse_inputs(rng, 2)]
    return _sparse_case(Built(data, steps), want_sparse=1, want_densify=False)


# ---------------------------------------------------------------------------
# Cases: control flow
# ---------------------------------------------------------------------------

@case("control_flow_while", "tf.while_loop with a data-dependent trip count -> WHILE (cond/body subgraphs)",
      notes="Steps with 0, 3 and 7 iterations.")
def _(rng):
    t = _tf()

    class Loop(t.Module):
        @t.function(input_signature=[t.TensorSpec([4], t.float32, name="x"), t.TensorSpec([], t.int32, name="n")])
        def serve(self, x, n):
            def body(i, acc):
                return i + 1, acc * 0.5 + t.sin(acc) + t.cast(i, t.float32)
            i, acc = t.while_loop(lambda i, acc: i < n, body, [t.constant(0), x])
            return {"result": acc, "iterations": i}

    m = Loop()
    data = from_concrete(m, [m.serve])
    steps = [Step("serving_default", {"x": f32(rng, 4), "n": np.array(k, np.int32)}) for k in (0, 3, 7)]
    return Built(data, steps)


@case("control_flow_if", "tf.cond on a boolean scalar input -> IF (then/else subgraphs)",
      notes="Steps take both branches.")
def _(rng):
    t = _tf()

    class Branch(t.Module):
        def __init__(self):
            self.a = t.Variable(w(rng, 3, 3))

        @t.function(input_signature=[t.TensorSpec([1, 3], t.float32, name="x"), t.TensorSpec([], t.bool, name="flag")])
        def serve(self, x, flag):
            y = t.cond(flag, lambda: t.matmul(x, self.a), lambda: t.nn.softmax(x) - 1.0)
            return {"y": y}

    m = Branch()
    data = from_concrete(m, [m.serve])
    steps = [Step("serving_default", {"x": f32(rng, 1, 3), "flag": np.array(f, np.bool_)}) for f in (True, False, True)]
    return Built(data, steps)



# ---------------------------------------------------------------------------
# Cases: RNNs and attention
# ---------------------------------------------------------------------------

_STATE_NOTES = ("The classic interpreter keeps that state from one invoke to the next (it is reset only by "
                "allocate_tensors / reset_all_variables), so steps 0 and 1 (the same input) give different "
                "outputs, unlike the Keras model; step 2 uses another input.")


def _fused_lstm(model, rng, shape, configure=None) -> Built:
    """Converts a tf_keras model whose LSTMs the converter fuses; steps: x, x again, another."""
    c = _tf().lite.TFLiteConverter.from_keras_model(model)
    if configure:
        configure(c)
    data = c.convert()
    if "UNIDIRECTIONAL_SEQUENCE_LSTM" not in op_names(data):
        raise RuntimeError(f"not fused: {op_names(data)}")
    seq = f32(rng, *shape)

    def check(out):
        if np.array_equal(out[0][0], out[1][0]):
            raise RuntimeError("the LSTM state no longer carries over between invokes")
    return Built(data, [Step(None, {"0": seq}), Step(None, {"0": seq}), Step(None, {"0": f32(rng, *shape)})],
                 check=check)


def _single_lstm_model(rng):
    """A tf_keras LSTM (4 units over [1, 5, 3], the whole sequence) and a Dense head, seeded from `rng`."""
    tk = tf_keras()
    x = tk.Input((5, 3), batch_size=1, name="sequence")
    h = tk.layers.LSTM(4, return_sequences=True, name="lstm")(x)
    y = tk.layers.Dense(2, name="head")(h)
    model = tk.Model(x, y, name="lstm_model")
    seed_keras_weights(model, rng)
    return model


@case("tf_keras_lstm_fused", "tf_keras LSTM (fixed batch 1) -> from_keras_model -> fused UNIDIRECTIONAL_SEQUENCE_LSTM",
      lowered=True,
      notes="The converter fuses the Keras 2 LSTM into one UNIDIRECTIONAL_SEQUENCE_LSTM op (float32, tanh, "
            "cell clip 10, no peephole/projection/layer norm) whose state tensors are VARIABLE tensors "
            "(is_variable, no buffer). " + _STATE_NOTES)
def _(rng):
    return _fused_lstm(_single_lstm_model(rng), rng, (1, 5, 3))


@case("tf_keras_lstm_stacked", "two stacked tf_keras LSTMs (batch 2; return_sequences, then the last step) -> two fused UNIDIRECTIONAL_SEQUENCE_LSTM",
      lowered=True,
      notes="Each LSTM keeps its own state in variable tensors; the second returns only its last step "
            "(STRIDED_SLICE). " + _STATE_NOTES)
def _(rng):
    tk = tf_keras()
    x = tk.Input((4, 3), batch_size=2, name="sequence")
    h = tk.layers.LSTM(5, return_sequences=True, name="lstm_1")(x)
    h = tk.layers.LSTM(4, name="lstm_2")(h)
    y = tk.layers.Dense(2, name="head")(h)
    model = tk.Model(x, y, name="stacked")
    seed_keras_weights(model, rng)
    return _fused_lstm(model, rng, (2, 4, 3))


@case("tf_keras_lstm_bidirectional", "tf_keras Bidirectional(LSTM, return_sequences) -> REVERSE_V2 + two fused UNIDIRECTIONAL_SEQUENCE_LSTM + CONCATENATION",
      lowered=True,
      notes="The converter writes the backward direction as a forward LSTM between two REVERSE_V2 ops "
            "(not BIDIRECTIONAL_SEQUENCE_LSTM). " + _STATE_NOTES)
def _(rng):
    tk = tf_keras()
    x = tk.Input((6, 3), batch_size=1, name="sequence")
    h = tk.layers.Bidirectional(tk.layers.LSTM(3, return_sequences=True), name="bidi")(x)
    y = tk.layers.Dense(2, name="head")(h)
    model = tk.Model(x, y, name="bidirectional")
    seed_keras_weights(model, rng)
    return _fused_lstm(model, rng, (1, 6, 3))


@case("tf_keras_lstm_dynamic_time", "tf_keras LSTM with input shape (None, 3) (any sequence length, batch 1) -> fused UNIDIRECTIONAL_SEQUENCE_LSTM with shape signature [1, -1, 3]",
      lowered=True,
      notes="The sequence length is only known at run time, so TensorBridge lowers the fused LSTM to a WHILE "
            "loop over the steps (condition and body subgraphs appended to the model; the body GATHERs one "
            "step, runs the cell math and DYNAMIC_UPDATE_SLICEs its output into a buffer FILLed from the "
            "input's SHAPE), the state in resource variables as for fixed shapes. Python resizes the input "
            "to each step's sequence (4, 4, 6, 6, then 1 step long); resizing and allocate_tensors reset the "
            "variable tensors in the classic interpreter (steps 0, 2 and 4 start from zeros), while steps 1 "
            "and 3 (the same shape as the step before) carry the state over. A zero-length sequence is a "
            "runtime limit: LiteRT's CompiledModel cannot take a zero-element input.")
def _(rng):
    tk = tf_keras()
    x = tk.Input((None, 3), batch_size=1, name="sequence")
    h = tk.layers.LSTM(4, name="lstm")(x)
    y = tk.layers.Dense(2, name="head")(h)
    model = tk.Model(x, y, name="dynamic_time")
    seed_keras_weights(model, rng)
    data = _tf().lite.TFLiteConverter.from_keras_model(model).convert()
    if "UNIDIRECTIONAL_SEQUENCE_LSTM" not in op_names(data):
        raise RuntimeError(f"not fused: {op_names(data)}")
    seq = f32(rng, 1, 4, 3)
    longer = f32(rng, 1, 6, 3)

    def check(out):
        if np.array_equal(out[0][0], out[1][0]) or np.array_equal(out[2][0], out[3][0]):
            raise RuntimeError("the LSTM state no longer carries over between invokes of one shape")
    return Built(data, [Step(None, {"0": seq}), Step(None, {"0": seq}), Step(None, {"0": longer}),
                        Step(None, {"0": longer}), Step(None, {"0": f32(rng, 1, 1, 3)})], check=check)


@case("tf_keras_lstm_dynamic_range", "tf_keras LSTM(32) -> converter with optimizations=[Optimize.DEFAULT] (dynamic-range int8 weights) -> hybrid UNIDIRECTIONAL_SEQUENCE_LSTM",
      lowered=True, tolerance=1e-3,
      notes="The fused LSTM keeps float32 input and state but int8 weights, quantized per tensor (the hybrid "
            "kernel quantizes its input and output state row by row at run time). TensorBridge lowers it with "
            "one hybrid FULLY_CONNECTED per gate that keeps the gate's int8 weights, so LiteRT quantizes the "
            "activations as the LSTM kernel does. Weights have at least 1024 elements each, or the converter "
            "leaves them float. " + _STATE_NOTES)
def _(rng):
    tk = tf_keras()
    x = tk.Input((3, 32), batch_size=1, name="sequence")
    h = tk.layers.LSTM(32, name="lstm")(x)
    y = tk.layers.Dense(2, name="head")(h)
    model = tk.Model(x, y, name="dynamic_range")
    seed_keras_weights(model, rng, scale=0.15)
    return _fused_lstm(model, rng, (1, 3, 32), lambda c: setattr(c, "optimizations", [_tf().lite.Optimize.DEFAULT]))


def _full_integer_lstm(rng, io_type, stacked=False) -> Built:
    """A tf_keras LSTM (batch 1, 5 steps of 3; or two stacked, batch 2) converted with full-integer
    quantization (representative dataset, TFLITE_BUILTINS_INT8): the integer UNIDIRECTIONAL_SEQUENCE_LSTM with 5
    intermediates; steps: x, x again, another."""
    tk = tf_keras()
    batch = 2 if stacked else 1
    x = tk.Input((5, 3), batch_size=batch, name="sequence")
    h = tk.layers.LSTM(4, return_sequences=True, name="lstm")(x)
    if stacked:
        h = tk.layers.LSTM(3, return_sequences=True, name="lstm_2")(h)
    model = tk.Model(x, h, name="full_integer_lstm")
    seed_keras_weights(model, rng)
    samples = [f32(rng, batch, 5, 3) for _ in range(32)]
    t = _tf()
    c = t.lite.TFLiteConverter.from_keras_model(model)
    c.optimizations = [t.lite.Optimize.DEFAULT]
    c.representative_dataset = lambda: ([sample] for sample in samples)
    c.target_spec.supported_ops = [t.lite.OpsSet.TFLITE_BUILTINS_INT8]
    if io_type is not None:
        c.inference_input_type = io_type
        c.inference_output_type = io_type
    data = c.convert()
    if "UNIDIRECTIONAL_SEQUENCE_LSTM" not in op_names(data):
        raise RuntimeError(f"not fused: {op_names(data)}")
    if stacked:
        m = schema.Model.GetRootAs(bytearray(data), 0)
        sg = m.Subgraphs(0)
        codes = [m.OperatorCodes(sg.Operators(o).OpcodeIndex()).BuiltinCode() for o in range(sg.OperatorsLength())]
        if codes.count(schema.BuiltinOperator.UNIDIRECTIONAL_SEQUENCE_LSTM) != 2:
            raise RuntimeError(f"not two fused LSTMs: {op_names(data)}")
    seq, other = f32(rng, batch, 5, 3), f32(rng, batch, 5, 3)
    if io_type is not None:
        seq, other = quantize_like(seq, data), quantize_like(other, data)

    def check(out):
        if np.array_equal(out[0][0], out[1][0]):
            raise RuntimeError("the LSTM state no longer carries over between invokes")
    return Built(data, [Step(None, {"0": seq}), Step(None, {"0": seq}), Step(None, {"0": other})], check=check)


_INTEGER_LSTM_NOTES = (
    "The converter writes the integer ('8x8_16') kernel: int8 input, weights and output state (nonzero zero "
    "point, which is what the classic interpreter resets it to), int32 biases, an int16 cell state of a "
    "power-of-two scale, and 5 intermediates (the hidden state's scale). LiteRT's loader refuses the "
    "intermediates and the variable tensors; TensorBridge rewrites the operator into its integer LSTM custom "
    "operator (its own C kernel, the multipliers and zero points precomputed into an int32 parameter tensor) "
    "over resource variables, and matches Python exactly. ")


@case("tf_keras_lstm_full_integer_int8_io",
      "tf_keras LSTM -> full-integer quantization (representative dataset, TFLITE_BUILTINS_INT8, int8 input and "
      "output) -> integer UNIDIRECTIONAL_SEQUENCE_LSTM", lowered=True, tolerance=0.0,
      notes=_INTEGER_LSTM_NOTES + _STATE_NOTES)
def _(rng):
    return _full_integer_lstm(rng, _tf().int8)


@case("tf_keras_lstm_full_integer_float_io",
      "tf_keras LSTM -> full-integer quantization (representative dataset, TFLITE_BUILTINS_INT8, float "
      "input and output) -> QUANTIZE, integer UNIDIRECTIONAL_SEQUENCE_LSTM, DEQUANTIZE", lowered=True,
      tolerance=1e-6,
      notes=_INTEGER_LSTM_NOTES + "The float output is DEQUANTIZE's, which Python's builtin kernel and XNNPACK "
            "compute 3e-8 apart; 1e-6 is far below one int8 step of the output (0.004). " + _STATE_NOTES)
def _(rng):
    return _full_integer_lstm(rng, None)


@case("tf_keras_lstm_full_integer_stacked",
      "two stacked tf_keras LSTMs (batch 2) -> full-integer quantization (int8 input and output) -> two integer "
      "UNIDIRECTIONAL_SEQUENCE_LSTM", lowered=True, tolerance=0.0,
      notes=_INTEGER_LSTM_NOTES + "Two integer LSTMs, each with its own states; batch 2 batch-major (the kernel "
            "runs one batch row at a time). " + _STATE_NOTES)
def _(rng):
    return _full_integer_lstm(rng, _tf().int8, stacked=True)


@case("tf_keras_simple_rnn_dynamic_time", "tf_keras SimpleRNN with input shape (None, 3) (any sequence length, batch 1) -> from_keras_model",
      notes="The TF Lite converter of TensorFlow 2.21 does not fuse a SimpleRNN into UNIDIRECTIONAL_SEQUENCE_RNN "
            "(only the tf_keras LSTM is fused; UNIDIRECTIONAL_SEQUENCE_RNN came from TF1's OpHint-based "
            "tf.lite.experimental.nn, which is gone): it writes a WHILE loop over the steps with no variable "
            "tensors, fixed length or not (with unroll=True and a fixed length, UNPACK and the unrolled steps). "
            "So no state carries over between invokes, as in Keras; the fused operator of dynamic length is "
            "covered by handmade_rnn_dynamic_time. Steps of 4, 4, 6, 6 and 1 steps.")
def _(rng):
    tk = tf_keras()
    x = tk.Input((None, 3), batch_size=1, name="sequence")
    h = tk.layers.SimpleRNN(4, name="rnn")(x)
    y = tk.layers.Dense(2, name="head")(h)
    model = tk.Model(x, y, name="simple_rnn_dynamic_time")
    seed_keras_weights(model, rng)
    data = _tf().lite.TFLiteConverter.from_keras_model(model).convert()
    if "WHILE" not in op_names(data) or "UNIDIRECTIONAL_SEQUENCE_RNN" in op_names(data):
        raise RuntimeError(f"the converter changed how it writes SimpleRNN: {op_names(data)}")
    seq = f32(rng, 1, 4, 3)
    longer = f32(rng, 1, 6, 3)
    return Built(data, [Step(None, {"0": seq}), Step(None, {"0": seq}), Step(None, {"0": longer}),
                        Step(None, {"0": longer}), Step(None, {"0": f32(rng, 1, 1, 3)})])


def _recurrent_fixtures():
    """scripts/fixtures/make_recurrent_fixtures.py: writes fused recurrent operators with the schema's object API."""
    sys.path.insert(0, str(ROOT / "scripts" / "fixtures"))
    import make_recurrent_fixtures  # noqa: PLC0415

    return make_recurrent_fixtures


def _handmade_sequence(rng, build, shape) -> Built:
    """A hand-written model of one fused sequence operator; steps: x, x again, another."""
    data = build(_recurrent_fixtures())
    seq = f32(rng, *shape)

    def check(out):
        if np.array_equal(out[0][0], out[1][0]):
            raise RuntimeError("the state no longer carries over between invokes")
    return Built(data, [Step(None, {"0": seq}), Step(None, {"0": seq}), Step(None, {"0": f32(rng, *shape)})],
                 check=check)


_HANDMADE_NOTES = ("The TF Lite converter no longer emits this operator (TF1's tf.lite.experimental.nn ops and "
                   "the TOCO converter did), so the model is written directly as a flatbuffer with the schema's "
                   "object API (scripts/fixtures/make_recurrent_fixtures.py's builders). Its states are variable "
                   "tensors; TensorBridge lowers both directions unrolled, the backward one from the last step to "
                   "the first. " + _STATE_NOTES)


@case("handmade_rnn_dynamic_time", "flatbuffer written with the schema's object API: UNIDIRECTIONAL_SEQUENCE_RNN with shape signature [1, -1, 3] (any sequence length, batch 1, tanh)",
      lowered=True,
      notes="No converter of TensorFlow 2.21 writes this operator (see tf_keras_simple_rnn_dynamic_time), so the "
            "model is written directly as a flatbuffer with the schema's object API "
            "(scripts/fixtures/make_recurrent_fixtures.py's builders). Its hidden state is a variable tensor; the "
            "sequence length is only known at run time, so TensorBridge lowers it to a WHILE loop over the steps, "
            "as for tf_keras_lstm_dynamic_time. Python resizes the input to each step's sequence (4, 4, 6, 6, "
            "then 1 step long); resizing and allocate_tensors reset the variable tensors (steps 0, 2 and 4 start "
            "from zeros), while steps 1 and 3 carry the state over.")
def _(rng):
    r = _recurrent_fixtures()
    g = r.Graph()
    x, _ = r.sequence_input(g, 1, 4, 3, dynamic_time=True)
    y = r.rnn(g, rng, x, batch=1, steps=4, n_input=3, units=4, dynamic_time=True)
    data = g.finish([x], [y])
    seq = f32(rng, 1, 4, 3)
    longer = f32(rng, 1, 6, 3)

    def check(out):
        if np.array_equal(out[0][0], out[1][0]) or np.array_equal(out[2][0], out[3][0]):
            raise RuntimeError("the RNN state no longer carries over between invokes of one shape")
    return Built(data, [Step(None, {"0": seq}), Step(None, {"0": seq}), Step(None, {"0": longer}),
                        Step(None, {"0": longer}), Step(None, {"0": f32(rng, 1, 1, 3)})], check=check)


@case("handmade_bidirectional_rnn", "flatbuffer written with the schema's object API: BIDIRECTIONAL_SEQUENCE_RNN (batch 1, 5 steps, tanh, separate forward and backward outputs)",
      lowered=True, notes=_HANDMADE_NOTES)
def _(rng):
    def build(r):
        g = r.Graph()
        x, _ = r.sequence_input(g, 1, 5, 3)
        fw, bw = r.bidirectional_rnn(g, rng, x, batch=1, steps=5, n_input=3, fw_units=4, bw_units=3)
        return g.finish([x], [fw, bw])
    return _handmade_sequence(rng, build, (1, 5, 3))


@case("handmade_bidirectional_lstm", "flatbuffer written with the schema's object API: BIDIRECTIONAL_SEQUENCE_LSTM (time-major, batch 2, 4 steps, merge_outputs, cell clip 3)",
      lowered=True, notes=_HANDMADE_NOTES)
def _(rng):
    def build(r):
        g = r.Graph()
        x, _ = r.sequence_input(g, 2, 4, 3, time_major=True)
        (y,) = r.bidirectional_lstm(g, rng, x, batch=2, steps=4, n_input=3, fw_cells=4, bw_cells=4, merge=True,
                                    cell_clip=3.0, time_major=True)
        return g.finish([x], [y])
    return _handmade_sequence(rng, build, (4, 2, 3))


@case("handmade_bidirectional_lstm_dynamic_time", "flatbuffer written with the schema's object API: BIDIRECTIONAL_SEQUENCE_LSTM with shape signature [1, -1, 3] (any sequence length, batch-major, batch 1, separate outputs)",
      lowered=True,
      notes="As handmade_bidirectional_lstm, but the sequence length is only known at run time: TensorBridge "
            "lowers each direction to a WHILE loop, the backward one over the REVERSE_V2'd input, its output "
            "reversed back. Python resizes the input to each step's sequence (4, 4, 6, 6, then 1 step long); "
            "resizing and allocate_tensors reset the variable tensors (steps 0, 2 and 4 start from zeros), while "
            "steps 1 and 3 carry the state over.")
def _(rng):
    r = _recurrent_fixtures()
    g = r.Graph()
    x, _ = r.sequence_input(g, 1, 4, 3, dynamic_time=True)
    fw, bw = r.bidirectional_lstm(g, rng, x, batch=1, steps=4, n_input=3, fw_cells=3, bw_cells=3,
                                  dynamic_time=True)
    data = g.finish([x], [fw, bw])
    seq = f32(rng, 1, 4, 3)
    longer = f32(rng, 1, 6, 3)

    def check(out):
        if np.array_equal(out[0][0], out[1][0]) or np.array_equal(out[2][0], out[3][0]):
            raise RuntimeError("the LSTM state no longer carries over between invokes of one shape")
    return Built(data, [Step(None, {"0": seq}), Step(None, {"0": seq}), Step(None, {"0": longer}),
                        Step(None, {"0": longer}), Step(None, {"0": f32(rng, 1, 1, 3)})], check=check)


@case("handmade_svdf", "flatbuffer written with the schema's object API: SVDF (rank 2, 3 units, memory 4, RELU, bias) with its activation state in a variable tensor",
      lowered=True,
      notes="The TF Lite converter no longer emits SVDF (TOCO fused it from TF's SVDF pattern), so the model is "
            "written directly as a flatbuffer with the schema's object API (scripts/fixtures/"
            "make_recurrent_fixtures.py's builders). Its activation state (each filter's last frames) is a "
            "variable tensor; TensorBridge lowers it to FULLY_CONNECTED, SLICE, CONCATENATION, MUL and SUM "
            "over a resource variable. " + _STATE_NOTES)
def _(rng):
    def build(r):
        g = r.Graph()
        x = g.tensor("features", [1, 5])
        y = r.svdf(g, rng, x, batch=1, n_input=5, units=3, rank=2, memory=4)
        return g.finish([x], [y])
    return _handmade_sequence(rng, build, (1, 5))


@case("handmade_ignored_intermediates", "tf_keras Dense model, full-integer int8 -> TFLiteConverter; then "
      "intermediate tensors added to every FULLY_CONNECTED with the schema's object API (as calibration logging "
      "leaves them)",
      notes="TensorFlow Lite's kernels other than the integer LSTMs ignore an operator's intermediates, so Python "
            "runs this model; LiteRT's compiled-model loader refuses any operator with intermediates "
            "(\"Intermediate tensors not yet supported\"). TensorBridge marks them absent before loading "
            "(TFLiteModel.droppingIgnoredIntermediates): the int8 outputs match exactly.")
def _(rng):
    tk = tf_keras()
    x = tk.Input((6,), name="features")
    h = tk.layers.Dense(8, activation="relu", name="hidden")(x)
    y = tk.layers.Dense(3, name="scores")(h)
    model = tk.Model(x, y, name="dense")
    seed_keras_weights(model, rng)
    converter = _tf().lite.TFLiteConverter.from_keras_model(model)
    converter.optimizations = [_tf().lite.Optimize.DEFAULT]
    samples = [f32(rng, 1, 6) for _ in range(32)]
    converter.representative_dataset = lambda: ([s] for s in samples)
    m = read_model(converter.convert())
    sub = m.subgraphs[0]
    codes = [c.builtinCode if c.builtinCode else c.deprecatedBuiltinCode for c in m.operatorCodes]
    added = 0
    for op in sub.operators:
        if codes[op.opcodeIndex] != schema.BuiltinOperator.FULLY_CONNECTED:
            continue
        indices = []
        for k in range(2):
            t = schema.TensorT()
            t.name = f"intermediate_{added}_{k}".encode()
            t.shape = np.array([0], np.int32)
            t.type = schema.TensorType.INT16
            t.buffer = 0
            q = schema.QuantizationParametersT()
            q.scale, q.zeroPoint = np.array([2.0 ** -12], np.float32), np.array([0], np.int64)
            t.quantization = q
            sub.tensors.append(t)
            indices.append(len(sub.tensors) - 1)
        op.intermediates = np.array(indices, np.int32)
        added += 1
    assert added == 2, added
    return Built(write_model(m), [Step(None, {"0": f32(rng, 1, 6)}), Step("serving_default", {"features": f32(rng, 1, 6)})])


def _keras3_rnn(rng, layer):
    keras = keras3()
    x = keras.Input((6, 3), batch_size=1, name="sequence")
    h = layer(keras)(x)
    y = keras.layers.Dense(2, name="head")(h)
    model = keras.Model(x, y, name="rnn")
    seed_keras_weights(model, rng)
    data = _tf().lite.TFLiteConverter.from_keras_model(model).convert()
    return Built(data, [Step(None, {"0": f32(rng, 1, 6, 3)}), Step("serving_default", {"sequence": f32(rng, 1, 6, 3)})])


@case("keras3_gru", "Keras 3 GRU -> from_keras_model")
def _(rng):
    return _keras3_rnn(rng, lambda k: k.layers.GRU(4, name="gru"))


@case("keras3_lstm", "Keras 3 LSTM -> from_keras_model")
def _(rng):
    return _keras3_rnn(rng, lambda k: k.layers.LSTM(4, return_sequences=True, name="lstm"))


@case("keras3_stateful_lstm", "Keras 3 LSTM(stateful=True), batch 1 -> from_keras_model (state in resource variables)",
      notes="The LSTM state lives in resource variables (VAR_HANDLE/READ_VARIABLE/ASSIGN_VARIABLE, "
            "initialised once by CALL_ONCE): the same input gives different outputs at steps 0, 1 and 2.")
def _(rng):
    keras = keras3()
    x = keras.Input((2, 3), batch_size=1, name="chunk")
    h = keras.layers.LSTM(4, stateful=True, name="lstm")(x)
    model = keras.Model(x, h, name="stateful")
    seed_keras_weights(model, rng)
    data = _tf().lite.TFLiteConverter.from_keras_model(model).convert()
    chunk = f32(rng, 1, 2, 3)

    def check(out):
        if np.array_equal(out[0][0], out[1][0]) or np.array_equal(out[1][0], out[2][0]):
            raise RuntimeError("state does not carry over between steps")
    return Built(data, [Step("serving_default", {"chunk": chunk}) for _ in range(3)], check=check)


@case("keras3_attention", "Keras 3 MultiHeadAttention (self-attention, 2 heads) -> from_keras_model")
def _(rng):
    keras = keras3()
    x = keras.Input((4, 8), batch_size=1, name="tokens")
    a = keras.layers.MultiHeadAttention(num_heads=2, key_dim=4, name="mha")(x, x)
    h = keras.layers.LayerNormalization(name="norm")(x + a)
    model = keras.Model(x, h, name="attention")
    seed_keras_weights(model, rng)
    data = _tf().lite.TFLiteConverter.from_keras_model(model).convert()
    return Built(data, [Step(None, {"0": f32(rng, 1, 4, 8)}), Step(None, {"0": f32(rng, 1, 4, 8)})])



# ---------------------------------------------------------------------------
# Cases: int64 / bool / string tensors
# ---------------------------------------------------------------------------

@case("int64_bool", "tf.function with int64 and bool inputs/outputs -> from_concrete_functions",
      notes="int64 values beyond 32 bits; bool in and out; 'total' is an int64 scalar.")
def _(rng):
    t = _tf()

    class Ints(t.Module):
        @t.function(input_signature=[t.TensorSpec([5], t.int64, name="ids"), t.TensorSpec([5], t.bool, name="mask")])
        def serve(self, ids, mask):
            tripled = ids * 3 + 1
            picked = t.where(mask, tripled, t.zeros_like(tripled))
            return {"picked": picked, "is_big": ids > 10, "total": t.reduce_sum(picked),
                    "flipped": t.logical_not(mask)}

    m = Ints()
    data = from_concrete(m, [m.serve])
    ids = np.array([1, -7, 5_000_000_000, 12, -3_000_000_000], np.int64)
    steps = [Step("serving_default", {"ids": ids, "mask": np.array([True, False, True, True, False])}),
             Step("serving_default", {"ids": rng.integers(-2**40, 2**40, 5, dtype=np.int64),
                                      "mask": rng.random(5) < 0.5})]
    return Built(data, steps)


STRING_TABLE = ["zero", "one", "", "naïve café", "日本語", "emoji \U0001f600", "tab\tand\nnewline"]


@case("string_gather_table", "tf.gather from a constant string table by int32 index -> string output (GATHER)",
      notes="String output as numpy bytes (UTF-8, including non-ASCII and an empty string). The "
            "index input is dynamic ([-1]); step 2 gathers zero indices, so its string output has shape [0].",
      runtime_limit={"step": 2, "error_contains": ["serving_default_index:0", "zero-element input"],
                     "why": "LiteRT's compiled-model API cannot take a zero-element input tensor (its buffers "
                            "need every dimension >= 1); Python's classic interpreter returns an empty output"})
def _(rng):
    t = _tf()

    class Table(t.Module):
        @t.function(input_signature=[t.TensorSpec([None], t.int32, name="index")])
        def serve(self, index):
            return {"word": t.gather(t.constant(STRING_TABLE), index)}

    m = Table()
    data = from_concrete(m, [m.serve])

    def check(out):
        if out[2][0].shape != (0,):
            raise RuntimeError(f"step 2 shape {out[2][0].shape}")
    return Built(data, [
        Step("serving_default", {"index": np.array([3, 0, 4, 2], np.int32)}),
        Step(None, {"0": np.array([5, 6, 1], np.int32)}),
        Step("serving_default", {"index": np.zeros([0], np.int32)}),
    ], check=check)


@case("string_hashtable", "tf.lookup.StaticHashTable (string -> int64) in a SavedModel -> from_saved_model "
      "(HASHTABLE, HASHTABLE_IMPORT, HASHTABLE_FIND)",
      notes="String input given as numpy bytes (dtype S). The table lives in a resource created by "
            "an init subgraph (CALL_ONCE); unknown keys map to -1. The output's shape_signature is [] "
            "(unknown rank) although it has shape [n] after invoke. Invoking without writing the string "
            "input first crashes Python LiteRT 2.3.0 (segfault in HASHTABLE_FIND).")
def _(rng):
    t = _tf()

    class Vocab(t.Module):
        def __init__(self):
            keys = t.constant(["the", "cat", "sat", "on", "mat", "naïve"])
            self.table = t.lookup.StaticHashTable(
                t.lookup.KeyValueTensorInitializer(keys, t.constant([10, 11, 12, 13, 14, 15], t.int64)), -1)

        @t.function(input_signature=[t.TensorSpec([None], t.string, name="words")])
        def serve(self, words):
            return {"ids": self.table.lookup(words)}

    m = Vocab()
    data = from_saved_model(m, {"serving_default": m.serve})
    words = [["the", "cat", "sat"], ["on", "the", "mat", "dog", "naïve"]]
    return Built(data, [Step("serving_default", {"words": np.array([x.encode() for x in ws], dtype="S")})
                        for ws in words])


@case("string_passthrough", "string input -> string outputs with builtin ops only (GATHER of the reversed indices)",
      notes="Inputs are numpy UNICODE arrays (dtype <U): the CLI must encode them as UTF-8 strings. "
            "Outputs are numpy bytes (S).")
def _(rng):
    t = _tf()

    class Strings(t.Module):
        @t.function(input_signature=[t.TensorSpec([None], t.string, name="text")])
        def serve(self, text):
            n = t.size(text)
            return {"reversed": t.gather(text, t.range(n - 1, -1, -1)), "count": n,
                    "first_two": t.gather(text, [0, 1])}

    m = Strings()
    data = from_concrete(m, [m.serve])
    return Built(data, [
        Step("serving_default", {"text": np.array(["hello", "wörld", "ß", "日本語"])}),
        Step(None, {"0": np.array(["a", "", "c"])}),
    ])


# ---------------------------------------------------------------------------
# Cases: dynamic shapes and data-dependent outputs
# ---------------------------------------------------------------------------

@case("dynamic_batch", "tf.function with input shape [None, 4] -> from_concrete_functions",
      notes="shape_signature [-1, 4]; default shape [1, 4]. Null steps resize input 0 to batch 5, then 2; "
            "the signature step uses batch 3.")
def _(rng):
    t = _tf()

    class Batch(t.Module):
        def __init__(self):
            self.w = t.Variable(w(rng, 4, 3))

        @t.function(input_signature=[t.TensorSpec([None, 4], t.float32, name="x")])
        def serve(self, x):
            return {"y": t.nn.relu(t.matmul(x, self.w))}

    m = Batch()
    data = from_concrete(m, [m.serve])
    return Built(data, [Step(None, {"0": f32(rng, 1, 4)}), Step(None, {"0": f32(rng, 5, 4)}),
                        Step(None, {"0": f32(rng, 2, 4)}), Step("serving_default", {"x": f32(rng, 3, 4)})])


@case("all_dynamic", "tf.function with input shape [None, None] -> from_concrete_functions",
      notes="shape_signature [-1, -1]; default shape [1, 1]. Steps use [2,3], [4,1], [1,6].")
def _(rng):
    t = _tf()

    class Dyn(t.Module):
        @t.function(input_signature=[t.TensorSpec([None, None], t.float32, name="x")])
        def serve(self, x):
            centered = x - t.reduce_mean(x, axis=1, keepdims=True)
            return {"centered": centered * 2.0, "row_max": t.reduce_max(x, axis=1)}

    m = Dyn()
    data = from_concrete(m, [m.serve])
    return Built(data, [Step(None, {"0": f32(rng, 2, 3)}), Step(None, {"0": f32(rng, 4, 1)}),
                        Step("serving_default", {"x": f32(rng, 1, 6)})])


@case("unknown_rank", "tf.function with tf.TensorSpec(None, tf.float32) (unknown rank) -> from_concrete_functions",
      notes="An unknown-rank input has shape [] AND shape_signature [] in the file: it looks exactly "
            "like a scalar. Step 0 resizes it to [2,3] before invoking (like resize_tensor_input + "
            "allocate_tensors in Python), step 1 to [5]. 'total' is a scalar.")
def _(rng):
    t = _tf()

    class Any(t.Module):
        @t.function(input_signature=[t.TensorSpec(None, t.float32, name="x")])
        def serve(self, x):
            return {"y": x * 2.0 + 1.0, "total": t.reduce_sum(x)}

    m = Any()
    data = from_concrete(m, [m.serve])
    return Built(data, [Step(None, {"0": f32(rng, 2, 3)}), Step(None, {"0": f32(rng, 5)})])


@case("boolean_mask", "tf.boolean_mask (data-dependent output shape) -> from_concrete_functions",
      notes="The output's size depends on the data. Step 1's threshold selects nothing: the output "
            "has shape [0]. Step 2 selects again (the interpreter must recover from the empty output).")
def _(rng):
    t = _tf()

    class Mask(t.Module):
        @t.function(input_signature=[t.TensorSpec([8], t.float32, name="x"), t.TensorSpec([], t.float32, name="threshold")])
        def serve(self, x, threshold):
            picked = t.boolean_mask(x, x > threshold)
            return {"picked": picked, "count": t.size(picked)}

    m = Mask()
    data = from_concrete(m, [m.serve])
    x = f32(rng, 8)

    def check(out):
        sizes = [next(o for o in outs if o.ndim == 1).size for outs in out]
        if sizes[1] != 0 or sizes[0] == 0 or sizes[2] == 0:
            raise RuntimeError(f"picked sizes {sizes}")
    return Built(data, [Step("serving_default", {"x": x, "threshold": np.array(0.0, np.float32)}),
                        Step("serving_default", {"x": x, "threshold": np.array(100.0, np.float32)}),
                        null_step(data, {"x": f32(rng, 8), "threshold": np.array(-0.5, np.float32)})],
                 check=check, notes="get_input_details() lists 'threshold' before 'x'.")


@case("scalar_output", "tf.function returning a scalar (shape []) next to a vector, with a scalar input",
      notes="Outputs 'total' (float32, shape []) and 'count' (int32, shape []) are scalars. 'count' "
            "(tf.size of a static shape) is folded to a CONSTANT output tensor: it has buffer data "
            "and no operator produces it.")
def _(rng):
    t = _tf()

    class Scalar(t.Module):
        @t.function(input_signature=[t.TensorSpec([3], t.float32, name="x"), t.TensorSpec([], t.float32, name="scale")])
        def serve(self, x, scale):
            scaled = x * scale
            return {"scaled": scaled, "total": t.reduce_sum(scaled), "count": t.size(x)}

    m = Scalar()
    data = from_concrete(m, [m.serve])
    return Built(data, [Step("serving_default", {"x": f32(rng, 3), "scale": np.array(2.5, np.float32)}),
                        null_step(data, {"x": f32(rng, 3), "scale": np.array(-1.0, np.float32)})])


# ---------------------------------------------------------------------------
# Cases: resource variables (on-device training)
# ---------------------------------------------------------------------------

@case("resource_variables_training", "tf.Module with tf.Variable and train/infer/save/restore signatures -> from_saved_model",
      notes="Variables are resources (VAR_HANDLE, READ_VARIABLE, ASSIGN_VARIABLE) shared by all "
            "signatures of one interpreter; the init subgraph runs once (CALL_ONCE). The gradient "
            "step is written with plain ops (no Flex). Steps: infer, train x3 (loss falls), infer "
            "(differs from step 0), save, restore(initial weights), infer (equals step 0), save.")
def _(rng):
    t = _tf()
    w0, b0 = w(rng, 3, 2), np.zeros(2, np.float32)

    class Trainable(t.Module):
        def __init__(self):
            self.w = t.Variable(w0)
            self.b = t.Variable(b0)

        @t.function(input_signature=[t.TensorSpec([None, 3], t.float32, name="x")])
        def infer(self, x):
            return {"y": t.matmul(x, self.w) + self.b}

        @t.function(input_signature=[t.TensorSpec([4, 3], t.float32, name="x"), t.TensorSpec([4, 2], t.float32, name="y")])
        def train(self, x, y):
            err = t.matmul(x, self.w) + self.b - y
            loss = t.reduce_mean(t.square(err))
            grad = err * (2.0 / 8.0)
            self.w.assign_sub(0.1 * t.matmul(t.transpose(x), grad))
            self.b.assign_sub(0.1 * t.reduce_sum(grad, axis=0))
            return {"loss": loss}

        @t.function(input_signature=[])
        def save(self):
            return {"w": t.identity(self.w), "b": t.identity(self.b)}

        @t.function(input_signature=[t.TensorSpec([3, 2], t.float32, name="w"), t.TensorSpec([2], t.float32, name="b")])
        def restore(self, w, b):
            self.w.assign(w)
            self.b.assign(b)
            return {"w": t.identity(self.w), "b": t.identity(self.b)}

    m = Trainable()
    sigs = {"infer": m.infer, "train": m.train, "save": m.save, "restore": m.restore}
    data = from_saved_model(m, sigs, keys=list(sigs))
    x_probe = f32(rng, 2, 3)
    xs, true_w = f32(rng, 4, 3), w(rng, 3, 2)
    ys = xs @ true_w
    steps = [Step("infer", {"x": x_probe})]
    steps += [Step("train", {"x": xs, "y": ys}) for _ in range(3)]
    steps += [Step("infer", {"x": x_probe}), Step("save", {}), Step("restore", {"w": w0, "b": b0}),
              Step("infer", {"x": x_probe}), Step("save", {})]

    def check(out):
        losses = [float(out[k][0]) for k in (1, 2, 3)]
        if not losses[0] > losses[1] > losses[2]:
            raise RuntimeError(f"loss does not fall: {losses}")
        if np.allclose(out[0][0], out[4][0]):
            raise RuntimeError("training did not change infer")
        if not np.array_equal(out[0][0], out[7][0]):
            raise RuntimeError("restore did not bring back the first infer")
    return Built(data, steps, check=check)



# ---------------------------------------------------------------------------
# Cases: ops the runtime does not have
# ---------------------------------------------------------------------------

@case("flex_select_tf_op", "converter with target_spec.supported_ops=[TFLITE_BUILTINS, SELECT_TF_OPS]; tf.linalg.det "
      "becomes the Flex op FlexMatrixDeterminant",
      expect="load_error", error_contains=["FlexMatrixDeterminant"],
      notes="The LiteRT wheel (and TensorBridge) has no Flex delegate.")
def _(rng):
    t = _tf()

    class Det(t.Module):
        @t.function(input_signature=[t.TensorSpec([3, 3], t.float32, name="m")])
        def serve(self, m):
            return {"det": t.linalg.det(m) * 2.0, "trace": t.linalg.trace(m)}

    m = Det()

    def configure(c):
        c.target_spec.supported_ops = [t.lite.OpsSet.TFLITE_BUILTINS, t.lite.OpsSet.SELECT_TF_OPS]
    data = from_concrete(m, [m.serve], configure)
    return Built(data, [Step("serving_default", {"m": f32(rng, 3, 3)})])


@case("custom_op_unresolved", "converter with allow_custom_ops=True; tf.math.igamma becomes the custom op 'Igamma'",
      expect="load_error", error_contains=["Igamma"],
      notes="No kernel is registered for the custom op in LiteRT.")
def _(rng):
    t = _tf()

    class Gamma(t.Module):
        @t.function(input_signature=[t.TensorSpec([4], t.float32, name="x")])
        def serve(self, x):
            return {"p": t.math.igamma(x, x + 1.0), "y": t.exp(x)}

    m = Gamma()

    def configure(c):
        c.allow_custom_ops = True
    data = from_concrete(m, [m.serve], configure)
    return Built(data, [Step("serving_default", {"x": rng.uniform(0.5, 3, 4).astype(np.float32)})])


# ---------------------------------------------------------------------------
# Cases: ai-edge-quantizer recipes (plain float model and one with TFLite metadata)
# ---------------------------------------------------------------------------

AEQ_RECIPES = [
    # name in ai_edge_quantizer.recipe -> what it is
    ("dynamic_wi8_afp32", "dynamic int8 (channelwise int8 weights, activations quantized at run time)"),
    ("dynamic_wi4_afp32", "dynamic int4 (channelwise int4 weights)"),
    ("weight_only_wi8_afp32", "weight-only int8 (DEQUANTIZE weights, float compute)"),
    ("weight_only_wi4_afp32", "weight-only int4 (DEQUANTIZE int4 weights, float compute)"),
    ("static_wi8_ai8", "static int8 weights + int8 activations (calibrated)"),
    ("static_wi8_ai16", "static int8 weights + int16 activations (calibrated)"),
    ("dynamic_legacy_wi8_afp32", "dynamic int8 for tensors >= 1024 elements (old converter behaviour)"),
]
# Building blocks of recipe.py (aliases) that change the file format, on the plain model only.
# (dynamic_wi8b32_afp32 is left out: 0.10.0 leaves this model unchanged with it. dynamic_wi2c_afp32
# is left out: Python LiteRT's XNNPACK path returns values around 1e8 for its INT2 weights, so
# there is no trustworthy reference; see README.)
AEQ_EXTRA = [
    ("dynamic_wi4b32_afp32", "dynamic int4, blockwise (block size 32) weights"),
    ("dynamic_wi4c_hr_afp32", "dynamic int4 with Hadamard rotation"),
]
# Dynamic recipes: XNNPACK and the builtin hybrid kernels quantize activations differently
# (up to ~0.03 apart here), so these tolerances cover both kernel families.
AEQ_TOLERANCE = {"dynamic_wi8_afp32": 0.05, "dynamic_wi4_afp32": 0.05, "dynamic_legacy_wi8_afp32": 0.05}
# Where the two kernel families disagree far beyond quantization noise (see README).
AEQ_DISAGREE = {"dynamic_wi4b32_afp32", "dynamic_wi4c_hr_afp32"}
# The Hadamard recipe stores an NxN float rotation matrix per FULLY_CONNECTED input size N; with
# 4 conv channels (FC inputs 64 and 32) the model stays under 50 KB.
AEQ_CHANNELS = {"dynamic_wi4c_hr_afp32": 4}


def aeq_float_model(channels=8) -> bytes:
    """The float model every ai-edge-quantizer case starts from (same weights for all of them)."""
    m = small_cnn_module(np.random.default_rng(seed_of("aeq_float")), channels)
    return from_concrete(m, [m.serve])


def metadata_schema():
    # Only the generated flatbuffer bindings of tflite-support (pure Python; the package's
    # extension modules are not imported).
    from tensorflow_lite_support.metadata import metadata_schema_py_generated as md  # noqa: PLC0415
    return md


def zip_bytes(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for name, payload in files.items():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            z.writestr(info, payload)
    return out.getvalue()


LABELS = b"".join(f"class_{i}\n".encode() for i in range(8))


def with_tflite_metadata(data: bytes) -> bytes:
    """Adds TFLite metadata the way tflite-support's MetadataPopulator lays it out.

    * a ModelMetadata flatbuffer ("M001") describing the image input (normalization, stats)
      and the logits output (labels.txt as TENSOR_AXIS_LABELS), in a new buffer;
    * a `metadata` entry "TFLITE_METADATA" pointing at that buffer;
    * the deprecated Model.metadata_buffer field listing the same buffer index (old writers set it);
    * labels.txt appended to the file as a zip archive (associated files).
    """
    import flatbuffers  # noqa: PLC0415

    md = metadata_schema()
    norm = md.ProcessUnitT()
    norm.optionsType = md.ProcessUnitOptions.NormalizationOptions
    norm.options = md.NormalizationOptionsT()
    norm.options.mean, norm.options.std = [127.5], [127.5]
    image = md.TensorMetadataT()
    image.name, image.description = "image", "8x8 grayscale image, normalized to [-1, 1]"
    image.content = md.ContentT()
    image.content.contentPropertiesType = md.ContentProperties.ImageProperties
    image.content.contentProperties = md.ImagePropertiesT()
    image.content.contentProperties.colorSpace = md.ColorSpaceType.GRAYSCALE
    image.processUnits = [norm]
    image.stats = md.StatsT()
    image.stats.max, image.stats.min = [1.0], [-1.0]
    labels = md.AssociatedFileT()
    labels.name, labels.description = "labels.txt", "class names"
    labels.type = md.AssociatedFileType.TENSOR_AXIS_LABELS
    logits = md.TensorMetadataT()
    logits.name, logits.description = "logits", "scores of 8 classes"
    logits.associatedFiles = [labels]
    subgraph = md.SubGraphMetadataT()
    subgraph.name = "small_cnn"
    subgraph.inputTensorMetadata, subgraph.outputTensorMetadata = [image], [logits]
    meta = md.ModelMetadataT()
    meta.name, meta.description, meta.version = "small_cnn", "TensorBridge converter corpus model", "v1"
    meta.author, meta.license = "TensorBridge", "Apache-2.0"
    meta.subgraphMetadata = [subgraph]
    meta.minParserVersion = "1.0.0"
    builder = flatbuffers.Builder(1024)
    builder.Finish(meta.Pack(builder), file_identifier=b"M001")
    payload = bytes(builder.Output())

    model = read_model(data)
    buffer = schema.BufferT()
    buffer.data = np.frombuffer(payload, dtype=np.uint8).copy()
    model.buffers.append(buffer)
    index = len(model.buffers) - 1
    entry = schema.MetadataT()
    entry.name, entry.buffer = "TFLITE_METADATA", index
    model.metadata = (model.metadata or []) + [entry]
    model.metadataBuffer = [index]
    return write_model(model) + zip_bytes({"labels.txt": LABELS})


def aeq_recipe(name: str):
    from ai_edge_quantizer import recipe  # noqa: PLC0415
    return getattr(recipe, name)()


def aeq_quantize(data: bytes, recipe_name: str, rng) -> bytes:
    from ai_edge_quantizer import quantizer  # noqa: PLC0415

    q = quantizer.Quantizer(bytearray(data), aeq_recipe(recipe_name))
    calibration = None
    if q.need_calibration:
        samples = [{"image": x} for x in images(rng, 32)]
        calibration = q.calibrate({"serving_default": samples}, num_threads=1)
    result = q.quantize(calibration, enable_progress_report=False)
    return bytes(result.quantized_model)


def metadata_story(before: bytes, after: bytes) -> str:
    """What the quantizer did to metadata, metadata_buffer and the appended zip."""
    a, b = model_facts(before), model_facts(after)
    tail = "kept" if after.endswith(zip_bytes({"labels.txt": LABELS})) else "dropped"

    def payload(data):
        m = read_model(data)
        entry = next(x for x in m.metadata if x.name == b"TFLITE_METADATA")
        return bytes(m.buffers[entry.buffer].data)
    same_payload = "unchanged" if payload(before) == payload(after) else "CHANGED"
    odd = [i for i in b["metadata_buffer"] or [] if i >= b["buffers"]]
    oddity = f" (index >= the {b['buffers']} buffers: out of range)" if odd else ""
    return (f"Input file: {a['buffers']} buffers, metadata {a['metadata']}, metadata_buffer "
            f"{a['metadata_buffer']}, labels.txt zip appended. The quantizer drops empty buffers and "
            f"renumbers metadata[].buffer but not metadata_buffer: quantized file has {b['buffers']} buffers, "
            f"metadata {b['metadata']}, metadata_buffer {b['metadata_buffer']}{oddity}; "
            f"TFLITE_METADATA payload {same_payload}; appended zip {tail}. Python LiteRT loads it regardless.")


def _aeq_case(recipe_name: str, what: str, with_metadata: bool):
    prefix = "aeq_meta_" if with_metadata else "aeq_"
    model_kind = "float model with TFLite metadata (+ deprecated metadata_buffer, appended labels zip)" \
        if with_metadata else "float model"
    path = f"ai-edge-quantizer recipe.{recipe_name}() on a small {model_kind}"

    @case(prefix + recipe_name, path, tolerance=AEQ_TOLERANCE.get(recipe_name, 1e-4), notes=what + ".",
          kernels_disagree=recipe_name in AEQ_DISAGREE)
    def _(rng):
        float_model = aeq_float_model(AEQ_CHANNELS.get(recipe_name, 8))
        source = with_tflite_metadata(float_model) if with_metadata else float_model
        quantized = aeq_quantize(source, recipe_name, rng)
        xs = images(rng, 3)
        quantized_input = main_inputs(quantized)[0]["dtype"] != np.float32
        feed = [quantize_like(x, quantized) if quantized_input else x for x in xs]
        steps = [Step("serving_default", {"image": x}) for x in feed[:2]] + [Step(None, {"0": feed[2]})]
        notes = [quantization_error(float_model, quantized, xs, feed)]
        if recipe_name in AEQ_CHANNELS:
            notes.append(f"Starts from the {AEQ_CHANNELS[recipe_name]}-channel variant of the float model: "
                         "the recipe adds an NxN float Hadamard matrix per FULLY_CONNECTED input size N.")
        if quantized_input:
            d = main_inputs(quantized)[0]
            notes.append(f"The recipe quantizes the model's input and output too: input is {np.dtype(d['dtype']).name}, "
                         "so the step inputs are the images quantized with its scale/zero point.")
        if with_metadata:
            notes.append(metadata_story(source, quantized))
        return Built(quantized, steps, notes=" ".join(notes))


def dequantized_outputs(data: bytes, feed: list[np.ndarray]) -> list[np.ndarray]:
    results = []
    for x in feed:
        interp = new_interpreter(data)
        interp.allocate_tensors()
        interp.set_tensor(interp.get_input_details()[0]["index"], x)
        interp.invoke()
        d = interp.get_output_details()[0]
        y = interp.get_tensor(d["index"]).astype(np.float32)
        scale, zero = d["quantization"]
        results.append((y - zero) * scale if scale else y)
    return results


def quantization_error(float_model: bytes, quantized: bytes, xs, feed) -> str:
    want = dequantized_outputs(float_model, xs)
    got = dequantized_outputs(quantized, feed)
    err = max(float(np.abs(g - x).max()) for g, x in zip(got, want))
    peak = max(float(np.abs(x).max()) for x in want)
    return f"Python (XNNPACK) output is within {err:.3g} of the float model's (outputs up to {peak:.2f})."


@case("aeq_lstm_dynamic_wi8_afp32", "tf_keras LSTM (fused) -> ai-edge-quantizer recipe.dynamic_wi8_afp32()",
      lowered=True, tolerance=AEQ_TOLERANCE["dynamic_wi8_afp32"],
      notes="ai-edge-quantizer quantizes the Dense head's FULLY_CONNECTED (int8 weights, one scale per output "
            "channel, dynamic-range) and leaves the fused UNIDIRECTIONAL_SEQUENCE_LSTM float32 (its recipes have no "
            "LSTM policy), which TensorBridge lowers at load. " + _STATE_NOTES)
def _(rng):
    built = _fused_lstm(_single_lstm_model(rng), rng, (1, 5, 3))
    quantized = aeq_quantize(built.model, "dynamic_wi8_afp32", rng)
    if "UNIDIRECTIONAL_SEQUENCE_LSTM" not in op_names(quantized):
        raise RuntimeError(f"the quantizer rewrote the LSTM: {op_names(quantized)}")
    return Built(quantized, built.steps, check=built.check)


@case("aeq_float", "the float model the ai-edge-quantizer cases start from (from_concrete_functions)")
def _(rng):
    return Built(aeq_float_model(), [Step("serving_default", {"image": x}) for x in images(rng, 2)])


@case("aeq_meta_float", "the float model with TFLite metadata that the aeq_meta_* cases start from",
      notes="TFLITE_METADATA buffer, deprecated metadata_buffer = [its index] (like old writers), "
            "labels.txt appended as a zip.")
def _(rng):
    data = with_tflite_metadata(aeq_float_model())
    return Built(data, [Step("serving_default", {"image": x}) for x in images(rng, 2)],
                 notes=f"{model_facts(data)['buffers']} buffers, metadata_buffer {model_facts(data)['metadata_buffer']}.")


for _name, _what in AEQ_RECIPES:
    _aeq_case(_name, _what, with_metadata=False)
for _name, _what in AEQ_RECIPES:
    _aeq_case(_name, _what, with_metadata=True)
for _name, _what in AEQ_EXTRA:
    _aeq_case(_name, _what, with_metadata=False)


# ---------------------------------------------------------------------------
# README table and main
# ---------------------------------------------------------------------------

TABLE_BEGIN = "<!-- cases:begin (generated by make_corpus.py) -->"
TABLE_END = "<!-- cases:end -->"


def readme_row(name: str, s: dict) -> str:
    c = CASES[name]
    ops = ", ".join(s["ops"]) or "(none)"
    kb = f"{s['size'] / 1024:.1f} KB"
    if c.expect == "load_error":
        expect = "load_error: " + ", ".join(f"`{e}`" for e in c.error_contains)
        if c.classic_only:
            expect += " (Python's classic interpreter runs it; references kept)"
    else:
        steps = len(s.get("outputs", []))
        expect = f"ok, {steps} step{'s' if steps != 1 else ''}, tol {c.tolerance:g}"
        if c.lowered:
            expect += " (lowered: LiteRT's CompiledModel refuses it)"
        if c.xnnpack_misreads:
            expect += " (references from the builtin kernels: XNNPACK misreads it)"
    return f"| `{name}` | {c.path} | {ops} ({kb}) | {expect} |"


def readme_table(summaries: dict[str, dict], kept: dict[str, str] | None = None) -> str:
    """The case table: a row per case in `summaries`, and, for a partial run, the rows `kept`
    from the README for the other cases; in CASES order."""
    rows = ["| case | converter path | ops of note | expectation |", "|---|---|---|---|"]
    fresh = {name: readme_row(name, s) for name, s in summaries.items()}
    merged = {**(kept or {}), **fresh}
    rows += [merged[name] for name in CASES if name in merged]
    return "\n".join(rows)


def update_readme(summaries: dict[str, dict], partial: bool = False) -> None:
    """Rewrites the README's case table; after a `partial` run (some cases) only their rows."""
    if not README.exists():
        return
    text = README.read_text()
    if TABLE_BEGIN not in text or TABLE_END not in text:
        return
    head, rest = text.split(TABLE_BEGIN, 1)
    table, tail = rest.split(TABLE_END, 1)
    kept = {}
    if partial:
        for line in table.splitlines():
            if line.startswith("| `"):
                kept[line[3:line.index("`", 3)]] = line
    README.write_text(head + TABLE_BEGIN + "\n" + readme_table(summaries, kept) + "\n" + TABLE_END + tail)


def check_versions() -> None:
    from importlib import metadata  # noqa: PLC0415

    want = {"ai-edge-litert": "LITERT_VERSION", "tensorflow": "TENSORFLOW_VERSION",
            "tf_keras": "TF_KERAS_VERSION", "ai-edge-quantizer": "AI_EDGE_QUANTIZER_VERSION",
            "keras": "KERAS_VERSION"}
    for package, key in want.items():
        pinned = VERSIONS.get(key)
        got = metadata.version(package)
        if pinned and got != pinned:
            sys.exit(f"{package} {got} installed, scripts/versions.env pins {key}={pinned}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cases", nargs="*", help="case names (default: all)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"output folder (default {OUT})")
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    parser.add_argument("--verify", action="store_true",
                        help="only re-run the existing folders through Python LiteRT and compare")
    args = parser.parse_args()

    if args.list:
        for c in CASES.values():
            print(f"{c.name:34} {c.expect:10} {c.path}")
        return 0
    unknown = [n for n in args.cases if n not in CASES]
    if unknown:
        parser.error(f"unknown case(s): {', '.join(unknown)} (see --list)")
    names = args.cases or list(CASES)

    if args.verify:
        failed = 0
        for name in names:
            problems = verify_case(args.out / name)
            print(f"{'ok  ' if not problems else 'FAIL'} {name}" + ("" if not problems else ": " + "; ".join(problems)))
            failed += bool(problems)
        return 1 if failed else 0

    check_versions()
    args.out.mkdir(parents=True, exist_ok=True)
    summaries, failures = {}, []
    for name in names:
        c = CASES[name]
        rng = np.random.default_rng(seed_of(name))
        chatter = io.StringIO()  # Keras/TF/quantizer progress prints; shown only on failure
        try:
            with contextlib.redirect_stdout(chatter), contextlib.redirect_stderr(chatter):
                built = c.build(rng)
            summaries[name] = s = write_case(c, built, args.out)
        except Exception as e:  # noqa: BLE001
            failures.append(name)
            sys.stderr.write(chatter.getvalue()[-3000:])
            print(f"FAIL {name}: {type(e).__name__}: {' '.join(str(e).split())[:600]}", file=sys.stderr)
            continue
        extra = "" if c.expect != "ok" else f"  builtin-vs-xnnpack {s['builtin_vs_xnnpack']:.2g}"
        print(f"ok   {name:34} {s['size']:7d} B  {', '.join(s['ops'])}{extra}", flush=True)
    if args.cases and summaries and args.out == OUT:
        update_readme(summaries, partial=True)
    if not args.cases and not failures:
        update_readme(summaries)
        stale = sorted(p.name for p in args.out.iterdir() if p.is_dir() and p.name not in CASES)
        for name in stale:
            shutil.rmtree(args.out / name)
            print(f"removed stale case folder {name}")
    total = sum(f.stat().st_size for f in args.out.rglob("*") if f.is_file())
    print(f"{len(summaries)} cases written, {len(failures)} failed; corpus {total / 1024:.0f} KB in {args.out}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
