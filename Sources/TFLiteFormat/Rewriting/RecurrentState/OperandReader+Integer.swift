/// The checks of a fully quantized operator's operands (see ``IntegerLSTMPlan``).
extension OperandReader {
  /// A tensor's per-tensor quantization as TensorFlow Lite's kernels read it (`params`): one
  /// scale and one zero point.
  struct TensorQuantization {
    let scale: Float
    let zeroPoint: Int32
  }

  /// Checks that `index` is a constant of `type` and shape `shape`; returns its bytes.
  func integerConstant(_ index: Int, role: String, type: TensorType, shape: [Int]) throws(RecurrentStateRefusal)
    -> [UInt8]
  {
    try typed(index, role: role, type: type, shape: shape)
    guard let data = model.constantData(subgraph: subgraphIndex, tensor: index) else {
      throw .notConstant(role: rolePrefix + role, tensor: tensors[index].name)
    }
    return [UInt8](data)
  }

  /// The per-tensor scale and zero point of `index`, which must have exactly one of each (the
  /// kernel reads no other scheme).
  func quantization(_ index: Int, role: String) throws(RecurrentStateRefusal) -> TensorQuantization {
    // An intermediate may be omitted (-1).
    guard tensors.indices.contains(index) else { throw .missingOperand(role: rolePrefix + role) }
    let tensor = tensors[index]
    guard let quantization = tensor.quantization, quantization.details == nil, quantization.scales.count == 1,
      quantization.zeroPoints.count == 1, quantization.scales[0] > 0, quantization.scales[0].isFinite,
      let zeroPoint = Int32(exactly: quantization.zeroPoints[0])
    else {
      throw .unsupportedIntegerQuantization(
        role: rolePrefix + role, tensor: tensor.name, scales: tensor.quantization?.scales.count ?? 0)
    }
    return TensorQuantization(scale: quantization.scales[0], zeroPoint: zeroPoint)
  }

  /// The first scale and zero point of tensor `index`, which is what a kernel reading
  /// `params->scale->data[0]` and `params->zero_point->data[0]` of its affine quantization sees
  /// (an integer LSTM's intermediates, the integer SVDF's input, state and output), however many
  /// it has. Refused without any (the kernel would dereference a null pointer) or with a scale
  /// that is not positive and finite.
  func firstQuantization(_ index: Int, role: String) throws(RecurrentStateRefusal) -> TensorQuantization {
    guard tensors.indices.contains(index) else { throw .missingOperand(role: rolePrefix + role) }
    let tensor = tensors[index]
    guard let quantization = tensor.quantization, quantization.details == nil,
      let scale = quantization.scales.first, let first = quantization.zeroPoints.first, scale > 0, scale.isFinite,
      let zeroPoint = Int32(exactly: first)
    else {
      throw .unsupportedIntegerQuantization(
        role: rolePrefix + role, tensor: tensor.name, scales: tensor.quantization?.scales.count ?? 0)
    }
    return TensorQuantization(scale: scale, zeroPoint: zeroPoint)
  }

  /// The scale and zero point TensorFlow Lite's classic interpreter hands a kernel in tensor
  /// `index`'s legacy per-tensor `params` (`GetLegacyQuantization`), which an integer LSTM reads
  /// for its input and output state: the tensor's own with one scale and one zero point
  /// (checked as ``quantization(_:role:)`` checks them), else 0 and 0.
  func legacyQuantization(_ index: Int, role: String) throws(RecurrentStateRefusal) -> TensorQuantization {
    if let quantization = tensors[index].quantization, quantization.details == nil,
      quantization.scales.count > 1 || quantization.zeroPoints.count > 1
    {
      return TensorQuantization(scale: 0, zeroPoint: 0)
    }
    return try quantization(index, role: role)
  }

  /// The scale TensorFlow Lite's classic interpreter hands a kernel in a tensor's legacy
  /// `params` (`GetLegacyQuantization`): the scale when the tensor has exactly one scale and one
  /// zero point, else 0. An integer LSTM reads its weights' scales there, so in Python the
  /// products of per-channel weights are rescaled by 0 and drop out; the lowering reproduces
  /// that (the weights' own zero points are not read either: the kernel takes them as 0).
  func legacyScale(_ index: Int, role: String) throws(RecurrentStateRefusal) -> Float {
    let tensor = tensors[index]
    guard let quantization = tensor.quantization, quantization.details == nil, !quantization.scales.isEmpty else {
      throw .unsupportedIntegerQuantization(role: rolePrefix + role, tensor: tensor.name, scales: 0)
    }
    guard quantization.scales.count == 1, quantization.zeroPoints.count == 1 else { return 0 }
    let scale = quantization.scales[0]
    guard scale > 0, scale.isFinite else {
      throw .unsupportedIntegerQuantization(role: rolePrefix + role, tensor: tensor.name, scales: 1)
    }
    return scale
  }

  /// The first scale of `index`, however many it has (per-channel weights have one a row): what
  /// TensorFlow Lite's integer SVDF reads of its weights (`scale->data[0]` of their affine
  /// quantization; their zero points it does not read).
  func firstScale(_ index: Int, role: String) throws(RecurrentStateRefusal) -> Float {
    let tensor = tensors[index]
    guard let quantization = tensor.quantization, quantization.details == nil, let scale = quantization.scales.first,
      scale > 0, scale.isFinite
    else {
      throw .unsupportedIntegerQuantization(
        role: rolePrefix + role, tensor: tensor.name, scales: tensor.quantization?.scales.count ?? 0)
    }
    return scale
  }

  /// Checks that `index` is a state the lowering can move into a resource variable: a variable
  /// tensor of `type` and shape `shape`, used by nothing but its operator.
  func integerState(_ index: Int, role: String, type: TensorType, shape: [Int], anyShapeOfItsSize: Bool = false)
    throws(RecurrentStateRefusal)
  {
    try checkedState(index, role: role, type: type, shape: shape, anyShapeOfItsSize: anyShapeOfItsSize)
  }
}

extension OperandReader {
  /// Whether tensor `index` exists and is int8.
  func isInt8(_ index: Int) -> Bool { tensors.indices.contains(index) && tensors[index].type == .int8 }
}
