import Foundation
import LiteRTRuntime

/// The shapes and bytes the capture operator reported, by capture id, for one compiled model.
///
/// ``OutputCaptureKernel`` fills it from inside `LiteRtRunCompiledModel` (TensorFlow Lite runs
/// operators one after another on the thread that called it); the signatures' output accessors
/// read it afterwards. A lock guards the table, so the store is honestly `Sendable`; like a
/// LiteRT output buffer, bytes handed to a reader stay valid until the next run of the model,
/// which the interpreter's one-owner rule already orders.
final class OutputCaptureStore: @unchecked Sendable {
  /// One captured value. Its storage is reused (and grown) from run to run.
  private struct Value {
    var shape: [Int] = []
    var storage = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    var byteCount = 0
    var run: UInt64 = 0
  }

  /// The runtime whose buffers the kernel reads.
  let library: LiteRTLibrary
  /// The element type each capture id carries (as the model declares it).
  let types: [Int32: Tensor.DataType]
  private let lock = NSLock()
  private var values: [Int32: Value] = [:]
  private var run: UInt64 = 0
  private var failure: String?

  init(library: LiteRTLibrary, types: [Int32: Tensor.DataType]) {
    self.library = library
    self.types = types
  }

  deinit {
    for value in values.values { value.storage.deallocate() }
  }

  /// Starts a run: values recorded from now on belong to it. Returns its number.
  func beginRun() -> UInt64 {
    lock.lock()
    defer { lock.unlock() }
    run &+= 1
    failure = nil
    return run
  }

  /// Stores a copy of `bytes` with `shape` as the current run's value of `id`.
  func record(id: Int32, shape: [Int], bytes: UnsafeRawBufferPointer) {
    lock.lock()
    defer { lock.unlock() }
    var value = values[id] ?? Value()
    if value.storage.count < bytes.count {
      value.storage.deallocate()
      value.storage = .allocate(byteCount: max(bytes.count, 2 * value.storage.count), alignment: 64)
    }
    if let source = bytes.baseAddress, let destination = value.storage.baseAddress {
      destination.copyMemory(from: source, byteCount: bytes.count)
    }
    value.shape = shape
    value.byteCount = bytes.count
    value.run = run
    values[id] = value
  }

  /// Notes why the kernel could not record a value in the current run.
  func recordFailure(_ reason: String) {
    lock.lock()
    defer { lock.unlock() }
    if failure == nil { failure = reason }
  }

  /// The shape and byte count `id` got in run `run`, or why it has none.
  func result(id: Int32, run: UInt64) -> Result<(shape: [Int], byteCount: Int), CaptureMissing> {
    lock.lock()
    defer { lock.unlock() }
    guard let value = values[id], value.run == run else {
      return .failure(CaptureMissing(reason: failure ?? "the capture operator did not run"))
    }
    return .success((value.shape, value.byteCount))
  }

  /// Calls `body` with the last value recorded for `id` (empty before the first run).
  func withBytes<R>(id: Int32, _ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
    lock.lock()
    let bytes = values[id].map { UnsafeMutableRawBufferPointer(rebasing: $0.storage[0..<$0.byteCount]) }
    lock.unlock()
    return try body(bytes ?? UnsafeMutableRawBufferPointer(start: nil, count: 0))
  }

  /// Why a run left a captured output without a value.
  struct CaptureMissing: Error {
    let reason: String
  }
}
