import CVisionCodecs
import Foundation

/// Decoding and encoding through libjpeg-turbo and libpng (the C wrappers in `CVisionCodecs`
/// catch the libraries' fatal errors, so damaged data becomes an ``ImageError``).
enum ImageCodec {
  enum Kind: String { case jpeg = "JPEG", png = "PNG" }

  static func kind(of bytes: UnsafeRawBufferPointer) -> Kind? {
    if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    if bytes.count >= 8, signature.indices.allSatisfy({ bytes[$0] == signature[$0] }) { return .png }
    return nil
  }

  static func decode(_ data: Data, options: ImageDecodingOptions) throws(ImageError) -> PixelBuffer {
    try decodeScaled(data, options: options).image
  }

  /// The decoded image and the factor it was shrunk by while decoding (a JPEG decoded at 1/2,
  /// 1/4 or 1/8 for ``ImageDecodingOptions/minimumSize``; else 1): a pixel `(x, y)` of the
  /// result covers `scale × scale` pixels of the full-size image from `(scale·x, scale·y)`.
  /// `fullWidth × fullHeight` is the full-size image's (upright when the orientation is applied).
  static func decodeScaled(
    _ data: Data, options: ImageDecodingOptions
  ) throws(ImageError) -> (image: PixelBuffer, scale: Int, fullWidth: Int, fullHeight: Int) {
    let result: Result<(image: PixelBuffer, scale: Int, fullWidth: Int, fullHeight: Int), ImageError> =
      data.withUnsafeBytes { bytes in
        do throws(ImageError) {
          switch kind(of: bytes) {
          case .jpeg: return .success(try decodeJPEG(bytes, options: options))
          case .png:
            let image = try decodePNG(bytes, options: options)
            return .success((image, 1, image.width, image.height))
          case nil:
            return .failure(
              .unknownFormat(leadingBytes: bytes.prefix(8).map { String(format: "%02x", $0) }.joined(separator: " ")))
          }
        } catch { return .failure(error) }
      }
    return try result.get()
  }

  private static func failure(_ status: Int32, _ kind: Kind, _ message: [CChar]) -> ImageError {
    let text = message.withUnsafeBufferPointer { buffer in
      String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    let reason = text.isEmpty ? "the decoder gave no reason" : text
    return Int(status) == Int(TBV_ERROR_TRUNCATED)
      ? .truncated(format: kind.rawValue, reason: reason)
      : .corrupt(format: kind.rawValue, reason: reason)
  }

  private static func decodeJPEG(
    _ bytes: UnsafeRawBufferPointer, options: ImageDecodingOptions
  ) throws(ImageError) -> (image: PixelBuffer, scale: Int, fullWidth: Int, fullHeight: Int) {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
      throw .unknownFormat(leadingBytes: "")
    }
    var message = [CChar](repeating: 0, count: Int(TBV_MESSAGE_SIZE))
    let orientation = options.appliesOrientation ? EXIFReader.jpegOrientation(bytes) ?? .up : .up
    var width: Int32 = 0
    var height: Int32 = 0
    var channels: Int32 = 0
    var status = tbv_jpeg_header(base, bytes.count, 1, &width, &height, &channels, &message)
    guard status == TBV_OK else { throw failure(status, .jpeg, message) }
    try checkSize(Int(width), Int(height), options)
    let (fullWidth, fullHeight) = orientation.swapsDimensions ? (Int(height), Int(width)) : (Int(width), Int(height))
    var denominator: Int32 = 1
    if let minimum = options.minimumSize {
      let (needW, needH) =
        orientation.swapsDimensions ? (minimum.height, minimum.width) : (minimum.width, minimum.height)
      for candidate: Int32 in [8, 4, 2] {
        let w = (Int(width) + Int(candidate) - 1) / Int(candidate)
        let h = (Int(height) + Int(candidate) - 1) / Int(candidate)
        if w >= needW, h >= needH {
          denominator = candidate
          break
        }
      }
      if denominator != 1 {
        status = tbv_jpeg_header(base, bytes.count, denominator, &width, &height, &channels, &message)
        guard status == TBV_OK else { throw failure(status, .jpeg, message) }
      }
    }
    let format: PixelFormat = channels == 1 ? .gray8 : .rgb8
    let rowBytes = Int(width) * format.bytesPerPixel
    var pixels = [UInt8](repeating: 0, count: rowBytes * Int(height))
    status = pixels.withUnsafeMutableBufferPointer { out in
      tbv_jpeg_decode(base, bytes.count, denominator, width, height, channels, out.baseAddress, rowBytes, &message)
    }
    guard status == TBV_OK else { throw failure(status, .jpeg, message) }
    let image = PixelBuffer(
      uncheckedWidth: Int(width), height: Int(height), format: format, bytesPerRow: rowBytes, bytes: pixels)
    return (image.oriented(orientation), Int(denominator), fullWidth, fullHeight)
  }

