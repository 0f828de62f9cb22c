/// A subgraph a lowering appends to the model (the condition or body of a `WHILE`).
struct AppendedSubgraph {
  let name: String
  let graph: SubgraphAppender
  let inputs: [Int32]
  let outputs: [Int32]
}

extension LoweringGraph {
  /// `BuiltinOptions` union types of the options tables written here.
  private enum LoopOptionsType {
    static let gather: UInt8 = 23
    static let shape: UInt8 = 55
    static let whileLoop: UInt8 = 93
  }

  /// A graph for a new subgraph of the model, writing into the same additions; with
  /// `importingOperands` its ``operand(_:)`` copies this graph's tensors in (this graph must be
  /// the lowered operator's own, with ``importable`` its tensor tables).
  func subgraph(prefix: String, importing tables: [FlatBufferComposer.Reference]?) -> LoweringGraph {
    LoweringGraph(
      additions: additions, graph: SubgraphAppender(firstTensor: 0, computedBuffer: graph.computedBuffer),
      prefix: prefix, importable: tables)
  }

  /// Appends `sub` (written by ``subgraph(prefix:importing:)``) as the model's next subgraph;
  /// returns its index.
  mutating func append(_ sub: LoweringGraph, name: String, inputs: [Int32], outputs: [Int32]) -> Int {
    additions = sub.additions
    appended.append(AppendedSubgraph(name: name, graph: sub.graph, inputs: inputs, outputs: outputs))
    return nextSubgraphIndex + appended.count - 1
  }

  /// `SHAPE` of `x` (of rank `rank`) as int32.
  mutating func shape(_ x: Int32, rank: Int, _ name: String) -> Int32 {
    let y = tensor(name, [rank], type: .int32)
    operation(.shape, [x], [y], options: .init(LoopOptionsType.shape, [0: .int8(TensorType.int32.rawValue)]))
    return y
  }

  /// `GATHER` of `indices` from `x` along `axis`.
  mutating func gather(
    _ x: Int32, indices: Int32, axis: Int32, _ name: String, _ shape: [Int], type: TensorType = .float32,
    signature: [Int]? = nil
  ) -> Int32 {
    let y = tensor(name, shape, type: type, signature: signature)
    operation(.gather, [x, indices], [y], options: .init(LoopOptionsType.gather, [0: .int32(axis)]))
    return y
  }

  /// `WHILE` subgraph `body` runs as long as subgraph `cond` gives true, over the loop
  /// variables `inputs`, their final values in `outputs`.
  mutating func whileLoop(cond: Int, body: Int, inputs: [Int32], outputs: [Int32]) {
    operation(
      .while, inputs, outputs,
      options: .init(LoopOptionsType.whileLoop, [0: .int32(Int32(cond)), 1: .int32(Int32(body))]))
  }
}
