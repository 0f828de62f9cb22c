/// An operator that keeps state between runs in variable tensors (`is_variable`): a fused
/// LSTM or RNN as the TensorFlow Lite converter writes it. TensorFlow Lite's classic
/// interpreter keeps that state from one invocation to the next; LiteRT's compiled model
/// refuses variable tensors, so TensorBridge lowers such operators to builtin operators over
/// resource variables (see ``TFLiteModel/loweringRecurrentState(loopingOverFixedSteps:)``) when it can.
public struct RecurrentStateOperator: Sendable, Hashable {
  /// The subgraph holding the operator.
  public let subgraphIndex: Int
  /// The operator's index in that subgraph.
  public let operatorIndex: Int
  /// The operator's name, such as `UNIDIRECTIONAL_SEQUENCE_LSTM`.
  public let operatorName: String
  /// The variable tensors among its inputs, in input order.
  public let stateTensors: [Int]
  /// Why it cannot be lowered, or nil when it can.
  public let refusal: RecurrentStateRefusal?
  /// The custom operator it is lowered to when TensorBridge's own kernel runs it (a fully
  /// quantized LSTM or SVDF: ``RecurrentStateLowering/integerLSTMOperatorName``,
  /// ``RecurrentStateLowering/integerSVDFOperatorName``); nil when it becomes builtin operators
  /// or is refused.
  public let customOperatorName: String?

  init(
    subgraphIndex: Int, operatorIndex: Int, operatorName: String, stateTensors: [Int],
    refusal: RecurrentStateRefusal?, customOperatorName: String? = nil
  ) {
    self.subgraphIndex = subgraphIndex
    self.operatorIndex = operatorIndex
    self.operatorName = operatorName
    self.stateTensors = stateTensors
    self.refusal = refusal
    self.customOperatorName = customOperatorName
  }

  /// Whether TensorBridge lowers it.
  public var isLowerable: Bool { refusal == nil }

  /// Where it is, as `subgraphs[0].operators[3] UNIDIRECTIONAL_SEQUENCE_LSTM`.
  public var location: String { "subgraphs[\(subgraphIndex)].operators[\(operatorIndex)] \(operatorName)" }
}

extension TFLiteModel {
  /// Every operator with a variable-tensor input, with whether TensorBridge can lower it and,
  /// if not, why. Empty for most models.
  public var recurrentStateOperators: [RecurrentStateOperator] {
    data.withUnsafeBytes { raw in
      recurrentStateAnalysis(reader: FlatBufferReader(bytes: raw)).map(\.summary)
    }
  }

  /// Every operator with a variable-tensor input, with its lowering plan or refusal (see
  /// ``OperandReader/loopsOverFixedSteps`` for `loopingOverFixedSteps`).
  func recurrentStateAnalysis(reader: FlatBufferReader, loopingOverFixedSteps: Bool = false)
    -> [(summary: RecurrentStateOperator, plan: RecurrentPlan?)]
  {
    var found: [(summary: RecurrentStateOperator, plan: RecurrentPlan?)] = []
    // Most models have no variable tensor at all: one pass over the tensors and done.
    for (subgraphIndex, subgraph) in subgraphs.enumerated() where subgraph.tensors.contains(where: \.isVariable) {
      let operands = OperandReader(
        model: self, subgraphIndex: subgraphIndex, reader: reader, loopsOverFixedSteps: loopingOverFixedSteps)
      for (operatorIndex, op) in subgraph.operators.enumerated() {
        let states = op.inputs.filter { subgraph.tensors.indices.contains($0) && subgraph.tensors[$0].isVariable }
        guard !states.isEmpty else { continue }
        let code = operatorCodes[op.opcodeIndex]
        // A sparse operand decides first: a plan would read its (shorter) data as dense.
        let builtin = code.isCustom ? BuiltinOperator.custom : code.builtinOperator
        let sparse = Result { () throws(RecurrentStateRefusal) in try operands.checkSparseOperands(op, code: code) }
        let result: Result<RecurrentPlan, RecurrentStateRefusal>
        if case .failure(let refusal) = sparse, Self.recurrentOperators.contains(builtin) {
          result = .failure(refusal)
        } else {
          result = Self.plan(op, at: operatorIndex, code: code, operands: operands)
        }
        var refusal: RecurrentStateRefusal?
        if case .failure(let reason) = result { refusal = reason }
        let plan = try? result.get()
        let summary = RecurrentStateOperator(
          subgraphIndex: subgraphIndex, operatorIndex: operatorIndex, operatorName: code.name,
          stateTensors: states, refusal: refusal, customOperatorName: plan?.customOperatorName)
        found.append((summary, plan))
      }
    }
    return found
  }
}

