import Foundation

/// One fully quantized `UNIDIRECTIONAL_SEQUENCE_LSTM` (TensorFlow Lite's integer "8x8_16"
/// kernel: int8 input, weights and output state, int32 biases, int16 cell state, the gate
/// scales in 5 `intermediates`), as the TF Lite converter writes a tf_keras `LSTM` under
/// full-integer quantization, read and checked the way the kernel's `Prepare`
/// (`unidirectional_sequence_lstm.cc`, `PopulateQuantizedLstmParams8x8_16` and
/// `PopulatePrecomputedZPTimesWeightsWithBias`) reads it.
///
/// Its arithmetic (products rescaled into saturating int16, gemmlowp's fixed-point sigmoid and
/// tanh, integer layer norm, cell update by shifts) has no builtin equivalent, so the lowering
/// writes one custom operator (``operatorName``) whose kernel — TensorBridge's own C
/// implementation, registered with LiteRT at compile time — runs the whole sequence:
///
/// ```
/// output, h', c' = TensorBridgeIntegerLSTM(input, parameters, h, c)
/// ```
///
/// LiteRT gives a custom kernel only buffers (no quantization parameters, one `user_data` per
/// operator name), so `parameters` is an int32 constant holding everything the kernel needs,
/// computed here exactly as `Prepare` computes it (``IntegerLSTMParameters``): every effective
/// multiplier and shift, zero point, quantized clip, the weights, and the biases with the
/// zero points folded in.
///
/// The builtin (non-sequence) `LSTM` operator's integer form (`lstm.cc`, 5 intermediates, the
/// same `PopulateQuantizedLstmParams8x8_16` and `EvalInteger8x8_16`) is read the same way with
/// `singleStep`: its input is one step `[batch, n_input]`, its output `[batch, n_output]`, and
/// its `Prepare` also requires a cell state scale of at most 2⁻⁹. Its older "8x8_8" form (12
/// intermediates, 8-bit products) is another arithmetic, on another kernel: ``IntegerLSTM8x8_8Plan``.
struct IntegerLSTMPlan {
  /// The custom operator's name (registered by TensorBridge's interpreter).
  static let operatorName = "TensorBridgeIntegerLSTM"
  /// The kernel's 5 intermediates: the 4 gates' scales (read with layer norm) and the hidden
  /// state's.
  static let intermediateCount = 5

  let operatorIndex: Int
  /// The kernel's operands and parameter block.
  let kernel: IntegerLSTMKernelCall
  /// The input's time axis (0 when time-major; nil for the builtin `LSTM`'s one step without
  /// one); the kernel takes any number of steps.
  let timeAxis: Int?

  /// Options: `UnidirectionalSequenceLSTMOptions` slots.
  private enum Slot {
    static let activation = 0, cellClip = 1, projectionClip = 2, timeMajor = 3
  }