  private static func decodePNG(_ bytes: UnsafeRawBufferPointer, options: ImageDecodingOptions) throws(ImageError)
    -> PixelBuffer
  {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
      throw .unknownFormat(leadingBytes: "")
    }
    var message = [CChar](repeating: 0, count: Int(TBV_MESSAGE_SIZE))
    var width: Int32 = 0
    var height: Int32 = 0
    var hasColor: Int32 = 0
    var hasAlpha: Int32 = 0
    var status = tbv_png_header(base, bytes.count, &width, &height, &hasColor, &hasAlpha, &message)
    guard status == TBV_OK else { throw failure(status, .png, message) }
    try checkSize(Int(width), Int(height), options)
    let format: PixelFormat = hasAlpha != 0 ? .rgba8 : hasColor != 0 ? .rgb8 : .gray8
    let rowBytes = Int(width) * format.bytesPerPixel
    var pixels = [UInt8](repeating: 0, count: rowBytes * Int(height))
    status = pixels.withUnsafeMutableBufferPointer { out in
      tbv_png_decode(base, bytes.count, Int32(format.bytesPerPixel), out.baseAddress, rowBytes, &message)
    }
    guard status == TBV_OK else { throw failure(status, .png, message) }
    let image = PixelBuffer(
      uncheckedWidth: Int(width), height: Int(height), format: format, bytesPerRow: rowBytes, bytes: pixels)
    let orientation = options.appliesOrientation ? EXIFReader.pngOrientation(bytes) ?? .up : .up
    return image.oriented(orientation)
  }

  private static func checkSize(_ width: Int, _ height: Int, _ options: ImageDecodingOptions) throws(ImageError) {
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard width > 0, height > 0, !overflow, pixels <= options.maximumPixelCount else {
      throw .tooLarge(width: width, height: height, limit: options.maximumPixelCount)
    }
  }

  static func encodePNG(_ image: PixelBuffer) throws(ImageError) -> Data {
    // libpng takes gray, RGB or RGBA; other layouts are converted first.
    let source: PixelBuffer
    switch image.format {
    case .gray8, .rgb8, .rgba8: source = image
    case .bgra8, .argb8: source = image.converted(to: .rgba8)
    }
    var message = [CChar](repeating: 0, count: Int(TBV_MESSAGE_SIZE))
    var output: UnsafeMutablePointer<UInt8>?
    var size = 0
    let status = source.bytes.withUnsafeBufferPointer { pixels in
      tbv_png_encode(
        pixels.baseAddress, Int32(source.width), Int32(source.height), Int32(source.format.bytesPerPixel),
        source.bytesPerRow, &output, &size, &message)
    }
    guard status == TBV_OK, let output else {
      let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw .encodingFailed(reason: text.isEmpty ? "libpng gave no reason" : text)
    }
    defer { tbv_free(output) }
    return Data(bytes: output, count: size)
  }
}
