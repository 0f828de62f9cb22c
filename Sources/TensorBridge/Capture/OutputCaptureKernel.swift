import LiteRTRuntime
import TFLiteFormat

/// The kernel of the capture operators (``OutputCaptureRewrite/operatorName(forCapture:)``),
/// registered with LiteRT on each compiled model's options, once per capture id.
///
/// The callbacks are Swift `@convention(c)` closures rather than C functions in `CLiteRT`: that
/// target holds declarations only, and the work (`Run`) is reading LiteRT buffers into the Swift
/// ``OutputCaptureStore``. LiteRT gives a kernel nothing but the `user_data` it was registered
/// with, so each capture id is registered under its own operator name with its own
/// ``OutputCaptureStore/KernelContext``; `GetOutputLayouts`, which sees only layouts, thereby
/// knows which output it is preparing.
enum OutputCaptureKernel {
  /// Registers a kernel per capture id on `options`. The store (which owns the contexts passed
  /// as `user_data`) must outlive the compiled model made with these options.
  static func register(on options: LiteRtOptions, store: OutputCaptureStore) throws(InterpreterError) {
    let library = store.library
    guard let add = library.addCustomOpKernelOption else {
      throw .runtimeUnavailable(.missingSymbol(name: "LiteRtAddCustomOpKernelOption", path: library.path))
    }
    guard library.getTensorBufferTensorType != nil else {
      throw .runtimeUnavailable(.missingSymbol(name: "LiteRtGetTensorBufferTensorType", path: library.path))
    }
    guard library.getTensorBufferPackedSize != nil else {
      throw .runtimeUnavailable(.missingSymbol(name: "LiteRtGetTensorBufferPackedSize", path: library.path))
    }
    var kernel = LiteRtCustomOpKernel(
      Init: { _, _, _ in LiteRTStatus.ok.rawValue },
      GetOutputLayouts: { userData, inputCount, inputLayouts, _, _ in
        // No outputs to lay out; the inputs' layouts tell the captured tensor's rank and size.
        guard let userData, inputCount == 2, let inputLayouts else { return LiteRTStatus.ok.rawValue }
        let context = Unmanaged<OutputCaptureStore.KernelContext>.fromOpaque(userData).takeUnretainedValue()
        var header = inputLayouts[0], data = inputLayouts[1]
        guard tb_layout_rank(&header) == 1, tb_layout_rank(&data) == 1 else { return LiteRTStatus.ok.rawValue }
        context.store.recordLayouts(
          id: context.id, headerLength: Int(header.dimensions.0), dataLength: Int(data.dimensions.0))
        return LiteRTStatus.ok.rawValue
      },
      Run: { userData, inputCount, inputs, _, _ in
        guard let userData else { return LiteRTStatus.invalidArgument.rawValue }
        let context = Unmanaged<OutputCaptureStore.KernelContext>.fromOpaque(userData).takeUnretainedValue()
        return context.store.capture(id: context.id, inputCount: inputCount, inputs: inputs).rawValue
      },
      Destroy: { _ in LiteRTStatus.ok.rawValue })
    for context in store.contexts {
      let name = OutputCaptureRewrite.operatorName(forCapture: context.id)
      let status = LiteRTStatus(rawValue: add(
        options, name, OutputCaptureRewrite.operatorVersion, &kernel, Unmanaged.passUnretained(context).toOpaque()))
      guard status.isOK else { throw .liteRTCallFailed(function: "LiteRtAddCustomOpKernelOption(\(name))", status: status) }
    }
  }
}

extension OutputCaptureStore {
  /// The body of the kernel's `Run`: reads `(header, data)` and records the value.
  ///
  /// LiteRT ignores what `Run` returns, so failures are also noted in the store, where the
  /// signature that ran finds them.
  func capture(id: Int32, inputCount: Int, inputs: UnsafePointer<LiteRtTensorBuffer?>?) -> LiteRTStatus {
    guard inputCount == 2, let inputs, let header = inputs[0], let data = inputs[1] else {
      recordFailure("capture \(id) got \(inputCount) inputs instead of 2")
      return .invalidArgument
    }
    // Header: int32 [rank + 1] = dimensions, then the capture id (checked against the kernel's).
    guard let headerValues = readInt32s(header), headerValues.last == id, let type = types[id] else {
      recordFailure("capture \(id)'s first input is not its int32 header")
      return .invalidArgument
    }
    let shape = headerValues.dropLast().map(Int.init)
    guard shape.allSatisfy({ $0 >= 0 }), let count = Tensor.Shape(shape).elementCount,
          let byteCount = type.byteCount(forElementCount: count) else {
      recordFailure("capture \(id) reported an invalid shape \(shape)")
      return .invalidArgument
    }
    // Data: the values flattened, then one element of padding.
    var tensorType = LiteRtRankedTensorType()
    var available = 0
    guard library.getTensorBufferTensorType?(data, &tensorType) == 0,
          library.getTensorBufferPackedSize?(data, &available) == 0 else {
      recordFailure("capture \(id): LiteRT could not describe the data buffer")
      return .runtimeFailure
    }
    guard tensorType.element_type == type.rawValue, byteCount <= available else {
      let actual = Tensor.DataType(rawValue: tensorType.element_type).map(\.name) ?? "type \(tensorType.element_type)"
      recordFailure("capture \(id) holds \(available) bytes of \(actual), not \(byteCount) bytes of \(type) for shape \(shape)")
      return .invalidArgument
    }
    let recorded = withLockedBuffer(data) { bytes in
      record(id: id, shape: shape, bytes: UnsafeRawBufferPointer(rebasing: bytes[0..<byteCount]))
      return true
    }
    guard recorded == true else {
      recordFailure("capture \(id): LiteRT could not lock the data buffer")
      return .runtimeFailure
    }
    return .ok
  }

  /// The values of an int32 buffer, or nil if it is not one or cannot be read.
  private func readInt32s(_ buffer: LiteRtTensorBuffer) -> [Int32]? {
    var tensorType = LiteRtRankedTensorType()
    var size = 0
    guard library.getTensorBufferTensorType?(buffer, &tensorType) == 0,
          tensorType.element_type == Tensor.DataType.int32.rawValue,
          library.getTensorBufferPackedSize?(buffer, &size) == 0 else { return nil }
    return withLockedBuffer(buffer) { bytes in
      (0..<min(size, bytes.count) / 4).map { bytes.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self) }
    }
  }

  /// `kLiteRtTensorBufferLockModeRead`.
  private static let readLockMode: LiteRtTensorBufferLockMode = 0

  /// Calls `body` with the buffer's host memory locked for reading; nil if it cannot be locked.
  private func withLockedBuffer<R>(_ buffer: LiteRtTensorBuffer, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
    var size = 0
    guard library.getTensorBufferPackedSize?(buffer, &size) == 0 else { return nil }
    var address: UnsafeMutableRawPointer?
    guard library.lockTensorBuffer(buffer, &address, Self.readLockMode) == 0, let address else { return nil }
    defer { _ = library.unlockTensorBuffer(buffer) }
    return body(UnsafeRawBufferPointer(start: address, count: size))
  }
}
