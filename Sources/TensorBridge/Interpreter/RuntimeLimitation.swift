import TFLiteFormat

/// Something a model uses that LiteRT's compiled-model API (the only API the pinned
/// `libLiteRt` exports) refuses to load, although TensorFlow Lite's classic interpreter — what
/// Python's `ai_edge_litert.interpreter.Interpreter` runs — accepts it, and that TensorBridge
/// cannot work around.
///
/// LiteRT's model loader (`litert/core/model/model_load.cc`) returns
/// `kLiteRtStatusErrorUnsupported` for each of these. TensorBridge finds them in the verified
/// flatbuffer before LiteRT sees the model, so such a model fails at load with
/// ``InterpreterError/unsupportedByRuntime(_:)`` naming the exact tensor or operator, and
/// `tensorbridge inspect` reports them up front.
///
/// Variable tensors holding the state of a fused `UNIDIRECTIONAL_SEQUENCE_LSTM` or
/// `UNIDIRECTIONAL_SEQUENCE_RNN`, of their `BIDIRECTIONAL_` forms, of the builtin `LSTM` or of
/// an `SVDF` are not a
/// limitation when TensorBridge can lower the operator
/// to builtin operators over resource variables (see
/// `TFLiteModel.loweringRecurrentState()`); when it cannot, the limitation names
/// the operator and carries the ``refusal``.
public struct RuntimeLimitation: Sendable, Hashable, CustomStringConvertible {
  /// What LiteRT's loader does not support.
  public enum Kind: String, Sendable, Hashable {
    /// A tensor marked `is_variable` (the state of fused LSTM/RNN operators).
    case variableTensor = "variable tensors (is_variable), which hold the state of fused LSTM/RNN operators"
    /// An operator whose kernel reads its `intermediates` (an integer LSTM's gate scales) but
    /// that keeps no state in variable tensors (Python's kernel fails to prepare it too). An
    /// integer LSTM with variable-tensor state runs on TensorBridge's own kernel, or is refused
    /// with the reason (a ``variableTensor`` limitation); the intermediates of every other
    /// operator, which its kernel ignores, are dropped before loading
    /// (`TFLiteModel.droppingIgnoredIntermediates()`).
    case intermediateTensors = "operator intermediate tensors (used by quantized LSTM)"
    /// An operator with the deprecated `mutating_variable_inputs` list.
    case mutatingVariableInputs = "the mutating_variable_inputs operator field"
    /// A tensor with `variant_tensors` subtypes (TensorList ops).
    case variantSubtypes = "variant tensor subtypes (TensorList)"
  }

  /// What is unsupported.
  public let kind: Kind
  /// The subgraph holding it.
  public let subgraph: Int
  /// The tensor or operator, as `tensors[7] 'name'` or `operators[2] UNIDIRECTIONAL_SEQUENCE_LSTM`.
  public let location: String
  /// For an operator keeping state in variable tensors: why TensorBridge cannot lower it to
  /// builtin operators. Nil for everything else (TensorBridge does not try to work around it).
  public let refusal: RecurrentStateRefusal?

  public var description: String {
    let what = "subgraphs[\(subgraph)].\(location) uses \(kind.rawValue)"
    return refusal.map { "\(what), and TensorBridge cannot lower it to builtin operators: \($0)" } ?? what
  }

  /// Every limitation in `model`, tensor by tensor and operator by operator (at most `limit`).
  public static func find(in model: TFLiteModel, limit: Int = 8) -> [RuntimeLimitation] {
    let recurrent = model.recurrentStateOperators
    var found: [RuntimeLimitation] = []
    for (subgraphIndex, subgraph) in model.subgraphs.enumerated() {
      // The operator that uses a tensor names it better than the tensor alone.
      var user: [Int: String] = [:]
      // An integer LSTM's intermediates go with its lowering (or with its refusal, below); those
      // of other operators, whose kernels ignore them, are dropped before loading
      // (TFLiteModel.droppingIgnoredIntermediates).
      let recurrentOperators = Set(recurrent.filter { $0.subgraphIndex == subgraphIndex }.map(\.operatorIndex))
      let ignoredIntermediates = Set(
        model.operatorsWithIgnoredIntermediates.filter { $0.subgraph == subgraphIndex }.map(\.operator))
      for (operatorIndex, op) in subgraph.operators.enumerated() {
        let name = model.operatorCodes[op.opcodeIndex].name
        for tensor in op.inputs where tensor >= 0 && user[tensor] == nil {
          user[tensor] = "operators[\(operatorIndex)] \(name)"
        }
        if !op.intermediates.isEmpty, !recurrentOperators.contains(operatorIndex),
          !ignoredIntermediates.contains(operatorIndex)
        {
          found.append(
            .init(
              kind: .intermediateTensors, subgraph: subgraphIndex, location: "operators[\(operatorIndex)] \(name)",
              refusal: nil))
        }
        if op.mutatingVariableInputCount > 0 {
          found.append(
            .init(
              kind: .mutatingVariableInputs, subgraph: subgraphIndex, location: "operators[\(operatorIndex)] \(name)",
              refusal: nil))
        }
      }
      // Variable tensors of fused recurrent operators: a limitation only when not lowered.
      var recurrentStates = Set<Int>()
      for op in recurrent where op.subgraphIndex == subgraphIndex {
        recurrentStates.formUnion(op.stateTensors)
        guard let refusal = op.refusal else { continue }
        let states = op.stateTensors.map { "tensors[\($0)] '\(subgraph.tensors[$0].name)'" }.joined(separator: ", ")
        found.append(
          .init(
            kind: .variableTensor, subgraph: subgraphIndex,
            location: "operators[\(op.operatorIndex)] \(op.operatorName) (state in \(states))", refusal: refusal))
      }
      for (tensorIndex, tensor) in subgraph.tensors.enumerated() {
        let location =
          "tensors[\(tensorIndex)] '\(tensor.name)'" + (user[tensorIndex].map { " (input of \($0))" } ?? "")
        if tensor.isVariable, !recurrentStates.contains(tensorIndex) {
          found.append(.init(kind: .variableTensor, subgraph: subgraphIndex, location: location, refusal: nil))
        }
        if tensor.variantSubtypeCount > 0 {
          found.append(.init(kind: .variantSubtypes, subgraph: subgraphIndex, location: location, refusal: nil))
        }
      }
      if found.count >= limit { break }
    }
    return Array(found.prefix(limit))
  }
}
