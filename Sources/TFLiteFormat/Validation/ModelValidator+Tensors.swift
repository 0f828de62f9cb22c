// Tensor checks: shape, byte size, buffer, and constant data (including string tables).

extension ModelValidator {
  /// The element count of `shape`, or nil if it overflows.
  static func elementCount(_ shape: [Int]) -> Int? {
    var count = 1
    for dimension in shape {
      let (product, overflow) = count.multipliedReportingOverflow(by: dimension)
      if overflow { return nil }
      count = product
    }
    return count
  }

  static func validateTensor(
    _ tensor: TensorInfo, tensorCount: Int, model: DecodedModel, bytes: UnsafeRawBufferPointer,
    _ path: @autoclosure () -> String
  ) throws(TFLiteFormatError) {
    for (position, dimension) in tensor.shape.enumerated() where dimension < 0 {
      throw .negativeDimension(path: path() + ".shape[\(position)]", value: dimension)
    }
    if let signature = tensor.shapeSignature {
      for (position, dimension) in signature.enumerated() where dimension < -1 {
        throw .negativeDimension(path: path() + ".shape_signature[\(position)]", value: dimension)
      }
    }
    // The byte size must be representable and below the cap; types without
    // a fixed element size are capped by their element count instead.
    let count = elementCount(tensor.shape)
    let byteCount = count.flatMap { tensor.type.byteSize == nil ? $0 : tensor.type.byteCount(forElementCount: $0) }
    guard let count, let byteCount, byteCount <= TFLiteLimits.maxTensorBytes else {
      throw .sizeOverflow(path: path(), shape: tensor.shape, limit: TFLiteLimits.maxTensorBytes)
    }

    // LiteRT ignores the buffer index 0 when there are no buffers at all.
    if tensor.bufferIndex != 0 || !model.buffers.isEmpty {
      try checkIndex(tensor.bufferIndex, count: model.buffers.count, path() + ".buffer")
    }
    // A sparse tensor stores only its non-zero values (or blocks).
    var storedCount = count
    if let sparsity = tensor.sparsity {
      storedCount = try checkSparsity(sparsity, shape: tensor.shape, path() + ".sparsity")
    }
    if tensor.hasConstantData, let range = model.buffers[tensor.bufferIndex].byteRange {
      if tensor.isVariable {
        throw .variableTensorWithData(path: path())
      }
      try checkConstantData(
        tensor, elementCount: storedCount, range: range,
        isOutOfLine: model.buffers[tensor.bufferIndex].isOutOfLine, bytes: bytes, path())
    }
    if let quantization = tensor.quantization {
      try checkQuantization(
        quantization, type: tensor.type, shape: tensor.shape, tensorCount: tensorCount, path() + ".quantization")
    }
  }

  /// Constant data must match the tensor: exactly its byte size for inline
  /// fixed-size data (packed or, for sub-byte types, one byte per element),
  /// at least its byte size for data stored after the flatbuffer, and a
  /// well-formed string table for string tensors. `elementCount` is the
  /// number of stored values (fewer than the shape's for sparse tensors).
  static func checkConstantData(
    _ tensor: TensorInfo, elementCount: Int, range: Range<Int>, isOutOfLine: Bool,
    bytes: UnsafeRawBufferPointer, _ path: @autoclosure () -> String
  ) throws(TFLiteFormatError) {
    // External buffers live in another file.
    guard tensor.externalBufferIndex == 0 else { return }
    if tensor.type == .string {
      guard tensor.sparsity == nil else { return }
      try checkStringData(bytes: UnsafeRawBufferPointer(rebasing: bytes[range]), path())
      return
    }
    // Types without a fixed element size (resource, variant) carry no checkable data.
    guard let expected = tensor.type.byteCount(forElementCount: elementCount) else { return }
    let actual = range.count
    let matches: Bool
    if isOutOfLine {
      matches = actual >= expected
    } else if tensor.type.isPacked {
      matches = actual == expected || actual == elementCount
    } else {
      matches = actual == expected
    }
    guard matches else {
      throw .constantDataSize(path: path(), tensor: tensor.name, expectedBytes: expected, actualBytes: actual)
    }
  }

  /// A string tensor's data is `count`, then `count + 1` offsets, then the
  /// string bytes; the offsets must start right after themselves, never
  /// decrease, and end exactly at the end of the data.
  static func checkStringData(bytes data: UnsafeRawBufferPointer, _ path: @autoclosure () -> String)
    throws(TFLiteFormatError)
  {
    let reader = FlatBufferReader(bytes: data)
    guard data.count >= 4 else {
      throw .invalidStringData(path: path(), reason: "it has \(data.count) bytes, fewer than the 4-byte string count")
    }
    let count = Int(reader.loadChecked(Int32.self, at: 0))
    // (count + 2) 32-bit words: the count itself plus count + 1 offsets.
    guard count >= 0, count < data.count / 4 else {
      throw .invalidStringData(
        path: path(), reason: "the string count \(count) does not fit in its \(data.count) bytes")
    }
    let headerSize = (count &+ 2) &* 4
    guard headerSize <= data.count else {
      throw .invalidStringData(
        path: path(), reason: "\(count) strings need a \(headerSize)-byte header, but the data has \(data.count) bytes")
    }
    var previous = headerSize
    for index in 0...count {
      let offset = Int(reader.loadChecked(Int32.self, at: (index &+ 1) &* 4))
      if index == 0, offset != headerSize {
        throw .invalidStringData(path: path(), reason: "the first string offset is \(offset) instead of \(headerSize)")
      }
      guard offset >= previous, offset <= data.count else {
        throw .invalidStringData(
          path: path(), reason: "string offset \(index) is \(offset), outside \(previous)...\(data.count)")
      }
      previous = offset
    }
    guard previous == data.count else {
      throw .invalidStringData(path: path(), reason: "the last string offset is \(previous) instead of \(data.count)")
    }
  }
}
