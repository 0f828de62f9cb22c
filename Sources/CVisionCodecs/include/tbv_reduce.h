// Pillow's `Image.reduce` (integer block averaging, the first step of a large downscale),
// compiled for the CPU's vector units (TensorBridgeVision's BoxReducer calls it; its Swift loop is
// the reference the tests compare it with).
//
// The loops are the Swift ones: sums of source rows per block row, then of neighbouring pixels,
// in 16-bit lanes when a block holds at most 257 pixels (else 32-bit), both straight loops the
// compiler vectorizes. On x86-64 the same loops are compiled for AVX2 and SSE4.1 as well and
// chosen at run time, and packed RGB in blocks two or more pixels wide takes an AVX2 path that
// sums and divides two blocks a step; the integer arithmetic is the same on every path, so the
// results are the same bytes.
#ifndef TBV_REDUCE_H
#define TBV_REDUCE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The scratch `tbv_box_reduce` needs, in `uint32_t` elements, for a box `width` pixels wide
/// reduced into `channel_count` channels with blocks `xscale` pixels wide.
ptrdiff_t tbv_box_reduce_scratch_count(ptrdiff_t width, ptrdiff_t channel_count, ptrdiff_t xscale);

/// Averages `xscale × yscale` blocks of the `width × height` box whose first pixel is `src`
/// (rows `stride` bytes apart, pixels `bpp` bytes wide), reading the `channel_count` (1...4) byte
/// offsets `channels` in that order. Writes `ceil(width / xscale)` packed pixels of
/// `channel_count` bytes per output row into `dst`, `ceil(height / yscale)` rows; blocks cut
/// short by the box's right or bottom edge average the pixels they have. Each average is
/// Pillow's `((sum + count / 2) * m) >> 24` with `m = 2^32 / (256 · count)` in single precision.
/// `scratch` holds `tbv_box_reduce_scratch_count(width, channel_count, xscale)` elements.
///
/// The caller guarantees every read is inside the image, `xscale * yscale` fits the sums in 32
/// bits (at most 2^24 pixels) and every channel offset is below `bpp`.
void tbv_box_reduce(const uint8_t *src, ptrdiff_t stride, ptrdiff_t bpp, const ptrdiff_t *channels,
                    ptrdiff_t channel_count, ptrdiff_t width, ptrdiff_t height, ptrdiff_t xscale, ptrdiff_t yscale,
                    uint32_t *scratch, uint8_t *dst);


#ifdef __cplusplus
}
#endif

#endif
