// The checks every TensorBridge kernel makes of its int32 parameter block before reading it:
// that an array the header points at lies inside the block, and that a multiplier and shift are
// ones TensorFlow Lite's QuantizeMultiplier gives. Static inline, included by the kernels.
#ifndef CINTEGERLSTM_PARAMETER_BLOCK_H
#define CINTEGERLSTM_PARAMETER_BLOCK_H

#include <stddef.h>
#include <stdint.h>

/// Whether the array at `offset` (in words) of `bytes` bytes lies inside a block of `words`
/// words, after its header of `header_words`.
static inline int block_fits(int32_t offset, size_t bytes, size_t words, size_t header_words) {
  return offset >= 0 && (size_t)offset >= header_words && (size_t)offset <= words &&
         bytes <= (words - (size_t)offset) * 4;
}

/// Whether a multiplier and shift are ones TensorFlow Lite's QuantizeMultiplier gives.
static inline int valid_rescale(int32_t multiplier, int32_t shift) {
  return multiplier >= 0 && shift >= -31 && shift <= 30;
}

#endif
