// Sparse tensors as dense arrays: TensorFlow Lite's sparsity format walked level by level.

extension SparsityParameters {
  /// The dense bytes of a tensor of `shape` whose stored values (each `elementSize` bytes, in
  /// traversal order) are `stored`, or nil when the parameters do not describe such a tensor.
  ///
  /// The format (the schema's `SparsityParameters`, as `DENSIFY` reads it): the levels of
  /// `dim_metadata` follow `traversal_order`, first the tensor's dimensions (a blocked one
  /// counted in blocks), then the block dimensions, each dividing the tensor dimension
  /// `block_map` names. A dense level runs over all of its `dense_size` positions; a sparse
  /// (CSR) level over the positions `array_indices` lists between the `array_segments` of the
  /// entry above. Every leaf reached takes the next stored value; every other element is 0.
  func denseBytes(of stored: [UInt8], shape: [Int], elementSize: Int) -> [UInt8]? {
    guard let order = traversalOrder, let levels = dimensions, levels.count == order.count, order.count >= shape.count,
      elementSize > 0, let count = ModelValidator.elementCount(shape)
    else { return nil }
    let rank = shape.count
    let blockMap = blockMap ?? []
    guard blockMap.count == order.count &- rank, blockMap.allSatisfy({ (0..<rank).contains($0) }) else { return nil }
    // The size of each block dimension (1 for a dimension without blocks).
    var blockSizes = Array(repeating: 0, count: blockMap.count)
    for (position, dimension) in order.enumerated() where dimension >= rank {
      guard dimension &- rank < blockSizes.count else { return nil }
      blockSizes[dimension &- rank] = levels[position].denseSize
    }
    var walk = DenseWalk(
      order: order, levels: levels, shape: shape, blockMap: blockMap, blockSizes: blockSizes, stored: stored,
      elementSize: elementSize, dense: [UInt8](repeating: 0, count: count &* elementSize))
    var coordinates = Array(repeating: 0, count: order.count)
    guard walk.visit(level: 0, parent: 0, coordinates: &coordinates), walk.next == stored.count else { return nil }
    return walk.dense
  }
}

/// One walk over the levels of a sparse tensor, writing each stored value where it belongs.
private struct DenseWalk {
  let order: [Int]
  let levels: [SparseDimension]
  let shape: [Int]
  let blockMap: [Int]
  let blockSizes: [Int]
  let stored: [UInt8]
  let elementSize: Int
  var dense: [UInt8]
  /// The byte offset of the next stored value.
  var next = 0

  /// Visits every entry of `level` below entry `parent` of the level above; false when the
  /// parameters or the stored values are inconsistent.
  mutating func visit(level: Int, parent: Int, coordinates: inout [Int]) -> Bool {
    guard level < levels.count else { return place(coordinates) }
    let dimension = levels[level]
    if dimension.format == 0 {
      let size = dimension.denseSize
      for position in 0..<max(size, 0) {
        coordinates[level] = position
        guard visit(level: level &+ 1, parent: parent &* size &+ position, coordinates: &coordinates) else {
          return false
        }
      }
      return true
    }
    guard let segments = dimension.segments, let indices = dimension.indices, parent &+ 1 < segments.count else {
      return false
    }
    let start = segments[parent]
    let end = segments[parent &+ 1]
    guard start >= 0, start <= end, end <= indices.count else { return false }
    for entry in start..<end {
      coordinates[level] = indices[entry]
      guard visit(level: level &+ 1, parent: entry, coordinates: &coordinates) else { return false }
    }
    return true
  }

  /// Copies the next stored value to the element at `coordinates` (one per level).
  mutating func place(_ coordinates: [Int]) -> Bool {
    let rank = shape.count
    var index = Array(repeating: 0, count: rank)
    for position in 0..<rank { index[order[position]] = coordinates[position] }
    for position in rank..<order.count {
      let block = order[position] &- rank
      let dimension = blockMap[block]
      index[dimension] = index[dimension] &* blockSizes[block] &+ coordinates[position]
    }
    var flat = 0
    for (dimension, size) in shape.enumerated() {
      guard (0..<size).contains(index[dimension]) else { return false }
      flat = flat &* size &+ index[dimension]
    }
    guard next &+ elementSize <= stored.count else { return false }
    let target = flat &* elementSize
    dense.replaceSubrange(target..<(target &+ elementSize), with: stored[next..<(next &+ elementSize)])
    next &+= elementSize
    return true
  }
}
