extension LoweringGraph {
  /// `REVERSE_V2` of the sequence `x` (laid out as `layout`) along its time axis into the
  /// existing tensor `output`.
  mutating func reverseSequence(_ x: Int32, layout: SequenceLayout, into output: Int32) {
    operation(.reverseV2, [x, constant("reverse_axis", [1], int32s: [layout.timeAxis])], [output])
  }

  /// `REVERSE_V2` of the sequence `x` of width `width` along its time axis.
  mutating func reversedSequence(_ x: Int32, layout: SequenceLayout, width: Int, _ name: String) -> Int32 {
    let y = tensor(name, layout.sequenceShape(width: width), signature: layout.sequenceSignature(width: width))
    reverseSequence(x, layout: layout, into: y)
    return y
  }

  /// Writes a bidirectional operator over a sequence of dynamic length: each direction a
  /// `WHILE` loop (`loop(g, input, output)` writes one direction's loop over `input` into
  /// `output` and returns its final states), the backward one over the `REVERSE_V2`d input,
  /// its output reversed back, then the outputs (``BidirectionalOutputs``).
  ///
  /// - Returns: the forward loop's final states, then the backward one's.
  mutating func bidirectionalLoops(
    input: Int32, layout: SequenceLayout, outputs: BidirectionalOutputs,
    forward: (inout LoweringGraph, _ input: Int32, _ output: Int32) -> [Int32],
    backward: (inout LoweringGraph, _ input: Int32, _ output: Int32) -> [Int32]
  ) -> [Int32] {
    let base = prefix
    let targets = outputs.loopTargets(layout: layout, into: &self)
    prefix = base + "fw/"
    let forwardStates = forward(&self, input, targets.forward)
    prefix = base + "bw/"
    let reversed = reversedSequence(input, layout: layout, width: layout.inputSize, "input")
    let backwardStates = backward(&self, reversed, targets.backward)
    prefix = base
    outputs.emitLoopOutputs(forward: targets.forward, backwardReversed: targets.backward, layout: layout, into: &self)
    return forwardStates + backwardStates
  }

  /// Writes a bidirectional operator from its two directions: of dynamic sequence length, each
  /// a `WHILE` loop (``bidirectionalLoops(input:layout:outputs:forward:backward:)``); else both
  /// unrolled from their own state variables, the backward one from the last step to the first;
  /// then the outputs (``BidirectionalOutputs``).
  ///
  /// - Returns: the forward direction's final states, then the backward one's, to assign back to
  ///   the variables.
  mutating func bidirectional<Direction: SequenceDirection>(
    forward: Direction, backward: Direction, outputs: BidirectionalOutputs
  ) -> [Int32] {
    if forward.layout.dynamicSteps {
      return bidirectionalLoops(
        input: Int32(forward.input), layout: forward.layout, outputs: outputs,
        forward: { g, input, output in forward.emitDirectionLoop(into: &g, input: input, output: output) },
        backward: { g, input, output in backward.emitDirectionLoop(into: &g, input: input, output: output) })
    }
    let base = prefix
    prefix = base + "fw/"
    let fw = forward.emitDirectionSteps(into: &self, backward: false)
    prefix = base + "bw/"
    let bw = backward.emitDirectionSteps(into: &self, backward: true)
    prefix = base
    outputs.emit(forward: fw.outputs, backward: bw.outputs, layout: forward.layout, into: &self)
    return fw.states + bw.states
  }
}

extension BidirectionalSequenceRNNPlan {
  /// Writes both directions (see ``LoweringGraph/bidirectional(forward:backward:outputs:)``).
  ///
  /// - Returns: the final forward and backward hidden states, to assign back to the variables.
  func emitSteps(into g: inout LoweringGraph) -> [Int32] {
    g.bidirectional(forward: forward, backward: backward, outputs: outputs)
  }
}

extension BidirectionalSequenceLSTMPlan {
  /// Writes both directions (see ``LoweringGraph/bidirectional(forward:backward:outputs:)``).
  ///
  /// - Returns: the final forward output and cell states, then the backward ones, to assign
  ///   back to the variables.
  func emitSteps(into g: inout LoweringGraph) -> [Int32] {
    g.bidirectional(forward: forward, backward: backward, outputs: outputs)
  }
}
