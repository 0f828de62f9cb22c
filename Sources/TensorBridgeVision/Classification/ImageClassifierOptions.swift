import TensorBridgeModels

/// Options of an ``ImageClassifier``, named as MediaPipe's and ML Kit's image-labeling options.
public struct ImageClassifierOptions: Sendable, Equatable, CategoryFilterConfigurable, ImagePipelineConfigurable {
  /// The maximum count, threshold and lists (``maxResults``, ``scoreThreshold``,
  /// ``categoryAllowlist`` and ``categoryDenylist`` read and set them).
  public var categoryFilter: CategoryFilter
  /// How the image is fitted and resampled, and the display names' locale (``fitMode``,
  /// ``filter``, ``reducingGap`` and ``displayNamesLocale`` read and set them).
  public var pipeline: ImagePipelineOptions

  /// Creates options.
  ///
  /// - Parameters:
  ///   - maxResults: At most this many categories are returned (best first); 0 or less returns all.
  ///   - scoreThreshold: Categories scoring below this are left out.
  ///   - categoryAllowlist: When not empty, only these labels are returned.
  ///   - categoryDenylist: These labels are never returned (not together with an allowlist).
  ///   - fitMode: How the image is fitted into the model's input.
  ///   - filter: The resampling filter.
  ///   - reducingGap: Block averaging before the filter on large downscales.
  ///   - displayNamesLocale: The locale of the display names from the model's metadata.
  public init(
    maxResults: Int = -1, scoreThreshold: Float? = nil, categoryAllowlist: [String] = [],
    categoryDenylist: [String] = [], fitMode: FitMode = .stretch, filter: ResizeFilter = .bilinear,
    reducingGap: Double? = ResizeFilter.defaultReducingGap, displayNamesLocale: String = "en"
  ) {
    categoryFilter = CategoryFilter(
      maxResults: maxResults, scoreThreshold: scoreThreshold, allowlist: categoryAllowlist, denylist: categoryDenylist)
    pipeline = ImagePipelineOptions(
      fitMode: fitMode, filter: filter, reducingGap: reducingGap, displayNamesLocale: displayNamesLocale)
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
