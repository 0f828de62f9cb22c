/// A byte trie over vocabulary pieces, for walking every piece that starts at a position
/// (SentencePiece's common-prefix search). Children are stored sorted, per node, in flat
/// arrays; the root's are a 256-entry table.
struct PieceTrie: Sendable {
  private var rootChildren = [Int32](repeating: -1, count: 256)
  /// Per node: the range of its children in `labels`/`targets`, and its value (−1: none).
  private var childStart: [Int32] = []
  private var childCount: [Int32] = []
  private var values: [Int32] = []
  private var labels: [UInt8] = []
  private var targets: [Int32] = []

  /// A trie mapping each key (UTF-8 bytes) to its value; a repeated key keeps the first value.
  init(_ entries: [(key: [UInt8], value: Int)]) {
    var firsts: [[UInt8]: Int] = [:]
    for entry in entries where !entry.key.isEmpty && firsts[entry.key] == nil { firsts[entry.key] = entry.value }
    let sorted = firsts.sorted { $0.key.lexicographicallyPrecedes($1.key) }
    // Node 0 is the root.
    childStart = [0]
    childCount = [0]
    values = [-1]
    build(sorted[...], depth: 0, node: 0)
  }

  /// Adds the children of `node` for `keys` (all sharing their first `depth` bytes).
  private mutating func build(_ keys: ArraySlice<(key: [UInt8], value: Int)>, depth: Int, node: Int) {
    var groups: [(label: UInt8, range: Range<Int>)] = []
    var index = keys.startIndex
    // Keys ending here give the node its value; they sort first.
    while index < keys.endIndex, keys[index].key.count == depth {
      values[node] = Int32(keys[index].value)
      index += 1
    }
    while index < keys.endIndex {
      let label = keys[index].key[depth]
      var end = index + 1
      while end < keys.endIndex, keys[end].key[depth] == label { end += 1 }
      groups.append((label, index..<end))
      index = end
    }
    childStart[node] = Int32(labels.count)
    childCount[node] = Int32(groups.count)
    var children: [Int] = []
    for group in groups {
      let child = values.count
      values.append(-1)
      childStart.append(0)
      childCount.append(0)
      labels.append(group.label)
      targets.append(Int32(child))
      if node == 0 { rootChildren[Int(group.label)] = Int32(child) }
      children.append(child)
    }
    for (group, child) in zip(groups, children) { build(keys[group.range], depth: depth + 1, node: child) }
  }

  private func child(of node: Int, _ label: UInt8) -> Int? {
    if node == 0 {
      let target = rootChildren[Int(label)]
      return target < 0 ? nil : Int(target)
    }
    var low = Int(childStart[node])
    var high = low + Int(childCount[node])
    while low < high {
      let middle = (low + high) >> 1
      let found = labels[middle]
      if found == label { return Int(targets[middle]) }
      if found < label { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// Calls `body(length, value)` for every key that is a prefix of `bytes[start...]`,
  /// shortest first.
  func forEachPrefix(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ body: (Int, Int) -> Void) {
    var node = 0
    var index = start
    while index < bytes.count, let next = child(of: node, bytes[index]) {
      node = next
      index += 1
      let value = values[node]
      if value >= 0 { body(index - start, Int(value)) }
    }
  }

  /// The longest key that is a prefix of `bytes[start...]`.
  func longestPrefix(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (length: Int, value: Int)? {
    var best: (Int, Int)?
    forEachPrefix(of: bytes, from: start) { best = ($0, $1) }
    return best
  }

  /// The value of the key `bytes[range]`, if it is one.
  func value(of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    var node = 0
    for index in range {
      guard let next = child(of: node, bytes[index]) else { return nil }
      node = next
    }
    let value = values[node]
    return value >= 0 && !range.isEmpty ? Int(value) : nil
  }

  /// The node reached from `node` (0: the root) by the bytes `bytes[range]`, if that path exists.
  func walk(from node: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    var node = node
    for index in range {
      guard let next = child(of: node, bytes[index]) else { return nil }
      node = next
    }
    return node
  }

  /// The value stored at `node`, if a key ends there.
  func value(at node: Int) -> Int? {
    let value = values[node]
    return value >= 0 ? Int(value) : nil
  }
}
