import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Samples the process's resident memory at an interval while it runs, keeping the highest
/// sample — how much memory an inference or a training run takes (Tensor/IO's
/// `TIOMemorySampler`).
///
/// ```swift
/// let sampler = MemorySampler(interval: .milliseconds(10))
/// sampler.start()
/// for try await _ in trainable.train(dataSource: data, epochs: 5, batchSize: 8) {}
/// sampler.stop()
/// print(sampler.maxResidentBytes ?? 0)
/// ```
///
/// Samples are taken on a background thread (a `DispatchSourceTimer`); reading the result while
/// it runs is safe.
public final class MemorySampler: @unchecked Sendable {
  /// The time between two samples.
  public let interval: Duration

  // Guarded by `lock`.
  private let lock = NSLock()
  private var timer: (any DispatchSourceTimer)?
  private var highest: Int?

  /// A sampler that samples every `interval` once started.
  public init(interval: Duration) {
    self.interval = interval
  }

  deinit { timer?.cancel() }

  /// The highest resident size sampled, in bytes; nil before the first sample (``start()`` takes
  /// one at once).
  public var maxResidentBytes: Int? {
    lock.withLock { highest }
  }

  /// Starts sampling (a sample at once, then one every ``interval``); does nothing if started.
  public func start() {
    let milliseconds = max(
      1, Int(interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000))
    let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "TensorBridge.MemorySampler"))
    source.schedule(deadline: .now(), repeating: .milliseconds(milliseconds))
    source.setEventHandler { [weak self] in self?.sample() }
    let started = lock.withLock {
      guard timer == nil else { return false }
      timer = source
      return true
    }
    guard started else { return }
    sample()
    source.resume()
  }

  /// Stops sampling, after a last sample; the result stays readable.
  public func stop() {
    let source = lock.withLock {
      defer { timer = nil }
      return timer
    }
    guard let source else { return }
    source.cancel()
    sample()
  }

  private func sample() {
    guard let bytes = Self.residentBytes() else { return }
    lock.withLock { highest = max(highest ?? 0, bytes) }
  }

  /// The process's resident set size now, in bytes; nil where it cannot be read.
  public static func residentBytes() -> Int? {
    #if os(Linux)
      // /proc/self/statm: total and resident sizes, in pages.
      guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
      let fields = text.split(separator: " ")
      guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
      return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #elseif canImport(Darwin)
      var info = mach_task_basic_info()
      var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
      let status = withUnsafeMutablePointer(to: &info) { pointer in
        pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
          task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
        }
      }
      return status == KERN_SUCCESS ? Int(info.resident_size) : nil
    #else
      return nil
    #endif
  }
}
