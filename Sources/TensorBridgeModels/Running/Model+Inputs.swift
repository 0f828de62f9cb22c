import TensorBridge

/// A seam for modules that write their own kinds of input (TensorBridgeText writes text layers):
/// the tensor each input layer is bound to, and a run whose inputs a closure writes.
extension Model {
  /// One input layer and the index of the model input tensor it is bound to.
  public struct BoundInput: Sendable {
    /// The layer's position in ``ModelDescription/inputs``.
    public let position: Int
    /// The layer.
    public let layer: LayerDescription
    /// The interpreter input index the layer writes.
    public let tensorIndex: Int
  }

  /// Every input layer with its tensor (layers bound to no tensor are left out).
  public var boundInputs: [BoundInput] {
    zip(description.inputs.indices, description.inputs).compactMap { position, layer in
      binding.inputs[position].map { BoundInput(position: position, layer: layer, tensorIndex: $0) }
    }
  }

  /// Lets `writeInputs` fill the input tensors (through ``interpreter``), then invokes the model
  /// and returns the output layers, transformed and labelled as ``run(on:)-(ModelValue)`` does.
  public func run(writingInputs writeInputs: (Interpreter) throws(ModelError) -> Void) throws(ModelError) -> ModelOutputs {
    try writeInputs(interpreter)
    do { try interpreter.invoke() } catch { throw .interpreter(error) }
    return try currentOutputs()
  }
}
