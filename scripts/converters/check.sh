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

venv="$root/.venv-check"
python="${PYTHON:-python3}"
stamp="$venv/.check-stamp"
want="numpy==$NUMPY_VERSION"
export PIP_DISABLE_PIP_VERSION_CHECK=1

if [[ ! -x "$venv/bin/python" ]]; then
  echo "creating venv $venv" >&2
  "$python" -m venv "$venv"
fi
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
  echo "installing into $venv: $want" >&2
  "$venv/bin/python" -m pip install --quiet "$want"
  echo "$want" > "$stamp"
fi

exec "$venv/bin/python" "$here/check.py" "$@"
