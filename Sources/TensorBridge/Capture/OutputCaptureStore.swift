import Foundation
import LiteRTRuntime

/// The shapes and bytes the capture operators reported, by capture id, for one compiled model.
///
/// ``OutputCaptureKernel`` fills it from inside `LiteRtRunCompiledModel` (TensorFlow Lite runs
/// operators one after another on the thread that called it); the signatures' output accessors
/// read it afterwards. A lock guards every entry, so the store is honestly `Sendable`; like a
/// LiteRT output buffer, bytes handed to a reader stay valid until the next run of the model,
/// which the interpreter's one-owner rule already orders.
final class OutputCaptureStore: @unchecked Sendable {
  /// One capture id: what LiteRT hands that capture operator's kernel as `user_data`, and the
  /// value it recorded last. Its storage is reused (and grown) from run to run.
  final class Entry {
    let id: Int32
    /// The element type the model declares for the captured tensor.
    let type: Tensor.DataType
    unowned let store: OutputCaptureStore
    fileprivate var shape: [Int] = []
    fileprivate var storage = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    fileprivate var byteCount = 0
    fileprivate var run: UInt64 = 0
    /// What `GetOutputLayouts` saw last: the captured tensor's rank and element count, and
    /// whether TensorFlow Lite prepared the operator during a run rather than while allocating.
    fileprivate var layout: (duringRun: Bool, rank: Int, count: Int)?

    fileprivate init(id: Int32, type: Tensor.DataType, store: OutputCaptureStore) {
      self.id = id
      self.type = type
      self.store = store
    }

    deinit { storage.deallocate() }

    /// Makes room for `byteCount` bytes, 64-byte aligned (contents not kept).
    fileprivate func reserve(_ byteCount: Int) {
      guard storage.count < byteCount else { return }
      storage.deallocate()
      storage = .allocate(byteCount: max(byteCount, 2 * storage.count), alignment: 64)
    }
  }

  /// The runtime whose buffers the kernel reads.
  let library: LiteRTLibrary
  /// One entry per capture id; the rewrite numbers them 0, 1, 2, …
  private(set) var entries: [Entry] = []
  private let lock = NSLock()
  private var run: UInt64 = 0
  private var failure: String?
  /// Whether a run is under way (between ``beginRun()`` and ``endRun()``).
  private var running = false

  /// - Parameter types: the element type of each capture id, `types[id]`.
  init(library: LiteRTLibrary, types: [Tensor.DataType]) {
    self.library = library
    entries = types.enumerated().map { Entry(id: Int32($0.offset), type: $0.element, store: self) }
  }

  /// The entry of capture `id`, if there is one.
  func entry(_ id: Int32) -> Entry? {
    entries.indices.contains(Int(id)) ? entries[Int(id)] : nil
  }

  // MARK: Runs

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
    running = false
    lock.unlock()
  }

  /// Stores a copy of `bytes` with the dimensions `shape` as the current run's value of `entry`.
  func record(_ entry: Entry, shape: UnsafeBufferPointer<Int32>, bytes: UnsafeRawBufferPointer) {
    lock.lock()
    defer { lock.unlock() }
    entry.reserve(bytes.count)
    if let source = bytes.baseAddress, let destination = entry.storage.baseAddress {
      destination.copyMemory(from: source, byteCount: bytes.count)
    }
    entry.shape.removeAll(keepingCapacity: true)
    for dimension in shape { entry.shape.append(Int(dimension)) }
    entry.byteCount = bytes.count
    entry.run = run
  }

  /// Notes why the kernel could not record a value in the current run.
  func recordFailure(_ reason: String) {
    lock.lock()
    defer { lock.unlock() }
    if failure == nil { failure = reason }
  }

  /// The shape and byte count capture `id` got in run `run`, or why it has none.
  func result(id: Int32, run: UInt64) -> Result<(shape: [Int], byteCount: Int), CaptureMissing> {
    lock.lock()
    defer { lock.unlock() }
    guard let entry = entry(id), entry.run == run else {
      return .failure(CaptureMissing(reason: failure ?? "the capture operator did not run"))
    }
    return .success((entry.shape, entry.byteCount))
  }

  /// Calls `body` with the current value of capture `id` (empty before the first run).
  func withBytes<R>(id: Int32, _ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
    lock.lock()
    let bytes = entry(id).map { UnsafeMutableRawBufferPointer(rebasing: $0.storage[0..<$0.byteCount]) }
    lock.unlock()
    return try body(bytes ?? UnsafeMutableRawBufferPointer(start: nil, count: 0))
  }

  /// Why a run left a captured output without a value.
  struct CaptureMissing: Error {
    let reason: String
  }

  // MARK: Allocation

  /// Notes the layouts of `entry`'s inputs, `header` `[rank + 1]` and `data` `[count + 1]`, as
  /// TensorFlow Lite prepared the operator.
  func recordLayouts(_ entry: Entry, headerLength: Int, dataLength: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard headerLength >= 1, dataLength >= 1 else { return }
    entry.layout = (running, headerLength - 1, dataLength - 1)
  }

  /// The rank and element count of capture `id` as TensorFlow Lite last prepared its operator
  /// while allocating. `nil` when it was last prepared during a run: an operator before it has a
  /// data-dependent output, so its shape is known only once the data is.
  func preparedLayout(id: Int32) -> (rank: Int, count: Int)? {
    lock.lock()
    defer { lock.unlock() }
    guard let layout = entry(id)?.layout, !layout.duringRun else { return nil }
    return (layout.rank, layout.count)
  }

  /// Replaces the value of `id` by `byteCount` zero bytes of `shape` (no run's value).
  func reset(id: Int32, shape: [Int], byteCount: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard let entry = entry(id) else { return }
    entry.reserve(byteCount)
    if byteCount > 0 {
      UnsafeMutableRawBufferPointer(rebasing: entry.storage[0..<byteCount]).initializeMemory(
        as: UInt8.self, repeating: 0)
    }
    entry.shape = shape
    entry.byteCount = byteCount
    entry.run = 0
  }
}
