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
# ai-edge-litert, numpy, and tflite-support (--no-deps; only its metadata-schema bindings are used).
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
           TFLITE_SUPPORT_VERSION NUMPY_VERSION; do
  [[ -n "${!key:-}" ]] || { echo "$key missing in scripts/versions.env" >&2; exit 1; }
done

venv="$root/.venv-converters"
python="${PYTHON:-python3}"
stamp="$venv/.converters-stamp"
want="tensorflow-cpu==$TENSORFLOW_VERSION tf_keras==$TF_KERAS_VERSION keras==$KERAS_VERSION \
ai-edge-quantizer==$AI_EDGE_QUANTIZER_VERSION ai-edge-litert==$LITERT_VERSION numpy==$NUMPY_VERSION"
want_no_deps="tflite-support==$TFLITE_SUPPORT_VERSION"
export PIP_DISABLE_PIP_VERSION_CHECK=1

if [[ ! -x "$venv/bin/python" ]]; then
  echo "creating venv $venv" >&2
  "$python" -m venv "$venv"
fi
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want --no-deps $want_no_deps" ]]; then
  echo "installing into $venv: $want, and without dependencies: $want_no_deps" >&2
  # shellcheck disable=SC2086
  "$venv/bin/python" -m pip install --quiet $want
  # shellcheck disable=SC2086
  "$venv/bin/python" -m pip install --quiet --no-deps $want_no_deps
  echo "$want --no-deps $want_no_deps" > "$stamp"
fi

export TF_CPP_MIN_LOG_LEVEL="${TF_CPP_MIN_LOG_LEVEL:-2}"
exec "$venv/bin/python" "$here/make_corpus.py" "$@"
