// Quantization checks: list lengths, quantized dimension, zero points and scales.

extension ModelValidator {
  /// The values a zero point of an integer tensor type can take, or nil for
  /// types whose zero points are not restricted here.
  static func zeroPointRange(of type: TensorType) -> ClosedRange<Int64>? {
    switch type {
    case .int8: -128...127
    case .uint8: 0...255
    case .int16: -32768...32767
    case .uint16: 0...65535
    case .int4: -8...7
    case .uint4: 0...15
    case .int2: -2...1
    default: nil
    }
  }

  static func checkQuantization(
    _ quantization: Quantization, type: TensorType, shape: [Int], tensorCount: Int, _ path: @autoclosure () -> String
  ) throws(TFLiteFormatError) {
    let rank = shape.count
    switch quantization.details {
    case .blockwise(let scales, let zeroPoints, _):
      try checkIndex(scales, count: tensorCount, path() + ".details.scales")
      try checkOptionalIndex(zeroPoints, count: tensorCount, path() + ".details.zero_points")
      return
    case .multiAxis(let scales, let zeroPoints, let blockSize, let dimensions):
      try checkIndex(scales, count: tensorCount, path() + ".details.scales")
      try checkOptionalIndex(zeroPoints, count: tensorCount, path() + ".details.zero_points")
      guard blockSize >= 0 else {
        throw .invalidQuantizationDetails(path: path() + ".details", reason: "block_size is \(blockSize)")
      }
      guard !dimensions.isEmpty else {
        throw .invalidQuantizationDetails(path: path() + ".details", reason: "quantized_dimensions is empty")
      }
      for (position, dimension) in dimensions.enumerated() where dimension < 0 || (rank > 0 && dimension >= rank) {
        throw .quantizedDimensionOutOfRange(
          path: path() + ".details.quantized_dimensions[\(position)]", dimension: dimension, rank: rank)
      }
      return
    case .custom, .unknown, nil:
      break
    }

    let scales = quantization.scales.count
    // Lists that are both present must agree, even when the scales are empty.
    if quantization.hasScaleList, quantization.hasZeroPointList, quantization.zeroPoints.count != scales {
      throw .quantizationLengthMismatch(path: path(), scales: scales, zeroPoints: quantization.zeroPoints.count)
    }
    // Zero points without scales cannot describe any quantization.
    if scales == 0, !quantization.zeroPoints.isEmpty {
      throw .missingField(path: path() + ".scale")
    }
    guard scales > 0 else { return }
    guard quantization.hasZeroPointList else {
      throw .missingField(path: path() + ".zero_point")
    }
    let zeroPoints = quantization.zeroPoints.count
    guard zeroPoints == scales else {
      throw .quantizationLengthMismatch(path: path(), scales: scales, zeroPoints: zeroPoints)
    }
    let dimension = quantization.quantizedDimension
    guard dimension >= 0, rank == 0 || dimension < rank else {
      throw .quantizedDimensionOutOfRange(path: path() + ".quantized_dimension", dimension: dimension, rank: rank)
    }
    if scales != 1, rank > 0, scales != shape[dimension] {
      throw .quantizationScaleCount(path: path() + ".scale", scales: scales, expected: shape[dimension])
    }
    // Kernels and delegates use zero points as values of the tensor's own
    // type, and divide by scales (XNNPACK crashes on a zero or negative one).
    if let range = zeroPointRange(of: type) {
      for (index, zeroPoint) in quantization.zeroPoints.enumerated() where !range.contains(zeroPoint) {
        throw .zeroPointOutOfRange(path: path() + ".zero_point[\(index)]", value: zeroPoint, type: type.name)
      }
      for (index, scale) in quantization.scales.enumerated() where !(scale.isNormal && scale > 0) {
        throw .invalidQuantizationScale(path: path() + ".scale[\(index)]", value: scale)
      }
    }
  }
}
