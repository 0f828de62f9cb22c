import LiteRTRuntime

/// One input or output of a signature: its description and its LiteRT tensor buffer.
struct TensorSlot {
  let role: TensorRole
  /// The tensor's name in the model.
  let name: String
  /// The name the signature gives it (its key in `SignatureRunner`).
  let signatureName: String
  let dataType: Tensor.DataType
  /// The declared shape, `-1` for dynamic dimensions (empty when the rank is unknown).
  let declaredShape: Tensor.Shape
  /// Whether the model leaves the rank open (`tf.TensorSpec(None)`): any shape may be set.
  let isUnranked: Bool
  var shape: Tensor.Shape
  let quantization: QuantizationParameters?
  let perChannel: PerChannelQuantizationParameters?
  var buffer: LiteRtTensorBuffer?
  /// Bytes of packed data (what users read and write).
  var byteCount: Int
  /// For a data-dependent output, the capture id its values arrive under (see ``OutputCapture``);
  /// such a slot has no LiteRT buffer.
  var captureID: Int32? = nil
}

/// What a shape changes of what the file fixes in a slot's declared shape.
enum FixedShapeChange: Equatable {
  /// The rank (the file's, then the new one).
  case rank(declared: Int, new: Int)
  /// A dimension the file fixes (`-1` dimensions are free).
  case dimension(axis: Int, declared: Int, new: Int)
}

extension TensorSlot {
  /// The first thing `shape` changes that the file fixes; nil when it changes only dynamic
  /// dimensions, or the input has no rank (any shape is its own).
  func fixedChange(to shape: [Int]) -> FixedShapeChange? {
    guard !isUnranked else { return nil }
    let declared = declaredShape.dimensions
    guard declared.count == shape.count else { return .rank(declared: declared.count, new: shape.count) }
    guard let axis = declared.indices.first(where: { declared[$0] >= 0 && shape[$0] != declared[$0] }) else {
      return nil
    }
    return .dimension(axis: axis, declared: declared[axis], new: shape[axis])
  }
}
