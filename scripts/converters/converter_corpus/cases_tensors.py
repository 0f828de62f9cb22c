"""Cases: int64, bool and string tensors; dynamic shapes and data-dependent outputs."""

from __future__ import annotations

import numpy as np

from .base import Built, Step, _tf, case, f32, w
from .model_io import null_step
from .tf_models import from_concrete, from_saved_model


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
