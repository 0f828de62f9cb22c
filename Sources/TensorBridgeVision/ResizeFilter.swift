/// The filter used to resample an image.
///
/// Both filters widen with the downscale factor, so every source pixel contributes (no
/// aliasing), and both are computed exactly as Pillow computes them (same coefficients, same
/// 22-bit fixed point, horizontal pass then vertical), so a Python pipeline that resizes with
/// Pillow gets the same pixels.
public enum ResizeFilter: String, Sendable, Hashable, CaseIterable {
  /// Triangle filter: plain bilinear interpolation when enlarging, antialiased when shrinking
  /// (Pillow's `Image.BILINEAR`).
  case bilinear
  /// Box filter: each output pixel is the area average of the source pixels it covers, the
  /// right choice for large downscales (Pillow's `Image.BOX`).
  case area

  var support: Double {
    switch self {
    case .bilinear: 1
    case .area: 0.5
    }
  }

  @inline(__always) func weight(_ x: Double) -> Double {
    switch self {
    case .bilinear:
      let magnitude = abs(x)
      return magnitude < 1 ? 1 - magnitude : 0
    case .area:
      return x > -0.5 && x <= 0.5 ? 1 : 0
    }
  }
}
