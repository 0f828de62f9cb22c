extension SequenceLSTMPlan {
  /// Writes an LSTM over a sequence of dynamic length as a `WHILE` loop over its steps (see
  /// ``LoweringGraph/sequenceLoop(sequences:layout:states:outputWidth:output:repeated:step:)``),
  /// where the fixed-length lowering unrolls them: the loop carries the output state `h` and the
  /// cell state `c`, and its body computes one step's cell math (`emitCells`).
  ///
  /// The loop reads the sequence `input` (and `auxiliary`, a bidirectional LSTM's auxiliary
  /// input, when given) and writes `output` (the operator's own unless a bidirectional
  /// operator's direction says otherwise).
  ///
  /// - Returns: the final output state and cell state, to assign back to the variables.
  func emitLoop(into g: inout LoweringGraph, input: Int32? = nil, auxiliary: Int32? = nil, output: Int32? = nil)
    -> [Int32]
  {
    let batch = layout.batch
    let states = [
      LoopState(initial: Int32(outputState), shape: [batch, outputSize], name: "h"),
      LoopState(initial: Int32(cellState), shape: [batch, cellCount], name: "c"),
    ]
    let step = layout.singleStep
    let sequences =
      [LoopSequence(tensor: input ?? Int32(self.input), width: layout.inputSize, name: "input")]
      + (auxiliary.map { [LoopSequence(tensor: $0, width: auxiliaryWidth, name: "aux")] } ?? [])
    return g.sequenceLoop(
      sequences: sequences, layout: layout, states: states, outputWidth: outputSize,
      output: output ?? Int32(self.output)
    ) { body, xs, states in
      let cells = emitCells(
        into: &body, input: xs[0], auxiliary: xs.count > 1 ? xs[1] : nil, layout: step, h: states[0], c: states[1])
      return (cells.h, [cells.h, cells.c])
    }
  }
}
