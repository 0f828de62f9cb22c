// TensorFlow Lite's integer LSTM (the "8x8_16" kernel: int8 input, weights and output state,
// int16 gates and cell state, int32 biases), written from its arithmetic so that every value
// matches Python's classic interpreter bit for bit:
//
// - a gate is  act(layer_norm(rescale(Wx·x + bx) + rescale(Wh·h + bh) + rescale(p ⊙ c)))  in
//   int16, each product rescaled by its own multiplier and shift (the zero points are folded
//   into the biases), saturating at every addition; sigmoid and tanh are gemmlowp's
//   fixed-point functions on int16 (3 integer bits in, 0 out);
// - c' = round(f·c / 2^15) + round(i·g / 2^(30 + cell_scale)), saturated and clipped;
// - h' = rescale(o · tanh(c')) + zero point (int8), or the projection of that through int8
//   weights when there is one, clipped.
//
// Integer overflow wraps where TensorFlow Lite's x86 build wraps (its kernels are compiled
// without overflow checks), through unsigned arithmetic so the C here stays defined.
#include "CIntegerLSTM.h"
#include "FixedPoint.h"
#include "ParameterBlock.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Vector operations

/// rescale(bias[r] + Σ x[b, c] · w[r, c]), the sum wrapping in 32 bits as TFLite's does.
static int32_t rescaled_dot(const int8_t *x, const int32_t *bias, const int8_t *weights, int32_t multiplier,
                            int shift, int b, int r, int columns) {
  uint32_t acc = (uint32_t)bias[r];
  const int8_t *row = weights + (size_t)r * columns;
  const int8_t *vector = x + (size_t)b * columns;
  for (int c = 0; c < columns; c++) acc += (uint32_t)((int32_t)vector[c] * (int32_t)row[c]);
  return rescale((int32_t)acc, multiplier, shift);
}

/// out[b, r] = saturate16(out[b, r] + rescale(bias[r] + Σ x[b, c] · w[r, c])).
static void accumulate_product16(const int8_t *x, const int32_t *bias, const int8_t *weights, int32_t multiplier,
                                 int shift, int batch, int columns, int rows, int16_t *out) {
  for (int b = 0; b < batch; b++) {
    for (int r = 0; r < rows; r++) {
      int32_t value = rescaled_dot(x, bias, weights, multiplier, shift, b, r, columns) + out[b * rows + r];
      out[b * rows + r] = (int16_t)(value > INT16_MAX ? INT16_MAX : value < INT16_MIN ? INT16_MIN : value);
    }
  }
}

/// The projection: out[b, r] = saturate8(rescale(bias[r] + Σ x[b, c] · w[r, c]) + zero_point).
static void project8(const int8_t *x, const int32_t *bias, const int8_t *weights, int32_t multiplier, int shift,
                     int batch, int columns, int rows, int32_t zero_point, int8_t *out) {
  for (int b = 0; b < batch; b++) {
    for (int r = 0; r < rows; r++) {
      int32_t value = rescaled_dot(x, bias, weights, multiplier, shift, b, r, columns) + zero_point;
      out[b * rows + r] = (int8_t)(value > 127 ? 127 : value < -128 ? -128 : value);
    }
  }
}

/// The integer layer norm of each batch row of `gate` (in place), with the gate's bias.
static void layer_norm(int16_t *gate, const int16_t *weights, const int32_t *bias, int32_t multiplier, int shift,
                       int32_t variance_guard, int batch, int n);

/// 1 / sqrt(input) as a multiplier and a (left) shift.
static void inverse_sqrt(int32_t input, int32_t *multiplier, int *shift) {
  if (input <= 1) {
    *multiplier = INT32_MAX;
    *shift = 0;
    return;
  }
  int right_shift = 11;
  while (input >= (1 << 29)) {
    input /= 4;
    ++right_shift;
  }
  unsigned headroom_pairs = ((unsigned)__builtin_clz((uint32_t)input) - 1) / 2;
  unsigned pairs = headroom_pairs - 1;
  right_shift -= (int)pairs;
  input <<= 2 * pairs;
  // Newton-Raphson on 3 integer bits: x ← 1.5 x − (input / 2) x³, from x = 1.
  const int32_t half_input = rounding_divide32(input >> 1, 1);
  const int32_t three_halves = (1 << 28) + (1 << 27);
  int32_t x = 1 << 28;
  for (int i = 0; i < 5; i++) {
    int32_t cube = multiply_by_pot32(doubling_high_mul32(doubling_high_mul32(x, x), x), 6);
    int32_t next = wrap32((int64_t)doubling_high_mul32(three_halves, x) - doubling_high_mul32(half_input, cube));
    x = multiply_by_pot32(next, 3);
  }
  x = doubling_high_mul32(x, 1518500250);  // · sqrt(2) / 2
  if (right_shift < 0) {
    x = (int32_t)((uint32_t)x << -right_shift);
    right_shift = 0;
  }
  *multiplier = x;
  *shift = -right_shift;
}

