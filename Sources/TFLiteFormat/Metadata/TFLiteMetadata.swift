import Foundation

/// The TensorFlow Lite model metadata stored in a model's `TFLITE_METADATA`
/// buffer: what the model does, what its inputs and outputs mean, how to
/// pre- and post-process them, and which associated files (labels,
/// vocabularies) belong to which tensor.
///
/// The buffer is a flatbuffer of the `ModelMetadata` table from
/// `metadata_schema.fbs` with file identifier `M001`. Parsing checks every
/// read against the buffer's bounds and never traps on malformed input.
///
/// ```swift
/// let model = try TFLiteModel(data: bytes)
/// if let metadata = try model.tfliteMetadata() {
///     print(metadata.name ?? "unnamed")
///     let output = metadata.subgraphs.first?.outputs.first
///     print(output?.associatedFiles.map(\.name) ?? [])   // [Optional("labels.txt")]
/// }
/// ```
///
/// The associated files themselves live in a ZIP archive appended to the
/// model; read them with ``AssociatedFiles``.
public struct TFLiteMetadata: Sendable, Equatable {
  /// The model's name, such as `ImageClassifier`.
  public let name: String?
  /// What the model does.
  public let description: String?
  /// The version of the model (not of the metadata schema).
  public let version: String?
  /// Who made the model.
  public let author: String?
  /// The model's license.
  public let license: String?
  /// The oldest metadata parser version that understands every field used,
  /// such as `1.0.0`.
  public let minParserVersion: String?
  /// Metadata of each subgraph, in subgraph order (usually one).
  public let subgraphs: [SubgraphMetadata]
  /// Files attached to the whole model.
  public let associatedFiles: [AssociatedFileInfo]

  /// Parses the bytes of a `TFLITE_METADATA` buffer.
  ///
  /// - Parameter data: The buffer's bytes, as returned by
  ///   `TFLiteModel.metadata(named: "TFLITE_METADATA")`.
  /// - Throws: ``TFLiteFormatError`` naming the malformed field in key-path
  ///   form, for example
  ///   `subgraph_metadata[0].input_tensor_metadata[1].process_units[0]`.
  public init(data: Data) throws(TFLiteFormatError) {
    let result: Result<TFLiteMetadata, TFLiteFormatError> = data.withUnsafeBytes { bytes in
      Result { () throws(TFLiteFormatError) -> TFLiteMetadata in try MetadataDecoder.decode(bytes) }
    }
    self = try result.get()
  }

  /// Creates metadata from its parts.
  public init(
    name: String?, description: String?, version: String?, author: String?, license: String?,
    minParserVersion: String?, subgraphs: [SubgraphMetadata], associatedFiles: [AssociatedFileInfo]
  ) {
    self.name = name
    self.description = description
    self.version = version
    self.author = author
    self.license = license
    self.minParserVersion = minParserVersion
    self.subgraphs = subgraphs
    self.associatedFiles = associatedFiles
  }

  /// Every associated file the metadata mentions, in document order: the
  /// model's, then each subgraph's, each tensor's, and those of tokenizer
  /// process units. A file mentioned more than once appears each time.
  public var allAssociatedFiles: [AssociatedFileInfo] {
    var files = associatedFiles
    for subgraph in subgraphs {
      files += subgraph.associatedFiles
      for tensor in subgraph.inputs + subgraph.outputs {
        files += tensor.associatedFiles
        files += tensor.processUnits.flatMap(\.associatedFiles)
      }
      files += (subgraph.inputProcessUnits + subgraph.outputProcessUnits).flatMap(\.associatedFiles)
    }
    return files
  }
}

extension ProcessUnit {
  /// The associated files a tokenizer process unit refers to (empty for other units).
  public var associatedFiles: [AssociatedFileInfo] {
    switch self {
    case .bertTokenizer(let vocab): return vocab
    case .sentencePieceTokenizer(let model, let vocab): return model + vocab
    case .regexTokenizer(_, let vocab): return vocab
    default: return []
    }
  }
}
