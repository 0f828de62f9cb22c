/// Reads and checks the operands of one fused recurrent operator for its lowering plan: each
/// check either returns what the plan needs or throws the refusal naming the operand.
struct OperandReader {
  let model: TFLiteModel
  let subgraphIndex: Int
  let reader: FlatBufferReader
  /// Put in front of every role a refusal names: `fw_` and `bw_` for the two directions of a
  /// bidirectional operator, whose operands the kernel names so.
  var rolePrefix = ""
  /// How often each tensor appears among the subgraph's operator inputs and outputs and its
  /// own inputs and outputs.
  let uses: [Int: Int]
  /// Whether sequences the file gives a fixed number of steps are lowered as loops too, so
  /// that the lowered model takes another number (see ``RecurrentStepAxis``).
  let loopsOverFixedSteps: Bool

  init(model: TFLiteModel, subgraphIndex: Int, reader: FlatBufferReader, loopsOverFixedSteps: Bool = false) {
    self.model = model
    self.subgraphIndex = subgraphIndex
    self.reader = reader
    self.loopsOverFixedSteps = loopsOverFixedSteps
    let subgraph = model.subgraphs[subgraphIndex]
    var uses: [Int: Int] = [:]
    for index in subgraph.inputs + subgraph.outputs + subgraph.operators.flatMap({ $0.inputs + $0.outputs })
    where index >= 0 {
      uses[index, default: 0] += 1
    }
    self.uses = uses
  }

  var tensors: [TensorInfo] { model.subgraphs[subgraphIndex].tensors }

  /// This reader, naming roles with `prefix` in front (see ``rolePrefix``).
  func prefixingRoles(_ prefix: String) -> OperandReader {
    var reader = self
    reader.rolePrefix = prefix
    return reader
  }

  /// The tensor at input `position` of `op`, or nil when omitted.
  func optional(_ op: OperatorInfo, input position: Int) -> Int? { optional(op.inputs, input: position) }

  /// The tensor at `position` of the operand list `inputs`, or nil when omitted.
  func optional(_ inputs: [Int], input position: Int) -> Int? {
    guard position < inputs.count, inputs[position] >= 0 else { return nil }
    return inputs[position]
  }

  /// The tensor at input `position` of `op`, which must be given.
  func required(_ op: OperatorInfo, input position: Int, role: String) throws(RecurrentStateRefusal) -> Int {
    try required(op.inputs, input: position, role: role)
  }

  /// The tensor at `position` of the operand list `inputs`, which must be given.
  func required(_ inputs: [Int], input position: Int, role: String) throws(RecurrentStateRefusal) -> Int {
    guard let index = optional(inputs, input: position) else { throw .missingOperand(role: rolePrefix + role) }
    return index
  }

  /// An LSTM without projection weights: no projection bias either, and the output as wide as
  /// the cells (the recurrent weights `recurrentOutput` square).
  func checkUnprojected(bias: Int?, outputSize: Int, cells: Int, recurrentOutput: Int, recurrentShape: [Int])
    throws(RecurrentStateRefusal)
  {
    guard bias == nil else {
      throw .inconsistentOperands("projection_bias is given without projection_weights")
    }
    guard outputSize == cells else {
      throw .unexpectedShape(
        role: "recurrent_to_output_weights", tensor: tensors[recurrentOutput].name,
        expected: [cells, cells], actual: recurrentShape)
    }
  }

  /// Checks that `index` is float32 of shape `shape`; returns its shape.
  ///
  /// The shape is the tensor's current one: a dimension its signature leaves dynamic (`-1`)
  /// is taken at that size, as TensorFlow Lite's kernels take it — the state and weights fix
  /// every dimension of a recurrent operator's operands but the sequence length (see
  /// ``RecurrentStateLowering/fixedDimensions``).
  @discardableResult
  func float(_ index: Int, role: String, shape expected: [Int]? = nil) throws(RecurrentStateRefusal) -> [Int] {
    try typed(index, role: role, type: .float32, shape: expected)
  }

  /// Checks that `index` is of `type` and of shape `shape` (its current shape, as in
  /// ``float(_:role:shape:)``); returns its shape.
  @discardableResult
  func typed(_ index: Int, role: String, type: TensorType, shape expected: [Int]? = nil)
    throws(RecurrentStateRefusal) -> [Int]
  {
    let tensor = tensors[index]
    guard tensor.type == type else {
      throw .unsupportedType(role: rolePrefix + role, tensor: tensor.name, type: tensor.type)
    }
    if let expected, tensor.shape != expected {
      throw .unexpectedShape(role: rolePrefix + role, tensor: tensor.name, expected: expected, actual: tensor.shape)
    }
    return tensor.shape
  }

  /// Checks that `index` is a float32 constant of shape `shape`; returns its bytes.
  func constant(_ index: Int, role: String, shape: [Int]) throws(RecurrentStateRefusal) -> [UInt8] {
    try float(index, role: role, shape: shape)
    guard let data = model.constantData(subgraph: subgraphIndex, tensor: index) else {
      throw .notConstant(role: rolePrefix + role, tensor: tensors[index].name)
    }
    return [UInt8](data)
  }

