#!/usr/bin/env bash
# Creates or updates (idempotently) the two git-ignored venvs the text conformance scripts use:
#
#   .venv-text-tf   tensorflow-cpu, numpy, libusb-package, and tflite-support --no-deps (its
#                   metadata writers; it pins protobuf<4, which TensorFlow cannot use): builds
#                   the fixture models.
#   .venv-text-ref  tflite-support with its dependencies (the TFLite Task Library's own Python
#                   bindings: NLClassifier, BertNLClassifier), sentencepiece (the C++ library's
#                   Python package), google-re2 and libusb-package: the references.
#
#   bash scripts/text/setup_venvs.sh        # both
#   bash scripts/text/setup_venvs.sh ref    # only .venv-text-ref
#
# Versions come from scripts/versions.env. Environment: PYTHON (default python3) creates the venvs.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# shellcheck source=../versions.env
source "$root/scripts/versions.env"
for key in TENSORFLOW_VERSION TFLITE_SUPPORT_VERSION NUMPY_VERSION SENTENCEPIECE_VERSION GOOGLE_RE2_VERSION \
           LIBUSB_PACKAGE_VERSION; do
  [[ -n "${!key:-}" ]] || { echo "$key missing in scripts/versions.env" >&2; exit 1; }
done
# shellcheck source=../lib/venv.sh
source "$root/scripts/lib/venv.sh"

if [[ "${1:-}" != ref ]]; then
venv_ensure .venv-text-tf "tensorflow-cpu==$TENSORFLOW_VERSION numpy==$NUMPY_VERSION libusb-package==$LIBUSB_PACKAGE_VERSION" \
  "tflite-support==$TFLITE_SUPPORT_VERSION"
fi
venv_ensure .venv-text-ref "tflite-support==$TFLITE_SUPPORT_VERSION sentencepiece==$SENTENCEPIECE_VERSION \
google-re2==$GOOGLE_RE2_VERSION libusb-package==$LIBUSB_PACKAGE_VERSION numpy==$NUMPY_VERSION"
