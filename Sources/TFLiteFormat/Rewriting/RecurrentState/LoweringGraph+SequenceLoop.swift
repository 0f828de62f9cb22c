/// A state a sequence loop carries from step to step (see
/// ``LoweringGraph/sequenceLoop(input:layout:states:outputWidth:output:step:)``).
struct LoopState {
  /// Its value before the first step.
  let initial: Int32
  /// Its shape (`[batch, width]`).
  let shape: [Int]
  /// The name of its loop variable (`h`, `c`).
  let name: String
}

extension LoweringGraph {
  /// Writes a recurrent operator over a sequence of dynamic length as a `WHILE` loop over its
  /// steps (two appended subgraphs, condition and body), where a fixed length is unrolled:
  ///
  /// ```
  /// steps  = GATHER(SHAPE(input), time axis)
  /// output = FILL([batch, steps, width] (or time-major), 0)
  /// t, _, states…, _, output = WHILE(t < steps) over (0, steps, states…, input, output):
  ///     x         = GATHER(input, [t], time axis)       one step, a sequence of length 1
  ///     y, states = step(x, states)                      the cell math of one step
  ///     output    = DYNAMIC_UPDATE_SLICE(output, y, t along the time axis)
  ///     t         = t + 1
  /// ```
  ///
  /// The body copies the tables of the constant operands it uses (weights, biases, …) from the
  /// operator's subgraph (through ``operand(_:)``; this graph's ``ownTables`` must be set).
  /// LiteRT cannot take a zero-length input (its tensor buffers need every dimension ≥ 1), so
  /// the loop runs at least once in practice.
  ///
  /// - Parameters:
  ///   - input: the sequence, of `layout` with ``SequenceLayout/dynamicSteps``.
  ///   - states: the states the steps carry, in the order `step` takes and returns them.
  ///   - outputWidth: the width of each step's output.
  ///   - output: the tensor that receives the whole output sequence.
  ///   - step: writes one step into the body graph, given the step's input (laid out as
  ///     `layout.singleStep`) and the states at its start; returns the step's output
  ///     (`[batch, outputWidth]`) and the new states.
  /// - Returns: the final states, to assign back to the variables.
  mutating func sequenceLoop(
    input: Int32, layout: SequenceLayout, states: [LoopState], outputWidth: Int, output: Int32,
    step: (inout LoweringGraph, _ x: Int32, _ states: [Int32]) -> (output: Int32, states: [Int32])
  ) -> [Int32] {
    let inputShape = layout.sequenceShape(width: layout.inputSize)
    let inputSignature = layout.sequenceSignature(width: layout.inputSize)
    let outputShape = layout.sequenceShape(width: outputWidth)
    let outputSignature = layout.sequenceSignature(width: outputWidth)
    let timeMask: [Int32] = layout.timeMajor ? [1, 0, 0] : [0, 1, 0]
    let stateRange = 2..<(2 + states.count)
    let inputVariable = stateRange.upperBound
    let outputVariable = inputVariable + 1

    // The loop variables: step, steps, the states, input, output.
    func variables(_ name: String, _ g: inout LoweringGraph) -> [Int32] {
      [g.tensor(name + "t", [], type: .int32), g.tensor(name + "steps", [], type: .int32)]
        + states.map { g.tensor(name + $0.name, $0.shape) } + [
          g.tensor(name + "input", inputShape, signature: inputSignature),
          g.tensor(name + "output", outputShape, signature: outputSignature),
        ]
    }

    // Before the loop.
    let shape = self.shape(input, rank: 3, "loop/input_shape")
    let timeAxis = constant("loop/time_axis", [], int32s: [layout.timeAxis])
    let steps = gather(shape, indices: timeAxis, axis: 0, "loop/steps", [], type: .int32)
    let kept = binary(.mul, shape, constant("loop/keep", [3], int32s: [1, 1, 0]), "loop/kept", [3], type: .int32)
    let dimensions = binary(
      .add, kept, constant("loop/width", [3], int32s: [0, 0, Int32(outputWidth)]), "loop/output_shape", [3],
      type: .int32)
    let buffer = tensor("loop/zeros", outputShape, signature: outputSignature)
    operation(.fill, [dimensions, constant("loop/zero", [], floats: [0])], [buffer])
    let start = constant("loop/start", [], int32s: [0])

    // The condition: t < steps.
    var cond = subgraph(prefix: prefix + "cond/", importing: nil)
    let condInputs = variables("", &cond)
    let more = cond.binary(.less, condInputs[0], condInputs[1], "more", [], type: .bool)
    let condIndex = append(cond, name: prefix + "cond", inputs: condInputs, outputs: [more])

    // The body: one step.
    var body = subgraph(prefix: prefix + "body/", importing: ownTables)
    let v = variables("", &body)
    let single = layout.singleStep
    let index = body.reshape(v[0], "index", [1], type: .int32)
    let x = body.gather(
      v[inputVariable], indices: index, axis: layout.timeAxis, "x", single.sequenceShape(width: layout.inputSize))
    let result = step(&body, x, Array(v[stateRange]))
    let update = body.reshape(result.output, "update", single.sequenceShape(width: outputWidth))
    let offsets = body.binary(
      .mul, v[0], body.constant("time_mask", [3], int32s: timeMask), "offsets", [3], type: .int32)
    let written = body.tensor("written", outputShape, signature: outputSignature)
    body.operation(.dynamicUpdateSlice, [v[outputVariable], update, offsets], [written])
    let next = body.binary(.add, v[0], body.constant("one", [], int32s: [1]), "next", [], type: .int32)
    let bodyIndex = append(
      body, name: prefix + "body", inputs: v,
      outputs: [next, v[1]] + result.states + [v[inputVariable], written])

    let finals =
      [tensor("loop/t_final", [], type: .int32), tensor("loop/steps_final", [], type: .int32)]
      + states.map { tensor("loop/\($0.name)_final", $0.shape) } + [
        tensor("loop/input_final", inputShape, signature: inputSignature), output,
      ]
    whileLoop(
      cond: condIndex, body: bodyIndex, inputs: [start, steps] + states.map(\.initial) + [input, buffer],
      outputs: finals)
    return Array(finals[stateRange])
  }
}
