/// Affine quantization of a whole tensor: `real = scale * (quantized - zeroPoint)`.
public struct QuantizationParameters: Sendable, Hashable, CustomStringConvertible {
  /// The difference between two adjacent quantized values.
  public let scale: Float
  /// The quantized value that represents real zero.
  public let zeroPoint: Int

  /// Creates per-tensor quantization parameters.
  public init(scale: Float, zeroPoint: Int) {
    self.scale = scale
    self.zeroPoint = zeroPoint
  }

  /// The real value of a quantized one.
  @inlinable public func dequantize(_ value: Int) -> Float { scale * Float(value - zeroPoint) }

  public var description: String { "scale \(scale), zero point \(zeroPoint)" }
}

/// Affine quantization with one scale and zero point per slice along `quantizedDimension`.
public struct PerChannelQuantizationParameters: Sendable, Hashable, CustomStringConvertible {
  /// One scale per channel.
  public let scales: [Float]
  /// One zero point per channel.
  public let zeroPoints: [Int64]
  /// The dimension the channels run along.
  public let quantizedDimension: Int

  /// Creates per-channel quantization parameters.
  public init(scales: [Float], zeroPoints: [Int64], quantizedDimension: Int) {
    self.scales = scales
    self.zeroPoints = zeroPoints
    self.quantizedDimension = quantizedDimension
  }

  public var description: String {
    "\(scales.count) channels along dimension \(quantizedDimension)"
  }
}
