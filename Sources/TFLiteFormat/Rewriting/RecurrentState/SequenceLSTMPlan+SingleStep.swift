/// The builtin (non-sequence) `LSTM` operator — TensorFlow Lite's "full kernel"
/// (`tflite/kernels/lstm.cc`, `kernel_type` FULL) — as a one-step ``SequenceLSTMPlan``.
///
/// Its operands are those of `UNIDIRECTIONAL_SEQUENCE_LSTM` (20 or 24 inputs, the same
/// positions, the states in variable tensors) and its kernel calls the same `lstm_eval.cc`
/// functions (`EvalFloat`, `EvalHybrid`, `EvalInteger8x8_16`, time-major), but its input is one
/// step `[batch, n_input]` and its output `[batch, n_output]`: each invoke runs one step from
/// the state the last one left. `LSTMOptions` has no `time_major` (there is no time axis) and no
/// `diagonal_recurrent_tensors` (the recurrent weights are matrices); its `kernel_type` slot
/// says FULL or BASIC (the 5-input kernel, which keeps no state in variable tensors).
extension SequenceLSTMPlan {
  /// Options: `LSTMOptions` slots.
  private enum BuiltinSlot {
    static let activation = 0, cellClip = 1, projectionClip = 2, kernelType = 3, asymmetricQuantizeInputs = 4
  }

  /// `LSTMKernelType.BASIC`.
  static let basicKernelType: Int8 = 1

  /// Reads a float32 or hybrid builtin `LSTM` (see the extension's comment).
  init(builtinLSTM op: OperatorInfo, at operatorIndex: Int, operands: OperandReader) throws(RecurrentStateRefusal) {
    let table = operands.options(of: op)
    try Self.checkFullKernel(op, options: table, operands: operands)
    let options = Options(
      activation: try FusedActivation(operands.byte(table, slot: BuiltinSlot.activation)),
      cellClip: operands.float(table, slot: BuiltinSlot.cellClip),
      projectionClip: operands.float(table, slot: BuiltinSlot.projectionClip),
      timeMajor: true,
      asymmetricQuantizeInputs: operands.byte(table, slot: BuiltinSlot.asymmetricQuantizeInputs) != 0,
      takesDiagonalRecurrent: false)
    try self.init(
      inputs: op.inputs, output: op.outputs[0], options: options, at: operatorIndex, operands: operands,
      singleStep: true)
  }

  /// Checks what the full kernel's `Prepare` checks before anything else: `kernel_type` FULL,
  /// 20 or 24 inputs, one output.
  static func checkFullKernel(_ op: OperatorInfo, options table: FBTable?, operands: OperandReader)
    throws(RecurrentStateRefusal)
  {
    if operands.byte(table, slot: BuiltinSlot.kernelType) == basicKernelType {
      throw .inconsistentOperands(
        "its kernel_type is BASIC, whose kernel takes 5 inputs and no variable tensors, with \(op.inputs.count) inputs")
    }
    guard op.inputs.count == 20 || op.inputs.count == 24 else {
      throw .operandCount(role: "inputs", count: op.inputs.count, expected: [20, 24])
    }
    guard op.outputs.count == 1, op.outputs[0] >= 0 else {
      throw .operandCount(role: "outputs", count: op.outputs.filter { $0 >= 0 }.count, expected: [1])
    }
  }
}
