extension LoweringGraph {
  /// The input-to-hidden products of every step at once — one `FULLY_CONNECTED` over the
  /// whole sequence, `[batch × steps, n_input] · weightsᵀ + bias` — then one `[batch, width]`
  /// tensor per step, in time order. Its tensors' names start with `name`. A single step
  /// without a time axis is one `FULLY_CONNECTED` of the input as it is.
  mutating func projectedSteps(
    input: Int32, layout: SequenceLayout, weights: Int32, bias: Int32, width: Int, name: String = "x",
    asymmetricInputs: Bool = false
  ) -> [Int32] {
    guard layout.hasTimeAxis else {
      return [
        fullyConnected(
          input, weights, bias: bias, name + "/projected", [layout.batch, width], asymmetricInputs: asymmetricInputs)
      ]
    }
    let rows = layout.batch * layout.steps
    let flat = reshape(input, name + "/rows", [rows, layout.inputSize])
    let projected = fullyConnected(
      flat, weights, bias: bias, name + "/projected", [rows, width], asymmetricInputs: asymmetricInputs)
    let sequence = reshape(projected, name + "/sequence", layout.sequenceShape(width: width))
    return unpack(sequence, axis: layout.timeAxis, count: layout.steps, name + "/t", partShape: [layout.batch, width])
  }
}

extension SequenceLSTMPlan {
  /// Writes the unrolled LSTM, following `lstm_eval.cc`'s float path (`LstmStepFloat`) step by
  /// step; the states hold their values at the start (read from the resource variables).
  ///
  /// Per step, with `W = x·Wxᵀ + b` for all gates computed at once beforehand:
  /// ```
  /// z            = W[t] + h·Whᵀ                 split into the gates' pre-activations
  /// i, f         = σ(norm(z_i + p_i⊙c)), σ(norm(z_f + p_f⊙c))    (i = 1 − f with CIFG)
  /// g            = act(norm(z_g))
  /// c            = clip(f⊙c + i⊙g)
  /// o            = σ(norm(z_o + p_o⊙c))
  /// h            = clip(proj(o⊙act(c)))         o⊙g when act is NONE, as the kernel computes
  /// ```
  /// `norm` is layer norm then scale and bias (the bias is added there instead of in `W`).
  /// A hybrid LSTM computes `W[t]` and `h·Whᵀ` per gate, with its int8 weights (see
  /// ``LSTMStepInputs``); the rest is the same float math (`LstmStepHybrid`).
  ///
  /// A sequence of dynamic length is written as a loop instead (see `emitLoop`); the builtin
  /// `LSTM` operator's single step (a layout without a time axis) as that one step, its output
  /// state copied into the operator's output.
  ///
  /// - Returns: the final output state and cell state, to assign back to the variables.
  func emitSteps(into g: inout LoweringGraph) -> [Int32] {
    if layout.dynamicSteps { return emitLoop(into: &g) }
    let result = emitCells(into: &g, input: Int32(input), layout: layout, h: Int32(outputState), c: Int32(cellState))
    if layout.hasTimeAxis {
      g.pack(result.outputs, axis: layout.timeAxis, into: Int32(output))
    } else {
      // The builtin LSTM's output is the step's output state itself.
      g.copy(result.h, into: Int32(output))
    }
    return [result.h, result.c]
  }

