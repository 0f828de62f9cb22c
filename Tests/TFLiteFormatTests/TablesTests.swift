import Foundation
import Testing

@testable import TFLiteFormat

@Suite("Type and operator tables")
struct TablesTests {
  @Test("Tensor types follow the schema's numbering and sizes")
  func tensorTypes() {
    #expect(TensorType.allCases.count == 23)
    #expect(TensorType.allCases.map(\.rawValue) == Array(0...22))
    #expect(TensorType(rawValue: 9) == .int8)
    #expect(TensorType(rawValue: 23) == nil)
    #expect(TensorType.float32.name == "FLOAT32")
    #expect(TensorType.float8E4M3FN.name == "FLOAT8_E4M3FN")
    #expect(TensorType.float32.byteSize == 4)
    #expect(TensorType.complex128.byteSize == 16)
    #expect(TensorType.string.byteSize == nil)
    #expect(TensorType.resource.byteSize == nil)
    #expect(TensorType.variant.byteSize == nil)
    #expect(TensorType.int4.bitWidth == 4)
    #expect(TensorType.int2.bitWidth == 2)
    #expect(TensorType.int4.isPacked && TensorType.uint4.isPacked && TensorType.int2.isPacked)
    #expect(!TensorType.int8.isPacked)
    #expect(TensorType.int4.byteCount(forElementCount: 5) == 3)
    #expect(TensorType.int2.byteCount(forElementCount: 5) == 2)
    #expect(TensorType.int2.byteCount(forElementCount: 8) == 2)
    #expect(TensorType.float64.byteCount(forElementCount: 3) == 24)
    #expect(TensorType.float64.byteCount(forElementCount: Int.max / 2) == nil)
    #expect(TensorType.float32.byteCount(forElementCount: -1) == nil)
    #expect(TensorType.string.byteCount(forElementCount: 1) == nil)
  }

  @Test("Builtin operator names follow the schema's numbering")
  func operatorNames() {
    #expect(BuiltinOperator.names.count == 210)
    #expect(BuiltinOperator(rawValue: 0).name == "ADD")
    #expect(BuiltinOperator(rawValue: 3).name == "CONV_2D")
    #expect(BuiltinOperator.custom.name == "CUSTOM")
    #expect(BuiltinOperator.dequantize.name == "DEQUANTIZE")
    #expect(BuiltinOperator.while.name == "WHILE")
    #expect(BuiltinOperator.if.name == "IF")
    #expect(BuiltinOperator.callOnce.name == "CALL_ONCE")
    #expect(BuiltinOperator.placeholderForGreaterOpCodes.name == "PLACEHOLDER_FOR_GREATER_OP_CODES")
    #expect(BuiltinOperator.stablehloComposite.name == "STABLEHLO_COMPOSITE")
    #expect(BuiltinOperator(rawValue: 209).name == "STABLEHLO_CASE")
    #expect(BuiltinOperator(rawValue: 210).name == "UNKNOWN_BUILTIN_210")
    #expect(BuiltinOperator(rawValue: -1).name == "UNKNOWN_BUILTIN_-1")
    #expect(!BuiltinOperator(rawValue: 210).isKnown)
    #expect(BuiltinOperator(name: "GELU")?.rawValue == 150)
    #expect(BuiltinOperator(name: "NOPE") == nil)
    #expect(Set(BuiltinOperator.names).count == BuiltinOperator.names.count)
  }

  @Test("Subgraph reference fields agree with the options layouts")
  func layoutsAgree() {
    #expect(BuiltinOptionsLayout.builtinOptions.count == 126)
    #expect(BuiltinOptionsLayout.builtinOptions2.count == 23)
    for reference in BuiltinOptionsLayout.subgraphReferences {
      let layouts = reference.union == 1 ? BuiltinOptionsLayout.builtinOptions : BuiltinOptionsLayout.builtinOptions2
      let layout = layouts[Int(reference.unionType) - 1]
      #expect(layout.tableName == reference.tableName)
      #expect(layout.fields[reference.slot].name == reference.fieldName)
      switch layout.fields[reference.slot].kind {
      case .scalar(4): #expect(!reference.isVector)
      case .vector(4): #expect(reference.isVector)
      default: Issue.record("\(reference.fieldName) is not a 32-bit index field")
      }
    }
    #expect(BuiltinOptionsLayout.builtinOptions[Int(Op.whileOptions) - 1].tableName == "WhileOptions")
    #expect(BuiltinOptionsLayout.builtinOptions2[Int(Op.compositeOptions) - 1].tableName == "StableHLOCompositeOptions")
  }