  /// Checks that `index` is an int8 constant of shape `shape` quantized the way the hybrid
  /// kernels read it: one scale (per tensor) and zero point 0 — or weights whose legacy scale
  /// Python's interpreter sets to 0 (see ``dropsOut(_:)``), used by this operator alone.
  func hybridWeights(_ index: Int, role: String, shape expected: [Int]) throws(RecurrentStateRefusal) {
    let tensor = tensors[index]
    guard tensor.type == .int8 else {
      throw .unsupportedType(role: rolePrefix + role, tensor: tensor.name, type: tensor.type)
    }
    if let signature = tensor.shapeSignature, signature.contains(where: { $0 < 0 }) {
      throw .dynamicShape(role: rolePrefix + role, tensor: tensor.name, shapeSignature: signature)
    }
    guard tensor.shape == expected else {
      throw .unexpectedShape(role: rolePrefix + role, tensor: tensor.name, expected: expected, actual: tensor.shape)
    }
    guard model.constantData(subgraph: subgraphIndex, tensor: index) != nil else {
      throw .notConstant(role: rolePrefix + role, tensor: tensor.name)
    }
    let scales = tensor.quantization?.scales.count ?? 0
    guard let quantization = tensor.quantization, quantization.details == nil, scales > 0 else {
      throw .unsupportedQuantization(role: rolePrefix + role, tensor: tensor.name, scales: scales)
    }
    if Self.dropsOut(tensor) {
      // The rewriter hands the lowering zero weights in its place, which it may not do to a
      // tensor another operator reads too.
      guard uses[index] == 1 else {
        throw .unsupportedQuantization(role: rolePrefix + role, tensor: tensor.name, scales: scales)
      }
      return
    }
    guard quantization.zeroPoints == [0] else {
      throw .unsupportedQuantization(role: rolePrefix + role, tensor: tensor.name, scales: scales)
    }
  }

  /// Whether a hybrid kernel's int8 weights drop out of its products in Python: TensorFlow
  /// Lite's hybrid LSTM, RNN and SVDF kernels read a weight's scale from its legacy per-tensor
  /// `params`, which the classic interpreter sets to 0 unless the tensor has exactly one scale
  /// and one zero point (weights quantized per channel), so every product with them is 0.
  static func dropsOut(_ tensor: TensorInfo) -> Bool {
    guard tensor.type == .int8, let quantization = tensor.quantization, quantization.details == nil else {
      return false
    }
    return quantization.scales.count != 1 || quantization.zeroPoints.count != 1
  }

  /// Checks ``hybridWeights(_:role:shape:)`` and returns the weights as the hybrid kernel
  /// recovers them: each `Float(q) × scale`.
  func dequantizedHybridWeights(_ index: Int, role: String, shape: [Int]) throws(RecurrentStateRefusal) -> [Float] {
    try hybridWeights(index, role: role, shape: shape)
    guard let data = model.constantData(subgraph: subgraphIndex, tensor: index),
      let scale = tensors[index].quantization?.scales.first
    else { throw .notConstant(role: rolePrefix + role, tensor: tensors[index].name) }
    // Scaled by 0 in Python (see `dropsOut`).
    if Self.dropsOut(tensors[index]) { return [Float](repeating: 0, count: data.count) }
    return data.map { Float(Int8(bitPattern: $0)) * scale }
  }

  /// Checks that `index` is a state the lowering can move into a resource variable: a float32
  /// variable tensor of shape `shape`, used by nothing but its operator. (It has no initial
  /// data: the verifier rejects variable tensors with constant data, so zeros it is.)
  func state(_ index: Int, role: String, shape: [Int], anyShapeOfItsSize: Bool = false) throws(RecurrentStateRefusal) {
    try checkedState(index, role: role, type: .float32, shape: shape, anyShapeOfItsSize: anyShapeOfItsSize)
  }

  /// Checks that `index` is a variable tensor of `type` and `shape` that only this operator
  /// uses. With `anyShapeOfItsSize` (the LSTM kernels, whose `Prepare` checks only
  /// `NumElements` of their states: "These tensor may be 1D or 2D") any shape of as many elements
  /// passes; the lowering then gives the tensor `shape` (see `RecurrentPlan.states`).
  func checkedState(_ index: Int, role: String, type: TensorType, shape: [Int], anyShapeOfItsSize: Bool)
    throws(RecurrentStateRefusal)
  {
    let tensor = tensors[index]
    guard tensor.isVariable else { throw .stateNotVariable(role: rolePrefix + role, tensor: tensor.name) }
    let sameSize = anyShapeOfItsSize && tensor.shape.reduce(1, *) == shape.reduce(1, *)
    try typed(index, role: role, type: type, shape: sameSize ? nil : shape)
    guard uses[index] == 1 else { throw .stateShared(role: rolePrefix + role, tensor: tensor.name) }
  }

  // MARK: Options

  /// The operator's builtin options table, when it has one.
  func options(of op: OperatorInfo) -> FBTable? { op.builtinOptionsTable }

  /// A one-byte options field (an enum or a bool), or its default (0 unless the schema says
  /// otherwise). The verifier already read every options table, so a read cannot fail here;
  /// if it did, the default stands.
  func byte(_ table: FBTable?, slot: Int, default value: Int8 = 0) -> Int8 {
    guard let table else { return value }
    return (try? reader.scalar(table, slot: slot, default: value, "builtin_options")) ?? value
  }

  /// A 32-bit integer options field, or 0.
  func int32(_ table: FBTable?, slot: Int) -> Int32 {
    guard let table else { return 0 }
    return (try? reader.scalar(table, slot: slot, default: Int32(0), "builtin_options")) ?? 0
  }

  /// A float options field, or 0.
  func float(_ table: FBTable?, slot: Int) -> Float {
    guard let table else { return 0 }
    return Float(bitPattern: (try? reader.scalar(table, slot: slot, default: UInt32(0), "builtin_options")) ?? 0)
  }
}
