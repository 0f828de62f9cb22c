/// A fused recurrent (stateful) operator TensorBridge lowers, with everything its lowering needs.
enum RecurrentPlan {
  case lstm(SequenceLSTMPlan)
  case rnn(SequenceRNNPlan)
  case bidirectionalLSTM(BidirectionalSequenceLSTMPlan)
  case bidirectionalRNN(BidirectionalSequenceRNNPlan)
  case svdf(SVDFPlan)
  case integerLSTM(IntegerLSTMPlan)
  case integerLSTM8x8_8(IntegerLSTM8x8_8Plan)
  case integerSVDF(IntegerSVDFPlan)

  /// The operator's index in its subgraph.
  var operatorIndex: Int {
    switch self {
    case .lstm(let plan): plan.operatorIndex
    case .rnn(let plan): plan.operatorIndex
    case .bidirectionalLSTM(let plan): plan.operatorIndex
    case .bidirectionalRNN(let plan): plan.operatorIndex
    case .svdf(let plan): plan.operatorIndex
    case .integerLSTM(let plan): plan.operatorIndex
    case .integerLSTM8x8_8(let plan): plan.operatorIndex
    case .integerSVDF(let plan): plan.operatorIndex
    }
  }

  /// The operator's data inputs (neither constant nor state), each with the axis its lowering
  /// keeps dynamic: the sequence length of a loop, or of the integer LSTM's kernel (which takes
  /// any). Every other dimension is fixed at the tensor's current size.
  var dataInputs: [(tensor: Int, dynamicAxis: Int?)] {
    switch self {
    case .lstm(let plan): [(plan.input, plan.layout.loopAxis)]
    case .rnn(let plan): [(plan.input, plan.layout.loopAxis)]
    case .bidirectionalLSTM(let plan):
      [(plan.forward.input, plan.forward.layout.loopAxis)]
        + (plan.auxiliary.sequence.map { [($0.tensor, plan.forward.layout.loopAxis)] } ?? [])
    case .bidirectionalRNN(let plan):
      [(plan.forward.input, plan.forward.layout.loopAxis)]
        + (plan.auxiliary.sequence.map { [($0.tensor, plan.forward.layout.loopAxis)] } ?? [])
    case .svdf(let plan): [(plan.input, nil)]
    case .integerLSTM(let plan): [(plan.kernel.input, plan.timeAxis)]
    case .integerLSTM8x8_8(let plan): [(plan.kernel.input, nil)]
    case .integerSVDF(let plan): [(plan.input, nil)]
    }
  }

  /// Whether the operator runs on one of TensorBridge's integer kernels (its weights travel in
  /// the kernel's parameter block, not as tensors).
  var isInteger: Bool {
    switch self {
    case .integerLSTM, .integerLSTM8x8_8, .integerSVDF: true
    case .lstm, .rnn, .bidirectionalLSTM, .bidirectionalRNN, .svdf: false
    }
  }

  /// The variable tensors holding the state, with the kernel's name for each, in the order
  /// the plan's `emitSteps` returns their final values, and the shape the lowering gives them
  /// (an LSTM kernel takes its states in any shape of the right size, see
  /// `OperandReader.checkedState`; nil keeps the file's).
  var states: [(tensor: Int, role: String, shape: [Int]?)] {
    switch self {
    case .lstm(let plan): plan.states()
    case .rnn(let plan): [(plan.hiddenState, "hidden_state", nil)]
    case .bidirectionalLSTM(let plan): plan.forward.states(prefix: "fw_") + plan.backward.states(prefix: "bw_")
    case .bidirectionalRNN(let plan):
      [(plan.forward.hiddenState, "fw_hidden_state", nil), (plan.backward.hiddenState, "bw_hidden_state", nil)]
    case .svdf(let plan): [(plan.state, "activation_state", nil)]
    case .integerLSTM(let plan): plan.kernel.states
    case .integerLSTM8x8_8(let plan): plan.kernel.states
    case .integerSVDF(let plan): [(plan.state, "activation_state", nil)]
    }
  }

  /// The custom operator TensorBridge's own kernel runs it as, or nil when it becomes builtin
  /// operators.
  var customOperatorName: String? {
    switch self {
    case .integerLSTM: IntegerLSTMPlan.operatorName
    case .integerLSTM8x8_8: IntegerLSTM8x8_8Plan.operatorName
    case .integerSVDF: IntegerSVDFPlan.operatorName
    case .lstm, .rnn, .bidirectionalLSTM, .bidirectionalRNN, .svdf: nil
    }
  }
}

/// How a sequence operator's input is laid out: what the lowering unrolls. The builtin
/// (non-sequence) `LSTM` operator's input is one step without a time axis (``hasTimeAxis``
/// false): `[batch, n_input]`, its output `[batch, n_output]`.
struct SequenceLayout: Hashable {
  /// The most steps the lowering unrolls.
  static let maxSteps = RecurrentStateLowering.maxSteps

  let batch: Int
  let steps: Int
  let inputSize: Int
  /// `[steps, batch, …]` instead of `[batch, steps, …]`.
  let timeMajor: Bool
  /// The number of steps is only known at run time (shape signature -1): the lowering loops
  /// over the steps (`WHILE`) instead of unrolling them.
  let dynamicSteps: Bool
  /// The input is a sequence of rank 3; false for one step of rank 2 (`[batch, n_input]`, the
  /// builtin `LSTM` operator's), where ``steps`` is 1 and ``timeMajor`` means nothing.
  var hasTimeAxis = true