static void layer_norm(int16_t *gate, const int16_t *weights, const int32_t *bias, int32_t multiplier, int shift,
                       int32_t variance_guard, int batch, int n) {
  for (int b = 0; b < batch; b++) {
    int16_t *row = gate + (size_t)b * n;
    int64_t sum = 0, sum_of_squares = 0;
    for (int j = 0; j < n; j++) {
      int32_t value = row[j];
      sum += value;
      sum_of_squares += value * value;
    }
    int32_t mean = (int32_t)(sum * 1024 / n);
    int32_t unit = (1 << 20) / n;
    int64_t variance = sum_of_squares * unit - (int64_t)mean * mean;
    int32_t scaled_variance = (int32_t)(variance / (1 << 20));
    if (scaled_variance < 1) scaled_variance = variance_guard;
    int32_t inverse_multiplier;
    int inverse_shift;
    inverse_sqrt(scaled_variance, &inverse_multiplier, &inverse_shift);
    for (int j = 0; j < n; j++) {
      int32_t centered = 1024 * (int32_t)row[j] - mean;
      int32_t normalized = rescale(centered, inverse_multiplier, inverse_shift);
      int64_t weighted = wrap32((int64_t)((uint32_t)normalized * (uint32_t)(int32_t)weights[j]) + (uint32_t)bias[j]);
      int32_t rounded = (int32_t)((weighted > 0 ? weighted + 512 : weighted - 512) / 1024);
      int32_t value = rescale(rounded, multiplier, shift + 12);
      row[j] = (int16_t)(value > INT16_MAX ? INT16_MAX : value < INT16_MIN ? INT16_MIN : value);
    }
  }
}

// MARK: - The step

typedef struct {
  const int32_t *words;
  int batch, input_size, cells, output_size, flags, cell_scale;
} Block;

static const int32_t *gate_word(const Block *p, int gate, int word) {
  return p->words + TB_QLSTM_GATES + gate * TB_QLSTM_GATE_WORDS + word;
}

/// The array at the offset held in `word` of gate `gate`, or NULL.
static const void *gate_array(const Block *p, int gate, int word) {
  int32_t offset = *gate_word(p, gate, word);
  return offset > 0 ? (const void *)(p->words + offset) : NULL;
}

enum { GATE_INPUT = 0, GATE_FORGET = 1, GATE_CELL = 2, GATE_OUTPUT = 3 };

