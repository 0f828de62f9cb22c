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

  /// Creates options.
  public init(maxResults: Int = -1, scoreThreshold: Float? = nil, categoryAllowlist: [String] = [],
              categoryDenylist: [String] = [], fitMode: FitMode = .stretch, filter: ResizeFilter = .bilinear,
              reducingGap: Double? = ResizeFilter.defaultReducingGap) {
    self.maxResults = maxResults
    self.scoreThreshold = scoreThreshold
    self.categoryAllowlist = categoryAllowlist
    self.categoryDenylist = categoryDenylist
    self.fitMode = fitMode
    self.filter = filter
    self.reducingGap = reducingGap
  }

  var categoryFilter: CategoryFilter {
    CategoryFilter(scoreThreshold: scoreThreshold, allowlist: categoryAllowlist, denylist: categoryDenylist)
  }

  /// Keeps the detections that pass, best first, at most `maxResults`.
  func filter(_ detections: [Detection]) -> [Detection] {
    let categoryFilter = categoryFilter
    var kept = detections.filter { detection in
      guard let best = detection.categories.first else { return false }
      return categoryFilter.admits(score: best.score, label: best.label)
    }
    kept.sort { ($0.categories.first?.score ?? 0) > ($1.categories.first?.score ?? 0) }
    return maxResults > 0 ? Array(kept.prefix(maxResults)) : kept
  }
}
