// TensorFlow Lite's older integer LSTM, the builtin LSTM's "8x8_8" form (12 intermediates), written
// from its arithmetic so that every value matches Python's classic interpreter bit for bit. One
// step for the whole batch:
//
// - a gate's two products go to int8 first, each rescaled to its own intermediate and offset by
//   that intermediate's zero point: p = sat8(rescale(W · (v − v_zp)) + zp);
// - the gate is sat16(rescale(px − zp_x) + rescale(ph − zp_h)), then a layer norm computed in
//   float (with the gate's bias), then sigmoid (or tanh for the cell gate) computed in float on
//   Q3.12, truncated to Q0.15;
// - the cell (scale 2^-15, CIFG: i = 1 − f) is  c' = sat16(round(f·c / 2^15) + round((1 − f)·g / 2^15)),
//   clipped;
// - h' = sat8(rescale64(bias + W_proj · round(o · tanh(c') / 2^15)) + h_zp), clipped; tanh again
//   in float.
//
// The float arithmetic is single precision in the order TensorFlow Lite's portable kernels use,
// without contraction into fused multiply-adds (its x86 build has none), and calls the C
// library's expf, tanhf and sqrtf as it does. A float converted to int32 out of range (or NaN)
// gives INT32_MIN, as x86's cvttss2si does there. Integer overflow wraps through unsigned
// arithmetic, as in the other kernels.
#include "CIntegerLSTM.h"
#include "FixedPoint.h"
#include "ParameterBlock.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#pragma STDC FP_CONTRACT OFF

static int32_t clamp32(int32_t value, int32_t low, int32_t high) {
  return value > high ? high : value < low ? low : value;
}

/// A float truncated to int32 as x86's cvttss2si does: INT32_MIN when out of range or NaN.
static int32_t truncate_to_int32(float value) {
  if (!(value >= -2147483648.0f && value < 2147483648.0f)) return INT32_MIN;
  return (int32_t)value;
}

/// TensorFlow Lite's 64-bit MultiplyByQuantizedMultiplier: the multiplier reduced to 16 bits,
/// one rounding shift, the result truncated to 32 bits. `shift` is at most 14.
static int32_t rescale64(int64_t x, int32_t multiplier, int shift) {
  int32_t reduced = multiplier < 0x7FFF0000 ? (int32_t)(((int64_t)multiplier + (1 << 15)) >> 16) : 0x7FFF;
  int total_shift = 15 - shift;
  int64_t value = (int64_t)((uint64_t)x * (uint64_t)(int64_t)reduced + ((uint64_t)1 << (total_shift - 1)));
  return wrap32(value >> total_shift);
}

// MARK: - The gate

typedef struct {
  const int32_t *words;
  int batch, input_size, cells, output_size;
} Block;

static const int32_t *gate_words(const Block *p, int gate) {
  return p->words + TB_QL88_GATES + gate * TB_QL88_GATE_WORDS;
}

enum { GATE_FORGET = 0, GATE_CELL = 1, GATE_OUTPUT = 2 };

/// out[b, r] = sat8(rescale(Σ (v[b, c] − v_zp) · w[r, c]) + zp), the sum wrapping in 32 bits.
static void product8(const int8_t *v, int32_t v_zero_point, const int8_t *weights, int32_t multiplier, int shift,
                     int batch, int columns, int rows, int8_t zero_point, int8_t *out) {
  for (int b = 0; b < batch; b++) {
    for (int r = 0; r < rows; r++) {
      uint32_t acc = 0;
      const int8_t *row = weights + (size_t)r * columns;
      const int8_t *vector = v + (size_t)b * columns;
      for (int c = 0; c < columns; c++) {
        acc += ((uint32_t)(int32_t)vector[c] - (uint32_t)v_zero_point) * (uint32_t)(int32_t)row[c];
      }
      int32_t value = (int32_t)((uint32_t)rescale((int32_t)acc, multiplier, shift) + (uint32_t)zero_point);
      out[(size_t)b * rows + r] = (int8_t)clamp32(value, -128, 127);
    }
  }
}

