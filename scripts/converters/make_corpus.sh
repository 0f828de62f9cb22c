#!/usr/bin/env bash
# Regenerates the converter corpus in Tests/Fixtures/converters/ (models + Python LiteRT references).
#
#   bash scripts/converters/make_corpus.sh              # every case (rewrites the README table)
#   bash scripts/converters/make_corpus.sh CASE...      # only these cases
#   bash scripts/converters/make_corpus.sh --list       # the cases
#   bash scripts/converters/make_corpus.sh --verify     # re-run the committed references in Python
#   bash scripts/converters/make_corpus.sh --out DIR    # write elsewhere (e.g. to compare)
#
# Creates or updates (idempotently) the git-ignored venv .venv-converters/ at the repo root with
# the versions pinned in scripts/versions.env: tensorflow-cpu, tf_keras, keras, ai-edge-quantizer,
# ai-edge-litert, numpy, jax and jaxlib, and tflite-support (--no-deps; only its metadata-schema bindings are used).
# Then runs make_corpus.py with the arguments given here. Only needed to regenerate the corpus;
# `make check-converters` needs no TensorFlow.
#
# Environment: PYTHON (default python3) creates the venv.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# shellcheck source=../versions.env
source "$root/scripts/versions.env"
for key in LITERT_VERSION TENSORFLOW_VERSION TF_KERAS_VERSION KERAS_VERSION AI_EDGE_QUANTIZER_VERSION \
           TFLITE_SUPPORT_VERSION NUMPY_VERSION JAX_VERSION; do
  [[ -n "${!key:-}" ]] || { echo "$key missing in scripts/versions.env" >&2; exit 1; }
done

# shellcheck source=../lib/venv.sh
source "$root/scripts/lib/venv.sh"
venv_ensure .venv-converters \
  "tensorflow-cpu==$TENSORFLOW_VERSION tf_keras==$TF_KERAS_VERSION keras==$KERAS_VERSION \
ai-edge-quantizer==$AI_EDGE_QUANTIZER_VERSION ai-edge-litert==$LITERT_VERSION numpy==$NUMPY_VERSION \
jax==$JAX_VERSION jaxlib==$JAX_VERSION" \
  "tflite-support==$TFLITE_SUPPORT_VERSION"

export TF_CPP_MIN_LOG_LEVEL="${TF_CPP_MIN_LOG_LEVEL:-2}"
exec "$VENV_PYTHON" "$here/make_corpus.py" "$@"
