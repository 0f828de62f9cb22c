#!/usr/bin/env bash
# Model-signing file digests: `tensorbridge sign --hash sha256|blake3` (swift-crypto's SHA-256;
# ModelSigning's own scalar BLAKE3) on one random file of MEGABYTES (default 200), against the
# same digests in the same run by what the `model-signing` package uses: Python's hashlib.sha256
# and the `blake3` package (Rust, SIMD), one thread. Each side is the best of 3 runs; the Swift
# time includes the process start and the signing (one ECDSA signature, a few ms).
#
#   bash bench/signing/hash.sh          # make bench-signing
#   MEGABYTES=50 bash bench/signing/hash.sh
#
# Environment: TB_BENCH_SWIFT_BIN (a built tensorbridge; default: build release into .build-release).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
megabytes="${MEGABYTES:-200}"
bin="${TB_BENCH_SWIFT_BIN:-}"
if [[ -z "$bin" ]]; then
  (cd "$root" && swift build -c release --product tensorbridge --scratch-path .build-release >/dev/null)
  bin="$root/.build-release/release/tensorbridge"
fi
cli="$(bash "$root/scripts/signing/setup.sh" | tail -1)"
python="$(dirname "$cli")/python"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
head -c "$((megabytes * 1000000))" /dev/urandom > "$work/model.bin"
"$python" - "$work" <<'PY'
import sys
from pathlib import Path
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
key = ec.generate_private_key(ec.SECP256R1())
Path(sys.argv[1], "key.pem").write_bytes(
    key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
PY
best() {  # best wall time of 3 runs of "$@", in seconds
  local best=""
  for _ in 1 2 3; do
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    best=$(python3 -c "import sys; t=$end-$start; b='$best'; print(t if not b else min(t, float(b)))")
  done
  echo "$best"
}
printf "%-8s %10s %10s %8s\n" hash swift python ratio
for hash in sha256 blake3; do
  swift_s=$(best "$bin" sign "$work/model.bin" --private-key "$work/key.pem" --signature "$work/model.sig" --hash "$hash")
  python_s=$("$python" - "$work/model.bin" "$hash" <<'PY'
import hashlib, sys, time
import blake3
data = open(sys.argv[1], "rb").read()
make = (lambda: hashlib.sha256(data)) if sys.argv[2] == "sha256" else (lambda: blake3.blake3(data, max_threads=1))
best = min((lambda t: (make().digest(), time.perf_counter() - t)[1])(time.perf_counter()) for _ in range(3))
print(best)
PY
)
  python3 -c "print(f'{\"$hash\":8s} {$swift_s:9.3f}s {$python_s:9.3f}s {$swift_s/$python_s:7.2f}x   ($megabytes MB)')"
done
