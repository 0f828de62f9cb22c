// See ResampleMadd.h.
#include "ResampleMadd.h"
#include "ResampleScalar.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

// The madd passes. pmaddwd multiplies 16-bit lanes pairwise and adds each pair into a 32-bit
// lane in one uop (pmulld, one 32-bit product per lane, is two uops and ten cycles on Intel
// cores). A 22-bit weight does not fit 16 bits, so each weight w is split as
//
//     w = hi * 2^15 + lo,   hi = w >> 15 (arithmetic), lo = w & 0x7fff,
//
// both int16 for any w in [-2^30, 2^30) (Pillow's weights are at most about 2^22 in magnitude;
// a kernel with a weight outside takes the pmulld or scalar pass). With the pixels p (0...255)
// zero-extended to 16 bits,
//
//     sum_t p_t * w_t = (sum_t p_t * hi_t) * 2^15 + sum_t p_t * lo_t
//
// as integers. pmaddwd's products are exact (|p * hi| <= 255 * 2^15, p * lo <= 255 * 32767) and
// its pair sums, the additions and the shift are exact modulo 2^32, so the 32-bit result is
// Pillow's 32-bit sum bit for bit, whether or not anything wraps. (For the kernels in use,
// whose weights are non-negative, nothing does: sum_t w_t <= 2^22 + taps / 2 after rounding, so
// sum p * w < 2^31, sum p * hi < 2^16 and sum p * lo < taps * 2^23.) The rounding offset, the
// arithmetic shift and the clip follow as in the scalar pass; packssdw then packuswb saturate
// exactly as the clip to 0...255 does.
//
// Layout: a position's taps go in groups of four. A group's pixels are one 16-byte load (four
// pixels of at most four bytes), shuffled so that 32-bit lane j holds channel j of taps 0 and 1
// (the low 128 bits) or taps 2 and 3 (the high 128 bits); a fourth lane with no channel is zero.
// The group's weights are two 32-byte vectors (hi, lo) laid out the same way, zero past the
// position's count. One load and one shuffle per four taps replace a widening load per tap.
#define TBV_MADD_SPLIT 15

typedef struct {
  __m128i low, high;  // pshufb masks for taps 0-1 and 2-3 of a group
} tbv_madd_masks;

// The shuffle masks for `count` channels at `channels` in pixels `bpp` bytes wide.
static tbv_madd_masks tbv_madd_make_masks(ptrdiff_t bpp, const ptrdiff_t *channels, ptrdiff_t count) {
  uint8_t low[16], high[16];
  for (int byte = 0; byte < 16; byte++) {
    const int lane = byte / 4, tap = (byte / 2) % 2;
    const int used = byte % 2 == 0 && lane < count;
    low[byte] = used ? (uint8_t)(tap * bpp + channels[lane]) : 0x80;
    high[byte] = used ? (uint8_t)((tap + 2) * bpp + channels[lane]) : 0x80;
  }
  tbv_madd_masks masks;
  memcpy(&masks.low, low, 16);
  memcpy(&masks.high, high, 16);
  return masks;
}

// Fills `table` (width * groups * 32 int16s) with the split weights; false when a weight is out
// of the split's range.
static int tbv_madd_make_table(const ptrdiff_t *counts, const int32_t *weights, ptrdiff_t taps, ptrdiff_t width,
                               ptrdiff_t groups, int16_t *table) {
  for (ptrdiff_t x = 0; x < width; x++) {
    for (ptrdiff_t tap = 0; tap < groups * 4; tap++) {
      const int32_t w = tap < counts[x] ? weights[x * taps + tap] : 0;
      if (w < -(INT32_C(1) << 30) || w >= (INT32_C(1) << 30)) return 0;
      // Tap i of a group: element 2 * lane + i % 2 of the low (i < 2) or high 128 bits.
      int16_t *hi = table + (x * groups + tap / 4) * 32 + (tap % 4 / 2) * 8 + tap % 2, *lo = hi + 16;
      for (int lane = 0; lane < 4; lane++) {
        hi[lane * 2] = (int16_t)(w >> TBV_MADD_SPLIT);
        lo[lane * 2] = (int16_t)(w & ((1 << TBV_MADD_SPLIT) - 1));
      }
    }
  }
  return 1;
}

