/// Draws detections onto a copy of an image: box outlines, keypoints and a label with the
/// score above each box, in a colour per class. The result is RGBA8.
public struct ImageAnnotator: Sendable {
  /// Pixel size of one font dot.
  public var textScale: Int
  /// Box outline thickness in pixels.
  public var lineWidth: Int

  /// Creates an annotator.
  public init(textScale: Int = 2, lineWidth: Int = 2) {
    self.textScale = max(1, textScale)
    self.lineWidth = max(1, lineWidth)
  }

  private static let palette: [(UInt8, UInt8, UInt8)] = [
    (255, 64, 64), (64, 220, 64), (64, 128, 255), (255, 200, 0), (255, 0, 255), (0, 220, 220), (255, 128, 0),
    (160, 96, 255),
  ]

  /// The image with `detections` drawn on it.
  public func annotate(_ image: PixelBuffer, detections: [Detection]) -> PixelBuffer {
    var canvas = image.converted(to: .rgba8).packed()
    for detection in detections {
      let category = detection.categories.first
      let color = Self.palette[(category?.index ?? 0) % Self.palette.count]
      let box = detection.boundingBox
      guard [box.minX, box.minY, box.maxX, box.maxY].allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { continue }
      let left = Int(box.minX.rounded(.down))
      let top = Int(box.minY.rounded(.down))
      let right = Int(box.maxX.rounded(.up)) - 1
      let bottom = Int(box.maxY.rounded(.up)) - 1
      for t in 0..<lineWidth {
        fill(&canvas, x0: left, y0: top + t, x1: right, y1: top + t, color)
        fill(&canvas, x0: left, y0: bottom - t, x1: right, y1: bottom - t, color)
        fill(&canvas, x0: left + t, y0: top, x1: left + t, y1: bottom, color)
        fill(&canvas, x0: right - t, y0: top, x1: right - t, y1: bottom, color)
      }
      for point in detection.keypoints {
        guard point.x.isFinite, point.y.isFinite, abs(point.x) < 1e9, abs(point.y) < 1e9 else { continue }
        let x = Int(point.x)
        let y = Int(point.y)
        fill(&canvas, x0: x - 2, y0: y - 2, x1: x + 2, y1: y + 2, color)
      }
      guard let category else { continue }
      let text = "\(category.label ?? "#\(category.index)") \(Int((category.score * 100).rounded()))%"
      let textHeight = (BitmapFont.height + 2) * textScale
      let textTop = top - textHeight >= 0 ? top - textHeight : top
      let textWidth = text.count * (BitmapFont.width + 1) * textScale + textScale
      fill(&canvas, x0: left, y0: textTop, x1: left + textWidth - 1, y1: textTop + textHeight - 1, color)
      draw(text, on: &canvas, x: left + textScale, y: textTop + textScale)
    }
    return canvas
  }

  private func draw(_ text: String, on canvas: inout PixelBuffer, x: Int, y: Int) {
    var cursor = x
    for character in text {
      for (row, bits) in BitmapFont.rows(character).enumerated() {
        for column in 0..<BitmapFont.width where bits & (1 << (BitmapFont.width - 1 - column)) != 0 {
          let px = cursor + column * textScale
          let py = y + row * textScale
          fill(&canvas, x0: px, y0: py, x1: px + textScale - 1, y1: py + textScale - 1, (0, 0, 0))
        }
      }
      cursor += (BitmapFont.width + 1) * textScale
    }
  }

  /// Fills the rectangle `x0…x1 × y0…y1` (inclusive), clipped to the canvas.
  private func fill(_ canvas: inout PixelBuffer, x0: Int, y0: Int, x1: Int, y1: Int, _ color: (UInt8, UInt8, UInt8)) {
    let left = max(0, x0)
    let right = min(canvas.width - 1, x1)
    let top = max(0, y0)
    let bottom = min(canvas.height - 1, y1)
    guard left <= right, top <= bottom else { return }
    let stride = canvas.bytesPerRow
    canvas.withUnsafeMutableBytes { bytes in
      for y in top...bottom {
        for x in left...right {
          let offset = y * stride + x * 4
          bytes[offset] = color.0
          bytes[offset + 1] = color.1
          bytes[offset + 2] = color.2
          bytes[offset + 3] = 255
        }
      }
    }
  }
}
