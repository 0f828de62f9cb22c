// See tbv_normalize.h.
#include "tbv_normalize.h"

// The Swift loop multiplies, then adds, rounding each: a fused multiply-add (clang's default
// contraction, e.g. on arm64) would give other floats.
#pragma STDC FP_CONTRACT OFF

// Eight pixels per step: the channel pattern repeats every eight pixels for any channel count,
// so the step is a fixed-length loop over `8 * channels` elements the compiler vectorizes.
enum { TBV_NORMALIZE_STEP = 8 };

static inline __attribute__((always_inline)) void tbv_normalize_body(const uint8_t *row, ptrdiff_t pixels,
                                                                       ptrdiff_t channels, const float *multipliers,
                                                                       const float *addends, float *out) {
  float m[TBV_NORMALIZE_STEP * 4], a[TBV_NORMALIZE_STEP * 4];
  const ptrdiff_t step = TBV_NORMALIZE_STEP * channels;
  for (ptrdiff_t k = 0; k < step; k++) {
    m[k] = multipliers[k % channels];
    a[k] = addends[k % channels];
  }
  ptrdiff_t i = 0;
  const ptrdiff_t elements = pixels * channels;
  for (; i + step <= elements; i += step) {
    for (ptrdiff_t k = 0; k < step; k++) out[i + k] = (float)row[i + k] * m[k] + a[k];
  }
  for (ptrdiff_t k = 0; i < elements; i++, k++) out[i] = (float)row[i] * m[k] + a[k];
}

// The channel count as a constant for the tensors' layouts (RGB, gray), else a variable.
#define TBV_NORMALIZE_DISPATCH                                                  \
  if (channels == 3) {                                                          \
    tbv_normalize_body(row, pixels, 3, multipliers, addends, out);              \
  } else if (channels == 1) {                                                   \
    tbv_normalize_body(row, pixels, 1, multipliers, addends, out);              \
  } else {                                                                      \
    tbv_normalize_body(row, pixels, channels, multipliers, addends, out);       \
  }

#define TBV_NORMALIZE_PARAMETERS                                                                          \
  const uint8_t *row, ptrdiff_t pixels, ptrdiff_t channels, const float *multipliers, const float *addends, \
      float *out

static void tbv_normalize_baseline(TBV_NORMALIZE_PARAMETERS) { TBV_NORMALIZE_DISPATCH }

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
__attribute__((target("sse4.1"))) static void tbv_normalize_sse41(TBV_NORMALIZE_PARAMETERS) {
  TBV_NORMALIZE_DISPATCH
}
__attribute__((target("avx2"))) static void tbv_normalize_avx2(TBV_NORMALIZE_PARAMETERS) { TBV_NORMALIZE_DISPATCH }
#endif

void tbv_normalize_row(const uint8_t *row, ptrdiff_t pixels, ptrdiff_t channels, const float *multipliers,
                       const float *addends, float *out) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
  if (__builtin_cpu_supports("avx2")) {
    tbv_normalize_avx2(row, pixels, channels, multipliers, addends, out);
    return;
  }
  if (__builtin_cpu_supports("sse4.1")) {
    tbv_normalize_sse41(row, pixels, channels, multipliers, addends, out);
    return;
  }
#endif
  tbv_normalize_baseline(row, pixels, channels, multipliers, addends, out);
}
