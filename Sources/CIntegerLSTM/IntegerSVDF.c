// TensorFlow Lite's integer SVDF (`tflite/kernels/svdf.cc`, EvalIntegerSVDF in
// `internal/reference/svdf.h`: int8 input, weights_feature and output, int16 weights_time and
// activation state, int32 bias), written from its arithmetic so that every value matches
// Python's classic interpreter bit for bit:
//
// - the activation state shifts left by one element (each filter's memory by one frame);
// - each filter's newest frame is  saturate16(rescale1(Σ weights_feature[f, c] · (x[c] − input_zp)));
// - each unit's output is  saturate8(rescale2(Σ over its rank filters, Σ over the memory
//   weights_time[f, m] · state[f, m]  + bias[u]) + output_zp).
//
// The kernel takes only the RELU activation and does not apply it (Prepare and Eval leave the
// output as rescaled); the state is read as symmetric (its zero point is not used). Sums wrap in
// 32 bits as TensorFlow Lite's do, through unsigned arithmetic so the C here stays defined.
#include "CIntegerLSTM.h"
#include "FixedPoint.h"
#include "ParameterBlock.h"

#include <string.h>

static int32_t saturate(int32_t value, int32_t low, int32_t high) {
  return value > high ? high : value < low ? low : value;
}

int tb_integer_svdf_run(const int32_t *parameters, size_t parameter_count, const int8_t *input, size_t input_count,
                        int16_t *state, size_t state_count, int8_t *output, size_t output_count) {
  const int32_t *w = parameters;
  if (!w || parameter_count < TB_QSVDF_HEADER_WORDS || w[TB_QSVDF_WORD_MAGIC] != TB_QSVDF_MAGIC ||
      (size_t)w[TB_QSVDF_WORD_COUNT] != parameter_count) {
    return TB_QLSTM_BAD_PARAMETERS;
  }
  const int32_t batch = w[TB_QSVDF_BATCH], input_size = w[TB_QSVDF_INPUT_SIZE], filters = w[TB_QSVDF_FILTERS];
  const int32_t rank = w[TB_QSVDF_RANK], memory = w[TB_QSVDF_MEMORY];
  if (batch <= 0 || input_size <= 0 || filters <= 0 || rank <= 0 || memory <= 0 || filters % rank != 0 ||
      !valid_rescale(w[TB_QSVDF_FEATURE_MULTIPLIER], w[TB_QSVDF_FEATURE_SHIFT]) ||
      !valid_rescale(w[TB_QSVDF_OUTPUT_MULTIPLIER], w[TB_QSVDF_OUTPUT_SHIFT])) {
    return TB_QLSTM_BAD_PARAMETERS;
  }
  const size_t units = (size_t)(filters / rank), cells = (size_t)filters * (size_t)memory;
  const int32_t bias_offset = w[TB_QSVDF_BIAS];
  if (!block_fits(w[TB_QSVDF_WEIGHTS_FEATURE], (size_t)filters * (size_t)input_size, parameter_count,
                  TB_QSVDF_HEADER_WORDS) ||
      !block_fits(w[TB_QSVDF_WEIGHTS_TIME], cells * 2, parameter_count, TB_QSVDF_HEADER_WORDS) ||
      (bias_offset != 0 && !block_fits(bias_offset, units * 4, parameter_count, TB_QSVDF_HEADER_WORDS))) {
    return TB_QLSTM_BAD_PARAMETERS;
  }
  if (input_count != (size_t)batch * (size_t)input_size || state_count != (size_t)batch * cells ||
      output_count != (size_t)batch * units) {
    return TB_QLSTM_BAD_SIZES;
  }
  const int8_t *weights_feature = (const int8_t *)(w + w[TB_QSVDF_WEIGHTS_FEATURE]);
  const int16_t *weights_time = (const int16_t *)(w + w[TB_QSVDF_WEIGHTS_TIME]);
  const int32_t *bias = bias_offset != 0 ? w + bias_offset : NULL;
  const int32_t input_zero_point = w[TB_QSVDF_INPUT_ZERO_POINT], output_zero_point = w[TB_QSVDF_OUTPUT_ZERO_POINT];

  // The whole state one element to the left; each filter's last column is written below.
  memmove(state, state + 1, sizeof(int16_t) * (state_count - 1));

  // The feature products, rescaled into the newest frame.
  for (int32_t b = 0; b < batch; b++) {
    const int8_t *x = input + (size_t)b * input_size;
    for (int32_t f = 0; f < filters; f++) {
      const int8_t *row = weights_feature + (size_t)f * input_size;
      uint32_t dot = 0;
      for (int32_t c = 0; c < input_size; c++) {
        dot += (uint32_t)(int32_t)row[c] * ((uint32_t)(int32_t)x[c] - (uint32_t)input_zero_point);
      }
      int32_t frame = rescale((int32_t)dot, w[TB_QSVDF_FEATURE_MULTIPLIER], w[TB_QSVDF_FEATURE_SHIFT]);
      state[((size_t)b * filters + f) * memory + memory - 1] = (int16_t)saturate(frame, INT16_MIN, INT16_MAX);
    }
  }

  // The memory against the time weights, summed over each unit's rank filters, with the bias.
  for (int32_t b = 0; b < batch; b++) {
    for (size_t u = 0; u < units; u++) {
      uint32_t sum = bias ? (uint32_t)bias[u] : 0;
      for (int32_t r = 0; r < rank; r++) {
        size_t f = u * (size_t)rank + (size_t)r;
        const int16_t *frames = state + ((size_t)b * filters + f) * memory;
        const int16_t *time = weights_time + f * memory;
        for (int32_t m = 0; m < memory; m++) sum += (uint32_t)((int32_t)time[m] * (int32_t)frames[m]);
      }
      int32_t value = rescale((int32_t)sum, w[TB_QSVDF_OUTPUT_MULTIPLIER], w[TB_QSVDF_OUTPUT_SHIFT]);
      value = (int32_t)((uint32_t)value + (uint32_t)output_zero_point);
      output[(size_t)b * units + u] = (int8_t)saturate(value, INT8_MIN, INT8_MAX);
    }
  }
  return TB_QLSTM_OK;
}
