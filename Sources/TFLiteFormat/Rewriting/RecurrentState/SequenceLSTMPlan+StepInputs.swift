/// The int8 weight tensors of a hybrid `UNIDIRECTIONAL_SEQUENCE_LSTM` (float32 input, state
/// and biases; int8 weights quantized per tensor), by gate.
struct HybridWeights {
  /// The input-to-gate weights (`[n_cell, n_input]`).
  let input: [SequenceLSTMPlan.Gate: Int]
  /// The recurrent-to-gate weights (`[n_cell, n_output]`) of the gates whose are matrices.
  let recurrent: [SequenceLSTMPlan.Gate: Int]
  /// The float32 diagonal recurrent weights of the other gates, as the `[n_cell, n_output]`
  /// matrices of `SequenceLSTMPlan.diagonalRecurrent`:
  /// the hybrid kernel multiplies the float output state by them without quantizing it.
  let diagonals: [SequenceLSTMPlan.Gate: [UInt8]]
  /// The LSTM's `asymmetric_quantize_inputs`, mirrored onto every `FULLY_CONNECTED`.
  let asymmetricQuantizeInputs: Bool
  /// The gates whose recurrent weights are sparse in a builtin `LSTM`: its sparse path scales
  /// their products by the input's quantization scale instead of the output state's (see
  /// ``LoweringGraph/inputToStateScale(input:inputWidth:outputState:stateWidth:batch:_:)``).
  var recurrentAtInputScale: Set<SequenceLSTMPlan.Gate> = []
}

/// What the lowering writes before the steps to compute each step's gate pre-activations
/// `x[t]·Wxᵀ + b + h·Whᵀ` (without `b` when layer-normalized).
enum LSTMStepInputs {
  /// float32: the input products of every gate and step at once (one `FULLY_CONNECTED` over
  /// the concatenated weights), per step; each step adds the recurrent product and splits it.
  case fused(steps: [Int32], recurrentWeights: Int32, splitAxis: Int32)
  /// Hybrid: one `FULLY_CONNECTED` per gate keeping that gate's int8 weights, so LiteRT's
  /// hybrid kernel computes what the hybrid LSTM kernel does (`lstm_eval.cc`'s
  /// `CalculateLstmGateHybrid`): each row of the input — and of the output state — quantized
  /// to int8 with its own scale (asymmetrically when the LSTM says so), integer dot products
  /// scaled by `input scale × weight scale`, added to the bias. Weights of different gates
  /// have different scales, so they cannot be concatenated into one per-tensor matrix.
  /// `diagonals` are the constants holding `weights.diagonals`, multiplied in float32.
  case perGate(
    steps: [[SequenceLSTMPlan.Gate: Int32]], weights: HybridWeights, diagonals: [SequenceLSTMPlan.Gate: Int32])

  /// The pre-activation of each gate at step `t`, given the output state `h` at its start.
  func preactivations(step t: Int, outputState h: Int32, plan: SequenceLSTMPlan, into g: inout LoweringGraph)
    -> [SequenceLSTMPlan.Gate: Int32]
  {
    let gateShape = [plan.layout.batch, plan.cellCount]
    let s = "t\(t)/"
    switch self {
    case .fused(let steps, let recurrentWeights, let splitAxis):
      let width = plan.gates.count * plan.cellCount
      let recurrent = g.fullyConnected(h, recurrentWeights, bias: -1, s + "recurrent", [plan.layout.batch, width])
      let z = g.binary(.add, steps[t], recurrent, s + "z", [plan.layout.batch, width])
      let parts = g.split(z, axis: splitAxis, count: plan.gates.count, s + "z", partShape: gateShape)
      return Dictionary(uniqueKeysWithValues: zip(plan.gates, parts))
    case .perGate(let steps, let weights, let diagonals):
      var pre: [SequenceLSTMPlan.Gate: Int32] = [:]
      // Only the builtin LSTM (one step, no time axis) has sparse recurrent weights here.
      var inputScale: Int32?
      if !weights.recurrentAtInputScale.isEmpty, !plan.layout.hasTimeAxis {
        inputScale = g.inputToStateScale(
          input: g.operand(plan.input), inputWidth: plan.layout.inputSize, outputState: h,
          stateWidth: plan.outputSize, batch: plan.layout.batch, s + "input_scale")
      }
      for gate in plan.gates {
        guard let projected = steps[t][gate] else { continue }
        let name = s + gate.name
        var recurrent: Int32
        if let diagonal = diagonals[gate] {
          recurrent = g.fullyConnected(h, diagonal, bias: -1, name + "/recurrent", gateShape)
        } else if let recurrentWeights = weights.recurrent[gate] {
          recurrent = g.fullyConnected(
            h, g.operand(recurrentWeights), bias: -1, name + "/recurrent", gateShape,
            asymmetricInputs: weights.asymmetricQuantizeInputs)
        } else {
          continue
        }
        if let inputScale, weights.recurrentAtInputScale.contains(gate) {
          recurrent = g.binary(.mul, recurrent, inputScale, name + "/recurrent_at_input_scale", gateShape)
        }
        pre[gate] = g.binary(.add, projected, recurrent, name + "/z", gateShape)
      }
      return pre
    }
  }
}

