#!/usr/bin/env python3
"""Builds the converter corpus in Tests/Fixtures/converters/.

One tiny .tflite model per path real users take to make TFLite/LiteRT models
(Keras 3, tf_keras, SavedModel, concrete functions, TF1 sessions and frozen
graphs, the converter's quantization modes, ai-edge-quantizer recipes, control
flow, RNNs, string/int64/bool tensors, dynamic shapes, resource variables,
Flex and custom ops), plus the outputs Python LiteRT computes for it.

    bash scripts/converters/make_corpus.sh              # every case
    bash scripts/converters/make_corpus.sh CASE...      # only these cases
    bash scripts/converters/make_corpus.sh --list       # case names and paths
    bash scripts/converters/make_corpus.sh --verify     # re-run the committed references

The wrapper creates/updates the git-ignored venv .venv-converters/ with the
versions pinned in scripts/versions.env and runs this script. See
scripts/converters/README.md for the folder layout and the case table (this
script rewrites the table when it regenerates every case).

Per case folder (Tests/Fixtures/converters/<case>/):

    model.tflite
    steps.json                 [{"signature": KEY|null, "inputs": {NAME_OR_INDEX: FILE}}, ...]
    inputs/<k>_<name>.npy      inputs of step k
    expected/<k>/<i>_<name>.npy  Python LiteRT's outputs of step k
    case.json                  {"path", "expect", ["error_contains"], "float_tolerance", "notes"}

References come from ai_edge_litert.interpreter.Interpreter(model_content=...,
num_threads=1): ONE interpreter per case, steps run in order (state such as
resource variables carries over from step to step). A `null` step addresses
subgraph 0 like get_input_details()/get_output_details(): inputs keyed by
position ("0") or tensor name, resized (resize_tensor_input +
allocate_tensors) when the given array's shape differs from the tensor's;
outputs written in get_output_details() order under their tensor names. A
signature step calls get_signature_runner(KEY)(**inputs); outputs are written
in the order LiteRT's signature lists them (CompiledModel.get_signature_list():
the order of the signature subgraph's outputs, NOT the SignatureDef order, which
the converter sorts by name), under their signature names. The generator checks
that order against ai_edge_litert.compiled_model for every model it can load.

Every reference is computed twice (two fresh interpreters) and must match
bit for bit. Each case is also run with the builtin kernels only (no XNNPACK);
the largest difference is printed and, if it exceeds the case's tolerance,
the case fails to generate (so the tolerance covers both kernel families),
unless the case is marked kernels_disagree (its notes then give the size).
Integer outputs that differ between the two families are noted per case.
A case marked xnnpack_misreads takes its references from the builtin kernels
instead (case.json: "reference_kernels": "builtin"), because Python's default
interpreter misreads it (XNNPACK and sparse int8 weights); the generator checks
that XNNPACK still fails or differs and says how in the notes.

A `load_error` case either fails in Python too (the error must contain every
error_contains substring), or is `classic_only`: Python's classic interpreter
runs it (references are written) but LiteRT's CompiledModel API, which
TensorBridge uses, refuses to load it (checked here), and so does TensorBridge.
A `lowered` case is an `ok` case that the CompiledModel API refuses too (fused
LSTM/RNN state in variable tensors, checked here) and that TensorBridge runs
by lowering the fused operators at load.
"""

from __future__ import annotations

import sys

# The code is in the converter_corpus package next to this script (see its __init__.py); Python puts
# this script's folder on sys.path when it runs it.
from converter_corpus.cli import main

if __name__ == "__main__":
    sys.exit(main(__doc__))
