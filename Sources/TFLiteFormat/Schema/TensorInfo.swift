/// One tensor of a subgraph.
public struct TensorInfo: Sendable, Hashable {
  /// The tensor's name (empty if the file gives none).
  public let name: String
  /// The element type.
  public let type: TensorType
  /// The dimensions, each at least 0 and at most ``TFLiteLimits/maxRank`` of them.
  ///
  /// An empty shape is a scalar, or a tensor of unknown rank when ``hasRank`` is false.
  public let shape: [Int]
  /// The dimensions with unknown sizes written as -1, if the file records them.
  public let shapeSignature: [Int]?
  /// Index into ``TFLiteModel/buffers``; 0 means the tensor has no constant data.
  public let bufferIndex: Int
  /// Whether the tensor is a variable (state that persists between invocations).
  public let isVariable: Bool
  /// Whether ``shape`` is meaningful even when empty (the schema's `has_rank`).
  public let hasRank: Bool
  /// The quantization parameters, or nil for an unquantized tensor.
  public let quantization: Quantization?
  /// Whether the tensor has constant data: a buffer other than 0 that is not empty.
  public let hasConstantData: Bool
  /// The index of an external buffer holding the tensor's data (0 for none).
  public let externalBufferIndex: Int
  /// How many `variant_tensors` subtypes the file describes (0 for a plain tensor).
  public let variantSubtypeCount: Int

  /// Whether the tensor is stored in a sparse format.
  public var hasSparsity: Bool { sparsity != nil }

  /// The number of elements (the product of ``shape``; 1 for a scalar).
  ///
  /// Never overflows for a tensor of a validated model.
  public var elementCount: Int {
    var count = 1
    for dimension in shape {
      let (product, overflow) = count.multipliedReportingOverflow(by: dimension)
      if overflow { return Int.max }
      count = product
    }
    return count
  }

  /// The bytes the tensor's values occupy when dense (packed for sub-byte
  /// types), or nil for types without a fixed element size (strings,
  /// resources, variants). At most ``TFLiteLimits/maxTensorBytes`` in a
  /// validated model; useful to budget memory before running it.
  public var byteCount: Int? {
    type.byteCount(forElementCount: elementCount)
  }

  /// The sparsity parameters as read from the file.
  let sparsity: SparsityParameters?
}

/// Quantization parameters of a tensor.
///
/// For affine quantization a quantized value `q` represents
/// `scale * (q - zeroPoint)`, per tensor (one scale) or per channel along
/// ``quantizedDimension`` (one scale per index of that dimension).
public struct Quantization: Sendable, Hashable {
  /// The scales (`scale`).
  public let scales: [Float]
  /// The zero points (`zero_point`).
  public let zeroPoints: [Int64]
  /// The dimension the scales run along when there are several.
  public let quantizedDimension: Int
  /// Recorded minimum float values (`min`), used only when re-importing into TensorFlow.
  public let min: [Float]
  /// Recorded maximum float values (`max`), used only when re-importing into TensorFlow.
  public let max: [Float]
  /// Parameters of a non-affine quantization scheme, if any.
  public let details: QuantizationDetails?

  /// Whether the file has a `scale` list at all (it may be empty).
  let hasScaleList: Bool
  /// Whether the file has a `zero_point` list at all (it may be empty).
  let hasZeroPointList: Bool
}

/// Parameters of a quantization scheme other than plain affine quantization.
public enum QuantizationDetails: Sendable, Hashable {
  /// Custom quantization with an opaque parameter blob of the given size.
  case custom(byteCount: Int)
  /// Blockwise quantization whose scales (and optionally zero points, or -1)
  /// are stored in other tensors of the same subgraph.
  case blockwise(scalesTensor: Int, zeroPointsTensor: Int, blockSize: Int)
  /// Quantization along several dimensions, with scales and zero points (or -1)
  /// stored in other tensors of the same subgraph.
  case multiAxis(scalesTensor: Int, zeroPointsTensor: Int, blockSize: Int, quantizedDimensions: [Int])
  /// A details type this reader does not know (by its union type tag).
  case unknown(type: UInt8)
}

/// Sparsity parameters as stored in the file (checked by validation).
struct SparsityParameters: Sendable, Hashable {
  /// `traversal_order`, or nil if absent.
  let traversalOrder: [Int]?
  /// `block_map`, or nil if absent.
  let blockMap: [Int]?
  /// `dim_metadata`, or nil if absent.
  let dimensions: [SparseDimension]?
}

/// One entry of a sparse tensor's `dim_metadata`.
struct SparseDimension: Sendable, Hashable {
  /// The `format` value: 0 dense, 1 sparse CSR.
  let format: Int8
  /// `dense_size`.
  let denseSize: Int
  /// The union type of `array_segments` and its values (nil if absent or of an unknown type).
  let segmentsType: UInt8
  let segments: [Int]?
  /// The union type of `array_indices` and its values (nil if absent or of an unknown type).
  let indicesType: UInt8
  let indices: [Int]?
}
