/// Where an operator may name tensor index -1 ("omitted optional tensor").
///
/// LiteRT's kernels and its default XNNPACK delegate read most operator
/// inputs and outputs without checking for -1 and crash on it (for example a
/// `CONV_2D` whose filter is -1, or an `IF` whose output is -1). Only a few
/// builtin operators declare optional inputs: the bias of convolutions and
/// fully connected layers, the padding value of `PAD`/`PADV2`, and the many
/// optional weights of the LSTM/RNN family; only `WHILE` handles omitted
/// outputs. Custom operators, `DELEGATE`, and builtin codes unknown to this
/// reader are not restricted, since their conventions are not known here.
enum OmittedTensorRules {
  /// Builtin codes whose inputs and outputs may be -1 anywhere: custom and
  /// delegate operators, whose conventions are their own.
  private static let unrestricted: Set<Int32> = [
    32, 51,  // CUSTOM, DELEGATE
  ]

  /// Builtin codes that accept -1 outputs (unused loop results).
  private static let omittableOutputs: Set<Int32> = [
    119  // WHILE
  ]

  /// Builtin codes with many optional inputs (recurrent layers): -1 is
  /// accepted at every input but the first.
  private static let recurrent: Set<Int32> = [
    16, 44, 46, 52,  // LSTM, UNIDIRECTIONAL_SEQUENCE_LSTM, BIDIRECTIONAL_SEQUENCE_RNN, BIDIRECTIONAL_SEQUENCE_LSTM
  ]

  /// Builtin codes with specific optional input positions.
  private static let optionalInputs: [Int32: Set<Int>] = [
    3: [2],  // CONV_2D bias
    4: [2],  // DEPTHWISE_CONV_2D bias
    9: [2],  // FULLY_CONNECTED bias
    27: [3],  // SVDF bias
    34: [2],  // PAD constant value
    60: [2],  // PADV2 constant value
    67: [3],  // TRANSPOSE_CONV bias
    132: [2],  // CONV_3D bias
    141: [3],  // CONV_3D_TRANSPOSE bias
  ]

  /// Whether the rules apply to this code at all.
  private static func isRestricted(_ code: Int32) -> Bool {
    BuiltinOperator(rawValue: code).isKnown && !unrestricted.contains(code)
  }

  /// Whether input `position` of an operator with builtin code `code` may be -1.
  static func allowsOmittedInput(code: Int32, position: Int) -> Bool {
    guard isRestricted(code) else { return true }
    if recurrent.contains(code) { return position > 0 }
    return optionalInputs[code]?.contains(position) ?? false
  }

  /// Whether an output of an operator with builtin code `code` may be -1.
  static func allowsOmittedOutput(code: Int32) -> Bool {
    !isRestricted(code) || omittableOutputs.contains(code)
  }
}
