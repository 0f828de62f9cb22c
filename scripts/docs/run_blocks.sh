#!/usr/bin/env bash
# Checks that the documentation's swift blocks are current in Examples/Sources/ReadmeBlocks
# (scripts/docs/readme_blocks.py --check), builds them as the Examples package's `readme-blocks`
# executable, and runs the blocks marked `<!-- swift-run -->` in a folder holding the fixtures
# they name (linear.tflite, two-vectors.tiobundle, lstm_batch2_tanh.tflite, …). Part of `make examples`.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
swift="${SWIFT:-swift}"
python3 "$root/scripts/docs/readme_blocks.py" --check
"$swift" build --package-path "$root/Examples" --product readme-blocks
blocks="$("$swift" build --package-path "$root/Examples" --show-bin-path)/readme-blocks"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fixtures="$root/Tests/Fixtures"
for file in "$fixtures"/models/*.tflite "$fixtures"/bundles/*.tiobundle "$fixtures"/text/*.tflite \
  "$fixtures"/text/*.tiobundle "$fixtures"/vision/*.tiobundle "$fixtures"/vision/*.tflite \
  "$fixtures"/recurrent/lstm_batch2_tanh.tflite; do
  ln -s "$file" "$work/$(basename "$file")"
done
(cd "$work" && "$blocks")
