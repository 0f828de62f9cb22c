import Foundation

/// Schema field slots used by the test model builder (mirrors the schema's
/// declaration order; unions take two slots).
enum S {
  enum Model {
    static let version = 0, operatorCodes = 1, subgraphs = 2, description = 3, buffers = 4, metadataBuffer = 5,
      metadata = 6, signatureDefs = 7, externalBufferGroups = 8, externalBuffers = 9
  }
  enum SubGraph { static let tensors = 0, inputs = 1, outputs = 2, operators = 3, name = 4 }
  enum Tensor {
    static let shape = 0, type = 1, buffer = 2, name = 3, quantization = 4, isVariable = 5, sparsity = 6,
      shapeSignature = 7, hasRank = 8, variantTensors = 9, externalBuffer = 10
  }
  enum Buffer { static let data = 0, offset = 1, size = 2 }
  enum OperatorCode { static let deprecatedBuiltinCode = 0, customCode = 1, version = 2, builtinCode = 3 }
  enum Operator {
    static let opcodeIndex = 0, inputs = 1, outputs = 2, builtinOptionsType = 3, builtinOptions = 4, customOptions = 5,
      intermediates = 8, largeCustomOptionsOffset = 9, largeCustomOptionsSize = 10, builtinOptions2Type = 11,
      builtinOptions2 = 12
  }
  enum SignatureDef { static let inputs = 0, outputs = 1, signatureKey = 2, subgraphIndex = 4 }
  enum TensorMap { static let name = 0, tensorIndex = 1 }
  enum Metadata { static let name = 0, buffer = 1 }
  enum Quantization {
    static let min = 0, max = 1, scale = 2, zeroPoint = 3, detailsType = 4, details = 5, quantizedDimension = 6
  }
  enum Sparsity { static let traversalOrder = 0, blockMap = 1, dimMetadata = 2 }
  enum DimensionMetadata {
    static let format = 0, denseSize = 1, segmentsType = 2, segments = 3, indicesType = 4, indices = 5
  }
}

/// Builtin operator codes and options union tags used in tests.
enum Op {
  static let add: Int32 = 0, conv2d: Int32 = 3, dequantize: Int32 = 6, call: Int32 = 31, custom: Int32 = 32
  static let `if`: Int32 = 118, `while`: Int32 = 119, placeholder: Int32 = 127, callOnce: Int32 = 129, gelu: Int32 = 150
  static let stablehloWhile: Int32 = 200, stablehloComposite: Int32 = 206, stablehloCase: Int32 = 209
  // BuiltinOptions union tags.
  static let addOptions: UInt8 = 11, callOptions: UInt8 = 16, reshapeOptions: UInt8 = 17, ifOptions: UInt8 = 92,
    whileOptions: UInt8 = 93, callOnceOptions: UInt8 = 103
  // BuiltinOptions2 union tags.
  static let stablehloWhileOptions: UInt8 = 15, compositeOptions: UInt8 = 21, caseOptions: UInt8 = 23
}

/// A tensor in a ``TestModel``.
struct TestTensor {
  var name = "t"
  var type: Int8 = 0
  var shape: [Int32]? = [1, 4]
  var buffer: UInt32 = 0
  var quantization: [Int: FB]?
  var isVariable = false
  var sparsity: [Int: FB]?
  var shapeSignature: [Int32]?
  /// Extra or overriding fields by slot.
  var extra: [Int: FB] = [:]

  var fields: [Int: FB] {
    var fields: [Int: FB] = [
      S.Tensor.name: .string(name), S.Tensor.type: .int8(type), S.Tensor.buffer: .uint32(buffer),
    ]
    if let shape { fields[S.Tensor.shape] = .ints(shape) }
    if let quantization { fields[S.Tensor.quantization] = .table(quantization) }
    if isVariable { fields[S.Tensor.isVariable] = .bool(true) }
    if let sparsity { fields[S.Tensor.sparsity] = .table(sparsity) }
    if let shapeSignature { fields[S.Tensor.shapeSignature] = .ints(shapeSignature) }
    fields.merge(extra) { $1 }
    return fields
  }
}

