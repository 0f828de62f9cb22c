/// Why TensorBridge cannot lower one fused recurrent operator to builtin operators (see
/// ``TFLiteModel/loweringRecurrentState(loopingOverFixedSteps:)``), with the operand and values that decided it.
///
/// `role` names an operand the way TensorFlow Lite's kernels do (`input`,
/// `input_to_forget_weights`, `output_state`, …); `tensor` is its tensor's name.
public enum RecurrentStateRefusal: Error, Sendable, Hashable, CustomStringConvertible {
  /// Only the unidirectional and bidirectional `SEQUENCE_LSTM` and `SEQUENCE_RNN`, the builtin
  /// `LSTM` and `SVDF` are lowered.
  case operatorNotLowered(name: String)
  /// The operator has a number of inputs or outputs its kernel does not take.
  case operandCount(role: String, count: Int, expected: [Int])
  /// A required operand is omitted (`-1`).
  case missingOperand(role: String)
  /// An operand has an element type the lowering does not handle (it lowers float32
  /// operators, LSTMs, RNNs and SVDFs whose weights are int8 over float32 activations — the
  /// hybrid kernels — and the fully quantized unidirectional LSTM and SVDF with int8 input, whose
  /// other operands must then have the types TensorFlow Lite's integer kernels read them as).
  case unsupportedType(role: String, tensor: String, type: TensorType)
  /// An int8 weight of a hybrid operator has one scale but a nonzero zero point, or no
  /// quantization, or is quantized per channel while another operator reads it too (`scales` is
  /// how many scales it has). (Weights quantized per channel that this operator alone reads are
  /// lowered: TensorFlow Lite's classic interpreter hands the kernel a scale of 0 for them, so
  /// their products drop out, and the lowering puts zeros in their place.)
  case unsupportedQuantization(role: String, tensor: String, scales: Int)
  /// A weight or bias is computed rather than constant.
  case notConstant(role: String, tensor: String)
  /// A weight's shape signature is dynamic, or a bidirectional operator's auxiliary input has a
  /// fixed sequence length where the input's is dynamic. (Dynamic dimensions of the data input are taken at
  /// the file's size where the state and weights fix them, as TensorFlow Lite's kernels do,
  /// and the sequence length becomes a loop: see ``RecurrentFixedDimension``.)
  case dynamicShape(role: String, tensor: String, shapeSignature: [Int])
  /// An operand's shape does not fit the others (TensorFlow Lite would fail to prepare it too).
  case unexpectedShape(role: String, tensor: String, expected: [Int], actual: [Int])
  /// An operand has a rank the kernel does not take.
  case unexpectedRank(role: String, tensor: String, rank: Int, expected: Int)
  /// Optional operands are given for some gates but not all (CIFG, peephole, layer norm,
  /// projection must be all or none).
  case inconsistentOperands(String)
  /// Rank-1 (diagonal) recurrent weights `tensor` that the kernel reads other than as the
  /// product `h ⊙ w` the lowering writes, for `reason` (int8 diagonals, which the hybrid kernel
  /// reads as float32; an output state the kernel strides by the cell count).
  case diagonalRecurrentWeights(tensor: String, reason: String)
  /// The fused activation is not one of the schema's (NONE, RELU, RELU_N1_TO_1, RELU6, TANH,
  /// SIGN_BIT).
  case unsupportedActivation(rawValue: Int8)
  /// A state operand is not a variable tensor while another one is.
  case stateNotVariable(role: String, tensor: String)
  /// A state variable is also used elsewhere (by another operator, or as a subgraph input or
  /// output), so moving it into a resource variable would change what those see.
  case stateShared(role: String, tensor: String)
  /// An integer LSTM has another number of intermediate tensors than its kernel reads: 5 (the
  /// "8x8_16" form), or 12 for the builtin `LSTM`'s "8x8_8" form (`UNIDIRECTIONAL_SEQUENCE_LSTM`'s
  /// kernel takes only 5). (The float32 and hybrid kernels ignore intermediates, as TensorFlow
  /// Lite's do.)
  case intermediates(count: Int)
  /// A builtin `LSTM` in the integer "8x8_8" form (12 intermediates) lacks an operand its
  /// kernel reads whatever the file says (`role`: a forget, cell or output gate's layer-norm
  /// coefficients, the projection weights or the projection bias): TensorFlow Lite's
  /// `EvalInteger8x8_8` always applies layer norm and the projection and dereferences a null
  /// pointer without them, so Python crashes on the first invoke.
  case integerLSTM8x8_8MissingOperand(role: String)
  /// A tensor of an integer LSTM or SVDF does not have the one scale and one zero point
  /// TensorBridge's integer kernels read (`scales` is how many scales it has).
  case unsupportedIntegerQuantization(role: String, tensor: String, scales: Int)
  /// An integer LSTM's cell state scale is not a power of two, or (with CIFG) outside 2⁻¹⁵ to
  /// 2⁻⁹: TensorFlow Lite's tanh of the cell state takes 0 to 6 integer bits and otherwise
  /// leaves its output buffer as it was, which with CIFG holds nothing a step wrote. The
  /// builtin `LSTM`'s kernel refuses any scale above 2⁻⁹, and in its "8x8_8" form any other
  /// than 2⁻¹⁵.
  case cellStateScale(tensor: String, scale: Float)
  /// A fully quantized SVDF's fused activation is not `RELU`: TensorFlow Lite's integer SVDF
  /// kernel takes no other (and does not apply it), so Python fails on its first invoke.
  case integerSVDFActivation(rawValue: Int8)
  /// The sequence is longer than the lowering unrolls.
  case tooManySteps(steps: Int, limit: Int)
  /// A `BIDIRECTIONAL_SEQUENCE_RNN` of dynamic sequence length whose kernel reads its auxiliary
  /// input (`aux_input`) at other offsets than the tensor's own layout (its time-major and
  /// hybrid paths stride it by the input's width): the lowering gathers those rows only over a
  /// fixed sequence length.
  case auxiliaryInput(role: String, tensor: String)
  /// A `BIDIRECTIONAL_SEQUENCE_RNN`'s kernel would read its auxiliary input past its end
  /// (`read` values of `elements`: its time-major and hybrid paths stride it by the input's
  /// width, which is wider), so Python's result depends on other memory.
  case auxiliaryInputOutOfBounds(tensor: String, elements: Int, read: Int)
  /// An operand is stored sparse (its tensor has `sparsity`), and the operator's kernel reads it
  /// as a dense array all the same: of TensorFlow Lite's recurrent kernels only the builtin
  /// `LSTM`'s hybrid path reads sparse weights (and only when its `input_to_output_weights` are
  /// sparse); every other one reads past the end of the values the tensor stores, so Python's
  /// result depends on memory outside the tensor.
  case sparseOperand(role: String, tensor: String, operatorName: String)
  /// A builtin hybrid `LSTM`'s sparse weights in a form its sparse path (`lstm.cc`'s ledgers)
  /// computes something else with than the weights they stand for (see ``SparseLSTMLimitation``).
  /// (Sparse 1×16-block weights of a symmetric hybrid `LSTM` with a projection are lowered,
  /// densified: the sparse path computes the same products, the recurrent ones at the input's
  /// scale, as the lowering does too.)
  case sparseLSTMWeights(role: String, tensor: String, limitation: SparseLSTMLimitation)

