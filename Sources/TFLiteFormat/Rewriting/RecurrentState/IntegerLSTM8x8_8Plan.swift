/// The builtin (non-sequence) `LSTM` operator's older integer form, "8x8_8" (12
/// `intermediates`: int8 input, weights and output state, int8 products, int16 gates and cell
/// state, int32 biases), read and checked the way its kernel's `Prepare` (`lstm.cc`,
/// `PopulateQuantizedLstmParams8x8_8`) reads it, for the arithmetic of `EvalInteger8x8_8`
/// (`lstm_eval.cc`), which TensorBridge's own C kernel reproduces:
///
/// ```
/// output, h', c' = TensorBridgeIntegerLSTM8x8_8(input, parameters, h, c)
/// ```
///
/// `parameters` is an int32 constant (``IntegerLSTM8x8_8Parameters``) holding what that kernel
/// reads, as it reads it. Python's kernel has quirks the block carries over:
///
/// - it always computes a CIFG LSTM (input gate `1 − forget`): input-gate weights, bias and
///   layer-norm coefficients are checked as `Prepare` checks them, then ignored; so are
///   peephole weights;
/// - it always applies layer norm and the projection: without the forget, cell or output
///   layer-norm coefficients, or the projection weights or bias, it dereferences a null pointer
///   on the first invoke (Python crashes), so such a model is refused
///   (``RecurrentStateRefusal/integerLSTM8x8_8MissingOperand(role:)``);
/// - the output gate's recurrent product is rescaled into the gate with
///   `intermediate_scale_a[11]` — past the end of that 8-element array, so the next field's
///   `intermediate_scale_b[3]` (the forget gate's recurrent shift) — as the multiplier,
///   `intermediate_scale_b[7]` as the shift, and `intermediate_zp[7]` (the cell gate's input
///   intermediate's) as its zero point;
/// - the cell clip applies only between 0 and 1 (exclusive), and `Prepare` fails unless the
///   cell state's scale is exactly 2⁻¹⁵.
struct IntegerLSTM8x8_8Plan {
  /// The custom operator's name (registered by TensorBridge's interpreter).
  static let operatorName = "TensorBridgeIntegerLSTM8x8_8"
  /// The kernel's 12 intermediates: per gate (input, forget, cell, output), the scale and zero
  /// point of the gate, of its input product and of its recurrent product.
  static let intermediateCount = 12

  let operatorIndex: Int
  /// The kernel's operands and parameter block.
  let kernel: IntegerLSTMKernelCall

  /// Options: `LSTMOptions` slots.
  private enum Slot {
    static let cellClip = 1, projectionClip = 2
  }

  /// Per gate (forget, cell, output): its intermediates (the gate's, the input product's, the
  /// recurrent product's) and the `intermediate_scale_a`/`_b` index of each product's rescaling
  /// into the gate.
  private static let gateIntermediates: [(gate: Int, input: Int, recurrent: Int, inputSum: Int, recurrentSum: Int)] =
    [(3, 4, 5, 2, 3), (6, 7, 8, 4, 5), (9, 10, 11, 6, 7)]