/// The float layer norm of each batch row of `gate` (in place), with the gate's bias; the
/// coefficients' scale is multiplier · 2^(shift − 31).
static void layer_norm(int16_t *gate, const int16_t *weights, const int32_t *bias, int32_t multiplier, int shift,
                       int batch, int n) {
  const float scale = (float)((double)multiplier * ldexp(1.0, shift - 31));
  const float bias_scale = (float)ldexp(1.0, -10) * scale;
  for (int b = 0; b < batch; b++) {
    int16_t *row = gate + (size_t)b * n;
    float sum = 0.0f, sum_of_squares = 0.0f;
    for (int j = 0; j < n; j++) {
      const float value = (float)row[j];
      sum += value;
      sum_of_squares += value * value;
    }
    const float mean = sum / (float)n;
    const float variance = sum_of_squares / (float)n - mean * mean;
    const float inverse = variance == 0 ? 1.0f / sqrtf(1e-8f) : 1.0f / sqrtf(variance);
    for (int j = 0; j < n; j++) {
      const float normalized = ((float)row[j] - mean) * inverse;
      const float weighted = normalized * (float)weights[j] * scale + (float)bias[j] * bias_scale;
      row[j] = (int16_t)clamp32(truncate_to_int32(roundf(weighted * 4096.0f)), INT16_MIN, INT16_MAX);
    }
  }
}

/// Sigmoid of Q3.12 values into Q0.15, in float.
static int16_t sigmoid_float(int16_t value) {
  const float x = (float)value * (float)ldexp(1.0, -12);
  const float y = 1.0f / (1.0f + expf(-x));
  return (int16_t)clamp32(truncate_to_int32(y * 32768.0f), INT16_MIN, INT16_MAX);
}

/// Tanh of values scaled by 2^exponent into Q0.15, in float.
static int16_t tanh_float(int16_t value, int exponent) {
  const float x = (float)((double)value * ldexp(1.0, exponent));
  const float y = tanhf(x);
  return (int16_t)clamp32(truncate_to_int32(y * 32768.0f), INT16_MIN, INT16_MAX);
}

typedef struct {
  int16_t *forget_gate, *cell_gate, *output_gate;
  int8_t *input_product, *recurrent_product;
} Scratch;

/// Gate `g` for every batch row into `out` (batch x n_cell), from x and h.
static void compute_gate(const Block *p, const Scratch *s, int g, const int8_t *x, const int8_t *h, int16_t *out) {
  const int32_t *words = gate_words(p, g);
  const int32_t *block = p->words;
  const int8_t input_zero_point = (int8_t)words[TB_QL88_GATE_INPUT_ZERO_POINT];
  const int8_t recurrent_zero_point = (int8_t)words[TB_QL88_GATE_RECURRENT_ZERO_POINT];
  product8(x, block[TB_QL88_INPUT_ZERO_POINT], (const int8_t *)(block + words[TB_QL88_GATE_INPUT_WEIGHTS]),
           words[TB_QL88_GATE_INPUT_MULTIPLIER], words[TB_QL88_GATE_INPUT_SHIFT], p->batch, p->input_size, p->cells,
           input_zero_point, s->input_product);
  product8(h, block[TB_QL88_OUTPUT_STATE_ZERO_POINT],
           (const int8_t *)(block + words[TB_QL88_GATE_RECURRENT_WEIGHTS]), words[TB_QL88_GATE_RECURRENT_MULTIPLIER],
           words[TB_QL88_GATE_RECURRENT_SHIFT], p->batch, p->output_size, p->cells, recurrent_zero_point,
           s->recurrent_product);
  const size_t count = (size_t)p->batch * p->cells;
  for (size_t i = 0; i < count; i++) {
    int32_t from_input = rescale((int32_t)s->input_product[i] - input_zero_point,
                                 words[TB_QL88_GATE_INPUT_SUM_MULTIPLIER], words[TB_QL88_GATE_INPUT_SUM_SHIFT]);
    int32_t from_recurrent =
        rescale((int32_t)s->recurrent_product[i] - recurrent_zero_point, words[TB_QL88_GATE_RECURRENT_SUM_MULTIPLIER],
                words[TB_QL88_GATE_RECURRENT_SUM_SHIFT]);
    int32_t sum = (int32_t)((uint32_t)from_recurrent + (uint32_t)from_input);
    out[i] = (int16_t)clamp32(sum, INT16_MIN, INT16_MAX);
  }
  layer_norm(out, (const int16_t *)(block + words[TB_QL88_GATE_LAYER_NORM_WEIGHTS]),
             (const int32_t *)(block + words[TB_QL88_GATE_BIAS]), words[TB_QL88_GATE_LAYER_NORM_MULTIPLIER],
             words[TB_QL88_GATE_LAYER_NORM_SHIFT], p->batch, p->cells);
  for (size_t i = 0; i < count; i++) out[i] = g == GATE_CELL ? tanh_float(out[i], -12) : sigmoid_float(out[i]);
}

