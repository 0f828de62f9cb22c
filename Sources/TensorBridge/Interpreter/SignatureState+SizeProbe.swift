import TFLiteFormat

// Sizes checked on LiteRT's builtin kernels before XNNPACK runs a dynamically quantized model
// at them.
extension LiteRTSession {
  /// Operators XNNPACK runs dynamically quantized (int8 activations computed at run time) when
  /// their input is float32 and their weights int8 or int4: the "hybrid" form dynamic-range
  /// quantization writes.
  private static let dynamicallyQuantizable: Set<String> = [
    "CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED", "TRANSPOSE_CONV", "BATCH_MATMUL",
  ]

  /// Whether a run at input sizes the model was not compiled at must first pass on LiteRT's
  /// builtin kernels (``LiteRTSession/probesNewSizes``): with XNNPACK, a dynamically quantized
  /// operator given an empty intermediate (an audio front end left with no frame by a short
  /// input) divides by zero and ends the process (SIGFPE; Python's interpreter dies the same
  /// way), where the builtin kernels fail to prepare, naming the operator.
  ///
  /// A model with an operator only XNNPACK has (MediaPipe's `Convolution2DTransposeBias`, in its
  /// selfie segmenter re-quantized with dynamic range) is not probed: the builtin kernels
  /// cannot run it at any size, and refusing every new size would refuse what Python runs.
  static func probesNewSizes(format: TFLiteModel, options: Interpreter.Options) -> Bool {
    options.isXNNPackEnabled
      && !format.customOperatorNames.contains(where: xnnpackCustomOperators.contains)
      && format.subgraphs.contains { subgraph in
        subgraph.operators.contains { op in
          guard format.operatorCodes.indices.contains(op.opcodeIndex),
            dynamicallyQuantizable.contains(format.operatorCodes[op.opcodeIndex].name),
            op.inputs.count >= 2, subgraph.tensors.indices.contains(op.inputs[0]),
            subgraph.tensors.indices.contains(op.inputs[1])
          else { return false }
          let weights = subgraph.tensors[op.inputs[1]]
          return subgraph.tensors[op.inputs[0]].type == .float32 && weights.hasConstantData
            && (weights.type == .int8 || weights.type == .int4)
        }
      }
  }
}

extension SignatureState {
  /// Before XNNPACK first runs a dynamically quantized model at input sizes it was not
  /// compiled at (see ``LiteRTSession/probesNewSizes``), runs the model once at those sizes on
  /// LiteRT's builtin kernels, inputs zeroed, in a compiled model of its own; when that fails,
  /// so does this run, with the builtin kernels' reason, and XNNPACK never sees the sizes.
  /// Called by `invoke()` when ``sizesUnprobed``.
  func probeSizesIfNeeded() throws(InterpreterError) {
    guard session.probesNewSizes else {
      sizesUnprobed = false
      return
    }
    let shapes = inputs.map(\.shape.dimensions)
    guard !probedShapes.contains(shapes) else {
      sizesUnprobed = false
      return
    }
    var options = session.options
    options.isXNNPackEnabled = false
    do {
      let builtin = try LiteRTSession(
        format: session.format, options: options, loopingOverFixedSteps: session.loopsOverFixedSteps)
      guard let signature = builtin.signatures.firstIndex(where: { $0.key == key }) else {
        sizesUnprobed = false  // the same model has the same signatures: nothing to probe against
        return
      }
      let probe = try SignatureState(session: builtin, signatureIndex: signature, waitingForSizes: true)
      for index in inputs.indices
      where probe.inputs.indices.contains(index) && probe.inputs[index].shape != inputs[index].shape {
        try probe.resizeInput(at: index, to: inputs[index].shape)
      }
      try probe.invoke()
    } catch {
      let resized = inputs.indices.first { sizedInputs.contains($0) } ?? 0
      throw .invalidShape(
        tensor: inputs[resized].name, shape: shapes[resized],
        reason:
          "at these input sizes LiteRT's builtin kernels fail (\(error)); TensorBridge does not run XNNPACK there, whose dynamically quantized operators can end the process on sizes the builtin kernels refuse (Python's interpreter dies of SIGFPE on some)"
      )
    }
    probedShapes.insert(shapes)
    sizesUnprobed = false
  }
}
