import Foundation

/// A value guarded by a lock, for state shared with URLSession delegate callbacks and
/// nonisolated API (the package supports macOS 13, before `Synchronization.Mutex`).
final class LockedValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  /// Runs `body` with exclusive access to the value.
  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
