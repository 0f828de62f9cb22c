import Foundation
import LiteRTRuntime
import TFLiteFormat

// Creating, replacing and releasing a signature's LiteRT tensor buffers.
extension SignatureState {
  /// (Re)creates every buffer from the compiled model's current layouts.
  ///
  /// LiteRT prepares operators lazily: an unresolved custom operator can surface here, when
  /// output layouts are first computed, rather than at compilation.
  func allocate() throws(InterpreterError) {
    if let inputSizesRequired { throw inputSizesRequired }
    defer { predictCapturedOutputs() }
    try compiling { () throws(InterpreterError) in try allocateBuffers() }
    preparationAtStoredSizes = nil
  }

  /// Runs `allocation` with the runtime's log routed, reporting a failed LiteRT call as the
  /// unsupported operators that explain it, when the model has any, else as the operator
  /// LiteRT's collected errors (or its log) say failed to prepare.
  private func compiling(_ allocation: () throws(InterpreterError) -> Void) throws(InterpreterError) {
    try StandardErrorCapture.routingRuntimeLog(allocation) { error, log in
      let kernelErrors = session.takeKernelErrors()
      if case .liteRTCallFailed(_, let status) = error, let unsupported = operatorError(status, stage: .compile) {
        return unsupported
      }
      let named = error.namingFailedOperator(from: kernelErrors, stage: .compile)
      return named != error ? named : error.namingFailedOperator(from: log, stage: .compile)
    }
  }

  /// The error naming unsupported operators, when the model has operators that explain a failure.
  func operatorError(_ status: LiteRTStatus, stage: InterpreterError.Stage) -> InterpreterError? {
    guard
      !session.format.customOperatorNames.isEmpty
        || session.format.operatorNames.contains(where: { $0.hasPrefix("UNKNOWN_BUILTIN_") })
    else { return nil }
    let suspects = LiteRTSession.unsupportedOperatorSuspects(
      in: session.format, xnnpack: session.options.isXNNPackEnabled)
    return suspects.isEmpty ? nil : .unsupportedOperators(names: suspects, stage: stage, status: status)
  }

  /// Creates output buffers if a resize left them stale.
  func allocateOutputsIfNeeded() throws(InterpreterError) {
    guard outputsNeedAllocation else { return }
    if let inputSizesRequired { throw inputSizesRequired }
    defer { predictCapturedOutputs() }
    do { try compiling { () throws(InterpreterError) in try allocateOutputBuffers() } } catch {
      throw refusedFixedDimension(error) ?? error
    }
    outputsNeedAllocation = false
    preparationAtStoredSizes = nil
  }

  /// When LiteRT cannot prepare the model after an input's fixed dimension was changed (a
  /// batch of a model stored at batch 1 whose operators cannot take one): the error names that
  /// input, its new shape and the file's, with LiteRT's failure.
  private func refusedFixedDimension(_ failure: InterpreterError) -> InterpreterError? {
    guard PendingPreparation.isPreparationFailure(failure) else { return nil }
    let because = failure.description.hasSuffix(".") ? String(failure.description.dropLast()) : failure.description
    for slot in inputs {
      switch slot.fixedChange(to: slot.shape.dimensions) {
      case .rank(let declared, let new):
        return .invalidShape(
          tensor: slot.name, shape: slot.shape.dimensions,
          reason: "the tensor has rank \(declared) in the model, and its operators cannot take \(new) (\(because))")
      case .dimension(let axis, let declared, let new):
        return .invalidShape(
          tensor: slot.name, shape: slot.shape.dimensions,
          reason: "dimension \(axis) is \(declared) in the model, and its operators cannot take \(new) (\(because))")
      case nil: continue
      }
    }
    return nil
  }

  func allocateBuffers() throws(InterpreterError) {
    releaseBuffers()
    let library = session.library
    let compiled = session.compiledModel
    for index in inputs.indices {
      var layout = LiteRtLayout()
      try check(
        library.getCompiledModelInputTensorLayout(compiled, signatureIndex, index, &layout),
        "LiteRtGetCompiledModelInputTensorLayout(\(inputs[index].name))")
      var requirements: LiteRtTensorBufferRequirements?
      try check(
        library.getCompiledModelInputBufferRequirements(compiled, signatureIndex, index, &requirements),
        "LiteRtGetCompiledModelInputBufferRequirements(\(inputs[index].name))")
      try makeBuffer(for: &inputs[index], layout: layout, requirements: requirements)
      inputBuffers[index] = inputs[index].buffer
    }
    try allocateOutputBuffers()
    outputsNeedAllocation = false
  }

