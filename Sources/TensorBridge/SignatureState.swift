import Foundation
import LiteRTRuntime

/// One input or output of a signature: its description and its LiteRT tensor buffer.
struct TensorSlot {
  let role: TensorRole
  /// The tensor's name in the model.
  let name: String
  /// The name the signature gives it (its key in `SignatureRunner`).
  let signatureName: String
  let dataType: Tensor.DataType
  /// The declared shape, `-1` for dynamic dimensions.
  let declaredShape: Tensor.Shape
  var shape: Tensor.Shape
  let quantization: QuantizationParameters?
  let perChannel: PerChannelQuantizationParameters?
  var buffer: LiteRtTensorBuffer?
  /// Bytes of packed data (what users read and write).
  var byteCount: Int
  /// For a data-dependent output, the capture id its values arrive under (see ``OutputCapture``);
  /// such a slot has no LiteRT buffer.
  var captureID: Int32? = nil
}

/// The tensor buffers of one signature of a compiled model, and the operations on them.
/// Not thread-safe: like LiteRT's compiled model, it has one owner at a time.
final class SignatureState {
  let session: LiteRTSession
  let signatureIndex: Int
  private(set) var inputs: [TensorSlot]
  private(set) var outputs: [TensorSlot]
  /// The buffer handles `LiteRtRunCompiledModel` takes, kept in memory allocated once so that
  /// `invoke()` passes them without exclusivity checks or copies (see BENCHMARKS.md).
  private let inputBuffers: UnsafeMutableBufferPointer<LiteRtTensorBuffer?>
  private let outputBuffers: UnsafeMutableBufferPointer<LiteRtTensorBuffer?>
  /// The signature's input and output counts in LiteRT (fixed for the life of the compiled model).
  private let inputCount: Int
  private let outputCount: Int
  /// For each LiteRT output, the position of its slot in `outputs` (which also holds captured
  /// outputs, in the original model's order).
  private let liteRTOutputSlots: [Int]

  var key: String { session.signatures[signatureIndex].key }

  init(session: LiteRTSession, signatureIndex: Int) throws(InterpreterError) {
    self.session = session
    self.signatureIndex = signatureIndex
    let info = session.signatures[signatureIndex]
    var inputs: [TensorSlot] = []
    var outputs: [TensorSlot] = []
    for (tensor, name) in zip(info.inputTensors, info.inputNames) {
      inputs.append(try Self.describe(tensor, signatureName: name, role: .input, library: session.library))
    }
    for (tensor, name) in zip(info.outputTensors, info.outputNames) {
      outputs.append(try Self.describe(tensor, signatureName: name, role: .output, library: session.library))
    }
    var liteRTOutputSlots = Array(outputs.indices)
    if let capture = session.outputCapture,
       let merged = try capture.outputs(ofSignature: info.key, liteRT: outputs,
                                        liteRTTensorIndices: Self.tensorIndices(info.outputTensors, library: session.library)) {
      (outputs, liteRTOutputSlots) = merged
    }
    self.inputs = inputs
    self.outputs = outputs
    self.inputCount = inputs.count
    self.outputCount = liteRTOutputSlots.count
    self.liteRTOutputSlots = liteRTOutputSlots
    self.inputBuffers = .allocate(capacity: max(inputs.count, 1))
    self.inputBuffers.initialize(repeating: nil)
    self.outputBuffers = .allocate(capacity: max(liteRTOutputSlots.count, 1))
    self.outputBuffers.initialize(repeating: nil)
    try allocate()
  }

  deinit {
    releaseBuffers()
    inputBuffers.deallocate()
    outputBuffers.deallocate()
  }

  // MARK: Allocation

  /// (Re)creates every buffer from the compiled model's current layouts.
  ///
  /// LiteRT prepares operators lazily: an unresolved custom operator can surface here, when
  /// output layouts are first computed, rather than at compilation.
  func allocate() throws(InterpreterError) {
    defer { predictCapturedOutputs() }
    do {
      try allocateBuffers()
    } catch {
      if case .liteRTCallFailed(_, let status) = error, let unsupported = operatorError(status, stage: .compile) {
        throw unsupported
      }
      throw error
    }
  }