  /// Writes the steps of the sequence `input` (laid out as `layout`) from the states `h` and
  /// `c`, from the last step to the first when `backward` (a bidirectional LSTM's backward
  /// direction); returns each step's output, in time order, and the final states. With
  /// ``auxiliaryWeights`` each gate also adds them times the same step of `auxiliary` (see
  /// ``emitStepInputs(into:input:auxiliary:layout:)``).
  func emitCells(
    into g: inout LoweringGraph, input: Int32, auxiliary: Int32? = nil, layout: SequenceLayout, h: Int32, c: Int32,
    backward: Bool = false
  ) -> (outputs: [Int32], h: Int32, c: Int32) {
    let batch = layout.batch
    let cells = cellCount
    let gateShape = [batch, cells]
    let outputShape = [batch, outputSize]

    let stepInputs = emitStepInputs(into: &g, input: input, auxiliary: auxiliary, layout: layout)
    let one: Int32 = isCIFG ? g.constant("one", [1], floats: [1]) : -1
    let normAxis: Int32 = isLayerNormalized ? g.constant("norm/axis", [1], int32s: [1]) : -1
    let epsilon: Int32 = isLayerNormalized ? g.constant("norm/epsilon", [1], floats: [1e-8]) : -1

    /// Layer norm, scale and bias of one gate's pre-activation (the kernel's
    /// `MeanStddevNormalization`: `(x − mean) / sqrt(variance + 1e-8)`); `x` without it.
    func normalized(_ x: Int32, _ gate: Gate, _ name: String, _ g: inout LoweringGraph) -> Int32 {
      guard let coefficients = layerNorm[gate], let gateBias = biasTensors[gate] else { return x }
      let mean = g.mean(x, axes: normAxis, name + "/mean", [batch, 1])
      let centered = g.binary(.sub, x, mean, name + "/centered", gateShape)
      let squares = g.binary(.mul, centered, centered, name + "/squares", gateShape)
      let variance = g.mean(squares, axes: normAxis, name + "/variance", [batch, 1])
      let padded = g.binary(.add, variance, epsilon, name + "/padded", [batch, 1])
      let scale = g.unary(.rsqrt, padded, name + "/inverse", [batch, 1])
      let unit = g.binary(.mul, centered, scale, name + "/unit", gateShape)
      let scaled = g.binary(.mul, unit, g.operand(coefficients), name + "/scaled", gateShape)
      return g.binary(.add, scaled, g.operand(gateBias), name + "/normalized", gateShape)
    }
    // Peephole weights: the operand, or a hybrid LSTM's recovered float weights.
    var peepholeWeights: [Gate: Int32] = [:]
    for gate in Gate.allCases {
      guard let index = peepholes[gate] else { continue }
      peepholeWeights[gate] =
        dequantizedPeepholes[gate].map { g.constant("peephole/" + gate.name, [cells], floats: $0) } ?? g.operand(index)
    }
    /// The pre-activation plus the peephole term `weights ⊙ cell` when there is one.
    func peephole(_ x: Int32, _ gate: Gate, cell: Int32, _ name: String, _ g: inout LoweringGraph) -> Int32 {
      guard let weights = peepholeWeights[gate] else { return x }
      let term = g.binary(.mul, cell, weights, name + "/peephole", gateShape)
      return g.binary(.add, x, term, name + "/with_peephole", gateShape)
    }

    var h = h
    var c = c
    var outputs = [Int32](repeating: -1, count: layout.steps)
    for t in backward ? Array((0..<layout.steps).reversed()) : Array(0..<layout.steps) {
      let s = "t\(t)/"
      let pre = stepInputs.preactivations(step: t, outputState: h, plan: self, into: &g)

      /// σ of a sigmoid gate's pre-activation, with peephole and layer norm when present.
      func sigmoidGate(_ gate: Gate, cell: Int32, _ g: inout LoweringGraph) -> Int32 {
        let name = s + gate.name
        let withPeephole = peephole(pre[gate] ?? -1, gate, cell: cell, name, &g)
        let normalizedGate = normalized(withPeephole, gate, name, &g)
        return g.unary(.logistic, normalizedGate, name, gateShape)
      }
      let forget = sigmoidGate(.forget, cell: c, &g)
      let inputGate = isCIFG ? g.binary(.sub, one, forget, s + "input", gateShape) : sigmoidGate(.input, cell: c, &g)
      let cellPre = normalized(pre[.cell] ?? -1, .cell, s + "cell", &g)
      let cellGate = g.activation(activation, cellPre, s + "cell", gateShape)

      let kept = g.binary(.mul, forget, c, s + "kept", gateShape)
      let added = g.binary(.mul, inputGate, cellGate, s + "added", gateShape)
      var cell = g.binary(.add, kept, added, s + "c", gateShape)
      if cellClip > 0 { cell = g.clip(cell, limit: cellClip, s + "c_clipped", gateShape) }

      let outputGate = sigmoidGate(.output, cell: cell, &g)
      // With activation NONE the kernel's ApplyActivationToVector writes nothing, so its
      // scratch buffer still holds the cell gate: the output is o ⊙ g, not o ⊙ c.
      let squashed = activation == .none ? cellGate : g.activation(activation, cell, s + "c_activated", gateShape)
      var hidden = g.binary(.mul, outputGate, squashed, s + "m", gateShape)
      if let projectionWeights {
        let projectionBias = projectionBias.map { g.operand($0) } ?? -1
        hidden = g.fullyConnected(
          hidden, g.operand(projectionWeights), bias: projectionBias,
          s + "projected", outputShape, asymmetricInputs: hybrid?.asymmetricQuantizeInputs ?? false)
        if projectionClip > 0 { hidden = g.clip(hidden, limit: projectionClip, s + "h_clipped", outputShape) }
      }
      outputs[t] = hidden
      h = hidden
      c = cell
    }
    return (outputs, h, c)
  }
}

