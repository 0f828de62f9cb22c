"""Cases: the TFLite converter's quantization modes, the legacy uint8 path and buffer offsets."""

from __future__ import annotations

import numpy as np

from .base import Built, Step, _tf, case, w
from .model_io import main_inputs, model_facts, quantize_like
from .tf_models import from_concrete, images, representative, small_cnn_module


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


def _optimize_default(c, rng):
    c.optimizations = [_tf().lite.Optimize.DEFAULT]


def _full_integer(io_type, ops_set="TFLITE_BUILTINS_INT8"):
    """Full-integer quantization with a representative dataset, ops of `ops_set`, I/O of `io_type` (None: float)."""
    def configure(c, rng):
        t = _tf()
        c.optimizations = [t.lite.Optimize.DEFAULT]
        c.representative_dataset = representative(rng)
        c.target_spec.supported_ops = [getattr(t.lite.OpsSet, ops_set)]
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
    return _small_cnn_case(rng, _full_integer(_tf().int8))


@case("quant_int8_io_uint8", "converter: full-integer int8, inference_input/output_type=tf.uint8",
      notes="The graph stays int8; QUANTIZE ops convert uint8 <-> int8 at the inputs and outputs.")
def _(rng):
    return _small_cnn_case(rng, _full_integer(_tf().uint8))


@case("quant_int8_io_float", "converter: full-integer int8 with float input/output (default inference types)",
      notes="QUANTIZE at the input and DEQUANTIZE at the output; everything in between is int8.")
def _(rng):
    return _small_cnn_case(rng, _full_integer(None))


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
    return _small_cnn_case(rng, _full_integer(_tf().int16, "EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8"))


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