  /// Reads a builtin `LSTM` with 12 intermediates and int8 input.
  init(_ op: OperatorInfo, at operatorIndex: Int, operands: OperandReader) throws(RecurrentStateRefusal) {
    self.operatorIndex = operatorIndex
    let table = operands.options(of: op)
    try SequenceLSTMPlan.checkFullKernel(op, options: table, operands: operands)
    guard op.intermediates.count == Self.intermediateCount else { throw .intermediates(count: op.intermediates.count) }

    // Input: one int8 step [batch, n_input].
    let shapes = try IntegerLSTMShapes(op, operands: operands, singleStep: true, timeMajor: true)
    let (input, batch, outputSize) = (shapes.input, shapes.batch, shapes.outputSize)
    let (inputSize, cells) = (shapes.inputSize, shapes.cells)
    let inputQuantization = try operands.legacyQuantization(input, role: "input")
    try Self.checkIgnoredOperands(op, operands: operands, cells: cells, inputSize: inputSize, outputSize: outputSize)

    // States: int8 output state, int16 cell state of scale exactly 2⁻¹⁵ (Prepare's
    // TF_LITE_ENSURE_EQ).
    let (outputState, cellState) = try shapes.states(op, operands: operands)
    let outputStateQuantization = try operands.quantization(outputState, role: "output_state")
    let cellQuantization = try operands.quantization(cellState, role: "cell_state")
    guard cellQuantization.scale == 1.0 / 32768 else {
      throw .cellStateScale(tensor: operands.tensors[cellState].name, scale: cellQuantization.scale)
    }

    // The 12 intermediates: Prepare reads the first scale and zero point of each.
    var scales: [Float] = []
    var zeroPoints: [Int32] = []
    for k in 0..<Self.intermediateCount {
      let quantization = try operands.firstQuantization(op.intermediates[k], role: "intermediates[\(k)]")
      scales.append(quantization.scale)
      zeroPoints.append(quantization.zeroPoint)
    }
    // intermediate_scale_a/_b[k]: each product's intermediate to its gate's.
    var sums: [(multiplier: Int32, shift: Int32)] = []
    for (product, gate) in [(1, 0), (2, 0), (4, 3), (5, 3), (7, 6), (8, 6), (10, 9), (11, 9)] {
      sums.append(try IntegerLSTMPlan.multiplier(Double(scales[product] / scales[gate])))
    }

    var builder = IntegerLSTM8x8_8Parameters(shapes)
    builder.inputZeroPoint = inputQuantization.zeroPoint
    builder.outputStateZeroPoint = outputStateQuantization.zeroPoint
    let gates: [SequenceLSTMPlan.Gate] = [.forget, .cell, .output]
    for (slot, gate) in gates.enumerated() {
      let k = gate.rawValue
      let name = gate.name
      let indices = Self.gateIntermediates[slot]
      let inputWeights = try operands.required(op, input: 1 + k, role: "input_to_\(name)_weights")
      let recurrentWeights = try operands.required(op, input: 5 + k, role: "recurrent_to_\(name)_weights")
      let biasIndex = try operands.required(op, input: 12 + k, role: "\(name)_gate_bias")
      guard let normIndex = operands.optional(op, input: 20 + k) else {
        throw .integerLSTM8x8_8MissingOperand(role: "\(name)_layer_norm_coefficients")
      }
      let wx = try operands.integerConstant(
        inputWeights, role: "input_to_\(name)_weights", type: .int8, shape: [cells, inputSize])
      let wh = try operands.integerConstant(
        recurrentWeights, role: "recurrent_to_\(name)_weights", type: .int8, shape: [cells, outputSize])
      let bias = try operands.integerConstant(biasIndex, role: "\(name)_gate_bias", type: .int32, shape: [cells])
      let norm = try operands.integerConstant(
        normIndex, role: "\(name)_layer_norm_coefficients", type: .int16, shape: [cells])
      let wxScale = try operands.legacyScale(inputWeights, role: "input_to_\(name)_weights")
      let whScale = try operands.legacyScale(recurrentWeights, role: "recurrent_to_\(name)_weights")
      let normScale = try operands.legacyScale(normIndex, role: "\(name)_layer_norm_coefficients")

      var block = IntegerLSTM8x8_8Parameters.Gate()
      block.input = try IntegerLSTMPlan.multiplier(Double(wxScale * inputQuantization.scale / scales[indices.input]))
      block.recurrent = try IntegerLSTMPlan.multiplier(
        Double(whScale * outputStateQuantization.scale / scales[indices.recurrent]))
      block.inputZeroPoint = zeroPoints[indices.input]
      block.inputSum = sums[indices.inputSum]
      if gate == .output {
        // Python's quirk: intermediate_scale_a[11] is intermediate_scale_b[3], and the zero
        // point is intermediate_zp[7] (see the type's comment).
        block.recurrentSum = (sums[3].shift, sums[7].shift)
        block.recurrentZeroPoint = zeroPoints[7]
      } else {
        block.recurrentSum = sums[indices.recurrentSum]
        block.recurrentZeroPoint = zeroPoints[indices.recurrent]
      }
      block.layerNorm = try IntegerLSTMPlan.multiplier(Double(normScale))
      block.inputWeights = builder.append(bytes: wx)
      block.recurrentWeights = builder.append(bytes: wh)
      block.layerNormWeights = builder.append(bytes: norm)
      block.bias = builder.append(int32s: IntegerLSTMParameters.int32s(bias))
      builder.gates[slot] = block
    }

    // The projection, which the kernel always applies, with its bias.
    guard let projection = operands.optional(op, input: 16) else {
      throw .integerLSTM8x8_8MissingOperand(role: "projection_weights")
    }
    guard let projectionBias = operands.optional(op, input: 17) else {
      throw .integerLSTM8x8_8MissingOperand(role: "projection_bias")
    }
    let projectionWeights = try operands.integerConstant(
      projection, role: "projection_weights", type: .int8, shape: [outputSize, cells])
    let projectionBiasBytes = try operands.integerConstant(
      projectionBias, role: "projection_bias", type: .int32, shape: [outputSize])
    let projectionScale = try operands.legacyScale(projection, role: "projection_weights")
    builder.projection = try IntegerLSTMPlan.multiplier(
      Double(
        Float(Double(projectionScale) * IntegerLSTMParameters.powerOfTwo(-15) / Double(outputStateQuantization.scale))))
    builder.projectionWeights = builder.append(bytes: projectionWeights)
    builder.projectionBias = builder.append(int32s: IntegerLSTMParameters.int32s(projectionBiasBytes))

    // Output and clips, quantized as Prepare does (the cell clip only below 1).
    let output = op.outputs[0]
    try operands.typed(output, role: "output", type: .int8, shape: [batch, outputSize])
    let cellClip = operands.float(table, slot: Slot.cellClip)
    let projectionClip = operands.float(table, slot: Slot.projectionClip)
    guard cellClip >= 0, projectionClip >= 0 else {
      throw .inconsistentOperands("its cell_clip \(cellClip) or proj_clip \(projectionClip) is negative or NaN")
    }
    if cellClip > 0, cellClip < 1 {
      builder.cellClip = Int32(Int16(min(max(cellClip / cellQuantization.scale, -32768), 32767)))
    }
    if projectionClip > 0 {
      let outputScale = try operands.firstQuantization(output, role: "output").scale
      builder.projectionClip = Int32(Int8(min(max(projectionClip / outputScale, -128), 127)))
    }

    // The int32 rescalings shift by at most 31 places either way, the projection's (64-bit)
    // by at most 14 to the left; scales further apart are refused rather than computed
    // differently.
    var shifts = sums.map(\.shift)
    for block in builder.gates { shifts += [block.input.shift, block.recurrent.shift, block.layerNorm.shift] }
    if let shift = shifts.first(where: { !((-31)...30 ~= $0) }) {
      throw .inconsistentOperands("its scales need a rescaling shift of \(shift), outside the kernel's -31...30")
    }
    guard (-31)...14 ~= builder.projection.shift else {
      throw .inconsistentOperands(
        "its projection needs a rescaling shift of \(builder.projection.shift), outside the kernel's -31...14")
    }
    kernel = IntegerLSTMKernelCall(
      input: input, output: output, outputState: outputState, cellState: cellState, shapes: shapes,
      parameters: builder.words())
  }

