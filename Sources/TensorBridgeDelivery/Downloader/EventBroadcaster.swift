import Foundation

/// Hands every event to each current `AsyncStream` subscriber.
final class EventBroadcaster: Sendable {
  private let subscribers = LockedValue<[UUID: AsyncStream<ModelDownloadEvent>.Continuation]>([:])

  /// A new stream receiving every event from now on.
  func subscribe() -> AsyncStream<ModelDownloadEvent> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: ModelDownloadEvent.self, bufferingPolicy: .bufferingNewest(4096))
    let id = UUID()
    continuation.onTermination = { [weak self] _ in
      _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
    }
    subscribers.withLock { $0[id] = continuation }
    return stream
  }

  func send(_ event: ModelDownloadEvent) {
    let current = subscribers.withLock { Array($0.values) }
    for continuation in current { continuation.yield(event) }
  }

  deinit {
    for continuation in subscribers.withLock({ Array($0.values) }) { continuation.finish() }
  }
}
