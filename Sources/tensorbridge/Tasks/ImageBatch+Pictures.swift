import Foundation
import TensorBridgeVision

/// The pictures `detect --annotate` and `segment --mask/--overlay` write, one per image.
extension ImageBatch {
  /// Where the picture of image `position` of `count` goes: `path` itself for a single image,
  /// else `path` numbered from 1 (`out.png` → `out-3.png`).
  static func picturePath(_ path: String, position: Int, of count: Int) -> String {
    guard count != 1 else { return path }
    let url = URL(fileURLWithPath: path)
    let ext = url.pathExtension.isEmpty ? "png" : url.pathExtension
    return url.deletingPathExtension().path + "-\(position + 1)." + ext
  }

  /// Writes `picture` to `path` as a PNG. A file that cannot be written stops the command (the
  /// next images would fail the same way).
  /// - Throws: ``CLIFailure`` saying why the file cannot be written.
  static func writePNG(_ picture: PixelBuffer, to path: String) throws(CLIFailure) {
    do throws(ImageError) { try picture.writePNG(to: URL(fileURLWithPath: path)) } catch {
      throw CLIFailure(error.description)
    }
  }
}
