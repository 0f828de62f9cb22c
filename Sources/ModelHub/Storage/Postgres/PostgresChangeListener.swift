import Foundation
import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// Keeps one connection listening on the change channel and counts notifications: the counter is
/// the store's change marker. The connection is re-established when lost (every second until it
/// succeeds); while it is down — and until the first connection — the marker changes on every
/// read, so the serving state is reloaded from the database on every request and nothing stale
/// is served. Each (re)connection bumps the counter too: notifications sent meanwhile are lost.
final class PostgresChangeListener: Sendable {
  private struct State {
    var generation: UInt64 = 0
    var connected = false
    /// Advanced on every read while disconnected.
    var reads: UInt64 = 0
  }
  private let state = NIOLockedValueBox(State())
  private let task = NIOLockedValueBox<Task<Void, Never>?>(nil)

  /// Starts listening on `channel` of the database `configuration` points to.
  init(configuration: PostgresConnection.Configuration, channel: String, logger: Logger) {
    let state = self.state
    let listening = Task {
      var id = 1
      while !Task.isCancelled {
        do {
          let connection = try await PostgresConnection.connect(
            configuration: configuration, id: id, logger: logger)
          id += 1
          do {
            try await connection.listen(on: channel) { notifications in
              state.withLockedValue {
                $0.connected = true
                $0.generation += 1
              }
              for try await _ in notifications { state.withLockedValue { $0.generation += 1 } }
            }
          } catch  where !Task.isCancelled {
            logger.warning("change listener lost its connection", metadata: ["error": "\(String(reflecting: error))"])
          } catch {
            // Cancelled: stopping, nothing to report.
          }
          state.withLockedValue { $0.connected = false }
          try? await connection.close()
        } catch  where !Task.isCancelled {
          state.withLockedValue { $0.connected = false }
          logger.warning("change listener cannot connect", metadata: ["error": "\(String(reflecting: error))"])
        } catch {
          state.withLockedValue { $0.connected = false }
        }
        try? await Task.sleep(for: .seconds(1))
      }
    }
    task.withLockedValue { $0 = listening }
  }

  /// Whether the listening connection is up.
  var isConnected: Bool { state.withLockedValue { $0.connected } }

  /// The current marker: the notification count while connected, a new value on every read otherwise.
  func marker() -> HubChangeMarker {
    state.withLockedValue { state in
      if !state.connected { state.reads += 1 }
      var bytes: [UInt8] = [state.connected ? 1 : 0]
      withUnsafeBytes(of: state.generation) { bytes.append(contentsOf: $0) }
      if !state.connected { withUnsafeBytes(of: state.reads) { bytes.append(contentsOf: $0) } }
      return HubChangeMarker(bytes: bytes)
    }
  }

  /// Moves the marker now, for a change this process committed: its own notification arrives a
  /// moment later, and a request in between must already see the change.
  func bump() { state.withLockedValue { $0.generation += 1 } }

  /// Stops listening and closes the connection.
  func stop() { task.withLockedValue { $0?.cancel() } }
}
