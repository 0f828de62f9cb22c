/// One `UNIDIRECTIONAL_SEQUENCE_LSTM` (float32, or hybrid: int8 weights over float32
/// activations) as its lowering needs it, read and checked the
/// way TensorFlow Lite's kernel (`tflite/kernels/unidirectional_sequence_lstm.cc`) prepares it.
///
/// Inputs by position: 0 input; 1–4 input-to-{input, forget, cell, output} weights; 5–8
/// recurrent-to-{…} weights; 9–11 cell-to-{input, forget, output} (peephole) weights; 12–15
/// {input, forget, cell, output} gate biases; 16 projection weights; 17 projection bias;
/// 18 output state; 19 cell state; 20–23 {input, forget, cell, output} layer-norm
/// coefficients (present in the 24-input form only). An omitted input gate (1, 5, 12) is CIFG:
/// the input gate is `1 - forget`.
struct SequenceLSTMPlan {
  /// An LSTM gate, in the kernel's order.
  enum Gate: Int, CaseIterable {
    case input, forget, cell, output

    var name: String {
      switch self {
      case .input: "input"
      case .forget: "forget"
      case .cell: "cell"
      case .output: "output"
      }
    }
  }

  let operatorIndex: Int
  let input: Int
  /// The output sequence, or -1 for one direction of a bidirectional operator.
  let output: Int
  let outputState: Int
  let cellState: Int
  let layout: SequenceLayout
  /// Cells per step (`n_cell`).
  let cellCount: Int
  /// Outputs per step (`n_output`; `n_cell` unless projected).
  let outputSize: Int
  /// The gates computed from weights, in order: all four, or three with CIFG.
  let gates: [Gate]
  /// The int8 weight tensors of a hybrid LSTM (nil when float32); the three byte arrays below
  /// are then empty.
  let hybrid: HybridWeights?
  /// The input-to-gate weights of `gates`, concatenated row-wise: `[gates × n_cell, n_input]`.
  let inputWeights: [UInt8]
  /// The recurrent-to-gate weights of `gates`, concatenated: `[gates × n_cell, n_output]`.
  let recurrentWeights: [UInt8]
  /// The gate biases of `gates`, concatenated: `[gates × n_cell]`.
  let biases: [UInt8]
  /// The bias tensor of each gate (added after layer norm when there is one).
  let biasTensors: [Gate: Int]
  /// Peephole weights (`[n_cell]`) of the input (unless CIFG), forget and output gates.
  let peepholes: [Gate: Int]
  /// A hybrid LSTM's int8 peephole weights as the kernel recovers them (`Float(q) × scale`,
  /// `VectorScalarMultiply` in `lstm_eval.cc`), by gate; empty for a float32 LSTM.
  let dequantizedPeepholes: [Gate: [Float]]
  /// Layer-norm coefficients (`[n_cell]`) of each gate in `gates`, when layer-normalized.
  let layerNorm: [Gate: Int]
  let projectionWeights: Int?
  let projectionBias: Int?
  /// A bidirectional LSTM's auxiliary weights for this direction (`[n_cell, auxiliaryWidth]`,
  /// of the input weights' type) for each gate in `gates`; empty without them.
  let auxiliaryWeights: [Gate: Int]
  /// The float32 auxiliary weights of `gates`, concatenated row-wise (empty when hybrid).
  let auxiliaryWeightBytes: [UInt8]
  let auxiliaryWidth: Int
  let activation: FusedActivation
  let cellClip: Float
  let projectionClip: Float

  var isCIFG: Bool { !gates.contains(.input) }
  var isLayerNormalized: Bool { !layerNorm.isEmpty }

  /// What an LSTM's options table says (its slots differ between the unidirectional and the
  /// bidirectional operator).
  struct Options {
    let activation: FusedActivation
    let cellClip: Float
    let projectionClip: Float
    let timeMajor: Bool
    let asymmetricQuantizeInputs: Bool
    /// Whether the kernel takes rank-1 recurrent weights as diagonals: the unidirectional one
    /// does (`unidirectional_sequence_lstm.cc`), the builtin and bidirectional ones require
    /// matrices.
    let takesDiagonalRecurrent: Bool
  }

  /// Options: `UnidirectionalSequenceLSTMOptions` slots.
  private enum Slot {
    static let activation = 0, cellClip = 1, projectionClip = 2, timeMajor = 3, asymmetricQuantizeInputs = 4
  }

