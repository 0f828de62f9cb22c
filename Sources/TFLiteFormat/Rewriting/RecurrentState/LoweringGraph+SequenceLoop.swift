/// A state a sequence loop carries from step to step (see
/// ``LoweringGraph/sequenceLoop(sequences:layout:states:outputWidth:output:repeated:step:)``).
struct LoopState {
  /// Its value before the first step.
  let initial: Int32
  /// Its shape (`[batch, width]`).
  let shape: [Int]
  /// The name of its loop variable (`h`, `c`).
  let name: String
}

/// A sequence a sequence loop reads one step of at a time (see
/// ``LoweringGraph/sequenceLoop(sequences:layout:states:outputWidth:output:repeated:step:)``).
struct LoopSequence {
  /// The whole sequence, laid out as the loop's layout but `width` wide.
  let tensor: Int32
  let width: Int
  /// The name of its loop variable (`input`, `aux`).
  let name: String
}

extension LoweringGraph {
  /// Writes a recurrent operator over a sequence of dynamic length as a `WHILE` loop over its
  /// steps (two appended subgraphs, condition and body), where a fixed length is unrolled:
  ///
  /// ```
  /// steps  = GATHER(SHAPE(input), time axis)
  /// output = FILL([batch, steps, width] (or time-major), 0)
  /// t, _, states…, _, output = WHILE(t < steps) over (0, steps, states…, input…, output):
  ///     x…        = GATHER(input…, [t], time axis)     one step, a sequence of length 1
  ///     y, states = step(x…, states)                   the cell math of one step
  ///     output    = DYNAMIC_UPDATE_SLICE(output, y, t along the time axis)
  ///     t         = t + 1
  /// ```
  ///
  /// When `repeated`, the loop runs `steps × steps` times, step `t mod steps` each time (the
  /// passes of a hybrid time-major bidirectional RNN, see ``SequenceRNNPlan/passes``), and
  /// carries `steps` as one more loop variable.
  ///
  /// The body copies the tables of the constant operands it uses (weights, biases, …) from the
  /// operator's subgraph (through ``operand(_:)``; this graph's ``ownTables`` must be set).
  /// LiteRT cannot take a zero-length input (its tensor buffers need every dimension ≥ 1), so
  /// the loop runs at least once in practice.
  ///
  /// - Parameters:
  ///   - sequences: the sequences each step reads one step of: the input, then any other
  ///     (a bidirectional operator's auxiliary input), all of `layout` with
  ///     ``SequenceLayout/dynamicSteps`` but for their widths.
  ///   - states: the states the steps carry, in the order `step` takes and returns them.
  ///   - outputWidth: the width of each step's output.
  ///   - output: the tensor that receives the whole output sequence.
  ///   - step: writes one step into the body graph, given each sequence's step (laid out as
  ///     `layout.singleStep` but for the width) and the states at its start; returns the step's
  ///     output (`[batch, outputWidth]`) and the new states.
  /// - Returns: the final states, to assign back to the variables.
  mutating func sequenceLoop(
    sequences: [LoopSequence], layout: SequenceLayout, states: [LoopState], outputWidth: Int, output: Int32,
    repeated: Bool = false,
    step: (inout LoweringGraph, _ xs: [Int32], _ states: [Int32]) -> (output: Int32, states: [Int32])
  ) -> [Int32] {
    let outputShape = layout.sequenceShape(width: outputWidth)
    let outputSignature = layout.sequenceSignature(width: outputWidth)
    let timeMask: [Int32] = layout.timeMajor ? [1, 0, 0] : [0, 1, 0]
    let stateRange = 2..<(2 + states.count)
    let sequenceRange = stateRange.upperBound..<(stateRange.upperBound + sequences.count)
    let outputVariable = sequenceRange.upperBound
    let stepsVariable = outputVariable + 1

    // The loop variables: step, limit, the states, the sequences, output (then steps when
    // repeated).
    func variables(_ g: inout LoweringGraph) -> [Int32] {
      [g.tensor("t", [], type: .int32), g.tensor("limit", [], type: .int32)]
        + states.map { g.tensor($0.name, $0.shape) }
        + sequences.map {
          g.tensor($0.name, layout.sequenceShape(width: $0.width), signature: layout.sequenceSignature(width: $0.width))
        }
        + [g.tensor("output", outputShape, signature: outputSignature)]
        + (repeated ? [g.tensor("steps", [], type: .int32)] : [])
    }

    // Before the loop.
    let input = sequences.first?.tensor ?? -1
    let shape = self.shape(input, rank: 3, "loop/input_shape")
    let timeAxis = constant("loop/time_axis", [], int32s: [layout.timeAxis])
    let steps = gather(shape, indices: timeAxis, axis: 0, "loop/steps", [], type: .int32)
    let limit = repeated ? binary(.mul, steps, steps, "loop/passes_steps", [], type: .int32) : steps
    let kept = binary(.mul, shape, constant("loop/keep", [3], int32s: [1, 1, 0]), "loop/kept", [3], type: .int32)
    let dimensions = binary(
      .add, kept, constant("loop/width", [3], int32s: [0, 0, Int32(outputWidth)]), "loop/output_shape", [3],
      type: .int32)
    let buffer = tensor("loop/zeros", outputShape, signature: outputSignature)
    operation(.fill, [dimensions, constant("loop/zero", [], floats: [0])], [buffer])
    let start = constant("loop/start", [], int32s: [0])

    // The condition: t < limit.
    var cond = subgraph(prefix: prefix + "cond/", importing: nil)
    let condInputs = variables(&cond)
    let more = cond.binary(.less, condInputs[0], condInputs[1], "more", [], type: .bool)
    let condIndex = append(cond, name: prefix + "cond", inputs: condInputs, outputs: [more])

    // The body: one step.
    var body = subgraph(prefix: prefix + "body/", importing: ownTables)
    let v = variables(&body)
    let single = layout.singleStep
    let position = repeated ? body.binary(.floorMod, v[0], v[stepsVariable], "position", [], type: .int32) : v[0]
    let index = body.reshape(position, "index", [1], type: .int32)
    let xs = zip(sequences, sequenceRange).map { sequence, variable in
      body.gather(
        v[variable], indices: index, axis: layout.timeAxis, sequence.name == "input" ? "x" : "x_" + sequence.name,
        single.sequenceShape(width: sequence.width))
    }
    let result = step(&body, xs, Array(v[stateRange]))
    let update = body.reshape(result.output, "update", single.sequenceShape(width: outputWidth))
    let offsets = body.binary(
      .mul, position, body.constant("time_mask", [3], int32s: timeMask), "offsets", [3], type: .int32)
    let written = body.tensor("written", outputShape, signature: outputSignature)
    body.operation(.dynamicUpdateSlice, [v[outputVariable], update, offsets], [written])
    let next = body.binary(.add, v[0], body.constant("one", [], int32s: [1]), "next", [], type: .int32)
    let bodyIndex = append(
      body, name: prefix + "body", inputs: v,
      outputs: [next, v[1]] + result.states + Array(v[sequenceRange]) + [written]
        + (repeated ? [v[stepsVariable]] : []))

    let finals =
      [tensor("loop/t_final", [], type: .int32), tensor("loop/limit_final", [], type: .int32)]
      + states.map { tensor("loop/\($0.name)_final", $0.shape) }
      + sequences.map {
        tensor(
          "loop/\($0.name)_final", layout.sequenceShape(width: $0.width),
          signature: layout.sequenceSignature(width: $0.width))
      } + [output] + (repeated ? [tensor("loop/steps_final", [], type: .int32)] : [])
    whileLoop(
      cond: condIndex, body: bodyIndex,
      inputs: [start, limit] + states.map(\.initial) + sequences.map(\.tensor) + [buffer] + (repeated ? [steps] : []),
      outputs: finals)
    return Array(finals[stateRange])
  }
}
