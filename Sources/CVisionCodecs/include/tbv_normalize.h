// The normalization of resampled pixels into a float input tensor (`pixel * multiplier + addend`
// per channel), compiled for the CPU's vector units (TensorBridgeVision's ImageTensorizer calls
// it; its Swift loop is the reference the tests compare it with).
//
// Each element is one conversion, one multiply and one add, each rounded in single precision
// (never fused into a multiply-add), so the floats are the Swift loop's on every path.
#ifndef TBV_NORMALIZE_H
#define TBV_NORMALIZE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Writes `out[i] = (float)row[i] * multipliers[i % channels] + addends[i % channels]` for the
/// `pixels * channels` elements of a row of interleaved 8-bit pixels (`channels` 1...4).
///
/// The caller guarantees `row` and `out` hold `pixels * channels` elements and `multipliers`
/// and `addends` `channels`.
void tbv_normalize_row(const uint8_t *row, ptrdiff_t pixels, ptrdiff_t channels, const float *multipliers,
                       const float *addends, float *out);


#ifdef __cplusplus
}
#endif

#endif
