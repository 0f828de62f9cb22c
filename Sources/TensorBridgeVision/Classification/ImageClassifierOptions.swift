import TensorBridgeModels

/// Options of an ``ImageClassifier``, named as MediaPipe's and ML Kit's image-labeling options.
public struct ImageClassifierOptions: Sendable, Equatable {
  /// At most this many categories are returned (best first); 0 or less returns all.
  public var maxResults: Int
  /// Categories scoring below this are left out.
  public var scoreThreshold: Float?
  /// When not empty, only these labels are returned.
  public var categoryAllowlist: [String]
  /// These labels are never returned (not together with an allowlist).
  public var categoryDenylist: [String]
  /// How the image is fitted into the model's input.
  public var fitMode: FitMode
  /// The resampling filter.
  public var filter: ResizeFilter
  /// Block averaging before the filter on large downscales (see ``ResizeFilter/defaultReducingGap``).
  public var reducingGap: Double?
  /// The locale of the display names taken from the model's metadata (the Task Library's
  /// `display_names_locale`).
  public var displayNamesLocale: String

  /// Creates options.
  public init(
    maxResults: Int = -1, scoreThreshold: Float? = nil, categoryAllowlist: [String] = [],
    categoryDenylist: [String] = [], fitMode: FitMode = .stretch, filter: ResizeFilter = .bilinear,
    reducingGap: Double? = ResizeFilter.defaultReducingGap, displayNamesLocale: String = "en"
  ) {
    self.maxResults = maxResults
    self.scoreThreshold = scoreThreshold
    self.categoryAllowlist = categoryAllowlist
    self.categoryDenylist = categoryDenylist
    self.fitMode = fitMode
    self.filter = filter
    self.reducingGap = reducingGap
    self.displayNamesLocale = displayNamesLocale
  }

  /// The maximum count, threshold and lists as the shared filter.
  public var categoryFilter: CategoryFilter {
    CategoryFilter(
      maxResults: maxResults, scoreThreshold: scoreThreshold, allowlist: categoryAllowlist, denylist: categoryDenylist)
  }

  /// Throws when the allowlist and the denylist are both given, or the threshold is NaN.
  func validate() throws(VisionError) {
    try categoryFilter.validateForVision()
  }

  /// Calibrates (when `calibration` is given), filters, sorts (best first, ties by index) and
  /// cuts `scores`, as the Task Library's image classifier post-processing does.
  ///
  /// - Parameters:
  ///   - scores: One score per class.
  ///   - labels: Class names by index.
  ///   - displayNames: Localized display names by index.
  ///   - calibration: Score calibration from the model's metadata.
  /// - Returns: The categories that pass, best first.
  public func categories(
    scores: [Float], labels: [String]?, displayNames: [String]? = nil,
    calibration: ScoreCalibration? = nil
  ) -> [Category] {
    var result: [Category] = []
    let filter = categoryFilter
    for (index, raw) in scores.enumerated() {
      let label = labels.flatMap { $0.indices.contains(index) ? $0[index] : nil }
      let score = calibration?.calibrate(raw, classIndex: index) ?? raw
      let displayName = displayNames.flatMap { $0.indices.contains(index) ? $0[index] : nil }
      result.append(Category(index: index, label: label, score: score, displayName: displayName))
    }
    return filter.apply(result)
  }
}
