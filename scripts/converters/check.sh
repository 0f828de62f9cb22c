#!/usr/bin/env bash
# Checks the TensorBridge CLI against the converter corpus (Tests/Fixtures/converters/).
#
#   bash scripts/converters/check.sh --tensorbridge .build/debug/tensorbridge [CASE...]
#
# Creates (idempotently) the git-ignored venv .venv-check/ at the repo root with only numpy
# (NUMPY_VERSION from scripts/versions.env), then runs check.py with the arguments given here.
# No TensorFlow or LiteRT Python package is needed. `make check-converters` calls this.
#
# Environment: PYTHON (default python3) creates the venv.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# shellcheck source=../versions.env
source "$root/scripts/versions.env"
: "${NUMPY_VERSION:?missing in scripts/versions.env}"

# shellcheck source=../lib/venv.sh
source "$root/scripts/lib/venv.sh"
venv_ensure .venv-check "numpy==$NUMPY_VERSION"

exec "$VENV_PYTHON" "$here/check.py" "$@"
