import NIOConcurrencyHelpers

/// What happened to the hub's connections since it started: how many are open, how many were
/// accepted, refused at the cap, and cut by each timeout (also logged, one line per connection,
/// with the reason).
public final class ConnectionCounters: Sendable {
  /// A snapshot of the counts.
  public struct Counts: Sendable, Equatable {
    /// Connections open now.
    public var open = 0
    /// Connections accepted (refused ones included).
    public var accepted = 0
    /// Connections answered `503` and closed because the cap was reached with none idle.
    public var refused = 0
    /// Connections the hub closed, by reason.
    public var cut: [ConnectionCut: Int] = [:]

    /// Counts with these values.
    public init(open: Int = 0, accepted: Int = 0, refused: Int = 0, cut: [ConnectionCut: Int] = [:]) {
      self.open = open
      self.accepted = accepted
      self.refused = refused
      self.cut = cut
    }

    /// How many connections were closed for `reason`.
    public subscript(_ reason: ConnectionCut) -> Int { cut[reason, default: 0] }
  }

  private let counts = NIOLockedValueBox(Counts())

  /// Starts at zero.
  public init() {}

  /// The counts now.
  public var current: Counts { counts.withLockedValue { $0 } }

  func recordOpened() {
    counts.withLockedValue {
      $0.open += 1
      $0.accepted += 1
    }
  }
  func recordClosed() { counts.withLockedValue { $0.open -= 1 } }
  func recordRefused() { counts.withLockedValue { $0.refused += 1 } }
  func recordCut(_ reason: ConnectionCut) { counts.withLockedValue { $0.cut[reason, default: 0] += 1 } }
}
