import TFLiteFormat

/// Something a model uses that LiteRT's compiled-model API (the only API the pinned
/// `libLiteRt` exports) refuses to load, although TensorFlow Lite's classic interpreter — what
/// Python's `ai_edge_litert.interpreter.Interpreter` runs — accepts it.
///
/// LiteRT's model loader (`litert/core/model/model_load.cc`) returns
/// `kLiteRtStatusErrorUnsupported` for each of these. TensorBridge finds them in the verified
/// flatbuffer before LiteRT sees the model, so such a model fails at load with
/// ``InterpreterError/unsupportedByRuntime(_:)`` naming the exact tensor or operator, and
/// `tensorbridge inspect` reports them up front.
public struct RuntimeLimitation: Sendable, Hashable, CustomStringConvertible {
  /// What LiteRT's loader does not support.
  public enum Kind: String, Sendable, Hashable {
    /// A tensor marked `is_variable` (the state of fused LSTM/RNN operators).
    case variableTensor = "variable tensors (is_variable), which hold the state of fused LSTM/RNN operators"
    /// An operator with `intermediates` (quantized LSTM gates).
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

  public var description: String {
    "subgraphs[\(subgraph)].\(location) uses \(kind.rawValue)"
  }

  /// Every limitation in `model`, tensor by tensor and operator by operator (at most `limit`).
  public static func find(in model: TFLiteModel, limit: Int = 8) -> [RuntimeLimitation] {
    var found: [RuntimeLimitation] = []
    for (subgraphIndex, subgraph) in model.subgraphs.enumerated() {
      // The operator that uses a tensor names it better than the tensor alone.
      var user: [Int: String] = [:]
      for (operatorIndex, op) in subgraph.operators.enumerated() {
        let name = model.operatorCodes[op.opcodeIndex].name
        for tensor in op.inputs where tensor >= 0 && user[tensor] == nil {
          user[tensor] = "operators[\(operatorIndex)] \(name)"
        }
        if !op.intermediates.isEmpty {
          found.append(.init(kind: .intermediateTensors, subgraph: subgraphIndex, location: "operators[\(operatorIndex)] \(name)"))
        }
        if op.mutatingVariableInputCount > 0 {
          found.append(.init(kind: .mutatingVariableInputs, subgraph: subgraphIndex, location: "operators[\(operatorIndex)] \(name)"))
        }
      }
      for (tensorIndex, tensor) in subgraph.tensors.enumerated() {
        let location = "tensors[\(tensorIndex)] '\(tensor.name)'" + (user[tensorIndex].map { " (input of \($0))" } ?? "")
        if tensor.isVariable { found.append(.init(kind: .variableTensor, subgraph: subgraphIndex, location: location)) }
        if tensor.variantSubtypeCount > 0 { found.append(.init(kind: .variantSubtypes, subgraph: subgraphIndex, location: location)) }
      }
      if found.count >= limit { break }
    }
    return Array(found.prefix(limit))
  }
}
