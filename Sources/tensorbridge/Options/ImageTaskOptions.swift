import ArgumentParser
import Foundation
import TensorBridgeVision

/// The options `classify`, `detect` and `segment` share: how an image is fitted, resampled and
/// turned before it reaches the model, whose display names are shown, and the output form.
struct ImageTaskOptions: ParsableArguments {
  @Option(name: .long, help: "How to fit images to the input: stretch, center-crop or letterbox.")
  var fit: FitOption = .stretch

  @Option(
    name: .long,
    help:
      "Whose resampling feeds the model: pillow (antialiased), task-library (libyuv's bilinear, byte for byte as the TFLite Task Library) or mediapipe (OpenCV's bilinear warp, byte for byte as MediaPipe Tasks)."
  )
  var resize: ResizeOption = .pillow

  @Option(
    name: .long,
    help:
      "How the pixels are stored (EXIF 1-8 or up, down, left, right, up-mirrored, …): the image's EXIF tag is then ignored, the task turns the image this way and reports boxes and masks in the stored pixels."
  )
  var orientation: OrientationOption?

  @Option(name: .long, help: "The locale of the display names taken from the model's metadata (JSON \"displayName\").")
  var displayNamesLocale = "en"

  @Flag(name: .long, help: "Print one JSON object per image (JSON lines).")
  var json = false
}

/// `--exact-resize`, which `classify` and `detect` take: Pillow's resampling without its
/// block-averaging shortcut.
struct ExactResizeOption: ParsableArguments {
  @Flag(
    name: .long,
    help:
      "Resize exactly as Pillow's Image.resize does, without first averaging blocks of pixels on large downscales (slower; the default equals reducing_gap=2.0)."
  )
  var exactResize = false

  /// The `reducingGap` the task options take: none when exact, else Pillow's default.
  var reducingGap: Double? { exactResize ? nil : ResizeFilter.defaultReducingGap }
}

extension ImageTaskOptions {
  /// Runs a task on the image at `path`: on the file itself (`file`: upright per its EXIF tag, a
  /// large JPEG decoded at the smallest DCT scale covering the input, results still in the file's
  /// full-size pixels), or, with `--orientation` or when the caller draws on the picture
  /// (`keepingPixels`), on the decoded pixels (`pixels`), which are returned too.
  func process<Result>(
    _ path: String, keepingPixels: Bool = false, file: (URL) throws -> Result,
    pixels: (PixelBuffer, ImageOrientation) throws -> Result
  ) throws -> (result: Result, image: PixelBuffer?) {
    guard orientation != nil || keepingPixels else { return (try file(URL(fileURLWithPath: path)), nil) }
    let image = try VisionImageLoader.load(path, orientation: orientation)
    return (try pixels(image, orientation?.orientation ?? .up), image)
  }
}
