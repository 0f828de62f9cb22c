import Foundation
import Testing

@testable import TFLiteFormat

/// Each tensor check, with the exact error it reports.
@Suite("Model validation errors: tensors")
struct TensorValidationErrorTests {
  // MARK: Tensors

  @Test("Tensor types must be known")
  func unknownType() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[2].type = 23
    expectRejected(model, .unknownTensorType(path: "subgraphs[0].tensors[2].type", value: 23))
    model.subgraphs[0].tensors[2].type = -1
    expectRejected(model, .unknownTensorType(path: "subgraphs[0].tensors[2].type", value: -1))
  }

  @Test("Ranks above 8 are rejected in shape and shape_signature")
  func rank() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].shape = [Int32](repeating: 1, count: 9)
    expectRejected(model, .rankTooLarge(path: "subgraphs[0].tensors[0].shape", rank: 9, limit: 8))
    model = TestModel.minimal()
    model.subgraphs[0].tensors[0].shapeSignature = [Int32](repeating: -1, count: 9)
    expectRejected(model, .rankTooLarge(path: "subgraphs[0].tensors[0].shape_signature", rank: 9, limit: 8))
  }

  @Test("Dimensions must be non-negative in shape and at least -1 in shape_signature")
  func negativeDimensions() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].shape = [1, -1]
    expectRejected(model, .negativeDimension(path: "subgraphs[0].tensors[0].shape[1]", value: -1))
    model = TestModel.minimal()
    model.subgraphs[0].tensors[0].shapeSignature = [-1, -2]
    expectRejected(model, .negativeDimension(path: "subgraphs[0].tensors[0].shape_signature[1]", value: -2))
  }

  @Test("Element count times element size must not overflow or exceed 2^40 bytes")
  func sizeOverflow() throws {
    var model = TestModel.minimal()
    let huge: [Int32] = [Int32.max, Int32.max, Int32.max]
    model.subgraphs[0].tensors[0].shape = huge
    expectRejected(model, .sizeOverflow(path: "subgraphs[0].tensors[0]", shape: huge.map(Int.init), limit: 1 << 40))
    // 2^38 float32 elements are 2^40 bytes: at the limit.
    model.subgraphs[0].tensors[0].shape = [1 << 19, 1 << 19]
    try expectValid(model)
    model.subgraphs[0].tensors[0].shape = [1 << 19, 1 << 19, 2]
    expectRejected(model, .sizeOverflow(path: "subgraphs[0].tensors[0]", shape: [1 << 19, 1 << 19, 2], limit: 1 << 40))
    // Overflow of the element count itself, even for types without a fixed size.
    model.subgraphs[0].tensors[0].type = TensorType.string.rawValue
    model.subgraphs[0].tensors[0].shape = [Int32.max, Int32.max, Int32.max, Int32.max, 2]
    expectRejected(
      model,
      .sizeOverflow(
        path: "subgraphs[0].tensors[0]", shape: [Int(Int32.max), Int(Int32.max), Int(Int32.max), Int(Int32.max), 2],
        limit: 1 << 40))
  }

  @Test("Tensor buffer indices must be in range")
  func bufferIndex() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[1].buffer = 3
    expectRejected(model, .indexOutOfRange(path: "subgraphs[0].tensors[1].buffer", index: 3, count: 3))
    model.subgraphs[0].tensors[1].buffer = UInt32.max
    expectRejected(model, .indexOutOfRange(path: "subgraphs[0].tensors[1].buffer", index: Int(UInt32.max), count: 3))
  }

  @Test("Variable tensors must not carry constant data")
  func variableWithData() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[1].isVariable = true
    expectRejected(model, .variableTensorWithData(path: "subgraphs[0].tensors[1]"))
  }

  @Test("Inline constant data must have exactly the tensor's byte size")
  func constantDataSize() {
    var model = TestModel.minimal()
    model.buffers[1] = TestBuffer(data: [UInt8](repeating: 0, count: 12))
    expectRejected(
      model, .constantDataSize(path: "subgraphs[0].tensors[1]", tensor: "constant", expectedBytes: 16, actualBytes: 12))
    model.buffers[1] = TestBuffer(data: [UInt8](repeating: 0, count: 20))
    expectRejected(
      model, .constantDataSize(path: "subgraphs[0].tensors[1]", tensor: "constant", expectedBytes: 16, actualBytes: 20))
    // int4: 5 elements need 3 packed bytes (or 5 unpacked); 4 is neither.
    model.subgraphs[0].tensors[1].type = TensorType.int4.rawValue
    model.subgraphs[0].tensors[1].shape = [5]
    model.buffers[1] = TestBuffer(data: [1, 2, 3, 4])
    expectRejected(
      model, .constantDataSize(path: "subgraphs[0].tensors[1]", tensor: "constant", expectedBytes: 3, actualBytes: 4))
    // int2: 5 elements need 2 packed bytes.
    model.subgraphs[0].tensors[1].type = TensorType.int2.rawValue
    model.buffers[1] = TestBuffer(data: [1, 2, 3])
    expectRejected(
      model, .constantDataSize(path: "subgraphs[0].tensors[1]", tensor: "constant", expectedBytes: 2, actualBytes: 3))
  }

  @Test("Out-of-line constant data must hold at least the tensor's byte size")
  func outOfLineTooSmall() {
    var model = TestModel.minimal()
    model.buffers[1] = TestBuffer(data: nil, offset: 0, size: 8)
    model.buffers[1].offset = UInt64(model.flatBufferSize)
    model.trailing = [UInt8](repeating: 0, count: 8)
    expectRejected(
      model, .constantDataSize(path: "subgraphs[0].tensors[1]", tensor: "constant", expectedBytes: 16, actualBytes: 8))
  }

  @Test("Constant data checks skip tensors with external buffers, sparsity, and no fixed size")
  func constantDataExemptions() throws {
    var model = TestModel.minimal()
    model.buffers[1] = TestBuffer(data: [1, 2, 3])
    model.subgraphs[0].tensors[1].extra[S.Tensor.externalBuffer] = .uint32(1)
    try expectValid(model)
    model = TestModel.minimal()
    model.buffers[1] = TestBuffer(data: [1, 2, 3])
    model.subgraphs[0].tensors[1].type = TensorType.resource.rawValue
    try expectValid(model)
    // Buffer 0 is never read as data, even when it holds bytes.
    model = TestModel.minimal()
    model.buffers[0] = TestBuffer(data: [1, 2, 3])
    try expectValid(model)
  }

  @Test("Constant string tensors must hold a well-formed string table")
  func stringData() {
    func rejects(_ data: [UInt8], _ reason: String) {
      var model = TestModel.minimal()
      model.subgraphs[0].tensors[1].type = TensorType.string.rawValue
      model.subgraphs[0].tensors[1].shape = [2]
      model.buffers[1] = TestBuffer(data: data)
      expectRejected(model, .invalidStringData(path: "subgraphs[0].tensors[1]", reason: reason))
    }
    rejects([1, 0], "it has 2 bytes, fewer than the 4-byte string count")
    rejects(TestModel.int32Bytes([-1, 8]), "the string count -1 does not fit in its 8 bytes")
    rejects(TestModel.int32Bytes([1000, 8]), "the string count 1000 does not fit in its 8 bytes")
    rejects(TestModel.int32Bytes([2, 16, 18]), "2 strings need a 16-byte header, but the data has 12 bytes")
    rejects(TestModel.int32Bytes([2, 12, 18, 21]) + Array("hiyou".utf8), "the first string offset is 12 instead of 16")
    rejects(TestModel.int32Bytes([2, 16, 20, 18]) + Array("hiyou".utf8), "string offset 2 is 18, outside 20...21")
    rejects(TestModel.int32Bytes([2, 16, 18, 99]) + Array("hiyou".utf8), "string offset 2 is 99, outside 18...21")
    rejects(TestModel.int32Bytes([2, 16, 18, 20]) + Array("hiyou".utf8), "the last string offset is 20 instead of 21")
  }
}
