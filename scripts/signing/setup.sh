#!/usr/bin/env bash
# Creates (idempotently) the git-ignored venv .venv-signing/ at the repo root with the PyPI
# `model-signing` package (the OpenSSF model-signing reference, MODEL_SIGNING_VERSION from
# scripts/versions.env) and prints the path of its `model_signing` CLI. `make test` runs this
# before the tests; ModelSigningTests look for the CLI there (or at $MODEL_SIGNING_CLI).
#
# Environment: PYTHON (default python3) creates the venv.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=../versions.env
source "$root/scripts/versions.env"
: "${MODEL_SIGNING_VERSION:?missing in scripts/versions.env}"
: "${PYOPENSSL_VERSION:?missing in scripts/versions.env}"

venv="$root/.venv-signing"
python="${PYTHON:-python3}"
stamp="$venv/.signing-stamp"
want="model-signing==$MODEL_SIGNING_VERSION pyopenssl==$PYOPENSSL_VERSION"
export PIP_DISABLE_PIP_VERSION_CHECK=1

if [[ ! -x "$venv/bin/python" ]]; then
  echo "creating venv $venv" >&2
  "$python" -m venv "$venv"
fi
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
  echo "installing into $venv: $want" >&2
  # shellcheck disable=SC2086
  "$venv/bin/python" -m pip install --quiet $want
  echo "$want" > "$stamp"
fi
echo "$venv/bin/model_signing"
