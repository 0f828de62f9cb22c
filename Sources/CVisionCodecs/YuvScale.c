// libyuv's ARGBScale with kFilterBilinear, one byte lane at a time (see tbv_yuv_scale.h).
//
// Each channel is gathered into a packed plane, resized by the path libyuv would take for these
// sizes, and scattered into the output. Positions are libyuv's 16.16 fixed point: `x`, `y` the
// first sample, `dx`, `dy` the step.
#include "tbv_yuv_scale.h"

#include <string.h>

enum filter { FILTER_NONE, FILTER_LINEAR, FILTER_BILINEAR };

/// One channel's source: `width × height` bytes, rows packed.
typedef struct {
  const uint8_t *pixels;
  int width, height;
} plane;

/// Where a channel's output goes: byte `channel` of `dst`'s pixels of `pixel_size` bytes.
typedef struct {
  uint8_t *dst;
  int width, pixel_size, channel;
} target;

static inline void put(const target *t, int x, int y, uint8_t value) {
  t->dst[((ptrdiff_t)y * t->width + x) * t->pixel_size + t->channel] = value;
}

static inline const uint8_t *row_at(const plane *p, int y) { return p->pixels + (ptrdiff_t)y * p->width; }

/// Which filter libyuv keeps: an axis kept at its size or shrunk exactly three times is not
/// filtered, nor a one-pixel-wide source.
static enum filter reduced_filter(int sw, int sh, int dw, int dh) {
  enum filter f = FILTER_BILINEAR;
  if (sh == 1 || dh == sh || dh * 3 == sh) f = FILTER_LINEAR;
  if (sw == 1) return FILTER_NONE;
  if (f == FILTER_LINEAR && (dw == sw || dw * 3 == sw)) f = FILTER_NONE;
  return f;
}

static int fixed_div(int num, int div) { return (int)(((int64_t)num << 16) / div); }

/// The step that puts the first and last samples on the first and last source pixels.
static int fixed_div_ends(int num, int div) { return (int)((((int64_t)num << 16) - 0x00010001) / (div - 1)); }

/// First sample and step along one axis. Shrinking samples at the output pixels' centres
/// (`step / 2 - 0.5`), enlarging aligns the ends; an unfiltered axis samples at `step / 2`.
static void slope(int src, int dst, int filtered_axis, int *start, int *step) {
  *start = 0;
  *step = 0;
  if (!filtered_axis) {
    *step = fixed_div(src, dst);
    *start = *step >> 1;
  } else if (dst <= src) {
    *step = fixed_div(src, dst);
    *start = (*step >> 1) - 32768;
  } else if (dst > 1) {
    *step = fixed_div_ends(src, dst);
  }
}

/// libyuv's InterpolateRow: `r0` and `r1` mixed by `fraction`/256, rounded (C and SIMD agree).
static void interpolate_row(uint8_t *out, const uint8_t *r0, const uint8_t *r1, int n, int fraction) {
  if (fraction == 0) {
    memcpy(out, r0, (size_t)n);
  } else if (fraction == 128) {
    for (int i = 0; i < n; i++) out[i] = (uint8_t)((r0[i] + r1[i] + 1) >> 1);
  } else {
    for (int i = 0; i < n; i++) out[i] = (uint8_t)((r0[i] * (256 - fraction) + r1[i] * fraction + 128) >> 8);
  }
}

/// libyuv's ScaleARGBFilterCols: two taps with a 7-bit fraction `f`, weighted `127 - f` and `f`
/// and divided by 128 (the SSSE3 blend, which the C code mimics).
static void filter_columns(uint8_t *out, const uint8_t *row, int n, int x, int dx) {
  for (int i = 0; i < n; i++, x += dx) {
    int xi = x >> 16, f = (x >> 9) & 0x7f;
    out[i] = (uint8_t)((row[xi] * (f ^ 0x7f) + row[xi + 1] * f) >> 7);
  }
}

static void point_columns(uint8_t *out, const uint8_t *row, int n, int x, int dx) {
  for (int i = 0; i < n; i++, x += dx) out[i] = row[x >> 16];
}

static void put_row(const target *t, int y, const uint8_t *values) {
  for (int i = 0; i < t->width; i++) put(t, i, y, values[i]);
}

/// Integer even steps: 2 × 2 block averages (or point samples unfiltered). x86 averages each
/// group of four output pixels in SSE2 as `pavgb(pavgb(a, c), pavgb(b, d))` (rows first) and the
/// rest of the row in C as `(a + b + c + d + 2) >> 2`.
static void scale_even(const plane *p, const target *t, int height, enum filter f, int x, int dx, int y, int dy) {
  int col0 = x >> 16, col_step = dx >> 16, row_step = dy >> 16;
  int simd = t->width & ~3;
  for (int j = 0; j < height; j++) {
    const uint8_t *r0 = row_at(p, (y >> 16) + j * row_step);
    const uint8_t *r1 = f == FILTER_LINEAR ? r0 : r0 + p->width;
    for (int i = 0; i < t->width; i++) {
      int c = col0 + i * col_step;
      if (f == FILTER_NONE) {
        put(t, i, j, r0[c]);
      } else if (i < simd) {
        int left = (r0[c] + r1[c] + 1) >> 1, right = (r0[c + 1] + r1[c + 1] + 1) >> 1;
        put(t, i, j, (uint8_t)((left + right + 1) >> 1));
      } else {
        put(t, i, j, (uint8_t)((r0[c] + r0[c + 1] + r1[c] + r1[c + 1] + 2) >> 2));
      }
    }
  }
}

