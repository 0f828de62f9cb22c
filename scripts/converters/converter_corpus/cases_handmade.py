"""Cases: fused recurrent operators written by hand with the schema's object API, and ignored intermediates."""

from __future__ import annotations

import sys
from types import SimpleNamespace

import numpy as np

from .base import ROOT, Built, Step, _tf, case, f32, schema
from .model_io import read_model, write_model
from .sequence_steps import STATE_NOTES, carried_state, dynamic_time_steps
from .tf_models import seed_keras_weights, tf_keras


def _recurrent_fixtures():
    """The builders of scripts/fixtures/make_recurrent_fixtures.py (its package recurrent_fixtures), which
    write fused recurrent operators with the schema's object API."""
    sys.path.insert(0, str(ROOT / "scripts" / "fixtures"))
    from recurrent_fixtures import graph, layers  # noqa: PLC0415

    return SimpleNamespace(
        Graph=graph.Graph, sequence_input=graph.sequence_input, rnn=layers.rnn, svdf=layers.svdf,
        bidirectional_rnn=layers.bidirectional_rnn, bidirectional_lstm=layers.bidirectional_lstm)


def _handmade_sequence(rng, build, shape) -> Built:
    """A hand-written model of one fused sequence operator; steps: x, x again, another."""
    data = build(_recurrent_fixtures())
    seq = f32(rng, *shape)
    return carried_state(data, seq, f32(rng, *shape), "the state")


_HANDMADE_NOTES = ("The TF Lite converter no longer emits this operator (TF1's tf.lite.experimental.nn ops and "
                   "the TOCO converter did), so the model is written directly as a flatbuffer with the schema's "
                   "object API (scripts/fixtures/make_recurrent_fixtures.py's builders). Its states are variable "
                   "tensors; TensorBridge lowers both directions unrolled, the backward one from the last step to "
                   "the first. " + STATE_NOTES)


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
    return dynamic_time_steps(data, rng, "the RNN state")


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
    return dynamic_time_steps(data, rng, "the LSTM state")


@case("handmade_svdf", "flatbuffer written with the schema's object API: SVDF (rank 2, 3 units, memory 4, RELU, bias) with its activation state in a variable tensor",
      lowered=True,
      notes="The TF Lite converter no longer emits SVDF (TOCO fused it from TF's SVDF pattern), so the model is "
            "written directly as a flatbuffer with the schema's object API (scripts/fixtures/"
            "make_recurrent_fixtures.py's builders). Its activation state (each filter's last frames) is a "
            "variable tensor; TensorBridge lowers it to FULLY_CONNECTED, SLICE, CONCATENATION, MUL and SUM "
            "over a resource variable. " + STATE_NOTES)
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
