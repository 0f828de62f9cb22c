/// One operator (node) of a subgraph.
public struct OperatorInfo: Sendable, Hashable {
  /// Index into ``TFLiteModel/operatorCodes``, always in range.
  public let opcodeIndex: Int
  /// Indices of the input tensors in the operator's subgraph; -1 marks an omitted optional input.
  public let inputs: [Int]
  /// Indices of the output tensors in the operator's subgraph; -1 marks an omitted optional output.
  public let outputs: [Int]
  /// Indices of tensors used internally by the operator (for example LSTM gates); -1 marks an omitted one.
  public let intermediates: [Int]
  /// The length of the deprecated `mutating_variable_inputs` list (0 when absent).
  public let mutatingVariableInputCount: Int
  /// The type tag of `builtin_options` (0 when the operator has none).
  public let builtinOptionsType: UInt8
  /// The type tag of `builtin_options_2` (0 when the operator has none).
  public let builtinOptions2Type: UInt8
  /// The size of the operator's custom options, stored inline or after the flatbuffer.
  public let customOptionsByteCount: Int
  /// The subgraphs this operator's options refer to (for example a `WHILE`
  /// operator's condition and body), each in range.
  public let subgraphReferences: [SubgraphReference]

  /// The distinct subgraph indices in ``subgraphReferences``, in order of appearance.
  public var calledSubgraphs: [Int] {
    var seen = Set<Int>()
    return subgraphReferences.map(\.subgraphIndex).filter { seen.insert($0).inserted }
  }

  /// The checked `builtin_options` table, for reading operator parameters.
  let builtinOptionsTable: FBTable?

  /// Byte range of custom options stored after the flatbuffer
  /// (`large_custom_options_offset`/`size`), already checked to lie in the file.
  let largeCustomOptions: Range<Int>?
}

/// A reference from an operator's builtin options to a subgraph.
public struct SubgraphReference: Sendable, Hashable {
  /// The options field holding the index, such as
  /// `builtin_options.body_subgraph_index` or `builtin_options_2.decomposition_subgraph_index`
  /// (with `[i]` appended for an entry of a list field).
  public let field: String
  /// The referenced subgraph's index into ``TFLiteModel/subgraphs``.
  public let subgraphIndex: Int
}
