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

  /// What each direction of a bidirectional operator reads, given its auxiliary input
  /// (``AuxiliaryMode``) written as the sequence `auxiliary`: the forward direction the input
  /// (and the auxiliary input when cross-linked), the backward one the same, or the auxiliary
  /// input in place of the input.
  private static func directionInputs(input: Int32, mode: AuxiliaryMode, auxiliary: Int32?)
    -> (forward: (input: Int32, auxiliary: Int32?), backward: (input: Int32, auxiliary: Int32?))
  {
    switch mode {
    case .none: ((input, nil), (input, nil))
    case .crossLinked: ((input, auxiliary), (input, auxiliary))
    case .backwardInput: ((input, nil), (auxiliary ?? input, nil))
    }
  }

  /// Writes a bidirectional operator over a sequence of dynamic length: each direction a
  /// `WHILE` loop (``SequenceDirection/emitDirectionLoop(into:input:auxiliary:output:)``), the
  /// backward one over its `REVERSE_V2`d sequences, its output reversed back, then the outputs
  /// (``BidirectionalOutputs``).
  ///
  /// - Returns: the forward loop's final states, then the backward one's.
  mutating func bidirectionalLoops<Direction: SequenceDirection>(
    forward: Direction, backward: Direction,
    inputs: (
      forward: (input: Int32, auxiliary: Int32?),
      backward: (input: Int32, auxiliary: Int32?)
    ), auxiliaryWidth: Int, outputs: BidirectionalOutputs
  ) -> [Int32] {
    let layout = forward.layout
    let base = prefix
    let targets = outputs.loopTargets(layout: layout, into: &self)
    prefix = base + "fw/"
    let forwardStates = forward.emitDirectionLoop(
      into: &self, input: inputs.forward.input, auxiliary: inputs.forward.auxiliary, output: targets.forward)
    prefix = base + "bw/"
    let reversed = reversedSequence(inputs.backward.input, layout: layout, width: layout.inputSize, "input")
    let reversedAuxiliary = inputs.backward.auxiliary.map {
      reversedSequence($0, layout: layout, width: auxiliaryWidth, "aux")
    }
    let backwardStates = backward.emitDirectionLoop(
      into: &self, input: reversed, auxiliary: reversedAuxiliary, output: targets.backward)
    prefix = base
    outputs.emitLoopOutputs(forward: targets.forward, backwardReversed: targets.backward, layout: layout, into: &self)
    return forwardStates + backwardStates
  }

  /// Writes a bidirectional operator from its two directions and its auxiliary input
  /// (``AuxiliaryMode``, written first as the sequence the kernel reads): of dynamic sequence
  /// length, each a `WHILE` loop
  /// (``bidirectionalLoops(forward:backward:inputs:auxiliaryWidth:outputs:)``); else both
  /// unrolled from their own state variables, the backward one from the last step to the first;
  /// then the outputs (``BidirectionalOutputs``).
  ///
  /// - Returns: the forward direction's final states, then the backward one's, to assign back to
  ///   the variables.
  mutating func bidirectional<Direction: SequenceDirection>(
    forward: Direction, backward: Direction, auxiliary mode: AuxiliaryMode, outputs: BidirectionalOutputs
  ) -> [Int32] {
    let layout = forward.layout
    let auxiliary = mode.sequence.map { $0.emit(into: &self, layout: layout) }
    let inputs = Self.directionInputs(input: Int32(forward.input), mode: mode, auxiliary: auxiliary)
    if layout.dynamicSteps {
      return bidirectionalLoops(
        forward: forward, backward: backward, inputs: inputs, auxiliaryWidth: mode.sequence?.width ?? 0,
        outputs: outputs)
    }
    let base = prefix
    prefix = base + "fw/"
    let fw = forward.emitDirectionSteps(
      into: &self, input: inputs.forward.input, auxiliary: inputs.forward.auxiliary, backward: false)
    prefix = base + "bw/"
    let bw = backward.emitDirectionSteps(
      into: &self, input: inputs.backward.input, auxiliary: inputs.backward.auxiliary, backward: true)
    prefix = base
    outputs.emit(forward: fw.outputs, backward: bw.outputs, layout: layout, into: &self)
    return fw.states + bw.states
  }
}

extension BidirectionalSequenceRNNPlan {
  /// Writes both directions (see ``LoweringGraph/bidirectional(forward:backward:auxiliary:outputs:)``).
  ///
  /// - Returns: the final forward and backward hidden states, to assign back to the variables.
  func emitSteps(into g: inout LoweringGraph) -> [Int32] {
    g.bidirectional(forward: forward, backward: backward, auxiliary: auxiliary, outputs: outputs)
  }
}

extension BidirectionalSequenceLSTMPlan {
  /// Writes both directions (see ``LoweringGraph/bidirectional(forward:backward:auxiliary:outputs:)``).
  ///
  /// - Returns: the final forward output and cell states, then the backward ones, to assign
  ///   back to the variables.
  func emitSteps(into g: inout LoweringGraph) -> [Int32] {
    g.bidirectional(forward: forward, backward: backward, auxiliary: auxiliary, outputs: outputs)
  }
}
