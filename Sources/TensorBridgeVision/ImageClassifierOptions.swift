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

  /// Filters, sorts (best first, ties by index) and cuts `scores`.
  func categories(scores: [Float], labels: [String]?) -> [Category] {
    var result: [Category] = []
    let filter = categoryFilter
    for (index, score) in scores.enumerated() {
      let label = labels.flatMap { $0.indices.contains(index) ? $0[index] : nil }
      guard filter.admits(score: score, label: label) else { continue }
      result.append(Category(index: index, label: label, score: score))
    }
    result.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
    return maxResults > 0 ? Array(result.prefix(maxResults)) : result
  }
}