  public var description: String {
    switch self {
    case .operatorNotLowered(let name):
      return
        "TensorBridge lowers only UNIDIRECTIONAL_ and BIDIRECTIONAL_SEQUENCE_LSTM and _SEQUENCE_RNN, LSTM and SVDF, not \(name)"
    case .operandCount(let role, let count, let expected):
      return "it has \(count) \(role), its kernel takes \(expected.map(String.init).joined(separator: " or "))"
    case .missingOperand(let role):
      return "its required operand \(role) is omitted"
    case .unsupportedType(let role, let tensor, let type):
      return
        "its \(role) '\(tensor)' is \(type.name); TensorBridge lowers float32 operators, LSTMs, RNNs and SVDFs with int8 weights, and the integer unidirectional LSTM and SVDF (of the types their kernels read)"
    case .unsupportedQuantization(let role, let tensor, let scales):
      return
        "its \(role) '\(tensor)' has \(scales) scales or a nonzero zero point; the hybrid LSTM takes one scale and zero point 0"
    case .notConstant(let role, let tensor):
      return "its \(role) '\(tensor)' is not a constant"
    case .dynamicShape(let role, let tensor, let signature):
      return
        "its \(role) '\(tensor)' has the dynamic shape \(signature); a weight's shape must be fixed, an auxiliary input's sequence length dynamic with the input's"
    case .unexpectedShape(let role, let tensor, let expected, let actual):
      return "its \(role) '\(tensor)' has shape \(actual), expected \(expected)"
    case .unexpectedRank(let role, let tensor, let rank, let expected):
      return "its \(role) '\(tensor)' has rank \(rank), expected \(expected)"
    case .inconsistentOperands(let what):
      return "its operands are inconsistent: \(what)"
    case .diagonalRecurrentWeights(let tensor, let reason):
      return "its diagonal (rank 1) recurrent weights '\(tensor)' are not lowered: \(reason)"
    case .unsupportedActivation(let rawValue):
      return "its fused activation \(rawValue) has no builtin operator TensorBridge lowers it to"
    case .stateNotVariable(let role, let tensor):
      return "its \(role) '\(tensor)' is not a variable tensor while its other state is"
    case .stateShared(let role, let tensor):
      return "its state \(role) '\(tensor)' is also used outside the operator"
    case .intermediates(let count):
      return
        "it has \(count) intermediate tensors; TensorBridge lowers the integer \"8x8_16\" LSTM (int8 input) with its kernel's 5, and the builtin LSTM's \"8x8_8\" form with 12"
    case .integerLSTM8x8_8MissingOperand(let role):
      return
        "its \(role) is omitted; TensorFlow Lite's integer \"8x8_8\" LSTM kernel always applies layer norm and the projection with its bias, and Python crashes without them"
    case .unsupportedIntegerQuantization(let role, let tensor, let scales):
      return
        "its \(role) '\(tensor)' has \(scales) scales or not one zero point; TensorBridge's integer LSTM and SVDF kernels read one scale and one zero point"
    case .cellStateScale(let tensor, let scale):
      return
        "its cell state '\(tensor)' has the scale \(scale); the integer LSTM kernel takes a power of two, from 2^-15 to 2^-9 with CIFG (outside it TensorFlow Lite's result depends on uninitialized memory), at most 2^-9 in the builtin LSTM, exactly 2^-15 in its \"8x8_8\" form"
    case .integerSVDFActivation(let rawValue):
      return
        "its fused activation is \(rawValue); TensorFlow Lite's integer SVDF kernel runs only with RELU (1), and Python fails to invoke it otherwise"
    case .tooManySteps(let steps, let limit):
      return "its sequence has \(steps) steps; TensorBridge unrolls at most \(limit)"
    case .auxiliaryInput(let role, let tensor):
      return
        "its kernel reads its \(role) '\(tensor)' strided by the input's width, which TensorBridge lowers only over a fixed sequence length"
    case .auxiliaryInputOutOfBounds(let tensor, let elements, let read):
      return
        "its kernel would read \(read) values of its aux_input '\(tensor)', which holds \(elements) (it strides it by the input's width)"
    case .sparseOperand(let role, let tensor, let operatorName):
      return
        "its \(role) '\(tensor)' is stored sparse, but TensorFlow Lite's \(operatorName) kernel reads it as dense, past the end of its stored values (Python's result depends on other memory)"
    case .sparseLSTMWeights(let role, let tensor, let limitation):
      return "its \(role) '\(tensor)' is stored sparse, and \(limitation)"
    }
  }
}
