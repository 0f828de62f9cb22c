/// One fully quantized `SVDF` (TensorFlow Lite's integer kernel, `EvalIntegerSVDF`: int8 input,
/// weights_feature and output, int16 weights_time and activation state, int32 bias), as
/// keyword-spotting models quantized for microcontrollers have it, read and checked the way the
/// kernel's `Prepare` (`tflite/kernels/svdf.cc`) reads it.
///
/// Its arithmetic (feature products rescaled into saturating int16 frames, time products summed
/// in int32 and rescaled to int8) has no builtin equivalent, so the lowering writes one custom
/// operator (``operatorName``) whose kernel — TensorBridge's own C implementation
/// (`CIntegerSVDF.h`), registered with LiteRT at compile time — runs one invocation:
///
/// ```
/// output, state' = TensorBridgeIntegerSVDF(input, parameters, state)
/// ```
///
/// `parameters` is an int32 constant holding what the kernel needs, computed here as `Prepare`
/// computes it: the two effective scales' multipliers and shifts
/// (`input · weights_feature / state` and `state · weights_time / output`), the input and output
/// zero points, the weights and the bias. The state is handed over as
/// `[batch, units, rank × memory]` (the same elements), so that the kernel's output layout can
/// read the number of units from its inputs.
///
/// TensorFlow Lite's integer kernel takes only the `RELU` activation — and does not apply it —
/// so any other is refused (Python fails on the first invoke).
struct IntegerSVDFPlan {
  /// The custom operator's name (registered by TensorBridge's interpreter).
  static let operatorName = "TensorBridgeIntegerSVDF"
  /// "QSV1": the parameter block's first word (`TB_QSVDF_MAGIC`).
  static let magic: Int32 = 0x5153_5631

  /// Header word indices of the parameter block (`TB_QSVDF_*` in `CIntegerSVDF.h`).
  enum Word {
    static let magic = 0, count = 1, batch = 2, inputSize = 3, filters = 4, rank = 5, memory = 6
    static let inputZeroPoint = 7, outputZeroPoint = 8, featureMultiplier = 9, featureShift = 10
    static let outputMultiplier = 11, outputShift = 12, weightsFeature = 13, weightsTime = 14, bias = 15
    static let header = 16
  }

  let operatorIndex: Int
  let input: Int
  let output: Int
  let state: Int
  let batch: Int
  let filters: Int
  let memory: Int
  let rank: Int
  /// The parameter block (see ``Word``).
  let parameters: [Int32]

  /// The units (`filters / rank`).
  var units: Int { filters / rank }

