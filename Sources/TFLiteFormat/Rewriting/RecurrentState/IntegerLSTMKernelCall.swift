/// What either integer LSTM kernel (``IntegerLSTMPlan``, ``IntegerLSTM8x8_8Plan``) is called
/// with: the operator's input, output and state tensors, their sizes and the parameter block.
struct IntegerLSTMKernelCall {
  let input: Int
  let output: Int
  let outputState: Int
  let cellState: Int
  /// The operands' sizes.
  let shapes: IntegerLSTMShapes
  /// The kernel's parameter block.
  let parameters: [Int32]

  /// The variable tensors holding the state, as ``RecurrentPlan/states`` lists them (the kernel
  /// takes them as `[batch, n_output]` and `[batch, n_cell]`, whatever shape the file gives).
  var states: [(tensor: Int, role: String, shape: [Int]?)] {
    [
      (outputState, "output_state", [shapes.batch, shapes.outputSize]),
      (cellState, "cell_state", [shapes.batch, shapes.cells]),
    ]
  }

  /// Writes the custom operator `name` reading the states at the start.
  ///
  /// - Returns: the new output and cell states, to assign back to the variables.
  func emit(_ name: String, into g: inout LoweringGraph) -> [Int32] {
    g.integerLSTM(
      name, parameters: parameters, input: input, output: output, outputState: outputState, cellState: cellState,
      batch: shapes.batch, outputSize: shapes.outputSize, cells: shapes.cells)
  }
}