/// Unscaled columns: rows mixed by the vertical fraction, the last row's position kept just
/// below the last source row.
static void scale_vertical(const plane *p, const target *t, int height, enum filter f, int x, int y, int dy,
                           uint8_t *row) {
  const int max_y = p->height > 1 ? ((p->height - 1) << 16) - 1 : 0;
  for (int j = 0; j < height; j++, y += dy) {
    if (y > max_y) y = max_y;
    const uint8_t *r0 = row_at(p, y >> 16) + (x >> 16);
    int fraction = f != FILTER_NONE ? (y >> 8) & 255 : 0;
    interpolate_row(row, r0, fraction ? r0 + p->width : r0, t->width, fraction);
    put_row(t, j, row);
  }
}

/// Enlarging vertically: each needed source row is filtered horizontally first, then
/// neighbouring filtered rows are mixed.
static void scale_bilinear_up(const plane *p, const target *t, int height, enum filter f, int x, int dx, int y,
                              int dy, uint8_t *rows) {
  const int max_y = (p->height - 1) << 16;
  uint8_t *upper = rows, *lower = rows + t->width, *mixed = rows + 2 * t->width;
  int upper_y = -1;
  for (int j = 0; j < height; j++, y += dy) {
    if (y > max_y) y = max_y;
    int yi = y >> 16;
    if (yi != upper_y) {
      filter_columns(upper, row_at(p, yi), t->width, x, dx);
      filter_columns(lower, row_at(p, yi + 1 < p->height ? yi + 1 : yi), t->width, x, dx);
      upper_y = yi;
    }
    interpolate_row(mixed, upper, lower, t->width, f == FILTER_LINEAR ? 0 : (y >> 8) & 255);
    put_row(t, j, mixed);
  }
}

/// Shrinking vertically: neighbouring source rows are mixed first, then filtered horizontally.
static void scale_bilinear_down(const plane *p, const target *t, int height, enum filter f, int x, int dx, int y,
                                int dy, uint8_t *rows) {
  const int max_y = (p->height - 1) << 16;
  uint8_t *mixed = rows, *out = rows + p->width;
  if (y > max_y) y = max_y;
  for (int j = 0; j < height; j++) {
    const uint8_t *r0 = row_at(p, y >> 16);
    int fraction = f == FILTER_LINEAR ? 0 : (y >> 8) & 255;
    interpolate_row(mixed, r0, fraction ? r0 + p->width : r0, p->width, fraction);
    filter_columns(out, mixed, t->width, x, dx);
    put_row(t, j, out);
    y += dy;
    if (y > max_y) y = max_y;
  }
}

static void scale_plane(const plane *p, const target *t, int height, uint8_t *rows) {
  const int sw = p->width, sh = p->height, dw = t->width;
  enum filter f = reduced_filter(sw, sh, dw, height);
  int x, dx, y, dy;
  slope(sw, dw, f != FILTER_NONE, &x, &dx);
  if (f == FILTER_LINEAR) {
    dy = fixed_div(sh, height);
    y = dy >> 1;
  } else {
    slope(sh, height, f != FILTER_NONE, &y, &dy);
  }
  if (((dx | dy) & 0xffff) == 0) {
    if (!dx || !dy) {
      f = FILTER_NONE;
    } else if (!(dx & 0x10000) && !(dy & 0x10000)) {
      scale_even(p, t, height, f, x, dx, y, dy);
      return;
    } else if ((dx & 0x10000) && (dy & 0x10000)) {
      f = FILTER_NONE;
    }
  }
  if (dx == 0x10000 && (x & 0xffff) == 0) {
    scale_vertical(p, t, height, f, x, y, dy, rows);
  } else if (f != FILTER_NONE && dy < 65536) {
    scale_bilinear_up(p, t, height, f, x, dx, y, dy, rows);
  } else if (f != FILTER_NONE) {
    scale_bilinear_down(p, t, height, f, x, dx, y, dy, rows);
  } else {
    for (int j = 0; j < height; j++, y += dy) {
      point_columns(rows, row_at(p, y >> 16), dw, x, dx);
      put_row(t, j, rows);
    }
  }
}

ptrdiff_t tbv_yuv_scale_scratch_count(ptrdiff_t src_width, ptrdiff_t src_height, ptrdiff_t dst_width) {
  ptrdiff_t rows = 3 * dst_width > src_width + dst_width ? 3 * dst_width : src_width + dst_width;
  return src_width * src_height + rows;
}

void tbv_yuv_scale(const uint8_t *src, ptrdiff_t stride, ptrdiff_t bpp, const ptrdiff_t *channels,
                   ptrdiff_t channel_count, ptrdiff_t src_width, ptrdiff_t src_height, ptrdiff_t dst_width,
                   ptrdiff_t dst_height, uint8_t *scratch, uint8_t *dst) {
  uint8_t *pixels = scratch, *rows = scratch + src_width * src_height;
  for (ptrdiff_t c = 0; c < channel_count; c++) {
    for (ptrdiff_t yy = 0; yy < src_height; yy++) {
      const uint8_t *line = src + yy * stride + channels[c];
      uint8_t *out = pixels + yy * src_width;
      for (ptrdiff_t xx = 0; xx < src_width; xx++) out[xx] = line[xx * bpp];
    }
    plane p = {pixels, (int)src_width, (int)src_height};
    target t = {dst, (int)dst_width, (int)channel_count, (int)c};
    scale_plane(&p, &t, (int)dst_height, rows);
  }
}
