/// How the bytes of one pixel are laid out in a ``PixelBuffer``. Every format has 8 bits per
/// channel.
public enum PixelFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Red, green, blue, alpha.
  case rgba8
  /// Blue, green, red, alpha (the usual camera-frame layout on Apple platforms).
  case bgra8
  /// Alpha, red, green, blue.
  case argb8
  /// Red, green, blue.
  case rgb8
  /// One luminance channel.
  case gray8

  /// Bytes per pixel.
  public var bytesPerPixel: Int {
    switch self {
    case .rgba8, .bgra8, .argb8: 4
    case .rgb8: 3
    case .gray8: 1
    }
  }

  /// Byte offsets of red, green and blue inside a pixel (all 0 for ``gray8``).
  public var rgbOffsets: (red: Int, green: Int, blue: Int) {
    switch self {
    case .rgba8, .rgb8: (0, 1, 2)
    case .bgra8: (2, 1, 0)
    case .argb8: (1, 2, 3)
    case .gray8: (0, 0, 0)
    }
  }

  /// The byte offset of alpha inside a pixel, or `nil` when the format has none.
  public var alphaOffset: Int? {
    switch self {
    case .rgba8, .bgra8: 3
    case .argb8: 0
    case .rgb8, .gray8: nil
    }
  }

  /// Whether the format has colour (everything but ``gray8``).
  public var hasColor: Bool { self != .gray8 }

  public var description: String {
    switch self {
    case .rgba8: "RGBA8"
    case .bgra8: "BGRA8"
    case .argb8: "ARGB8"
    case .rgb8: "RGB8"
    case .gray8: "Gray8"
    }
  }
}