  init(_ op: OperatorInfo, at operatorIndex: Int, operands: OperandReader) throws(RecurrentStateRefusal) {
    self.operatorIndex = operatorIndex
    let common = try SVDFPlan.options(of: op, operands: operands)
    guard common.activation == .relu else { throw .integerSVDFActivation(rawValue: common.activation.rawValue) }
    rank = common.rank

    input = try operands.required(op, input: 0, role: "input")
    let inputShape = try operands.typed(input, role: "input", type: .int8)
    guard inputShape.count == 2 else {
      throw .unexpectedRank(role: "input", tensor: operands.tensors[input].name, rank: inputShape.count, expected: 2)
    }
    batch = inputShape[0]
    let inputSize = inputShape[1]
    let weightsFeature = try operands.required(op, input: 1, role: "weights_feature")
    filters = operands.tensors[weightsFeature].shape.first ?? 0
    let featureBytes = try operands.integerConstant(
      weightsFeature, role: "weights_feature", type: .int8, shape: [filters, inputSize])
    let weightsTime = try operands.required(op, input: 2, role: "weights_time")
    let timeShape = operands.tensors[weightsTime].shape
    memory = timeShape.count == 2 ? timeShape[1] : 0
    let timeBytes = try operands.integerConstant(
      weightsTime, role: "weights_time", type: .int16, shape: [filters, memory])
    guard rank > 0, filters > 0, memory > 0, batch > 0, inputSize > 0, filters % rank == 0 else {
      throw .inconsistentOperands("\(filters) filters, memory \(memory) and rank \(rank) do not make whole units")
    }
    let units = filters / rank
    var biasValues: [Int32]?
    if let bias = operands.optional(op, input: 3) {
      biasValues = IntegerLSTMParameters.int32s(
        try operands.integerConstant(bias, role: "bias", type: .int32, shape: [units]))
    }
    state = try operands.required(op, input: 4, role: "activation_state")
    try operands.integerState(state, role: "activation_state", type: .int16, shape: [batch, memory * filters])
    output = op.outputs[0]
    try operands.typed(output, role: "output", type: .int8, shape: [batch, units])

    // Prepare's effective scales, in float as it computes them: the first scale and zero point of
    // each activation (`scale->data[0]`, however many), the first scale of each weight (per-channel weights included, as Python's
    // kernel reads them); neither the weights' zero points nor the state's are read.
    let inputQuantization = try operands.firstQuantization(input, role: "input")
    let featureScale = try operands.firstScale(weightsFeature, role: "weights_feature")
    let timeScale = try operands.firstScale(weightsTime, role: "weights_time")
    let stateScale = try operands.firstQuantization(state, role: "activation_state").scale
    let outputQuantization = try operands.firstQuantization(output, role: "output")
    let feature = try IntegerLSTMPlan.multiplier(Double(inputQuantization.scale * featureScale / stateScale))
    let time = try IntegerLSTMPlan.multiplier(Double(stateScale * timeScale / outputQuantization.scale))
    if let shift = [feature.shift, time.shift].first(where: { !((-31)...30 ~= $0) }) {
      throw .inconsistentOperands("its scales need a rescaling shift of \(shift), outside the kernel's -31...30")
    }

    var block = KernelParameterBlock(headerWords: Word.header)
    var header = [Int32](repeating: 0, count: Word.header)
    header[Word.weightsFeature] = block.append(bytes: featureBytes)
    header[Word.weightsTime] = block.append(bytes: timeBytes)
    header[Word.bias] = biasValues.map { block.append(int32s: $0) } ?? 0
    header[Word.magic] = Self.magic
    header[Word.count] = Int32(block.count)
    header[Word.batch] = Int32(batch)
    header[Word.inputSize] = Int32(inputSize)
    header[Word.filters] = Int32(filters)
    header[Word.rank] = Int32(rank)
    header[Word.memory] = Int32(memory)
    header[Word.inputZeroPoint] = inputQuantization.zeroPoint
    header[Word.outputZeroPoint] = outputQuantization.zeroPoint
    header[Word.featureMultiplier] = feature.multiplier
    header[Word.featureShift] = feature.shift
    header[Word.outputMultiplier] = time.multiplier
    header[Word.outputShift] = time.shift
    parameters = block.words(header: header)
  }

  /// Writes the custom operator (see ``IntegerSVDFPlan``) reading the state at the start.
  ///
  /// - Returns: the new activation state, to assign back to the variable.
  func emitSteps(into g: inout LoweringGraph) -> [Int32] {
    let block = g.alignedConstant("parameters", [parameters.count], int32s: parameters)
    // LiteRT hands a custom operator only 64-byte aligned host memory, and READ_VARIABLE's
    // output is allocated on its own: a one-input CONCATENATION copies the state into the arena.
    let byUnit = [batch, units, rank * memory]
    let view = g.reshape(Int32(state), "activation_state/by_unit", byUnit, type: .int16)
    let copy = g.tensor("activation_state/read", byUnit, type: .int16)
    g.concatenate([view], axis: 0, into: copy)
    let newState = g.tensor("activation_state/new", byUnit, type: .int16)
    g.custom(Self.operatorName, [Int32(input), block, copy], [Int32(output), newState])
    return [g.reshape(newState, "activation_state", [batch, memory * filters], type: .int16)]
  }
}
