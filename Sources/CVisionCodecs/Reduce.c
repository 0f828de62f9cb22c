// See tbv_reduce.h.
#include "tbv_reduce.h"

#include <string.h>

// Pillow's rounded division by a block's pixel count (`division_UINT32` in Pillow's Reduce.c).
typedef struct {
  uint32_t amend;
  uint32_t multiplier;
} tbv_rounding;

static inline tbv_rounding tbv_rounding_for(ptrdiff_t cells) {
  tbv_rounding rounding;
  rounding.amend = (uint32_t)(cells / 2);
  rounding.multiplier = (uint32_t)(4294967296.0f / (float)(256 * (int64_t)cells));
  return rounding;
}

static inline uint8_t tbv_average(tbv_rounding rounding, uint32_t sum) {
  return (uint8_t)(((sum + rounding.amend) * rounding.multiplier) >> 24);
}

ptrdiff_t tbv_box_reduce_scratch_count(ptrdiff_t width, ptrdiff_t channel_count, ptrdiff_t xscale) {
  // `columns` (a row plus zero padding for the short last block) and `blocks`, as 32-bit lanes.
  return 2 * width * channel_count + xscale * channel_count;
}

// The block row's sums per element of `rows` contiguous rows from `line0` (`stride` bytes
// apart): the first one or two rows store, the rest add, one pass per two rows.
#define TBV_COLUMN_SUMS(NAME, LANE)                                                                                   \
  static inline __attribute__((always_inline)) void NAME(const uint8_t *line0, ptrdiff_t stride, ptrdiff_t rows,      \
                                                         ptrdiff_t row_elements, LANE *column) {                      \
    ptrdiff_t row = 1;                                                                                                \
    if (rows >= 2) {                                                                                                  \
      const uint8_t *line1 = line0 + stride;                                                                          \
      for (ptrdiff_t i = 0; i < row_elements; i++) column[i] = (LANE)((LANE)line0[i] + (LANE)line1[i]);               \
      row = 2;                                                                                                        \
    } else {                                                                                                          \
      for (ptrdiff_t i = 0; i < row_elements; i++) column[i] = (LANE)line0[i];                                        \
    }                                                                                                                 \
    for (; row < rows; row++) {                                                                                       \
      const uint8_t *line = line0 + row * stride;                                                                     \
      for (ptrdiff_t i = 0; i < row_elements; i++) column[i] = (LANE)(column[i] + line[i]);                           \
    }                                                                                                                 \
  }

TBV_COLUMN_SUMS(tbv_column_sums16, uint16_t)
TBV_COLUMN_SUMS(tbv_column_sums32, uint32_t)

