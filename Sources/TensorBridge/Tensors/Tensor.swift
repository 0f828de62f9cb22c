import Foundation

/// An input or output tensor of an ``Interpreter``: its description and a copy of its bytes.
public struct Tensor: Sendable, Equatable {
  /// The tensor's name in the model (e.g. `serving_default_x:0`).
  public let name: String
  /// The element type.
  public let dataType: DataType
  /// The current shape (dynamic dimensions resolved).
  public let shape: Shape
  /// The shape the model declares, with `-1` for dynamic dimensions (empty when
  /// ``isUnranked``).
  public let shapeSignature: Shape
  /// Whether the model leaves the rank open (converted from `tf.TensorSpec(None)`): such an
  /// input takes any shape through `resizeInput`.
  public let isUnranked: Bool
  /// The bytes, row-major, as LiteRT holds them.
  public let data: Data
  /// Per-tensor quantization, when the tensor is quantized that way.
  public let quantizationParameters: QuantizationParameters?
  /// Per-channel quantization, when the tensor is quantized that way.
  public let perChannelQuantization: PerChannelQuantizationParameters?

  /// Creates a tensor value.
  ///
  /// - Parameters:
  ///   - name: The tensor's name.
  ///   - dataType: The element type.
  ///   - shape: The current shape.
  ///   - shapeSignature: The declared shape with `-1` for dynamic dimensions (defaults to `shape`).
  ///   - isUnranked: Whether the declared rank is unknown.
  ///   - data: The packed bytes.
  ///   - quantizationParameters: Per-tensor quantization, if any.
  ///   - perChannelQuantization: Per-channel quantization, if any.
  public init(
    name: String, dataType: DataType, shape: Shape, shapeSignature: Shape? = nil, isUnranked: Bool = false,
    data: Data, quantizationParameters: QuantizationParameters? = nil,
    perChannelQuantization: PerChannelQuantizationParameters? = nil
  ) {
    self.name = name
    self.dataType = dataType
    self.shape = shape
    self.shapeSignature = shapeSignature ?? shape
    self.isUnranked = isUnranked
    self.data = data
    self.quantizationParameters = quantizationParameters
    self.perChannelQuantization = perChannelQuantization
  }

  /// The elements as `T`, which must match ``dataType``.
  ///
  /// - Throws: ``InterpreterError/typeMismatch(tensor:expected:actual:)`` when `T` is not the
  ///   tensor's element type.
  public func values<T: TensorElement>(as type: T.Type = T.self) throws(InterpreterError) -> [T] {
    guard T.dataType == dataType else {
      throw .typeMismatch(tensor: name, expected: dataType, actual: T.dataType)
    }
    return T.array(from: data)
  }

  /// The elements of a string tensor as byte strings.
  ///
  /// - Throws: ``InterpreterError/typeMismatch(tensor:expected:actual:)`` for a non-string
  ///   tensor, ``InterpreterError/invalidStringData(tensor:reason:)`` for malformed data.
  public func byteStrings() throws(InterpreterError) -> [Data] {
    guard dataType == .string else { throw .typeMismatch(tensor: name, expected: dataType, actual: .string) }
    return try StringTensorEncoding.decode(data, tensor: name)
  }

  /// The elements of a string tensor decoded as UTF-8 (invalid sequences become U+FFFD; use
  /// ``byteStrings()`` for exact bytes).
  ///
  /// - Throws: as ``byteStrings()``.
  public func strings() throws(InterpreterError) -> [String] {
    try byteStrings().map { String(decoding: $0, as: UTF8.self) }
  }

  /// The elements converted to `Float`: float types as they are, integers as their numeric
  /// value (not dequantized), booleans as 0 or 1. `nil` for string and other non-numeric types.
  public func floatValues() -> [Float]? {
    TensorConversion.floats(from: data, type: dataType)
  }

  /// The elements converted to `Float` and dequantized with the tensor's per-tensor parameters
  /// when it has them.
  public func dequantizedValues() -> [Float]? {
    guard let values = floatValues() else { return nil }
    guard let quantization = quantizationParameters, quantization.scale != 0,
      dataType == .uInt8 || dataType == .int8 || dataType == .int16 || dataType == .int32
    else { return values }
    let zero = Float(quantization.zeroPoint)
    return values.map { quantization.scale * ($0 - zero) }
  }
}
