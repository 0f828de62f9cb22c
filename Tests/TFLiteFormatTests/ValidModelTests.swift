import Foundation
import Testing

@testable import TFLiteFormat

@Suite("Valid models")
struct ValidModelTests {
  @Test("The minimal model decodes completely")
  func minimalModel() throws {
    let model = try expectValid(.minimal())
    #expect(model.version == 3)
    #expect(model.description == "test model")
    #expect(model.subgraphs.count == 1)
    let main = model.subgraphs[0]
    #expect(main.name == "main")
    #expect(main.tensors.map(\.name) == ["input", "constant", "output"])
    #expect(main.tensors.map(\.shape) == [[1, 4], [1, 4], [1, 4]])
    #expect(main.tensors.map(\.type) == [.float32, .float32, .float32])
    #expect(main.tensors.map(\.hasConstantData) == [false, true, false])
    #expect(main.tensors.map(\.elementCount) == [4, 4, 4])
    #expect(main.tensors.map(\.byteCount) == [16, 16, 16])
    // An empty quantization table (as converters write for float tensors) means no quantization.
    #expect(main.tensors[2].quantization == nil)
    #expect(main.inputs == [0])
    #expect(main.outputs == [2])
    #expect(main.operators.count == 1)
    #expect(main.operators[0].inputs == [0, 1])
    #expect(main.operators[0].outputs == [2])
    #expect(main.operators[0].builtinOptionsType == 11)
    #expect(
      model.operatorCodes == [OperatorCode(builtinCode: 0, deprecatedBuiltinCode: 0, customCode: nil, version: 1)])
    #expect(model.operatorNames == ["ADD"])
    #expect(model.customOperatorNames.isEmpty)
    #expect(
      model.signatures == [
        SignatureDef(
          key: "serving_default", subgraphIndex: 0,
          inputs: [SignatureTensor(name: "x", tensorIndex: 0)],
          outputs: [SignatureTensor(name: "y", tensorIndex: 2)]
        )
      ])
    #expect(model.metadata == [MetadataEntry(name: "min_runtime_version", bufferIndex: 2)])
    let version = try #require(model.metadata(named: "min_runtime_version"))
    #expect(String(decoding: version.prefix { $0 != 0 }, as: UTF8.self) == "1.5.0")
    #expect(model.metadata(named: "missing") == nil)
    #expect(model.constantData(subgraph: 0, tensor: 1) == Data(TestModel.floatBytes([0, 1, 2, 3])))
    #expect(model.constantData(subgraph: 0, tensor: 0) == nil)
    #expect(model.constantData(subgraph: 5, tensor: 0) == nil)
    #expect(model.bufferData(at: 0) == Data())
    #expect(model.bufferData(at: 3) == nil)
    #expect(model.bufferData(at: -1) == nil)
    #expect(model.buffers[1].byteCount == 16)
    #expect(model.buffers[1].isOutOfLine == false)
    #expect(model.byteCount == TestModel.minimal().bytes.count)
  }

  @Test("Parsing works on a Data slice that does not start at index 0")
  func dataSlice() throws {
    let bytes = [UInt8](repeating: 0xAB, count: 13) + TestModel.minimal().bytes
    let slice = Data(bytes)[13...]
    #expect(slice.startIndex == 13)
    let model = try TFLiteModel(data: slice)
    #expect(model.constantData(subgraph: 0, tensor: 1) == Data(TestModel.floatBytes([0, 1, 2, 3])))
    let version = try #require(model.metadata(named: "min_runtime_version"))
    #expect(version.first == UInt8(ascii: "1"))
  }

  @Test("Custom operators are named by their custom code and listed in first-use order")
  func customOperators() throws {
    var model = TestModel.minimal()
    model.opcodes = [.builtin(Op.add), .custom("MyOp"), .custom("Other"), .builtin(Op.conv2d)]
    model.subgraphs[0].tensors += (3..<6).map { TestTensor(name: "t\($0)") }
    model.subgraphs[0].operators = [
      TestOperator(opcodeIndex: 2, inputs: [0], outputs: [3]),
      TestOperator(opcodeIndex: 0, inputs: [0, 1], outputs: [4]),
      TestOperator(opcodeIndex: 1, inputs: [0], outputs: [5]),
      TestOperator(opcodeIndex: 2, inputs: [3, 4, 5], outputs: [2]),
    ]
    let parsed = try expectValid(model)
    #expect(parsed.operatorNames == ["Other", "ADD", "MyOp"])
    #expect(parsed.customOperatorNames == ["Other", "MyOp"])
    #expect(parsed.operatorCodes[1].isCustom)
    #expect(parsed.operatorCodes[3].name == "CONV_2D")
  }

  @Test("The builtin code is the larger of the legacy and the extended field")
  func builtinCodeRules() throws {
    var model = TestModel.minimal()
    model.opcodes = [
      TestOpcode(deprecatedBuiltinCode: 127, builtinCode: 150),  // GELU through the placeholder
      TestOpcode(deprecatedBuiltinCode: 3, builtinCode: nil),  // legacy-only file
      TestOpcode(deprecatedBuiltinCode: nil, builtinCode: 5000),  // newer than this reader
      TestOpcode(deprecatedBuiltinCode: nil, builtinCode: nil, version: nil),
    ]
    model.subgraphs[0].operators[0].options = nil
    let parsed = try expectValid(model)
    #expect(parsed.operatorCodes.map(\.builtinCode) == [150, 3, 5000, 0])
    #expect(parsed.operatorCodes.map(\.name) == ["GELU", "CONV_2D", "UNKNOWN_BUILTIN_5000", "ADD"])
    #expect(parsed.operatorCodes[3].version == 1)
  }

  @Test("Control-flow operators may call other subgraphs")
  func controlFlow() throws {
    var model = TestModel.minimal()
    model.opcodes = [
      .builtin(Op.while), .builtin(Op.if), .builtin(Op.callOnce), .builtin(Op.stablehloComposite),
      .builtin(Op.stablehloCase),
    ]
    let body = TestSubgraph(name: "body", tensors: [TestTensor(name: "x")], inputs: [0], outputs: [0])
    model.subgraphs[0].tensors += (3..<6).map { TestTensor(name: "t\($0)") }
    model.subgraphs[0].operators = [
      TestOperator(
        opcodeIndex: 0, inputs: [0], outputs: [3], optionsType: Op.whileOptions, options: [0: .int32(1), 1: .int32(2)]),
      TestOperator(
        opcodeIndex: 1, inputs: [3], outputs: [4], optionsType: Op.ifOptions, options: [0: .int32(3), 1: .int32(2)]),
      TestOperator(opcodeIndex: 2, optionsType: Op.callOnceOptions, options: [0: .int32(4)]),
      TestOperator(
        opcodeIndex: 3, inputs: [4], outputs: [5], options2Type: Op.compositeOptions,
        options2: [0: .string("my.composite"), 1: .int32(1)]),
      TestOperator(
        opcodeIndex: 4, inputs: [5], outputs: [2], options2Type: Op.caseOptions, options2: [0: .ints([3, 4])]),
    ]
    model.subgraphs += [body, body, body, body]
    // A subgraph called from two places is fine as long as there is no cycle.
    model.subgraphs[1].operators = [
      TestOperator(opcodeIndex: 2, optionsType: Op.callOnceOptions, options: [0: .int32(4)])
    ]
    let parsed = try expectValid(model)
    let ops = parsed.subgraphs[0].operators
    #expect(
      ops[0].subgraphReferences == [
        SubgraphReference(field: "builtin_options.cond_subgraph_index", subgraphIndex: 1),
        SubgraphReference(field: "builtin_options.body_subgraph_index", subgraphIndex: 2),
      ])
    #expect(ops[1].calledSubgraphs == [3, 2])
    #expect(ops[2].calledSubgraphs == [4])
    #expect(
      ops[3].subgraphReferences == [
        SubgraphReference(field: "builtin_options_2.decomposition_subgraph_index", subgraphIndex: 1)
      ])
    #expect(
      ops[4].subgraphReferences.map(\.field) == [
        "builtin_options_2.branch_subgraph_indices[0]", "builtin_options_2.branch_subgraph_indices[1]",
      ])
    #expect(parsed.operatorNames == ["WHILE", "IF", "CALL_ONCE", "STABLEHLO_COMPOSITE", "STABLEHLO_CASE"])
  }

  @Test("Buffers stored after the flatbuffer via offset/size are read from the file")
  func outOfLineBuffer() throws {
    var model = TestModel.minimal()
    let payload = TestModel.floatBytes([9, 8, 7, 6])
    model.buffers[1] = TestBuffer(data: nil, offset: 0, size: UInt64(payload.count))
    model.buffers[1].offset = UInt64(model.flatBufferSize + 3)
    model.trailing = [0, 0, 0] + payload
    let parsed = try expectValid(model)
    #expect(parsed.buffers[1].isOutOfLine)
    #expect(parsed.constantData(subgraph: 0, tensor: 1) == Data(payload))
    // Out-of-line data may be larger than needed (alignment padding).
    model.buffers[1].size = UInt64(payload.count + 3)
    model.trailing += [0, 0, 0]
    try expectValid(model)
  }

  @Test("An offset of 0 or 1 means the buffer is not stored out of line")
  func placeholderOffsets() throws {
    var model = TestModel.minimal()
    model.buffers.append(TestBuffer(data: nil, offset: 1, size: 1 << 40))
    model.buffers.append(TestBuffer(data: nil, offset: 0, size: 1 << 40))
    let parsed = try expectValid(model)
    #expect(parsed.buffers[3].byteRange == nil)
    #expect(parsed.buffers[4].byteRange == nil)
  }

  @Test("Quantization parameters are decoded")
  func quantization() throws {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].type = TensorType.int8.rawValue
    model.subgraphs[0].tensors[0].shape = [1, 2, 2, 3]
    model.subgraphs[0].tensors[0].quantization = [
      S.Quantization.scale: .floats([0.5, 0.25, 0.125]),
      S.Quantization.zeroPoint: .longs([0, 1, -2]),
      S.Quantization.quantizedDimension: .int32(3),
      S.Quantization.min: .floats([-1]),
      S.Quantization.max: .floats([1]),
    ]
    model.subgraphs[0].tensors[1].quantization = [
      S.Quantization.scale: .floats([0.1]), S.Quantization.zeroPoint: .longs([7]),
    ]
    let parsed = try expectValid(model)
    let quantization = try #require(parsed.subgraphs[0].tensors[0].quantization)
    #expect(quantization.scales == [0.5, 0.25, 0.125])
    #expect(quantization.zeroPoints == [0, 1, -2])
    #expect(quantization.quantizedDimension == 3)
    #expect(quantization.min == [-1])
    #expect(quantization.max == [1])
    #expect(quantization.details == nil)
    #expect(parsed.subgraphs[0].tensors[1].quantization?.zeroPoints == [7])
  }

  @Test("Quantization details tables are decoded")
  func quantizationDetails() throws {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].quantization = [
      S.Quantization.detailsType: .uint8(2),
      S.Quantization.details: .table([0: .int32(1), 1: .int32(-1), 2: .int32(32)]),
    ]
    model.subgraphs[0].tensors[2].quantization = [
      S.Quantization.detailsType: .uint8(3),
      S.Quantization.details: .table([0: .int32(1), 1: .int32(0), 2: .int32(0), 3: .ints([0, 1])]),
    ]
    let parsed = try expectValid(model)
    #expect(
      parsed.subgraphs[0].tensors[0].quantization?.details
        == .blockwise(scalesTensor: 1, zeroPointsTensor: -1, blockSize: 32))
    #expect(
      parsed.subgraphs[0].tensors[2].quantization?.details
        == .multiAxis(scalesTensor: 1, zeroPointsTensor: 0, blockSize: 0, quantizedDimensions: [0, 1]))
  }

  @Test("Dynamic dimensions: shape_signature may hold -1")
  func shapeSignature() throws {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].shapeSignature = [-1, 4]
    let parsed = try expectValid(model)
    #expect(parsed.subgraphs[0].tensors[0].shapeSignature == [-1, 4])
    #expect(parsed.subgraphs[0].tensors[1].shapeSignature == nil)
  }

  @Test("Scalars, empty tensors and missing optional fields are accepted")
  func edgeShapes() throws {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].shape = nil  // scalar / unknown rank
    model.subgraphs[0].tensors[2].shape = [0, 4]  // zero elements
    model.subgraphs[0].tensors[2].extra[S.Tensor.name] = nil
    model.subgraphs[0].name = nil
    model.description = nil
    let parsed = try expectValid(model)
    #expect(parsed.subgraphs[0].tensors[0].shape == [])
    #expect(parsed.subgraphs[0].tensors[0].elementCount == 1)
    #expect(parsed.subgraphs[0].tensors[2].elementCount == 0)
    #expect(parsed.subgraphs[0].name == nil)
    #expect(parsed.description == nil)
  }

  @Test("Omitted optional tensors are -1 where the operator allows them")
  func optionalTensors() throws {
    var model = TestModel.minimal()
    model.opcodes = [.builtin(9), .builtin(Op.while), .custom("Anything"), .builtin(16), .builtin(5000)]  // FULLY_CONNECTED, ..., LSTM, unknown
    model.subgraphs[0].tensors += (3..<7).map { TestTensor(name: "t\($0)") }
    model.subgraphs[0].operators = [
      TestOperator(
        opcodeIndex: 0, inputs: [0, 1, -1], outputs: [3], extra: [S.Operator.intermediates: .ints([-1, 1])]),
      TestOperator(
        opcodeIndex: 1, inputs: [3, 1], outputs: [4, -1], optionsType: Op.whileOptions,
        options: [0: .int32(0), 1: .int32(0)]),
      TestOperator(opcodeIndex: 2, inputs: [-1, 4], outputs: [-1, 5]),
      TestOperator(opcodeIndex: 3, inputs: [5, -1, -1, 1], outputs: [6]),
      TestOperator(opcodeIndex: 4, inputs: [-1, 6], outputs: [-1, 2]),
    ]
    // The WHILE above must not loop on subgraph 0; give it its own subgraphs.
    model.subgraphs.append(
      TestSubgraph(name: "loop", tensors: [TestTensor(), TestTensor()], inputs: [0, 1], outputs: [0, 1]))
    model.subgraphs[0].operators[1].options = [0: .int32(1), 1: .int32(1)]
    let parsed = try expectValid(model)
    #expect(parsed.subgraphs[0].operators[0].inputs == [0, 1, -1])
    #expect(parsed.subgraphs[0].operators[0].intermediates == [-1, 1])
    #expect(parsed.subgraphs[0].operators[1].outputs == [4, -1])
  }

  @Test("Constant data of every fixed-size type must match exactly; packed types may be packed or one byte each")
  func constantSizes() throws {
    for type in TensorType.allCases {
      guard let bytes = type.byteCount(forElementCount: 5) else { continue }
      var model = TestModel.minimal()
      model.subgraphs[0].tensors[1].type = type.rawValue
      model.subgraphs[0].tensors[1].shape = [5]
      model.buffers[1] = TestBuffer(data: [UInt8](repeating: 1, count: bytes))
      try expectValid(model)
      if type.isPacked {
        model.buffers[1] = TestBuffer(data: [UInt8](repeating: 1, count: 5))
        try expectValid(model)
      }
    }
  }

  @Test("A well-formed constant string tensor is accepted")
  func stringTensor() throws {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[1].type = TensorType.string.rawValue
    model.subgraphs[0].tensors[1].shape = [2]
    // count 2, offsets 16, 18, 21, then "hi" "you".
    model.buffers[1] = TestBuffer(data: TestModel.int32Bytes([2, 16, 18, 21]) + Array("hiyou".utf8))
    try expectValid(model)
  }

  @Test("Sparse tensors skip the constant size check")
  func sparseTensor() throws {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[1].shape = [4, 4]
    model.subgraphs[0].tensors[1].sparsity = [
      S.Sparsity.traversalOrder: .ints([0, 1]),
      S.Sparsity.dimMetadata: .vector([
        .table([S.DimensionMetadata.format: .int8(0), S.DimensionMetadata.denseSize: .int32(4)]),
        .table([
          S.DimensionMetadata.format: .int8(1),
          S.DimensionMetadata.segmentsType: .uint8(1),
          S.DimensionMetadata.segments: .table([0: .ints([0, 1, 2, 3, 4])]),
          S.DimensionMetadata.indicesType: .uint8(3), S.DimensionMetadata.indices: .table([0: .bytes([0, 1, 2, 3])]),
        ]),
      ]),
    ]
    let parsed = try expectValid(model)
    #expect(parsed.subgraphs[0].tensors[1].hasSparsity)
    #expect(!parsed.subgraphs[0].tensors[0].hasSparsity)
  }

  @Test("Models without buffers, metadata or signatures are accepted")
  func sparseModel() throws {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[1].buffer = 0
    model.subgraphs[0].operators[0].inputs = [0, 0]
    model.metadata = []
    model.signatures = []
    model.extra[S.Model.buffers] = nil
    var fields = model.rootFields
    fields[S.Model.buffers] = nil
    let bytes = FlatBufferBuilder.build(root: fields).data
    let parsed = try parse(bytes).get()
    #expect(parsed.buffers.isEmpty)
    #expect(parsed.signatures.isEmpty)
    #expect(parsed.metadata.isEmpty)
    #expect(parsed.metadata(named: "min_runtime_version") == nil)
  }
}
