#!/usr/bin/env bash
# bench/vision_bench.sh — TensorBridgeVision against the Python pipeline, same model, same photo,
# same machine, one run:
#   1. like for like, preprocessing an already decoded 1920x1080 photo into a 224x224x3 float
#      tensor, single threaded: Swift's fused resampler vs PIL resize + numpy normalize, both
#      resizing directly (target ≥ 4x), then both averaging blocks first (Pillow's reduce,
#      reducing_gap=2; target ≥ 4x);
#   2. end to end, JPEG file → top-5 labels: Swift (`tensorbridge vision-bench`: libjpeg-turbo with
#      DCT scaling, fused resize + normalize into the input tensor, LiteRT) vs Python (PIL decode
#      and BILINEAR resize, numpy, ai_edge_litert); target ≥ 2.4x;
#   3. each side's default pipeline (Swift reduces first, Pillow's resize does not), the full-size
#      decode, and the direct resize in source megapixels per second against the practical limit
#      (fast_image_resize's AVX2 bilinear, about 2 gigapixels per second);
#   4. MediaPipe's resize (ResizeFilter.bilinearWarp, no antialiasing) against OpenCV 4.10's
#      warpPerspective, which computes it (the same bytes), each with the float normalize.
# Both sides filter with Pillow's antialiased BILINEAR (the Swift resampler computes Pillow's
# coefficients and matches it byte for byte), stretch fit, 1 interpreter thread (see --threads).
#
#   bench/vision_bench.sh [--model M.tflite] [--runs N] [--rounds N] [--threads N]
#
# --threads sets the interpreter threads on both sides (default 1); preprocessing stays
# single-threaded whatever it says.
#
# Python: .venv-bench (bench/venv.sh: Pillow, numpy, ai-edge-litert, OpenCV, pinned in scripts/versions.env).
# Model: .thirdparty/models/efficientnet_lite0_uint8.tflite when fetched (scripts/thirdparty/
# fetch.sh), else the fixture Tests/Fixtures/vision/shapes_metadata.tflite. Photo: coffee.png
# from scikit-image's wheel (CC0; scripts/vision/fetch_photos.sh), scaled to 1920x1080 and saved
# as JPEG quality 90 in .build-vision-data/. Swift is built in release into .build-release
# (or set TB_BENCH_SWIFT_BIN). Rounds alternate which side runs first; times are medians of the
# rounds' medians, and each ratio is the median of the per-round ratios (range printed).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
model=""
runs=30
rounds=3
threads=1
while [ $# -gt 0 ]; do
  case "$1" in
    --model) model="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
echo "\$ bench/vision_bench.sh${model:+ --model $model} --runs $runs --rounds $rounds --threads $threads"
bash scripts/setup.sh >/dev/null
python="$(bash bench/venv.sh)"
photos="$(PYTHON="$python" bash scripts/vision/fetch_photos.sh | tail -1)"
photo="$root/.build-vision-data/photo_1920x1080.jpg"
if [ ! -f "$photo" ]; then
  "$python" - "$photos/coffee.png" "$photo" <<'PY'
