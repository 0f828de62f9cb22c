extension BidirectionalSequenceRNNPlan {
  /// Writes both directions unrolled (see ``SequenceRNNPlan/emitCells(into:input:layout:h:backward:)``),
  /// the backward one from the last step to the first, then the outputs
  /// (``BidirectionalOutputs``).
  ///
  /// - Returns: the final forward and backward hidden states, to assign back to the variables.
  func emitSteps(into g: inout LoweringGraph) -> [Int32] {
    let prefix = g.prefix
    g.prefix = prefix + "fw/"
    let fw = forward.emitCells(
      into: &g, input: Int32(forward.input), layout: forward.layout, h: Int32(forward.hiddenState))
    g.prefix = prefix + "bw/"
    let bw = backward.emitCells(
      into: &g, input: Int32(backward.input), layout: backward.layout, h: Int32(backward.hiddenState), backward: true)
    g.prefix = prefix
    outputs.emit(forward: fw.outputs, backward: bw.outputs, layout: forward.layout, into: &g)
    return [fw.h, bw.h]
  }
}

extension BidirectionalSequenceLSTMPlan {
  /// Writes both directions unrolled (see
  /// ``SequenceLSTMPlan/emitCells(into:input:layout:h:c:backward:)``), the backward one from
  /// the last step to the first, then the outputs (``BidirectionalOutputs``).
  ///
  /// - Returns: the final forward output and cell states, then the backward ones, to assign
  ///   back to the variables.
  func emitSteps(into g: inout LoweringGraph) -> [Int32] {
    let prefix = g.prefix
    g.prefix = prefix + "fw/"
    let fw = forward.emitCells(
      into: &g, input: Int32(forward.input), layout: forward.layout, h: Int32(forward.outputState),
      c: Int32(forward.cellState))
    g.prefix = prefix + "bw/"
    let bw = backward.emitCells(
      into: &g, input: Int32(backward.input), layout: backward.layout, h: Int32(backward.outputState),
      c: Int32(backward.cellState), backward: true)
    g.prefix = prefix
    outputs.emit(forward: fw.outputs, backward: bw.outputs, layout: forward.layout, into: &g)
    return [fw.h, fw.c, bw.h, bw.c]
  }
}