/// An operator in a ``TestModel``.
struct TestOperator {
  var opcodeIndex: UInt32 = 0
  var inputs: [Int32] = []
  var outputs: [Int32] = []
  var optionsType: UInt8 = 0
  var options: [Int: FB]?
  var options2Type: UInt8 = 0
  var options2: [Int: FB]?
  var extra: [Int: FB] = [:]

  var fields: [Int: FB] {
    var fields: [Int: FB] = [
      S.Operator.opcodeIndex: .uint32(opcodeIndex), S.Operator.inputs: .ints(inputs),
      S.Operator.outputs: .ints(outputs),
    ]
    if let options {
      fields[S.Operator.builtinOptionsType] = .uint8(optionsType)
      fields[S.Operator.builtinOptions] = .table(options)
    }
    if let options2 {
      fields[S.Operator.builtinOptions2Type] = .uint8(options2Type)
      fields[S.Operator.builtinOptions2] = .table(options2)
    }
    fields.merge(extra) { $1 }
    return fields
  }
}

/// A subgraph in a ``TestModel``.
struct TestSubgraph {
  var name: String? = "main"
  var tensors: [TestTensor] = []
  var inputs: [Int32] = []
  var outputs: [Int32] = []
  var operators: [TestOperator] = []
  var extra: [Int: FB] = [:]

  var fields: [Int: FB] {
    var fields: [Int: FB] = [
      S.SubGraph.tensors: .vector(tensors.map { .table($0.fields) }),
      S.SubGraph.inputs: .ints(inputs),
      S.SubGraph.outputs: .ints(outputs),
      S.SubGraph.operators: .vector(operators.map { .table($0.fields) }),
    ]
    if let name { fields[S.SubGraph.name] = .string(name) }
    fields.merge(extra) { $1 }
    return fields
  }
}

/// An operator code in a ``TestModel``.
struct TestOpcode {
  var deprecatedBuiltinCode: Int8?
  var builtinCode: Int32?
  var customCode: String?
  var version: Int32? = 1

  /// A builtin code written the way current converters do (both fields, legacy one capped at 127).
  static func builtin(_ code: Int32, version: Int32 = 1) -> TestOpcode {
    TestOpcode(deprecatedBuiltinCode: Int8(min(code, 127)), builtinCode: code, customCode: nil, version: version)
  }

  /// A custom operator code.
  static func custom(_ name: String) -> TestOpcode {
    TestOpcode(deprecatedBuiltinCode: 32, builtinCode: 32, customCode: name, version: 1)
  }

  var fields: [Int: FB] {
    var fields: [Int: FB] = [:]
    if let deprecatedBuiltinCode { fields[S.OperatorCode.deprecatedBuiltinCode] = .int8(deprecatedBuiltinCode) }
    if let builtinCode { fields[S.OperatorCode.builtinCode] = .int32(builtinCode) }
    if let customCode { fields[S.OperatorCode.customCode] = .string(customCode) }
    if let version { fields[S.OperatorCode.version] = .int32(version) }
    return fields
  }
}

/// A buffer in a ``TestModel``: inline data, or offset/size into the file.
struct TestBuffer {
  var data: [UInt8]?
  var offset: UInt64?
  var size: UInt64?

  var fields: [Int: FB] {
    var fields: [Int: FB] = [:]
    if let data { fields[S.Buffer.data] = .bytes(data) }
    if let offset { fields[S.Buffer.offset] = .uint64(offset) }
    if let size { fields[S.Buffer.size] = .uint64(size) }
    return fields
  }
}

/// A signature in a ``TestModel``.
struct TestSignature {
  var key: String? = "serving_default"
  var subgraphIndex: UInt32 = 0
  var inputs: [(String, UInt32)] = []
  var outputs: [(String, UInt32)] = []

