/// One `BIDIRECTIONAL_SEQUENCE_LSTM` as its lowering needs it, read and checked the way
/// TensorFlow Lite's kernel (`tflite/kernels/bidirectional_sequence_lstm.cc`) prepares it: two
/// LSTMs over the same input, the backward one from the last step to the first, each step's
/// output written at that step's position; with `merge_outputs` one output holds both
/// (`[…, fw_n_output + bw_n_output]`, forward first). Each direction is what a
/// ``SequenceLSTMPlan`` of the 20-input form reads (float32, or hybrid when time-major; no
/// layer norm).
///
/// Inputs by position: 0 input; 1–17 the forward LSTM's inputs 1–17 (weights, peephole,
/// biases, projection); 18–34 the backward one's; 35, 36 forward output and cell state; 37,
/// 38 backward output and cell state; 39 auxiliary input and 40–47 auxiliary weights
/// (optional; refused when given). Outputs: forward, then backward unless merged.
struct BidirectionalSequenceLSTMPlan {
  let operatorIndex: Int
  let forward: SequenceLSTMPlan
  let backward: SequenceLSTMPlan
  let outputs: BidirectionalOutputs

  /// Options: `BidirectionalSequenceLSTMOptions` slots (`time_major` defaults to true).
  private enum Slot {
    static let activation = 0, cellClip = 1, projectionClip = 2, mergeOutputs = 3, timeMajor = 4
    static let asymmetricQuantizeInputs = 5
  }

  init(_ op: OperatorInfo, at operatorIndex: Int, operands: OperandReader) throws(RecurrentStateRefusal) {
    self.operatorIndex = operatorIndex
    guard op.inputs.count == 48 else { throw .operandCount(role: "inputs", count: op.inputs.count, expected: [48]) }
    guard op.intermediates.isEmpty else { throw .intermediates(count: op.intermediates.count) }
    for position in 39..<48 {
      if let index = operands.optional(op, input: position) {
        let role = position == 39 ? "aux_input" : "aux_input_weights"
        throw .auxiliaryInput(role: role, tensor: operands.tensors[index].name)
      }
    }
    let table = operands.options(of: op)
    let options = SequenceLSTMPlan.Options(
      activation: try FusedActivation(operands.byte(table, slot: Slot.activation)),
      cellClip: operands.float(table, slot: Slot.cellClip),
      projectionClip: operands.float(table, slot: Slot.projectionClip),
      timeMajor: operands.byte(table, slot: Slot.timeMajor, default: 1) != 0,
      asymmetricQuantizeInputs: operands.byte(table, slot: Slot.asymmetricQuantizeInputs) != 0,
      diagonalRecurrent: false)
    let input = op.inputs[0]
    if !options.timeMajor, let weights = operands.optional(op, input: 4), operands.tensors[weights].type != .float32 {
      // `bidirectional_sequence_lstm.cc` passes `time_major = true` to `EvalHybrid` whatever the
      // option says, so it reads a batch-major input's batch as steps (and its state out of
      // bounds unless batch and steps agree): nothing a lowering should reproduce.
      throw .inconsistentOperands(
        "a batch-major hybrid BIDIRECTIONAL_SEQUENCE_LSTM, whose kernel reads its input as time-major anyway")
    }
    forward = try SequenceLSTMPlan(
      inputs: [input] + op.inputs[1...17] + [op.inputs[35], op.inputs[36]], output: nil, options: options,
      at: operatorIndex, operands: operands.prefixingRoles("fw_"))
    backward = try SequenceLSTMPlan(
      inputs: [input] + op.inputs[18...34] + [op.inputs[37], op.inputs[38]], output: nil, options: options,
      at: operatorIndex, operands: operands.prefixingRoles("bw_"))
    outputs = try BidirectionalOutputs(
      op, merged: operands.byte(table, slot: Slot.mergeOutputs) != 0, layout: forward.layout,
      widths: (forward.outputSize, backward.outputSize), operands: operands)
  }
}