extension SequenceRNNPlan {
  /// Writes the RNN (`RnnBatchStep`): `h = act(x·Wxᵀ + b + h·Whᵀ)` per step, unrolled, or in
  /// a `WHILE` loop over the steps when the sequence length is dynamic (see
  /// ``LoweringGraph/sequenceLoop(input:layout:states:outputWidth:output:step:)``); the hidden
  /// state holds its value at the start.
  ///
  /// - Returns: the final hidden state, to assign back to the variable.
  func emitSteps(into g: inout LoweringGraph) -> [Int32] {
    guard layout.dynamicSteps else {
      let result = emitCells(into: &g, input: Int32(input), layout: layout, h: Int32(hiddenState))
      g.pack(result.outputs, axis: layout.timeAxis, into: Int32(output))
      return [result.h]
    }
    return emitLoop(into: &g, input: Int32(input), output: Int32(output))
  }

  /// Writes the RNN over the sequence `input` of dynamic length as a `WHILE` loop writing
  /// `output` (each step also reading `auxiliary`, a bidirectional RNN's auxiliary input, when
  /// given); returns the final hidden state.
  func emitLoop(into g: inout LoweringGraph, input: Int32, auxiliary: Int32? = nil, output: Int32) -> [Int32] {
    let state = LoopState(initial: Int32(hiddenState), shape: [layout.batch, units], name: "h")
    let step = layout.singleStep
    let sequences =
      [LoopSequence(tensor: input, width: layout.inputSize, name: "input")]
      + (auxiliary.map { [LoopSequence(tensor: $0, width: auxiliaryWidth, name: "aux")] } ?? [])
    return g.sequenceLoop(
      sequences: sequences, layout: layout, states: [state], outputWidth: units, output: output,
      repeated: passes > 1
    ) { body, xs, states in
      let h = emitCells(into: &body, input: xs[0], auxiliary: xs.count > 1 ? xs[1] : nil, layout: step, h: states[0]).h
      return (h, [h])
    }
  }

  /// Writes the steps of the sequence `input` (laid out as `layout`) from the hidden state `h`,
  /// from the last step to the first when `backward` (a bidirectional RNN's backward
  /// direction), `passes` times over the sequence (see ``passes``); returns each step's output
  /// (the hidden state after it; the last pass's), in time order, and the final hidden state.
  /// With ``auxiliaryWeights`` each step adds them times the same step of `auxiliary` (laid out
  /// as `layout` but ``auxiliaryWidth`` wide), as `RnnBatchStep` in `kernel_utils.cc` does.
  func emitCells(
    into g: inout LoweringGraph, input: Int32, auxiliary: Int32? = nil, layout: SequenceLayout, h: Int32,
    backward: Bool = false, passes: Int = 1
  ) -> (outputs: [Int32], h: Int32) {
    let shape = [layout.batch, units]
    var steps = g.projectedSteps(
      input: input, layout: layout, weights: g.operand(inputWeights), bias: g.operand(bias), width: units,
      asymmetricInputs: asymmetricQuantizeInputs)
    if let auxiliary, let auxiliaryWeights {
      let products = g.projectedSteps(
        input: auxiliary, layout: layout.withInputSize(auxiliaryWidth), weights: g.operand(auxiliaryWeights),
        bias: -1, width: units, name: "aux", asymmetricInputs: asymmetricQuantizeInputs)
      for t in steps.indices { steps[t] = g.binary(.add, steps[t], products[t], "x/t\(t)/with_aux", shape) }
    }
    let recurrentWeights = g.operand(recurrentWeights)
    var h = h
    var outputs = [Int32](repeating: -1, count: steps.count)
    for pass in 0..<passes {
      let p = passes > 1 ? "pass\(pass)/" : ""
      for t in backward ? Array(steps.indices.reversed()) : Array(steps.indices) {
        let recurrent = g.fullyConnected(
          h, recurrentWeights, bias: -1, p + "t\(t)/recurrent", shape, asymmetricInputs: asymmetricQuantizeInputs)
        let z = g.binary(.add, steps[t], recurrent, p + "t\(t)/z", shape)
        h = g.activation(activation, z, p + "t\(t)/h", shape)
        outputs[t] = h
      }
    }
    return (outputs, h)
  }
}
