"""TensorFlow converter helpers, Keras set-up and the small float CNN several cases share."""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from pathlib import Path

import numpy as np

from .base import _tf, w


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
