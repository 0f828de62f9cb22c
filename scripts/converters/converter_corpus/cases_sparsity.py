"""Cases: the converter's sparsity path (EXPERIMENTAL_SPARSITY) on pruned weights."""

from __future__ import annotations

import sys

import numpy as np

from .base import Built, Step, _tf, case, schema, w
from .model_io import TYPE_NAMES, read_model
from .tf_models import builtins_only, from_concrete, tf_keras


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
