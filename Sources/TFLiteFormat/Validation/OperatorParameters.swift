/// Checks of individual operators' parameters against their inputs and
/// outputs, for operators where LiteRT or its XNNPACK delegate trusts the
/// parameter and crashes when it is wrong.
enum OperatorParameterRules {
  /// `SPLIT` (49) and `SPLIT_V` (102): `num_splits` (slot 0 of `SplitOptions`
  /// and `SplitVOptions`, 0 when the options are absent) must equal the
  /// number of outputs, and there must be at least one.
  private static let splitCodes: Set<Int32> = [49, 102]

  /// Minimum input and output counts of operators whose inputs or outputs
  /// XNNPACK reads at fixed positions before checking how many there are.
  private static let minimumOperands: [Int32: (inputs: Int, outputs: Int)] = [
    45: (4, 1),  // STRIDED_SLICE: input, begin, end, strides
    65: (3, 1),  // SLICE: input, begin, size
    126: (2, 1),  // BATCH_MATMUL: a, b
    142: (0, 1),  // VAR_HANDLE: resource
    143: (1, 1),  // READ_VARIABLE: resource -> value
    144: (2, 0),  // ASSIGN_VARIABLE: resource, value
  ]

  /// Validates the parameters of `op`, whose code is `code`.
  static func check(_ op: OperatorInfo, code: OperatorCode, reader: FlatBufferReader, _ path: String)
    throws(TFLiteFormatError)
  {
    if let minimum = minimumOperands[code.builtinCode] {
      guard op.inputs.count >= minimum.inputs else {
        throw .tooFewOperands(
          path: path, operator: code.name, role: "inputs", count: op.inputs.count, minimum: minimum.inputs)
      }
      guard op.outputs.count >= minimum.outputs else {
        throw .tooFewOperands(
          path: path, operator: code.name, role: "outputs", count: op.outputs.count, minimum: minimum.outputs)
      }
    }
    if splitCodes.contains(code.builtinCode) {
      var splits: Int32 = 0
      if let options = op.builtinOptionsTable {
        splits = try reader.scalar(options, slot: 0, default: Int32(0), path + ".builtin_options.num_splits")
      }
      guard splits >= 1, Int(splits) == op.outputs.count else {
        throw .invalidOperatorParameter(
          path: path, operator: code.name,
          reason: "num_splits is \(splits) but it has \(op.outputs.count) output\(op.outputs.count == 1 ? "" : "s")"
        )
      }
    }
  }
}
