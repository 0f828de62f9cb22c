/// The map from output pixels to source positions that MediaPipe's OpenCV image-to-tensor step
/// hands `warpPerspective`, computed as OpenCV computes it, so that positions rounding to a tie
/// at 1/32 pixel round the same way (a 451 × 300 photo onto a 256 × 256 tensor: 300 / 256 × 32
/// is 37.5, and the last bit of the matrix decides every odd row).
///
/// MediaPipe builds a `cv::RotatedRect` (the region's centre and size, angle 0), takes its
/// corners with `boxPoints` (in `Float`), solves for the rectangle-to-tensor transform with
/// `getPerspectiveTransform` (an 8 × 8 system by Gaussian elimination with partial pivoting, in
/// `Double`), and `warpPerspective`, not told the map is inverse, inverts it (the closed-form
/// 3 × 3 inverse over its determinant) and evaluates it per pixel in blocks of 64 columns. Each
/// step here is OpenCV 4.10's, checked bit for bit against `cv2` (`WarpScalerTests`).
struct OpenCVPerspective {
  /// The inverse map, row-major: source = (m0·x + m1·y + m2, m3·x + m4·y + m5) / (m6·x + m7·y + m8).
  let m: [Double]
  /// `warpPerspective`'s block width (`BLOCK_SZ * BLOCK_SZ / bh0`, at most the output's width).
  let blockWidth: Int

  /// The map for the region `x0…x1 × y0…y1` onto a `width × height` output; nil when OpenCV
  /// would find the system singular.
  init?(x0: Double, y0: Double, x1: Double, y1: Double, width: Int, height: Int) {
    let blockHeight = min(16, height)
    blockWidth = min(1024 / max(blockHeight, 1), width)
    // cv::RotatedRect::points at angle 0, in Float: b = cos(0) / 2, a = sin(0) / 2 = 0.
    let centerX = Float((x0 + x1) / 2)
    let centerY = Float((y0 + y1) / 2)
    let boxWidth = Float(x1 - x0)
    let boxHeight = Float(y1 - y0)
    let b: Float = 0.5
    let a: Float = 0
    let p0 = (centerX - a * boxHeight - b * boxWidth, centerY + b * boxHeight - a * boxWidth)
    let p1 = (centerX + a * boxHeight - b * boxWidth, centerY - b * boxHeight - a * boxWidth)
    let p2 = (2 * centerX - p0.0, 2 * centerY - p0.1)
    let p3 = (2 * centerX - p1.0, 2 * centerY - p1.1)
    let (w, h) = (Float(width), Float(height))
    let target: [(Float, Float)] = [(0, h), (0, 0), (w, 0), (w, h)]
    guard let forward = Self.perspectiveTransform(from: [p0, p1, p2, p3], to: target),
      let inverse = Self.inverted(forward)
    else { return nil }
    m = inverse
  }

  /// Whether the map is a scale and a shift (no term mixes the axes, the denominator is
  /// constant): a source column then depends on the output column alone, a row on the row.
  var isAxisAligned: Bool { m[1] == 0 && m[3] == 0 && m[6] == 0 && m[7] == 0 }

  /// The fixed-point (1/32 pixel) source position of output pixel `(x, y)`, rounded half to
  /// even and saturated as `warpPerspective` does.
  @inline(__always) func fixedPoint(x: Int, y: Int) -> (x: Int, y: Int) {
    let blockX = x - x % blockWidth
    let offset = Double(x - blockX)
    let column = Double(blockX)
    let row = Double(y)
    let x0 = m[0] * column + m[1] * row + m[2]
    let y0 = m[3] * column + m[4] * row + m[5]
    let w0 = m[6] * column + m[7] * row + m[8]
    var weight = w0 + m[6] * offset
    weight = weight != 0 ? 32 / weight : 0
    return (Self.round((x0 + m[0] * offset) * weight), Self.round((y0 + m[3] * offset) * weight))
  }

