import Foundation

/// The progress handlers of completion-handler `getModel` calls, by model name.
final class ProgressHandlers: Sendable {
  private let handlers = LockedValue<[String: [UUID: @Sendable (Float) -> Void]]>([:])

  /// Registers `handler` for downloads of `name`.
  func add(name: String, _ handler: @escaping @Sendable (Float) -> Void) -> UUID {
    let id = UUID()
    handlers.withLock { $0[name, default: [:]][id] = handler }
    return id
  }

  func remove(name: String, _ id: UUID) {
    handlers.withLock { $0[name]?[id] = nil }
  }

  /// Calls every handler of `name` with the fraction done.
  func report(name: String, fraction: Float) {
    let current = handlers.withLock { Array(($0[name] ?? [:]).values) }
    for handler in current { handler(fraction) }
  }
}