// One body per lane type, inlined into each target's clone with the channel count as a constant
// where known. `columns` holds the block row's sums per element, `blocks` each element summed
// with the `xscale - 1` elements one pixel apart (a block's sum at its first pixel).
#define TBV_REDUCE_BODY(NAME, LANE, COLUMN_SUMS)                                                                      \
  static inline __attribute__((always_inline)) void NAME(                                                             \
      const uint8_t *src, ptrdiff_t stride, ptrdiff_t bpp, const ptrdiff_t *channels, ptrdiff_t n, int contiguous,    \
      ptrdiff_t width, ptrdiff_t height, ptrdiff_t xscale, ptrdiff_t yscale, LANE *column, LANE *block,               \
      uint8_t *dst) {                                                                                                 \
    const ptrdiff_t out_width = (width + xscale - 1) / xscale;                                                        \
    const ptrdiff_t out_height = (height + yscale - 1) / yscale;                                                      \
    const ptrdiff_t out_stride = out_width * n;                                                                       \
    const ptrdiff_t row_elements = width * n;                                                                         \
    const ptrdiff_t full_blocks = width / xscale;                                                                     \
    memset(column + row_elements, 0, (size_t)(xscale * n) * sizeof(LANE));                                            \
    for (ptrdiff_t out_y = 0; out_y < out_height; out_y++) {                                                          \
      const ptrdiff_t first_row = out_y * yscale;                                                                     \
      const ptrdiff_t rows = yscale < height - first_row ? yscale : height - first_row;                               \
      if (contiguous) {                                                                                               \
        COLUMN_SUMS(src + first_row * stride, stride, rows, row_elements, column);                                    \
      } else {                                                                                                        \
        memset(column, 0, (size_t)row_elements * sizeof(LANE));                                                       \
        for (ptrdiff_t row = 0; row < rows; row++) {                                                                  \
          const uint8_t *p = src + (first_row + row) * stride;                                                        \
          LANE *a = column;                                                                                           \
          for (ptrdiff_t x = 0; x < width; x++) {                                                                     \
            for (ptrdiff_t c = 0; c < n; c++) a[c] = (LANE)(a[c] + p[channels[c]]);                                   \
            a += n;                                                                                                   \
            p += bpp;                                                                                                 \
          }                                                                                                           \
        }                                                                                                             \
      }                                                                                                               \
      /* One pass for the common block widths, a pass per column beyond. */                                           \
      const LANE *c1 = column + n, *c2 = column + 2 * n, *c3 = column + 3 * n;                                        \
      switch (xscale) {                                                                                               \
      case 1:                                                                                                         \
        memcpy(block, column, (size_t)row_elements * sizeof(LANE));                                                   \
        break;                                                                                                        \
      case 2:                                                                                                         \
        for (ptrdiff_t i = 0; i < row_elements; i++) block[i] = (LANE)(column[i] + c1[i]);                            \
        break;                                                                                                        \
      case 3:                                                                                                         \
        for (ptrdiff_t i = 0; i < row_elements; i++) block[i] = (LANE)(column[i] + c1[i] + c2[i]);                    \
        break;                                                                                                        \
      default:                                                                                                        \
        for (ptrdiff_t i = 0; i < row_elements; i++) block[i] = (LANE)(column[i] + c1[i] + c2[i] + c3[i]);            \
        for (ptrdiff_t offset = 4; offset < xscale; offset++) {                                                       \
          const LANE *shifted = column + offset * n;                                                                  \
          for (ptrdiff_t i = 0; i < row_elements; i++) block[i] = (LANE)(block[i] + shifted[i]);                      \
        }                                                                                                             \
      }                                                                                                               \
      uint8_t *line = dst + out_y * out_stride;                                                                       \
      const tbv_rounding full = tbv_rounding_for(xscale * rows);                                                      \
      const LANE *sums = block;                                                                                       \
      for (ptrdiff_t out_x = 0; out_x < full_blocks; out_x++) {                                                       \
        for (ptrdiff_t c = 0; c < n; c++) line[c] = tbv_average(full, sums[c]);                                       \
        sums += xscale * n;                                                                                           \
        line += n;                                                                                                    \
      }                                                                                                               \
      if (full_blocks < out_width) { /* the short last block */                                                       \
        const tbv_rounding partial = tbv_rounding_for((width - full_blocks * xscale) * rows);                         \
        for (ptrdiff_t c = 0; c < n; c++) line[c] = tbv_average(partial, sums[c]);                                    \
      }                                                                                                               \
    }                                                                                                                 \
  }

TBV_REDUCE_BODY(tbv_reduce16_body, uint16_t, tbv_column_sums16)
TBV_REDUCE_BODY(tbv_reduce32_body, uint32_t, tbv_column_sums32)

// Packed RGB (decoded JPEGs) and the other contiguous layouts with the channel count as a
// constant; a block sum stays below 2^16 in 16-bit lanes for up to 257 pixels.
#define TBV_REDUCE_DISPATCH                                                                                       \
  const int contiguous = tbv_contiguous(channels, n, bpp);                                                       \
  const int narrow = xscale * yscale <= 257;                                                                     \
  uint16_t *c16 = (uint16_t *)(void *)scratch;                                                                   \
  uint16_t *b16 = c16 + width * n + xscale * n;                                                                  \
  uint32_t *b32 = scratch + width * n + xscale * n;                                                              \
  if (narrow && contiguous && n == 3) {                                                                          \
    tbv_reduce16_body(src, stride, 3, channels, 3, 1, width, height, xscale, yscale, c16, b16, dst);             \
  } else if (narrow) {                                                                                           \
    tbv_reduce16_body(src, stride, bpp, channels, n, contiguous, width, height, xscale, yscale, c16, b16, dst);  \
  } else {                                                                                                       \
    tbv_reduce32_body(src, stride, bpp, channels, n, contiguous, width, height, xscale, yscale, scratch, b32,    \
                      dst);                                                                                      \
  }

