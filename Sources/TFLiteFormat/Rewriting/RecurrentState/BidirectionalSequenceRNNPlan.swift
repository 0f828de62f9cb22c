/// One `BIDIRECTIONAL_SEQUENCE_RNN` (float32) as its lowering needs it, read and checked the
/// way TensorFlow Lite's kernel (`tflite/kernels/bidirectional_sequence_rnn.cc`) prepares it:
/// two RNNs over the same input, the backward one from the last step to the first, each
/// step's output written at that step's position; with `merge_outputs` one output holds both
/// (`[…, fw_units + bw_units]`, forward first).
///
/// Either direction may have int8 weights (hybrid, as in ``SequenceRNNPlan``). The hybrid
/// time-major kernel runs both directions once per step (``SequenceRNNPlan/passes``).
///
/// Inputs by position: 0 input; 1–4 forward input weights, recurrent weights, bias and hidden
/// state; 5–8 the same backward; 9 auxiliary input and 10–11 forward and backward auxiliary
/// weights (optional, see ``AuxiliaryMode``). Outputs: forward, then backward unless merged.
struct BidirectionalSequenceRNNPlan {
  let operatorIndex: Int
  let forward: SequenceRNNPlan
  let backward: SequenceRNNPlan
  let auxiliary: AuxiliaryMode
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
    let options = operands.options(of: op)
    let timeMajor = operands.byte(options, slot: Slot.timeMajor) != 0
    let activation = try FusedActivation(operands.byte(options, slot: Slot.activation))
    let asymmetric = operands.byte(options, slot: Slot.asymmetricQuantizeInputs) != 0
    let input = op.inputs[0]
    let layout = try SequenceLayout(
      input: try operands.required(op, input: 0, role: "input"), timeMajor: timeMajor, operands: operands,
      allowsDynamicSteps: true)
    let hybrid = operands.optional(op, input: 1).map { operands.tensors[$0].type == .int8 } ?? false
    let weights = (forward: operands.optional(op, input: 10), backward: operands.optional(op, input: 11))
    auxiliary = try Self.auxiliaryMode(
      op, layout: layout, hybrid: hybrid, crossLinked: weights.forward != nil, operands: operands)
    if (weights.forward == nil) != (weights.backward == nil) {
      throw .inconsistentOperands("only one of fw_aux_input_weights and bw_aux_input_weights is given")
    }
    let width = auxiliary.sequence?.width ?? 0
    var forward = try SequenceRNNPlan(
      inputs: [input] + op.inputs[1...4], output: nil, timeMajor: timeMajor, activation: activation,
      asymmetricQuantizeInputs: asymmetric, auxiliary: weights.forward.map { (weights: $0, width: width) },
      at: operatorIndex, operands: operands.prefixingRoles("fw_"), allowsDynamicSteps: true)
    var backward = try SequenceRNNPlan(
      inputs: [input] + op.inputs[5...8], output: nil, timeMajor: timeMajor, activation: activation,
      asymmetricQuantizeInputs: asymmetric, auxiliary: weights.backward.map { (weights: $0, width: width) },
      at: operatorIndex, operands: operands.prefixingRoles("bw_"), allowsDynamicSteps: true)
    if hybrid, timeMajor {
      // `EvalHybrid`'s time-major path loops over the steps around both directions' loops.
      guard layout.dynamicSteps || layout.steps * layout.steps <= SequenceLayout.maxSteps else {
        throw .tooManySteps(steps: layout.steps * layout.steps, limit: SequenceLayout.maxSteps)
      }
      forward.passes = layout.steps
      backward.passes = layout.steps
    }
    self.forward = forward
    self.backward = backward
    outputs = try BidirectionalOutputs(
      op, merged: operands.byte(options, slot: Slot.mergeOutputs) != 0, layout: forward.layout,
      widths: (forward.units, backward.units), operands: operands)
  }

  /// How the kernel reads the auxiliary input (input 9), if given.
  ///
  /// Cross-linked (with auxiliary weights), prepare checks that it is `[…, aux_input_size]` like
  /// the input; the float batch-major path then reads it as laid out, but the time-major paths
  /// start step `s` at `s × input_size × batch` and the hybrid batch-major one row `(b, s)` at
  /// `(b × steps + s) × input_size` — the input's width where the auxiliary input's belongs. Over
  /// a fixed sequence length those rows are gathered where Python reads them, as long as they
  /// lie within the tensor.
  ///
  /// Without auxiliary weights the time-major paths run the backward direction over the
  /// auxiliary input (its first `steps × batch × input_size` values, whatever its shape, which
  /// prepare does not check), and the batch-major ones over the input, the auxiliary input
  /// unread.
  private static func auxiliaryMode(
    _ op: OperatorInfo, layout: SequenceLayout, hybrid: Bool, crossLinked: Bool, operands: OperandReader
  ) throws(RecurrentStateRefusal) -> AuxiliaryMode {
    guard let tensor = operands.optional(op, input: 9) else {
      if crossLinked { throw .missingOperand(role: "aux_input") }
      return .none
    }
    let name = operands.tensors[tensor].name
    let (batch, steps, inputSize) = (layout.batch, layout.steps, layout.inputSize)
    if crossLinked {
      let width = try operands.auxiliarySequence(tensor, layout: layout)
      let elements = steps * batch * width
      guard layout.timeMajor || hybrid, width != inputSize else {
        return .crossLinked(AuxiliarySequence(tensor: tensor, width: width, rowOffsets: nil, elements: elements))
      }
      guard !layout.dynamicSteps else { throw .auxiliaryInput(role: "aux_input", tensor: name) }
      let offsets = (0..<steps).map { s in
        (0..<batch).map { b in layout.timeMajor ? s * inputSize * batch + b * width : (b * steps + s) * inputSize }
      }
      let read = (offsets.joined().max() ?? 0) + width
      guard read <= elements else {
        throw .auxiliaryInputOutOfBounds(tensor: name, elements: elements, read: read)
      }
      return .crossLinked(AuxiliarySequence(tensor: tensor, width: width, rowOffsets: offsets, elements: elements))
    }
    guard layout.timeMajor else { return .none }
    let sequenceShape = layout.sequenceShape(width: inputSize)
    if operands.tensors[tensor].shape == sequenceShape {
      _ = try operands.auxiliarySequence(tensor, layout: layout, width: inputSize)
      return .backwardInput(AuxiliarySequence(tensor: tensor, width: inputSize, rowOffsets: nil, elements: 0))
    }
    guard !layout.dynamicSteps else { throw .auxiliaryInput(role: "aux_input", tensor: name) }
    let elements = try operands.float(tensor, role: "aux_input").reduce(1, *)
    let read = steps * batch * inputSize
    guard read <= elements else { throw .auxiliaryInputOutOfBounds(tensor: name, elements: elements, read: read) }
    let offsets = (0..<steps).map { s in (0..<batch).map { b in (s * batch + b) * inputSize } }
    return .backwardInput(AuxiliarySequence(tensor: tensor, width: inputSize, rowOffsets: offsets, elements: elements))
  }
}
