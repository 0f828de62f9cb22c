import TensorBridgeModels

/// One object found in an image.
public struct Detection: Sendable, Equatable {
  /// The object's box in source-image pixels (upright image; crop, letterbox and stretch undone),
  /// clipped to the image.
  public let boundingBox: ImageRect
  /// The object's categories, best first (SSD models give one).
  public let categories: [Category]
  /// Keypoints in source-image pixels, for models that have them (e.g. face landmarks).
  public let keypoints: [ImagePoint]

  /// Creates a detection.
  public init(boundingBox: ImageRect, categories: [Category], keypoints: [ImagePoint] = []) {
    self.boundingBox = boundingBox
    self.categories = categories
    self.keypoints = keypoints
  }
}

/// A point in image pixels.
public struct ImagePoint: Sendable, Equatable, Hashable {
  /// Horizontal position.
  public var x: Double
  /// Vertical position.
  public var y: Double

  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// The objects found in one image, best first.
public struct DetectionResult: Sendable, Equatable {
  /// The detections after the options' filters.
  public let detections: [Detection]
  /// The map from model-input coordinates back to the image's pixels.
  public let transform: ImageTransform

  /// Creates a result.
  public init(detections: [Detection], transform: ImageTransform) {
    self.detections = detections
    self.transform = transform
  }
}
