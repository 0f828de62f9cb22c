import TFLiteFormat

// Another sequence length for a model whose fused recurrent operators were unrolled at the
// file's length.
extension SignatureState {
  /// Resizes input `index` to `shape`, and returns the state to keep: this one, or, when only
  /// sequence lengths that the lowered recurrent operators unrolled at the file's length change,
  /// a state over the model lowered again as loops (see
  /// ``resizingWithLoopedLowering(at:to:waitingForSizes:)``).
  ///
  /// - Throws: as ``resizeInput(at:to:)`` or ``resizingWithLoopedLowering(at:to:waitingForSizes:)``.
  func resizingInput(at index: Int, to shape: Tensor.Shape, waitingForSizes: Bool)
    throws(InterpreterError) -> SignatureState
  {
    guard needsLoopedLowering(resizing: index, to: shape) else {
      try resizeInput(at: index, to: shape)
      return self
    }
    return try resizingWithLoopedLowering(at: index, to: shape, waitingForSizes: waitingForSizes)
  }

  /// Whether resizing input `index` to `shape` changes only sequence lengths that the lowered
  /// recurrent operators unrolled at the file's length: the model must then be lowered again,
  /// looping over the steps (see ``resizingWithLoopedLowering(at:to:waitingForSizes:)``).
  func needsLoopedLowering(resizing index: Int, to shape: Tensor.Shape) -> Bool {
    guard !session.loweredRecurrentOperators.isEmpty, !session.loopsOverFixedSteps, inputs.indices.contains(index)
    else { return false }
    let slot = inputs[index]
    guard slot.fixedChange(to: shape.dimensions) != nil else { return false }
    return session.loweredResize(
      of: slot.name, signatureIndex: signatureIndex, declared: slot.declaredShape.dimensions, to: shape.dimensions)
      == .needsLoopedLowering
  }

  /// This signature over the model compiled again with its sequences lowered as loops (which
  /// take any length, as TensorFlow Lite's kernels do), its other inputs at this state's sizes
  /// and input `index` resized to `shape`. This state is left as it was, so a failure loses
  /// nothing. The new compiled model's recurrent state starts at zeros, as after any resize.
  ///
  /// - Throws: ``InterpreterError/invalidShape(tensor:shape:reason:)`` when the operators
  ///   cannot be lowered as loops, or as ``resizeInput(at:to:)``.
  func resizingWithLoopedLowering(at index: Int, to shape: Tensor.Shape, waitingForSizes: Bool)
    throws(InterpreterError) -> SignatureState
  {
    let looped: LiteRTSession
    do {
      looped = try LiteRTSession(format: session.format, options: session.options, loopingOverFixedSteps: true)
    } catch {
      throw .invalidShape(
        tensor: inputs[index].name, shape: shape.dimensions,
        reason:
          "TensorBridge unrolled the model's fused recurrent operators at the file's sequence length, and cannot lower them as loops over another: \(error)"
      )
    }
    guard let signature = looped.signatures.firstIndex(where: { $0.key == key }) else {
      throw .unknownSignature(key: key, available: looped.signatures.map(\.key))
    }
    let state = try SignatureState(session: looped, signatureIndex: signature, waitingForSizes: waitingForSizes)
    for position in sizedInputs.sorted() where position != index && state.inputs.indices.contains(position) {
      try state.resizeInput(at: position, to: inputs[position].shape)
    }
    try state.resizeInput(at: index, to: shape)
    return state
  }
}
