import Foundation
import TensorBridge

extension PixelBuffer {
  /// Decodes a JPEG or PNG (recognised by its signature), upright per its EXIF orientation.
  ///
  /// JPEGs decode to ``PixelFormat/rgb8`` (or ``PixelFormat/gray8``; CMYK is converted);
  /// PNGs to ``PixelFormat/rgba8`` when they have transparency, else RGB8 or Gray8, 16-bit
  /// and palette images reduced to 8-bit channels.
  ///
  /// - Throws: ``ImageError`` — `unknownFormat`, `corrupt`, `truncated`, `tooLarge`.
  public init(data: Data, options: ImageDecodingOptions = ImageDecodingOptions()) throws(ImageError) {
    self = try ImageCodec.decode(data, options: options)
  }

  /// Reads and decodes the JPEG or PNG file at `url` (see ``init(data:options:)``).
  public init(contentsOf url: URL, options: ImageDecodingOptions = ImageDecodingOptions()) throws(ImageError) {
    let data: Data
    do { data = try FileContents.read(url, mappedIfSafe: true) } catch {
      throw .file(path: url.path, reason: fileErrorReason(error))
    }
    try self.init(data: data, options: options)
  }

  /// The image as a PNG file (8-bit gray, RGB or RGBA; BGRA and ARGB are reordered to RGBA).
  public func pngData() throws(ImageError) -> Data { try ImageCodec.encodePNG(self) }

  /// Writes the image as a PNG file.
  public func writePNG(to url: URL) throws(ImageError) {
    let data = try pngData()
    do { try data.write(to: url) } catch {
      throw .file(path: url.path, reason: fileErrorReason(error))
    }
  }
}
