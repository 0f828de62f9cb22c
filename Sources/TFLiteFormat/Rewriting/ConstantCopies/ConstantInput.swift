/// One operator input, by position: input `input` of operator `operatorIndex` of subgraph
/// `subgraph`.
public struct ConstantInput: Sendable, Hashable {
  /// The subgraph's index.
  public let subgraph: Int
  /// The operator's index in the subgraph.
  public let operatorIndex: Int
  /// The position in the operator's inputs.
  public let input: Int

  /// The input at `input` of operator `operatorIndex` of subgraph `subgraph`.
  public init(subgraph: Int, operatorIndex: Int, input: Int) {
    self.subgraph = subgraph
    self.operatorIndex = operatorIndex
    self.input = input
  }
}
