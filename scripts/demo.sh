#!/usr/bin/env bash
# The demo behind `make demo`: inspect and run fixture models with the tensorbridge CLI.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${1:-$root/.build/debug/tensorbridge}"
models="$root/Tests/Fixtures/models"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
step() { printf '\n\033[1m== %s\033[0m\n$ %s\n' "$1" "$2"; }

step "Inspect a quantized two-input, two-output model" "tensorbridge inspect two_vectors_uint8.tflite"
"$bin" inspect "$models/two_vectors_uint8.tflite"

echo '[[10]]' > "$work/x.json"
step "Run y = 2x - 1 on x = 10" "tensorbridge run linear.tflite --input x=x.json --json"
"$bin" run "$models/linear.tflite" --input "x=$work/x.json" --json

echo '[1, 2, 3, 4]' > "$work/foo.json"
echo '[1, 2, 3, 4, 5, 6, 7, 8]' > "$work/bar.json"
step "Run Tensor/IO's two-vector example, inputs by name, outputs to .npy" \
  "tensorbridge run two_vectors.tflite --input foo_features=foo.json --input bar_features=bar.json --output-dir out"
"$bin" run "$models/two_vectors.tflite" --input "foo_features=$work/foo.json" --input "bar_features=$work/bar.json" --output-dir "$work/out"
"$bin" run "$models/two_vectors.tflite" --input "foo_features=$work/foo.json" --input "bar_features=$work/bar.json"
ls "$work/out"

echo '[[1, 2, 3], [4, 5, 6], [7, 8, 9]]' > "$work/batch.json"
step "A dynamic batch dimension follows the input file's shape" "tensorbridge run dynamic_batch.tflite --input 0=batch.json"
"$bin" run "$models/dynamic_batch.tflite" --input "0=$work/batch.json"

step "A model with an operator LiteRT cannot run is a clear error, not a crash" "tensorbridge run custom_op.tflite --input 0=x.json"
"$bin" run "$models/custom_op.tflite" --input "0=$work/x.json" 2>&1 | grep -v '^INFO:' || true

printf '\nDone. Try: %s inspect --help\n' "$bin"
