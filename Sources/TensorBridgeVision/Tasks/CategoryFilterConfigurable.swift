import TensorBridgeModels

/// Options holding a `CategoryFilter` (the classifier's and the detector's), whose fields they
/// show under MediaPipe's and ML Kit's names.
public protocol CategoryFilterConfigurable {
  /// The maximum count, threshold and lists (a detection is judged by its best category).
  var categoryFilter: CategoryFilter { get set }
}

extension CategoryFilterConfigurable {
  /// At most this many results are returned (best first); 0 or less returns all
  /// (`CategoryFilter.maxResults`).
  public var maxResults: Int {
    get { categoryFilter.maxResults }
    set { categoryFilter.maxResults = newValue }
  }

  /// Results scoring below this are left out (`CategoryFilter.scoreThreshold`).
  public var scoreThreshold: Float? {
    get { categoryFilter.scoreThreshold }
    set { categoryFilter.scoreThreshold = newValue }
  }

  /// When not empty, only these labels are returned (`CategoryFilter.allowlist`).
  public var categoryAllowlist: [String] {
    get { categoryFilter.allowlist }
    set { categoryFilter.allowlist = newValue }
  }

  /// These labels are never returned, not together with an allowlist
  /// (`CategoryFilter.denylist`).
  public var categoryDenylist: [String] {
    get { categoryFilter.denylist }
    set { categoryFilter.denylist = newValue }
  }

  /// Throws when the allowlist and the denylist are both given, or the threshold is NaN.
  func validate() throws(VisionError) {
    try categoryFilter.validateForVision()
  }
}
