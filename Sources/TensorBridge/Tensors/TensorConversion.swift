import Foundation

/// Conversions between raw tensor bytes and `Float`, including half-precision formats.
enum TensorConversion {
  /// Every element of `data` as `Float`, or `nil` for non-numeric types.
  static func floats(from data: Data, type: Tensor.DataType) -> [Float]? {
    switch type {
    case .float32: return Float.array(from: data)
    case .float64: return Double.array(from: data).map { Float($0) }
    case .int8: return Int8.array(from: data).map { Float($0) }
    case .uInt8: return UInt8.array(from: data).map { Float($0) }
    case .int16: return Int16.array(from: data).map { Float($0) }
    case .uInt16: return UInt16.array(from: data).map { Float($0) }
    case .int32: return Int32.array(from: data).map { Float($0) }
    case .uInt32: return UInt32.array(from: data).map { Float($0) }
    case .int64: return Int64.array(from: data).map { Float($0) }
    case .uInt64: return UInt64.array(from: data).map { Float($0) }
    case .bool: return UInt8.array(from: data).map { $0 == 0 ? 0 : 1 }
    case .float16: return UInt16.array(from: data).map(floatFromHalf)
    case .bFloat16: return UInt16.array(from: data).map { Float(bitPattern: UInt32($0) << 16) }
    default: return nil
    }
  }

  /// IEEE 754 binary16 to `Float` (portable: `Float16` is not available on every platform).
  static func floatFromHalf(_ bits: UInt16) -> Float {
    let sign = UInt32(bits & 0x8000) << 16
    let exponent = Int((bits >> 10) & 0x1F)
    let mantissa = UInt32(bits & 0x03FF)
    if exponent == 0 {
      // Zero or subnormal: mantissa * 2^-24.
      let magnitude = Float(mantissa) * 5.960464477539063e-08
      return sign == 0 ? magnitude : -magnitude
    }
    if exponent == 0x1F {
      return Float(bitPattern: sign | 0x7F80_0000 | (mantissa << 13))
    }
    return Float(bitPattern: sign | (UInt32(exponent + 112) << 23) | (mantissa << 13))
  }

  /// `Float` to IEEE 754 binary16, rounding to nearest even.
  static func halfFromFloat(_ value: Float) -> UInt16 {
    let bits = value.bitPattern
    let sign = UInt16((bits >> 16) & 0x8000)
    let exponent = Int((bits >> 23) & 0xFF)
    var mantissa = bits & 0x007F_FFFF
    if exponent == 0xFF {
      return sign | 0x7C00 | (mantissa != 0 ? 0x0200 : 0)
    }
    let halfExponent = exponent - 127 + 15
    if halfExponent >= 0x1F { return sign | 0x7C00 }
    if halfExponent <= 0 {
      if halfExponent < -10 { return sign }
      mantissa |= 0x0080_0000
      let shift = UInt32(14 - halfExponent)
      var half = mantissa >> shift
      let remainder = mantissa & ((1 << shift) - 1)
      let halfway = UInt32(1) << (shift - 1)
      if remainder > halfway || (remainder == halfway && (half & 1) == 1) { half += 1 }
      return sign | UInt16(half)
    }
    var half = UInt32(halfExponent) << 10 | (mantissa >> 13)
    let remainder = mantissa & 0x1FFF
    // Rounding may carry into the exponent, which is the correct result (up to infinity).
    if remainder > 0x1000 || (remainder == 0x1000 && (half & 1) == 1) { half += 1 }
    return sign | UInt16(truncatingIfNeeded: half)
  }
}
