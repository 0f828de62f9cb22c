extension FlatBufferReader {
  /// Calls `body` with every table of the table vector `slot` (`name` in paths: "operators",
  /// "tensors") of every subgraph of the model: subgraph index, index in the vector, the
  /// table, and its path for errors. The walk the in-place rewrites share.
  func forEachSubgraphTable(
    slot: Int, name: String, _ body: (Int, Int, FBTable, String) throws(TFLiteFormatError) -> Void
  ) throws(TFLiteFormatError) {
    let root = try rootTable()
    guard let subgraphList = try vector(root, slot: ModelDecoder.Slot.Model.subgraphs, elementSize: 4, "subgraphs")
    else { return }
    for s in 0..<subgraphList.count {
      let subgraph = try table(at: try element(of: subgraphList, at: s, "subgraphs"), path: "subgraphs")
      guard let tables = try vector(subgraph, slot: slot, elementSize: 4, "subgraphs[\(s)].\(name)") else { continue }
      for index in 0..<tables.count {
        let path = "subgraphs[\(s)].\(name)[\(index)]"
        try body(s, index, try table(at: try element(of: tables, at: index, path), path: path), path)
      }
    }
  }
}
