import Foundation
import LiteRTRuntime
import TFLiteFormat

/// One input or output of a signature: its description and its LiteRT tensor buffer.
struct TensorSlot {
  let role: TensorRole
  /// The tensor's name in the model.
  let name: String
  /// The name the signature gives it (its key in `SignatureRunner`).
  let signatureName: String
  let dataType: Tensor.DataType
  /// The declared shape, `-1` for dynamic dimensions (empty when the rank is unknown).
  let declaredShape: Tensor.Shape
  /// Whether the model leaves the rank open (`tf.TensorSpec(None)`): any shape may be set.
  let isUnranked: Bool
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
  var inputs: [TensorSlot]
  var outputs: [TensorSlot]
  /// The buffer handles `LiteRtRunCompiledModel` takes, kept in memory allocated once so that
  /// `invoke()` passes them without exclusivity checks or copies (see BENCHMARKS.md).
  private let inputBuffers: UnsafeMutableBufferPointer<LiteRtTensorBuffer?>
  private let outputBuffers: UnsafeMutableBufferPointer<LiteRtTensorBuffer?>
  /// The signature's input and output counts in LiteRT (fixed for the life of the compiled model).
  private let inputCount: Int
  private let outputCount: Int
  /// Bytes reserved for each string output (grows when a stateless model outgrows it).
  var stringOutputCapacity: Int
  let hasStringOutputs: Bool
  static let maxStringOutputCapacity = 256 << 20
  /// For each LiteRT output, the position of its slot in `outputs` (which also holds captured
  /// outputs, in the original model's order).
  let liteRTOutputSlots: [Int]
  /// The capture store's number for the last run (captured values are tagged with it).
  private var capturedRun: UInt64?

  var key: String { session.signatures[signatureIndex].key }