/// One gate for `batch` rows: `out` (batch x n_cell) from x (batch x n_input), h (batch x
/// n_output) and c (the cell state, for the peephole).
static void compute_gate(const Block *p, int g, const int8_t *x, const int8_t *h, const int16_t *c, int batch,
                         int16_t *out) {
  memset(out, 0, sizeof(int16_t) * (size_t)batch * p->cells);
  accumulate_product16(x, gate_array(p, g, TB_QLSTM_GATE_INPUT_BIAS), gate_array(p, g, TB_QLSTM_GATE_INPUT_WEIGHTS),
                       *gate_word(p, g, TB_QLSTM_GATE_INPUT_MULTIPLIER), *gate_word(p, g, TB_QLSTM_GATE_INPUT_SHIFT),
                       batch, p->input_size, p->cells, out);
  accumulate_product16(h, gate_array(p, g, TB_QLSTM_GATE_RECURRENT_BIAS),
                       gate_array(p, g, TB_QLSTM_GATE_RECURRENT_WEIGHTS),
                       *gate_word(p, g, TB_QLSTM_GATE_RECURRENT_MULTIPLIER),
                       *gate_word(p, g, TB_QLSTM_GATE_RECURRENT_SHIFT), batch, p->output_size, p->cells, out);
  const int16_t *peephole = gate_array(p, g, TB_QLSTM_GATE_PEEPHOLE_WEIGHTS);
  if (peephole) {
    // As TensorFlow Lite does, the peephole runs over n_output elements per batch row, walking
    // the cell state and the gate contiguously (the same as n_cell without projection).
    int32_t multiplier = *gate_word(p, g, TB_QLSTM_GATE_PEEPHOLE_MULTIPLIER);
    int shift = *gate_word(p, g, TB_QLSTM_GATE_PEEPHOLE_SHIFT);
    const int16_t *cell = c;
    int16_t *result = out;
    for (int b = 0; b < batch; b++) {
      for (int v = 0; v < p->output_size; v++) {
        int32_t product = rescale((int32_t)peephole[v] * (int32_t)*cell++, multiplier, shift);
        int32_t value = product + *result;
        *result++ = (int16_t)(value > INT16_MAX ? INT16_MAX : value < INT16_MIN ? INT16_MIN : value);
      }
    }
  }
  const int16_t *norm = gate_array(p, g, TB_QLSTM_GATE_LAYER_NORM_WEIGHTS);
  if (norm) {
    layer_norm(out, norm, gate_array(p, g, TB_QLSTM_GATE_LAYER_NORM_BIAS),
               *gate_word(p, g, TB_QLSTM_GATE_LAYER_NORM_MULTIPLIER), *gate_word(p, g, TB_QLSTM_GATE_LAYER_NORM_SHIFT),
               *gate_word(p, g, TB_QLSTM_GATE_VARIANCE_GUARD), batch, p->cells);
  }
  size_t count = (size_t)batch * p->cells;
  for (size_t i = 0; i < count; i++) out[i] = g == GATE_CELL ? tanh16(out[i], 3) : logistic16(out[i], 3);
}

typedef struct {
  int16_t *input_gate, *forget_gate, *cell_gate, *output_gate, *cell_activation;
  int8_t *hidden;
} Scratch;

/// One step for `batch` rows: updates h (batch x n_output) and c (batch x n_cell) in place.
static void step(const Block *p, const Scratch *s, const int8_t *x, int8_t *h, int16_t *c, int batch) {
  const int32_t *w = p->words;
  const int cifg = p->flags & TB_QLSTM_FLAG_CIFG;
  size_t count = (size_t)batch * p->cells;
  if (!cifg) compute_gate(p, GATE_INPUT, x, h, c, batch, s->input_gate);
  compute_gate(p, GATE_FORGET, x, h, c, batch, s->forget_gate);
  compute_gate(p, GATE_CELL, x, h, c, batch, s->cell_gate);

  // c' = f·c / 2^15 + i·g / 2^(30 + cell_scale), i = 1 − f with CIFG.
  int update_shift = 30 + p->cell_scale;
  for (size_t i = 0; i < count; i++) {
    int16_t kept = wrap16(rounding_divide32((int32_t)s->forget_gate[i] * c[i], 15));
    int16_t input = cifg ? wrap16(INT16_MAX - s->forget_gate[i]) : s->input_gate[i];
    int16_t added = wrap16(rounding_divide32((int32_t)input * s->cell_gate[i], update_shift));
    c[i] = saturating_add16(kept, added);
  }
  int16_t clip = (int16_t)w[TB_QLSTM_CELL_CLIP];
  if (clip > 0) {
    for (size_t i = 0; i < count; i++) c[i] = c[i] > clip ? clip : c[i] < -clip ? (int16_t)-clip : c[i];
  }

  compute_gate(p, GATE_OUTPUT, x, h, c, batch, s->output_gate);

  // h' = o · tanh(c'), requantized (and projected).
  int tanh_bits = 15 + p->cell_scale;
  if (tanh_bits >= 0 && tanh_bits <= 6) {
    for (size_t i = 0; i < count; i++) s->cell_activation[i] = tanh16(c[i], tanh_bits);
  } else {
    // TensorFlow Lite's tanh takes 0 to 6 integer bits and otherwise writes nothing: its output
    // buffer keeps this step's input gate (CIFG is refused: that buffer then holds nothing).
    memcpy(s->cell_activation, s->input_gate, sizeof(int16_t) * count);
  }
  int32_t hidden_multiplier = w[TB_QLSTM_HIDDEN_MULTIPLIER];
  int hidden_shift = w[TB_QLSTM_HIDDEN_SHIFT];
  int32_t hidden_zero_point = w[TB_QLSTM_HIDDEN_ZERO_POINT];
  int projected = p->flags & TB_QLSTM_FLAG_PROJECTION;
  // With a projection TensorFlow Lite subtracts the hidden zero point here and adds it back in
  // the projection's bias (b/246629213).
  int32_t zero_point = projected ? -hidden_zero_point : hidden_zero_point;
  int8_t *hidden = projected ? s->hidden : h;
  for (size_t i = 0; i < count; i++) {
    int32_t value = rescale((int32_t)s->output_gate[i] * s->cell_activation[i], hidden_multiplier, hidden_shift);
    value += zero_point;
    hidden[i] = (int8_t)(value > 127 ? 127 : value < -128 ? -128 : value);
  }
  if (projected) {
    project8(s->hidden, (const int32_t *)(w + w[TB_QLSTM_PROJECTION_BIAS]),
             (const int8_t *)(w + w[TB_QLSTM_PROJECTION_WEIGHTS]), w[TB_QLSTM_PROJECTION_MULTIPLIER],
             w[TB_QLSTM_PROJECTION_SHIFT], batch, p->cells, p->output_size, w[TB_QLSTM_OUTPUT_STATE_ZERO_POINT], h);
    int8_t projection_clip = (int8_t)w[TB_QLSTM_PROJECTION_CLIP];
    if (projection_clip > 0) {
      size_t outputs = (size_t)batch * p->output_size;
      for (size_t i = 0; i < outputs; i++) {
        h[i] = h[i] > projection_clip ? projection_clip : h[i] < -projection_clip ? (int8_t)-projection_clip : h[i];
      }
    }
  }
}

