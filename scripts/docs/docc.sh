#!/usr/bin/env bash
# Builds the DocC documentation of every public library target with swift-docc-plugin
# (`swift package generate-documentation`, all targets in one invocation) and fails on any
# warning: a broken ``symbol`` link, a parameter documented that does not exist, and so on.
# The archives land in .build/plugins/Swift-DocC/outputs/<Target>.doccarchive.
#
# Time: all nine targets in one invocation took 155 s on the 2-core shared VM once the package
# was built (with other builds alongside), so one run covers them all; from an empty .build the
# build it needs first adds about 10 minutes.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
swift="${SWIFT:-swift}"
targets=(TFLiteFormat TensorBridge TensorBridgeModels TensorBridgeVision TensorBridgeText
  TensorBridgeDelivery ModelSigning ModelHubAPI ModelHub)
args=()
for target in "${targets[@]}"; do args+=(--target "$target"); done
log="$(mktemp)"
trap 'rm -rf "$log"' EXIT
started=$(date +%s)
# --disable-indexing: no IDE index needed; the build's own warnings are not DocC's concern here.
if ! (cd "$root" && "$swift" package --allow-writing-to-package-directory generate-documentation \
  "${args[@]}" --disable-indexing) >"$log" 2>&1; then
  cat "$log"
  echo "docc: generate-documentation failed" >&2
  exit 1
fi
# Only DocC's own diagnostics count: the plugin prints them between "Building documentation
# for 'X'..." and "Finished building documentation for 'X'". Outside those lines are SwiftPM's
# (unhandled files in swift-distributed-tracing) and the compiler's (a fresh build's warnings in
# Sources/), which are not documentation problems.
docc_output="$(awk '/^Building documentation for /{on=1} on{print} /^Finished building documentation for /{on=0}' "$log")"
warnings="$(grep -E "warning:" <<<"$docc_output" || true)"
if [[ -n "$warnings" ]]; then
  # Each warning with DocC's "--> file:line" lines under it.
  grep -A6 "warning:" <<<"$docc_output"
  echo "docc: $(echo "$warnings" | wc -l) warning(s) in the documentation" >&2
  exit 1
fi
echo "docc: ${#targets[@]} targets documented without warnings in $(($(date +%s) - started)) s"