  /// The error naming unsupported operators, when the model has operators that explain a failure.
  private func operatorError(_ status: LiteRTStatus, stage: InterpreterError.Stage) -> InterpreterError? {
    guard !session.format.customOperatorNames.isEmpty || session.format.operatorNames.contains(where: { $0.hasPrefix("UNKNOWN_BUILTIN_") })
    else { return nil }
    let suspects = LiteRTSession.unsupportedOperatorSuspects(in: session.format, xnnpack: session.options.isXNNPackEnabled)
    return suspects.isEmpty ? nil : .unsupportedOperators(names: suspects, stage: stage, status: status)
  }

  private func allocateBuffers() throws(InterpreterError) {
    releaseBuffers()
    let library = session.library
    let compiled = session.compiledModel
    for index in inputs.indices {
      var layout = LiteRtLayout()
      try check(library.getCompiledModelInputTensorLayout(compiled, signatureIndex, index, &layout),
                "LiteRtGetCompiledModelInputTensorLayout(\(inputs[index].name))")
      var requirements: LiteRtTensorBufferRequirements?
      try check(library.getCompiledModelInputBufferRequirements(compiled, signatureIndex, index, &requirements),
                "LiteRtGetCompiledModelInputBufferRequirements(\(inputs[index].name))")
      try makeBuffer(for: &inputs[index], layout: layout, requirements: requirements)
      inputBuffers[index] = inputs[index].buffer
    }
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
      try check(library.getCompiledModelOutputBufferRequirements(compiled, signatureIndex, index, &requirements),
                "LiteRtGetCompiledModelOutputBufferRequirements(\(outputs[slot].name))")
      try makeBuffer(for: &outputs[slot], layout: layouts[index], requirements: requirements)
      outputBuffers[index] = outputs[slot].buffer
    }
  }

  private func makeBuffer(
    for slot: inout TensorSlot, layout: LiteRtLayout, requirements: LiteRtTensorBufferRequirements?
  ) throws(InterpreterError) {
    let library = session.library
    var layout = layout
    let rank = Int(tb_layout_rank(&layout))
    let dimensions = withUnsafeBytes(of: layout.dimensions) { raw in
      Array(raw.bindMemory(to: Int32.self).prefix(rank)).map(Int.init)
    }
    slot.shape = Tensor.Shape(dimensions)
    let elementCount = slot.shape.elementCount ?? 0
    var tensorType = LiteRtRankedTensorType(element_type: slot.dataType.rawValue, layout: layout)
    var buffer: LiteRtTensorBuffer?
    let status: Int32
    if let requirements {
      status = library.createManagedTensorBufferFromRequirements(session.environment, &tensorType, requirements, &buffer)
    } else {
      let size = max(slot.dataType.byteCount(forElementCount: elementCount) ?? 0, 1)
      status = library.createManagedTensorBuffer(session.environment, 1, &tensorType, size, &buffer)
    }
    guard status == 0, let buffer else {
      throw .liteRTCallFailed(function: "LiteRtCreateManagedTensorBuffer(\(slot.role.rawValue) '\(slot.name)')",
                              status: LiteRTStatus(rawValue: status))
    }
    slot.buffer = buffer
    if let packed = slot.dataType.byteCount(forElementCount: elementCount) {
      slot.byteCount = packed
    } else {
      var size = 0
      _ = library.getTensorBufferSize(buffer, &size)
      slot.byteCount = size
    }
  }

  private func releaseBuffers() {
    for index in inputs.indices {
      if let buffer = inputs[index].buffer { session.library.destroyTensorBuffer(buffer) }
      inputs[index].buffer = nil
      inputBuffers[index] = nil
    }
    for index in outputs.indices {
      if let buffer = outputs[index].buffer { session.library.destroyTensorBuffer(buffer) }
      outputs[index].buffer = nil
    }
    for index in 0..<outputCount { outputBuffers[index] = nil }
  }

  // MARK: Resizing

  /// Resizes a dynamic input; only the model's dynamic (`-1`) dimensions may change.
  func resizeInput(at index: Int, to shape: Tensor.Shape) throws(InterpreterError) {
    let slot = inputs[index]
    let declared = slot.declaredShape.dimensions
    guard shape.rank == declared.count else {
      throw .invalidShape(tensor: slot.name, shape: shape.dimensions,
                          reason: "the model's tensor has rank \(declared.count), not \(shape.rank)")
    }
    for (axis, (new, old)) in zip(shape.dimensions, declared).enumerated() {
      guard new > 0, new <= Int(Int32.max) else {
        throw .invalidShape(tensor: slot.name, shape: shape.dimensions,
                            reason: "dimension \(axis) must be positive, got \(new)")
      }
      if old >= 0 && new != old {
        throw .invalidShape(tensor: slot.name, shape: shape.dimensions,
                            reason: "dimension \(axis) is fixed at \(old) in the model (only -1 dimensions can change)")
      }
    }
    if shape == slot.shape { return }
    let dims = shape.dimensions.map { Int32($0) }
    let status = dims.withUnsafeBufferPointer {
      session.library.compiledModelResizeInputTensor(session.compiledModel, signatureIndex, index, $0.baseAddress, $0.count)
    }
    guard status == 0 else {
      throw .invalidShape(tensor: slot.name, shape: shape.dimensions,
                          reason: "LiteRT refused it (\(LiteRTStatus(rawValue: status)))")
    }
    try allocate()
  }

  // MARK: Data access

  /// Calls `body` with the packed bytes of a tensor, locked for the given mode.
  func withBytes<R>(
    _ role: TensorRole, at index: Int, mode: Int32, _ body: (UnsafeMutableRawBufferPointer) throws -> R
  ) throws -> R {
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
      throw InterpreterError.liteRTCallFailed(function: "LiteRtLockTensorBuffer('\(slot.name)')",
                                              status: LiteRTStatus(rawValue: status))
    }
    defer { _ = session.library.unlockTensorBuffer(buffer) }
    return try body(UnsafeMutableRawBufferPointer(start: address, count: slot.byteCount))
  }

  /// Copies `data` into an input, checking the byte count.
  func copy(_ data: Data, toInputAt index: Int) throws(InterpreterError) {
    let slot = inputs[index]
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

  /// A snapshot of a tensor: description plus a copy of its bytes.
  func tensor(_ role: TensorRole, at index: Int) throws(InterpreterError) -> Tensor {
    let slot = role == .input ? inputs[index] : outputs[index]
    var data = Data()
    if slot.dataType.bitWidth != nil {
      do {
        data = try withBytes(role, at: index, mode: 0) { Data($0) }
      } catch let error as InterpreterError { throw error } catch {
        throw .liteRTCallFailed(function: "read", status: LiteRTStatus(rawValue: 9))
      }
    }
    return Tensor(
      name: slot.name, dataType: slot.dataType, shape: slot.shape, shapeSignature: slot.declaredShape,
      data: data, quantizationParameters: slot.quantization, perChannelQuantization: slot.perChannel)
  }

  /// Runs the signature on the current input buffers.
  func invoke() throws(InterpreterError) {
    let run = session.outputCapture?.store.beginRun()
    let status = session.library.runCompiledModel(
      session.compiledModel, signatureIndex, inputCount, inputBuffers.baseAddress, outputCount,
      outputBuffers.baseAddress)
    session.outputCapture?.store.endRun()
    guard status == 0 else {
      let liteRTStatus = LiteRTStatus(rawValue: status)
      throw operatorError(liteRTStatus, stage: .invoke) ?? .invocationFailed(status: liteRTStatus)
    }
    if let run { try updateCapturedOutputs(run: run) }
  }

  /// Gives each captured output the shape TensorFlow Lite prepared it with while allocating,
  /// when that determines it (as zeros, like a fresh LiteRT buffer); otherwise its declared
  /// shape with `-1` read as 0 (`[0]` for an unknown rank) and no bytes, until the next run.
  private func predictCapturedOutputs() {
    guard let store = session.outputCapture?.store else { return }
    for index in outputs.indices {
      guard let id = outputs[index].captureID else { continue }
      let declared = outputs[index].declaredShape.dimensions
      var shape = declared.isEmpty ? [0] : declared.map { max($0, 0) }
      var byteCount = 0
      if let layout = store.preparedLayout(id: id),
         let resolved = OutputCapture.shape(declared: declared, rank: layout.rank, count: layout.count),
         let bytes = outputs[index].dataType.byteCount(forElementCount: layout.count) {
        shape = resolved
        byteCount = bytes
      }
      store.reset(id: id, shape: shape, byteCount: byteCount)
      outputs[index].shape = Tensor.Shape(shape)
      outputs[index].byteCount = byteCount
    }
  }

  /// Gives each captured output the shape and byte count of run `run`'s value.
  private func updateCapturedOutputs(run: UInt64) throws(InterpreterError) {
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

  // MARK: Description

  private static func describe(
    _ tensor: LiteRtTensor, signatureName: String, role: TensorRole, library: LiteRTLibrary
  ) throws(InterpreterError) -> TensorSlot {
    var namePointer: UnsafePointer<CChar>?
    _ = library.getTensorName(tensor, &namePointer)
    let name = namePointer.map { String(cString: $0) } ?? signatureName
    var typeId: Int32 = 0
    try check(library.getTensorTypeId(tensor, &typeId), "LiteRtGetTensorTypeId(\(name))")
    var rawType: Int32 = 0
    var declared: [Int] = []
    if typeId == 0 {
      var ranked = LiteRtRankedTensorType()
      try check(library.getRankedTensorType(tensor, &ranked), "LiteRtGetRankedTensorType(\(name))")
      rawType = ranked.element_type
      let rank = Int(tb_layout_rank(&ranked.layout))
      declared = withUnsafeBytes(of: ranked.layout.dimensions) { raw in
        Array(raw.bindMemory(to: Int32.self).prefix(rank)).map(Int.init)
      }
    } else {
      try check(library.getUnrankedTensorType(tensor, &rawType), "LiteRtGetUnrankedTensorType(\(name))")
    }
    guard let dataType = Tensor.DataType(rawValue: rawType) else {
      throw .unknownDataType(tensor: name, rawValue: rawType)
    }
    var quantizationType: Int32 = 0
    _ = library.getQuantizationTypeId(tensor, &quantizationType)
    var perTensor: QuantizationParameters?
    var perChannel: PerChannelQuantizationParameters?
    if quantizationType == 1 {
      var q = LiteRtQuantizationPerTensor()
      if library.getPerTensorQuantization(tensor, &q) == 0 {
        perTensor = QuantizationParameters(scale: q.scale, zeroPoint: Int(q.zero_point))
      }
    } else if quantizationType == 2 {
      var q = LiteRtQuantizationPerChannel()
      if library.getPerChannelQuantization(tensor, &q) == 0, q.num_channels < 1 << 24 {
        let count = Int(q.num_channels)
        let scales = q.scales.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        let zeros = q.zero_points.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        perChannel = PerChannelQuantizationParameters(
          scales: scales, zeroPoints: zeros, quantizedDimension: Int(q.quantized_dimension))
      }
    }
    return TensorSlot(
      role: role, name: name, signatureName: signatureName, dataType: dataType,
      declaredShape: Tensor.Shape(declared), shape: Tensor.Shape(declared),
      quantization: perTensor, perChannel: perChannel, buffer: nil, byteCount: 0)
  }
}
