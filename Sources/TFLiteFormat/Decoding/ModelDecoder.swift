/// Decodes the flatbuffer structure of a model.
///
/// Checks everything needed to read the file safely: header, identifier,
/// every table, vtable, field, vector and string (including the option tables
/// of operators), list sizes against ``TFLiteLimits``, tensor types, ranks,
/// and the placement of out-of-line data. Cross-references between objects
/// are left to ``ModelValidator``.
struct ModelDecoder {
  /// Field slots of the schema tables, in declaration order (a union takes
  /// two slots: its type tag, then its value).
  enum Slot {
    enum Model {
      static let version = 0, operatorCodes = 1, subgraphs = 2, description = 3, buffers = 4, metadataBuffer = 5,
        metadata = 6, signatureDefs = 7, externalBufferGroups = 8, externalBuffers = 9
    }
    enum SubGraph { static let tensors = 0, inputs = 1, outputs = 2, operators = 3, name = 4, debugMetadataIndex = 5 }
    enum Tensor {
      static let shape = 0, type = 1, buffer = 2, name = 3, quantization = 4, isVariable = 5, sparsity = 6,
        shapeSignature = 7, hasRank = 8, variantTensors = 9, externalBuffer = 10
    }
    enum VariantSubType { static let shape = 0, type = 1, hasRank = 2 }
    enum Buffer { static let data = 0, offset = 1, size = 2 }
    enum OperatorCode { static let deprecatedBuiltinCode = 0, customCode = 1, version = 2, builtinCode = 3 }
    enum Operator {
      static let opcodeIndex = 0, inputs = 1, outputs = 2, builtinOptionsType = 3, builtinOptions = 4,
        customOptions = 5, customOptionsFormat = 6, mutatingVariableInputs = 7, intermediates = 8,
        largeCustomOptionsOffset = 9, largeCustomOptionsSize = 10, builtinOptions2Type = 11, builtinOptions2 = 12,
        debugMetadataIndex = 13
    }
    enum SignatureDef { static let inputs = 0, outputs = 1, signatureKey = 2, deprecatedTag = 3, subgraphIndex = 4 }
    enum TensorMap { static let name = 0, tensorIndex = 1 }
    enum Metadata { static let name = 0, buffer = 1 }
    enum Quantization {
      static let min = 0, max = 1, scale = 2, zeroPoint = 3, detailsType = 4, details = 5, quantizedDimension = 6
    }
    enum Blockwise { static let scales = 0, zeroPoints = 1, blockSize = 2 }
    enum MultiAxis { static let scales = 0, zeroPoints = 1, blockSize = 2, quantizedDimensions = 3 }
    enum CustomQuantization { static let custom = 0 }
    enum Sparsity { static let traversalOrder = 0, blockMap = 1, dimMetadata = 2 }
    enum DimensionMetadata {
      static let format = 0, denseSize = 1, segmentsType = 2, segments = 3, indicesType = 4, indices = 5
    }
    enum IndexVector { static let values = 0 }
    enum ExternalBufferGroup { static let name = 0 }
    enum ExternalBuffer { static let id = 0, group = 1, offset = 2, length = 3, packing = 4 }
  }

  /// Size of the fixed header: root offset plus file identifier.
  static let headerSize = 8
  /// The file identifier at bytes 4..<8.
  static let fileIdentifier: [UInt8] = Array("TFL3".utf8)

  let reader: FlatBufferReader
  /// Remaining list entries and string bytes decoding may still produce.
  var budget: DecodeBudget

  private init(bytes: UnsafeRawBufferPointer) {
    reader = FlatBufferReader(bytes: bytes)
    budget = DecodeBudget(fileSize: bytes.count)
  }

  /// Decodes the model in `bytes`.
  static func decode(_ bytes: UnsafeRawBufferPointer) throws(TFLiteFormatError) -> DecodedModel {
    guard bytes.count >= headerSize else {
      throw .tooSmall(size: bytes.count, minimum: headerSize)
    }
    let identifier = Array(bytes[4..<8])
    guard identifier == fileIdentifier else {
      throw .badFileIdentifier(found: printable(identifier))
    }
    var decoder = ModelDecoder(bytes: bytes)
    return try decoder.decodeModel()
  }

  /// Renders bytes as text, escaping anything but printable ASCII as `\xNN`.
  static func printable(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
      if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "\"") {
        return String(UnicodeScalar(byte))
      }
      let hex = String(byte, radix: 16, uppercase: true)
      return "\\x" + (hex.count < 2 ? "0" + hex : hex)
    }.joined()
  }
}
