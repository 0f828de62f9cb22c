import Foundation

/// A TensorFlow Lite (LiteRT) model read from its `.tflite` flatbuffer and
/// fully validated.
///
/// ``init(data:)`` decodes the whole model and checks it before returning, so
/// every value reachable from a `TFLiteModel` is in range: indices point into
/// their lists, shapes have at most ``TFLiteLimits/maxRank`` non-negative
/// dimensions, constant data matches its tensors, and so on (see
/// ``TFLiteFormatError`` for everything that is rejected). Use it as the gate
/// before handing bytes to the LiteRT runtime, which can crash the process on
/// some malformed models, and to list a model's operators, tensors and
/// metadata.
///
/// ```swift
/// let model = try TFLiteModel(data: Data(contentsOf: url))
/// print(model.operatorNames)        // ["CONV_2D", "DEPTHWISE_CONV_2D", ...]
/// let main = model.subgraphs[0]
/// for index in main.inputs { print(main.tensors[index].shape) }
/// ```
public struct TFLiteModel: Sendable {
  /// The schema version of the file (always ``TFLiteLimits/schemaVersion``).
  public let version: UInt32
  /// The model's description, such as `MLIR Converted.`, if any.
  public let description: String?
  /// The subgraphs; index 0 is the main graph. Never empty.
  public let subgraphs: [Subgraph]
  /// The operator code table that operators refer to by index.
  public let operatorCodes: [OperatorCode]
  /// The data buffers that constant tensors and metadata refer to by index.
  public let buffers: [BufferInfo]
  /// The model's signatures (named entry points), possibly empty.
  public let signatures: [SignatureDef]
  /// The named metadata entries, possibly empty.
  public let metadata: [MetadataEntry]

  /// The model bytes, kept so that buffer contents can be returned, the model rewritten, and
  /// the verified bytes handed to a runtime without reading the file again.
  public let data: Data

  /// Parses and fully validates a `.tflite` model.
  ///
  /// Nothing unvalidated escapes: the initializer either returns a model
  /// whose every reference and size has been checked, or throws the first
  /// problem found, with its location. It never traps on malformed input.
  ///
  /// - Parameter data: The complete contents of a `.tflite` file (for models
  ///   larger than 2 GB, including the buffers stored after the flatbuffer).
  /// - Throws: ``TFLiteFormatError`` describing what is wrong and where.
  public init(data: Data) throws(TFLiteFormatError) {
    try self.init(data: data, recording: .verify)
  }

  /// Parses and validates `data`, counted as `step` by a ``LoadObserver``: `.verify` for a
  /// model as given, `.rewrite` for the self-check of a model TensorBridge rewrote.
  init(data: Data, recording step: LoadObserver.Step) throws(TFLiteFormatError) {
    LoadObserver.record(step)
    let result: Result<DecodedModel, TFLiteFormatError> = data.withUnsafeBytes { bytes in
      Result { () throws(TFLiteFormatError) -> DecodedModel in
        let decoded = try ModelDecoder.decode(bytes)
        try ModelValidator.validate(decoded, bytes: bytes)
        return decoded
      }
    }
    let model = try result.get()
    self.data = data
    version = model.version
    description = model.description
    subgraphs = model.subgraphs
    operatorCodes = model.operatorCodes
    buffers = model.buffers
    signatures = model.signatures
    metadata = model.metadata
  }

  /// The size of the model in bytes.
  public var byteCount: Int { data.count }

  /// The bytes of buffer `index`, or nil if there is no such buffer.
  /// An empty buffer yields empty data.
  public func bufferData(at index: Int) -> Data? {
    guard index >= 0, index < buffers.count else { return nil }
    guard let range = buffers[index].byteRange else { return Data() }
    return bytes(in: range)
  }

  /// The bytes of the first metadata entry called `name`, or nil if there is none.
  ///
  /// For example `metadata(named: "min_runtime_version")` holds a
  /// zero-padded version string such as `1.14.0`.
  public func metadata(named name: String) -> Data? {
    guard let entry = metadata.first(where: { $0.name == name }) else { return nil }
    return bufferData(at: entry.bufferIndex)
  }

  /// The constant data of a tensor, or nil if the indices are out of range
  /// or the tensor has no constant data.
  public func constantData(subgraph subgraphIndex: Int, tensor tensorIndex: Int) -> Data? {
    guard subgraphIndex >= 0, subgraphIndex < subgraphs.count else { return nil }
    let tensors = subgraphs[subgraphIndex].tensors
    guard tensorIndex >= 0, tensorIndex < tensors.count, tensors[tensorIndex].hasConstantData else { return nil }
    return bufferData(at: tensors[tensorIndex].bufferIndex)
  }

  /// The operator code of `op` (its ``OperatorInfo/opcodeIndex`` is always in range).
  public func operatorCode(of op: OperatorInfo) -> OperatorCode? {
    guard op.opcodeIndex >= 0, op.opcodeIndex < operatorCodes.count else { return nil }
    return operatorCodes[op.opcodeIndex]
  }

  /// The distinct names of the operators the model uses, across all
  /// subgraphs, in order of first use: builtin names such as `CONV_2D`, and
  /// custom codes for custom operators.
  public var operatorNames: [String] {
    distinctNames(of: operatorCodes.map(\.name))
  }

  /// The distinct custom operator names the model uses, in order of first use.
  /// A runtime must provide these (or a delegate that claims them).
  public var customOperatorNames: [String] {
    distinctNames(of: operatorCodes.map { $0.isCustom ? $0.customCode : nil })
  }

  /// Walks all operators in order and collects the distinct non-nil names
  /// their codes map to in `namesByCode`.
  private func distinctNames(of namesByCode: [String?]) -> [String] {
    var seen = Set<String>()
    var names: [String] = []
    for subgraph in subgraphs {
      for op in subgraph.operators where op.opcodeIndex >= 0 && op.opcodeIndex < namesByCode.count {
        if let name = namesByCode[op.opcodeIndex], seen.insert(name).inserted {
          names.append(name)
        }
      }
    }
    return names
  }

  /// Copies the bytes at `range` (offsets from the start of the model).
  private func bytes(in range: Range<Int>) -> Data {
    let start = data.startIndex &+ range.lowerBound
    return data.subdata(in: start..<(start &+ range.count))
  }
}
