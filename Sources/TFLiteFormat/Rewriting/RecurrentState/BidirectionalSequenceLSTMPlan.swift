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
/// 38 backward output and cell state; 39 auxiliary input and 40–47 the forward and backward
/// auxiliary weights (input, forget, cell, output gate each; optional, see ``AuxiliaryMode``).
/// Outputs: forward, then backward unless merged.
struct BidirectionalSequenceLSTMPlan {
  let operatorIndex: Int
  let forward: SequenceLSTMPlan
  let backward: SequenceLSTMPlan
  let auxiliary: AuxiliaryMode
  let outputs: BidirectionalOutputs

  /// Options: `BidirectionalSequenceLSTMOptions` slots (`time_major` defaults to true).
  private enum Slot {
    static let activation = 0, cellClip = 1, projectionClip = 2, mergeOutputs = 3, timeMajor = 4
    static let asymmetricQuantizeInputs = 5
  }

  init(_ op: OperatorInfo, at operatorIndex: Int, operands: OperandReader) throws(RecurrentStateRefusal) {
    self.operatorIndex = operatorIndex
    guard op.inputs.count == 48 else { throw .operandCount(role: "inputs", count: op.inputs.count, expected: [48]) }
    let table = operands.options(of: op)
    let options = SequenceLSTMPlan.Options(
      activation: try FusedActivation(operands.byte(table, slot: Slot.activation)),
      cellClip: operands.float(table, slot: Slot.cellClip),
      projectionClip: operands.float(table, slot: Slot.projectionClip),
      timeMajor: operands.byte(table, slot: Slot.timeMajor, default: 1) != 0,
      asymmetricQuantizeInputs: operands.byte(table, slot: Slot.asymmetricQuantizeInputs) != 0,
      takesDiagonalRecurrent: false)
    let input = op.inputs[0]
    if !options.timeMajor, let weights = operands.optional(op, input: 4), operands.tensors[weights].type != .float32 {
      // `bidirectional_sequence_lstm.cc` passes `time_major = true` to `EvalHybrid` whatever the
      // option says, so it reads a batch-major input's batch as steps (and its state out of
      // bounds unless batch and steps agree): nothing a lowering should reproduce.
      throw .inconsistentOperands(
        "a batch-major hybrid BIDIRECTIONAL_SEQUENCE_LSTM, whose kernel reads its input as time-major anyway")
    }
    // Auxiliary input and weights, as `CheckAuxInputTensorDimensions` checks them: with the
    // forget, cell and output gates' weights of both directions (all or none) each direction
    // adds them times the auxiliary input `[…, aux_input_size]`; without them the backward
    // direction reads the auxiliary input, of the input's shape, instead of the input.
    let layout = try SequenceLayout(
      input: try operands.required(op, input: 0, role: "input"), timeMajor: options.timeMajor, operands: operands,
      allowsDynamicSteps: true)
    if !options.timeMajor, layout.batch > 1, operands.byte(table, slot: Slot.mergeOutputs) != 0 {
      // `lstm_eval.cc`'s batch-major path offsets batch b's output state by b times the output's
      // row width, which merged outputs double: past the end of the state for the last batch,
      // so Python's result depends on memory outside the tensor.
      throw .inconsistentOperands(
        "a batch-major BIDIRECTIONAL_SEQUENCE_LSTM merging its outputs with batch \(layout.batch), whose kernel reads each batch's output state at the merged width, past the state's end"
      )
    }
    let weights = (forward: Array(op.inputs[40..<44]), backward: Array(op.inputs[44..<48]))
    let given = [41, 42, 43, 45, 46, 47].filter { operands.optional(op, input: $0) != nil }
    guard given.isEmpty || given.count == 6 else {
      throw .inconsistentOperands("auxiliary weights are given for some of the forget, cell and output gates only")
    }
    var width = 0
    if let tensor = operands.optional(op, input: 39) {
      if given.isEmpty {
        width = try operands.auxiliarySequence(tensor, layout: layout, width: layout.inputSize)
        auxiliary = .backwardInput(AuxiliarySequence(tensor: tensor, width: width, rowOffsets: nil, elements: 0))
      } else {
        width = try operands.auxiliarySequence(tensor, layout: layout)
        auxiliary = .crossLinked(AuxiliarySequence(tensor: tensor, width: width, rowOffsets: nil, elements: 0))
      }
    } else {
      guard given.isEmpty else { throw .missingOperand(role: "aux_input") }
      auxiliary = .none
    }
    let crossLinked = !given.isEmpty
    forward = try SequenceLSTMPlan(
      inputs: [input] + op.inputs[1...17] + [op.inputs[35], op.inputs[36]], output: nil, options: options,
      auxiliary: crossLinked ? (weights: weights.forward, width: width) : nil,
      at: operatorIndex, operands: operands.prefixingRoles("fw_"))
    backward = try SequenceLSTMPlan(
      inputs: [input] + op.inputs[18...34] + [op.inputs[37], op.inputs[38]], output: nil, options: options,
      auxiliary: crossLinked ? (weights: weights.backward, width: width) : nil,
      at: operatorIndex, operands: operands.prefixingRoles("bw_"))
    outputs = try BidirectionalOutputs(
      op, merged: operands.byte(table, slot: Slot.mergeOutputs) != 0, layout: forward.layout,
      widths: (forward.outputSize, backward.outputSize), operands: operands)
  }
}
