// The fixed-point arithmetic of TensorFlow Lite's integer LSTM, with gemmlowp's semantics:
// saturating doubling high multiplies, rounding divides and multiplies by powers of two, the
// rescale by a quantized multiplier and shift, and exp, sigmoid and tanh on int16 fixed point.
// Static inline, included by the integer kernels (IntegerLSTM.c, IntegerSVDF.c); overflow wraps
// through unsigned arithmetic as there.
#ifndef CINTEGERLSTM_FIXED_POINT_H
#define CINTEGERLSTM_FIXED_POINT_H

#include <limits.h>
#include <stdint.h>

// MARK: - Fixed-point primitives (gemmlowp semantics)

static inline int16_t wrap16(int32_t value) { return (int16_t)(uint16_t)(uint32_t)value; }
static inline int32_t wrap32(int64_t value) { return (int32_t)(uint32_t)(uint64_t)value; }

/// (a · b) / 2^31, rounded to nearest, saturating the one overflowing case.
static inline int32_t doubling_high_mul32(int32_t a, int32_t b) {
  if (a == b && a == INT32_MIN) return INT32_MAX;
  int64_t ab = (int64_t)a * (int64_t)b;
  int64_t nudge = ab >= 0 ? (1 << 30) : (1 - (1 << 30));
  return (int32_t)((ab + nudge) / (1LL << 31));
}

static inline int16_t doubling_high_mul16(int16_t a, int16_t b) {
  if (a == b && a == INT16_MIN) return INT16_MAX;
  int32_t ab = (int32_t)a * (int32_t)b;
  int32_t nudge = ab >= 0 ? (1 << 14) : (1 - (1 << 14));
  return wrap16((ab + nudge) / (1 << 15));
}

/// x / 2^exponent rounded to nearest, ties away from zero.
static inline int32_t rounding_divide32(int32_t x, int exponent) {
  int32_t mask = (int32_t)((1LL << exponent) - 1);
  int32_t remainder = x & mask;
  int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
  return (x >> exponent) + (remainder > threshold ? 1 : 0);
}

static inline int16_t rounding_divide16(int16_t x, int exponent) {
  int16_t mask = wrap16((int32_t)((1LL << exponent) - 1));
  int16_t remainder = (int16_t)(x & mask);
  int16_t threshold = wrap16((mask >> 1) + (x < 0 ? 1 : 0));
  return wrap16((x >> exponent) + (remainder > threshold ? 1 : 0));
}

/// x · 2^exponent: a saturating left shift, or a rounding right shift.
static inline int16_t multiply_by_pot16(int16_t x, int exponent) {
  if (exponent == 0) return x;
  if (exponent < 0) return rounding_divide16(x, -exponent);
  int32_t threshold = (1 << (15 - exponent)) - 1;
  if (x > threshold) return INT16_MAX;
  if (x < -threshold) return INT16_MIN;
  return wrap16((int32_t)x * (1 << exponent));
}

static inline int32_t multiply_by_pot32(int32_t x, int exponent) {
  if (exponent == 0) return x;
  if (exponent < 0) return rounding_divide32(x, -exponent);
  int32_t threshold = (int32_t)((1LL << (31 - exponent)) - 1);
  if (x > threshold) return INT32_MAX;
  if (x < -threshold) return INT32_MIN;
  return wrap32((int64_t)x * (1LL << exponent));
}

/// A 32-bit fixed-point constant as a 16-bit one (rounding away the low 16 bits).
static inline int16_t constant16(int32_t value) { return wrap16(rounding_divide32(value, 16)); }

static inline int16_t saturating_add16(int16_t a, int16_t b) {
  int32_t sum = (int32_t)a + (int32_t)b;
  return (int16_t)(sum > INT16_MAX ? INT16_MAX : sum < INT16_MIN ? INT16_MIN : sum);
}

static inline int16_t rounding_half_sum16(int16_t a, int16_t b) {
  int32_t sum = (int32_t)a + (int32_t)b;
  int32_t sign = sum >= 0 ? 1 : -1;
  return wrap16((sum + sign) / 2);
}

/// TensorFlow Lite's MultiplyByQuantizedMultiplier (double rounding): x · multiplier / 2^31,
/// then · 2^shift.
static inline int32_t rescale(int32_t x, int32_t multiplier, int shift) {
  int left = shift > 0 ? shift : 0;
  int right = shift > 0 ? 0 : -shift;
  int32_t shifted = (int32_t)((uint32_t)x * ((uint32_t)1 << left));
  return rounding_divide32(doubling_high_mul32(shifted, multiplier), right);
}

