import Foundation
import LiteRTRuntime

/// String tensors: LiteRT holds them in TensorFlow Lite's packed layout (see
/// ``StringTensorEncoding``), in buffers whose size depends on the strings, not the shape.
extension SignatureState {
  /// Writes packed strings into an input, re-creating its buffer at the exact size.
  func copyStrings(_ data: Data, toInputAt index: Int) throws(InterpreterError) {
    let slot = inputs[index]
    let strings = try StringTensorEncoding.decode(data, tensor: slot.name)
    let expected = slot.shape.elementCount ?? 0
    guard strings.count == expected else {
      throw .elementCountMismatch(tensor: slot.name, expected: expected, actual: strings.count)
    }
    try replaceBuffer(.input, at: index, size: max(data.count, 1))
    guard let buffer = inputs[index].buffer else {
      throw .liteRTCallFailed(function: "tensor buffer for '\(slot.name)'", status: .notFound)
    }
    try fill(buffer, with: data, slot: slot)
    inputs[index].byteCount = data.count
  }

  /// The packed bytes a string tensor holds now (empty for an output before the first run).
  func stringBytes(of slot: TensorSlot) throws(InterpreterError) -> Data {
    guard let buffer = slot.buffer else { return Data() }
    var address: UnsafeMutableRawPointer?
    let status = session.library.lockTensorBuffer(buffer, &address, 0)
    guard status == 0, let address else {
      throw .liteRTCallFailed(
        function: "LiteRtLockTensorBuffer('\(slot.name)')", status: LiteRTStatus(rawValue: status))
    }
    defer { _ = session.library.unlockTensorBuffer(buffer) }
    var size = 0
    _ = session.library.getTensorBufferSize(buffer, &size)
    let bytes = UnsafeRawBufferPointer(start: address, count: size)
    guard let packed = StringTensorEncoding.packedSize(of: bytes) else {
      if slot.role == .output && slot.byteCount == 0 { return Data() }
      throw .invalidStringData(tensor: slot.name, reason: "LiteRT's buffer of \(size) bytes has no valid header")
    }
    return Data(bytes[0..<packed])
  }

  /// After a run: string outputs take the shape LiteRT computed and the size of their data.
  func refreshStringOutputShapes() throws(InterpreterError) {
    let count = liteRTOutputSlots.count
    var layouts = [LiteRtLayout](repeating: LiteRtLayout(), count: max(count, 1))
    try check(
      session.library.getCompiledModelOutputTensorLayouts(
        session.compiledModel, signatureIndex, count, &layouts, false),
      "LiteRtGetCompiledModelOutputTensorLayouts")
    for (position, index) in liteRTOutputSlots.enumerated() where outputs[index].dataType == .string {
      outputs[index].shape = layouts[position].shape
      outputs[index].byteCount = try stringBytes(of: outputs[index]).count
    }
  }

  /// Gives every string output a buffer of the current capacity.
  func reallocateStringOutputs() throws(InterpreterError) {
    for index in outputs.indices where outputs[index].dataType == .string {
      let minimum = 4 * ((outputs[index].shape.elementCount ?? 0) + 2)
      try replaceBuffer(.output, at: index, size: max(stringOutputCapacity, minimum))
      outputs[index].byteCount = 0
    }
  }

  /// Destroys a slot's buffer and creates a host buffer of `size` bytes with the same layout.
  private func replaceBuffer(_ role: TensorRole, at index: Int, size: Int) throws(InterpreterError) {
    let slot = role == .input ? inputs[index] : outputs[index]
    let layout = LiteRtLayout(shape: slot.shape)
    var tensorType = LiteRtRankedTensorType(element_type: slot.dataType.rawValue, layout: layout)
    var buffer: LiteRtTensorBuffer?
    let status = session.library.createManagedTensorBuffer(session.environment, 1, &tensorType, size, &buffer)
    guard status == 0, let buffer else {
      throw .liteRTCallFailed(
        function: "LiteRtCreateManagedTensorBuffer(\(role.rawValue) '\(slot.name)', \(size) bytes)",
        status: LiteRTStatus(rawValue: status))
    }
    setBuffer(buffer, role, at: index)
  }

  /// Copies `data` to the start of a buffer.
  func fill(_ buffer: LiteRtTensorBuffer, with data: Data, slot: TensorSlot) throws(InterpreterError) {
    var address: UnsafeMutableRawPointer?
    let status = session.library.lockTensorBuffer(buffer, &address, 1)
    guard status == 0, let address else {
      throw .liteRTCallFailed(
        function: "LiteRtLockTensorBuffer('\(slot.name)')", status: LiteRTStatus(rawValue: status))
    }
    data.withUnsafeBytes { source in
      if let base = source.baseAddress { address.copyMemory(from: base, byteCount: source.count) }
    }
    _ = session.library.unlockTensorBuffer(buffer)
  }
}
