/// Why the hub closed a connection on its own.
public enum ConnectionCut: String, Sendable, CaseIterable {
  /// Nothing arrived within ``HubTimeouts/firstByte`` of accepting it.
  case firstByte = "first-byte-timeout"
  /// A request head was not complete within ``HubTimeouts/requestHead``.
  case requestHead = "request-head-timeout"
  /// A request body brought less than ``HubTimeouts/bodyMinimumBytes`` in a ``HubTimeouts/body``
  /// interval.
  case bodyProgress = "body-timeout"
  /// Idle after a response for ``HubTimeouts/keepAlive``.
  case keepAlive = "keep-alive-timeout"
  /// A response made no progress for ``HubTimeouts/send`` (the client stopped reading).
  case sendProgress = "send-timeout"
  /// Closed, while idle, to make room for a new connection at the connection cap.
  case evicted = "evicted-at-cap"
}
