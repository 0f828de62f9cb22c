#!/usr/bin/env bash
# Builds the DocC documentation of every public library target with swift-docc-plugin
# (`swift package generate-documentation`, all targets in one invocation) and fails on any
# warning: a broken ``symbol`` link, a parameter documented that does not exist, and so on.
# The archives land in .build/plugins/Swift-DocC/outputs/<Target>.doccarchive.
#
# Time: all nine targets in one invocation took 140 s on the 2-core shared VM after `swift build`
# (with another package building alongside), so one run covers them all.
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
# DocC's diagnostics name a file under Sources/ (or a .docc catalog); compiler warnings from
# the symbol-graph build of dependencies (.build/checkouts) are not ours to fix.
warnings="$(grep -E "warning:" "$log" | grep -v "/.build/" || true)"
if [[ -n "$warnings" ]]; then
  # Each warning with DocC's "--> file:line" lines under it.
  grep -v "/.build/" "$log" | grep -A6 "warning:"
  echo "docc: $(echo "$warnings" | wc -l) warning(s) in the documentation" >&2
  exit 1
fi
echo "docc: ${#targets[@]} targets documented without warnings in $(($(date +%s) - started)) s"