  /// `saturate_cast<int>(double)`: to the nearest integer, halves to even, within 32 bits.
  @inline(__always) private static func round(_ value: Double) -> Int {
    let clamped = min(max(value, Double(Int32.min)), Double(Int32.max))
    guard clamped.isFinite else { return 0 }
    return Int(clamped.rounded(.toNearestOrEven))
  }

  /// `cv::getPerspectiveTransform` (`DECOMP_LU`): the 8 unknowns by OpenCV's `LUImpl`. The
  /// points are `Point2f`, so the products in the matrix are `Float` products, as in C++.
  private static func perspectiveTransform(from source: [(Float, Float)], to target: [(Float, Float)]) -> [Double]? {
    var a = [[Double]](repeating: [Double](repeating: 0, count: 8), count: 8)
    var b = [Double](repeating: 0, count: 8)
    for i in 0..<4 {
      let (sx, sy) = source[i]
      let (dx, dy) = target[i]
      a[i][0] = Double(sx)
      a[i + 4][3] = Double(sx)
      a[i][1] = Double(sy)
      a[i + 4][4] = Double(sy)
      a[i][2] = 1
      a[i + 4][5] = 1
      a[i][6] = Double(-sx * dx)
      a[i][7] = Double(-sy * dx)
      a[i + 4][6] = Double(-sx * dy)
      a[i + 4][7] = Double(-sy * dy)
      b[i] = Double(dx)
      b[i + 4] = Double(dy)
    }
    for i in 0..<8 {
      var pivot = i
      for j in (i + 1)..<8 where abs(a[j][i]) > abs(a[pivot][i]) { pivot = j }
      if abs(a[pivot][i]) < Double.ulpOfOne * 10 { return nil }
      if pivot != i {
        for j in i..<8 { (a[i][j], a[pivot][j]) = (a[pivot][j], a[i][j]) }
        b.swapAt(i, pivot)
      }
      let d = -1 / a[i][i]
      for j in (i + 1)..<8 {
        let alpha = a[j][i] * d
        for k in (i + 1)..<8 { a[j][k] += alpha * a[i][k] }
        b[j] += alpha * b[i]
      }
    }
    for i in stride(from: 7, through: 0, by: -1) {
      var s = b[i]
      for k in (i + 1)..<8 { s -= a[i][k] * b[k] }
      b[i] = s / a[i][i]
    }
    return b + [1]
  }

  /// `cv::invert` (`DECOMP_LU`) of a 3 × 3 matrix: its closed form over the determinant.
  private static func inverted(_ s: [Double]) -> [Double]? {
    func e(_ r: Int, _ c: Int) -> Double { s[r * 3 + c] }
    let determinant =
      e(0, 0) * (e(1, 1) * e(2, 2) - e(1, 2) * e(2, 1)) - e(0, 1) * (e(1, 0) * e(2, 2) - e(1, 2) * e(2, 0))
      + e(0, 2) * (e(1, 0) * e(2, 1) - e(1, 1) * e(2, 0))
    guard determinant != 0 else { return nil }
    let d = 1 / determinant
    return [
      (e(1, 1) * e(2, 2) - e(1, 2) * e(2, 1)) * d, (e(0, 2) * e(2, 1) - e(0, 1) * e(2, 2)) * d,
      (e(0, 1) * e(1, 2) - e(0, 2) * e(1, 1)) * d, (e(1, 2) * e(2, 0) - e(1, 0) * e(2, 2)) * d,
      (e(0, 0) * e(2, 2) - e(0, 2) * e(2, 0)) * d, (e(0, 2) * e(1, 0) - e(0, 0) * e(1, 2)) * d,
      (e(1, 0) * e(2, 1) - e(1, 1) * e(2, 0)) * d, (e(0, 1) * e(2, 0) - e(0, 0) * e(2, 1)) * d,
      (e(0, 0) * e(1, 1) - e(0, 1) * e(1, 0)) * d,
    ]
  }
}