extension SequenceLSTMPlan {
  /// Writes the input products of every step of `input`, laid out as `layout` (see
  /// ``LSTMStepInputs``); with ``auxiliaryWeights`` and `auxiliary` (a bidirectional LSTM's
  /// auxiliary input, laid out as `layout` but ``auxiliaryWidth`` wide) plus the auxiliary
  /// weights times the same step of it, as `CalculateLstmGateFloat` and
  /// `CalculateLstmGateHybrid` in `lstm_eval.cc` add them (a hybrid LSTM quantizes each row of
  /// the auxiliary input on its own, as its `FULLY_CONNECTED` does).
  func emitStepInputs(into g: inout LoweringGraph, input: Int32, auxiliary: Int32? = nil, layout: SequenceLayout)
    -> LSTMStepInputs
  {
    let auxiliaryLayout = layout.withInputSize(auxiliaryWidth)
    guard let hybrid else {
      let width = gates.count * cellCount
      let inputWeights = g.constant("weights/input", [width, layout.inputSize], bytes: inputWeights)
      let recurrentWeights = g.constant("weights/recurrent", [width, outputSize], bytes: recurrentWeights)
      let bias = isLayerNormalized ? -1 : g.constant("weights/bias", [width], bytes: biases)
      var steps = g.projectedSteps(input: input, layout: layout, weights: inputWeights, bias: bias, width: width)
      if let auxiliary, !auxiliaryWeights.isEmpty {
        let weights = g.constant("weights/aux", [width, auxiliaryWidth], bytes: auxiliaryWeightBytes)
        let products = g.projectedSteps(
          input: auxiliary, layout: auxiliaryLayout, weights: weights, bias: -1, width: width, name: "aux")
        for t in steps.indices {
          steps[t] = g.binary(.add, steps[t], products[t], "x/t\(t)/with_aux", [layout.batch, width])
        }
      }
      return .fused(
        steps: steps, recurrentWeights: recurrentWeights, splitAxis: g.constant("split_axis", [], int32s: [1]))
    }
    var steps = [[Gate: Int32]](repeating: [:], count: layout.steps)
    for gate in gates {
      guard let weights = hybrid.input[gate] else { continue }
      // With layer norm the bias is added after normalizing (see `emitSteps`).
      let bias = isLayerNormalized ? -1 : biasTensors[gate].map { g.operand($0) } ?? -1
      let projected = g.projectedSteps(
        input: input, layout: layout, weights: g.operand(weights), bias: bias, width: cellCount,
        name: "x/" + gate.name, asymmetricInputs: hybrid.asymmetricQuantizeInputs)
      for (t, part) in projected.enumerated() { steps[t][gate] = part }
      guard let auxiliary, let auxiliaryWeights = auxiliaryWeights[gate] else { continue }
      let products = g.projectedSteps(
        input: auxiliary, layout: auxiliaryLayout, weights: g.operand(auxiliaryWeights), bias: -1, width: cellCount,
        name: "aux/" + gate.name, asymmetricInputs: hybrid.asymmetricQuantizeInputs)
      for (t, product) in products.enumerated() {
        steps[t][gate] = steps[t][gate].map {
          g.binary(.add, $0, product, "x/\(gate.name)/t\(t)/with_aux", [layout.batch, cellCount])
        }
      }
    }
    var diagonals: [Gate: Int32] = [:]
    for gate in gates {
      guard let matrix = hybrid.diagonals[gate] else { continue }
      diagonals[gate] = g.constant("weights/recurrent_diagonal/" + gate.name, [cellCount, outputSize], bytes: matrix)
    }
    return .perGate(steps: steps, weights: hybrid, diagonals: diagonals)
  }
}
