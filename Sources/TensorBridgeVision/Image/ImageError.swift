/// Why an image could not be read, written or transformed.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The bytes are neither a JPEG nor a PNG (the first bytes are given in hex).
  case unknownFormat(leadingBytes: String)
  /// The image data is damaged; the decoder's own message says how.
  case corrupt(format: String, reason: String)
  /// The image data ends before the image does.
  case truncated(format: String, reason: String)
  /// The image is larger than the decoder accepts.
  case tooLarge(width: Int, height: Int, limit: Int)
  /// A file could not be read or written.
  case file(path: String, reason: String)
  /// Raw pixel bytes do not fit the declared size and format.
  case pixelDataSize(width: Int, height: Int, bytesPerRow: Int, format: PixelFormat, expected: Int, actual: Int)
  /// A width, height or row stride is impossible (zero, negative, or a row narrower than its pixels).
  case invalidGeometry(width: Int, height: Int, bytesPerRow: Int, format: PixelFormat)
  /// A region lies (partly) outside the image or is empty.
  case regionOutOfBounds(x: Double, y: Double, width: Double, height: Double, imageWidth: Int, imageHeight: Int)
  /// The encoder failed.
  case encodingFailed(reason: String)

  public var description: String {
    switch self {
    case .unknownFormat(let bytes):
      return "The data is not a JPEG or PNG image (it starts with \(bytes.isEmpty ? "nothing" : bytes))."
    case .corrupt(let format, let reason):
      return "The \(format) image is corrupt: \(reason)."
    case .truncated(let format, let reason):
      return "The \(format) image is truncated: \(reason)."
    case .tooLarge(let width, let height, let limit):
      return "The image is \(width)x\(height) pixels, more than the limit of \(limit) pixels."
    case .file(let path, let reason):
      return "Cannot access \(path): \(reason)."
    case .pixelDataSize(let width, let height, let bytesPerRow, let format, let expected, let actual):
      return
        "A \(width)x\(height) \(format) image with \(bytesPerRow) bytes per row needs at least \(expected) bytes but \(actual) were given."
    case .invalidGeometry(let width, let height, let bytesPerRow, let format):
      return
        "A \(width)x\(height) \(format) image cannot have \(bytesPerRow) bytes per row (width and height must be positive and a row at least \(max(0, width) * format.bytesPerPixel) bytes)."
    case .regionOutOfBounds(let x, let y, let width, let height, let imageWidth, let imageHeight):
      return
        "The region at (\(x), \(y)) of size \(width)x\(height) is empty or outside the \(imageWidth)x\(imageHeight) image."
    case .encodingFailed(let reason):
      return "The image could not be encoded: \(reason)."
    }
  }
}
