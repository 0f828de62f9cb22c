/// The outputs of a bidirectional sequence operator: one tensor holding both directions
/// (`merge_outputs`: `[…, forward width + backward width]`, forward first), or one per
/// direction.
struct BidirectionalOutputs {
  /// The forward output, or the merged one.
  let forward: Int
  /// The backward output, nil when merged.
  let backward: Int?
  let forwardWidth: Int
  let backwardWidth: Int

  /// Reads and checks the outputs of `op`, given whether they are merged, the input's layout
  /// and each direction's output width.
  init(_ op: OperatorInfo, merged: Bool, layout: SequenceLayout, widths: (Int, Int), operands: OperandReader)
    throws(RecurrentStateRefusal)
  {
    let given = op.outputs.filter { $0 >= 0 }
    let expected = merged ? 1 : 2
    guard given.count == expected, op.outputs.prefix(expected).allSatisfy({ $0 >= 0 }) else {
      throw .operandCount(role: "outputs", count: given.count, expected: [expected])
    }
    forwardWidth = widths.0
    backwardWidth = widths.1
    forward = op.outputs[0]
    backward = merged ? nil : op.outputs[1]
    if let backward {
      try operands.float(
        forward, role: "fw_output", shape: layout.sequenceShape(width: forwardWidth))
      try operands.float(
        backward, role: "bw_output", shape: layout.sequenceShape(width: backwardWidth))
    } else {
      try operands.float(
        forward, role: "output", shape: layout.sequenceShape(width: forwardWidth + backwardWidth))
    }
  }

  /// Writes each direction's step outputs (in time order, `[batch, width]` each) into the
  /// output tensors: `PACK`ed along the time axis, then, when merged, `CONCATENATION` of the
  /// two sequences along the last axis.
  func emit(forward steps: [Int32], backward backSteps: [Int32], layout: SequenceLayout, into g: inout LoweringGraph) {
    guard let backward else {
      let forwardSequence = g.tensor("fw/output", layout.sequenceShape(width: forwardWidth))
      g.pack(steps, axis: layout.timeAxis, into: forwardSequence)
      let backwardSequence = g.tensor("bw/output", layout.sequenceShape(width: backwardWidth))
      g.pack(backSteps, axis: layout.timeAxis, into: backwardSequence)
      g.concatenate([forwardSequence, backwardSequence], axis: 2, into: Int32(forward))
      return
    }
    g.pack(steps, axis: layout.timeAxis, into: Int32(forward))
    g.pack(backSteps, axis: layout.timeAxis, into: Int32(backward))
  }

  /// For a sequence of dynamic length, where each direction is a loop writing a whole
  /// sequence: the tensors the forward loop and the backward loop (over the reversed input)
  /// write. The forward one is the forward output itself unless merged.
  func loopTargets(layout: SequenceLayout, into g: inout LoweringGraph) -> (forward: Int32, backward: Int32) {
    let forwardTarget =
      backward == nil
      ? g.tensor(
        "fw/output", layout.sequenceShape(width: forwardWidth), signature: layout.sequenceSignature(width: forwardWidth)
      )
      : Int32(forward)
    let backwardTarget = g.tensor(
      "bw/output_reversed", layout.sequenceShape(width: backwardWidth),
      signature: layout.sequenceSignature(width: backwardWidth))
    return (forwardTarget, backwardTarget)
  }

  /// Writes the loops' sequences (see ``loopTargets(layout:into:)``) into the outputs: the
  /// backward one `REVERSE_V2`d back into time order, then, when merged, both concatenated.
  func emitLoopOutputs(
    forward forwardSequence: Int32, backwardReversed: Int32, layout: SequenceLayout, into g: inout LoweringGraph
  ) {
    let signature = layout.sequenceSignature(width: backwardWidth)
    let backwardSequence =
      backward.map(Int32.init)
      ?? g.tensor("bw/output", layout.sequenceShape(width: backwardWidth), signature: signature)
    g.reverseSequence(backwardReversed, layout: layout, into: backwardSequence)
    if backward == nil { g.concatenate([forwardSequence, backwardSequence], axis: 2, into: Int32(forward)) }
  }
}