// MARK: - Checking the block

/// Whether the array at `offset` (words) of `bytes` bytes lies inside the block.
static int fits(int32_t offset, size_t bytes, size_t words) {
  return block_fits(offset, bytes, words, TB_QLSTM_HEADER_WORDS);
}

static int check_block(const Block *p, size_t words) {
  const int32_t *w = p->words;
  if (!valid_rescale(w[TB_QLSTM_HIDDEN_MULTIPLIER], w[TB_QLSTM_HIDDEN_SHIFT]) ||
      !valid_rescale(w[TB_QLSTM_PROJECTION_MULTIPLIER], w[TB_QLSTM_PROJECTION_SHIFT])) {
    return 0;
  }
  if (p->batch <= 0 || p->input_size <= 0 || p->cells <= 0 || p->output_size <= 0) return 0;
  int cifg = p->flags & TB_QLSTM_FLAG_CIFG;
  if (cifg ? (p->cell_scale < -15 || p->cell_scale > -9) : (p->cell_scale < -30 || p->cell_scale > 1)) return 0;
  const size_t cells = (size_t)p->cells;
  int peephole = p->flags & TB_QLSTM_FLAG_PEEPHOLE, norm = p->flags & TB_QLSTM_FLAG_LAYER_NORM;
  if (peephole && p->output_size > p->cells) return 0;
  for (int g = 0; g < 4; g++) {
    if (g == GATE_INPUT && (p->flags & TB_QLSTM_FLAG_CIFG)) continue;
    const int32_t *block = w + TB_QLSTM_GATES + g * TB_QLSTM_GATE_WORDS;
    if (!valid_rescale(block[TB_QLSTM_GATE_INPUT_MULTIPLIER], block[TB_QLSTM_GATE_INPUT_SHIFT]) ||
        !valid_rescale(block[TB_QLSTM_GATE_RECURRENT_MULTIPLIER], block[TB_QLSTM_GATE_RECURRENT_SHIFT]) ||
        !valid_rescale(block[TB_QLSTM_GATE_PEEPHOLE_MULTIPLIER], block[TB_QLSTM_GATE_PEEPHOLE_SHIFT]) ||
        !valid_rescale(block[TB_QLSTM_GATE_LAYER_NORM_MULTIPLIER], block[TB_QLSTM_GATE_LAYER_NORM_SHIFT] + 12)) {
      return 0;
    }
    if (!fits(block[TB_QLSTM_GATE_INPUT_WEIGHTS], cells * (size_t)p->input_size, words)) return 0;
    if (!fits(block[TB_QLSTM_GATE_RECURRENT_WEIGHTS], cells * (size_t)p->output_size, words)) return 0;
    if (!fits(block[TB_QLSTM_GATE_INPUT_BIAS], cells * 4, words)) return 0;
    if (!fits(block[TB_QLSTM_GATE_RECURRENT_BIAS], cells * 4, words)) return 0;
    if (peephole && g != GATE_CELL && !fits(block[TB_QLSTM_GATE_PEEPHOLE_WEIGHTS], cells * 2, words)) return 0;
    if ((!peephole || g == GATE_CELL) && block[TB_QLSTM_GATE_PEEPHOLE_WEIGHTS] != 0) return 0;
    if (norm && !fits(block[TB_QLSTM_GATE_LAYER_NORM_WEIGHTS], cells * 2, words)) return 0;
    if (norm && !fits(block[TB_QLSTM_GATE_LAYER_NORM_BIAS], cells * 4, words)) return 0;
    if (!norm && block[TB_QLSTM_GATE_LAYER_NORM_WEIGHTS] != 0) return 0;
  }
  if (p->flags & TB_QLSTM_FLAG_PROJECTION) {
    if (!fits(w[TB_QLSTM_PROJECTION_WEIGHTS], (size_t)p->output_size * cells, words)) return 0;
    if (!fits(w[TB_QLSTM_PROJECTION_BIAS], (size_t)p->output_size * 4, words)) return 0;
  } else if (p->output_size != p->cells) {
    return 0;
  }
  return 1;
}

