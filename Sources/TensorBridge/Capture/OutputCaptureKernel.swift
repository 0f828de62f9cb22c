import LiteRTRuntime
import TFLiteFormat

/// The kernel of the capture operators (``OutputCaptureRewrite/operatorName(forCapture:)``),
/// registered with LiteRT on each compiled model's options, once per capture id.
///
/// The callbacks are Swift `@convention(c)` closures rather than C functions in `CLiteRT`: that
/// target holds declarations only, and the work (`Run`) is reading LiteRT buffers into the Swift
/// ``OutputCaptureStore``. LiteRT gives a kernel nothing but the `user_data` it was registered
/// with, so each capture id is registered under its own operator name with its own
/// ``OutputCaptureStore/Entry``; `GetOutputLayouts`, which sees only layouts, thereby knows
/// which output it is preparing.
enum OutputCaptureKernel {
  /// Registers a kernel per capture id on `options`. The store (which owns the entries passed
  /// as `user_data`) must outlive the compiled model made with these options.
  static func register(on options: LiteRtOptions, store: OutputCaptureStore) throws(InterpreterError) {
    let library = store.library
    try library.requireSymbol(library.getTensorBufferTensorType != nil, "LiteRtGetTensorBufferTensorType")
    try library.requireSymbol(library.getTensorBufferPackedSize != nil, "LiteRtGetTensorBufferPackedSize")
    var kernel = LiteRtCustomOpKernel(
      Init: { _, _, _ in LiteRTStatus.ok.rawValue },
      GetOutputLayouts: { userData, inputCount, inputLayouts, _, _ in
        // No outputs to lay out; the inputs' layouts tell the captured tensor's rank and size.
        guard let userData, inputCount == 2, let inputLayouts else { return LiteRTStatus.ok.rawValue }
        let entry = Unmanaged<OutputCaptureStore.Entry>.fromOpaque(userData).takeUnretainedValue()
        var header = inputLayouts[0]
        var data = inputLayouts[1]
        guard tb_layout_rank(&header) == 1, tb_layout_rank(&data) == 1 else { return LiteRTStatus.ok.rawValue }
        entry.store.recordLayouts(entry, headerLength: Int(header.dimensions.0), dataLength: Int(data.dimensions.0))
        return LiteRTStatus.ok.rawValue
      },
      Run: { userData, inputCount, inputs, _, _ in
        guard let userData else { return LiteRTStatus.invalidArgument.rawValue }
        let entry = Unmanaged<OutputCaptureStore.Entry>.fromOpaque(userData).takeUnretainedValue()
        return entry.store.capture(entry, inputCount: inputCount, inputs: inputs).rawValue
      },
      Destroy: { _ in LiteRTStatus.ok.rawValue })
    for entry in store.entries {
      try library.addCustomOperator(
        OutputCaptureRewrite.operatorName(forCapture: entry.id), version: OutputCaptureRewrite.operatorVersion,
        kernel: &kernel, userData: Unmanaged.passUnretained(entry).toOpaque(), on: options)
    }
  }
}

extension OutputCaptureStore {
  /// `kLiteRtTensorBufferLockModeRead`.
  private static let readLockMode: LiteRtTensorBufferLockMode = 0

  /// The body of the kernel's `Run` for `entry`'s operator: reads `(header, data)` and records
  /// the value.
  ///
  /// LiteRT ignores what `Run` returns, so failures are also noted in the store, where the
  /// signature that ran finds them.
  func capture(_ entry: Entry, inputCount: Int, inputs: UnsafePointer<LiteRtTensorBuffer?>?) -> LiteRTStatus {
    let id = entry.id
    guard inputCount == 2, let inputs, let header = inputs[0], let data = inputs[1] else {
      recordFailure("capture \(id) got \(inputCount) inputs instead of 2")
      return .invalidArgument
    }
    // Header: int32 [rank + 1] = the dimensions, then the capture id (checked against the kernel's).
    return withLockedBuffer(header, type: .int32) { headerBytes -> LiteRTStatus in
      let values = headerBytes.bindMemory(to: Int32.self)
      guard let last = values.last, last == id else {
        recordFailure("capture \(id)'s first input is not its int32 header")
        return .invalidArgument
      }
      let dimensions = UnsafeBufferPointer(rebasing: values.dropLast())
      var count = 1
      for dimension in dimensions {
        let (product, overflow) = count.multipliedReportingOverflow(by: Int(dimension))
        guard dimension >= 0, !overflow else {
          count = -1
          break
        }
        count = product
      }
      guard count >= 0, let byteCount = entry.type.byteCount(forElementCount: count) else {
        recordFailure("capture \(id) reported an invalid shape \(Array(dimensions))")
        return .invalidArgument
      }
      // Data: the values flattened, then one element of padding.
      return withLockedBuffer(data, type: entry.type) { dataBytes -> LiteRTStatus in
        guard byteCount < dataBytes.count else {
          recordFailure(
            "capture \(id) holds \(dataBytes.count) bytes, not \(byteCount) for shape \(Array(dimensions)) and padding")
          return .invalidArgument
        }
        record(entry, shape: dimensions, bytes: UnsafeRawBufferPointer(rebasing: dataBytes[0..<byteCount]))
        return .ok
      } ?? .runtimeFailure
    } ?? .runtimeFailure
  }

  /// Calls `body` with the host memory of a buffer of element type `type`, locked for reading
  /// (its packed size). `nil`, with the reason noted, if the buffer has another type or LiteRT
  /// cannot describe or lock it.
  private func withLockedBuffer<R>(
    _ buffer: LiteRtTensorBuffer, type: Tensor.DataType, _ body: (UnsafeRawBufferPointer) -> R
  ) -> R? {
    var tensorType = LiteRtRankedTensorType()
    var size = 0
    guard library.getTensorBufferTensorType?(buffer, &tensorType) == 0,
      library.getTensorBufferPackedSize?(buffer, &size) == 0
    else {
      recordFailure("LiteRT could not describe a capture operator's buffer")
      return nil
    }
    guard tensorType.element_type == type.rawValue else {
      let actual = Tensor.DataType(rawValue: tensorType.element_type).map(\.name) ?? "type \(tensorType.element_type)"
      recordFailure("a capture operator got \(actual) data instead of \(type)")
      return nil
    }
    var address: UnsafeMutableRawPointer?
    guard library.lockTensorBuffer(buffer, &address, Self.readLockMode) == 0, let address else {
      recordFailure("LiteRT could not lock a capture operator's buffer")
      return nil
    }
    defer { _ = library.unlockTensorBuffer(buffer) }
    return body(UnsafeRawBufferPointer(start: address, count: size))
  }
}
