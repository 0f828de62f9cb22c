/// One `BIDIRECTIONAL_SEQUENCE_RNN` (float32) as its lowering needs it, read and checked the
/// way TensorFlow Lite's kernel (`tflite/kernels/bidirectional_sequence_rnn.cc`) prepares it:
/// two RNNs over the same input, the backward one from the last step to the first, each
/// step's output written at that step's position; with `merge_outputs` one output holds both
/// (`[…, fw_units + bw_units]`, forward first).
///
/// Either direction may have int8 weights (hybrid, as in ``SequenceRNNPlan``).
///
/// Inputs by position: 0 input; 1–4 forward input weights, recurrent weights, bias and hidden
/// state; 5–8 the same backward; 9 auxiliary input and 10–11 forward and backward auxiliary
/// weights (optional; refused when given). Outputs: forward, then backward unless merged.
struct BidirectionalSequenceRNNPlan {
  let operatorIndex: Int
  let forward: SequenceRNNPlan
  let backward: SequenceRNNPlan
  let outputs: BidirectionalOutputs

  /// Options: `BidirectionalSequenceRNNOptions` slots.
  private enum Slot {
    static let timeMajor = 0, activation = 1, mergeOutputs = 2, asymmetricQuantizeInputs = 3
  }

  init(_ op: OperatorInfo, at operatorIndex: Int, operands: OperandReader) throws(RecurrentStateRefusal) {
    self.operatorIndex = operatorIndex
    guard op.inputs.count == 9 || op.inputs.count == 12 else {
      throw .operandCount(role: "inputs", count: op.inputs.count, expected: [9, 12])
    }
    guard op.intermediates.isEmpty else { throw .intermediates(count: op.intermediates.count) }
    for (position, role) in [(9, "aux_input"), (10, "fw_aux_input_weights"), (11, "bw_aux_input_weights")] {
      if let index = operands.optional(op, input: position) {
        throw .auxiliaryInput(role: role, tensor: operands.tensors[index].name)
      }
    }
    let options = operands.options(of: op)
    let timeMajor = operands.byte(options, slot: Slot.timeMajor) != 0
    let activation = try FusedActivation(operands.byte(options, slot: Slot.activation))
    let asymmetric = operands.byte(options, slot: Slot.asymmetricQuantizeInputs) != 0
    let input = op.inputs[0]
    forward = try SequenceRNNPlan(
      inputs: [input] + op.inputs[1...4], output: nil, timeMajor: timeMajor, activation: activation,
      asymmetricQuantizeInputs: asymmetric,
      at: operatorIndex, operands: operands.prefixingRoles("fw_"), allowsDynamicSteps: true)
    backward = try SequenceRNNPlan(
      inputs: [input] + op.inputs[5...8], output: nil, timeMajor: timeMajor, activation: activation,
      asymmetricQuantizeInputs: asymmetric,
      at: operatorIndex, operands: operands.prefixingRoles("bw_"), allowsDynamicSteps: true)
    outputs = try BidirectionalOutputs(
      op, merged: operands.byte(options, slot: Slot.mergeOutputs) != 0, layout: forward.layout,
      widths: (forward.units, backward.units), operands: operands)
  }
}