  var fields: [Int: FB] {
    func maps(_ entries: [(String, UInt32)]) -> FB {
      .vector(entries.map { .table([S.TensorMap.name: .string($0.0), S.TensorMap.tensorIndex: .uint32($0.1)]) })
    }
    var fields: [Int: FB] = [
      S.SignatureDef.inputs: maps(inputs), S.SignatureDef.outputs: maps(outputs),
      S.SignatureDef.subgraphIndex: .uint32(subgraphIndex),
    ]
    if let key { fields[S.SignatureDef.signatureKey] = .string(key) }
    return fields
  }
}

/// A whole model for tests, serialized with ``FlatBufferBuilder``.
struct TestModel {
  var version: UInt32 = 3
  var description: String? = "test model"
  var opcodes: [TestOpcode] = []
  var subgraphs: [TestSubgraph] = []
  var buffers: [TestBuffer] = [TestBuffer()]
  var metadata: [(String, UInt32)] = []
  var signatures: [TestSignature] = []
  /// Extra or overriding root fields by slot.
  var extra: [Int: FB] = [:]
  /// Bytes appended after the flatbuffer (for offset/size buffers).
  var trailing: [UInt8] = []

  var rootFields: [Int: FB] {
    var fields: [Int: FB] = [
      S.Model.version: .uint32(version),
      S.Model.operatorCodes: .vector(opcodes.map { .table($0.fields) }),
      S.Model.subgraphs: .vector(subgraphs.map { .table($0.fields) }),
      S.Model.buffers: .vector(buffers.map { .table($0.fields) }),
    ]
    if let description { fields[S.Model.description] = .string(description) }
    if !metadata.isEmpty {
      fields[S.Model.metadata] = .vector(
        metadata.map { .table([S.Metadata.name: .string($0.0), S.Metadata.buffer: .uint32($0.1)]) })
    }
    if !signatures.isEmpty {
      fields[S.Model.signatureDefs] = .vector(signatures.map { .table($0.fields) })
    }
    fields.merge(extra) { $1 }
    return fields
  }

  /// The serialized flatbuffer followed by ``trailing``.
  var bytes: [UInt8] { FlatBufferBuilder.build(root: rootFields).data + trailing }

  /// The serialized model as `Data`.
  var data: Data { Data(bytes) }

  /// The size of the flatbuffer part alone.
  var flatBufferSize: Int { FlatBufferBuilder.build(root: rootFields).data.count }

  /// A small valid model: `output = ADD(input, constant)` over float32 [1, 4]
  /// tensors, with metadata and a signature.
  static func minimal() -> TestModel {
    var model = TestModel()
    model.opcodes = [.builtin(Op.add)]
    let constant = (0..<4).flatMap { withUnsafeBytes(of: Float($0).bitPattern.littleEndian, Array.init) }
    model.buffers = [
      TestBuffer(), TestBuffer(data: constant), TestBuffer(data: Array("1.5.0\0\0\0\0\0\0\0\0\0\0\0".utf8)),
    ]
    model.subgraphs = [
      TestSubgraph(
        name: "main",
        tensors: [
          TestTensor(name: "input", shape: [1, 4]),
          TestTensor(name: "constant", shape: [1, 4], buffer: 1),
          TestTensor(name: "output", shape: [1, 4], quantization: [:]),
        ],
        inputs: [0], outputs: [2],
        operators: [
          TestOperator(
            opcodeIndex: 0, inputs: [0, 1], outputs: [2], optionsType: Op.addOptions, options: [0: .int8(0)])
        ]
      )
    ]
    model.metadata = [("min_runtime_version", 2)]
    model.signatures = [TestSignature(inputs: [("x", 0)], outputs: [("y", 2)])]
    return model
  }

  /// Little-endian bytes of float32 values.
  static func floatBytes(_ values: [Float]) -> [UInt8] {
    values.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
  }

  /// Little-endian bytes of int32 values.
  static func int32Bytes(_ values: [Int32]) -> [UInt8] {
    values.flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }
  }
}
