extension TFLiteModel {
  /// The associated files (labels, calibration, vocabularies) packed after the model's
  /// flatbuffer, read from the bytes this model was parsed from.
  ///
  /// - Throws: ``TFLiteFormatError`` when an archive is present but malformed.
  public func associatedFiles() throws(TFLiteFormatError) -> AssociatedFiles {
    try AssociatedFiles(modelData: data)
  }
}