// Stores the `count` low bytes of `value` (the channels of one output pixel); all four when
// `whole` (the row has that many bytes left: the next pixels, stored later, overwrite the rest).
static inline __attribute__((always_inline)) void tbv_store_pixel(uint8_t *out, uint32_t value, ptrdiff_t count,
                                                                  int whole) {
  if (whole) {
    memcpy(out, &value, 4);
    return;
  }
  uint8_t bytes[4];
  memcpy(bytes, &value, 4);
  for (ptrdiff_t channel = 0; channel < count; channel++) out[channel] = bytes[channel];
}

// One output position of `n` (1 to 4, a constant once inlined) rows at `lines`: sums its groups'
// splits and stores the pixels at `outs`.
static inline __attribute__((always_inline, target("avx2"))) void tbv_madd_avx2_position(
    const uint8_t *const *lines, uint8_t *const *outs, int n, ptrdiff_t offset, ptrdiff_t used, ptrdiff_t step,
    const int16_t *w, __m256i mask, __m256i half, __m128i count_shift, ptrdiff_t count, int whole) {
  __m256i hi[4], lo[4];
  for (int r = 0; r < n; r++) {
    hi[r] = _mm256_setzero_si256();
    lo[r] = half;
  }
  for (ptrdiff_t group = 0; group < used; group++) {
    const __m256i wh = _mm256_loadu_si256((const __m256i *)w);
    const __m256i wl = _mm256_loadu_si256((const __m256i *)(w + 16));
    for (int r = 0; r < n; r++) {
      const __m256i a = _mm256_shuffle_epi8(
          _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(lines[r] + offset))), mask);
      hi[r] = _mm256_add_epi32(hi[r], _mm256_madd_epi16(a, wh));
      lo[r] = _mm256_add_epi32(lo[r], _mm256_madd_epi16(a, wl));
    }
    offset += step;
    w += 32;
  }
  for (int r = 0; r < n; r += 2) {
    // Each row's split sums combined (the rounding offset is in `lo`'s low half), then taps 0-1
    // plus taps 2-3: row r in the low 128 bits, row r + 1 (if any) in the high.
    const __m256i s0 = _mm256_add_epi32(_mm256_slli_epi32(hi[r], TBV_MADD_SPLIT), lo[r]);
    const __m256i s1 = r + 1 < n ? _mm256_add_epi32(_mm256_slli_epi32(hi[r + 1], TBV_MADD_SPLIT), lo[r + 1]) : s0;
    const __m256i sum = _mm256_sra_epi32(
        _mm256_add_epi32(_mm256_permute2x128_si256(s0, s1, 0x20), _mm256_permute2x128_si256(s0, s1, 0x31)),
        count_shift);
    const __m256i packed = _mm256_packus_epi16(_mm256_packs_epi32(sum, sum), _mm256_setzero_si256());
    tbv_store_pixel(outs[r], (uint32_t)_mm_cvtsi128_si32(_mm256_castsi256_si128(packed)), count, whole);
    if (r + 1 < n)
      tbv_store_pixel(outs[r + 1], (uint32_t)_mm_cvtsi128_si32(_mm256_extracti128_si256(packed, 1)), count, whole);
  }
}

