#!/usr/bin/env bash
# Regenerates Tests/Fixtures/vision/tasklibrary/references.json: what tflite-support's own Task
# Library (its Python bindings run the C++ ObjectDetector, ImageClassifier and ImageSegmenter,
# libyuv included) answers for the Task Library's models and images, given the pixels TensorBridge
# decodes (Pillow's libjpeg-turbo; see make_task_library_references.py).
#
#   bash scripts/vision/make_task_library_references.sh
#
# Creates or updates (idempotently) the git-ignored venv .venv-vision-ref with the versions
# pinned in scripts/versions.env. Only needed to regenerate the file; tests never need it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# shellcheck source=../versions.env
source "$root/scripts/versions.env"
for key in TFLITE_SUPPORT_VERSION NUMPY_VERSION PILLOW_VERSION LIBUSB_PACKAGE_VERSION; do
  [[ -n "${!key:-}" ]] || { echo "$key missing in scripts/versions.env" >&2; exit 1; }
done
# shellcheck source=../lib/venv.sh
source "$root/scripts/lib/venv.sh"
venv_ensure .venv-vision-ref "tflite-support==$TFLITE_SUPPORT_VERSION numpy==$NUMPY_VERSION \
Pillow==$PILLOW_VERSION libusb-package==$LIBUSB_PACKAGE_VERSION"
cd "$root"
exec "$VENV_PYTHON" "$here/make_task_library_references.py" "$@"
