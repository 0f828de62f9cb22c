#!/usr/bin/env bash
# Regenerates the text conformance fixtures: Tests/Fixtures/text/sentencepiece/ (models trained
# by the sentencepiece package and its tokenization of a varied corpus) and
# Tests/Fixtures/text/tasklibrary/ (small models and what the TFLite Task Library itself returns
# on them and on Google's test models).
#
#   bash scripts/text/make_fixtures.sh
#
# Sets up .venv-text-tf and .venv-text-ref (scripts/text/setup_venvs.sh), builds the models in
# .build-text-conformance/, then writes the fixtures. Tests never need these venvs.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bash "$here/setup_venvs.sh"
build="$root/.build-text-conformance"
export TF_CPP_MIN_LOG_LEVEL="${TF_CPP_MIN_LOG_LEVEL:-2}"
"$root/.venv-text-ref/bin/python" "$here/make_sentencepiece_fixtures.py"
"$root/.venv-text-tf/bin/python" "$here/make_task_library_models.py" "$build"
"$root/.venv-text-ref/bin/python" "$here/make_task_library_references.py" "$build"
