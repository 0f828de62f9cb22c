import Foundation
import LiteRTRuntime
import TFLiteFormat

// Resizing inputs and reading or writing a tensor's bytes.
extension SignatureState {
  // MARK: Resizing

  /// Resizes an input, as Python's `resize_tensor_input` (non-strict by default) and
  /// TensorFlowLiteSwift's `resizeInput` do: any dimension, and the rank, may change (up to
  /// LiteRT's rank limit). A dynamic (`-1`) dimension changes through LiteRT's strict resize;
  /// a fixed one (batching a model stored at batch 1) or the rank through its non-strict one,
  /// and whether the model's operators take it is found when LiteRT prepares them, at the next
  /// allocation or run.
  func resizeInput(at index: Int, to shape: Tensor.Shape) throws(InterpreterError) {
    let slot = inputs[index]
    guard shape.rank <= Int(TB_LITERT_TENSOR_MAX_RANK) else {
      throw .invalidShape(
        tensor: slot.name, shape: shape.dimensions,
        reason: "LiteRT tensors have at most \(TB_LITERT_TENSOR_MAX_RANK) dimensions")
    }
    for (axis, new) in shape.dimensions.enumerated() {
      if new == 0 {
        throw .invalidShape(
          tensor: slot.name, shape: shape.dimensions,
          reason:
            "dimension \(axis) is 0, and LiteRT's compiled-model API cannot take a zero-element input (its tensor buffers need every dimension >= 1; Python's classic interpreter can)"
        )
      }
      guard new > 0, new <= Int(Int32.max) else {
        throw .invalidShape(
          tensor: slot.name, shape: shape.dimensions,
          reason: "dimension \(axis) must be positive, got \(new)")
      }
    }
    let changesFixedDimension = slot.fixedChange(to: shape.dimensions) != nil
    if shape == slot.shape {
      sizedInputs.insert(index)
      return
    }
    if let fixed = session.fixedDimension(changedBy: shape.dimensions, input: slot.name, signatureIndex: signatureIndex)
    {
      throw .invalidShape(tensor: slot.name, shape: shape.dimensions, reason: fixed.reason)
    }
    // Lowered recurrent operators (and TensorBridge's integer kernels) are planned at the file's
    // sizes: besides the dimensions the file leaves dynamic, only a sequence length they loop
    // over may change there (see `resizingWithLoopedLowering`).
    if changesFixedDimension, !session.loweredRecurrentOperators.isEmpty {
      let verdict = session.loweredResize(
        of: slot.name, signatureIndex: signatureIndex, declared: slot.declaredShape.dimensions, to: shape.dimensions)
      switch verdict {
      case .takes: break
      case .refused(let reason): throw .invalidShape(tensor: slot.name, shape: shape.dimensions, reason: reason)
      case .needsLoopedLowering:
        throw .invalidShape(
          tensor: slot.name, shape: shape.dimensions,
          reason: "the model's fused recurrent operators were unrolled at the file's sequence length")
      }
    }
    let dims = shape.dimensions.map { Int32($0) }
    let library = session.library
    // LiteRT's strict resize compares with the current sizes when the file stores no shape
    // signature: back from batch 2 to the stored batch 1 is a fixed dimension's change there.
    let leavesFixedDimension = slot.fixedChange(to: slot.shape.dimensions) != nil
    let resize =
      slot.isUnranked || changesFixedDimension || leavesFixedDimension
      ? library.compiledModelResizeInputTensorNonStrict : library.compiledModelResizeInputTensor
    let status = dims.withUnsafeBufferPointer {
      resize(session.compiledModel, signatureIndex, index, $0.baseAddress, $0.count)
    }
    guard status == 0 else {
      throw .invalidShape(
        tensor: slot.name, shape: shape.dimensions,
        reason: "LiteRT refused it (\(LiteRTStatus(rawValue: status)))")
    }
    sizedInputs.insert(index)
    sizesUnprobed = true
    // A new buffer for this input now; outputs at the next run (see `outputsNeedAllocation`).
    let layout = LiteRtLayout(shape: shape)
    if let old = inputs[index].buffer { session.library.destroyTensorBuffer(old) }
    inputs[index].buffer = nil
    inputBuffers[index] = nil
    try makeBuffer(for: &inputs[index], layout: layout, requirements: nil)
    inputBuffers[index] = inputs[index].buffer
    outputsNeedAllocation = true
    // As TensorFlow Lite's AllocateTensors() after a resize: fused recurrent state (variable
    // tensors there, lowered to resource variables here) starts again from zeros.
    if session.resetSignatureIndex != nil { try session.resetRecurrentState() }
  }

