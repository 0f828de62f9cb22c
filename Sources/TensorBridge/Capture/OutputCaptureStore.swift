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

  /// What LiteRT hands the kernel of one capture operator as its `user_data`: that operator's
  /// capture id, and the store.
  final class KernelContext {
    let id: Int32
    unowned let store: OutputCaptureStore

    init(id: Int32, store: OutputCaptureStore) {
      self.id = id
      self.store = store
    }
  }

  /// The runtime whose buffers the kernel reads.
  let library: LiteRTLibrary
  /// The element type each capture id carries (as the model declares it).
  let types: [Int32: Tensor.DataType]
  /// One kernel context per capture id, in id order (they live as long as the store).
  private(set) var contexts: [KernelContext] = []
  private let lock = NSLock()
  private var values: [Int32: Value] = [:]
  private var run: UInt64 = 0
  private var failure: String?
  /// Whether a run is under way (between ``beginRun()`` and ``endRun()``).
  private var running = false
  /// What the kernel's `GetOutputLayouts` saw last, by capture id: the rank and element count of
  /// the captured tensor when TensorFlow Lite prepared the operator, and whether that was during
  /// a run (an operator after a data-dependent one) rather than while allocating.
  private var layouts: [Int32: (duringRun: Bool, rank: Int, count: Int)] = [:]

  init(library: LiteRTLibrary, types: [Int32: Tensor.DataType]) {
    self.library = library
    self.types = types
    contexts = types.keys.sorted().map { KernelContext(id: $0, store: self) }
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
    running = true
    return run
  }

  /// Ends the run ``beginRun()`` started.
  func endRun() {
    lock.lock()
    defer { lock.unlock() }
    running = false
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

  /// Notes the layouts of capture `id`'s inputs, `header` `[rank + 1]` and `data` `[count + 1]`,
  /// as TensorFlow Lite prepared the operator.
  func recordLayouts(id: Int32, headerLength: Int, dataLength: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard headerLength >= 1, dataLength >= 1 else { return }
    layouts[id] = (running, headerLength - 1, dataLength - 1)
  }

  /// The rank and element count of capture `id` as TensorFlow Lite last prepared its operator
  /// while allocating. `nil` when it was last prepared during a run: an operator before it has a
  /// data-dependent output, so its shape is known only once the data is.
  func preparedLayout(id: Int32) -> (rank: Int, count: Int)? {
    lock.lock()
    defer { lock.unlock() }
    guard let layout = layouts[id], !layout.duringRun else { return nil }
    return (layout.rank, layout.count)
  }

  /// Replaces the value of `id` by `byteCount` zero bytes of `shape` (no run's value).
  func reset(id: Int32, shape: [Int], byteCount: Int) {
    lock.lock()
    defer { lock.unlock() }
    var value = values[id] ?? Value()
    if value.storage.count < byteCount {
      value.storage.deallocate()
      value.storage = .allocate(byteCount: byteCount, alignment: 64)
    }
    if byteCount > 0 { UnsafeMutableRawBufferPointer(rebasing: value.storage[0..<byteCount]).initializeMemory(as: UInt8.self, repeating: 0) }
    value.shape = shape
    value.byteCount = byteCount
    value.run = 0
    values[id] = value
  }

  /// Why a run left a captured output without a value.
  struct CaptureMissing: Error {
    let reason: String
  }
}
