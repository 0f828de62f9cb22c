import Foundation
import TensorBridge

/// A JPEG or PNG file decoded for one model input (upright per EXIF): a large JPEG is decoded at
/// the smallest DCT scale (1/2, 1/4, 1/8) whose size still covers the input, so Huffman decoding
/// is all that is paid at full size. Every task's `contentsOf:` entry point uses it and maps its
/// results back to the file's full-size pixels with ``toFullSize``.
struct ModelInputFile {
  /// The decoded (possibly reduced) upright image.
  let image: PixelBuffer
  /// The reduction factor: a pixel `(x, y)` of ``image`` covers `scale × scale` full-size pixels
  /// from `(scale·x, scale·y)`.
  let scale: Int
  /// The full-size upright image's width.
  let fullWidth: Int
  /// The full-size upright image's height.
  let fullHeight: Int

  /// Decodes `url` for an input of `format`. The two-tap and warp filters reproduce the Task
  /// Library and MediaPipe, which decode at full size, so they get the full size.
  ///
  /// - Throws: ``VisionError/image(_:)`` when the file cannot be read or decoded.
  init(contentsOf url: URL, covering format: ImageInputFormat, filter: ResizeFilter) throws(VisionError) {
    do {
      let data = try FileContents.read(url, mappedIfSafe: true)
      let fullSize = filter == .bilinearTwoTap || filter == .bilinearWarp
      let minimumSize = fullSize ? nil : (width: format.width, height: format.height)
      let decoded = try ImageCodec.decodeScaled(data, options: ImageDecodingOptions(minimumSize: minimumSize))
      (image, scale, fullWidth, fullHeight) = (decoded.image, decoded.scale, decoded.fullWidth, decoded.fullHeight)
    } catch let error as ImageError { throw .image(error) } catch {
      throw .image(.file(path: url.path, reason: fileErrorReason(error)))
    }
  }

  /// The map from ``image``'s pixels to the full-size image's.
  var toFullSize: ImageTransform {
    ImageTransform(scaleX: Double(scale), scaleY: Double(scale), translationX: 0, translationY: 0)
  }

  /// `rect` (in ``image``'s pixels) in full-size pixels, clipped to the full-size image when
  /// `clip` (a reduced image's last pixel may cover fewer than `scale` full-size pixels).
  func fullSize(_ rect: ImageRect, clip: Bool) -> ImageRect {
    let mapped = toFullSize.apply(rect)
    return clip
      ? mapped.intersection(ImageRect(x: 0, y: 0, width: Double(fullWidth), height: Double(fullHeight))) : mapped
  }
}
