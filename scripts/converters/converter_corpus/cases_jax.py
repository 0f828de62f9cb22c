"""Cases: JAX models through jax2tf (LiteRT's documented JAX path) and Keras 3 on the JAX backend.

jax2tf serializes the JAX program as StableHLO inside one `XlaCallModule` op; TensorFlow's
converter lowers that to TFLite builtins (or to `STABLEHLO_*` builtins where it has no TFLite
op). The JAX version is pinned (JAX_VERSION): a newer JAX writes StableHLO the pinned
TensorFlow cannot read (jax 0.10's `top_k` as `vhlo.composite_v2` fails to deserialize).
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np

from .base import VERSIONS, Built, Step, _tf, case, f32, w
from .model_io import model_facts
from .tf_models import builtins_only, tempdir


def _jax():
    """jax, jax.numpy and jax2tf, imported on first use (only these cases need them), on the CPU."""
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax  # noqa: PLC0415
    import jax.numpy as jnp  # noqa: PLC0415
    from jax.experimental import jax2tf  # noqa: PLC0415

    if jax.__version__ != VERSIONS.get("JAX_VERSION", jax.__version__):
        sys.exit(f"jax {jax.__version__} installed, scripts/versions.env pins JAX_VERSION={VERSIONS['JAX_VERSION']}")
    return jax, jnp, jax2tf


def _convert(fn, specs, polymorphic_shapes=None) -> bytes:
    """The LiteRT guide's JAX recipe: jax2tf.convert -> tf.function -> from_concrete_functions."""
    t = _tf()
    _, _, jax2tf = _jax()
    tf_fn = t.function(jax2tf.convert(fn, polymorphic_shapes=polymorphic_shapes), input_signature=specs,
                       autograph=False)
    c = t.lite.TFLiteConverter.from_concrete_functions([tf_fn.get_concrete_function()], tf_fn)
    builtins_only(c)
    return c.convert()


@case("jax2tf_mlp", "pure JAX MLP (weights closed over) -> jax2tf.convert -> tf.function -> "
      "TFLiteConverter.from_concrete_functions (the LiteRT guide's JAX path)")
def _(rng):
    jax, jnp, _ = _jax()
    w1, b1, w2, b2 = w(rng, 6, 16), w(rng, 16), w(rng, 16, 4), w(rng, 4)

    def predict(x):
        h = jax.nn.relu(x @ w1 + b1)
        return jax.nn.softmax(h @ w2 + b2, axis=-1)

    data = _convert(predict, [_tf().TensorSpec([2, 6], _tf().float32)])
    return Built(data, [Step(None, {"0": f32(rng, 2, 6)}) for _ in range(2)])


@case("jax2tf_conv_polymorphic_batch", "JAX conv (lax.conv_general_dilated) + gelu + max pool "
      "(lax.reduce_window) + layer norm, jax2tf with polymorphic_shapes=['(b, 8, 8, 1)']",
      notes="The symbolic batch becomes -1 in the file (SHAPE/BROADCAST_TO arithmetic inside); the "
            "second step resizes input 0 to batch 3.")