#define TBV_REDUCE_PARAMETERS                                                                                     \
  const uint8_t *src, ptrdiff_t stride, ptrdiff_t bpp, const ptrdiff_t *channels, ptrdiff_t n, ptrdiff_t width,  \
      ptrdiff_t height, ptrdiff_t xscale, ptrdiff_t yscale, uint32_t *scratch, uint8_t *dst

// The channels are the whole pixel in order, so a row's elements are its bytes.
static int tbv_contiguous(const ptrdiff_t *channels, ptrdiff_t n, ptrdiff_t bpp) {
  if (n != bpp) return 0;
  for (ptrdiff_t c = 0; c < n; c++)
    if (channels[c] != c) return 0;
  return 1;
}

static void tbv_reduce_baseline(TBV_REDUCE_PARAMETERS) { TBV_REDUCE_DISPATCH }

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

__attribute__((target("sse4.1"))) static void tbv_reduce_sse41(TBV_REDUCE_PARAMETERS) { TBV_REDUCE_DISPATCH }

// Packed RGB with 16-bit sums (a decoded photo reduced for a model input: 1080p to 224 is 4 × 2).
// The block row's sums per element are made as in the loops above; then, instead of summing every
// element with its neighbours and dividing byte by byte, two blocks a step: each half of a 256-bit
// register adds its block's pixels two at a time (lanes 0–2 and 3–5), folds the halves together
// (a 6-byte shift) and adds an odd last pixel (lanes 0–2 only); the three sums widen to 32 bits
// and are divided as `tbv_average` divides: `pmulld` keeps the low 32 bits of the product as the
// C `uint32_t` arithmetic does, and byte 3 of each lane is the `>> 24`. A step writes 4 bytes per
// block (the 4th is the next block's first, written after it), so the last full block and a
// short one go through the scalar loop. Same bytes as `tbv_reduce16_body` (compared over random
// sizes and scales, and with every byte 255, under ASan and UBSan).
static inline __attribute__((always_inline, target("avx2"))) __m256i tbv_rgb_block_sums(const uint16_t *sums,
                                                                                         ptrdiff_t block,
                                                                                         ptrdiff_t xscale,
                                                                                         __m256i first_pixel) {
  __m256i acc = _mm256_setzero_si256();
  ptrdiff_t k = 0;
  for (; k + 1 < xscale; k += 2)
    acc = _mm256_add_epi16(acc, _mm256_loadu2_m128i((const __m128i *)(const void *)(sums + block + 3 * k),
                                                    (const __m128i *)(const void *)(sums + 3 * k)));
  acc = _mm256_add_epi16(acc, _mm256_srli_si256(acc, 6));
  if (k < xscale)
    acc = _mm256_add_epi16(
        acc, _mm256_and_si256(first_pixel, _mm256_loadu2_m128i((const __m128i *)(const void *)(sums + block + 3 * k),
                                                               (const __m128i *)(const void *)(sums + 3 * k))));
  return acc;
}