// MARK: - The step

/// One step for every batch row: updates h (batch x n_output) and c (batch x n_cell) in place.
static void step(const Block *p, const Scratch *s, const int8_t *x, int8_t *h, int16_t *c) {
  const int32_t *w = p->words;
  const size_t count = (size_t)p->batch * p->cells;
  compute_gate(p, s, GATE_FORGET, x, h, s->forget_gate);
  compute_gate(p, s, GATE_CELL, x, h, s->cell_gate);

  // c' = f·c / 2^15 + (1 − f)·g / 2^15 (CIFG, whatever the file holds), saturated and clipped.
  const int16_t clip = (int16_t)w[TB_QL88_CELL_CLIP];
  for (size_t i = 0; i < count; i++) {
    int16_t kept = wrap16(rounding_divide32((int32_t)s->forget_gate[i] * c[i], 15));
    int16_t input_gate = wrap16(INT16_MAX - s->forget_gate[i]);
    int16_t added = wrap16(rounding_divide32((int32_t)input_gate * s->cell_gate[i], 15));
    c[i] = saturating_add16(kept, added);
    if (clip > 0) c[i] = c[i] > clip ? clip : c[i] < -clip ? (int16_t)-clip : c[i];
  }

  compute_gate(p, s, GATE_OUTPUT, x, h, s->output_gate);

  // h' = the projection of o · tanh(c'), with its bias, clipped.
  int16_t *hidden = s->forget_gate;  // free again
  for (size_t i = 0; i < count; i++) {
    hidden[i] = wrap16(rounding_divide32((int32_t)s->output_gate[i] * tanh_float(c[i], -15), 15));
  }
  const int8_t *weights = (const int8_t *)(w + w[TB_QL88_PROJECTION_WEIGHTS]);
  const int32_t *bias = (const int32_t *)(w + w[TB_QL88_PROJECTION_BIAS]);
  const int32_t multiplier = w[TB_QL88_PROJECTION_MULTIPLIER], shift = w[TB_QL88_PROJECTION_SHIFT];
  const int32_t zero_point = w[TB_QL88_OUTPUT_STATE_ZERO_POINT];
  const int8_t projection_clip = (int8_t)w[TB_QL88_PROJECTION_CLIP];
  for (int b = 0; b < p->batch; b++) {
    for (int r = 0; r < p->output_size; r++) {
      int64_t acc = bias[r];
      const int8_t *row = weights + (size_t)r * p->cells;
      const int16_t *vector = hidden + (size_t)b * p->cells;
      for (int j = 0; j < p->cells; j++) acc += (int32_t)vector[j] * (int32_t)row[j];
      int64_t value = (int64_t)rescale64(acc, multiplier, shift) + zero_point;
      int8_t result = (int8_t)(value > 127 ? 127 : value < -128 ? -128 : value);
      if (projection_clip > 0) {
        result = result > projection_clip ? projection_clip : result < -projection_clip ? (int8_t)-projection_clip
                                                                                          : result;
      }
      h[(size_t)b * p->output_size + r] = result;
    }
  }
}

