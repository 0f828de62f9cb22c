// The integer SVDF kernel behind TensorBridge's custom operator for a fully quantized SVDF (see
// TFLiteFormat's IntegerSVDFPlan, which writes the parameters). Included by CIntegerLSTM.h, the
// target's umbrella header; its status codes are the integer LSTM's (TB_QLSTM_OK, ...).
//
// As for the LSTM, everything LiteRT cannot hand a custom operator (the effective multipliers and
// shifts, the zero points, the weights and the bias) travels in one int32 parameter block: a
// fixed header (the TB_QSVDF_* word indices below), then the arrays its offsets point at (in
// 32-bit words from the block's start; 0 when absent).
#ifndef CINTEGERSVDF_H
#define CINTEGERSVDF_H

#include <stddef.h>
#include <stdint.h>

/// The first word of a parameter block ("QSV1"); a block of another layout is refused.
#define TB_QSVDF_MAGIC 0x51535631

/// Header word indices.
enum {
  TB_QSVDF_WORD_MAGIC = 0,
  TB_QSVDF_WORD_COUNT = 1,  // words in the whole block
  TB_QSVDF_BATCH = 2,
  TB_QSVDF_INPUT_SIZE = 3,
  TB_QSVDF_FILTERS = 4,  // units x rank
  TB_QSVDF_RANK = 5,
  TB_QSVDF_MEMORY = 6,
  TB_QSVDF_INPUT_ZERO_POINT = 7,
  TB_QSVDF_OUTPUT_ZERO_POINT = 8,
  TB_QSVDF_FEATURE_MULTIPLIER = 9,  // input x weights_feature -> activation state
  TB_QSVDF_FEATURE_SHIFT = 10,
  TB_QSVDF_OUTPUT_MULTIPLIER = 11,  // activation state x weights_time -> output
  TB_QSVDF_OUTPUT_SHIFT = 12,
  TB_QSVDF_WEIGHTS_FEATURE = 13,  // offset: int8 [filters, n_input]
  TB_QSVDF_WEIGHTS_TIME = 14,     // offset: int16 [filters, memory]
  TB_QSVDF_BIAS = 15,             // offset: int32 [units], 0 for none
  TB_QSVDF_HEADER_WORDS = 16,
};

/// Runs one invocation of the SVDF as TensorFlow Lite's integer kernel does
/// (`internal/reference/svdf.h`, EvalIntegerSVDF).
///
/// - `input`: int8, batch x n_input.
/// - `state`: int16, batch x (filters x memory), read as the activation state at the start and
///   overwritten with the state at the end.
/// - `output`: int8, batch x units.
int tb_integer_svdf_run(const int32_t *parameters, size_t parameter_count, const int8_t *input, size_t input_count,
                        int16_t *state, size_t state_count, int8_t *output, size_t output_count);

#endif
