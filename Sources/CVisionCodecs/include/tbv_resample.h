// Pillow's fixed-point resampling passes (horizontal for one to four channels, vertical), compiled
// for the CPU's vector units (TensorBridgeVision's Resampler calls it; its Swift scalar pass is
// the reference the tests compare it with).
//
// The horizontal pass splits each weight into two 16-bit halves and sums with pmaddwd (AVX2,
// else SSE4.1, chosen at run time on x86-64); the vertical pass and the other architectures'
// horizontal pass are the scalar loops, which the compiler vectorizes (arm64's NEON needs no
// dispatch). Every path computes Pillow's 32-bit integer sums exactly, so the results are the
// same bytes.
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
/// clipped to 0...255 as Pillow), for the `count` (1 to 4) channels at byte offsets `channels`
/// (each below `bpp`); writes `width` packed `count`-byte pixels per row into `dst`, rows
/// `width * count` bytes apart.
///
/// The caller guarantees that each row's bytes from its start up to the last byte the filter
/// reads in it are inside `src`.
void tbv_resample_horizontal(const uint8_t *src, ptrdiff_t stride, ptrdiff_t bpp, const ptrdiff_t *channels,
                             ptrdiff_t count, ptrdiff_t rows, const ptrdiff_t *starts, const ptrdiff_t *counts,
                             const int32_t *weights, ptrdiff_t taps, ptrdiff_t width, int precision_bits,
                             uint8_t *dst);

/// The vertical pass for one output row: `out[i]` (i < `length`) sums `count` bytes `stride`
/// apart from `first + i`, weighted by `weights` (fixed point, `precision_bits` fractional
/// bits, rounded half up and clipped to 0...255 as Pillow). `sums` is scratch space of `length`
/// elements. Compiled for AVX2, SSE4.1 and the baseline, chosen at run time on x86-64.
void tbv_resample_vertical_row(const uint8_t *first, ptrdiff_t stride, ptrdiff_t length, const int32_t *weights,
                               ptrdiff_t count, int precision_bits, int32_t *sums, uint8_t *out);

/// The vector instructions `tbv_resample_horizontal` uses on this CPU: "avx2", "sse4.1", "sse2"
/// (x86-64 baseline) or "baseline" (other architectures, e.g. NEON on arm64).
const char *tbv_resample_isa(void);

#ifdef __cplusplus
}
#endif

#endif