  func allocateOutputBuffers() throws(InterpreterError) {
    let library = session.library
    let compiled = session.compiledModel
    releaseOutputBuffers()
    var layouts = [LiteRtLayout](repeating: LiteRtLayout(), count: max(outputCount, 1))
    let status = library.getCompiledModelOutputTensorLayouts(compiled, signatureIndex, outputCount, &layouts, true)
    // With every output captured there are no layouts to get, but the call still allocates and
    // prepares the graph (capture operators included); LiteRT then reports "invalid argument"
    // just because the list is empty. A failed allocation is a runtime failure, as always.
    if outputCount > 0 || status != LiteRTStatus.invalidArgument.rawValue {
      try check(status, "LiteRtGetCompiledModelOutputTensorLayouts")
    }
    for (index, slot) in liteRTOutputSlots.enumerated() {
      var requirements: LiteRtTensorBufferRequirements?
      try check(
        library.getCompiledModelOutputBufferRequirements(compiled, signatureIndex, index, &requirements),
        "LiteRtGetCompiledModelOutputBufferRequirements(\(outputs[slot].name))")
      try makeBuffer(for: &outputs[slot], layout: layouts[index], requirements: requirements)
      outputBuffers[index] = outputs[slot].buffer
    }
  }

  func makeBuffer(
    for slot: inout TensorSlot, layout: LiteRtLayout, requirements: LiteRtTensorBufferRequirements?
  ) throws(InterpreterError) {
    let library = session.library
    slot.shape = layout.shape
    let elementCount = slot.shape.elementCount ?? 0
    // LiteRT makes no buffer of zero elements; an output prepared empty (a FULLY_CONNECTED
    // given fewer elements than one row, as Python's kernel takes) gets one of a row, and is
    // read as the empty tensor it is.
    let emptyOutput = elementCount == 0 && slot.role == .output && !slot.shape.dimensions.isEmpty
    let bufferShape = emptyOutput ? Tensor.Shape(slot.shape.dimensions.map { max($0, 1) }) : slot.shape
    let bufferLayout = emptyOutput ? LiteRtLayout(shape: bufferShape) : layout
    var tensorType = LiteRtRankedTensorType(element_type: slot.dataType.rawValue, layout: bufferLayout)
    var buffer: LiteRtTensorBuffer?
    let status: Int32
    // String inputs start as `elementCount` empty strings (resized on copy); outputs get capacity.
    let emptyStrings = 4 * (elementCount + 2)
    if slot.dataType == .string {
      let size = slot.role == .input ? emptyStrings : max(stringOutputCapacity, emptyStrings)
      status = library.createManagedTensorBuffer(session.environment, 1, &tensorType, size, &buffer)
    } else if let requirements, !emptyOutput {
      status = library.createManagedTensorBufferFromRequirements(
        session.environment, &tensorType, requirements, &buffer)
    } else {
      let size = max(slot.dataType.byteCount(forElementCount: bufferShape.elementCount ?? 0) ?? 0, 1)
      status = library.createManagedTensorBuffer(session.environment, 1, &tensorType, size, &buffer)
    }
    guard status == 0, let buffer else {
      throw .liteRTCallFailed(
        function: "LiteRtCreateManagedTensorBuffer(\(slot.role.rawValue) '\(slot.name)')",
        status: LiteRTStatus(rawValue: status))
    }
    slot.buffer = buffer
    if slot.dataType == .string {
      slot.byteCount = 0
      if slot.role == .input {
        try fill(
          buffer, with: try StringTensorEncoding.encode(Array(repeating: Data(), count: elementCount)), slot: slot)
        slot.byteCount = emptyStrings
      }
    } else if let packed = slot.dataType.byteCount(forElementCount: elementCount) {
      slot.byteCount = packed
    } else {
      var size = 0
      _ = library.getTensorBufferSize(buffer, &size)
      slot.byteCount = size
    }
  }

  /// Replaces the buffer of one slot (the old one is destroyed).
  func setBuffer(_ buffer: LiteRtTensorBuffer, _ role: TensorRole, at index: Int) {
    if role == .input {
      if let old = inputs[index].buffer { session.library.destroyTensorBuffer(old) }
      inputs[index].buffer = buffer
      inputBuffers[index] = buffer
    } else {
      if let old = outputs[index].buffer { session.library.destroyTensorBuffer(old) }
      outputs[index].buffer = buffer
      if let position = liteRTOutputSlots.firstIndex(of: index) { outputBuffers[position] = buffer }
    }
  }

  func releaseBuffers() {
    for index in inputs.indices {
      if let buffer = inputs[index].buffer { session.library.destroyTensorBuffer(buffer) }
      inputs[index].buffer = nil
      inputBuffers[index] = nil
    }
    releaseOutputBuffers()
  }

  /// Destroys the output buffers and forgets them.
  private func releaseOutputBuffers() {
    for index in outputs.indices {
      if let buffer = outputs[index].buffer { session.library.destroyTensorBuffer(buffer) }
      outputs[index].buffer = nil
    }
    for index in 0..<outputCount { outputBuffers[index] = nil }
  }
}
