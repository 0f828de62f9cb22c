#!/usr/bin/env bash
# Generates the Python LiteRT references for the third-party model corpus.
#
#   bash scripts/thirdparty/reference.sh             # fetch (if needed) + every model
#   bash scripts/thirdparty/reference.sh NAME...     # only these models
#   bash scripts/thirdparty/reference.sh --list      # table of the existing cases
#
# Creates (idempotently) the git-ignored venv .venv-thirdparty/ at the repo root
# with ai-edge-litert==$LITERT_VERSION (scripts/versions.env) and a pinned numpy,
# runs fetch.sh (a no-op once the models are there), then reference.py with the
# arguments given here. Output: .thirdparty/cases/<model>/ (see reference.py).
#
# Environment: PYTHON (default python3) creates the venv; THIRDPARTY_DIR moves .thirdparty/.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# shellcheck source=../versions.env
source "$root/scripts/versions.env"
: "${LITERT_VERSION:?missing in scripts/versions.env}"
# numpy only loads/saves arrays here; pinned so .npy files and inputs stay identical.
: "${NUMPY_VERSION:?missing in scripts/versions.env}"

# ai-edge-quantizer (no TensorFlow needed) makes the derived models of quantize.py.
: "${AI_EDGE_QUANTIZER_VERSION:?missing in scripts/versions.env}"
# shellcheck source=../lib/venv.sh
source "$root/scripts/lib/venv.sh"
venv_ensure .venv-thirdparty "ai-edge-litert==$LITERT_VERSION numpy==$NUMPY_VERSION ai-edge-quantizer==$AI_EDGE_QUANTIZER_VERSION"
venv="$root/.venv-thirdparty"

if [[ "${1:-}" != "--list" ]]; then
  PYTHON="${PYTHON:-python3}" bash "$here/fetch.sh" >&2
  # ai-edge-quantizer recipes on the metadata models -> .thirdparty/derived.tsv
  "$venv/bin/python" "$here/quantize.py" >&2
fi

export LITERT_VERSION
export TF_CPP_MIN_LOG_LEVEL="${TF_CPP_MIN_LOG_LEVEL:-2}"
exec "$venv/bin/python" "$here/reference.py" "$@"
