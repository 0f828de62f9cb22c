"""Cases: tf_keras LSTMs the converter fuses (float, dynamic-range, full-integer) and SimpleRNN."""

from __future__ import annotations

import numpy as np

from .base import Built, Step, _tf, case, f32, schema
from .model_io import op_names, quantize_like
from .sequence_steps import STATE_NOTES, carried_state, dynamic_time_steps
from .tf_models import seed_keras_weights, tf_keras


def fused_lstm(model, rng, shape, configure=None) -> Built:
    """Converts a tf_keras model whose LSTMs the converter fuses; steps: x, x again, another."""
    c = _tf().lite.TFLiteConverter.from_keras_model(model)
    if configure:
        configure(c)
    data = c.convert()
    if "UNIDIRECTIONAL_SEQUENCE_LSTM" not in op_names(data):
        raise RuntimeError(f"not fused: {op_names(data)}")
    seq = f32(rng, *shape)
    return carried_state(data, seq, f32(rng, *shape), "the LSTM state")


def _sequence_model(rng, shape, batch: int, body, name: str, scale=0.3):
    """A tf_keras model: the input "sequence" (`shape`, `batch`), `body(tf_keras, input)`, a Dense(2) "head";
    weights seeded from `rng`."""
    tk = tf_keras()
    x = tk.Input(shape, batch_size=batch, name="sequence")
    y = tk.layers.Dense(2, name="head")(body(tk, x))
    model = tk.Model(x, y, name=name)
    seed_keras_weights(model, rng, scale=scale)
    return model


def _dynamic_time_model(rng, layer, name: str) -> bytes:
    """`layer(tf_keras)` over a sequence of any length ([1, None, 3]) and a Dense head, converted."""
    model = _sequence_model(rng, (None, 3), 1, lambda tk, x: layer(tk)(x), name)
    return _tf().lite.TFLiteConverter.from_keras_model(model).convert()


def single_lstm_model(rng):
    """A tf_keras LSTM (4 units over [1, 5, 3], the whole sequence) and a Dense head, seeded from `rng`."""
    return _sequence_model(rng, (5, 3), 1, lambda tk, x: tk.layers.LSTM(4, return_sequences=True, name="lstm")(x),
                           "lstm_model")


@case("tf_keras_lstm_fused", "tf_keras LSTM (fixed batch 1) -> from_keras_model -> fused UNIDIRECTIONAL_SEQUENCE_LSTM",
      lowered=True,
      notes="The converter fuses the Keras 2 LSTM into one UNIDIRECTIONAL_SEQUENCE_LSTM op (float32, tanh, "
            "cell clip 10, no peephole/projection/layer norm) whose state tensors are VARIABLE tensors "
            "(is_variable, no buffer). " + STATE_NOTES)
def _(rng):
    return fused_lstm(single_lstm_model(rng), rng, (1, 5, 3))


def resized_steps(data: bytes, seqs, what: str) -> Built:
    """Steps over the sequences `seqs` (the file's length first, then another twice, then a third):
    Python resizes the input (non-strict) and allocate_tensors resets the state; checks that `what`
    carries over between the two invokes of one length (steps 1 and 2)."""
    steps = [Step(None, {"0": seqs[0]}), Step(None, {"0": seqs[1]}), Step(None, {"0": seqs[1]}),
             Step(None, {"0": seqs[2]})]

    def check(out):
        if np.array_equal(out[1][0], out[2][0]):
            raise RuntimeError(f"{what} no longer carries over between invokes of one length")
    return Built(data, steps, check=check)


RESIZED_NOTES = ("The file fixes the sequence length, but TensorFlow Lite's sequence kernels read it at every "
                 "allocate_tensors(), so Python runs other lengths after resize_tensor_input (non-strict). "
                 "TensorBridge unrolls the lowered LSTM at the file's length, and on the first resize to another "
                 "lowers and compiles the model again with a WHILE loop over the steps (RecurrentStepAxis). "
                 "Steps: the file's length, another twice (the state carries over from step 1 to 2), a third.")


@case("tf_keras_lstm_fixed_time_resized", "tf_keras LSTM over [1, 5, 3] (fixed) -> fused UNIDIRECTIONAL_SEQUENCE_LSTM, run at 5, 8, 8 and 2 steps",
      lowered=True, notes=RESIZED_NOTES)
def _(rng):
    data = _tf().lite.TFLiteConverter.from_keras_model(single_lstm_model(rng)).convert()
    return resized_steps(data, [f32(rng, 1, 5, 3), f32(rng, 1, 8, 3), f32(rng, 1, 2, 3)], "the LSTM state")


@case("tf_keras_embedding_lstm_resized", "tf_keras Embedding -> LSTM over [1, 6] int32 token ids (fixed) -> GATHER + fused UNIDIRECTIONAL_SEQUENCE_LSTM, run at 6, 9, 9 and 3 tokens",
      lowered=True,
      notes="A text model as Keras writes it: the token ids pass through the embedding's GATHER before the LSTM, "
            "so the model input's axis 1 is the LSTM's sequence axis. " + RESIZED_NOTES)
