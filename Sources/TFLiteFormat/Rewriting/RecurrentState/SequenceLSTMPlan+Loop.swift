extension SequenceLSTMPlan {
  /// Writes an LSTM over a sequence of dynamic length as a `WHILE` loop over its steps (two
  /// appended subgraphs, condition and body), where the fixed-length lowering unrolls them:
  ///
  /// ```
  /// steps  = GATHER(SHAPE(input), time axis)
  /// output = FILL([batch, steps, n_output] (or time-major), 0)
  /// t, _, h, c, _, output = WHILE(t < steps) over (0, steps, h, c, input, output):
  ///     x      = GATHER(input, [t], time axis)          one step, a sequence of length 1
  ///     h, c   = the cell math of one step (`emitCells`)
  ///     output = DYNAMIC_UPDATE_SLICE(output, h, t along the time axis)
  ///     t      = t + 1
  /// ```
  ///
  /// The body copies the tables of the constant operands it uses (weights, biases, …) from the
  /// operator's subgraph. LiteRT cannot take a zero-length input (its tensor buffers need
  /// every dimension ≥ 1), so the loop runs at least once in practice.
  ///
  /// - Returns: the final output state and cell state, to assign back to the variables.
  func emitLoop(into g: inout LoweringGraph) -> [Int32] {
    let batch = layout.batch
    let stateShapes = [[batch, outputSize], [batch, cellCount]]
    let inputShape = layout.sequenceShape(width: layout.inputSize)
    let inputSignature = layout.sequenceSignature(width: layout.inputSize)
    let outputShape = layout.sequenceShape(width: outputSize)
    let outputSignature = layout.sequenceSignature(width: outputSize)
    let timeMask: [Int32] = layout.timeMajor ? [1, 0, 0] : [0, 1, 0]

    // The loop variables: step, steps, output state, cell state, input, output.
    func variables(_ name: String, _ g: inout LoweringGraph) -> [Int32] {
      [
        g.tensor(name + "t", [], type: .int32), g.tensor(name + "steps", [], type: .int32),
        g.tensor(name + "h", stateShapes[0]), g.tensor(name + "c", stateShapes[1]),
        g.tensor(name + "input", inputShape, signature: inputSignature),
        g.tensor(name + "output", outputShape, signature: outputSignature),
      ]
    }

    // Before the loop.
    let shape = g.shape(Int32(input), rank: 3, "loop/input_shape")
    let timeAxis = g.constant("loop/time_axis", [], int32s: [layout.timeAxis])
    let steps = g.gather(shape, indices: timeAxis, axis: 0, "loop/steps", [], type: .int32)
    let kept = g.binary(
      .mul, shape, g.constant("loop/keep", [3], int32s: [1, 1, 0]), "loop/kept", [3], type: .int32)
    let dimensions = g.binary(
      .add, kept, g.constant("loop/width", [3], int32s: [0, 0, Int32(outputSize)]), "loop/output_shape", [3],
      type: .int32)
    let buffer = g.tensor("loop/zeros", outputShape, signature: outputSignature)
    g.operation(.fill, [dimensions, g.constant("loop/zero", [], floats: [0])], [buffer])
    let start = g.constant("loop/start", [], int32s: [0])

    // The condition: t < steps.
    var cond = g.subgraph(prefix: g.prefix + "cond/", importing: nil)
    let condInputs = variables("", &cond)
    let more = cond.binary(.less, condInputs[0], condInputs[1], "more", [], type: .bool)
    let condIndex = g.append(cond, name: g.prefix + "cond", inputs: condInputs, outputs: [more])

    // The body: one step.
    var body = g.subgraph(prefix: g.prefix + "body/", importing: g.ownTables)
    let v = variables("", &body)
    let step = layout.singleStep
    let index = body.reshape(v[0], "index", [1], type: .int32)
    let x = body.gather(v[4], indices: index, axis: layout.timeAxis, "x", step.sequenceShape(width: layout.inputSize))
    let cells = emitCells(into: &body, input: x, layout: step, h: v[2], c: v[3])
    let update = body.reshape(cells.h, "update", step.sequenceShape(width: outputSize))
    let offsets = body.binary(
      .mul, v[0], body.constant("time_mask", [3], int32s: timeMask), "offsets", [3], type: .int32)
    let written = body.tensor("written", outputShape, signature: outputSignature)
    body.operation(.dynamicUpdateSlice, [v[5], update, offsets], [written])
    let next = body.binary(.add, v[0], body.constant("one", [], int32s: [1]), "next", [], type: .int32)
    let bodyIndex = g.append(
      body, name: g.prefix + "body", inputs: v, outputs: [next, v[1], cells.h, cells.c, v[4], written])

    let finals = [
      g.tensor("loop/t_final", [], type: .int32), g.tensor("loop/steps_final", [], type: .int32),
      g.tensor("loop/h_final", stateShapes[0]), g.tensor("loop/c_final", stateShapes[1]),
      g.tensor("loop/input_final", inputShape, signature: inputSignature), Int32(output),
    ]
    g.whileLoop(
      cond: condIndex, body: bodyIndex,
      inputs: [start, steps, Int32(outputState), Int32(cellState), Int32(input), buffer],
      outputs: finals)
    return [finals[2], finals[3]]
  }
}