// The madd pass over rows (four at a time, sharing each group's weight loads) for positions
// whose group loads stay within `limit` bytes of each row; the others (at most a few at the
// right edge) take the scalar pass.
static inline __attribute__((always_inline, target("avx2"))) void tbv_horizontal_madd_avx2_rows(
    const uint8_t *src, ptrdiff_t stride, ptrdiff_t bpp, const ptrdiff_t *channels, ptrdiff_t count, int n,
    const ptrdiff_t *starts, const ptrdiff_t *counts, const int32_t *weights, ptrdiff_t taps, ptrdiff_t width,
    int shift, uint8_t *dst, const int16_t *table, ptrdiff_t groups, ptrdiff_t limit, tbv_madd_masks masks) {
  const __m256i mask = _mm256_setr_m128i(masks.low, masks.high);
  // The rounding offset, added once: in the low 128 bits, which are summed with the high.
  const __m256i half = _mm256_setr_m128i(_mm_set1_epi32((int32_t)1 << (shift - 1)), _mm_setzero_si128());
  const __m128i count_shift = _mm_cvtsi32_si128(shift);
  const ptrdiff_t row_stride = width * count;
  const uint8_t *lines[4];
  uint8_t *outs[4];
  for (int r = 0; r < n; r++) {
    lines[r] = src + r * stride;
    outs[r] = dst + r * row_stride;
  }
  for (ptrdiff_t x = 0; x < width; x++) {
    const ptrdiff_t used = (counts[x] + 3) / 4;
    if (used > 0 && (starts[x] + (used - 1) * 4) * bpp + 16 > limit) {
      for (int r = 0; r < n; r++)
        tbv_horizontal_row_scalar(lines[r], bpp, channels, count, starts, counts, weights, taps, x, shift, outs[r]);
    } else {
      tbv_madd_avx2_position(lines, outs, n, starts[x] * bpp, used, 4 * bpp, table + x * groups * 32, mask, half,
                             count_shift, count, (width - 1 - x) * count >= 4 - count);
    }
    for (int r = 0; r < n; r++) outs[r] += count;
  }
}

static inline __attribute__((always_inline, target("avx2"))) void tbv_horizontal_madd_avx2_body(
    const uint8_t *src, ptrdiff_t stride, ptrdiff_t bpp, const ptrdiff_t *channels, ptrdiff_t count, ptrdiff_t rows,
    const ptrdiff_t *starts, const ptrdiff_t *counts, const int32_t *weights, ptrdiff_t taps, ptrdiff_t width,
    int shift, uint8_t *dst, const int16_t *table, ptrdiff_t groups, ptrdiff_t limit, tbv_madd_masks masks) {
  ptrdiff_t y = 0;
  for (; y + 4 <= rows; y += 4)
    tbv_horizontal_madd_avx2_rows(src + y * stride, stride, bpp, channels, count, 4, starts, counts, weights, taps,
                                  width, shift, dst + y * width * count, table, groups, limit, masks);
  if (rows - y >= 2) {
    tbv_horizontal_madd_avx2_rows(src + y * stride, stride, bpp, channels, count, 2, starts, counts, weights, taps,
                                  width, shift, dst + y * width * count, table, groups, limit, masks);
    y += 2;
  }
  if (rows - y == 1)
    tbv_horizontal_madd_avx2_rows(src + y * stride, stride, bpp, channels, count, 1, starts, counts, weights, taps,
                                  width, shift, dst + y * width * count, table, groups, limit, masks);
}

__attribute__((target("avx2"))) static void tbv_horizontal_madd_avx2(
    const uint8_t *src, ptrdiff_t stride, ptrdiff_t bpp, const ptrdiff_t *channels, ptrdiff_t count, ptrdiff_t rows,
    const ptrdiff_t *starts, const ptrdiff_t *counts, const int32_t *weights, ptrdiff_t taps, ptrdiff_t width,
    int shift, uint8_t *dst, const int16_t *table, ptrdiff_t groups, ptrdiff_t limit, tbv_madd_masks masks) {
  // Constant layouts for the common cases: packed RGB (decoded JPEGs) and four-byte pixels.
  if (bpp == 3 && count == 3) {
    tbv_horizontal_madd_avx2_body(src, stride, 3, channels, 3, rows, starts, counts, weights, taps, width, shift, dst,
                                  table, groups, limit, masks);
  } else if (bpp == 4 && count == 3) {
    tbv_horizontal_madd_avx2_body(src, stride, 4, channels, 3, rows, starts, counts, weights, taps, width, shift, dst,
                                  table, groups, limit, masks);
  } else {
    tbv_horizontal_madd_avx2_body(src, stride, bpp, channels, count, rows, starts, counts, weights, taps, width,
                                  shift, dst, table, groups, limit, masks);
  }
}

