import Foundation
import TensorBridgeVision

/// A loss curve drawn into a PNG: white background, grey axes, the losses as a blue polyline
/// scaled to fill the plot area (step on x, loss on y, lowest at the bottom).
enum LossPlot {
  static let width = 640, height = 360, margin = 24

  static func write(_ losses: [Float], to path: String) throws(CLIFailure) {
    var image = Canvas(bytes: [UInt8](repeating: 255, count: width * height * 3))
    let left = margin
    let right = width - margin
    let top = margin
    let bottom = height - margin
    for x in left...right { set(&image, x, bottom, (128, 128, 128)) }
    for y in top...bottom { set(&image, left, y, (128, 128, 128)) }
    let finite = losses.filter(\.isFinite)
    if let low = finite.min(), let high = finite.max() {
      let span = high > low ? high - low : 1
      func point(_ index: Int) -> (Int, Int) {
        let x = losses.count > 1 ? left + (right - left) * index / (losses.count - 1) : (left + right) / 2
        let loss = losses[index].isFinite ? losses[index] : high
        let y = bottom - Int(Float(bottom - top) * (loss - low) / span)
        return (x, y)
      }
      var previous = point(0)
      for index in losses.indices {
        let next = point(index)
        line(&image, from: previous, to: next)
        previous = next
      }
    }
    do {
      let png = try PixelBuffer(width: width, height: height, format: .rgb8, bytes: image.bytes)
      try png.writePNG(to: URL(fileURLWithPath: path))
    } catch { throw CLIFailure("\(path): \(error)") }
  }

  private static func line(_ image: inout Canvas, from a: (Int, Int), to b: (Int, Int)) {
    let steps = max(abs(b.0 - a.0), abs(b.1 - a.1), 1)
    for i in 0...steps {
      let x = a.0 + (b.0 - a.0) * i / steps
      let y = a.1 + (b.1 - a.1) * i / steps
      for dy in -1...1 { set(&image, x, y + dy, (30, 90, 200)) }
    }
  }

  private static func set(_ image: inout Canvas, _ x: Int, _ y: Int, _ color: (UInt8, UInt8, UInt8)) {
    guard x >= 0, y >= 0, x < width, y < height else { return }
    let offset = (y * width + x) * 3
    image.bytes[offset] = color.0
    image.bytes[offset + 1] = color.1
    image.bytes[offset + 2] = color.2
  }

  /// RGB8 pixels, packed rows.
  private struct Canvas { var bytes: [UInt8] }
}
