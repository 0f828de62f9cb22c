#!/usr/bin/env bash
# The one Python environment every benchmark uses: the git-ignored .venv-bench at the repository
# root, with ai-edge-litert (the LiteRT the Swift side binds, LITERT_VERSION), numpy, Pillow,
# sentencepiece and OpenCV (headless), all pinned in scripts/versions.env. No TensorFlow, no fixtures needed. Creates or
# updates it when its pins changed (scripts/lib/venv.sh) and prints its python's path.
#
#   python="$(bash bench/venv.sh)"
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../scripts/versions.env
source "$root/scripts/versions.env"
# shellcheck source=../scripts/lib/venv.sh
source "$root/scripts/lib/venv.sh"
for key in LITERT_VERSION NUMPY_VERSION PILLOW_VERSION SENTENCEPIECE_VERSION OPENCV_VERSION; do
  [[ -n "${!key:-}" ]] || { echo "$key missing in scripts/versions.env" >&2; exit 1; }
done
venv_ensure .venv-bench \
  "ai-edge-litert==$LITERT_VERSION numpy==$NUMPY_VERSION Pillow==$PILLOW_VERSION sentencepiece==$SENTENCEPIECE_VERSION opencv-python-headless==$OPENCV_VERSION"
echo "$VENV_PYTHON"