// The same with 128-bit vectors: each group's load is shuffled twice (taps 0-1, taps 2-3).
static inline __attribute__((always_inline, target("sse4.1"))) void tbv_horizontal_madd_sse41_body(
    const uint8_t *src, ptrdiff_t stride, ptrdiff_t bpp, const ptrdiff_t *channels, ptrdiff_t count, ptrdiff_t rows,
    const ptrdiff_t *starts, const ptrdiff_t *counts, const int32_t *weights, ptrdiff_t taps, ptrdiff_t width,
    int shift, uint8_t *dst, const int16_t *table, ptrdiff_t groups, ptrdiff_t limit, tbv_madd_masks masks) {
  const __m128i half = _mm_set1_epi32((int32_t)1 << (shift - 1));
  const __m128i count_shift = _mm_cvtsi32_si128(shift);
  const ptrdiff_t row_stride = width * count;
  for (ptrdiff_t y = 0; y < rows; y += 2) {
    const int pair = y + 1 < rows;
    const uint8_t *line0 = src + y * stride, *line1 = pair ? line0 + stride : line0;
    uint8_t *out0 = dst + y * row_stride, *out1 = out0 + row_stride;
    for (ptrdiff_t x = 0; x < width; x++) {
      const ptrdiff_t used = (counts[x] + 3) / 4;
      if (used > 0 && (starts[x] + (used - 1) * 4) * bpp + 16 > limit) {
        tbv_horizontal_row_scalar(line0, bpp, channels, count, starts, counts, weights, taps, x, shift, out0);
        if (pair)
          tbv_horizontal_row_scalar(line1, bpp, channels, count, starts, counts, weights, taps, x, shift, out1);
      } else {
        __m128i hi0 = _mm_setzero_si128(), lo0 = hi0, hi1 = hi0, lo1 = hi0;
        const uint8_t *p = line0 + starts[x] * bpp, *q = line1 + starts[x] * bpp;
        const int16_t *w = table + x * groups * 32;
        for (ptrdiff_t group = 0; group < used; group++) {
          const __m128i a = _mm_loadu_si128((const __m128i *)p), b = _mm_loadu_si128((const __m128i *)q);
          const __m128i a01 = _mm_shuffle_epi8(a, masks.low), a23 = _mm_shuffle_epi8(a, masks.high);
          const __m128i b01 = _mm_shuffle_epi8(b, masks.low), b23 = _mm_shuffle_epi8(b, masks.high);
          const __m128i wh01 = _mm_loadu_si128((const __m128i *)w);
          const __m128i wh23 = _mm_loadu_si128((const __m128i *)(w + 8));
          const __m128i wl01 = _mm_loadu_si128((const __m128i *)(w + 16));
          const __m128i wl23 = _mm_loadu_si128((const __m128i *)(w + 24));
          hi0 = _mm_add_epi32(hi0, _mm_add_epi32(_mm_madd_epi16(a01, wh01), _mm_madd_epi16(a23, wh23)));
          lo0 = _mm_add_epi32(lo0, _mm_add_epi32(_mm_madd_epi16(a01, wl01), _mm_madd_epi16(a23, wl23)));
          hi1 = _mm_add_epi32(hi1, _mm_add_epi32(_mm_madd_epi16(b01, wh01), _mm_madd_epi16(b23, wh23)));
          lo1 = _mm_add_epi32(lo1, _mm_add_epi32(_mm_madd_epi16(b01, wl01), _mm_madd_epi16(b23, wl23)));
          p += 4 * bpp;
          q += 4 * bpp;
          w += 32;
        }
        const int whole = (width - 1 - x) * count >= 4 - count;
        __m128i sum0 = _mm_add_epi32(_mm_add_epi32(_mm_slli_epi32(hi0, TBV_MADD_SPLIT), lo0), half);
        __m128i sum1 = _mm_add_epi32(_mm_add_epi32(_mm_slli_epi32(hi1, TBV_MADD_SPLIT), lo1), half);
        sum0 = _mm_sra_epi32(sum0, count_shift);
        sum1 = _mm_sra_epi32(sum1, count_shift);
        const __m128i packed = _mm_packus_epi16(_mm_packs_epi32(sum0, sum1), _mm_setzero_si128());
        tbv_store_pixel(out0, (uint32_t)_mm_cvtsi128_si32(packed), count, whole);
        if (pair) tbv_store_pixel(out1, (uint32_t)_mm_extract_epi32(packed, 1), count, whole);
      }
      out0 += count;
      out1 += count;
    }
  }
}