int tb_integer_lstm_run(const int32_t *parameters, size_t parameter_count, const int8_t *input, size_t input_count,
                        int8_t *output_state, size_t output_state_count, int16_t *cell_state, size_t cell_state_count,
                        int8_t *output, size_t output_count) {
  if (!parameters || parameter_count < TB_QLSTM_HEADER_WORDS || parameters[TB_QLSTM_WORD_MAGIC] != TB_QLSTM_MAGIC ||
      (size_t)parameters[TB_QLSTM_WORD_COUNT] != parameter_count) {
    return TB_QLSTM_BAD_PARAMETERS;
  }
  Block p = {parameters,
             parameters[TB_QLSTM_BATCH],
             parameters[TB_QLSTM_INPUT_SIZE],
             parameters[TB_QLSTM_CELL_COUNT],
             parameters[TB_QLSTM_OUTPUT_SIZE],
             parameters[TB_QLSTM_FLAGS],
             parameters[TB_QLSTM_CELL_SCALE]};
  if (!check_block(&p, parameter_count)) return TB_QLSTM_BAD_PARAMETERS;
  const size_t batch = (size_t)p.batch, row = batch * (size_t)p.input_size;
  if (input_count % row != 0 || output_state_count != batch * (size_t)p.output_size ||
      cell_state_count != batch * (size_t)p.cells) {
    return TB_QLSTM_BAD_SIZES;
  }
  const size_t steps = input_count / row;
  if (output_count != steps * batch * (size_t)p.output_size) return TB_QLSTM_BAD_SIZES;

  size_t count = batch * (size_t)p.cells;
  int16_t *buffer = malloc(sizeof(int16_t) * count * 5 + count);
  if (!buffer) return TB_QLSTM_OUT_OF_MEMORY;
  Scratch s = {buffer, buffer + count, buffer + 2 * count, buffer + 3 * count, buffer + 4 * count,
               (int8_t *)(buffer + 5 * count)};
  const int n_input = p.input_size, n_output = p.output_size, n_cell = p.cells;
  if (p.flags & TB_QLSTM_FLAG_TIME_MAJOR) {
    // The whole batch at once, step by step.
    for (size_t t = 0; t < steps; t++) {
      step(&p, &s, input + t * row, output_state, cell_state, p.batch);
      memcpy(output + t * batch * n_output, output_state, batch * (size_t)n_output);
    }
  } else {
    // TensorFlow Lite runs a batch-major sequence one batch row at a time.
    for (size_t b = 0; b < batch; b++) {
      int8_t *h = output_state + b * n_output;
      int16_t *c = cell_state + b * n_cell;
      for (size_t t = 0; t < steps; t++) {
        step(&p, &s, input + (b * steps + t) * n_input, h, c, 1);
        memcpy(output + (b * steps + t) * n_output, h, (size_t)n_output);
      }
    }
  }
  free(buffer);
  return TB_QLSTM_OK;
}
