/// One subgraph of a model: a graph of operators over its own tensors.
///
/// Subgraph 0 is the main graph; further subgraphs are signatures' graphs or
/// the bodies of control-flow operators such as `WHILE` and `IF`.
public struct Subgraph: Sendable, Hashable {
  /// The subgraph's name, if the file gives one.
  public let name: String?
  /// All tensors of the subgraph; operators and signatures refer to them by index.
  public let tensors: [TensorInfo]
  /// Indices into ``tensors`` of the subgraph's inputs, each in range.
  public let inputs: [Int]
  /// Indices into ``tensors`` of the subgraph's outputs, each in range.
  public let outputs: [Int]
  /// The operators in execution order.
  public let operators: [OperatorInfo]
}