  init(_ op: OperatorInfo, at operatorIndex: Int, operands: OperandReader) throws(RecurrentStateRefusal) {
    guard op.inputs.count == 20 || op.inputs.count == 24 else {
      throw .operandCount(role: "inputs", count: op.inputs.count, expected: [20, 24])
    }
    guard op.outputs.count == 1, op.outputs[0] >= 0 else {
      throw .operandCount(role: "outputs", count: op.outputs.filter { $0 >= 0 }.count, expected: [1])
    }
    let table = operands.options(of: op)
    let options = Options(
      activation: try FusedActivation(operands.byte(table, slot: Slot.activation)),
      cellClip: operands.float(table, slot: Slot.cellClip),
      projectionClip: operands.float(table, slot: Slot.projectionClip),
      timeMajor: operands.byte(table, slot: Slot.timeMajor) != 0,
      asymmetricQuantizeInputs: operands.byte(table, slot: Slot.asymmetricQuantizeInputs) != 0,
      takesDiagonalRecurrent: true)
    try self.init(inputs: op.inputs, output: op.outputs[0], options: options, at: operatorIndex, operands: operands)
  }

  /// Reads an LSTM from its operands, `inputs` by position as the unidirectional operator
  /// takes them (20 or 24). `output` is nil for one direction of a bidirectional operator,
  /// whose own plan checks and writes the outputs (``output`` is then -1); `auxiliary` are such
  /// a direction's auxiliary weights by gate (input, forget, cell, output; -1 when omitted) and
  /// the auxiliary input's width. The input is a sequence (its number of steps may be dynamic),
  /// or with `singleStep` the builtin `LSTM` operator's one step `[batch, n_input]` (see
  /// ``SequenceLayout/hasTimeAxis``).
  init(
    inputs: [Int], output: Int?, options: Options, auxiliary: (weights: [Int], width: Int)? = nil,
    at operatorIndex: Int, operands: OperandReader, singleStep: Bool = false
  ) throws(RecurrentStateRefusal) {
    self.operatorIndex = operatorIndex
    activation = options.activation
    cellClip = max(0, options.cellClip)
    projectionClip = max(0, options.projectionClip)

    input = try operands.required(inputs, input: 0, role: "input")
    layout =
      singleStep
      ? try SequenceLayout(singleStepInput: input, operands: operands)
      : try SequenceLayout(input: input, timeMajor: options.timeMajor, operands: operands, allowsDynamicSteps: true)
    let inputSize = layout.inputSize

    // n_cell from the input-to-output weights, n_output from the recurrent-to-output weights.
    let outputWeights = try operands.required(inputs, input: 4, role: "input_to_output_weights")
    // int8 weights make it the hybrid kernel (its shapes are checked with each weight below).
    let isHybrid = operands.tensors[outputWeights].type == .int8
    if isHybrid, activation == .none {
      // The float kernel's output is then o ⊙ g (see `emitSteps`); the hybrid kernel's depends
      // on what its scratch buffer held.
      throw .inconsistentOperands("int8 weights with fused activation NONE, whose hybrid output is unspecified")
    }
    let cells =
      try
      (isHybrid
      ? operands.tensors[outputWeights].shape : operands.float(outputWeights, role: "input_to_output_weights"))
      .first ?? 0
    let recurrentOutput = try operands.required(inputs, input: 8, role: "recurrent_to_output_weights")
    let recurrentShape =
      try isHybrid
      ? operands.tensors[recurrentOutput].shape : operands.float(recurrentOutput, role: "recurrent_to_output_weights")
    // The unidirectional kernel takes rank-1 recurrent weights as diagonals (`[n_cell]`, the
    // product `h ⊙ w`), deciding by each tensor's rank whatever `diagonal_recurrent_tensors`
    // says; n_output is n_cell when the output gate's are diagonal (a projection is then square).
    let outputDiagonal = options.takesDiagonalRecurrent && recurrentShape.count == 1
    guard recurrentShape.count == (outputDiagonal ? 1 : 2) else {
      throw .unexpectedRank(
        role: "recurrent_to_output_weights", tensor: operands.tensors[recurrentOutput].name,
        rank: recurrentShape.count, expected: 2)
    }
    cellCount = cells
    outputSize = outputDiagonal ? cells : recurrentShape[1]

    let cifg = operands.optional(inputs, input: 1) == nil
    gates = cifg ? [.forget, .cell, .output] : Gate.allCases
    if cifg, let present = [5, 12].first(where: { operands.optional(inputs, input: $0) != nil }) {
      throw .inconsistentOperands("input \(present) is given without input_to_input_weights (CIFG)")
    }
    var inputWeights: [UInt8] = []
    var recurrentWeights: [UInt8] = []
    var biases: [UInt8] = []
    var biasTensors: [Gate: Int] = [:]
    var hybridInput: [Gate: Int] = [:]
    var hybridRecurrent: [Gate: Int] = [:]
    var hybridDiagonals: [Gate: [UInt8]] = [:]
    for gate in gates {
      let name = gate.name
      let weights = try operands.required(inputs, input: 1 + gate.rawValue, role: "input_to_\(name)_weights")
      let recurrent = try operands.required(inputs, input: 5 + gate.rawValue, role: "recurrent_to_\(name)_weights")
      if options.takesDiagonalRecurrent, operands.tensors[recurrent].shape.count == 1 {
        let matrix = try Self.diagonalRecurrent(
          recurrent, role: "recurrent_to_\(name)_weights", cells: cells, outputSize: outputSize,
          batch: layout.batch, operands: operands)
        if isHybrid { hybridDiagonals[gate] = matrix } else { recurrentWeights += matrix }
      }
      if isHybrid {
        try operands.hybridWeights(weights, role: "input_to_\(name)_weights", shape: [cells, inputSize])
        hybridInput[gate] = weights
        if hybridDiagonals[gate] == nil {
          try operands.hybridWeights(recurrent, role: "recurrent_to_\(name)_weights", shape: [cells, outputSize])
          hybridRecurrent[gate] = recurrent
        }
      } else {
        inputWeights += try operands.constant(weights, role: "input_to_\(name)_weights", shape: [cells, inputSize])
        if operands.tensors[recurrent].shape.count != 1 || !options.takesDiagonalRecurrent {
          recurrentWeights += try operands.constant(
            recurrent, role: "recurrent_to_\(name)_weights", shape: [cells, outputSize])
        }
      }
      let bias = try operands.required(inputs, input: 12 + gate.rawValue, role: "\(name)_gate_bias")
      biases += try operands.constant(bias, role: "\(name)_gate_bias", shape: [cells])
      biasTensors[gate] = bias
    }
    self.inputWeights = inputWeights
    self.recurrentWeights = recurrentWeights
    self.biases = biases
    self.biasTensors = biasTensors
    // Sparse recurrent weights get here only in a builtin LSTM (OperandReader.checkSparseOperands).
    hybrid =
      isHybrid
      ? HybridWeights(
        input: hybridInput, recurrent: hybridRecurrent, diagonals: hybridDiagonals,
        asymmetricQuantizeInputs: options.asymmetricQuantizeInputs,
        recurrentAtInputScale: Set(hybridRecurrent.filter { operands.tensors[$0.value].hasSparsity }.keys)) : nil

    // Auxiliary weights: one per computed gate (`bidirectional_sequence_lstm.cc`'s prepare
    // reads the input gate's unless CIFG; with CIFG the kernel ignores one given).
    var auxiliaryWeights: [Gate: Int] = [:]
    var auxiliaryWeightBytes: [UInt8] = []
    if let auxiliary {
      for gate in Gate.allCases {
        let role = "aux_input_to_\(gate.name)_weights"
        let given = auxiliary.weights.indices.contains(gate.rawValue) ? auxiliary.weights[gate.rawValue] : -1
        guard given >= 0 else {
          if gates.contains(gate) { throw .missingOperand(role: operands.rolePrefix + role) }
          continue
        }
        let shape = [cells, auxiliary.width]
        if isHybrid {
          try operands.hybridWeights(given, role: role, shape: shape)
        } else {
          let bytes = try operands.constant(given, role: role, shape: shape)
          if gates.contains(gate) { auxiliaryWeightBytes += bytes }
        }
        if gates.contains(gate) { auxiliaryWeights[gate] = given }
      }
    }
    self.auxiliaryWeights = auxiliaryWeights
    self.auxiliaryWeightBytes = auxiliaryWeightBytes
    auxiliaryWidth = auxiliary?.width ?? 0

    // Peephole: input (unless CIFG), forget and output, all or none.
    let peepholeInputs: [(Gate, Int)] = (cifg ? [] : [(.input, 9)]) + [(.forget, 10), (.output, 11)]
    var peepholes: [Gate: Int] = [:]
    var dequantizedPeepholes: [Gate: [Float]] = [:]
    for (gate, position) in peepholeInputs {
      guard let index = operands.optional(inputs, input: position) else { continue }
      let role = "cell_to_\(gate.name)_weights"
      if isHybrid {
        // The hybrid kernel reads them as int8 and multiplies each by the scale in float.
        dequantizedPeepholes[gate] = try operands.dequantizedHybridWeights(index, role: role, shape: [cells])
      } else {
        _ = try operands.constant(index, role: role, shape: [cells])
      }
      peepholes[gate] = index
    }
    self.dequantizedPeepholes = dequantizedPeepholes
    guard peepholes.isEmpty || peepholes.count == peepholeInputs.count else {
      throw .inconsistentOperands("peephole weights are given for some gates only")
    }
    if cifg, operands.optional(inputs, input: 9) != nil {
      throw .inconsistentOperands("cell_to_input_weights are given without an input gate (CIFG)")
    }
    self.peepholes = peepholes

    // Projection.
    projectionWeights = operands.optional(inputs, input: 16)
    projectionBias = operands.optional(inputs, input: 17)
    if let projectionWeights {
      if isHybrid {
        try operands.hybridWeights(projectionWeights, role: "projection_weights", shape: [outputSize, cells])
      } else {
        _ = try operands.constant(projectionWeights, role: "projection_weights", shape: [outputSize, cells])
      }
      if let projectionBias { _ = try operands.constant(projectionBias, role: "projection_bias", shape: [outputSize]) }
    } else {
      try operands.checkUnprojected(
        bias: projectionBias, outputSize: outputSize, cells: cells, recurrentOutput: recurrentOutput,
        recurrentShape: recurrentShape)
    }

    // Layer norm: the 24-input form with forget coefficients; then every computed gate has them.
    var layerNorm: [Gate: Int] = [:]
    if inputs.count == 24, operands.optional(inputs, input: 21) != nil {
      for gate in gates {
        let index = try operands.required(
          inputs, input: 20 + gate.rawValue, role: "\(gate.name)_layer_norm_coefficients")
        _ = try operands.constant(index, role: "\(gate.name)_layer_norm_coefficients", shape: [cells])
        layerNorm[gate] = index
      }
      if cifg, operands.optional(inputs, input: 20) != nil {
        throw .inconsistentOperands("input_layer_norm_coefficients are given without an input gate (CIFG)")
      }
    }
    self.layerNorm = layerNorm

    // States and output.
    outputState = try operands.required(inputs, input: 18, role: "output_state")
    cellState = try operands.required(inputs, input: 19, role: "cell_state")
    try operands.state(outputState, role: "output_state", shape: [layout.batch, outputSize], anyShapeOfItsSize: true)
    try operands.state(cellState, role: "cell_state", shape: [layout.batch, cells], anyShapeOfItsSize: true)
    self.output = output ?? -1
    if let output {
      try operands.float(
        output, role: "output", shape: layout.sequenceShape(width: outputSize))
    }
  }