__attribute__((target("sse4.1"))) static void tbv_horizontal_madd_sse41(
    const uint8_t *src, ptrdiff_t stride, ptrdiff_t bpp, const ptrdiff_t *channels, ptrdiff_t count, ptrdiff_t rows,
    const ptrdiff_t *starts, const ptrdiff_t *counts, const int32_t *weights, ptrdiff_t taps, ptrdiff_t width,
    int shift, uint8_t *dst, const int16_t *table, ptrdiff_t groups, ptrdiff_t limit, tbv_madd_masks masks) {
  if (bpp == 3 && count == 3) {
    tbv_horizontal_madd_sse41_body(src, stride, 3, channels, 3, rows, starts, counts, weights, taps, width, shift,
                                   dst, table, groups, limit, masks);
  } else {
    tbv_horizontal_madd_sse41_body(src, stride, bpp, channels, count, rows, starts, counts, weights, taps, width,
                                   shift, dst, table, groups, limit, masks);
  }
}

// Runs a madd pass when the CPU, the layout and the weights allow; false leaves `dst` to the caller.
int tbv_horizontal_madd(const uint8_t *src, ptrdiff_t stride, ptrdiff_t bpp, const ptrdiff_t *channels,
                               ptrdiff_t count, ptrdiff_t rows, const ptrdiff_t *starts, const ptrdiff_t *counts,
                               const int32_t *weights, ptrdiff_t taps, ptrdiff_t width, int shift, uint8_t *dst) {
  const int avx2 = __builtin_cpu_supports("avx2");
  if (!avx2 && !__builtin_cpu_supports("sse4.1")) return 0;
  if (bpp < 1 || bpp > 4 || count < 1 || count > 4 || rows < 1 || width < 1 || taps < 1) return 0;
  ptrdiff_t last = 0;  // the highest channel offset
  for (ptrdiff_t channel = 0; channel < count; channel++) {
    if (channels[channel] < 0 || channels[channel] >= bpp) return 0;
    if (channels[channel] > last) last = channels[channel];
  }
  // Every row's bytes up to the last one the scalar pass reads are inside `src`; a position's
  // 16-byte group loads are vectorized when they end within them.
  ptrdiff_t limit = 0;
  for (ptrdiff_t x = 0; x < width; x++) {
    if (counts[x] > 0 && (starts[x] + counts[x] - 1) * bpp + last + 1 > limit)
      limit = (starts[x] + counts[x] - 1) * bpp + last + 1;
  }
  const ptrdiff_t groups = (taps + 3) / 4;
  int16_t *table = malloc((size_t)(width * groups * 32) * sizeof(int16_t));
  if (table == NULL || !tbv_madd_make_table(counts, weights, taps, width, groups, table)) {
    free(table);
    return 0;
  }
  const tbv_madd_masks masks = tbv_madd_make_masks(bpp, channels, count);
  if (avx2) {
    tbv_horizontal_madd_avx2(src, stride, bpp, channels, count, rows, starts, counts, weights, taps, width, shift, dst,
                             table, groups, limit, masks);
  } else {
    tbv_horizontal_madd_sse41(src, stride, bpp, channels, count, rows, starts, counts, weights, taps, width, shift,
                              dst, table, groups, limit, masks);
  }
  free(table);
  return 1;
}
#endif
