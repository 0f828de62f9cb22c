/// One `SVDF` (float32) whose activation state is a variable tensor, as its lowering needs it,
/// read and checked the way TensorFlow Lite's kernel (`tflite/kernels/svdf.cc`, float path
/// `EvalFloatSVDF`) prepares it. Each run shifts every filter's memory left by one frame,
/// writes the new frame's feature products into its last column, and sums the memory against
/// the time weights:
///
/// ```
/// state[b, f, m]  = state[b, f, m + 1] for m < memory − 1;  state[b, f, memory − 1] = x[b] · weights_feature[f]
/// output[b, u]    = act(Σ over the rank filters f of unit u, Σₘ state[b, f, m] · weights_time[f, m] + bias[u])
/// ```
///
/// Inputs by position: 0 input `[batch, n_input]`, 1 weights feature `[filters, n_input]`,
/// 2 weights time `[filters, memory]`, 3 bias `[units]` (optional), 4 activation state
/// `[batch, memory × filters]`, where `filters = units × rank`.
///
/// The two weights may be int8 quantized per tensor over float32 activations (the hybrid
/// kernel, `EvalHybridSVDF`): it quantizes each input row at run time for the feature products
/// (a hybrid `FULLY_CONNECTED` keeping the int8 weights computes the same) and recovers the time
/// weights as `Float(q) × scale` once (float constants here).
struct SVDFPlan {
  let operatorIndex: Int
  let input: Int
  let output: Int
  let weightsFeature: Int
  let weightsTime: Int
  let bias: Int?
  let state: Int
  let batch: Int
  let filters: Int
  let memory: Int
  let rank: Int
  let activation: FusedActivation
  /// A hybrid SVDF's time weights as the kernel recovers them (`Float(q) × scale`); nil when
  /// float32.
  let dequantizedWeightsTime: [Float]?
  /// The SVDF's `asymmetric_quantize_inputs` (hybrid only), mirrored onto its
  /// `FULLY_CONNECTED`.
  let asymmetricQuantizeInputs: Bool

  /// The units (`filters / rank`).
  var units: Int { filters / rank }

  /// Options: `SVDFOptions` slots.
  enum Slot {
    static let rank = 0, activation = 1, asymmetricQuantizeInputs = 2
  }

  init(_ op: OperatorInfo, at operatorIndex: Int, operands: OperandReader) throws(RecurrentStateRefusal) {
    self.operatorIndex = operatorIndex
    let common = try Self.options(of: op, operands: operands)
    let options = common.table
    activation = common.activation
    rank = common.rank

    input = try operands.required(op, input: 0, role: "input")
    let inputShape = try operands.float(input, role: "input")
    guard inputShape.count == 2 else {
      throw .unexpectedRank(role: "input", tensor: operands.tensors[input].name, rank: inputShape.count, expected: 2)
    }
    batch = inputShape[0]
    weightsFeature = try operands.required(op, input: 1, role: "weights_feature")
    let isHybrid = operands.tensors[weightsFeature].type == .int8
    asymmetricQuantizeInputs = isHybrid && operands.byte(options, slot: Slot.asymmetricQuantizeInputs) != 0
    weightsTime = try operands.required(op, input: 2, role: "weights_time")
    if isHybrid {
      filters = operands.tensors[weightsFeature].shape.first ?? 0
      try operands.hybridWeights(weightsFeature, role: "weights_feature", shape: [filters, inputShape[1]])
      let timeShape = operands.tensors[weightsTime].shape
      memory = timeShape.count == 2 ? timeShape[1] : 0
      dequantizedWeightsTime = try operands.dequantizedHybridWeights(
        weightsTime, role: "weights_time", shape: [filters, memory])
    } else {
      filters = try operands.float(weightsFeature, role: "weights_feature").first ?? 0
      _ = try operands.constant(weightsFeature, role: "weights_feature", shape: [filters, inputShape[1]])
      let timeShape = try operands.float(weightsTime, role: "weights_time")
      memory = timeShape.count == 2 ? timeShape[1] : 0
      _ = try operands.constant(weightsTime, role: "weights_time", shape: [filters, memory])
      dequantizedWeightsTime = nil
    }
    guard rank > 0, filters > 0, memory > 0, batch > 0, filters % rank == 0 else {
      throw .inconsistentOperands("\(filters) filters, memory \(memory) and rank \(rank) do not make whole units")
    }
    let units = filters / rank
    bias = operands.optional(op, input: 3)
    if let bias { _ = try operands.constant(bias, role: "bias", shape: [units]) }
    state = try operands.required(op, input: 4, role: "activation_state")
    try operands.state(state, role: "activation_state", shape: [batch, memory * filters])
    output = op.outputs[0]
    try operands.float(output, role: "output", shape: [batch, units])
  }

  /// Checks the operand counts every `SVDF` kernel takes (5 inputs, 1 output, no
  /// intermediates); returns its options table, activation and rank.
  static func options(of op: OperatorInfo, operands: OperandReader) throws(RecurrentStateRefusal) -> (
    table: FBTable?, activation: FusedActivation, rank: Int
  ) {
    guard op.inputs.count == 5 else { throw .operandCount(role: "inputs", count: op.inputs.count, expected: [5]) }
    guard op.outputs.count == 1, op.outputs[0] >= 0 else {
      throw .operandCount(role: "outputs", count: op.outputs.filter { $0 >= 0 }.count, expected: [1])
    }
    let table = operands.options(of: op)
    let activation = try FusedActivation(operands.byte(table, slot: Slot.activation))
    return (table, activation, Int(operands.int32(table, slot: Slot.rank)))
  }
}
