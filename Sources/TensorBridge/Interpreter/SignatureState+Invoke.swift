import Foundation
import LiteRTRuntime
import TFLiteFormat

// Running the signature, and the shapes of outputs captured during the run.
extension SignatureState {
  /// Runs the signature on the current input buffers.
  func invoke() throws(InterpreterError) {
    try allocateOutputsIfNeeded()
    if sizesUnprobed { try probeSizesIfNeeded() }
    var status = run()
    // A string result larger than its buffer fails the run; a model without state can simply
    // be run again with larger buffers (a stateful one must not run twice).
    while status != 0, hasStringOutputs, !session.hasVariables, stringOutputCapacity < Self.maxStringOutputCapacity {
      stringOutputCapacity = min(stringOutputCapacity * 16, Self.maxStringOutputCapacity)
      try reallocateStringOutputs()
      status = run()
    }
    // LiteRT ignores what a custom kernel's Run returns: TensorBridge's kernels note it.
    for kernel in session.customKernels {
      if let reason = kernel.takeFailure() {
        throw .customKernelFailed(operator: kernel.definition.operatorName, reason: reason)
      }
    }
    guard status == 0 else {
      let liteRTStatus = LiteRTStatus(rawValue: status)
      let kernelErrors = session.takeKernelErrors()
      let failure = InterpreterError.invocationFailed(status: liteRTStatus)
      // An operator whose shapes depend on the run prepares during it ("failed to prepare").
      let named = failure.namingFailedOperator(from: kernelErrors, stage: .invoke)
      throw operatorError(liteRTStatus, stage: .invoke)
        ?? (named != failure ? named : failure.namingFailedOperator(from: kernelErrors, stage: .compile))
    }
    if hasStringOutputs { try refreshStringOutputShapes() }
    if let capturedRun { try updateCapturedOutputs(run: capturedRun) }
  }

  /// One run of the compiled model, bracketed for the capture store.
  func run() -> Int32 {
    capturedRun = session.outputCapture?.store.beginRun()
    defer { session.outputCapture?.store.endRun() }
    return session.library.runCompiledModel(
      session.compiledModel, signatureIndex, inputCount, inputBuffers.baseAddress, outputCount,
      outputBuffers.baseAddress)
  }

  /// Gives each captured output the shape TensorFlow Lite prepared it with while allocating,
  /// when that determines it (as zeros, like a fresh LiteRT buffer); otherwise its declared
  /// shape with `-1` read as 0 (`[0]` for an unknown rank) and no bytes, until the next run.
  func predictCapturedOutputs() {
    guard let store = session.outputCapture?.store else { return }
    for index in outputs.indices {
      guard let id = outputs[index].captureID else { continue }
      let declared = outputs[index].declaredShape.dimensions
      var shape = declared.isEmpty ? [0] : declared.map { max($0, 0) }
      var byteCount = 0
      if let layout = store.preparedLayout(id: id),
        let resolved = OutputCapture.shape(declared: declared, rank: layout.rank, count: layout.count),
        let bytes = outputs[index].dataType.byteCount(forElementCount: layout.count)
      {
        shape = resolved
        byteCount = bytes
      }
      store.reset(id: id, shape: shape, byteCount: byteCount)
      outputs[index].shape = Tensor.Shape(shape)
      outputs[index].byteCount = byteCount
    }
  }

  /// Gives each captured output the shape and byte count of run `run`'s value.
  func updateCapturedOutputs(run: UInt64) throws(InterpreterError) {
    guard let store = session.outputCapture?.store else { return }
    for index in outputs.indices {
      guard let id = outputs[index].captureID else { continue }
      switch store.result(id: id, run: run) {
      case .success(let value):
        outputs[index].shape = Tensor.Shape(value.shape)
        outputs[index].byteCount = value.byteCount
      case .failure(let missing):
        throw .outputCaptureFailed(tensor: outputs[index].name, reason: missing.reason)
      }
    }
  }
}
