// Pillow's fixed-point resampling passes (horizontal for three channels, vertical), compiled for the CPU's
// vector units (TensorBridgeVision's Resampler calls it; its Swift scalar pass is the reference
// the tests compare it with).
//
// The loops are the scalar ones: the compiler vectorizes them (SLP across the channels and the
// two rows filtered together). On x86-64 the baseline target (SSE2) has no 32-bit vector
// multiply, so the same loop is also compiled for SSE4.1 and chosen at run time;
// arm64 (NEON) needs no dispatch. The integer arithmetic is the same on every path, so the
// results are the same bytes.
#ifndef TBV_RESAMPLE_H
#define TBV_RESAMPLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Filters `rows` rows of `src` (`stride` bytes apart, pixels `bpp` bytes wide) horizontally:
/// output position `x` of a row sums `counts[x]` pixels from `starts[x]` weighted by
/// `weights[x * taps ...]` (fixed point, `precision_bits` fractional bits, rounded half up and
/// clipped to 0...255 as Pillow), for the channels at byte offsets `c0`, `c1`, `c2`; writes
/// `width` packed three-byte pixels per row into `dst`, rows `width * 3` bytes apart.
///
/// The caller guarantees every read is inside `src`.
void tbv_resample_horizontal3(const uint8_t *src, ptrdiff_t stride, ptrdiff_t bpp, ptrdiff_t c0, ptrdiff_t c1,
                              ptrdiff_t c2, ptrdiff_t rows, const ptrdiff_t *starts, const ptrdiff_t *counts,
                              const int32_t *weights, ptrdiff_t taps, ptrdiff_t width, int precision_bits,
                              uint8_t *dst);

/// The vertical pass for one output row: `out[i]` (i < `length`) sums `count` bytes `stride`
/// apart from `first + i`, weighted by `weights` (fixed point, `precision_bits` fractional
/// bits, rounded half up and clipped to 0...255 as Pillow). `sums` is scratch space of `length`
/// elements. Compiled for AVX2, SSE4.1 and the baseline, chosen at run time on x86-64.
void tbv_resample_vertical_row(const uint8_t *first, ptrdiff_t stride, ptrdiff_t length, const int32_t *weights,
                               ptrdiff_t count, int precision_bits, int32_t *sums, uint8_t *out);

/// The vector instructions `tbv_resample_horizontal3` uses on this CPU: "sse4.1", "sse2"
/// (x86-64 baseline) or "baseline" (other architectures, e.g. NEON on arm64).
const char *tbv_resample_isa(void);

#ifdef __cplusplus
}
#endif

#endif