  /// The output and cell states with the `[batch, n]` shapes the lowering gives them, their
  /// roles named with `prefix` (see `RecurrentPlan.states`).
  func states(prefix: String = "") -> [(tensor: Int, role: String, shape: [Int]?)] {
    [
      (outputState, prefix + "output_state", [layout.batch, outputSize]),
      (cellState, prefix + "cell_state", [layout.batch, cellCount]),
    ]
  }

  /// The `[cells, outputSize]` float32 matrix for rank-1 recurrent weights `index`: their
  /// `cells` floats on the diagonal, zeros elsewhere, so `h · matrixᵀ` is what the kernel's
  /// `VectorBatchVectorCwiseProductAccumulate` computes, `w ⊙ h` over the first `cells` values
  /// of each `cells`-wide stride of the output state. That is one batch row only when the output
  /// state is `cells` wide, or with batch 1 at least `cells` wide; otherwise the kernel reads
  /// across batch rows or past the state, and the weights are refused. int8 diagonals are
  /// refused too: the hybrid kernel reads them as float32, four bytes each.
  static func diagonalRecurrent(
    _ index: Int, role: String, cells: Int, outputSize: Int, batch: Int, operands: OperandReader
  ) throws(RecurrentStateRefusal) -> [UInt8] {
    let name = operands.tensors[index].name
    guard operands.tensors[index].type == .float32 else {
      throw .diagonalRecurrentWeights(
        tensor: name, reason: "they are \(operands.tensors[index].type), which the kernel reads as float32")
    }
    guard outputSize == cells || (batch == 1 && outputSize > cells) else {
      throw .diagonalRecurrentWeights(
        tensor: name,
        reason: "the kernel reads the output state (\(outputSize) wide, batch \(batch)) in strides of \(cells) cells")
    }
    let diagonal = try operands.constant(index, role: role, shape: [cells])
    var matrix = [UInt8](repeating: 0, count: cells * outputSize * 4)
    for i in 0..<cells {
      matrix[(i * outputSize + i) * 4..<(i * outputSize + i) * 4 + 4] = diagonal[i * 4..<i * 4 + 4]
    }
    return matrix
  }
}
