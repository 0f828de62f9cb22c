/// One direction of a bidirectional recurrent operator: a unidirectional plan (RNN or LSTM)
/// that can be written unrolled from its own state variables or as a `WHILE` loop.
protocol SequenceDirection {
  /// The sequence input tensor.
  var input: Int { get }
  /// How the sequence is laid out.
  var layout: SequenceLayout { get }
  /// Writes the direction as a `WHILE` loop over `input` (each step also reading `auxiliary`, the
  /// auxiliary input of a cross-linked operator, when given) writing `output`; returns its final
  /// states.
  func emitDirectionLoop(into g: inout LoweringGraph, input: Int32, auxiliary: Int32?, output: Int32) -> [Int32]
  /// Writes the direction's steps over `input` (and `auxiliary`) unrolled from its own state
  /// variables, from the last step to the first when `backward`; returns each step's output in
  /// time order and the final states.
  func emitDirectionSteps(into g: inout LoweringGraph, input: Int32, auxiliary: Int32?, backward: Bool)
    -> (outputs: [Int32], states: [Int32])
}

extension SequenceRNNPlan: SequenceDirection {
  func emitDirectionLoop(into g: inout LoweringGraph, input: Int32, auxiliary: Int32?, output: Int32) -> [Int32] {
    emitLoop(into: &g, input: input, auxiliary: auxiliary, output: output)
  }

  func emitDirectionSteps(into g: inout LoweringGraph, input: Int32, auxiliary: Int32?, backward: Bool)
    -> (outputs: [Int32], states: [Int32])
  {
    let cells = emitCells(
      into: &g, input: input, auxiliary: auxiliary, layout: layout, h: Int32(hiddenState), backward: backward,
      passes: passes)
    return (cells.outputs, [cells.h])
  }
}

extension SequenceLSTMPlan: SequenceDirection {
  func emitDirectionLoop(into g: inout LoweringGraph, input: Int32, auxiliary: Int32?, output: Int32) -> [Int32] {
    emitLoop(into: &g, input: input, auxiliary: auxiliary, output: output)
  }

  func emitDirectionSteps(into g: inout LoweringGraph, input: Int32, auxiliary: Int32?, backward: Bool)
    -> (outputs: [Int32], states: [Int32])
  {
    let cells = emitCells(
      into: &g, input: input, auxiliary: auxiliary, layout: layout, h: Int32(outputState), c: Int32(cellState),
      backward: backward)
    return (cells.outputs, [cells.h, cells.c])
  }
}