def _(rng):
    jax, jnp, _ = _jax()
    from jax import lax  # noqa: PLC0415
    kernel, gamma = w(rng, 3, 3, 1, 4), w(rng, 4) + 1.0

    def features(x):
        y = lax.conv_general_dilated(x, kernel, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        y = jax.nn.gelu(y)
        y = lax.reduce_window(y, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        mean = y.mean(axis=-1, keepdims=True)
        var = ((y - mean) ** 2).mean(axis=-1, keepdims=True)
        y = (y - mean) / jnp.sqrt(var + 1e-5) * gamma
        return y.reshape(y.shape[0], -1).mean(axis=-1, keepdims=True)

    t = _tf()
    data = _convert(features, [t.TensorSpec([None, 8, 8, 1], t.float32)], polymorphic_shapes=["(b, 8, 8, 1)"])
    return Built(data, [Step(None, {"0": f32(rng, 1, 8, 8, 1)}), Step(None, {"0": f32(rng, 3, 8, 8, 1)})])


@case("jax2tf_ops", "JAX cumsum, einsum, where, take (gather), argmax, dynamic_slice and logsumexp, "
      "jax2tf -> from_concrete_functions (7 outputs, a float and an int32 input)")
def _(rng):
    jax, jnp, _ = _jax()
    from jax import lax  # noqa: PLC0415

    def ops(x, idx):
        return (jnp.cumsum(x, axis=-1), jnp.einsum("bi,bj->bij", x, x), jnp.where(x > 0, x, 0.1 * x),
                jnp.take(x, idx, axis=1), jnp.argmax(x, axis=-1).astype(jnp.int32),
                lax.dynamic_slice(x, (0, idx[0]), (2, 3)), jax.nn.logsumexp(x, axis=-1))

    t = _tf()
    data = _convert(ops, [t.TensorSpec([2, 6], t.float32), t.TensorSpec([2], t.int32)])
    # The last step's dynamic_slice start (5) is clamped to 3, as JAX does. An index past the end
    # (take's fill mode) is not: the file still gathers there and GATHER_ND fails to invoke, in
    # Python as in TensorBridge.
    return Built(data, [Step(None, {"0": f32(rng, 2, 6), "1": np.array(pair, np.int32)})
                        for pair in ([1, 4], [0, 5], [5, 2])],
                 notes="dynamic_slice starts are clamped in the file as in JAX; an out-of-range take index "
                       "fails to invoke (GATHER_ND index out of bounds) in Python too, so the steps use none.")


@case("jax2tf_scatter_add", "JAX x.at[:, idx].add(1.0), jax2tf -> from_concrete_functions: the converter "
      "keeps the scatter as STABLEHLO_SCATTER with its update computation in a second subgraph",
      expect="load_error", error_contains=["STABLEHLO_SCATTER"],
      notes="LiteRT's STABLEHLO_SCATTER kernel fails to prepare it (Python too): the error names the "
            "operator, its node and the kernel's reason, which LiteRT gives only in its log.")
def _(rng):
    _, jnp, _ = _jax()

    def scatter(x, idx):
        return jnp.zeros_like(x).at[:, idx].add(1.0) + x

    t = _tf()
    data = _convert(scatter, [t.TensorSpec([2, 6], t.float32), t.TensorSpec([2], t.int32)])
    return Built(data, [Step(None, {"0": f32(rng, 2, 6), "1": np.array([1, 4], np.int32)})])


KERAS_JAX_EXPORT = """
import os, sys
import keras
keras.utils.set_random_seed(int(sys.argv[2]))
model = keras.Sequential([
    keras.Input((8, 8, 1), name="pixels"),
    keras.layers.Conv2D(4, 3, activation="relu", name="conv"),
    keras.layers.BatchNormalization(name="bn"),
    keras.layers.GlobalAveragePooling2D(name="gap"),
    keras.layers.Dense(3, activation="softmax", name="probs"),
], name="seq")
assert keras.backend.backend() == "jax", keras.backend.backend()
model.export(sys.argv[1], format="tf_saved_model", verbose=False)
"""


@case("keras3_jax_backend_saved_model", "Keras 3 on the JAX backend: model.export(format='tf_saved_model') "
      "(jax2tf inside) -> TFLiteConverter.from_saved_model",
      notes="Keras 3.15 refuses format='litert' on the JAX backend ('LiteRT export requires TensorFlow or "
            "PyTorch backend'); its SavedModel export is the way. Exported in a child process (the backend "
            "is fixed at import); batch is dynamic (-1), the second step runs batch 2.")
def _(rng):
    t = _tf()
    with tempdir() as d:
        env = dict(os.environ, KERAS_BACKEND="jax", JAX_PLATFORMS="cpu")
        subprocess.run([sys.executable, "-c", KERAS_JAX_EXPORT, str(d / "sm"), str(int(rng.integers(1 << 30)))],
                       env=env, check=True, capture_output=True)
        c = t.lite.TFLiteConverter.from_saved_model(str(d / "sm"))
        builtins_only(c)
        data = c.convert()
    sig = next(iter(model_facts(data)["signatures"]))
    name = model_facts(data)["signatures"][sig]["inputs"][0]
    return Built(data, [Step(sig, {name: rng.uniform(0, 1, (batch, 8, 8, 1)).astype(np.float32)}) for batch in (1, 2)])
