// Sparsity checks: the compressed index tree against the tensor's shape.

extension ModelValidator {
  /// Checks sparsity parameters against the tensor's shape, walking the
  /// compressed index tree level by level, and returns how many values the
  /// tensor stores.
  ///
  /// For a rank-n tensor with a k-dimensional block: `traversal_order` is a
  /// permutation of the n tensor dimensions followed by one of the k block
  /// dimensions, `block_map` names the tensor dimension each block dimension
  /// divides, dense levels give their size, and sparse (CSR) levels give
  /// non-decreasing segments (one more than the entries of the level above)
  /// and indices below the level's size. DENSIFY and delegates index with
  /// these values unchecked.
  static func checkSparsity(_ sparsity: SparsityParameters, shape: [Int], _ path: @autoclosure () -> String)
    throws(TFLiteFormatError) -> Int
  {
    let rank = shape.count
    guard let order = sparsity.traversalOrder else {
      throw .invalidSparsity(path: path(), reason: "traversal_order is missing")
    }
    guard let dimensions = sparsity.dimensions else {
      throw .invalidSparsity(path: path(), reason: "dim_metadata is missing")
    }
    guard dimensions.count == order.count else {
      throw .invalidSparsity(
        path: path(), reason: "dim_metadata has \(dimensions.count) entries but traversal_order has \(order.count)")
    }
    guard order.count >= rank else {
      throw .invalidSparsity(
        path: path(), reason: "traversal_order has \(order.count) entries for a tensor of rank \(rank)")
    }
    let blockRank = order.count &- rank
    let blockMap = sparsity.blockMap ?? []
    guard blockMap.count == blockRank else {
      throw .invalidSparsity(
        path: path(), reason: "block_map has \(blockMap.count) entries but there are \(blockRank) block dimensions")
    }
    var seen = Array(repeating: false, count: order.count)
    for (position, value) in order.enumerated() {
      let allowed = position < rank ? 0..<rank : rank..<order.count
      guard allowed.contains(value), !seen[value] else {
        throw .invalidSparsity(
          path: path() + ".traversal_order",
          reason: "\(order) does not list each tensor dimension and then each block dimension exactly once")
      }
      seen[value] = true
    }
    for (position, value) in blockMap.enumerated() where value < 0 || value >= rank {
      throw .indexOutOfRange(path: path() + ".block_map[\(position)]", index: value, count: rank)
    }

    // Sizes of the tensor dimensions (divided by their blocks) and of the block dimensions.
    var sizes = shape + Array(repeating: 0, count: blockRank)
    for block in 0..<blockRank {
      let dimension = rank &+ block
      guard let position = order.firstIndex(of: dimension) else { continue }
      let blockSize = dimensions[position].denseSize
      let mapped = blockMap[block]
      guard blockSize > 0, sizes[mapped] % blockSize == 0 else {
        throw .invalidSparsity(
          path: path() + ".dim_metadata[\(position)]",
          reason: "block size \(blockSize) does not divide dimension \(mapped) of size \(sizes[mapped])")
      }
      sizes[mapped] /= blockSize
      sizes[dimension] = blockSize
    }

    var count = 1
    for (position, dimension) in dimensions.enumerated() {
      let dimensionPath = path() + ".dim_metadata[\(position)]"
      let size = sizes[order[position]]
      switch dimension.format {
      case 0:
        guard dimension.denseSize == size else {
          throw .invalidSparsity(
            path: dimensionPath, reason: "dense_size is \(dimension.denseSize) but the dimension has size \(size)")
        }
        let (product, overflow) = count.multipliedReportingOverflow(by: size)
        guard !overflow else {
          throw .invalidSparsity(path: dimensionPath, reason: "the number of stored values overflows")
        }
        count = product
      case 1:
        guard (1...3).contains(dimension.segmentsType), let segments = dimension.segments else {
          throw .invalidSparsity(path: dimensionPath, reason: "a sparse dimension needs array_segments values")
        }
        guard (1...3).contains(dimension.indicesType), let indices = dimension.indices else {
          throw .invalidSparsity(path: dimensionPath, reason: "a sparse dimension needs array_indices values")
        }
        guard segments.count &- 1 == count else {
          throw .invalidSparsity(
            path: dimensionPath,
            reason: "array_segments has \(segments.count) values but the level above has \(count) entries")
        }
        var previous = 0
        for (index, segment) in segments.enumerated() {
          guard segment >= previous else {
            throw .invalidSparsity(
              path: dimensionPath + ".array_segments.values[\(index)]",
              reason: "segment \(segment) is below \(previous)")
          }
          previous = segment
        }
        guard segments.last == indices.count else {
          throw .invalidSparsity(
            path: dimensionPath,
            reason: "array_segments ends at \(segments.last ?? 0) but array_indices has \(indices.count) values")
        }
        for (index, value) in indices.enumerated() where value < 0 || value >= size {
          throw .indexOutOfRange(path: dimensionPath + ".array_indices.values[\(index)]", index: value, count: size)
        }
        count = indices.count
      default:
        throw .invalidSparsity(
          path: dimensionPath, reason: "format \(dimension.format) is neither DENSE (0) nor SPARSE_CSR (1)")
      }
    }
    return count
  }
}
