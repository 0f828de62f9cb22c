"""Cases: ai-edge-quantizer recipes on a plain float model and on one with TFLite metadata."""

from __future__ import annotations

import numpy as np

from .base import Built, Step, case, seed_of
from .cases_lstm import fused_lstm, single_lstm_model
from .model_io import main_inputs, model_facts, op_names, quantize_like
from .reference import new_interpreter
from .sequence_steps import STATE_NOTES
from .tf_models import from_concrete, images, small_cnn_module
from .tflite_metadata import metadata_story, with_tflite_metadata


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
            "LSTM policy), which TensorBridge lowers at load. " + STATE_NOTES)
def _(rng):
    built = fused_lstm(single_lstm_model(rng), rng, (1, 5, 3))
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
