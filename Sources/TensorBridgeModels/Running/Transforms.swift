/// A scale and a bias, applied as Tensor/IO defines for quantize and dequantize.
///
/// - quantize: `quantized = (value + bias) * scale`, then rounded to nearest and clamped to the
///   tensor's integer type (Tensor/IO truncates and overflows; this does not);
/// - dequantize: `value = quantized * scale + bias`.
///
/// `scale` and `bias` may also be given per channel (along the last dimension) — a TensorBridge
/// extension used for TFLite metadata's per-feature normalization; element `i` of a flat value
/// then uses channel `i % count`.
public struct AffineTransform: Sendable, Equatable {
  public var scale: Double
  public var bias: Double
  /// Per-channel scales, overriding `scale` when present.
  public var channelScales: [Double]?
  /// Per-channel biases, overriding `bias` when present.
  public var channelBiases: [Double]?
  /// The `standard` range this came from, if any (`"[0,1]"` or `"[-1,1]"`).
  public var standard: StandardRange?

  public init(scale: Double, bias: Double, standard: StandardRange? = nil) {
    self.scale = scale
    self.bias = bias
    self.standard = standard
  }

  /// A transform with one scale and bias per channel.
  public init(channelScales: [Double], channelBiases: [Double]) {
    self.scale = channelScales.first ?? 1
    self.bias = channelBiases.first ?? 0
    self.channelScales = channelScales.count > 1 ? channelScales : nil
    self.channelBiases = channelBiases.count > 1 ? channelBiases : nil
  }

  /// The scale for element `index` of a flat value.
  @inlinable func scale(at index: Int) -> Double {
    guard let channelScales, !channelScales.isEmpty else { return scale }
    return channelScales[index % channelScales.count]
  }

  /// The bias for element `index` of a flat value.
  @inlinable func bias(at index: Int) -> Double {
    guard let channelBiases, !channelBiases.isEmpty else { return bias }
    return channelBiases[index % channelBiases.count]
  }

  /// `(value + bias) * scale` for element `index`: the quantized value before rounding.
  public func quantized(_ value: Double, at index: Int = 0) -> Double { (value + bias(at: index)) * scale(at: index) }

  /// `quantized * scale + bias` for element `index`: the real value of a quantized one.
  public func dequantized(_ quantized: Double, at index: Int = 0) -> Double {
    quantized * scale(at: index) + bias(at: index)
  }

  /// Tensor/IO's standard quantization from a real range onto 0…255.
  public static func quantize(_ range: StandardRange) -> AffineTransform {
    switch range {
    case .zeroToOne: AffineTransform(scale: 255, bias: 0, standard: range)
    case .minusOneToOne: AffineTransform(scale: 127.5, bias: 1, standard: range)
    }
  }

  /// Tensor/IO's standard dequantization from 0…255 back onto a real range.
  public static func dequantize(_ range: StandardRange) -> AffineTransform {
    switch range {
    case .zeroToOne: AffineTransform(scale: 1.0 / 255.0, bias: 0, standard: range)
    case .minusOneToOne: AffineTransform(scale: 2.0 / 255.0, bias: -1, standard: range)
    }
  }
}

/// A per-channel pixel transform (`normalize` / `denormalize`): Tensor/IO's
/// `normalized = pixel * scale + bias[channel]` and `pixel = (value + bias[channel]) * scale`.
///
/// Tensor/IO has one `scale`; per-channel scales (a TensorBridge extension, written as a
/// `"scale"` array in `model.json`) carry TFLite metadata's per-channel standard deviations.
public struct PixelTransform: Sendable, Equatable {
  public var scale: Double
  /// Bias per channel in R, G, B order.
  public var bias: [Double]
  /// Per-channel scales in R, G, B order, overriding `scale` when present.
  public var channelScales: [Double]?
  public var standard: StandardRange?

  public init(scale: Double, bias: [Double], standard: StandardRange? = nil) {
    self.scale = scale
    self.bias = bias
    self.standard = standard
  }

  /// A transform with one scale per channel (kept as a single `scale` when they are equal).
  public init(channelScales: [Double], bias: [Double]) {
    self.scale = channelScales.first ?? 1
    self.bias = bias
    self.channelScales = Set(channelScales).count > 1 ? channelScales : nil
  }

  /// The scale of channel `channel` (0 = red).
  public func scale(forChannel channel: Int) -> Double {
    guard let channelScales, !channelScales.isEmpty else { return scale }
    return channelScales[channel % channelScales.count]
  }

  /// The bias of channel `channel` (0 = red); 0 when there is none.
  public func bias(forChannel channel: Int) -> Double { bias.isEmpty ? 0 : bias[channel % bias.count] }

  /// A normalize transform applied to one pixel value: `pixel * scale + bias[channel]`.
  public func normalized(_ pixel: Double, channel: Int) -> Double {
    pixel * scale(forChannel: channel) + bias(forChannel: channel)
  }

  /// A denormalize transform applied to one value: `(value + bias[channel]) * scale`, the pixel
  /// value before rounding and clamping to 0…255.
  public func denormalized(_ value: Double, channel: Int) -> Double {
    (value + bias(forChannel: channel)) * scale(forChannel: channel)
  }

  /// Tensor/IO's standard normalization of 0…255 pixels into a real range.
  public static func normalize(_ range: StandardRange) -> PixelTransform {
    switch range {
    case .zeroToOne: PixelTransform(scale: 1.0 / 255.0, bias: [0, 0, 0], standard: range)
    case .minusOneToOne: PixelTransform(scale: 2.0 / 255.0, bias: [-1, -1, -1], standard: range)
    }
  }

  /// Tensor/IO's standard denormalization from a real range back to 0…255 pixels.
  public static func denormalize(_ range: StandardRange) -> PixelTransform {
    switch range {
    case .zeroToOne: PixelTransform(scale: 255, bias: [0, 0, 0], standard: range)
    case .minusOneToOne: PixelTransform(scale: 127.5, bias: [1, 1, 1], standard: range)
    }
  }
}

/// The `standard` ranges Tensor/IO defines.
public enum StandardRange: String, Sendable, Equatable, CaseIterable {
  case zeroToOne = "[0,1]"
  case minusOneToOne = "[-1,1]"
}