  // MARK: Data access

  /// Calls `body` with the packed bytes of a tensor, locked for the given mode.
  func withBytes<R>(
    _ role: TensorRole, at index: Int, mode: Int32, _ body: (UnsafeMutableRawBufferPointer) throws -> R
  ) throws -> R {
    if role == .output { try allocateOutputsIfNeeded() }
    let slot = role == .input ? inputs[index] : outputs[index]
    guard slot.dataType.bitWidth != nil else {
      throw InterpreterError.unsupportedDataType(tensor: slot.name, type: slot.dataType)
    }
    if let id = slot.captureID, let store = session.outputCapture?.store {
      return try store.withBytes(id: id, body)
    }
    guard let buffer = slot.buffer else {
      throw InterpreterError.liteRTCallFailed(function: "tensor buffer for '\(slot.name)'", status: .notFound)
    }
    var address: UnsafeMutableRawPointer?
    let status = session.library.lockTensorBuffer(buffer, &address, mode)
    guard status == 0, let address else {
      throw InterpreterError.liteRTCallFailed(
        function: "LiteRtLockTensorBuffer('\(slot.name)')",
        status: LiteRTStatus(rawValue: status))
    }
    defer { _ = session.library.unlockTensorBuffer(buffer) }
    return try body(UnsafeMutableRawBufferPointer(start: address, count: slot.byteCount))
  }

  /// Copies `data` into an input, checking the byte count (for a string input: that `data` is
  /// the packed layout of exactly as many strings as the input has elements).
  func copy(_ data: Data, toInputAt index: Int) throws(InterpreterError) {
    let slot = inputs[index]
    if slot.dataType == .string { return try copyStrings(data, toInputAt: index) }
    guard data.count == slot.byteCount else {
      throw .byteCountMismatch(tensor: slot.name, expected: slot.byteCount, actual: data.count)
    }
    do {
      try withBytes(.input, at: index, mode: 1) { destination in
        data.withUnsafeBytes { source in destination.copyMemory(from: source) }
      }
    } catch let error as InterpreterError { throw error } catch {
      throw .liteRTCallFailed(function: "copy", status: LiteRTStatus(rawValue: 9))
    }
  }

  /// Copies typed values into an input, checking element type and count.
  func copyValues<T: TensorElement>(_ values: [T], toInputAt index: Int) throws(InterpreterError) {
    try Interpreter.checkValues(values, for: inputs[index])
    try copy(Data(copyingBufferOf: values), toInputAt: index)
  }

  /// Copies byte strings into a string input, one per element.
  func copyByteStrings(_ strings: [Data], toInputAt index: Int) throws(InterpreterError) {
    let slot = inputs[index]
    guard slot.dataType == .string else {
      throw .typeMismatch(tensor: slot.name, expected: slot.dataType, actual: .string)
    }
    try copy(try StringTensorEncoding.encode(strings, tensor: slot.name), toInputAt: index)
  }

  /// A snapshot of a tensor: description plus a copy of its bytes.
  func tensor(_ role: TensorRole, at index: Int) throws(InterpreterError) -> Tensor {
    if role == .output { try allocateOutputsIfNeeded() }
    let slot = role == .input ? inputs[index] : outputs[index]
    var data = Data()
    if slot.dataType == .string {
      data = try stringBytes(of: slot)
    } else if slot.dataType.bitWidth != nil {
      do {
        data = try withBytes(role, at: index, mode: 0) { Data($0) }
      } catch let error as InterpreterError { throw error } catch {
        throw .liteRTCallFailed(function: "read", status: LiteRTStatus(rawValue: 9))
      }
    }
    return Tensor(
      name: slot.name, dataType: slot.dataType, shape: slot.shape, shapeSignature: slot.declaredShape,
      isUnranked: slot.isUnranked,
      data: data, quantizationParameters: slot.quantization, perChannelQuantization: slot.perChannel)
  }
}
