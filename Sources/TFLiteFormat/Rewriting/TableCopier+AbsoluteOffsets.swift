extension TableCopier {
  /// The `uint64` fields of the old file that hold offsets from the start of the file and are
  /// in use, to move with the old block (see ``FlatBufferComposer/AbsolutePatch``): a
  /// `Buffer`'s `offset` when it has no inline `data`, and an `Operator`'s
  /// `large_custom_options_offset` when it has no inline `custom_options` (as LiteRT reads them).
  ///
  /// - Parameters:
  ///   - root: the old `Model` table.
  ///   - buffers: the positions of the old `Buffer` tables.
  func absoluteOffsetPatches(root: FBTable, buffers: [Int]) throws(Failure) -> [FlatBufferComposer.AbsolutePatch] {
    typealias Slot = ModelDecoder.Slot
    var patches: [FlatBufferComposer.AbsolutePatch] = []
    for (index, position) in buffers.enumerated() {
      let path = "buffers[\(index)]"
      if let patch = try offsetPatch(
        table(at: position, path: path), inline: Slot.Buffer.data, offset: Slot.Buffer.offset, path: path)
      {
        patches.append(patch)
      }
    }
    let subgraphs = try elements(of: root, slot: Slot.Model.subgraphs, path: "subgraphs")
    for (subgraphIndex, subgraphPosition) in subgraphs.enumerated() {
      let path = "subgraphs[\(subgraphIndex)]"
      let subgraph = try table(at: subgraphPosition, path: path)
      let operators = try elements(of: subgraph, slot: Slot.SubGraph.operators, path: path + ".operators")
      for (operatorIndex, position) in operators.enumerated() {
        let operatorPath = path + ".operators[\(operatorIndex)]"
        if let patch = try offsetPatch(
          table(at: position, path: operatorPath), inline: Slot.Operator.customOptions,
          offset: Slot.Operator.largeCustomOptionsOffset, path: operatorPath)
        {
          patches.append(patch)
        }
      }
    }
    return patches
  }

  /// The patch for the offset field in slot `offset` of `table`, when the table has no
  /// `inline` field and the offset is in use (above 1).
  ///
  /// (A method rather than a local function: Swift 6.3's SIL generation crashes on a local
  /// function that throws the generic `Failure`.)
  private func offsetPatch(_ table: FBTable, inline: Int, offset: Int, path: String) throws(Failure)
    -> FlatBufferComposer.AbsolutePatch?
  {
    guard reader.fieldOffset(table, slot: inline) == nil else { return nil }
    do {
      guard let position = try reader.fieldPosition(table, slot: offset, width: 8, path) else { return nil }
      let value = reader.loadChecked(UInt64.self, at: position)
      return value > 1 ? .init(position: position, value: value) : nil
    } catch {
      throw Failure.rewrite(.unreadableModel(error))
    }
  }
}
