/// Sparse operands of a recurrent operator: which its kernel reads as they are meant, and which
/// it reads past their end.
extension OperandReader {
  /// The positions of the builtin `LSTM`'s weight matrices its hybrid kernel reads sparse:
  /// input-to-gate (1–4), recurrent-to-gate (5–8) and projection (16) weights.
  static let sparseLSTMWeightPositions: Set<Int> = [1, 2, 3, 4, 5, 6, 7, 8, 16]

  /// `LSTMOptions.asymmetric_quantize_inputs`.
  private static let builtinLSTMAsymmetricSlot = 4

  /// Checks the operator's sparse operands (tensors with `sparsity`): only a builtin hybrid
  /// `LSTM` (float32 input, int8 weights) whose `input_to_output_weights` are sparse reads
  /// sparse weights, and the lowering densifies them only where that kernel's sparse path
  /// (`lstm.cc`'s ledgers) computes the products of the weights they stand for — or, for
  /// recurrent weights, those products at the input's scale, which the lowering reproduces:
  /// symmetric input quantization, a projection, weights sparse in rows of 1×16 blocks. Every
  /// other kernel reads a sparse tensor as a dense array, past the end of its stored values.
  ///
  /// - Throws: ``RecurrentStateRefusal/sparseOperand(role:tensor:operatorName:)`` or
  ///   ``RecurrentStateRefusal/sparseLSTMWeights(role:tensor:limitation:)`` for the first
  ///   operand that decides it.
  func checkSparseOperands(_ op: OperatorInfo, code: OperatorCode) throws(RecurrentStateRefusal) {
    let sparse = op.inputs.enumerated().filter {
      tensors.indices.contains($0.element) && tensors[$0.element].hasSparsity
    }
    guard !sparse.isEmpty else { return }
    let builtin = code.isCustom ? BuiltinOperator.custom : code.builtinOperator
    let readsSparse =
      builtin == .lstm && op.inputs.count > 4 && tensors.indices.contains(op.inputs[0])
      && tensors[op.inputs[0]].type == .float32 && tensors.indices.contains(op.inputs[4])
      && tensors[op.inputs[4]].type == .int8 && tensors[op.inputs[4]].hasSparsity
    for (position, tensor) in sparse where !readsSparse || !Self.sparseLSTMWeightPositions.contains(position) {
      throw .sparseOperand(
        role: Self.role(of: position, in: builtin), tensor: tensors[tensor].name, operatorName: code.name)
    }
    let outputWeights = tensors[op.inputs[4]]
    if byte(options(of: op), slot: Self.builtinLSTMAsymmetricSlot) != 0 {
      throw .sparseLSTMWeights(
        role: "input_to_output_weights", tensor: outputWeights.name, limitation: .asymmetricInputs)
    }
    if optional(op, input: 16) == nil {
      throw .sparseLSTMWeights(role: "input_to_output_weights", tensor: outputWeights.name, limitation: .noProjection)
    }
    for (position, tensor) in sparse {
      let role = Self.role(of: position, in: builtin)
      let weights = tensors[tensor]
      if let limitation = weights.sparsity?.ledgerLimitation {
        throw .sparseLSTMWeights(role: role, tensor: weights.name, limitation: limitation)
      }
    }
  }

  /// The kernel's name for input `position` of a recurrent operator (`input_to_forget_weights`,
  /// `fw_bias`, …), or `input <position>`.
  static func role(of position: Int, in builtin: BuiltinOperator) -> String {
    let lstm = [
      "input", "input_to_input_weights", "input_to_forget_weights", "input_to_cell_weights",
      "input_to_output_weights", "recurrent_to_input_weights", "recurrent_to_forget_weights",
      "recurrent_to_cell_weights", "recurrent_to_output_weights", "cell_to_input_weights", "cell_to_forget_weights",
      "cell_to_output_weights", "input_gate_bias", "forget_gate_bias", "cell_gate_bias", "output_gate_bias",
      "projection_weights", "projection_bias", "output_state", "cell_state", "input_layer_norm_coefficients",
      "forget_layer_norm_coefficients", "cell_layer_norm_coefficients", "output_layer_norm_coefficients",
    ]
    let gates = ["input", "forget", "cell", "output"]
    let roles: [String] =
      switch builtin {
      case .lstm, .unidirectionalSequenceLSTM: lstm
      case .bidirectionalSequenceLSTM:
        ["input"] + lstm[1...17].map { "fw_" + $0 } + lstm[1...17].map { "bw_" + $0 }
          + ["fw_output_state", "fw_cell_state", "bw_output_state", "bw_cell_state", "aux_input"]
          + gates.map { "fw_aux_input_to_\($0)_weights" } + gates.map { "bw_aux_input_to_\($0)_weights" }
      case .unidirectionalSequenceRNN: ["input", "input_weights", "recurrent_weights", "bias", "hidden_state"]
      case .bidirectionalSequenceRNN:
        [
          "input", "fw_input_weights", "fw_recurrent_weights", "fw_bias", "fw_hidden_state", "bw_input_weights",
          "bw_recurrent_weights", "bw_bias", "bw_hidden_state", "aux_input", "fw_aux_input_weights",
          "bw_aux_input_weights",
        ]
      case .svdf: ["input", "weights_feature", "weights_time", "bias", "activation_state"]
      default: []
      }
    return roles.indices.contains(position) ? roles[position] : "input \(position)"
  }
}

extension SparsityParameters {
  /// Why `lstm.cc`'s ledger does not describe these 2-D weights, or nil when it does: rows
  /// dense, columns sparse in 1×16 blocks, at most 255 blocks a row and block indices up to
  /// 255 (its ledger holds each in a byte).
  var ledgerLimitation: SparseLSTMLimitation? {
    guard traversalOrder == [0, 1, 2], blockMap == [1], let levels = dimensions, levels.count == 3,
      levels[0].format == 0, levels[1].format == 1, levels[2].format == 0, levels[2].denseSize == 16,
      let segments = levels[1].segments, let indices = levels[1].indices
    else { return .blockLayout }
    let rowOverflows = zip(segments, segments.dropFirst()).contains { $1 &- $0 > 255 }
    guard !rowOverflows, indices.allSatisfy({ $0 <= 255 }) else { return .ledgerOverflow }
    return nil
  }
}
