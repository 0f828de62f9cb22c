import TensorBridge
import TensorBridgeModels

/// Encoded text is a `ModelInput`: each text layer it is given gets its sequence by the
/// layer's role (`ids`, `mask`, `segment_ids`), so one value fills a BERT model's three inputs.
///
/// ```swift
/// let encoded = try textModel.encode("What a wonderful day!")
/// let outputs = try textModel.model.run(on: encoded)
/// ```
extension EncodedText: ModelInput {
  /// One encoded text fills every text layer.
  public var fillsEveryInputLayer: Bool { true }

  /// Writes the sequence each layer's role selects (resizing a dynamic length to it).
  ///
  /// - Throws: `ModelError/input(layer:_:)` holding the ``TextError``: a layer that is not a
  ///   text layer, a tensor that is not a sequence of the text's length, an id its element type
  ///   cannot hold; `ModelError/interpreter(_:)` when the interpreter fails.
  public func write(into model: Model, inputs: [Model.BoundInput]) throws(ModelError) {
    for input in inputs {
      guard input.layer.kind == .text, let role = input.layer.text?.role else {
        throw .input(layer: input.layer.name, ModelInputFailure(TextError.nonTextInput(layer: input.layer.name)))
      }
      let values: [Int32]
      switch role {
      case .ids: values = ids
      case .mask: values = mask
      case .segmentIds: values = segmentIds
      }
      do {
        try Self.write(values, into: model.interpreter, at: input.tensorIndex, layer: input.layer.name)
      } catch let error as TextError {
        throw .input(layer: input.layer.name, ModelInputFailure(error))
      } catch let error as InterpreterError {
        throw .interpreter(error)
      } catch {
        throw .input(
          layer: input.layer.name,
          ModelInputFailure(TextError.incompleteLayer(layer: input.layer.name, reason: String(describing: error))))
      }
    }
  }

  private static func write(_ values: [Int32], into interpreter: Interpreter, at index: Int, layer name: String) throws
  {
    var tensor = try interpreter.input(at: index)
    if tensor.shapeSignature.dimensions.last == -1, tensor.shape.dimensions.last != values.count {
      var dimensions = tensor.shapeSignature.dimensions.map { $0 == -1 ? 1 : $0 }
      dimensions[dimensions.count - 1] = values.count
      try interpreter.resizeInput(at: index, to: Tensor.Shape(dimensions))
      tensor = try interpreter.input(at: index)
    }
    guard tensor.shape.elementCount == values.count else {
      throw TextError.notASequence(layer: name, tensor: tensor.name, shape: tensor.shape.dimensions)
    }
    let type = tensor.dataType
    let tensorName = tensor.name
    try interpreter.withUnsafeMutableInputBytes(at: index) { bytes in
      try TextSequenceWriter.write(values, into: bytes, type: type, layer: name, tensor: tensorName)
    }
  }
}

/// A string is a `ModelInput` for models whose inputs are text layers: it is tokenized as
/// ``TextModel`` does. This parses the vocabulary on every run; keep a ``TextModel`` or
/// ``TextClassifier`` for repeated use.
///
/// ```swift
/// let outputs = try model.run(on: "I hate the rude staff and the dirty room.")
/// ```
extension String: ModelInput {
  /// One string fills every text layer.
  public var fillsEveryInputLayer: Bool { true }

  /// Tokenizes the string for `model` and writes it as ``EncodedText`` does.
  ///
  /// - Throws: `ModelError/input(layer:_:)` holding the ``TextError`` when the model has no
  ///   usable text layers or the text cannot be encoded.
  public func write(into model: Model, inputs: [Model.BoundInput]) throws(ModelError) {
    let layer = inputs.first?.layer.name ?? model.description.inputs.first?.name ?? ""
    let encoded: EncodedText
    do { encoded = try TextModel(model: model).encode(self) } catch {
      if case .model(let modelError) = error { throw modelError }
      throw .input(layer: layer, ModelInputFailure(error))
    }
    try encoded.write(into: model, inputs: inputs)
  }
}

extension TextError {
  /// A model run's error as the text tasks report it: the text's own error unwrapped.
  init(running error: ModelError) {
    if case .input(_, let failure) = error, let text = failure.error as? TextError {
      self = text
    } else {
      self = .model(error)
    }
  }
}
