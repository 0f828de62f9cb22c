/// One `UNIDIRECTIONAL_SEQUENCE_RNN` (float32) as its lowering needs it, read and checked the
/// way TensorFlow Lite's kernel (`tflite/kernels/unidirectional_sequence_rnn.cc`) prepares it:
/// `h = activation(input_weights · x + recurrent_weights · h + bias)` at each step. The
/// sequence length may be dynamic (a tf_keras `SimpleRNN` on `Input((None, n))`): the lowering
/// then loops over the steps.
///
/// Inputs by position: 0 input, 1 input weights `[units, n_input]`, 2 recurrent weights
/// `[units, units]`, 3 bias `[units]`, 4 hidden state `[batch, units]`. The two weights may be
/// int8 quantized per tensor over float32 activations (the hybrid kernel, `RnnBatchStep`
/// quantizing each row of the input and of the hidden state at run time): the lowering's
/// `FULLY_CONNECTED`s then keep them, and LiteRT's hybrid kernel quantizes the same way.
struct SequenceRNNPlan {
  let operatorIndex: Int
  let input: Int
  /// The output sequence, or -1 for one direction of a bidirectional operator.
  let output: Int
  let inputWeights: Int
  let recurrentWeights: Int
  let bias: Int
  let hiddenState: Int
  let layout: SequenceLayout
  let units: Int
  let activation: FusedActivation
  /// The weights are int8 (hybrid).
  let isHybrid: Bool
  /// The RNN's `asymmetric_quantize_inputs` (hybrid only), mirrored onto its
  /// `FULLY_CONNECTED`s.
  let asymmetricQuantizeInputs: Bool
  /// A bidirectional RNN's auxiliary weights for this direction (`[units, auxiliaryWidth]`, of
  /// the input weights' type), nil without them: each step then adds them times the
  /// auxiliary input.
  let auxiliaryWeights: Int?
  let auxiliaryWidth: Int
  /// How often the steps run over the sequence, each pass from the state the last one left,
  /// the outputs the last pass's: 1, but the number of steps in a hybrid time-major
  /// bidirectional RNN, whose kernel (`bidirectional_sequence_rnn.cc`, `EvalHybrid`) wraps both
  /// directions in one more loop over the steps.
  var passes = 1

  /// Options: `SequenceRNNOptions` slots.
  private enum Slot {
    static let timeMajor = 0, activation = 1, asymmetricQuantizeInputs = 2
  }

  init(_ op: OperatorInfo, at operatorIndex: Int, operands: OperandReader) throws(RecurrentStateRefusal) {
    guard op.inputs.count == 5 else { throw .operandCount(role: "inputs", count: op.inputs.count, expected: [5]) }
    guard op.outputs.count == 1, op.outputs[0] >= 0 else {
      throw .operandCount(role: "outputs", count: op.outputs.filter { $0 >= 0 }.count, expected: [1])
    }
    let options = operands.options(of: op)
    try self.init(
      inputs: op.inputs, output: op.outputs[0], timeMajor: operands.byte(options, slot: Slot.timeMajor) != 0,
      activation: try FusedActivation(operands.byte(options, slot: Slot.activation)),
      asymmetricQuantizeInputs: operands.byte(options, slot: Slot.asymmetricQuantizeInputs) != 0, at: operatorIndex,
      operands: operands, allowsDynamicSteps: true)
  }

  /// Reads an RNN from its operands, `inputs` by position as the unidirectional operator takes
  /// them (5). `output` is nil for one direction of a bidirectional operator, whose own plan
  /// checks and writes the outputs (``output`` is then -1); `auxiliary` are such a direction's
  /// auxiliary weights and the auxiliary input's width.
  init(
    inputs: [Int], output: Int?, timeMajor: Bool, activation: FusedActivation, asymmetricQuantizeInputs: Bool = false,
    auxiliary: (weights: Int, width: Int)? = nil, at operatorIndex: Int, operands: OperandReader,
    allowsDynamicSteps: Bool
  ) throws(RecurrentStateRefusal) {
    self.operatorIndex = operatorIndex
    self.activation = activation
    input = try operands.required(inputs, input: 0, role: "input")
    layout = try SequenceLayout(
      input: input, timeMajor: timeMajor, operands: operands, allowsDynamicSteps: allowsDynamicSteps)

    inputWeights = try operands.required(inputs, input: 1, role: "input_weights")
    isHybrid = operands.tensors[inputWeights].type == .int8
    self.asymmetricQuantizeInputs = isHybrid && asymmetricQuantizeInputs
    units =
      try (isHybrid ? operands.tensors[inputWeights].shape : operands.float(inputWeights, role: "input_weights"))
      .first ?? 0
    recurrentWeights = try operands.required(inputs, input: 2, role: "recurrent_weights")
    if isHybrid {
      try operands.hybridWeights(inputWeights, role: "input_weights", shape: [units, layout.inputSize])
      try operands.hybridWeights(recurrentWeights, role: "recurrent_weights", shape: [units, units])
    } else {
      _ = try operands.constant(inputWeights, role: "input_weights", shape: [units, layout.inputSize])
      _ = try operands.constant(recurrentWeights, role: "recurrent_weights", shape: [units, units])
    }
    auxiliaryWeights = auxiliary?.weights
    auxiliaryWidth = auxiliary?.width ?? 0
    if let auxiliary {
      // Prepare checks the rows; the kernel reads the weights as the input weights' type.
      let shape = [units, auxiliary.width]
      if isHybrid {
        try operands.hybridWeights(auxiliary.weights, role: "aux_input_weights", shape: shape)
      } else {
        _ = try operands.constant(auxiliary.weights, role: "aux_input_weights", shape: shape)
      }
    }
    bias = try operands.required(inputs, input: 3, role: "bias")
    _ = try operands.constant(bias, role: "bias", shape: [units])
    hiddenState = try operands.required(inputs, input: 4, role: "hidden_state")
    try operands.state(hiddenState, role: "hidden_state", shape: [layout.batch, units])
    self.output = output ?? -1
    if let output {
      try operands.float(
        output, role: "output", shape: layout.sequenceShape(width: units))
    }
  }
}