def _(rng):
    tk = tf_keras()
    x = tk.Input((6,), batch_size=1, dtype="int32", name="tokens")
    h = tk.layers.Embedding(30, 4, name="embedding")(x)
    y = tk.layers.Dense(2, name="head")(tk.layers.LSTM(3, name="lstm")(h))
    model = tk.Model(x, y, name="embedding_lstm")
    seed_keras_weights(model, rng, scale=0.3)
    data = _tf().lite.TFLiteConverter.from_keras_model(model).convert()
    if "UNIDIRECTIONAL_SEQUENCE_LSTM" not in op_names(data) or "GATHER" not in op_names(data):
        raise RuntimeError(f"not an embedding and a fused LSTM: {op_names(data)}")
    tokens = [rng.integers(0, 30, (1, n)).astype(np.int32) for n in (6, 9, 3)]
    return resized_steps(data, tokens, "the LSTM state")


@case("tf_keras_lstm_stacked", "two stacked tf_keras LSTMs (batch 2; return_sequences, then the last step) -> two fused UNIDIRECTIONAL_SEQUENCE_LSTM",
      lowered=True,
      notes="Each LSTM keeps its own state in variable tensors; the second returns only its last step "
            "(STRIDED_SLICE). " + STATE_NOTES)
def _(rng):
    def body(tk, x):
        h = tk.layers.LSTM(5, return_sequences=True, name="lstm_1")(x)
        return tk.layers.LSTM(4, name="lstm_2")(h)
    return fused_lstm(_sequence_model(rng, (4, 3), 2, body, "stacked"), rng, (2, 4, 3))


@case("tf_keras_lstm_bidirectional", "tf_keras Bidirectional(LSTM, return_sequences) -> REVERSE_V2 + two fused UNIDIRECTIONAL_SEQUENCE_LSTM + CONCATENATION",
      lowered=True,
      notes="The converter writes the backward direction as a forward LSTM between two REVERSE_V2 ops "
            "(not BIDIRECTIONAL_SEQUENCE_LSTM). " + STATE_NOTES)
def _(rng):
    model = _sequence_model(rng, (6, 3), 1, lambda tk, x: tk.layers.Bidirectional(
        tk.layers.LSTM(3, return_sequences=True), name="bidi")(x), "bidirectional")
    return fused_lstm(model, rng, (1, 6, 3))


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
    data = _dynamic_time_model(rng, lambda tk: tk.layers.LSTM(4, name="lstm"), "dynamic_time")
    if "UNIDIRECTIONAL_SEQUENCE_LSTM" not in op_names(data):
        raise RuntimeError(f"not fused: {op_names(data)}")
    return dynamic_time_steps(data, rng, "the LSTM state")


@case("tf_keras_lstm_dynamic_range", "tf_keras LSTM(32) -> converter with optimizations=[Optimize.DEFAULT] (dynamic-range int8 weights) -> hybrid UNIDIRECTIONAL_SEQUENCE_LSTM",
      lowered=True, tolerance=1e-3,
      notes="The fused LSTM keeps float32 input and state but int8 weights, quantized per tensor (the hybrid "
            "kernel quantizes its input and output state row by row at run time). TensorBridge lowers it with "
            "one hybrid FULLY_CONNECTED per gate that keeps the gate's int8 weights, so LiteRT quantizes the "
            "activations as the LSTM kernel does. Weights have at least 1024 elements each, or the converter "
            "leaves them float. " + STATE_NOTES)
def _(rng):
    model = _sequence_model(rng, (3, 32), 1, lambda tk, x: tk.layers.LSTM(32, name="lstm")(x), "dynamic_range",
                            scale=0.15)
    return fused_lstm(model, rng, (1, 3, 32), lambda c: setattr(c, "optimizations", [_tf().lite.Optimize.DEFAULT]))


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
    return carried_state(data, seq, other, "the LSTM state")


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
      notes=_INTEGER_LSTM_NOTES + STATE_NOTES)
def _(rng):
    return _full_integer_lstm(rng, _tf().int8)


@case("tf_keras_lstm_full_integer_float_io",
      "tf_keras LSTM -> full-integer quantization (representative dataset, TFLITE_BUILTINS_INT8, float "
      "input and output) -> QUANTIZE, integer UNIDIRECTIONAL_SEQUENCE_LSTM, DEQUANTIZE", lowered=True,
      tolerance=1e-6,
      notes=_INTEGER_LSTM_NOTES + "The float output is DEQUANTIZE's, which Python's builtin kernel and XNNPACK "
            "compute 3e-8 apart; 1e-6 is far below one int8 step of the output (0.004). " + STATE_NOTES)
def _(rng):
    return _full_integer_lstm(rng, None)


@case("tf_keras_lstm_full_integer_stacked",
      "two stacked tf_keras LSTMs (batch 2) -> full-integer quantization (int8 input and output) -> two integer "
      "UNIDIRECTIONAL_SEQUENCE_LSTM", lowered=True, tolerance=0.0,
      notes=_INTEGER_LSTM_NOTES + "Two integer LSTMs, each with its own states; batch 2 batch-major (the kernel "
            "runs one batch row at a time). " + STATE_NOTES)
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
    data = _dynamic_time_model(rng, lambda tk: tk.layers.SimpleRNN(4, name="rnn"), "simple_rnn_dynamic_time")
    if "WHILE" not in op_names(data) or "UNIDIRECTIONAL_SEQUENCE_RNN" in op_names(data):
        raise RuntimeError(f"the converter changed how it writes SimpleRNN: {op_names(data)}")
    return dynamic_time_steps(data, rng)
