import TensorBridge

/// The layers' tensors, for ``ModelInput`` types and tasks that read outputs themselves.
extension Model {
  /// One input layer and the index of the model input tensor it is bound to.
  public struct BoundInput: Sendable {
    /// The layer's position in ``ModelDescription/inputs``.
    public let position: Int
    /// The layer.
    public let layer: LayerDescription
    /// The interpreter input index the layer writes.
    public let tensorIndex: Int

    /// Creates a bound input.
    public init(position: Int, layer: LayerDescription, tensorIndex: Int) {
      self.position = position
      self.layer = layer
      self.tensorIndex = tensorIndex
    }
  }

  /// Every input layer with its tensor (layers bound to no tensor are left out).
  public var boundInputs: [BoundInput] {
    zip(description.inputs.indices, description.inputs).compactMap { position, layer in
      binding.inputs[position].map { BoundInput(position: position, layer: layer, tensorIndex: $0) }
    }
  }

  /// The interpreter's input index bound to the input layer `name`, or `nil`.
  public func inputTensorIndex(forLayer name: String) -> Int? {
    guard let position = description.inputs.firstIndex(where: { $0.name == name }) else { return nil }
    return binding.inputs[position]
  }

  /// The interpreter's output index bound to the output layer `name`, or `nil`.
  public func outputTensorIndex(forLayer name: String) -> Int? {
    guard let position = description.outputs.firstIndex(where: { $0.name == name }) else { return nil }
    return binding.outputs[position]
  }

  /// The output layers as the last run left them, transformed as described.
  public func currentOutputs() throws(ModelError) -> ModelOutputs {
    var layers: [ModelOutput] = []
    for (position, layer) in description.outputs.enumerated() {
      guard let index = binding.outputs[position] else { continue }
      let tensor: Tensor
      do { tensor = try interpreter.output(at: index) } catch { throw .interpreter(error) }
      layers.append(
        ModelOutput(
          name: layer.name, dataType: tensor.dataType, shape: tensor.shape.dimensions,
          values: ValueCoding.decode(tensor, dequantize: layer.dequantize), labels: layer.labels,
          bytes: layer.kind == .string ? tensor.data : nil))
    }
    return ModelOutputs(layers: layers)
  }
}

extension Model {
  /// For a model LiteRT prepares only once its dynamic inputs are sized
  /// (``Interpreter/inputSizesRequired``), gives every input whose value states a shape (nested
  /// arrays of numbers) that shape before any is written: writing one reads its tensor, which
  /// takes the model compiled, and a model with several such inputs compiles only once all have
  /// a size. Does nothing for a compiled model (``write(_:to:layer:)`` resizes those).
  func sizeInputsAwaitingSizes(_ values: [(input: BoundInput, value: any ModelInput)]) throws(ModelError) {
    guard interpreter.inputSizesRequired != nil else { return }
    for (input, value) in values {
      guard let modelValue = (value as? any ModelValueConvertible)?.modelValue,
        let shape = try modelValue.flattened(layer: input.layer.name).shape, !shape.isEmpty
      else { continue }
      do { try interpreter.resizeInput(at: input.tensorIndex, to: Tensor.Shape(shape)) } catch {
        throw .interpreter(error)
      }
    }
  }
}
