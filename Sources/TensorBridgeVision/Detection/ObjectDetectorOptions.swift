import TensorBridgeModels

/// Options of an ``ObjectDetector``, named as MediaPipe's and ML Kit's object-detection options.
public struct ObjectDetectorOptions: Sendable, Equatable {
  /// At most this many detections are returned (best first); 0 or less returns all the model gives.
  public var maxResults: Int
  /// Detections scoring below this are left out.
  public var scoreThreshold: Float?
  /// When not empty, only these labels are returned.
  public var categoryAllowlist: [String]
  /// These labels are never returned (not together with an allowlist).
  public var categoryDenylist: [String]
  /// How the image is fitted into the model's input (SSD models are trained on stretched images).
  public var fitMode: FitMode
  /// The resampling filter.
  public var filter: ResizeFilter
  /// Block averaging before the filter on large downscales (see ``ResizeFilter/defaultReducingGap``).
  public var reducingGap: Double?
  /// Whether boxes are clipped to the image (the default). The Task Library leaves them as the
  /// model gives them, reaching past the edges.
  public var clipsBoxesToImage: Bool
  /// The locale of the display names taken from the model's metadata (the Task Library's
  /// `display_names_locale`).
  public var displayNamesLocale: String

  /// Creates options.
  public init(
    maxResults: Int = -1, scoreThreshold: Float? = nil, categoryAllowlist: [String] = [],
    categoryDenylist: [String] = [], fitMode: FitMode = .stretch, filter: ResizeFilter = .bilinear,
    reducingGap: Double? = ResizeFilter.defaultReducingGap, displayNamesLocale: String = "en",
    clipsBoxesToImage: Bool = true
  ) {
    self.clipsBoxesToImage = clipsBoxesToImage
    self.maxResults = maxResults
    self.scoreThreshold = scoreThreshold
    self.categoryAllowlist = categoryAllowlist
    self.categoryDenylist = categoryDenylist
    self.fitMode = fitMode
    self.filter = filter
    self.reducingGap = reducingGap
    self.displayNamesLocale = displayNamesLocale
  }

  /// The maximum count, threshold and lists as the shared filter (judging a detection by its
  /// best category).
  public var categoryFilter: CategoryFilter {
    CategoryFilter(
      maxResults: maxResults, scoreThreshold: scoreThreshold, allowlist: categoryAllowlist, denylist: categoryDenylist)
  }

  /// Keeps the detections that pass, best first, at most `maxResults`.
  func filter(_ detections: [Detection]) -> [Detection] {
    categoryFilter.apply(detections) { $0.categories.first }
  }
}
