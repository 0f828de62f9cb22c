// The horizontal pass with pmaddwd on split weights (x86-64: AVX2, else SSE4.1): the fast path
// of `tbv_resample_horizontal` (Resample.c), in ResampleMadd.c with the proof of its exactness.
#ifndef TBV_RESAMPLE_MADD_H
#define TBV_RESAMPLE_MADD_H

#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
/// Runs a madd pass when the CPU, the layout and the weights allow (the parameters are
/// `tbv_resample_horizontal`'s, `shift` its `precision_bits`); 0 leaves `dst` to the caller.
int tbv_horizontal_madd(const uint8_t *src, ptrdiff_t stride, ptrdiff_t bpp, const ptrdiff_t *channels,
                        ptrdiff_t count, ptrdiff_t rows, const ptrdiff_t *starts, const ptrdiff_t *counts,
                        const int32_t *weights, ptrdiff_t taps, ptrdiff_t width, int shift, uint8_t *dst);
#endif

#endif