  /// Checks what `Prepare` checks of the operands the kernel then ignores (the input gate's and
  /// the peepholes), and that no gate's layer-norm coefficients are missing where `Prepare`
  /// requires them.
  private static func checkIgnoredOperands(
    _ op: OperatorInfo, operands: OperandReader, cells: Int, inputSize: Int, outputSize: Int
  ) throws(RecurrentStateRefusal) {
    let inputToInput = operands.optional(op, input: 1)
    let recurrentToInput = operands.optional(op, input: 5)
    guard (inputToInput == nil) == (recurrentToInput == nil) else {
      throw .inconsistentOperands("input_to_input_weights and recurrent_to_input_weights are not both given or omitted")
    }
    let cifg = inputToInput == nil
    let layerNorm = op.inputs.count == 24 && operands.optional(op, input: 21) != nil
    if let inputToInput, let recurrentToInput {
      try operands.typed(inputToInput, role: "input_to_input_weights", type: .int8, shape: [cells, inputSize])
      try operands.typed(recurrentToInput, role: "recurrent_to_input_weights", type: .int8, shape: [cells, outputSize])
      let bias = try operands.required(op, input: 12, role: "input_gate_bias")
      try operands.typed(bias, role: "input_gate_bias", type: .int32, shape: [cells])
      if layerNorm {
        let norm = try operands.required(op, input: 20, role: "input_layer_norm_coefficients")
        try operands.typed(norm, role: "input_layer_norm_coefficients", type: .int16, shape: [cells])
      }
    } else {
      guard operands.optional(op, input: 12) == nil else {
        throw .inconsistentOperands("input_gate_bias is given without input_to_input_weights (CIFG)")
      }
      if layerNorm, operands.optional(op, input: 20) != nil {
        throw .inconsistentOperands("input_layer_norm_coefficients are given without an input gate (CIFG)")
      }
    }
    if layerNorm {
      // Prepare requires the cell and output gates' coefficients once the forget gate's are given.
      for (position, name) in [(22, "cell"), (23, "output")] {
        _ = try operands.required(op, input: position, role: "\(name)_layer_norm_coefficients")
      }
    }
    let peepholes = [9, 10, 11].map { operands.optional(op, input: $0) }
    for (peephole, name) in zip(peepholes, ["input", "forget", "output"]) {
      if let peephole { try operands.typed(peephole, role: "cell_to_\(name)_weights", type: .int16, shape: [cells]) }
    }
    let allOrNone =
      ((peepholes[0] != nil || cifg) && peepholes[1] != nil && peepholes[2] != nil)
      || peepholes.allSatisfy { $0 == nil }
    guard allOrNone else { throw .inconsistentOperands("peephole weights are given for some gates only") }
  }

  /// Writes the custom operator (see ``IntegerLSTM8x8_8Plan``) reading the states at the start.
  ///
  /// - Returns: the new output and cell states, to assign back to the variables.
  func emitSteps(into g: inout LoweringGraph) -> [Int32] { kernel.emit(Self.operatorName, into: &g) }
}
