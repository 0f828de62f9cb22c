/// How long the hub waits for a client before it closes the connection. The defaults are
/// nginx's (`client_header_timeout` and `client_body_timeout` 60 s, `keepalive_timeout` 75 s,
/// `send_timeout` 60 s), with one difference users of nginx should know: the body timeout asks
/// for progress (``bodyMinimumBytes`` per ``body`` interval), not just one byte, so a body sent a
/// byte at a time is cut while a large upload on a slow link goes through.
///
/// Read timeouts count only the time the hub is waiting for the client: while the hub holds back
/// reading (a pipelined request behind a file being sent, an upload written to disk more slowly
/// than it arrives), their clocks stand still.
public struct HubTimeouts: Sendable, Equatable {
  /// From accepting a connection to its first byte.
  public var firstByte: Duration
  /// From the first byte of a request to the end of its head (request line and headers).
  public var requestHead: Duration
  /// The interval over which a request body must bring at least ``bodyMinimumBytes``.
  public var body: Duration
  /// The least body progress per ``body`` interval, in bytes.
  public var bodyMinimumBytes: Int
  /// From the end of a response (with nothing else owed) to the next request's first byte.
  public var keepAlive: Duration
  /// How long a response may wait, with bytes still to send, without any of its writes
  /// completing (a write is at most ``sendSliceBytes``, the sendfile path included).
  public var send: Duration

  /// The largest single write whose completion counts as progress for ``send``: file bodies
  /// (sendfile) are written in slices of this size, so a client reading slower than this per
  /// ``send`` interval (about 4 KiB/s with the defaults) is cut.
  public static let sendSliceBytes = 256 * 1024

  /// Timeouts with nginx's defaults unless given.
  public init(
    firstByte: Duration = .seconds(60), requestHead: Duration = .seconds(60), body: Duration = .seconds(60),
    bodyMinimumBytes: Int = 4096, keepAlive: Duration = .seconds(75), send: Duration = .seconds(60)
  ) {
    self.firstByte = firstByte
    self.requestHead = requestHead
    self.body = body
    self.bodyMinimumBytes = max(1, bodyMinimumBytes)
    self.keepAlive = keepAlive
    self.send = send
  }
}
