"""Cases: Keras 3 recurrent layers (WHILE loops, stateful resource variables) and attention."""

from __future__ import annotations

import numpy as np

from .base import Built, Step, _tf, case, f32
from .tf_models import keras3, seed_keras_weights


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
