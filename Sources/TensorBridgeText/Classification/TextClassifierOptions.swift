import TensorBridgeModels

/// Options of a ``TextClassifier``, named as in MediaPipe's and ML Kit's task options.
public struct TextClassifierOptions: Sendable, Equatable {
  /// At most this many categories, best first; `-1` (the default) returns all.
  public var maxResults: Int
  /// Categories scoring below this are left out (default: none).
  public var scoreThreshold: Float?
  /// When not empty, only these category names are returned.
  public var categoryAllowlist: [String]
  /// These category names are never returned. Cannot be combined with an allowlist.
  public var categoryDenylist: [String]
  /// The output layer holding the class scores; by default the first output with labels, or
  /// the only output.
  public var outputLayer: String?
  /// Overrides whether text is lowercased before tokenizing (`nil`: what the model's text layer
  /// says — for TFLite metadata models the Task Library's choice, see ``TextModel``).
  public var lowercase: Bool?

  /// Creates options.
  public init(
    maxResults: Int = -1, scoreThreshold: Float? = nil, categoryAllowlist: [String] = [],
    categoryDenylist: [String] = [], outputLayer: String? = nil, lowercase: Bool? = nil
  ) {
    self.maxResults = maxResults
    self.scoreThreshold = scoreThreshold
    self.categoryAllowlist = categoryAllowlist
    self.categoryDenylist = categoryDenylist
    self.outputLayer = outputLayer
    self.lowercase = lowercase
  }

  /// The maximum count, threshold and lists as the shared filter.
  public var categoryFilter: CategoryFilter {
    CategoryFilter(
      maxResults: maxResults, scoreThreshold: scoreThreshold, allowlist: categoryAllowlist, denylist: categoryDenylist)
  }

  /// Checks the options as MediaPipe does: `maxResults` is −1 or positive, the allow- and
  /// denylist are not both given, the threshold is a number.
  public func validate() throws(TextError) {
    if maxResults == 0 || maxResults < -1 {
      throw .invalidOption(name: "maxResults", reason: "it must be -1 (all) or at least 1, not \(maxResults)")
    }
    switch categoryFilter.problem {
    case .allowlistAndDenylist:
      throw .invalidOption(name: "categoryAllowlist", reason: "an allowlist and a denylist cannot both be given")
    case .thresholdNotANumber:
      throw .invalidOption(name: "scoreThreshold", reason: "it is not a number")
    case nil: break
    }
  }
}
