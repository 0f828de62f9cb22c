/// The score threshold and allow/deny lists that classifier and detector options share.
struct CategoryFilter {
  var scoreThreshold: Float?
  var allowlist: [String]
  var denylist: [String]

  /// Throws when the allowlist and the denylist are both given, or the threshold is NaN.
  func validate() throws(VisionError) {
    if !allowlist.isEmpty, !denylist.isEmpty {
      throw .invalidOption(name: "categoryAllowlist/categoryDenylist", reason: "an allowlist and a denylist cannot be used together")
    }
    if let scoreThreshold, scoreThreshold.isNaN {
      throw .invalidOption(name: "scoreThreshold", reason: "it is not a number")
    }
  }

  /// Whether a category with `score` and `label` passes the threshold and the lists.
  func admits(score: Float, label: String?) -> Bool {
    if let scoreThreshold, score < scoreThreshold { return false }
    if !allowlist.isEmpty { return label.map(allowlist.contains) ?? false }
    if !denylist.isEmpty, let label { return !denylist.contains(label) }
    return true
  }
}
