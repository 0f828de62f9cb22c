/// One old `SubGraph` table opened for a rewrite: its fields, to replace some of, and the
/// positions of its lists' old elements.
struct SubgraphTable {
  /// The subgraph's index in the model.
  let index: Int
  /// Its path in error messages (`subgraphs[i]`).
  let path: String
  /// The old table.
  let table: FBTable
  /// The new table's fields: the old ones, until the rewrite replaces some.
  var fields: [Int: FlatBufferComposer.Field]
}

extension ModelRewrite {
  private typealias Slot = ModelDecoder.Slot

  /// The positions of the old file's `SubGraph` tables.
  func oldSubgraphs() throws(Failure) -> [Int] {
    try copier.elements(of: root, slot: Slot.Model.subgraphs, path: "subgraphs")
  }

  /// Opens subgraph `index`, whose old table is at `position`.
  func openSubgraph(_ index: Int, at position: Int) throws(Failure) -> SubgraphTable {
    let path = "subgraphs[\(index)]"
    let table = try copier.table(at: position, path: path)
    return SubgraphTable(
      index: index, path: path, table: table,
      fields: try copier.fields(of: table, kinds: TableSchema.subgraph, path: path))
  }

  /// The positions of the old `Tensor` tables of `subgraph`.
  func oldTensors(of subgraph: SubgraphTable) throws(Failure) -> [Int] {
    try copier.elements(of: subgraph.table, slot: Slot.SubGraph.tensors, path: subgraph.path + ".tensors")
  }

  /// The positions of the old `Operator` tables of `subgraph`.
  func oldOperators(of subgraph: SubgraphTable) throws(Failure) -> [Int] {
    try copier.elements(of: subgraph.table, slot: Slot.SubGraph.operators, path: subgraph.path + ".operators")
  }

  /// The fields of the old `Tensor` table of tensor `index` of `subgraph`, at `position`.
  func oldTensorFields(_ index: Int, of subgraph: SubgraphTable, at position: Int) throws(Failure)
    -> [Int: FlatBufferComposer.Field]
  {
    let path = subgraph.path + ".tensors[\(index)]"
    return try copier.fields(of: try copier.table(at: position, path: path), kinds: TableSchema.tensor, path: path)
  }

  /// A field referring to a new vector of `references` (a table's list of tables).
  mutating func list(_ references: [FlatBufferComposer.Reference]) -> FlatBufferComposer.Field {
    .reference(additions.composer.reference(to: .references(references)))
  }

  /// Rewrites the subgraphs in `indices` (each once, in increasing order): `edit` changes each
  /// one's fields, which become a new table; the others stay where they are.
  ///
  /// - Returns: the new list of subgraphs, for ``setLists(subgraphs:)``.
  mutating func editingSubgraphs(
    _ indices: some Sequence<Int>, _ edit: (inout Self, inout SubgraphTable) throws(Failure) -> Void
  ) throws(Failure) -> [FlatBufferComposer.Reference] {
    let old = try oldSubgraphs()
    var subgraphs = old.map(FlatBufferComposer.Reference.old)
    for index in Set(indices).sorted() {
      var subgraph = try openSubgraph(index, at: old[index])
      try edit(&self, &subgraph)
      subgraphs[index] = additions.composer.reference(to: .table(subgraph.fields))
    }
    return subgraphs
  }
}
