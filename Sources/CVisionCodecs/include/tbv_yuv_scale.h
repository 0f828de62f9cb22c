// The TFLite Task Library's resize: libyuv's `ARGBScale(..., kFilterBilinear)` (the commit
// tflite-support 0.4.4 builds, 39240f7, 2021-01-28) as it computes on x86-64, rewritten here.
//
// libyuv does not resample one way. It first simplifies the filter (an axis kept at its size,
// or shrunk exactly 3 times, is not filtered), then takes one of several paths: a straight copy,
// 2 × 2 block averages at integer even steps, point sampling at odd steps, vertical-only
// interpolation, or two-tap bilinear interpolation in 16.16 fixed point (an 8-bit vertical
// fraction, a 7-bit horizontal one whose weights sum to 127, not 128), row first when shrinking,
// columns first when enlarging. On x86 its block averages run in SSE2 as two rounded byte
// averages (`pavgb`), not as the rounded sum of four its C code computes, for every group of four
// output pixels; the rest of a row takes the C code. Every one of those choices shows in the
// bytes, and the Task Library's detection boxes move by several pixels with them (a uint8 SSD's
// box edges are a few pixels apart per quantization step).
#ifndef TBV_YUV_SCALE_H
#define TBV_YUV_SCALE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The scratch `tbv_yuv_scale` needs, in bytes.
ptrdiff_t tbv_yuv_scale_scratch_count(ptrdiff_t src_width, ptrdiff_t src_height, ptrdiff_t dst_width);

/// Resizes the `src_width × src_height` box whose first pixel is `src` (rows `stride` bytes apart,
/// pixels `bpp` bytes wide) to `dst_width × dst_height` as libyuv's `ARGBScale` with
/// `kFilterBilinear` does on x86-64, reading the `channel_count` (1...4) byte offsets `channels`
/// in that order, each as one of ARGB's independent byte lanes. Writes `dst_height` rows of
/// `dst_width` packed pixels of `channel_count` bytes into `dst`. `scratch` holds
/// `tbv_yuv_scale_scratch_count(src_width, src_height, dst_width)` bytes.
///
/// The caller guarantees every size is at least 1 and below 32768, every read is inside the
/// image and every channel offset is below `bpp`.
void tbv_yuv_scale(const uint8_t *src, ptrdiff_t stride, ptrdiff_t bpp, const ptrdiff_t *channels,
                   ptrdiff_t channel_count, ptrdiff_t src_width, ptrdiff_t src_height, ptrdiff_t dst_width,
                   ptrdiff_t dst_height, uint8_t *scratch, uint8_t *dst);

#ifdef __cplusplus
}
#endif

#endif
