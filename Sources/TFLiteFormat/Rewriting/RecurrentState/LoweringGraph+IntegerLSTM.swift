extension LoweringGraph {
  /// Writes an integer LSTM's custom operator `name` (either form: ``IntegerLSTMPlan``,
  /// ``IntegerLSTM8x8_8Plan``) over `input`, its `parameters` block and the states read at the
  /// start, writing `output`.
  ///
  /// LiteRT hands a custom operator only 64-byte aligned host memory, and READ_VARIABLE's outputs
  /// are allocated on their own (malloc's alignment): a one-input CONCATENATION copies each state
  /// into the arena, which is aligned.
  ///
  /// - Returns: the new output and cell states, to assign back to the variables.
  mutating func integerLSTM(
    _ name: String, parameters: [Int32], input: Int, output: Int, outputState: Int, cellState: Int, batch: Int,
    outputSize: Int, cells: Int
  ) -> [Int32] {
    let block = alignedConstant("parameters", [parameters.count], int32s: parameters)
    let outputStateCopy = tensor("output_state/read", [batch, outputSize], type: .int8)
    concatenate([Int32(outputState)], axis: 0, into: outputStateCopy)
    let cellStateCopy = tensor("cell_state/read", [batch, cells], type: .int16)
    concatenate([Int32(cellState)], axis: 0, into: cellStateCopy)
    let newOutputState = tensor("output_state", [batch, outputSize], type: .int8)
    let newCellState = tensor("cell_state", [batch, cells], type: .int16)
    custom(name, [Int32(input), block, outputStateCopy, cellStateCopy], [Int32(output), newOutputState, newCellState])
    return [newOutputState, newCellState]
  }
}