import sys
from PIL import Image
source = Image.open(sys.argv[1]).convert("RGB")
w, h = source.size
crop_h = round(w * 9 / 16)
source = source.crop((0, (h - crop_h) // 2, w, (h - crop_h) // 2 + crop_h))
source.resize((1920, 1080), Image.Resampling.LANCZOS).save(sys.argv[2], quality=90)
PY
fi
if [ -z "$model" ]; then
  model="$root/.thirdparty/models/efficientnet_lite0_uint8.tflite"
  [ -f "$model" ] || model="$root/Tests/Fixtures/vision/shapes_metadata.tflite"
fi
bin="${TB_BENCH_SWIFT_BIN:-}"
if [ -z "$bin" ]; then
  swift build -c release --product tensorbridge --scratch-path .build-release >/dev/null
  bin="$root/.build-release/release/tensorbridge"
fi
mkdir -p .build-vision-data
results=".build-vision-data/results-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
echo "model: $model"
echo "photo: $photo ($(uname -m), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then order="swift python"; else order="python swift"; fi
  for side in $order; do
    if [ "$side" = swift ]; then
      "$bin" vision-bench "$model" "$photo" --runs "$runs" --threads "$threads" >> "$results"
    else
      "$python" bench/vision_python.py "$model" "$photo" --runs "$runs" --threads "$threads" >> "$results"
    fi
  done
done
"$python" - "$results" <<'PY'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
def med(side, key):
    return statistics.median(r[key] for r in rows if r["implementation"] == side)
# Each round ran both sides back to back: the ratio is taken per round (so a slow spell of a
# shared machine hits both sides of it), and its median across rounds is what is judged.
rounds = [(rows[i], rows[i + 1]) for i in range(0, len(rows) - 1, 2)]
def ratios(skey, pkey):
    out = []
    for a, b in rounds:
        swift, python = (a, b) if a["implementation"] == "swift" else (b, a)
        out.append(python[pkey] / swift[skey])
    return out
print(f"{'measurement':<44}{'Swift ms':>10}{'Python ms':>11}{'ratio':>8}  {'per round':<13} target")
# (Swift key, Python key, label, target). Times are medians over rounds. Like for like first:
# the same algorithm on both sides (issue 21's targets); then end to end; then each side's
# default pipeline (Swift: block average + bilinear; Python: Image.resize, which does not reduce).
verdicts = {}
for skey, pkey, label, target in [
        ("preprocess_exact_ms", "preprocess_ms", "decoded 1080p -> 224x224x3 float, direct", 4.0),
        ("preprocess_ms", "preprocess_gap_ms", "  same, both reduce first (reducing_gap=2)", 4.0),
        ("end_to_end_ms", "end_to_end_ms", "JPEG file -> top-5 (end to end)", 2.4),
        ("preprocess_ms", "preprocess_ms", "each side's default (Swift reduces first)", None),
        ("preprocess_warp_ms", "preprocess_warp_ms", "MediaPipe's resize (Python: OpenCV 4.10 warp)", None),
        ("full_decode_ms", "full_decode_ms", "full-size JPEG decode (for reference)", None)]:
    s, p = med("swift", skey), med("python", pkey)
    r = ratios(skey, pkey)
    ratio = statistics.median(r)
    verdict = "" if target is None else (f">= {target:g}x " + ("met" if ratio >= target else "NOT met"))
    spread = f"{min(r):.2f}-{max(r):.2f}"
    print(f"{label:<44}{s:>10.2f}{p:>11.2f}{ratio:>7.2f}x  {spread:<13} {verdict}")
# Against the practical limit: fast_image_resize's AVX2 bilinear resizes about 2 gigapixels of
# source per second (issue 21), about 1 ms for this photo.
source_px = 1920 * 1080
limit_mpx = 2000.0
for key, label in [("preprocess_exact_ms", "direct"), ("preprocess_ms", "reduce first")]:
    mpx = source_px / (med("swift", key) * 1e3)
    print(f"source Mpx/s, Swift {label:<13}{mpx:>9.0f}   limit ~{limit_mpx:.0f} (fast_image_resize AVX2 bilinear): {mpx / limit_mpx:.0%} of it")
swift = next(r for r in rows if r["implementation"] == "swift")
python = next(r for r in rows if r["implementation"] == "python")
print("top-5 Swift:", swift["top5"])
print("top-5 Python (indices):", python["top5"])
print("preprocess checksum Swift %.3f, Python %.3f (reducing_gap=2: Swift %.3f, Python %.3f)"
      % (swift["checksum_exact"], python["checksum"], swift["checksum"], python["checksum_gap"]))
print("MediaPipe resize checksum Swift %.3f, OpenCV %.3f (each side decodes the JPEG with its own libjpeg-turbo settings)"
      % (swift["checksum_warp"], python["checksum_warp"]))
print("raw results:", sys.argv[1])
PY