  init(session: LiteRTSession, signatureIndex: Int) throws(InterpreterError) {
    self.session = session
    self.signatureIndex = signatureIndex
    let info = session.signatures[signatureIndex]
    // The subgraph the signature runs (the main one for LiteRT's placeholder signature), whose
    // tensors say what LiteRT's view drops: whether a rank is known at all.
    let subgraph = session.format.signatures.first { $0.key == info.key }?.subgraphIndex ?? 0
    let formatTensors = session.format.subgraphs.indices.contains(subgraph) ? session.format.subgraphs[subgraph].tensors : []
    func describe(_ tensor: LiteRtTensor, _ name: String, _ role: TensorRole) throws(InterpreterError) -> TensorSlot {
      var index: UInt32 = .max
      _ = session.library.getTensorIndex(tensor, &index)
      let declared = formatTensors.indices.contains(Int(index)) ? formatTensors[Int(index)] : nil
      return try Self.describe(tensor, signatureName: name, role: role, declared: declared, library: session.library)
    }
    var inputs: [TensorSlot] = []
    var outputs: [TensorSlot] = []
    for (tensor, name) in zip(info.inputTensors, info.inputNames) {
      inputs.append(try describe(tensor, name, .input))
    }
    for (tensor, name) in zip(info.outputTensors, info.outputNames) {
      outputs.append(try describe(tensor, name, .output))
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
    self.stringOutputCapacity = max(session.options.stringOutputByteCapacity, 64)
    self.hasStringOutputs = outputs.contains { $0.dataType == .string }
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
      try StandardErrorCapture.routingRuntimeLog { () throws(InterpreterError) in try allocateBuffers() }
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

  /// Output buffers wait for the next run after an input is resized: LiteRT computes output
  /// shapes for all inputs at once, and with one input resized and its partner not yet (a
  /// signature taking `x` and `y` of the same batch), XNNPACK refuses to reshape.
  private(set) var outputsNeedAllocation = false

  /// Creates output buffers if a resize left them stale.
  func allocateOutputsIfNeeded() throws(InterpreterError) {
    guard outputsNeedAllocation else { return }
    defer { predictCapturedOutputs() }
    do {
      try StandardErrorCapture.routingRuntimeLog { () throws(InterpreterError) in try allocateOutputBuffers() }
    } catch {
      if case .liteRTCallFailed(_, let status) = error, let unsupported = operatorError(status, stage: .compile) {
        throw unsupported
      }
      throw error
    }
    outputsNeedAllocation = false
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
    try allocateOutputBuffers()
    outputsNeedAllocation = false
  }

  private func allocateOutputBuffers() throws(InterpreterError) {
    let library = session.library
    let compiled = session.compiledModel
    for index in outputs.indices {
      if let buffer = outputs[index].buffer { library.destroyTensorBuffer(buffer) }
      outputs[index].buffer = nil
    }
    for index in 0..<outputCount { outputBuffers[index] = nil }
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
    slot.shape = layout.shape
    let elementCount = slot.shape.elementCount ?? 0
    var tensorType = LiteRtRankedTensorType(element_type: slot.dataType.rawValue, layout: layout)
    var buffer: LiteRtTensorBuffer?
    let status: Int32
    if slot.dataType == .string {
      // Inputs start as `elementCount` empty strings (resized on copy); outputs get capacity.
      let empty = 4 * (elementCount + 2)
      let size = slot.role == .input ? empty : max(stringOutputCapacity, empty)
      status = library.createManagedTensorBuffer(session.environment, 1, &tensorType, size, &buffer)
      guard status == 0, let buffer else {
        throw .liteRTCallFailed(function: "LiteRtCreateManagedTensorBuffer(\(slot.role.rawValue) '\(slot.name)')",
                                status: LiteRTStatus(rawValue: status))
      }
      slot.buffer = buffer
      slot.byteCount = 0
      if slot.role == .input {
        try fill(buffer, with: try StringTensorEncoding.encode(Array(repeating: Data(), count: elementCount)), slot: slot)
        slot.byteCount = empty
      }
      return
    } else if let requirements {
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

  /// Resizes a dynamic input; only the model's dynamic (`-1`) dimensions may change, and an
  /// input of unknown rank takes any shape (up to LiteRT's rank limit), as in Python.
  func resizeInput(at index: Int, to shape: Tensor.Shape) throws(InterpreterError) {
    let slot = inputs[index]
    let declared = slot.declaredShape.dimensions
    if slot.isUnranked {
      guard shape.rank <= Int(TB_LITERT_TENSOR_MAX_RANK) else {
        throw .invalidShape(tensor: slot.name, shape: shape.dimensions,
                            reason: "LiteRT tensors have at most \(TB_LITERT_TENSOR_MAX_RANK) dimensions")
      }
    } else if shape.rank != declared.count {
      throw .invalidShape(tensor: slot.name, shape: shape.dimensions,
                          reason: "the model's tensor has rank \(declared.count), not \(shape.rank)")
    }
    for (axis, new) in shape.dimensions.enumerated() {
      if new == 0 {
        throw .invalidShape(tensor: slot.name, shape: shape.dimensions,
                            reason: "dimension \(axis) is 0, and LiteRT's compiled-model API cannot take a zero-element input (its tensor buffers need every dimension >= 1; Python's classic interpreter can)")
      }
      guard new > 0, new <= Int(Int32.max) else {
        throw .invalidShape(tensor: slot.name, shape: shape.dimensions,
                            reason: "dimension \(axis) must be positive, got \(new)")
      }
      if !slot.isUnranked, declared[axis] >= 0, new != declared[axis] {
        throw .invalidShape(tensor: slot.name, shape: shape.dimensions,
                            reason: "dimension \(axis) is fixed at \(declared[axis]) in the model (only -1 dimensions can change)")
      }
    }
    if shape == slot.shape { return }
    let dims = shape.dimensions.map { Int32($0) }
    let library = session.library
    let resize = slot.isUnranked ? library.compiledModelResizeInputTensorNonStrict : library.compiledModelResizeInputTensor
    let status = dims.withUnsafeBufferPointer {
      resize(session.compiledModel, signatureIndex, index, $0.baseAddress, $0.count)
    }
    guard status == 0 else {
      throw .invalidShape(tensor: slot.name, shape: shape.dimensions,
                          reason: "LiteRT refused it (\(LiteRTStatus(rawValue: status)))")
    }
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
      throw InterpreterError.liteRTCallFailed(function: "LiteRtLockTensorBuffer('\(slot.name)')",
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

  /// Runs the signature on the current input buffers.
  func invoke() throws(InterpreterError) {
    try allocateOutputsIfNeeded()
    var status = run()
    // A string result larger than its buffer fails the run; a model without state can simply
    // be run again with larger buffers (a stateful one must not run twice).
    while status != 0, hasStringOutputs, !session.hasVariables, stringOutputCapacity < Self.maxStringOutputCapacity {
      stringOutputCapacity = min(stringOutputCapacity * 16, Self.maxStringOutputCapacity)
      try reallocateStringOutputs()
      status = run()
    }
    guard status == 0 else {
      let liteRTStatus = LiteRTStatus(rawValue: status)
      throw operatorError(liteRTStatus, stage: .invoke) ?? .invocationFailed(status: liteRTStatus)
    }
    if hasStringOutputs { try refreshStringOutputShapes() }
    if let capturedRun { try updateCapturedOutputs(run: capturedRun) }
  }

  /// One run of the compiled model, bracketed for the capture store.
  private func run() -> Int32 {
    capturedRun = session.outputCapture?.store.beginRun()
    defer { session.outputCapture?.store.endRun() }
    return session.library.runCompiledModel(
      session.compiledModel, signatureIndex, inputCount, inputBuffers.baseAddress, outputCount,
      outputBuffers.baseAddress)
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
    _ tensor: LiteRtTensor, signatureName: String, role: TensorRole, declared format: TensorInfo?,
    library: LiteRTLibrary
  ) throws(InterpreterError) -> TensorSlot {
    var namePointer: UnsafePointer<CChar>?
    _ = library.getTensorName(tensor, &namePointer)
    let name = namePointer.map { String(cString: $0) } ?? signatureName
    var typeId: Int32 = 0
    try check(library.getTensorTypeId(tensor, &typeId), "LiteRtGetTensorTypeId(\(name))")
    var rawType: Int32 = 0
    var declared: [Int] = []
    // LiteRT reports a tensor of unknown rank (`has_rank` false, no shape) as a scalar.
    let isUnranked = typeId != 0
      || (format.map { !$0.hasRank && $0.shape.isEmpty && $0.shapeSignature == nil } ?? false)
    if typeId == 0 {
      var ranked = LiteRtRankedTensorType()
      try check(library.getRankedTensorType(tensor, &ranked), "LiteRtGetRankedTensorType(\(name))")
      rawType = ranked.element_type
      declared = ranked.layout.shape.dimensions
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
      declaredShape: Tensor.Shape(declared), isUnranked: isUnranked, shape: Tensor.Shape(declared),
      quantization: perTensor, perChannel: perChannel, buffer: nil, byteCount: 0)
  }
}