  /// Reads a `UNIDIRECTIONAL_SEQUENCE_LSTM`, or with `singleStep` a builtin `LSTM` (whose
  /// `LSTMOptions` share the first three slots; it has no `time_major`, its kernel runs the one
  /// step time-major).
  init(_ op: OperatorInfo, at operatorIndex: Int, operands: OperandReader, singleStep: Bool = false)
    throws(RecurrentStateRefusal)
  {
    self.operatorIndex = operatorIndex
    let table = operands.options(of: op)
    if singleStep { try SequenceLSTMPlan.checkFullKernel(op, options: table, operands: operands) }
    guard op.inputs.count == 20 || op.inputs.count == 24 else {
      throw .operandCount(role: "inputs", count: op.inputs.count, expected: [20, 24])
    }
    guard op.outputs.count == 1, op.outputs[0] >= 0 else {
      throw .operandCount(role: "outputs", count: op.outputs.filter { $0 >= 0 }.count, expected: [1])
    }
    guard op.intermediates.count == Self.intermediateCount else {
      throw .intermediates(count: op.intermediates.count)
    }
    let timeMajor = singleStep || operands.byte(table, slot: Slot.timeMajor) != 0
    // The integer kernel ignores the fused activation (its cell and output use tanh).
    let cellClip = operands.float(table, slot: Slot.cellClip)
    let projectionClip = operands.float(table, slot: Slot.projectionClip)

    // Input: int8 [batch, steps, n_input] (or time-major), the number of steps may be dynamic;
    // the builtin LSTM's one step [batch, n_input], of fixed shape.
    timeAxis = singleStep ? nil : timeMajor ? 0 : 1
    let shapes = try IntegerLSTMShapes(op, operands: operands, singleStep: singleStep, timeMajor: timeMajor)
    let (input, batch, outputSize) = (shapes.input, shapes.batch, shapes.outputSize)
    let (inputShape, inputSize, cells) = (shapes.inputShape, shapes.inputSize, shapes.cells)
    let (recurrentOutput, recurrentShape) = (shapes.recurrentOutput, shapes.recurrentShape)
    let inputQuantization = try operands.legacyQuantization(input, role: "input")

    var builder = IntegerLSTMParameters(shapes)
    let cifg = operands.optional(op, input: 1) == nil
    if cifg, let present = [5, 12].first(where: { operands.optional(op, input: $0) != nil }) {
      throw .inconsistentOperands("input \(present) is given without input_to_input_weights (CIFG)")
    }
    let layerNorm = op.inputs.count == 24 && operands.optional(op, input: 21) != nil
    let peephole = operands.optional(op, input: 11) != nil
    let projection = operands.optional(op, input: 16)

    // States: int8 output state, int16 cell state of a power-of-two scale.
    let (outputState, cellState) = try shapes.states(op, operands: operands)
    let outputStateQuantization = try operands.legacyQuantization(outputState, role: "output_state")
    let cellQuantization = try operands.quantization(cellState, role: "cell_state")
    // TensorFlow Lite's tanh of the cell state takes 0 to 6 integer bits (scales 2⁻¹⁵ to 2⁻⁹).
    // Outside that (the converter writes 2⁻¹⁶ for a cell state of small range) it writes
    // nothing, and the hidden state is computed from what its buffer holds: the step's input
    // gate, which the kernel reproduces — or, with CIFG, memory no step has written.
    // The builtin LSTM's Prepare refuses a scale above 2⁻⁹ outright.
    guard let cellScale = Self.checkedLog2(cellQuantization.scale),
      (-15)...(-9) ~= cellScale || (!cifg && (-30)...(singleStep ? -9 : 1) ~= cellScale)
    else {
      throw .cellStateScale(tensor: operands.tensors[cellState].name, scale: cellQuantization.scale)
    }
    if peephole, outputSize > cells {
      // The kernel's peephole runs over n_output elements of the cell state.
      throw .inconsistentOperands("peephole weights with a projection wider than the cells")
    }

    // The gate scales: the intermediates' with layer norm, otherwise Q3.12.
    var gateScales = [Float](repeating: 1.0 / 4096, count: 4)
    if layerNorm {
      for k in 0..<4 {
        gateScales[k] = try operands.firstQuantization(op.intermediates[k], role: "intermediates[\(k)]").scale
      }
    }
    let hidden = try operands.firstQuantization(op.intermediates[4], role: "intermediates[4]")

    let gates: [SequenceLSTMPlan.Gate] = cifg ? [.forget, .cell, .output] : SequenceLSTMPlan.Gate.allCases
    for gate in gates {
      let k = gate.rawValue
      let name = gate.name
      let inputWeights = try operands.required(op, input: 1 + k, role: "input_to_\(name)_weights")
      let recurrentWeights = try operands.required(op, input: 5 + k, role: "recurrent_to_\(name)_weights")
      let biasIndex = try operands.required(op, input: 12 + k, role: "\(name)_gate_bias")
      let wx = try operands.integerConstant(
        inputWeights, role: "input_to_\(name)_weights", type: .int8, shape: [cells, inputSize])
      let wh = try operands.integerConstant(
        recurrentWeights, role: "recurrent_to_\(name)_weights", type: .int8, shape: [cells, outputSize])
      let bias = try operands.integerConstant(biasIndex, role: "\(name)_gate_bias", type: .int32, shape: [cells])
      let wxScale = try operands.legacyScale(inputWeights, role: "input_to_\(name)_weights")
      let whScale = try operands.legacyScale(recurrentWeights, role: "recurrent_to_\(name)_weights")
      var gateBlock = IntegerLSTMParameters.Gate()
      gateBlock.input = try Self.multiplier(
        Double(wxScale * inputQuantization.scale / gateScales[k]))
      gateBlock.recurrent = try Self.multiplier(
        Double(whScale * outputStateQuantization.scale / gateScales[k]))
      let biasValues = IntegerLSTMParameters.int32s(bias)
      // With layer norm the bias is added inside the norm, not to the products.
      gateBlock.inputWeights = builder.append(bytes: wx)
      gateBlock.recurrentWeights = builder.append(bytes: wh)
      gateBlock.inputBias = builder.append(
        int32s: IntegerLSTMParameters.foldingZeroPoint(
          -inputQuantization.zeroPoint, into: layerNorm ? nil : biasValues, weights: wx, rows: cells))
      gateBlock.recurrentBias = builder.append(
        int32s: IntegerLSTMParameters.foldingZeroPoint(
          -outputStateQuantization.zeroPoint, into: nil, weights: wh, rows: cells))
      if peephole, gate != .cell {
        let position = gate == .output ? 11 : 9 + k
        let index = try operands.required(op, input: position, role: "cell_to_\(name)_weights")
        let weights = try operands.integerConstant(index, role: "cell_to_\(name)_weights", type: .int16, shape: [cells])
        let scale = try operands.legacyScale(index, role: "cell_to_\(name)_weights")
        gateBlock.peephole = try Self.multiplier(
          Double(Float(IntegerLSTMParameters.powerOfTwo(cellScale) * Double(scale) / Double(gateScales[k]))))
        gateBlock.peepholeWeights = builder.append(bytes: weights)
      }
      if layerNorm {
        let index = try operands.required(op, input: 20 + k, role: "\(name)_layer_norm_coefficients")
        let weights = try operands.integerConstant(
          index, role: "\(name)_layer_norm_coefficients", type: .int16, shape: [cells])
        let scale = try operands.legacyScale(index, role: "\(name)_layer_norm_coefficients")
        gateBlock.layerNorm = try Self.multiplier(Double(scale))
        let guardValue = 10000 * scale
        guard guardValue < Float(Int32.max) else {
          throw .inconsistentOperands(
            "its \(name) layer-norm scale \(scale) is too large for the kernel's variance guard")
        }
        gateBlock.varianceGuard = max(1, Int32(guardValue))
        gateBlock.layerNormWeights = builder.append(bytes: weights)
        gateBlock.layerNormBias = builder.append(int32s: biasValues)
      }
      builder.gates[k] = gateBlock
    }
    if peephole {
      let expected = cifg ? [10, 11] : [9, 10, 11]
      guard expected.allSatisfy({ operands.optional(op, input: $0) != nil }),
        !cifg || operands.optional(op, input: 9) == nil
      else { throw .inconsistentOperands("peephole weights are given for some gates only") }
    } else if [9, 10].contains(where: { operands.optional(op, input: $0) != nil }) {
      throw .inconsistentOperands("peephole weights are given for some gates only")
    }
    if layerNorm, cifg, operands.optional(op, input: 20) != nil {
      throw .inconsistentOperands("input_layer_norm_coefficients are given without an input gate (CIFG)")
    }

    // Hidden state and projection.
    builder.hidden = try Self.multiplier(
      Double(
        Float(IntegerLSTMParameters.powerOfTwo(-15) / Double(hidden.scale) * IntegerLSTMParameters.powerOfTwo(-15))))
    builder.hiddenZeroPoint = hidden.zeroPoint
    builder.outputStateZeroPoint = outputStateQuantization.zeroPoint
    let projectionBias = operands.optional(op, input: 17)
    if let projection {
      let weights = try operands.integerConstant(
        projection, role: "projection_weights", type: .int8, shape: [outputSize, cells])
      let scale = try operands.legacyScale(projection, role: "projection_weights")
      var bias: [Int32]?
      if let projectionBias {
        let width = outputSize
        bias = IntegerLSTMParameters.int32s(
          try operands.integerConstant(projectionBias, role: "projection_bias", type: .int32, shape: [width]))
      }
      // With several output state scales the kernel divides by a legacy scale of 0 here.
      guard outputStateQuantization.scale > 0 else {
        throw .unsupportedIntegerQuantization(
          role: "output_state", tensor: operands.tensors[outputState].name,
          scales: operands.tensors[outputState].quantization?.scales.count ?? 0)
      }
      builder.projection = try Self.multiplier(
        Double(scale * hidden.scale / outputStateQuantization.scale))
      builder.projectionWeights = builder.append(bytes: weights)
      builder.projectionBias = builder.append(
        int32s: IntegerLSTMParameters.foldingZeroPoint(hidden.zeroPoint, into: bias, weights: weights, rows: outputSize)
      )
    } else {
      try operands.checkUnprojected(
        bias: projectionBias, outputSize: outputSize, cells: cells, recurrentOutput: recurrentOutput,
        recurrentShape: recurrentShape)
    }

    // Clips, quantized as the kernel does (float division, saturated, truncated).
    let output = op.outputs[0]
    try operands.typed(
      output, role: "output", type: .int8,
      shape: singleStep
        ? [batch, outputSize] : timeMajor ? [inputShape[0], batch, outputSize] : [batch, inputShape[1], outputSize])
    let outputQuantization = try operands.firstQuantization(output, role: "output")
    if cellClip > 0 {
      builder.cellClip = Int32(Int16(min(max(cellClip / cellQuantization.scale, -32768), 32767)))
    }
    if projectionClip > 0 {
      builder.projectionClip = Int32(Int8(min(max(projectionClip / outputQuantization.scale, -128), 127)))
    }
    builder.cellScale = Int32(cellScale)
    builder.flags =
      (cifg ? IntegerLSTMParameters.Flag.cifg : 0) | (peephole ? IntegerLSTMParameters.Flag.peephole : 0)
      | (layerNorm ? IntegerLSTMParameters.Flag.layerNorm : 0)
      | (projection != nil ? IntegerLSTMParameters.Flag.projection : 0)
      | (timeMajor ? IntegerLSTMParameters.Flag.timeMajor : 0)
    // Every rescaling shifts by at most 31 places either way (the kernel's int32 arithmetic);
    // scales far enough apart to need more are refused rather than computed differently.
    var shifts = [builder.hidden.shift]
    if projection != nil { shifts.append(builder.projection.shift) }
    for gate in gates {
      let block = builder.gates[gate.rawValue]
      shifts += [block.input.shift, block.recurrent.shift]
      if peephole, gate != .cell { shifts.append(block.peephole.shift) }
      if layerNorm { shifts.append(block.layerNorm.shift + 12) }
    }
    if let shift = shifts.first(where: { !((-31)...30 ~= $0) }) {
      throw .inconsistentOperands("its scales need a rescaling shift of \(shift), outside the kernel's -31...30")
    }
    kernel = IntegerLSTMKernelCall(
      input: input, output: output, outputState: outputState, cellState: cellState, shapes: shapes,
      parameters: builder.words())
  }

