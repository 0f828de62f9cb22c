import Foundation

/// A model whose fused recurrent operators were lowered to builtin operators, with their state
/// moved from variable tensors into resource variables.
///
/// TensorFlow Lite's classic interpreter (what Python's `ai_edge_litert.interpreter` runs)
/// keeps the state of a fused LSTM, RNN or SVDF in variable tensors from one invocation to the next,
/// resetting it only in `reset_all_variables()`. LiteRT's compiled-model API refuses variable
/// tensors. The lowering writes each such operator as the builtin operators its kernel
/// computes (`FULLY_CONNECTED`, `SPLIT`, `LOGISTIC`, `TANH`, `MUL`, `ADD`, …, unrolled over the
/// fixed number of steps, or in a `WHILE` loop over them when an LSTM's or RNN's sequence
/// length is dynamic) between a `READ_VARIABLE` of the state and an `ASSIGN_VARIABLE` of
/// the new state, so the state persists across runs exactly as in Python:
///
/// ```
/// CALL_ONCE(init)                               first op of each subgraph with lowered state
/// h, c = READ_VARIABLE(VAR_HANDLE(...))         where the fused operator was
/// ... the cell math, step by step ...
/// output = PACK(h₀, h₁, …)
/// ASSIGN_VARIABLE(h), ASSIGN_VARIABLE(c)
/// ```
///
/// The `init` subgraph (appended to the model) assigns zeros to every state, as TensorFlow
/// Lite initializes variable tensors; `CALL_ONCE` runs it once per interpreter. It is also the
/// signature ``RecurrentStateLowering/resetSignatureKey-swift.type.property``: running it
/// zeroes the state again, like Python's `reset_all_variables()`.
public struct RecurrentStateLowering: Sendable {
  /// The key of the signature that zeroes every lowered state.
  public static let resetSignatureKey = "tensorbridge_reset_recurrent_state"
  /// The start of every resource variable's shared name.
  public static let variablePrefix = "tensorbridge/recurrent_state/"
  /// The most steps a sequence may have to be lowered: the lowering unrolls it, and each step
  /// adds about 15 operators (45 with layer norm) to the model.
  public static let maxSteps = 1024
  /// The custom operator a fully quantized (integer) `UNIDIRECTIONAL_SEQUENCE_LSTM` or builtin
  /// `LSTM` becomes: its
  /// inputs are the int8 sequence, the int32 parameter block (the layout of `CIntegerLSTM.h`),
  /// the int8 output state and the int16 cell state; its outputs the int8 sequence and the two
  /// new states.
  public static let integerLSTMOperatorName = IntegerLSTMPlan.operatorName
  /// The custom operator a builtin `LSTM` in the older integer "8x8_8" form (12 intermediates)
  /// becomes: its inputs are the int8 step `[batch, n_input]`, the int32 parameter block (the
  /// layout of `CIntegerLSTM8x8_8.h`), the int8 output state and the int16 cell state; its
  /// outputs the int8 output and the two new states.
  public static let integerLSTM8x8_8OperatorName = IntegerLSTM8x8_8Plan.operatorName
  /// The custom operator a fully quantized (integer) `SVDF` becomes: its inputs are the int8
  /// input, the int32 parameter block (the layout of `CIntegerSVDF.h`) and the int16 activation
  /// state as `[batch, units, rank × memory]`; its outputs the int8 output and the new state.
  public static let integerSVDFOperatorName = IntegerSVDFPlan.operatorName

  /// The rewritten model file.
  public let data: Data
  /// The rewritten model, verified.
  public let model: TFLiteModel
  /// The operators that were lowered.
  public let operators: [RecurrentStateOperator]
  /// The custom operators the lowered model uses, which the runtime must register:
  /// ``integerLSTMOperatorName`` when it had a fully quantized LSTM (``integerLSTM8x8_8OperatorName``
  /// for a builtin `LSTM` in the "8x8_8" form), ``integerSVDFOperatorName`` when it had a fully
  /// quantized SVDF; otherwise empty.
  public let customOperatorNames: Set<String>
  /// The signature that zeroes the state
  /// (``RecurrentStateLowering/resetSignatureKey-swift.type.property``), or nil when the model
  /// has no signature definitions and its main subgraph's tensor names cannot stand in for the
  /// signature LiteRT would make up (names missing or repeated), so none could be added.
  public let resetSignatureKey: String?
  /// The dynamic dimensions of the lowered operators' inputs that their state or weights fix
  /// (see ``RecurrentFixedDimension``): the lowering takes them at the file's size, as
  /// TensorFlow Lite's kernels do.
  public let fixedDimensions: [RecurrentFixedDimension]
  /// The axes of the lowered operators' sequence inputs that run over the steps, with whether
  /// the lowered model takes another number of steps there (see ``RecurrentStepAxis``).
  public let stepAxes: [RecurrentStepAxis]
  /// For each subgraph with lowered operators, its inputs whose values reach a lowered
  /// operator's data inputs (through any operators): the inputs whose sizes the lowering plans
  /// for. Another input may take any size its own operators take.
  public let inputsReachingLoweredOperators: [Int: Set<Int>]
}

