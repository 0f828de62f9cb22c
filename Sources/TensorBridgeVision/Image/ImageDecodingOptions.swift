/// Options for decoding JPEG and PNG images into a ``PixelBuffer``.
public struct ImageDecodingOptions: Sendable, Equatable {
  /// Turn the pixels upright as the EXIF orientation tag says (default `true`).
  public var appliesOrientation: Bool
  /// Images with more pixels than this are refused before any memory is allocated for them.
  public var maximumPixelCount: Int
  /// When set, a JPEG may be decoded at 1/2, 1/4 or 1/8 of its size in the DCT domain (much
  /// faster) as long as the result still covers this size (after orientation) in both
  /// dimensions. Use it when the image is about to be shrunk to a model's input anyway.
  public var minimumSize: (width: Int, height: Int)?

  /// Creates decoding options.
  public init(
    appliesOrientation: Bool = true, maximumPixelCount: Int = 100_000_000,
    minimumSize: (width: Int, height: Int)? = nil
  ) {
    self.appliesOrientation = appliesOrientation
    self.maximumPixelCount = maximumPixelCount
    self.minimumSize = minimumSize
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.appliesOrientation == rhs.appliesOrientation && lhs.maximumPixelCount == rhs.maximumPixelCount
      && lhs.minimumSize?.width == rhs.minimumSize?.width && lhs.minimumSize?.height == rhs.minimumSize?.height
  }
}
