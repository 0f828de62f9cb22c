// The integer ("8x8_16") LSTM kernel behind TensorBridge's custom operator for a fully quantized
// UNIDIRECTIONAL_SEQUENCE_LSTM (see TFLiteFormat's IntegerLSTMPlan, which writes the parameters).
//
// Everything the kernel needs that LiteRT cannot hand a custom operator (effective multipliers
// and shifts, zero points, clips, the weights and the zero-point-folded biases) travels in one
// int32 parameter block: a fixed header (the TB_QLSTM_* word indices below), then the arrays
// the header's offsets point at (in 32-bit words from the block's start; 0 when absent).
#ifndef CINTEGERLSTM_H
#define CINTEGERLSTM_H

#include <stddef.h>
#include <stdint.h>

/// The first word of a parameter block ("QLS1"); a block of another layout is refused.
#define TB_QLSTM_MAGIC 0x51534C31

/// Header word indices.
enum {
  TB_QLSTM_WORD_MAGIC = 0,
  TB_QLSTM_WORD_COUNT = 1,  // words in the whole block
  TB_QLSTM_BATCH = 2,
  TB_QLSTM_INPUT_SIZE = 3,
  TB_QLSTM_CELL_COUNT = 4,
  TB_QLSTM_OUTPUT_SIZE = 5,
  TB_QLSTM_FLAGS = 6,       // TB_QLSTM_FLAG_*
  TB_QLSTM_CELL_SCALE = 7,  // log2 of the cell state's scale (-15 ... -9; -30 ... 1 without CIFG)
  TB_QLSTM_CELL_CLIP = 8,   // quantized, int16; 0 for none
  TB_QLSTM_PROJECTION_CLIP = 9,  // quantized, int8; 0 for none
  TB_QLSTM_HIDDEN_MULTIPLIER = 10,
  TB_QLSTM_HIDDEN_SHIFT = 11,
  TB_QLSTM_HIDDEN_ZERO_POINT = 12,
  TB_QLSTM_PROJECTION_MULTIPLIER = 13,
  TB_QLSTM_PROJECTION_SHIFT = 14,
  TB_QLSTM_OUTPUT_STATE_ZERO_POINT = 15,
  TB_QLSTM_PROJECTION_WEIGHTS = 16,  // offset: int8 [n_output, n_cell]
  TB_QLSTM_PROJECTION_BIAS = 17,     // offset: int32 [n_output], hidden zero point folded in
  TB_QLSTM_GATES = 18,               // four gate blocks (input, forget, cell, output)
  TB_QLSTM_GATE_WORDS = 16,
  TB_QLSTM_HEADER_WORDS = TB_QLSTM_GATES + 4 * TB_QLSTM_GATE_WORDS,
};

/// Word indices inside a gate block.
enum {
  TB_QLSTM_GATE_INPUT_MULTIPLIER = 0,
  TB_QLSTM_GATE_INPUT_SHIFT = 1,
  TB_QLSTM_GATE_RECURRENT_MULTIPLIER = 2,
  TB_QLSTM_GATE_RECURRENT_SHIFT = 3,
  TB_QLSTM_GATE_PEEPHOLE_MULTIPLIER = 4,
  TB_QLSTM_GATE_PEEPHOLE_SHIFT = 5,
  TB_QLSTM_GATE_LAYER_NORM_MULTIPLIER = 6,
  TB_QLSTM_GATE_LAYER_NORM_SHIFT = 7,
  TB_QLSTM_GATE_VARIANCE_GUARD = 8,
  TB_QLSTM_GATE_INPUT_WEIGHTS = 9,       // offset: int8 [n_cell, n_input]
  TB_QLSTM_GATE_RECURRENT_WEIGHTS = 10,  // offset: int8 [n_cell, n_output]
  TB_QLSTM_GATE_INPUT_BIAS = 11,         // offset: int32 [n_cell] (bias unless layer norm, input zero point folded in)
  TB_QLSTM_GATE_RECURRENT_BIAS = 12,     // offset: int32 [n_cell] (output state zero point folded in)
  TB_QLSTM_GATE_PEEPHOLE_WEIGHTS = 13,   // offset: int16 [n_cell]
  TB_QLSTM_GATE_LAYER_NORM_WEIGHTS = 14, // offset: int16 [n_cell]
  TB_QLSTM_GATE_LAYER_NORM_BIAS = 15,    // offset: int32 [n_cell] (the gate bias, added in the layer norm)
};

enum {
  TB_QLSTM_FLAG_CIFG = 1,
  TB_QLSTM_FLAG_PEEPHOLE = 2,
  TB_QLSTM_FLAG_LAYER_NORM = 4,
  TB_QLSTM_FLAG_PROJECTION = 8,
  TB_QLSTM_FLAG_TIME_MAJOR = 16,
};

/// Status codes of tb_integer_lstm_run.
enum {
  TB_QLSTM_OK = 0,
  TB_QLSTM_BAD_PARAMETERS = 1,  // not a block this kernel wrote, or offsets out of range
  TB_QLSTM_BAD_SIZES = 2,       // buffer sizes that do not fit the block's sizes
  TB_QLSTM_OUT_OF_MEMORY = 3,
};

/// Runs the LSTM over a whole sequence as TensorFlow Lite's integer kernel does
/// (`lstm_eval.cc`, EvalInteger8x8_16), starting from the given states.
///
/// - `input`: int8, `input_count` = steps x batch x n_input (batch- or time-major, as flagged).
/// - `output_state` (int8, batch x n_output) and `cell_state` (int16, batch x n_cell) are read
///   as the state at the start and overwritten with the state at the end.
/// - `output`: int8, steps x batch x n_output, in the input's layout.
int tb_integer_lstm_run(const int32_t *parameters, size_t parameter_count, const int8_t *input, size_t input_count,
                        int8_t *output_state, size_t output_state_count, int16_t *cell_state, size_t cell_state_count,
                        int8_t *output, size_t output_count);

// The target's other kernels.
#include "CIntegerLSTM8x8_8.h"
#include "CIntegerSVDF.h"

#endif
