import TensorBridge

/// Writes one sequence into an input tensor's memory as its element type. The caller checks
/// that the buffer holds exactly `values.count` elements.
enum TextSequenceWriter {
  /// The element types token ids can be written as.
  static let supportedTypes: [Tensor.DataType] = [.int32, .int64, .float32]

  static func write(
    _ values: [Int32], into bytes: UnsafeMutableRawBufferPointer, type: Tensor.DataType, layer: String, tensor: String
  ) throws(TextError) {
    switch type {
    case .int32:
      _ = bytes.bindMemory(to: Int32.self).update(fromContentsOf: values)
    case .int64:
      let target = bytes.bindMemory(to: Int64.self)
      for (index, value) in values.enumerated() { target[index] = Int64(value) }
    case .float32:
      let target = bytes.bindMemory(to: Float.self)
      for (index, value) in values.enumerated() {
        // Floats hold every integer up to 2^24 exactly.
        guard abs(Int(value)) <= 1 << 24 else { throw .idOutOfRange(layer: layer, id: Int(value), type: type) }
        target[index] = Float(value)
      }
    default:
      throw .unsupportedElementType(layer: layer, tensor: tensor, type: type)
    }
  }
}
