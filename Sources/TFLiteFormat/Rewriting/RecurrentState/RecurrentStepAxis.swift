/// The axis of a lowered sequence operator's data input that runs over the steps (the time
/// axis of a fused LSTM or RNN, of either direction of a bidirectional one, or of the integer
/// LSTM's kernel).
///
/// TensorFlow Lite's sequence kernels read the number of steps from the input at every
/// `allocate_tensors()`, so Python's interpreter runs a model whose file fixes the sequence
/// length (`[1, 5, 3]`) at another one after `resize_tensor_input` (non-strict). A lowering
/// that unrolls the steps (see ``RecurrentStateLowering``) takes only the file's number; one
/// made with `loopingOverFixedSteps` loops over them (``takesAnyLength``), as it does for a
/// sequence length the file leaves dynamic.
public struct RecurrentStepAxis: Sendable, Hashable {
  /// The subgraph of the operator and the tensor.
  public let subgraphIndex: Int
  /// The input tensor's index in that subgraph.
  public let tensorIndex: Int
  /// The input tensor's name.
  public let tensorName: String
  /// The axis that runs over the steps.
  public let axis: Int
  /// Whether the lowered operator takes any number of steps there (a loop, or the integer
  /// LSTM's kernel), not only the one it was unrolled at.
  public let takesAnyLength: Bool
  /// The operator, as `subgraphs[0].operators[3] UNIDIRECTIONAL_SEQUENCE_LSTM`.
  public let operatorLocation: String
}

extension RecurrentPlan {
  /// The step axes of this plan's sequence inputs in the subgraph `operands` reads (none for an
  /// SVDF or a one-step `LSTM`), each followed back to the tensor it comes from through
  /// operators that keep the axis (see ``OperandReader/stepSource(of:axis:)``): a model input
  /// quantized, cast or looked up in an embedding table before the sequence operator.
  func stepAxes(operands: OperandReader, location: String) -> [RecurrentStepAxis] {
    sequenceSteps.map { step in
      let source = operands.stepSource(of: step.tensor, axis: step.axis)
      return RecurrentStepAxis(
        subgraphIndex: operands.subgraphIndex, tensorIndex: source.tensor,
        tensorName: operands.tensors[source.tensor].name, axis: source.axis, takesAnyLength: step.takesAnyLength,
        operatorLocation: location)
    }
  }

  /// The plan's sequence inputs that have a step axis: the tensor in the operator's subgraph,
  /// the axis, and whether the lowering takes any number of steps there.
  private var sequenceSteps: [(tensor: Int, axis: Int, takesAnyLength: Bool)] {
    let sequences: [(tensor: Int, layout: SequenceLayout)]
    switch self {
    case .lstm(let plan): sequences = [(plan.input, plan.layout)]
    case .rnn(let plan): sequences = [(plan.input, plan.layout)]
    case .bidirectionalLSTM(let plan):
      sequences =
        [(plan.forward.input, plan.forward.layout)]
        + (plan.auxiliary.sequence.map { [($0.tensor, plan.forward.layout)] } ?? [])
    case .bidirectionalRNN(let plan):
      sequences =
        [(plan.forward.input, plan.forward.layout)]
        + (plan.auxiliary.sequence.map { [($0.tensor, plan.forward.layout)] } ?? [])
    case .integerLSTM(let plan):
      guard let axis = plan.timeAxis else { return [] }
      return [(plan.kernel.input, axis, true)]
    case .svdf, .integerLSTM8x8_8, .integerSVDF: return []
    }
    return sequences.compactMap { tensor, layout in
      layout.hasTimeAxis ? (tensor, Int(layout.timeAxis), layout.dynamicSteps) : nil
    }
  }
}

extension OperandReader {
  /// Operators whose output has their first input's shape, element for element.
  private static let elementwise: Set<String> = [
    "QUANTIZE", "DEQUANTIZE", "CAST", "RELU", "RELU6", "RELU_N1_TO_1", "RELU_0_TO_1", "LEAKY_RELU", "TANH",
    "LOGISTIC", "ABS", "NEG", "EXP", "LOG", "SQRT", "RSQRT", "SQUARE", "FLOOR", "CEIL", "ROUND", "SIN", "COS",
    "HARD_SWISH", "GELU", "ELU", "SIGN",
  ]

  /// The tensor and axis that `axis` of `tensor` comes from: followed back through elementwise
  /// operators of one input, and through a `GATHER` (axis 0, no batch dimensions) or
  /// `EMBEDDING_LOOKUP` from its indices (whose axes lead the output's); where no such operator
  /// writes the tensor, the tensor itself.
  func stepSource(of tensor: Int, axis: Int) -> (tensor: Int, axis: Int) {
    let subgraph = model.subgraphs[subgraphIndex]
    var current = (tensor: tensor, axis: axis)
    var visited: Set<Int> = []
    while visited.insert(current.tensor).inserted,
      let op = subgraph.operators.first(where: { $0.outputs.first == current.tensor }),
      model.operatorCodes.indices.contains(op.opcodeIndex)
    {
      let code = model.operatorCodes[op.opcodeIndex]
      let name = code.isCustom ? "" : code.builtinOperator.name
      let dataInputs = op.inputs.filter { $0 >= 0 }
      if Self.elementwise.contains(name), dataInputs.count == 1, let input = dataInputs.first {
        current.tensor = input
      } else if name == "GATHER" || name == "EMBEDDING_LOOKUP", op.inputs.count == 2, op.inputs.allSatisfy({ $0 >= 0 }),
        name == "EMBEDDING_LOOKUP" || (int32(options(of: op), slot: 0) == 0 && int32(options(of: op), slot: 1) == 0)
      {
        // GATHER(params, indices), EMBEDDING_LOOKUP(ids, table): the output's leading axes are the indices'.
        let indices = name == "GATHER" ? op.inputs[1] : op.inputs[0]
        guard current.axis < tensors[indices].shape.count else { break }
        current.tensor = indices
      } else {
        break
      }
    }
    return current
  }

  /// The subgraph's inputs whose values reach any of `tensors`: every input some chain of
  /// operators computes them from (the tensors themselves when they are inputs).
  func inputsReaching(_ tensors: [Int]) -> Set<Int> {
    let subgraph = model.subgraphs[subgraphIndex]
    var producer: [Int: Int] = [:]
    for (index, op) in subgraph.operators.enumerated() {
      for output in op.outputs where output >= 0 { producer[output] = index }
    }
    var seen: Set<Int> = []
    var pending = tensors
    while let tensor = pending.popLast() {
      guard tensor >= 0, seen.insert(tensor).inserted, let op = producer[tensor] else { continue }
      pending += subgraph.operators[op].inputs
    }
    return seen.intersection(subgraph.inputs)
  }
}