static inline __attribute__((always_inline, target("avx2"))) void tbv_rgb_blocks(const uint16_t *column,
                                                                                 ptrdiff_t width, ptrdiff_t xscale,
                                                                                 ptrdiff_t rows, uint8_t *line) {
  const ptrdiff_t full_blocks = width / xscale;
  const ptrdiff_t out_width = (width + xscale - 1) / xscale;
  const ptrdiff_t block = 3 * xscale;
  const tbv_rounding full = tbv_rounding_for(xscale * rows);
  const __m256i amend = _mm256_set1_epi32((int)full.amend);
  const __m256i multiplier = _mm256_set1_epi32((int)full.multiplier);
  const __m256i pick = _mm256_setr_epi8(3, 7, 11, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128,
                                        -128, -128, 3, 7, 11, -128, -128, -128, -128, -128, -128, -128, -128, -128,
                                        -128, -128, -128, -128);
  const __m256i first_pixel = _mm256_setr_epi16(-1, -1, -1, 0, 0, 0, 0, 0, -1, -1, -1, 0, 0, 0, 0, 0);
  const uint16_t *sums = column;
  ptrdiff_t b = 0;
  for (; b + 2 < full_blocks; b += 2) {
    __m256i s = _mm256_unpacklo_epi16(tbv_rgb_block_sums(sums, block, xscale, first_pixel), _mm256_setzero_si256());
    s = _mm256_shuffle_epi8(_mm256_mullo_epi32(_mm256_add_epi32(s, amend), multiplier), pick);
    const int32_t first = _mm256_cvtsi256_si32(s);
    const int32_t second = _mm256_extract_epi32(s, 4);
    memcpy(line + 3 * b, &first, 4);
    memcpy(line + 3 * b + 3, &second, 4);
    sums += 2 * block;
  }
  for (; b < out_width; b++) {
    const ptrdiff_t columns = b < full_blocks ? xscale : width - full_blocks * xscale;
    const tbv_rounding rounding = b < full_blocks ? full : tbv_rounding_for(columns * rows);
    for (ptrdiff_t c = 0; c < 3; c++) {
      uint32_t sum = 0;
      for (ptrdiff_t k = 0; k < columns; k++) sum += sums[3 * k + c];
      line[3 * b + c] = tbv_average(rounding, sum);
    }
    sums += block;
  }
}

// The blocks `xscale` (≥ 2) pixels wide of packed RGB, with 16-bit sums (at most 257 pixels).
__attribute__((target("avx2"))) static void tbv_reduce_rgb16_avx2(const uint8_t *src, ptrdiff_t stride,
                                                                   ptrdiff_t width, ptrdiff_t height,
                                                                   ptrdiff_t xscale, ptrdiff_t yscale,
                                                                   uint16_t *column, uint8_t *dst) {
  const ptrdiff_t out_width = (width + xscale - 1) / xscale;
  const ptrdiff_t out_height = (height + yscale - 1) / yscale;
  const ptrdiff_t row_elements = width * 3;
  for (ptrdiff_t out_y = 0; out_y < out_height; out_y++) {
    const ptrdiff_t first_row = out_y * yscale;
    const ptrdiff_t rows = yscale < height - first_row ? yscale : height - first_row;
    tbv_column_sums16(src + first_row * stride, stride, rows, row_elements, column);
    uint8_t *line = dst + out_y * out_width * 3;
    // The common widths with the pixel loop unrolled; any other the same code.
    switch (xscale) {
    case 2: tbv_rgb_blocks(column, width, 2, rows, line); break;
    case 3: tbv_rgb_blocks(column, width, 3, rows, line); break;
    case 4: tbv_rgb_blocks(column, width, 4, rows, line); break;
    default: tbv_rgb_blocks(column, width, xscale, rows, line);
    }
  }
}

__attribute__((target("avx2"))) static void tbv_reduce_avx2(TBV_REDUCE_PARAMETERS) {
  if (n == 3 && xscale >= 2 && xscale * yscale <= 257 && tbv_contiguous(channels, n, bpp)) {
    tbv_reduce_rgb16_avx2(src, stride, width, height, xscale, yscale, (uint16_t *)(void *)scratch, dst);
    return;
  }
  TBV_REDUCE_DISPATCH
}
#endif

void tbv_box_reduce(const uint8_t *src, ptrdiff_t stride, ptrdiff_t bpp, const ptrdiff_t *channels,
                    ptrdiff_t channel_count, ptrdiff_t width, ptrdiff_t height, ptrdiff_t xscale, ptrdiff_t yscale,
                    uint32_t *scratch, uint8_t *dst) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
  // Reads the CPU model the runtime filled in at load time (no call, no shared state written).
  if (__builtin_cpu_supports("avx2")) {
    tbv_reduce_avx2(src, stride, bpp, channels, channel_count, width, height, xscale, yscale, scratch, dst);
    return;
  }
  if (__builtin_cpu_supports("sse4.1")) {
    tbv_reduce_sse41(src, stride, bpp, channels, channel_count, width, height, xscale, yscale, scratch, dst);
    return;
  }
#endif
  tbv_reduce_baseline(src, stride, bpp, channels, channel_count, width, height, xscale, yscale, scratch, dst);
}
