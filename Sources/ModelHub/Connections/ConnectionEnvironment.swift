import Logging

/// What every connection's ``ConnectionGuardHandler`` shares: the timeouts, the registry holding
/// the cap, the counters and the logger.
struct ConnectionEnvironment: Sendable {
  /// The timeouts.
  let timeouts: HubTimeouts
  /// Open connections and the cap.
  let registry: ConnectionRegistry
  /// Counts of connections accepted, refused and cut.
  let counters: ConnectionCounters
  /// Where cuts and refusals are logged.
  let logger: Logger
}