  @Test("Every error description is one sentence")
  func errorDescriptions() {
    let errors: [TFLiteFormatError] = [
      .tooSmall(size: 1, minimum: 8),
      .badFileIdentifier(found: "TFL2"),
      .truncated(path: "subgraphs", offset: 10, needed: 4, available: 2),
      .invalidOffset(path: "description", offset: 12, value: 0),
      .invalidVTable(path: "model", offset: 16, vtableSize: 3, tableSize: 8),
      .fieldOutsideTable(path: "version", fieldOffset: 6, fieldSize: 4, tableSize: 8),
      .unterminatedString(path: "description", offset: 40),
      .invalidUTF8(path: "subgraphs[0].name"),
      .countTooLarge(path: "operator_codes", count: 70000, limit: 65536),
      .modelTooComplex(limit: 100),
      .unsupportedSchemaVersion(found: 2, supported: 3),
      .missingField(path: "signature_defs[0].signature_key"),
      .noSubgraphs,
      .indexOutOfRange(path: "subgraphs[0].operators[3].inputs[1]", index: 12, count: 10),
      .indexOutOfRange(path: "subgraphs[0].operators[3].opcode_index", index: 0, count: 0),
      .unknownTensorType(path: "subgraphs[0].tensors[1].type", value: 99),
      .rankTooLarge(path: "subgraphs[0].tensors[1].shape", rank: 9, limit: 8),
      .negativeDimension(path: "subgraphs[0].tensors[1].shape[0]", value: -1),
      .sizeOverflow(path: "subgraphs[0].tensors[1]", shape: [1 << 30, 1 << 30], limit: 1 << 40),
      .constantDataSize(path: "subgraphs[0].tensors[1]", tensor: "w", expectedBytes: 16, actualBytes: 12),
      .bufferOutOfBounds(path: "buffers[3]", offset: 100, size: 16, fileSize: 64),
      .invalidStringData(path: "subgraphs[0].tensors[1]", reason: "the last string offset is 20 instead of 21"),
      .variableTensorWithData(path: "subgraphs[0].tensors[1]"),
      .requiredTensorOmitted(path: "subgraphs[0].operators[0].inputs[1]", operator: "CONV_2D"),
      .tensorNotProduced(path: "subgraphs[0].operators[0].inputs[1]", tensor: 3),
      .invalidOperatorOutput(path: "subgraphs[0].operators[0].outputs[0]", tensor: 1, reason: "is constant"),
      .dequantizeShapeMismatch(path: "subgraphs[0].operators[0]", inputShape: [2, 2], outputShape: [8]),
      .customCodeMissing(path: "operator_codes[1]"),
      .quantizationLengthMismatch(path: "subgraphs[0].tensors[0].quantization", scales: 1, zeroPoints: 2),
      .quantizedDimensionOutOfRange(
        path: "subgraphs[0].tensors[0].quantization.quantized_dimension", dimension: 2, rank: 2),
      .quantizationScaleCount(path: "subgraphs[0].tensors[0].quantization.scale", scales: 3, expected: 4),
      .invalidQuantizationDetails(path: "subgraphs[0].tensors[0].quantization.details", reason: "block_size is -4"),
      .invalidSparsity(path: "subgraphs[0].tensors[1].sparsity", reason: "traversal_order is missing"),
      .subgraphCycle(path: "subgraphs[0].operators[0].builtin_options.body_subgraph_index", cycle: [0, 1, 0]),
      .zeroPointOutOfRange(path: "subgraphs[0].tensors[0].quantization.zero_point[0]", value: 300, type: "UINT8"),
      .invalidQuantizationScale(path: "subgraphs[0].tensors[0].quantization.scale[0]", value: 0),
      .mismatchedOptions(
        path: "subgraphs[0].operators[3].builtin_options_type", operator: "SPLIT", found: "SoftmaxOptions",
        expected: "SplitOptions"),
      .invalidOperatorParameter(
        path: "subgraphs[0].operators[3]", operator: "SPLIT", reason: "num_splits is 4 but it has 2 outputs"),
      .tooFewOperands(path: "subgraphs[0].operators[3]", operator: "SLICE", role: "inputs", count: 2, minimum: 3),
      .constantSubgraphInput(path: "subgraphs[0].inputs[0]", tensor: 1),
      .duplicateName(path: "signature_defs[1].signature_key", name: "serving_default"),
      .signatureTensorMismatch(path: "signature_defs[0].inputs[0].tensor_index", tensor: 3, role: "input"),
      .duplicateSignatureTensor(path: "signature_defs[0].inputs[1].tensor_index", tensor: 3),
    ]
    for error in errors {
      let text = error.description
      #expect(text.hasSuffix("."), "\(text)")
      #expect(!text.contains("\n"), "\(text)")
      #expect(text.first?.isUppercase == true || text.first?.isLowercase == true, "\(text)")
      // One sentence: no full stop followed by a space and a capital letter.
      #expect(text.range(of: #"\. [A-Z]"#, options: .regularExpression) == nil, "\(text)")
    }
    #expect(
      TFLiteFormatError.indexOutOfRange(path: "subgraphs[0].operators[3].inputs[1]", index: 12, count: 10).description
        == "subgraphs[0].operators[3].inputs[1] is 12, outside the valid range 0..<10.")
    #expect(
      TFLiteFormatError.badFileIdentifier(found: "TFL2").description
        == "The file identifier at bytes 4..<8 is \"TFL2\" instead of \"TFL3\", so this is not a TensorFlow Lite model."
    )
  }
}
