/// The sizes TensorFlow Lite's integer LSTM kernels (both forms, `lstm.cc` and
/// `unidirectional_sequence_lstm.cc`) take from their operands: the int8 input — a sequence
/// `[batch, steps, n_input]` (time-major: `[steps, batch, n_input]`) or the builtin `LSTM`'s one
/// step `[batch, n_input]`, every dimension at least 1 — n_cell from the input-to-output
/// weights, n_output from the recurrent-to-output weights (a matrix).
struct IntegerLSTMShapes {
  let input: Int
  /// The input's shape, as checked.
  let inputShape: [Int]
  let batch: Int
  let inputSize: Int
  let cells: Int
  let outputSize: Int
  /// The recurrent-to-output weights and their shape `[n_cell, n_output]`.
  let recurrentOutput: Int
  let recurrentShape: [Int]

  /// The kernels' dimension words: batch, n_input, n_cell, n_output.
  var dimensions: [Int] { [batch, inputSize, cells, outputSize] }

  init(_ op: OperatorInfo, operands: OperandReader, singleStep: Bool, timeMajor: Bool) throws(RecurrentStateRefusal) {
    input = try operands.required(op, input: 0, role: "input")
    let name = operands.tensors[input].name
    inputShape = try operands.typed(input, role: "input", type: .int8)
    guard inputShape.count == (singleStep ? 2 : 3) else {
      throw .unexpectedRank(role: "input", tensor: name, rank: inputShape.count, expected: singleStep ? 2 : 3)
    }
    guard inputShape.allSatisfy({ $0 > 0 }) else {
      throw .unexpectedShape(role: "input", tensor: name, expected: inputShape.map { max($0, 1) }, actual: inputShape)
    }
    batch = singleStep || !timeMajor ? inputShape[0] : inputShape[1]
    inputSize = inputShape[inputShape.count - 1]

    let outputWeights = try operands.required(op, input: 4, role: "input_to_output_weights")
    cells = operands.tensors[outputWeights].shape.first ?? 0
    recurrentOutput = try operands.required(op, input: 8, role: "recurrent_to_output_weights")
    recurrentShape = operands.tensors[recurrentOutput].shape
    guard recurrentShape.count == 2 else {
      throw .unexpectedRank(
        role: "recurrent_to_output_weights", tensor: operands.tensors[recurrentOutput].name,
        rank: recurrentShape.count, expected: 2)
    }
    outputSize = recurrentShape[1]
    guard cells > 0, outputSize > 0 else {
      throw .unexpectedShape(
        role: "recurrent_to_output_weights", tensor: operands.tensors[recurrentOutput].name,
        expected: [max(cells, 1), max(outputSize, 1)], actual: recurrentShape)
    }
  }

  /// The int8 output state (input 18) and int16 cell state (input 19), variables the kernel
  /// takes as `[batch, n_output]` and `[batch, n_cell]` (any shape of that size).
  func states(_ op: OperatorInfo, operands: OperandReader) throws(RecurrentStateRefusal) -> (output: Int, cell: Int) {
    let outputState = try operands.required(op, input: 18, role: "output_state")
    let cellState = try operands.required(op, input: 19, role: "cell_state")
    try operands.integerState(
      outputState, role: "output_state", type: .int8, shape: [batch, outputSize], anyShapeOfItsSize: true)
    try operands.integerState(
      cellState, role: "cell_state", type: .int16, shape: [batch, cells], anyShapeOfItsSize: true)
    return (outputState, cellState)
  }
}