  /// The axis that runs over the steps.
  var timeAxis: Int32 { timeMajor ? 0 : 1 }

  /// The time axis when the lowering loops over a dynamic number of steps; else nil.
  var loopAxis: Int? { dynamicSteps ? Int(timeAxis) : nil }

  /// The shape of a sequence of `width`-sized vectors in this layout (`[batch, width]` without
  /// a time axis).
  func sequenceShape(width: Int) -> [Int] {
    guard hasTimeAxis else { return [batch, width] }
    return timeMajor ? [steps, batch, width] : [batch, steps, width]
  }

  /// The shape signature of such a sequence: -1 steps when ``dynamicSteps``.
  func sequenceSignature(width: Int) -> [Int] {
    guard hasTimeAxis else { return [batch, width] }
    let steps = dynamicSteps ? -1 : steps
    return timeMajor ? [steps, batch, width] : [batch, steps, width]
  }

  /// Reads the layout of the one-step input `input` of the builtin `LSTM` operator: a float32
  /// tensor `[batch, n_input]` (taken at its current shape). (`lstm.cc` takes the batch and
  /// input size from the first two dimensions and the rest of its evaluation from the last, so
  /// only rank 2 is consistent.)
  init(singleStepInput input: Int, operands: OperandReader) throws(RecurrentStateRefusal) {
    let tensor = operands.tensors[input]
    let shape = try operands.float(input, role: "input")
    guard shape.count == 2 else {
      throw .unexpectedRank(role: "input", tensor: tensor.name, rank: shape.count, expected: 2)
    }
    guard shape.allSatisfy({ $0 > 0 }) else {
      throw .unexpectedShape(role: "input", tensor: tensor.name, expected: shape.map { max($0, 1) }, actual: shape)
    }
    self.init(batch: shape[0], steps: 1, inputSize: shape[1], timeMajor: true, dynamicSteps: false)
    hasTimeAxis = false
  }

  /// Reads the layout of `input`, a float32 tensor of rank 3 taken at its current shape (see
  /// ``OperandReader/float(_:role:shape:)``); when `allowsDynamicSteps` and its signature
  /// leaves the number of steps dynamic (or ``OperandReader/loopsOverFixedSteps``),
  /// ``dynamicSteps`` is set and `steps` is the tensor's default length.
  init(input: Int, timeMajor: Bool, operands: OperandReader, allowsDynamicSteps: Bool = false)
    throws(RecurrentStateRefusal)
  {
    let tensor = operands.tensors[input]
    let timeAxis = timeMajor ? 0 : 1
    let signature = tensor.shapeSignature ?? tensor.shape
    let dynamic = signature.count == 3 && (signature[timeAxis] < 0 || operands.loopsOverFixedSteps)
    let shape = try operands.float(input, role: "input")
    guard shape.count == 3 else {
      throw .unexpectedRank(role: "input", tensor: tensor.name, rank: shape.count, expected: 3)
    }
    guard shape.allSatisfy({ $0 > 0 }) else {
      throw .unexpectedShape(role: "input", tensor: tensor.name, expected: shape.map { max($0, 1) }, actual: shape)
    }
    self.timeMajor = timeMajor
    dynamicSteps = allowsDynamicSteps && dynamic
    batch = timeMajor ? shape[1] : shape[0]
    steps = timeMajor ? shape[0] : shape[1]
    inputSize = shape[2]
    guard dynamicSteps || steps <= Self.maxSteps else { throw .tooManySteps(steps: steps, limit: Self.maxSteps) }
  }

  /// The layout of one step of `self`, as the body of a loop over the steps sees it (a
  /// sequence of length 1).
  var singleStep: SequenceLayout {
    SequenceLayout(batch: batch, steps: 1, inputSize: inputSize, timeMajor: timeMajor, dynamicSteps: false)
  }

  /// The same layout for a sequence of `width`-sized vectors (a bidirectional operator's
  /// auxiliary input).
  func withInputSize(_ width: Int) -> SequenceLayout {
    SequenceLayout(batch: batch, steps: steps, inputSize: width, timeMajor: timeMajor, dynamicSteps: dynamicSteps)
  }

  private init(batch: Int, steps: Int, inputSize: Int, timeMajor: Bool, dynamicSteps: Bool) {
    self.batch = batch
    self.steps = steps
    self.inputSize = inputSize
    self.timeMajor = timeMajor
    self.dynamicSteps = dynamicSteps
  }
}

/// The schema's `ActivationFunctionType`, as fused into sequence operators.
enum FusedActivation: Int8 {
  case none = 0
  case relu = 1
  case reluN1To1 = 2
  case relu6 = 3
  case tanh = 4
  /// `std::signbit`: 1 where the sign bit is set (negative values, -0 and negative NaNs), else 0.
  case signBit = 5

  /// The builtin operator that applies it (nil for `none`, and for `signBit`, which takes three).
  var builtinOperator: BuiltinOperator? {
    switch self {
    case .none, .signBit: nil
    case .relu: .relu
    case .reluN1To1: .reluN1To1
    case .relu6: .relu6
    case .tanh: .tanh
    }
  }

  init(_ rawValue: Int8) throws(RecurrentStateRefusal) {
    guard let activation = FusedActivation(rawValue: rawValue) else { throw .unsupportedActivation(rawValue: rawValue) }
    self = activation
  }
}
