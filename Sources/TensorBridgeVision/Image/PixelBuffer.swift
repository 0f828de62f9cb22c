import Foundation

/// An image in memory: `height` rows of `width` pixels in one ``PixelFormat``, rows
/// ``bytesPerRow`` apart (which may be more than `width × bytesPerPixel`, as camera frames and
/// padded buffers have).
///
/// Pixel `(x, y)` starts at byte `y * bytesPerRow + x * format.bytesPerPixel` — never
/// `width * 4`. The buffer owns its bytes and is a value type.
///
/// ```swift
/// let image = try PixelBuffer(contentsOf: URL(fileURLWithPath: "photo.jpg"))  // EXIF applied
/// let square = try image.centerSquareCropped().resized(width: 224, height: 224)
/// try square.pngData().write(to: URL(fileURLWithPath: "square.png"))
/// ```
public struct PixelBuffer: Sendable, Equatable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Bytes from the start of one row to the start of the next.
  public let bytesPerRow: Int
  /// The pixel layout.
  public let format: PixelFormat
  /// The bytes, `height * bytesPerRow` of them (the last row may be shorter: only its pixels
  /// are required).
  public internal(set) var bytes: [UInt8]

  /// Creates a buffer from raw bytes with any row stride. The bytes are copied.
  ///
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  ///   - format: The pixel layout of `bytes`.
  ///   - bytesPerRow: the stride; `nil` means packed rows (`width × bytesPerPixel`).
  ///   - bytes: The pixels, row after row, at least `height` rows of `bytesPerRow` bytes (the
  ///     last row only needs its pixels).
  /// - Throws: ``ImageError/invalidGeometry(width:height:bytesPerRow:format:)`` or
  ///   ``ImageError/pixelDataSize(width:height:bytesPerRow:format:expected:actual:)``.
  public init<Bytes: Collection<UInt8>>(
    width: Int, height: Int, format: PixelFormat, bytesPerRow: Int? = nil, bytes: Bytes
  ) throws(ImageError) {
    let stride = bytesPerRow ?? width &* format.bytesPerPixel
    let required = try Self.requiredByteCount(width: width, height: height, bytesPerRow: stride, format: format)
    guard bytes.count >= required else {
      throw .pixelDataSize(
        width: width, height: height, bytesPerRow: stride, format: format,
        expected: required, actual: bytes.count)
    }
    self.width = width
    self.height = height
    self.bytesPerRow = stride
    self.format = format
    self.bytes = Array(bytes.prefix(required))
  }

  /// A packed buffer filled with `value` in every byte (0: black, transparent).
  public init(width: Int, height: Int, format: PixelFormat, filledWith value: UInt8 = 0) throws(ImageError) {
    let stride = width &* format.bytesPerPixel
    let required = try Self.requiredByteCount(width: width, height: height, bytesPerRow: stride, format: format)
    self.width = width
    self.height = height
    self.bytesPerRow = stride
    self.format = format
    self.bytes = [UInt8](repeating: value, count: required)
  }

  /// Internal: takes ownership of packed or strided bytes already checked by the caller.
  init(uncheckedWidth width: Int, height: Int, format: PixelFormat, bytesPerRow: Int, bytes: [UInt8]) {
    self.width = width
    self.height = height
    self.bytesPerRow = bytesPerRow
    self.format = format
    self.bytes = bytes
  }

  /// The bytes a buffer of this geometry needs (`(height − 1) × bytesPerRow + width × bpp`).
  static func requiredByteCount(width: Int, height: Int, bytesPerRow: Int, format: PixelFormat) throws(ImageError)
    -> Int
  {
    let (rowBytes, overflow) = width.multipliedReportingOverflow(by: format.bytesPerPixel)
    guard width > 0, height > 0, !overflow, bytesPerRow >= rowBytes else {
      throw .invalidGeometry(width: width, height: height, bytesPerRow: bytesPerRow, format: format)
    }
    let (rows, overflow2) = (height - 1).multipliedReportingOverflow(by: bytesPerRow)
    let (total, overflow3) = rows.addingReportingOverflow(rowBytes)
    guard !overflow2, !overflow3 else {
      throw .invalidGeometry(width: width, height: height, bytesPerRow: bytesPerRow, format: format)
    }
    return total
  }

  /// The byte offset of pixel `(x, y)`.
  @inlinable public func offset(x: Int, y: Int) -> Int { y * bytesPerRow + x * format.bytesPerPixel }

  /// The channels of pixel `(x, y)` in the buffer's format order, or `nil` outside the image.
  public func pixel(x: Int, y: Int) -> [UInt8]? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    let start = offset(x: x, y: y)
    return Array(bytes[start..<start + format.bytesPerPixel])
  }

  /// Red, green and blue of pixel `(x, y)` (gray repeated for ``PixelFormat/gray8``), or `nil`
  /// outside the image.
  public func rgb(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8)? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    let start = offset(x: x, y: y)
    let channels = format.rgbOffsets
    return (bytes[start + channels.red], bytes[start + channels.green], bytes[start + channels.blue])
  }

  /// Calls `body` with the buffer's bytes.
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try bytes.withUnsafeBytes(body)
  }

  /// Calls `body` with the buffer's bytes, writable.
  public mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
    try bytes.withUnsafeMutableBytes(body)
  }

  /// The same pixels with packed rows (`bytesPerRow == width × bytesPerPixel`).
  public func packed() -> PixelBuffer {
    let rowBytes = width * format.bytesPerPixel
    if bytesPerRow == rowBytes { return self }
    var out = [UInt8](repeating: 0, count: rowBytes * height)
    for y in 0..<height {
      let from = y * bytesPerRow
      out.replaceSubrange(y * rowBytes..<(y + 1) * rowBytes, with: bytes[from..<from + rowBytes])
    }
    return PixelBuffer(uncheckedWidth: width, height: height, format: format, bytesPerRow: rowBytes, bytes: out)
  }

  /// ITU-R 601 luma in Pillow's fixed point.
  @inline(__always) static func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    let red: Int = 19595 * Int(r)
    let green: Int = 38470 * Int(g)
    let blue: Int = 7471 * Int(b)
    return UInt8(truncatingIfNeeded: (red + green + blue + 0x8000) >> 16)
  }

  /// The same image in another pixel format. Colour to gray uses ITU-R 601 luma in PIL's
  /// fixed point (`(19595 R + 38470 G + 7471 B + 32768) >> 16`, as `convert("L")`); added alpha is opaque.
  public func converted(to target: PixelFormat) -> PixelBuffer {
    if target == format { return self }
    let outBPP = target.bytesPerPixel
    var out = [UInt8](repeating: 0, count: width * height * outBPP)
    let from = format.rgbOffsets
    let to = target.rgbOffsets
    let inBPP = format.bytesPerPixel
    let fromAlpha = format.alphaOffset
    bytes.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { destination in
        for y in 0..<height {
          var s = y * bytesPerRow
          var d = y * width * outBPP
          for _ in 0..<width {
            let r = source[s + from.red]
            let g = source[s + from.green]
            let b = source[s + from.blue]
            if target == .gray8 {
              destination[d] = PixelBuffer.luma(r, g, b)
            } else {
              destination[d + to.red] = r
              destination[d + to.green] = g
              destination[d + to.blue] = b
              if let alpha = target.alphaOffset { destination[d + alpha] = fromAlpha.map { source[s + $0] } ?? 255 }
            }
            s += inBPP
            d += outBPP
          }
        }
      }
    }
    return PixelBuffer(uncheckedWidth: width, height: height, format: target, bytesPerRow: width * outBPP, bytes: out)
  }
}
