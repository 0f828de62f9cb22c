/// A named metadata entry whose bytes live in one of the model's buffers.
///
/// Common names are `min_runtime_version`, `CONVERSION_METADATA` and
/// `TFLITE_METADATA`; use ``TFLiteModel/metadata(named:)`` to read the bytes.
public struct MetadataEntry: Sendable, Hashable {
  /// The metadata name.
  public let name: String
  /// Index into ``TFLiteModel/buffers``, always in range.
  public let bufferIndex: Int
}
