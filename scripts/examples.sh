#!/usr/bin/env bash
# `make examples`: build the Examples package — its own Package.swift, depending on this package
# by path and using only its library products, as an app would — then run its hub-classifier
# against a hub on a temporary folder: deploy the shapes classifier, let the example download it
# (ModelDownloader) and classify the sample photos (TensorBridgeVision); every photo's top label
# must be the one its file name says. Then concurrent-tasks shares every task among concurrent
# `Task`s (Swift 6 strict concurrency, no warnings). Then the documentation's swift blocks, which the same
# package compiles as `readme-blocks`, are checked current, built and the runnable ones run.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${1:-$root/.build/debug/tensorbridge}"
swift="${SWIFT:-swift}"
# shellcheck source=lib/hub.sh
source "$root/scripts/lib/hub.sh"

started=$(date +%s)
"$swift" build --package-path "$root/Examples"
echo "Examples package built in $(($(date +%s) - started)) s"
example="$("$swift" build --package-path "$root/Examples" --show-bin-path)/hub-classifier"

work="$(mktemp -d)"
trap 'hub_stop; rm -rf "$work"' EXIT
admin="$("$bin" hub keys create --data "$work/hub" --scope admin)"
client="$("$bin" hub keys create --data "$work/hub" --scope client)"
hub_start "$bin" "$work/hub" "$work/hub.log" --log-level warning
vision="$root/Tests/Fixtures/vision"
TENSORBRIDGE_HUB_URL="$HUB_URL" TENSORBRIDGE_HUB_KEY="$admin" \
  "$bin" hub deploy shapes "$vision/shapes_metadata.tflite" --publish
samples=("$vision"/samples/0_red_circle.png "$vision"/samples/1_green_square.png "$vision"/samples/4_blue_triangle.jpg)
output="$(TENSORBRIDGE_HUB_URL="$HUB_URL" TENSORBRIDGE_CLIENT_KEY="$client" \
  "$example" shapes "${samples[@]}" --models "$work/models")"
echo "$output"
for sample in "${samples[@]}"; do
  name="$(basename "$sample")"
  label="${name#*_}"
  label="${label%.*}"
  label="${label//_/ }"  # 0_red_circle.png: the top label is "red circle"
  echo "$output" | grep -qF "$name: $label " || { echo "the example did not label $name as $label" >&2; exit 1; }
done
echo "Examples: hub-classifier downloaded the model from a hub and classified every sample."
# Swift 6 strict concurrency (built with -warnings-as-errors): every task shared by concurrent
# `Task`s gives its sequential results.
"$("$swift" build --package-path "$root/Examples" --show-bin-path)/concurrent-tasks" "$root/Tests/Fixtures"
SWIFT="$swift" bash "$root/scripts/docs/run_blocks.sh"
