import TensorBridgeModels

/// Options of an ``ObjectDetector``, named as MediaPipe's and ML Kit's object-detection options.
public struct ObjectDetectorOptions: Sendable, Equatable, CategoryFilterConfigurable, ImagePipelineConfigurable {
  /// The maximum count, threshold and lists, judging a detection by its best category
  /// (``maxResults``, ``scoreThreshold``, ``categoryAllowlist`` and ``categoryDenylist`` read and
  /// set them).
  public var categoryFilter: CategoryFilter
  /// How the image is fitted and resampled (SSD models are trained on stretched images), and the
  /// display names' locale (``fitMode``, ``filter``, ``reducingGap`` and ``displayNamesLocale``
  /// read and set them).
  public var pipeline: ImagePipelineOptions
  /// Whether boxes are clipped to the image (the default). The Task Library leaves them as the
  /// model gives them, reaching past the edges.
  public var clipsBoxesToImage: Bool

  /// Creates options.
  ///
  /// - Parameters:
  ///   - maxResults: At most this many detections are returned (best first); 0 or less returns
  ///     all the model gives.
  ///   - scoreThreshold: Detections scoring below this are left out.
  ///   - categoryAllowlist: When not empty, only these labels are returned.
  ///   - categoryDenylist: These labels are never returned (not together with an allowlist).
  ///   - fitMode: How the image is fitted into the model's input.
  ///   - filter: The resampling filter.
  ///   - reducingGap: Block averaging before the filter on large downscales.
  ///   - displayNamesLocale: The locale of the display names from the model's metadata.
  ///   - clipsBoxesToImage: Whether boxes are clipped to the image.
  public init(
    maxResults: Int = -1, scoreThreshold: Float? = nil, categoryAllowlist: [String] = [],
    categoryDenylist: [String] = [], fitMode: FitMode = .stretch, filter: ResizeFilter = .bilinear,
    reducingGap: Double? = ResizeFilter.defaultReducingGap, displayNamesLocale: String = "en",
    clipsBoxesToImage: Bool = true
  ) {
    categoryFilter = CategoryFilter(
      maxResults: maxResults, scoreThreshold: scoreThreshold, allowlist: categoryAllowlist, denylist: categoryDenylist)
    pipeline = ImagePipelineOptions(
      fitMode: fitMode, filter: filter, reducingGap: reducingGap, displayNamesLocale: displayNamesLocale)
    self.clipsBoxesToImage = clipsBoxesToImage
  }

  /// Keeps the detections that pass, best first, at most `maxResults`.
  func filter(_ detections: [Detection]) -> [Detection] {
    categoryFilter.apply(detections) { $0.categories.first }
  }
}
