// The scalar pieces of the horizontal pass that the vector passes share (Resample.c and
// ResampleMadd.c): the clip to a byte and one output position of any channel layout.
#ifndef TBV_RESAMPLE_SCALAR_H
#define TBV_RESAMPLE_SCALAR_H

#include <stddef.h>
#include <stdint.h>

static inline uint8_t tbv_clip8(int32_t value) { return value < 0 ? 0 : value > 255 ? 255 : (uint8_t)value; }

// One row of the general horizontal pass: `count` channels at the offsets `channels` (any layout).
static inline __attribute__((always_inline)) void tbv_horizontal_row_scalar(
    const uint8_t *line, ptrdiff_t bpp, const ptrdiff_t *channels, ptrdiff_t count, const ptrdiff_t *starts,
    const ptrdiff_t *counts, const int32_t *weights, ptrdiff_t taps, ptrdiff_t x, int shift, uint8_t *out) {
  const int32_t half = (int32_t)1 << (shift - 1);
  const int32_t *w = weights + x * taps;
  for (ptrdiff_t channel = 0; channel < count; channel++) {
    // Unsigned arithmetic wraps as Pillow's (and the Swift reference's) 32-bit sums do.
    uint32_t sum = (uint32_t)half;
    const uint8_t *p = line + starts[x] * bpp + channels[channel];
    for (ptrdiff_t tap = 0; tap < counts[x]; tap++) {
      sum += (uint32_t)p[0] * (uint32_t)w[tap];
      p += bpp;
    }
    out[channel] = tbv_clip8((int32_t)sum >> shift);
  }
}

#endif
