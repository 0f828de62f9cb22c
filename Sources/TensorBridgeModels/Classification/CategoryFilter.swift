/// What the classification and detection tasks keep of their categories, with the TFLite Task
/// Library's and MediaPipe's semantics: a score threshold, an allowlist or a denylist of labels,
/// then the best `maxResults`.
///
/// ```swift
/// let filter = CategoryFilter(maxResults: 3, scoreThreshold: 0.1, denylist: ["background"])
/// let best = filter.apply(outputs["scores"]?.top(.max) ?? [])
/// ```
///
/// A category without a label passes a denylist and fails an allowlist. Sorting is by score,
/// best first; equal scores keep the order they came in (class order for a classifier).
public struct CategoryFilter: Sendable, Equatable {
  /// At most this many results, best first; 0 or less keeps all.
  public var maxResults: Int
  /// Results scoring below this are left out.
  public var scoreThreshold: Float?
  /// When not empty, only these labels are kept.
  public var allowlist: [String]
  /// These labels are never kept (not together with an allowlist).
  public var denylist: [String]

  /// Why a filter cannot be used.
  public enum Problem: Sendable, Equatable {
    /// Both an allowlist and a denylist are given.
    case allowlistAndDenylist
    /// The score threshold is NaN.
    case thresholdNotANumber
  }

  /// Creates a filter; the defaults keep everything.
  ///
  /// - Parameters:
  ///   - maxResults: At most this many results; 0 or less keeps all.
  ///   - scoreThreshold: The lowest score kept.
  ///   - allowlist: When not empty, the only labels kept.
  ///   - denylist: Labels never kept.
  public init(maxResults: Int = -1, scoreThreshold: Float? = nil, allowlist: [String] = [], denylist: [String] = []) {
    self.maxResults = maxResults
    self.scoreThreshold = scoreThreshold
    self.allowlist = allowlist
    self.denylist = denylist
  }

  /// What is wrong with the filter, or `nil` when it can be used. Each task reports it as its
  /// own option error, in its own option names.
  public var problem: Problem? {
    if !allowlist.isEmpty, !denylist.isEmpty { return .allowlistAndDenylist }
    if let scoreThreshold, scoreThreshold.isNaN { return .thresholdNotANumber }
    return nil
  }

  /// Whether a category with `score` and `label` passes the threshold and the lists.
  public func admits(score: Float, label: String?) -> Bool {
    if let scoreThreshold, score < scoreThreshold { return false }
    if !allowlist.isEmpty { return label.map(allowlist.contains) ?? false }
    if !denylist.isEmpty, let label { return !denylist.contains(label) }
    return true
  }

  /// The categories that pass, best first, at most ``maxResults``.
  public func apply(_ categories: [Category]) -> [Category] {
    apply(categories) { $0 }
  }

  /// The items whose category passes, best first by that category's score (equal scores keep
  /// their order), at most ``maxResults``; items without a category are left out.
  ///
  /// - Parameters:
  ///   - items: The items to filter, in any order.
  ///   - category: The category an item is judged by (a detection's best one).
  public func apply<Item>(_ items: [Item], by category: (Item) -> Category?) -> [Item] {
    var kept: [(offset: Int, item: Item, score: Float)] = []
    for (offset, item) in items.enumerated() {
      guard let judged = category(item), admits(score: judged.score, label: judged.label) else { continue }
      kept.append((offset, item, judged.score))
    }
    kept.sort { $0.score != $1.score ? $0.score > $1.score : $0.offset < $1.offset }
    let sorted = kept.map(\.item)
    return maxResults > 0 ? Array(sorted.prefix(maxResults)) : sorted
  }
}
