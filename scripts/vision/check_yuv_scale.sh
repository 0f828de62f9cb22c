#!/usr/bin/env bash
# Compares tbv_yuv_scale (Sources/CVisionCodecs/YuvScale.c) with libyuv's own ARGBScale
# (kFilterBilinear) over random sizes, under ASan/UBSan: every output byte must be the same.
#
#   LIBYUV_DIR=/path/to/libyuv bash scripts/vision/check_yuv_scale.sh [CASES]
#
# LIBYUV_DIR is a checkout of https://chromium.googlesource.com/libyuv/libyuv at 39240f7149cf
# (the commit tflite-support 0.4.4 builds). libyuv is compiled with its x86 SIMD paths on, as the
# Task Library's wheel has them, and chooses them at run time as there. Not part of CI: CI cannot
# fetch libyuv.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
: "${LIBYUV_DIR:?set LIBYUV_DIR to a libyuv checkout at 39240f7}"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
for f in "$LIBYUV_DIR"/source/*.cc; do
  g++ -O2 -fPIC -I"$LIBYUV_DIR/include" -c "$f" -o "$build/$(basename "${f%.cc}").o"
done
ar rcs "$build/libyuv.a" "$build"/*.o
gcc -O1 -g -fsanitize=address,undefined -I"$root/Sources/CVisionCodecs/include" \
  "$here/check_yuv_scale.c" "$root/Sources/CVisionCodecs/YuvScale.c" "$build/libyuv.a" -lstdc++ -o "$build/check"
"$build/check" "${1:-30000}"