  /// ``IntegerLSTMParameters/quantizeMultiplier(_:)`` of an effective scale, which must be
  /// finite and not negative (extreme scales in a file can overflow the float arithmetic).
  static func multiplier(_ value: Double) throws(RecurrentStateRefusal) -> (multiplier: Int32, shift: Int32) {
    guard value.isFinite, value >= 0 else {
      throw .inconsistentOperands("its scales give the effective scale \(value), which the kernel cannot rescale by")
    }
    return IntegerLSTMParameters.quantizeMultiplier(value)
  }

  /// TensorFlow Lite's `CheckedLog2`: the integer n with `scale` = 2ⁿ (within 1e-3 in the
  /// exponent, computed in float as the kernel does), or nil.
  static func checkedLog2(_ scale: Float) -> Int? {
    guard scale > 0, scale.isFinite else { return nil }
    let log2: Float = Foundation.log(scale) * (1 / Foundation.log(Float(2)))
    let rounded = log2.rounded(.toNearestOrAwayFromZero)
    guard abs(log2 - rounded) < 1e-3 else { return nil }
    return Int(rounded)
  }

  /// Writes the custom operator (see ``IntegerLSTMPlan``) reading the states at the start.
  ///
  /// - Returns: the new output and cell states, to assign back to the variables.
  func emitSteps(into g: inout LoweringGraph) -> [Int32] { kernel.emit(Self.operatorName, into: &g) }
}
