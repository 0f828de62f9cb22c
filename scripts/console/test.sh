#!/usr/bin/env bash
# `make test-console`: the console's browser tests (Tests/Console, pytest) against a real hub
# built from this checkout (.build/debug/tensorbridge, or $TENSORBRIDGE_BIN), in headless Chromium.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
python="$(bash "$root/scripts/console/setup.sh")"
cd "$root"
exec "$python" -m pytest -p no:cacheprovider -q Tests/Console "$@"
