#!/usr/bin/env python3
"""Builds the small models of the Task Library conformance fixtures, without metadata (run in
.venv-text-tf; make_task_library_references.py adds metadata and the references).

    .venv-text-tf/bin/python scripts/text/make_task_library_models.py OUT_DIR

Writes to OUT_DIR:

* nl_classifier_options.tflite  the builtin-op twin of tflite-support's
  test_model_nl_classifier.tflite (which needs custom ops): string input INPUT; outputs, in this
  order, OUTPUT_SCORE_DEQUANTIZED float32 [3], OUTPUT_SCORE_QUANTIZED uint8 [3] (scale 255,
  zero point 0), LABELS string [3], OUTPUT_SCORE_DEQUANTIZED_FLOAT64 float64 [3]. When the input
  is exactly "hello" the scores are 255, 510, 765 (quantized 1, 2, 3) and the labels label0..2;
  otherwise every score is 0, so a wrongly written input cannot pass.
* nl_classifier_bool.tflite  string input INPUT; bool output [3] = true, true, false for "hello".
* regex_echo.tflite  int32 input [1, 32] -> float32 [1, 32]: the token ids, as floats.
* bert_echo.tflite  int32 inputs ids, mask, segment_ids [1, 24] -> float32 [1, 24]:
  ids + 100000 * mask + 1000000 * segment_ids (exact in float32).
* albert_tiny.tflite  int32 ids, mask, segment_ids [1, 24] -> softmax [1, 2]: a seeded random
  masked-mean embedding classifier over a 600-piece vocabulary (the SentencePiece unigram model).
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import tensorflow as tf
from tensorflow.lite.tools import flatbuffer_utils

BERT_LENGTH = 24
REGEX_LENGTH = 32


def convert(function) -> bytes:
    module = tf.Module()
    module.f = function
    converter = tf.lite.TFLiteConverter.from_concrete_functions([function.get_concrete_function()], module)
    return converter.convert()


def edit(model: bytes, outputs: list[tuple[str, str]], quantized: dict[str, tuple[float, int]] | None = None) -> bytes:
    """Renames output tensors, orders the subgraph outputs as `outputs` (signature output key ->
    new tensor name), sets quantization on some, and drops signature defs so that the subgraph
    order is the order every runtime sees."""
    model_t = flatbuffer_utils.convert_bytearray_to_object(bytearray(model))
    subgraph = model_t.subgraphs[0]
    signature = model_t.signatureDefs[0]
    by_key = {tensor_map.name.decode() if isinstance(tensor_map.name, bytes) else tensor_map.name: tensor_map.tensorIndex
              for tensor_map in signature.outputs}
    order = []
    for key, name in outputs:
        index = by_key[key]
        subgraph.tensors[index].name = name.encode()
        if quantized and name in quantized:
            scale, zero = quantized[name]
            from tensorflow.lite.python import schema_py_generated as schema  # noqa: PLC0415
            q = schema.QuantizationParametersT()
            q.scale, q.zeroPoint = [scale], [zero]
            subgraph.tensors[index].quantization = q
        order.append(index)
    subgraph.outputs = order
    for tensor_map in signature.inputs:
        subgraph.tensors[tensor_map.tensorIndex].name = (
            tensor_map.name if isinstance(tensor_map.name, bytes) else tensor_map.name.encode())
    model_t.signatureDefs = []
    return bytes(flatbuffer_utils.convert_object_to_bytearray(model_t))


def nl_classifier_options() -> bytes:
    @tf.function(input_signature=[tf.TensorSpec([1], tf.string, name="INPUT")])
    def model(text):
        hit = tf.cast(tf.equal(text, tf.constant(["hello"])), tf.float32)        # [1]
        scores = hit * tf.constant([255.0, 510.0, 765.0])                          # [3]
        quantized = tf.cast(hit * tf.constant([1.0, 2.0, 3.0]), tf.uint8)         # [3]
        labels = tf.gather(tf.constant(["label0", "label1", "label2", "wrong"]),
                           tf.cast(hit, tf.int32) * tf.constant([0, 1, 2]) + (1 - tf.cast(hit, tf.int32)) * 3)
        return {"a_dequantized": scores, "b_quantized": quantized, "c_labels": labels,
                "d_float64": tf.cast(scores, tf.float64)}
    return edit(convert(model), [
        ("a_dequantized", "OUTPUT_SCORE_DEQUANTIZED"), ("b_quantized", "OUTPUT_SCORE_QUANTIZED"),
        ("c_labels", "LABELS"), ("d_float64", "OUTPUT_SCORE_DEQUANTIZED_FLOAT64")],
        quantized={"OUTPUT_SCORE_QUANTIZED": (255.0, 0)})


def nl_classifier_bool() -> bytes:
    @tf.function(input_signature=[tf.TensorSpec([1], tf.string, name="INPUT")])
    def model(text):
        return {"output": tf.logical_and(tf.equal(text, tf.constant(["hello"])), tf.constant([True, True, False]))}
    return edit(convert(model), [("output", "OUTPUT")])


def regex_echo() -> bytes:
    @tf.function(input_signature=[tf.TensorSpec([1, REGEX_LENGTH], tf.int32, name="input_text")])
    def model(ids):
        return {"probability": tf.cast(ids, tf.float32)}
    return edit(convert(model), [("probability", "probability")])


def bert_inputs():
    return [tf.TensorSpec([1, BERT_LENGTH], tf.int32, name=name) for name in ("ids", "mask", "segment_ids")]


def bert_echo() -> bytes:
    @tf.function(input_signature=bert_inputs())
    def model(ids, mask, segment_ids):
        return {"probability": tf.cast(ids, tf.float32) + 100000.0 * tf.cast(mask, tf.float32)
                + 1000000.0 * tf.cast(segment_ids, tf.float32)}
    return edit(convert(model), [("probability", "probability")])


def albert_tiny() -> bytes:
    rng = np.random.default_rng(24)
    embedding = tf.constant(rng.normal(0, 1, (600, 8)).astype(np.float32))
    segments = tf.constant(rng.normal(0, 0.1, (2, 8)).astype(np.float32))
    dense = tf.constant(rng.normal(0, 1, (8, 2)).astype(np.float32))

    @tf.function(input_signature=bert_inputs())
    def model(ids, mask, segment_ids):
        vectors = tf.gather(embedding, ids) + tf.gather(segments, segment_ids)       # [1, L, 8]
        weights = tf.cast(mask, tf.float32)[..., None]
        mean = tf.reduce_sum(vectors * weights, axis=1) / tf.maximum(tf.reduce_sum(weights, axis=1), 1.0)
        return {"probability": tf.nn.softmax(tf.matmul(mean, dense))}
    return edit(convert(model), [("probability", "probability")])


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    tf.random.set_seed(0)
    for name, build in [("nl_classifier_options", nl_classifier_options), ("nl_classifier_bool", nl_classifier_bool),
                        ("regex_echo", regex_echo), ("bert_echo", bert_echo), ("albert_tiny", albert_tiny)]:
        (out / f"{name}.tflite").write_bytes(build())
        print(f"wrote {out / name}.tflite", file=sys.stderr)


if __name__ == "__main__":
    main()