extension TFLiteModel {
  /// Lowers every fused recurrent operator that keeps state in variable tensors (see
  /// ``RecurrentStateLowering``).
  ///
  /// Lowers float32 `UNIDIRECTIONAL_SEQUENCE_LSTM` (with or without CIFG, peephole,
  /// projection, layer norm, cell and projection clipping; any fused activation, `SIGN_BIT`
  /// included; batch- or time-major; of fixed shape up to
  /// ``RecurrentStateLowering/maxSteps`` steps, or of dynamic sequence length as a `WHILE`
  /// loop) and `UNIDIRECTIONAL_SEQUENCE_RNN` (fixed or dynamic sequence length, the same
  /// way); also the hybrid LSTM and RNN (int8 weights quantized per tensor over float32 activations, as
  /// the converter's dynamic-range quantization makes it), whose products become hybrid
  /// `FULLY_CONNECTED` operators keeping the int8 weights. `BIDIRECTIONAL_SEQUENCE_LSTM` and
  /// `BIDIRECTIONAL_SEQUENCE_RNN` (no auxiliary input; a hybrid LSTM only when time-major) are
  /// lowered as their two directions, unrolled or as two loops, and an `SVDF` (float32 or hybrid) as one
  /// frame's shift of its memory and sums. The builtin (non-sequence) `LSTM` operator (`lstm.cc`'s
  /// full kernel: one step `[batch, n_input]` per invoke) is lowered as a one-step LSTM, the same
  /// way. A fully quantized (integer, "8x8_16") `UNIDIRECTIONAL_SEQUENCE_LSTM` or `LSTM` becomes one
  /// ``RecurrentStateLowering/integerLSTMOperatorName`` custom operator, a builtin `LSTM` in the
  /// older integer "8x8_8" form (12 intermediates) one
  /// ``RecurrentStateLowering/integerLSTM8x8_8OperatorName`` custom operator, and a fully quantized
  /// `SVDF` (int8 input, `RELU`, the only activation TensorFlow Lite's integer kernel takes) one
  /// ``RecurrentStateLowering/integerSVDFOperatorName`` custom operator (each listed in
  /// ``RecurrentStateLowering/customOperatorNames``, whose kernels the runtime must register),
  /// between the same reads and assignments of their states.
  ///
  /// - Parameter loopingOverFixedSteps: Loop over the steps of a sequence the file gives a
  ///   fixed length too, instead of unrolling them, so that the lowered model takes other
  ///   lengths as TensorFlow Lite's kernels do (see ``RecurrentStepAxis``). Unrolled steps run
  ///   faster; a loop takes any number.
  /// - Returns: the lowered model, or nil when no operator keeps state in variable tensors.
  /// - Throws: ``RecurrentStateError/notLowerable(_:)`` naming every operator that cannot be
  ///   lowered and why (see ``recurrentStateOperators``); the other cases when the file
  ///   cannot be rewritten faithfully.
  public func loweringRecurrentState(loopingOverFixedSteps: Bool = false) throws(RecurrentStateError)
    -> RecurrentStateLowering?
  {
    let result: Result<RecurrentStateLowering?, RecurrentStateError> = data.withUnsafeBytes { raw in
      Result { () throws(RecurrentStateError) -> RecurrentStateLowering? in
        let reader = FlatBufferReader(bytes: raw)
        let analysis = recurrentStateAnalysis(reader: reader, loopingOverFixedSteps: loopingOverFixedSteps)
        guard !analysis.isEmpty else { return nil }
        let refused = analysis.filter { !$0.summary.isLowerable }
        guard refused.isEmpty else { throw .notLowerable(refused.map(\.summary)) }
        let key = RecurrentStateLowering.resetSignatureKey
        guard !signatures.contains(where: { $0.key == key }) else { throw .signatureKeyTaken(key: key) }
        var plans: [Int: [RecurrentPlan]] = [:]
        var fixed: [RecurrentFixedDimension] = []
        var stepAxes: [RecurrentStepAxis] = []
        var reaching: [Int: Set<Int>] = [:]
        for (summary, plan) in analysis {
          guard let plan else { continue }
          plans[summary.subgraphIndex, default: []].append(plan)
          let subgraph = subgraphs[summary.subgraphIndex]
          let operands = OperandReader(model: self, subgraphIndex: summary.subgraphIndex, reader: reader)
          fixed += plan.fixedDimensions(in: subgraph, subgraphIndex: summary.subgraphIndex, location: summary.location)
          stepAxes += plan.stepAxes(operands: operands, location: summary.location)
          reaching[summary.subgraphIndex, default: []].formUnion(
            operands.inputsReaching(plan.dataInputs.map(\.tensor)))
        }
        let rewriter = RecurrentStateRewriter(model: self, copier: TableCopier(reader: reader))
        let (data, hasReset) = try rewriter.rewrite(plans)
        let lowered: TFLiteModel
        do throws(TFLiteFormatError) { lowered = try TFLiteModel(data: data, recording: .rewrite) } catch {
          throw .rewrite(.rewrittenModelInvalid(error))
        }
        return RecurrentStateLowering(
          data: data, model: lowered, operators: analysis.map(\.summary),
          customOperatorNames: Set(analysis.compactMap { $0.plan?.customOperatorName }),
          resetSignatureKey: hasReset ? key : nil, fixedDimensions: fixed, stepAxes: stepAxes,
          inputsReachingLoweredOperators: reaching)
      }
    }
    return try result.get()
  }
}
