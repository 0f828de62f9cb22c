import NIOConcurrencyHelpers

/// The open connections of one hub, across event loops, and the cap on their number. At the cap
/// a new connection takes the place of the one idle longest (no response owed: waiting for its
/// first byte, between keep-alive requests, or still sending a request head, so unauthenticated
/// by definition); only when every connection is busy is the new one refused. Idle connections
/// therefore cannot starve requests, and `/healthz` keeps answering however many pile up.
final class ConnectionRegistry: Sendable {
  /// Whether a new connection may stay.
  enum Admission {
    /// Registered under this id.
    case admitted(UInt64)
    /// At the cap with nothing idle to close.
    case refused
  }

  private struct Entry {
    /// Closes the connection if it is still idle (run on its event loop), else puts it back.
    let evict: @Sendable () -> Void
    /// When it last became idle (a counter), or nil while a response is owed.
    var idleSince: UInt64?
  }

  private struct State {
    var entries: [UInt64: Entry] = [:]
    var lastID: UInt64 = 0
    var clock: UInt64 = 0
  }

  /// The most connections kept open.
  let limit: Int
  private let state = NIOLockedValueBox(State())

  /// A registry admitting up to `limit` connections.
  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Registers a new (idle) connection, evicting the longest-idle one if at the cap.
  func admit(evict: @escaping @Sendable () -> Void) -> Admission {
    var victim: (@Sendable () -> Void)?
    let admission = state.withLockedValue { state -> Admission in
      if state.entries.count >= limit {
        var oldest: (id: UInt64, since: UInt64)?
        for (id, entry) in state.entries {
          if let since = entry.idleSince, since < oldest?.since ?? .max { oldest = (id, since) }
        }
        guard let oldest, let entry = state.entries.removeValue(forKey: oldest.id) else { return .refused }
        victim = entry.evict
      }
      state.lastID += 1
      state.clock += 1
      state.entries[state.lastID] = Entry(evict: evict, idleSince: state.clock)
      return .admitted(state.lastID)
    }
    victim?()
    return admission
  }

  /// Puts back a connection chosen for eviction that turned busy before it could be closed.
  func readmit(_ id: UInt64, evict: @escaping @Sendable () -> Void) {
    state.withLockedValue { state in
      state.entries[id] = Entry(evict: evict, idleSince: nil)
    }
  }

  /// Records whether a connection owes no response (and may be evicted).
  func setIdle(_ id: UInt64, _ idle: Bool) {
    state.withLockedValue { state in
      guard state.entries[id] != nil else { return }
      if idle {
        state.clock += 1
        state.entries[id]?.idleSince = state.clock
      } else {
        state.entries[id]?.idleSince = nil
      }
    }
  }

  /// Forgets a closed connection.
  func remove(_ id: UInt64) {
    _ = state.withLockedValue { $0.entries.removeValue(forKey: id) }
  }

  /// Connections registered now.
  var count: Int { state.withLockedValue { $0.entries.count } }
}
