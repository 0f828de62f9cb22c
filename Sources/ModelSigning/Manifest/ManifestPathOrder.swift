/// The order of resources in a manifest: Python's `PurePosixPath` order, which compares paths
/// component by component, each as a string of code points (the same as comparing UTF-8
/// bytes). So `a/b` comes before `a-b/c` although `-` sorts before `/`.
enum ManifestPathOrder {
  /// Whether `lhs` comes before `rhs`.
  static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    let left = lhs.split(separator: "/", omittingEmptySubsequences: true)
    let right = rhs.split(separator: "/", omittingEmptySubsequences: true)
    for (a, b) in zip(left, right) where a != b {
      return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }
    return left.count < right.count
  }
}
