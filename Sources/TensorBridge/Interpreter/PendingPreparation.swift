import TFLiteFormat

/// A model LiteRT cannot prepare at the sizes its file stores for dynamic inputs (each `-1`
/// stored as 1, which some kernels cannot take: a mel spectrogram's convolution over one audio
/// sample, XNNPACK reshaping it). Python's interpreter loads such a model and prepares it only
/// at `allocate_tensors()`, after `resize_tensor_input`; ``Interpreter`` likewise keeps it
/// waiting for the sizes ``Interpreter/resizeInput(at:to:)`` gives, then compiles it at those.
struct PendingPreparation {
  /// Why LiteRT could not prepare the model at the stored sizes, or at the last sizes given.
  var failure: InterpreterError
  /// The sizes given so far, by main-subgraph input position.
  var sizes: [Int: [Int]] = [:]
  /// The sizes `failure` is LiteRT's answer to, once a compile at given sizes failed: compiling
  /// again at the same sizes would fail the same way.
  var failedSizes: [Int: [Int]]?

  /// Whether `failure` is LiteRT failing to prepare a model that has dynamic inputs, which other
  /// sizes may fix. Every other load failure stays an error of the initializer.
  static func applies(to failure: InterpreterError, model: TFLiteModel) -> Bool {
    isPreparationFailure(failure) && !dynamicInputs(of: model).isEmpty
  }

  /// Whether `failure` is LiteRT failing to prepare operators (at the sizes tensors have).
  static func isPreparationFailure(_ failure: InterpreterError) -> Bool {
    switch failure {
    case .compilationFailed, .operatorFailed(_, _, .compile, _, _): return true
    default: return false
    }
  }

  /// The main subgraph's inputs with a dynamic dimension (but those at positions `excluded`),
  /// each as `'name' [declared shape]`.
  static func dynamicInputs(of model: TFLiteModel, excluding excluded: Set<Int> = []) -> [String] {
    guard let main = model.subgraphs.first else { return [] }
    return main.inputs.enumerated().compactMap { position, index in
      guard !excluded.contains(position), main.tensors.indices.contains(index),
        let signature = main.tensors[index].shapeSignature, signature.contains(where: { $0 < 0 })
      else { return nil }
      return "'\(main.tensors[index].name)' \(Tensor.Shape(signature))"
    }
  }

  /// The error for reading, writing or running now: the dynamic inputs still without a size,
  /// or, once every one has a size, LiteRT's failure at those sizes.
  func sizesRequired(by model: TFLiteModel) -> InterpreterError {
    let unsized = Self.dynamicInputs(of: model, excluding: Set(sizes.keys))
    return unsized.isEmpty ? failure : .inputSizesRequired(dynamicInputs: unsized, reason: failure.description)
  }
}

/// The model's main-subgraph inputs and outputs read from the file, for what ``Interpreter``
/// answers before LiteRT has compiled the model (see ``PendingPreparation``).
struct DeclaredInterface {
  let model: TFLiteModel

  private var main: Subgraph? { model.subgraphs.first }
  /// The signature whose subgraph is the main one, as LiteRT picks it.
  private var mainSignature: SignatureDef? { model.signatures.first { $0.subgraphIndex == 0 } }

  var inputCount: Int { main?.inputs.count ?? 0 }
  var outputCount: Int { main?.outputs.count ?? 0 }
  var signatureKeys: [String] {
    model.signatures.isEmpty ? ["<placeholder signature>"] : model.signatures.map(\.key)
  }

  func index(named name: String, role: TensorRole) -> Int? {
    let tensors = self.tensors(role)
    return tensors.firstIndex { main?.tensors[$0].name == name }
      ?? tensors.firstIndex { signatureName(ofTensor: $0, role: role) == name }
  }

  func signatureName(at index: Int, role: TensorRole) -> String? {
    let tensors = self.tensors(role)
    guard tensors.indices.contains(index) else { return nil }
    return signatureName(ofTensor: tensors[index], role: role)
  }

  /// The input or output position's tensor name, for errors.
  func tensorName(at index: Int, role: TensorRole) -> String {
    let tensors = self.tensors(role)
    guard tensors.indices.contains(index), let main, main.tensors.indices.contains(tensors[index]) else {
      return "\(role.rawValue) \(index)"
    }
    return main.tensors[tensors[index]].name
  }

  private func tensors(_ role: TensorRole) -> [Int] {
    let indices = role == .input ? main?.inputs ?? [] : main?.outputs ?? []
    return indices.filter { main?.tensors.indices.contains($0) == true }
  }

  private func signatureName(ofTensor tensor: Int, role: TensorRole) -> String? {
    let entries = role == .input ? mainSignature?.inputs ?? [] : mainSignature?.outputs ?? []
    return entries.first { $0.tensorIndex == tensor }?.name
  }
}
