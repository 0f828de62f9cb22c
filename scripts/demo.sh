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

# --- Ship models to your users: a hub on a temporary data folder, deploy, pull, run. ---
hubdata="$work/hub-data"
store="$work/models"
# shellcheck source=lib/hub.sh
source "$root/scripts/lib/hub.sh"
trap 'hub_stop; rm -rf "$work"' EXIT
export TENSORBRIDGE_HUB_KEY="$("$bin" hub keys create --data "$hubdata" --scope admin)"
export TENSORBRIDGE_CLIENT_KEY="$("$bin" hub keys create --data "$hubdata" --scope client)"
step "Start a model hub on a temporary data folder" "tensorbridge hub serve --data hub-data --port 0 &"
hub_start "$bin" "$hubdata" "$work/hub.log" --log-level warning
export TENSORBRIDGE_HUB_URL="$HUB_URL"
echo "hub at $TENSORBRIDGE_HUB_URL"

bundles="$root/Tests/Fixtures/bundles"
step "Deploy the sample bundles' models and a metadata model (verified, published)" \
  "tensorbridge hub deploy labels labels.tiobundle/model.tflite --publish   # and two-vectors, metadata-classifier"
"$bin" hub deploy labels "$bundles/labels.tiobundle/model.tflite" --publish
"$bin" hub deploy two-vectors "$bundles/two-vectors.tiobundle/model.tflite" --publish
"$bin" hub deploy metadata-classifier "$models/metadata_classifier_uint8.tflite" --publish
vision="$root/Tests/Fixtures/vision"
"$bin" hub deploy shapes "$vision/shapes_metadata.tflite" --publish --tags vision
"$bin" hub deploy colors-detector "$vision/ssd_colors.automl/model.tflite" --publish --tags vision
"$bin" hub deploy sentiment "$root/Tests/Fixtures/text/sentiment_metadata.tflite" --publish --tags text
"$bin" hub list

step "Pull them as an app would (ModelDownloader: streamed, SHA-256 verified, stored by hash)" \
  "tensorbridge pull labels --dir models"
for name in labels two-vectors metadata-classifier shapes colors-detector sentiment; do "$bin" pull "$name" --dir "$store"; done
"$bin" models list --dir "$store"

step "Pull again: the hub answers 304 and the local copy is kept" "tensorbridge pull labels --dir models"
"$bin" pull labels --dir "$store"

# A bundle runs with the pulled file in place of its model.tflite.
run_bundle() { # NAME BUNDLE
  local dir="$work/run-$1.tiobundle"
  mkdir -p "$dir"
  cp -R "$bundles/$2/." "$dir/"
  ln -sf "$("$bin" pull "$1" --type local --dir "$store")" "$dir/model.tflite"
  echo "$dir"
}
echo '[0.5, 1.0, -0.5, 2.0]' > "$work/features.json"
step "Run the pulled labels model as its bundle describes" "tensorbridge run labels.tiobundle --input features=features.json --top 3"
"$bin" run "$(run_bundle labels labels.tiobundle)" --input "features=$work/features.json" --top 3

step "Run the pulled two-vector model by input name" \
  "tensorbridge run two-vectors.tiobundle --input foo-features=foo.json --input bar-features=bar.json"
"$bin" run "$(run_bundle two-vectors two-vectors.tiobundle)" --input "foo-features=$work/foo.json" --input "bar-features=$work/bar.json"

step "Run the pulled metadata model: labels come from the file itself" \
  "tensorbridge run \$(tensorbridge pull metadata-classifier --type local) --input features=features.json"
"$bin" run "$("$bin" pull metadata-classifier --type local --dir "$store")" --input "features=$work/features.json"

step "Classify images with the pulled image classifier (labels and normalization from its metadata)" \
  "tensorbridge classify \$(tensorbridge pull shapes --type local) samples/*.png --top 2"
"$bin" classify "$("$bin" pull shapes --type local --dir "$store")" "$vision"/samples/*.png --top 2

# An AutoML Vision Edge export is a folder: model.tflite, dict.txt, tflite_metadata.json.
mkdir -p "$work/colors.automl"
cp "$vision/ssd_colors.automl/dict.txt" "$vision/ssd_colors.automl/tflite_metadata.json" "$work/colors.automl/"
ln -sf "$("$bin" pull colors-detector --type local --dir "$store")" "$work/colors.automl/model.tflite"
step "Detect objects with the pulled AutoML detector and draw them" \
  "tensorbridge detect colors.automl three.jpg --annotate detections.png"
"$bin" detect "$work/colors.automl" "$vision/detector_samples/2_three.jpg" --annotate "$root/.build/demo-detections.png"
echo "annotated image: .build/demo-detections.png"

step "Classify text with the pulled sentiment model (vocabulary and tokenizer from its metadata)" \
  "tensorbridge classify-text \$(tensorbridge pull sentiment --type local) \"What a wonderful, moving film\""
sentiment="$("$bin" pull sentiment --type local --dir "$store")"
"$bin" classify-text "$sentiment" "What a wonderful, moving film"
"$bin" classify-text "$sentiment" "A dull, boring waste of two hours"

step "Stop the hub" "kill %1"
hub_stop
echo "hub stopped"

printf '\nDone. Try: %s inspect --help\n' "$bin"