extension TFLiteModel {
  /// The operators ``TFLiteModel/recurrentStateAnalysis(reader:loopingOverFixedSteps:)`` plans lowerings for.
  fileprivate static let recurrentOperators: Set<BuiltinOperator> = [
    .unidirectionalSequenceLSTM, .unidirectionalSequenceRNN, .bidirectionalSequenceLSTM, .bidirectionalSequenceRNN,
    .lstm, .svdf,
  ]

  /// The lowering plan of `op` (at `operatorIndex`, of operator code `code`), or why there is none.
  fileprivate static func plan(_ op: OperatorInfo, at operatorIndex: Int, code: OperatorCode, operands: OperandReader)
    -> Result<RecurrentPlan, RecurrentStateRefusal>
  {
    switch code.isCustom ? BuiltinOperator.custom : code.builtinOperator {
    case .unidirectionalSequenceLSTM where op.inputs.first.map({ operands.isInt8($0) }) == true:
      // int8 input: TensorFlow Lite's integer kernel.
      return Result { () throws(RecurrentStateRefusal) in
        .integerLSTM(try IntegerLSTMPlan(op, at: operatorIndex, operands: operands))
      }
    case .unidirectionalSequenceLSTM:
      return Result { () throws(RecurrentStateRefusal) in
        .lstm(try SequenceLSTMPlan(op, at: operatorIndex, operands: operands))
      }
    case .unidirectionalSequenceRNN:
      return Result { () throws(RecurrentStateRefusal) in
        .rnn(try SequenceRNNPlan(op, at: operatorIndex, operands: operands))
      }
    case .bidirectionalSequenceLSTM:
      return Result { () throws(RecurrentStateRefusal) in
        .bidirectionalLSTM(try BidirectionalSequenceLSTMPlan(op, at: operatorIndex, operands: operands))
      }
    case .bidirectionalSequenceRNN:
      return Result { () throws(RecurrentStateRefusal) in
        .bidirectionalRNN(try BidirectionalSequenceRNNPlan(op, at: operatorIndex, operands: operands))
      }
    case .lstm
    where op.inputs.first.map({ operands.isInt8($0) }) == true
      && op.intermediates.count == IntegerLSTM8x8_8Plan.intermediateCount:
      // The builtin LSTM's older integer form, "8x8_8".
      return Result { () throws(RecurrentStateRefusal) in
        .integerLSTM8x8_8(try IntegerLSTM8x8_8Plan(op, at: operatorIndex, operands: operands))
      }
    case .lstm where op.inputs.first.map({ operands.isInt8($0) }) == true:
      // The builtin (non-sequence) LSTM: one step per invoke, integer or float/hybrid.
      return Result { () throws(RecurrentStateRefusal) in
        .integerLSTM(try IntegerLSTMPlan(op, at: operatorIndex, operands: operands, singleStep: true))
      }
    case .lstm:
      return Result { () throws(RecurrentStateRefusal) in
        .lstm(try SequenceLSTMPlan(builtinLSTM: op, at: operatorIndex, operands: operands))
      }
    case .svdf where op.inputs.first.map({ operands.isInt8($0) }) == true:
      // int8 input: TensorFlow Lite's integer kernel.
      return Result { () throws(RecurrentStateRefusal) in
        .integerSVDF(try IntegerSVDFPlan(op, at: operatorIndex, operands: operands))
      }
    case .svdf:
      return Result { () throws(RecurrentStateRefusal) in
        .svdf(try SVDFPlan(op, at: operatorIndex, operands: operands))
      }
    default:
      return .failure(.operatorNotLowered(name: code.name))
    }
  }
}
