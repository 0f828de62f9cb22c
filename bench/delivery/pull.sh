#!/usr/bin/env bash
# ModelDownloader vs curl + sha256sum: pull a large model from a hub on loopback and compare
# wall time and peak memory with the plain tools doing the same work, measured in the same run.
#
#   bash bench/delivery/pull.sh [path/to/tensorbridge] [size-in-MB, default 200]
#
# Baselines (same hub, same signed URL, same machine, same run):
#   - time: `curl -o FILE URL && sha256sum FILE` (download, then hash);
#   - memory: `tensorbridge pull` of a 1 KB model (what the process needs before any bytes).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${1:-$root/.build/debug/tensorbridge}"
megabytes="${2:-200}"
work="$(mktemp -d)"
hubpid=""
trap '[ -n "$hubpid" ] && kill "$hubpid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

export TENSORBRIDGE_HUB_KEY="$("$bin" hub keys create --data "$work/hub" --scope admin)"
export TENSORBRIDGE_CLIENT_KEY="$("$bin" hub keys create --data "$work/hub" --scope client)"
"$bin" hub serve --data "$work/hub" --port 0 --no-load-check --max-upload-mb $((megabytes + 16)) --log-level warning > "$work/hub.log" 2>&1 &
hubpid=$!
for _ in $(seq 1 300); do grep -q 'listening on' "$work/hub.log" && break; sleep 0.1; done
export TENSORBRIDGE_HUB_URL="$(grep -o 'http://[0-9.]*:[0-9]*' "$work/hub.log" | head -1)"

# A valid model followed by pseudo-random padding (the flatbuffer ignores trailing bytes).
cp "$root/Tests/Fixtures/models/linear.tflite" "$work/big.tflite"
head -c $((megabytes * 1000 * 1000)) /dev/urandom >> "$work/big.tflite"
"$bin" hub deploy big "$work/big.tflite" --publish > /dev/null
"$bin" hub deploy tiny "$root/Tests/Fixtures/models/linear.tflite" --publish > /dev/null

now() { date +%s.%N; }
uri="$(curl -s -H "Authorization: Bearer $TENSORBRIDGE_CLIENT_KEY" "$TENSORBRIDGE_HUB_URL/v1/models/big:download" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["downloadUri"])')"
t0=$(now)
curl -s -o "$work/curl.bin" "$uri"
sha256sum "$work/curl.bin" > /dev/null
t1=$(now)
small=$("$bin" pull tiny --dir "$work/store" --report-peak-memory 2>&1 >/dev/null | sed -n 's/^peak-memory-kb: //p')
t2=$(now)
large=$("$bin" pull big --dir "$work/store" --report-peak-memory 2>&1 >/dev/null | sed -n 's/^peak-memory-kb: //p')
t3=$(now)
python3 - "$megabytes" "$t0" "$t1" "$t2" "$t3" "$small" "$large" <<'PY'
import sys
mb, t0, t1, t2, t3, small, large = sys.argv[1], *map(float, sys.argv[2:6]), int(sys.argv[6]), int(sys.argv[7])
base, pull = t1 - t0, t3 - t2
print(f"| model | curl + sha256sum | tensorbridge pull | pull / baseline | peak memory, 1 KB pull | peak memory, {mb} MB pull | added |")
print("|---|---|---|---|---|---|---|")
print(f"| {mb} MB | {base:.2f} s | {pull:.2f} s | {pull / base:.2f}x | {small / 1024:.1f} MB | {large / 1024:.1f} MB | {(large - small) / 1024:.1f} MB |")
PY