// MARK: - exp, sigmoid and tanh on int16 fixed point

/// exp(a) for a in [-1/4, 0), 0 integer bits in and out.
static inline int16_t exp_on_last_quarter(int16_t a) {
  const int16_t constant_term = constant16(1895147668);  // exp(-1/8)
  const int16_t one_third = constant16(715827883);
  int16_t x = wrap16(a + (1 << 12));  // a + 1/8
  int16_t x2 = doubling_high_mul16(x, x);
  int16_t x3 = doubling_high_mul16(x2, x);
  int16_t x4 = doubling_high_mul16(x2, x2);
  int16_t x4_over_4 = rounding_divide16(x4, 2);
  int16_t sum = doubling_high_mul16(wrap16(x4_over_4 + x3), one_third);
  sum = rounding_divide16(wrap16(sum + x2), 1);
  return saturating_add16(constant_term, doubling_high_mul16(constant_term, wrap16(x + sum)));
}

/// exp(a) for a <= 0 with `integer_bits` integer bits; the result has 0.
static inline int16_t exp_on_negative_values(int16_t a, int integer_bits) {
  static const int32_t multipliers[7] = {1672461947, 1302514674, 790015084, 290630308, 39332535, 720401, 242};
  int fractional_bits = 15 - integer_bits;
  int16_t quarter = (int16_t)(1 << (fractional_bits - 2));
  int16_t mask = wrap16(quarter - 1);
  int16_t reduced = wrap16((a & mask) - quarter);
  int16_t result = exp_on_last_quarter(multiply_by_pot16(reduced, integer_bits));
  int16_t remainder = wrap16(reduced - a);
  for (int k = 0; k < 7; k++) {
    int exponent = k - 2;  // exp(-2^exponent) for each set bit of the remainder
    if (integer_bits > exponent && (remainder & wrap16(1 << (fractional_bits + exponent)))) {
      result = doubling_high_mul16(result, constant16(multipliers[k]));
    }
  }
  if (integer_bits > 5) {
    int16_t clamp = constant16(-(1 << (36 - integer_bits)));  // -32
    if (a < clamp) result = 0;
  }
  if (a == 0) result = INT16_MAX;
  return result;
}

/// One Newton-Raphson division on (0, 1): returns x ≈ 1 / (1 + a) in 2 integer bits.
static inline int16_t reciprocal_of_one_plus(int16_t a, int16_t *half_denominator) {
  *half_denominator = rounding_half_sum16(a, INT16_MAX);
  const int16_t c48_over_17 = constant16(1515870810);
  const int16_t c_neg_32_over_17 = constant16(-1010580540);
  int16_t x = wrap16(c48_over_17 + doubling_high_mul16(*half_denominator, c_neg_32_over_17));
  for (int i = 0; i < 3; i++) {
    int16_t product = doubling_high_mul16(*half_denominator, x);
    int16_t error = wrap16((1 << 13) - product);
    x = wrap16(x + multiply_by_pot16(doubling_high_mul16(x, error), 2));
  }
  return x;
}

/// 1 / (1 + a) for a in (0, 1).
static inline int16_t one_over_one_plus(int16_t a) {
  int16_t half;
  int16_t x = reciprocal_of_one_plus(a, &half);
  return multiply_by_pot16(x, 1);
}

/// (1 - a) / (1 + a) for a in (0, 1).
static inline int16_t one_minus_over_one_plus(int16_t a) {
  int16_t half;
  int16_t x = reciprocal_of_one_plus(a, &half);
  return multiply_by_pot16(wrap16(x - (1 << 13)), 2);
}

static inline int16_t logistic16(int16_t a, int integer_bits) {
  int16_t magnitude = a > 0 ? a : wrap16(-a);
  int16_t positive = one_over_one_plus(exp_on_negative_values(wrap16(-magnitude), integer_bits));
  if (a == 0) return constant16(1 << 30);
  return a > 0 ? positive : wrap16(INT16_MAX - positive);
}

static inline int16_t tanh16(int16_t a, int integer_bits) {
  int16_t negative = a < 0 ? a : wrap16(-a);
  // exp(2a): the same raw value read with one more integer bit.
  int16_t t = one_minus_over_one_plus(exp_on_negative_values(negative, integer_bits + 1));
  if (a == 0) return 0;
  return a < 0 ? wrap16(-t) : t;
}

#endif
