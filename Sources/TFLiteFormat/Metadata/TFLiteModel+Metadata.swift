/// The name of the metadata entry holding the TFLite model metadata flatbuffer.
let tfliteMetadataEntryName = "TFLITE_METADATA"

extension TFLiteModel {
  /// Parses the model's `TFLITE_METADATA` entry.
  ///
  /// - Returns: The metadata, or nil when the model has no `TFLITE_METADATA` entry.
  /// - Throws: ``TFLiteFormatError`` when the entry exists but is malformed.
  public func tfliteMetadata() throws(TFLiteFormatError) -> TFLiteMetadata? {
    guard let data = metadata(named: tfliteMetadataEntryName) else { return nil }
    return try TFLiteMetadata(data: data)
  }
}