// MARK: - Checking the block

static int fits(int32_t offset, size_t bytes, size_t words) {
  return block_fits(offset, bytes, words, TB_QL88_HEADER_WORDS);
}

static int valid_shift(int32_t shift) { return shift >= -31 && shift <= 30; }

static int check_block(const Block *p, size_t words) {
  const int32_t *w = p->words;
  if (p->batch <= 0 || p->input_size <= 0 || p->cells <= 0 || p->output_size <= 0) return 0;
  const size_t cells = (size_t)p->cells;
  if (w[TB_QL88_PROJECTION_SHIFT] < -31 || w[TB_QL88_PROJECTION_SHIFT] > 14) return 0;
  if (!fits(w[TB_QL88_PROJECTION_WEIGHTS], (size_t)p->output_size * cells, words)) return 0;
  if (!fits(w[TB_QL88_PROJECTION_BIAS], (size_t)p->output_size * 4, words)) return 0;
  for (int g = 0; g < 3; g++) {
    const int32_t *block = w + TB_QL88_GATES + g * TB_QL88_GATE_WORDS;
    if (!valid_shift(block[TB_QL88_GATE_INPUT_SHIFT]) || !valid_shift(block[TB_QL88_GATE_RECURRENT_SHIFT]) ||
        !valid_shift(block[TB_QL88_GATE_INPUT_SUM_SHIFT]) || !valid_shift(block[TB_QL88_GATE_RECURRENT_SUM_SHIFT]) ||
        !valid_shift(block[TB_QL88_GATE_LAYER_NORM_SHIFT])) {
      return 0;
    }
    if (!fits(block[TB_QL88_GATE_INPUT_WEIGHTS], cells * (size_t)p->input_size, words)) return 0;
    if (!fits(block[TB_QL88_GATE_RECURRENT_WEIGHTS], cells * (size_t)p->output_size, words)) return 0;
    if (!fits(block[TB_QL88_GATE_LAYER_NORM_WEIGHTS], cells * 2, words)) return 0;
    if (!fits(block[TB_QL88_GATE_BIAS], cells * 4, words)) return 0;
  }
  return 1;
}

int tb_integer_lstm_8x8_8_run(const int32_t *parameters, size_t parameter_count, const int8_t *input,
                              size_t input_count, int8_t *output_state, size_t output_state_count,
                              int16_t *cell_state, size_t cell_state_count, int8_t *output, size_t output_count) {
  if (!parameters || parameter_count < TB_QL88_HEADER_WORDS || parameters[TB_QL88_WORD_MAGIC] != TB_QL88_MAGIC ||
      (size_t)parameters[TB_QL88_WORD_COUNT] != parameter_count) {
    return TB_QLSTM_BAD_PARAMETERS;
  }
  Block p = {parameters, parameters[TB_QL88_BATCH], parameters[TB_QL88_INPUT_SIZE], parameters[TB_QL88_CELL_COUNT],
             parameters[TB_QL88_OUTPUT_SIZE]};
  if (!check_block(&p, parameter_count)) return TB_QLSTM_BAD_PARAMETERS;
  const size_t batch = (size_t)p.batch;
  if (!input || !output_state || !cell_state || !output || input_count != batch * (size_t)p.input_size ||
      output_state_count != batch * (size_t)p.output_size || cell_state_count != batch * (size_t)p.cells ||
      output_count != batch * (size_t)p.output_size) {
    return TB_QLSTM_BAD_SIZES;
  }
  const size_t count = batch * (size_t)p.cells;
  int16_t *buffer = malloc(sizeof(int16_t) * count * 3 + 2 * count);
  if (!buffer) return TB_QLSTM_OUT_OF_MEMORY;
  Scratch s = {buffer, buffer + count, buffer + 2 * count, (int8_t *)(buffer + 3 * count),
               (int8_t *)(buffer + 3 * count) + count};
  step(&p, &s, input, output_state, cell_state);
  memcpy(output, output_state, batch * (size_t)p.output_size);
  free(buffer);
  return TB_QLSTM_OK;
}
