import ArgumentParser
import Foundation
import TensorBridgeVision

/// `--resize` values: whose resampling feeds the model.
enum ResizeOption: String, ExpressibleByArgument, CaseIterable {
  /// Pillow's antialiased bilinear (the default; what Python pipelines with PIL do).
  case pillow
  /// Two-tap bilinear without antialiasing, as the TFLite Task Library (libyuv) resizes:
  /// reproduces its results.
  case taskLibrary = "task-library"
  /// Bilinear without antialiasing as MediaPipe Tasks resizes (OpenCV's `warpAffine`): for
  /// MediaPipe's models.
  case mediapipe

  var filter: ResizeFilter {
    switch self {
    case .pillow: .bilinear
    case .taskLibrary: .bilinearTwoTap
    case .mediapipe: .bilinearWarp
    }
  }
}

/// `--fit` values.
enum FitOption: String, ExpressibleByArgument, CaseIterable {
  case stretch
  case centerCrop = "center-crop"
  case letterbox

  var mode: FitMode {
    switch self {
    case .stretch: .stretch
    case .centerCrop: .centerCrop
    case .letterbox: .letterbox(fill: 0)
    }
  }
}

/// `--orientation` values: the EXIF orientation (1–8) or its name, given explicitly.
struct OrientationOption: ExpressibleByArgument {
  let orientation: ImageOrientation

  init?(argument: String) {
    let names: [String: ImageOrientation] = [
      "up": .up, "up-mirrored": .upMirrored, "down": .down, "down-mirrored": .downMirrored,
      "left-mirrored": .leftMirrored, "right": .right, "right-mirrored": .rightMirrored, "left": .left,
    ]
    if let value = Int(argument), let orientation = ImageOrientation(rawValue: value) {
      self.orientation = orientation
    } else if let orientation = names[argument.lowercased()] {
      self.orientation = orientation
    } else {
      return nil
    }
  }

  static var allValueStrings: [String] {
    ["1…8", "up", "up-mirrored", "down", "down-mirrored", "left-mirrored", "right", "right-mirrored", "left"]
  }
}

/// Decodes an image for a vision command: upright per its EXIF tag, or, with an explicit
/// `--orientation`, as stored (the tag ignored) so the task turns it and reports in the stored pixels.
enum VisionImageLoader {
  static func load(_ path: String, orientation: OrientationOption?) throws -> PixelBuffer {
    let options = ImageDecodingOptions(appliesOrientation: orientation == nil)
    do throws(ImageError) {
      return try PixelBuffer(contentsOf: URL(fileURLWithPath: path), options: options)
    } catch { throw VisionError.image(error) }
  }
}
