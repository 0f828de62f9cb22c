// The integer "8x8_8" LSTM kernel behind TensorBridge's custom operator for a builtin LSTM with
// 12 intermediates (see TFLiteFormat's IntegerLSTM8x8_8Plan, which writes the parameters).
// Included by CIntegerLSTM.h, the target's umbrella header; its status codes are the integer
// LSTM's (TB_QLSTM_OK, ...).
//
// As for the 8x8_16 kernel, everything LiteRT cannot hand a custom operator travels in one int32
// parameter block: a fixed header (the TB_QL88_* word indices below), then the arrays its offsets
// point at (in 32-bit words from the block's start). The block holds the values TensorFlow Lite's
// kernel reads, as it reads them (its quirks, such as the output gate's recurrent rescaling, are
// resolved by the plan that writes the block), so the kernel here is one plain step.
#ifndef CINTEGERLSTM8X8_8_H
#define CINTEGERLSTM8X8_8_H

#include <stddef.h>
#include <stdint.h>

/// The first word of a parameter block ("QL88"); a block of another layout is refused.
#define TB_QL88_MAGIC 0x514C3838

/// Header word indices.
enum {
  TB_QL88_WORD_MAGIC = 0,
  TB_QL88_WORD_COUNT = 1,  // words in the whole block
  TB_QL88_BATCH = 2,
  TB_QL88_INPUT_SIZE = 3,
  TB_QL88_CELL_COUNT = 4,
  TB_QL88_OUTPUT_SIZE = 5,
  TB_QL88_INPUT_ZERO_POINT = 6,
  TB_QL88_OUTPUT_STATE_ZERO_POINT = 7,
  TB_QL88_CELL_CLIP = 8,        // quantized, int16; 0 for none
  TB_QL88_PROJECTION_CLIP = 9,  // quantized, int8; 0 for none
  TB_QL88_PROJECTION_MULTIPLIER = 10,
  TB_QL88_PROJECTION_SHIFT = 11,    // -31 ... 14 (the 64-bit rescale)
  TB_QL88_PROJECTION_WEIGHTS = 12,  // offset: int8 [n_output, n_cell]
  TB_QL88_PROJECTION_BIAS = 13,     // offset: int32 [n_output]
  TB_QL88_GATES = 14,               // three gate blocks (forget, cell, output)
  TB_QL88_GATE_WORDS = 16,
  TB_QL88_HEADER_WORDS = TB_QL88_GATES + 3 * TB_QL88_GATE_WORDS,
};

/// Word indices inside a gate block. A gate is  act(layer_norm(sat16(rescale(px − zp_x) +
/// rescale(ph − zp_h))))  where  px = sat8(rescale(Wx · (x − x_zp)) + zp_x)  and likewise ph from h:
/// each product goes to an int8 intermediate first, then both into the int16 gate.
enum {
  TB_QL88_GATE_INPUT_MULTIPLIER = 0,  // x · Wx to its int8 intermediate
  TB_QL88_GATE_INPUT_SHIFT = 1,
  TB_QL88_GATE_INPUT_ZERO_POINT = 2,  // that intermediate's zero point (read as int8)
  TB_QL88_GATE_RECURRENT_MULTIPLIER = 3,  // h · Wh to its int8 intermediate
  TB_QL88_GATE_RECURRENT_SHIFT = 4,
  TB_QL88_GATE_RECURRENT_ZERO_POINT = 5,
  TB_QL88_GATE_INPUT_SUM_MULTIPLIER = 6,  // the input intermediate to the gate (any sign)
  TB_QL88_GATE_INPUT_SUM_SHIFT = 7,
  TB_QL88_GATE_RECURRENT_SUM_MULTIPLIER = 8,  // the recurrent intermediate to the gate (any sign)
  TB_QL88_GATE_RECURRENT_SUM_SHIFT = 9,
  TB_QL88_GATE_LAYER_NORM_MULTIPLIER = 10,  // the layer-norm coefficients' scale, quantized
  TB_QL88_GATE_LAYER_NORM_SHIFT = 11,
  TB_QL88_GATE_INPUT_WEIGHTS = 12,       // offset: int8 [n_cell, n_input]
  TB_QL88_GATE_RECURRENT_WEIGHTS = 13,   // offset: int8 [n_cell, n_output]
  TB_QL88_GATE_LAYER_NORM_WEIGHTS = 14,  // offset: int16 [n_cell]
  TB_QL88_GATE_BIAS = 15,                // offset: int32 [n_cell] (added in the layer norm)
};

/// Runs one step of the builtin LSTM as TensorFlow Lite's "8x8_8" integer kernel does
/// (`lstm_eval.cc`, LstmStepInteger8x8_8: CIFG, layer norm and projection always, int8
/// products, float layer norm, sigmoid and tanh), from the given states.
///
/// - `input`: int8, batch x n_input.
/// - `output_state` (int8, batch x n_output) and `cell_state` (int16, batch x n_cell, scale 2^-15)
///   are read as the state at the start and overwritten with the state at the end.
/// - `output`: int8, batch x n_output (the new output state).
int tb_integer_lstm_8x8_8_run(const int32_t *parameters, size_t parameter_count, const int8_t *input,
                              size_t input_count, int8_t *output_state, size_t output_state_count,
                              int16_t *cell_state, size_t cell_state_count, int8_t *output, size_t output_count);

#endif
