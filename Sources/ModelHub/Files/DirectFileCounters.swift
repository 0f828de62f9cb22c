import NIOConcurrencyHelpers

/// How many file downloads the sendfile path (`DirectFileHandler`) answered, how many of those
/// failed (the client went away mid-file, or the file could not be opened), and how many version
/// checks it answered with a `304` itself. Requests that were passed on to the router are not
/// counted here.
public final class DirectFileCounters: Sendable {
  /// A snapshot of the counts.
  public struct Counts: Sendable, Equatable {
    /// Responses (`200`, `206`, `304`, `HEAD`) written completely.
    public var served = 0
    /// Responses that started but could not be written completely, plus files that existed but
    /// could not be opened.
    public var failed = 0
    /// Version checks (`GET …:download`) answered `304` on the connection, without the router.
    public var versionChecks = 0

    /// Counts with these values.
    public init(served: Int = 0, failed: Int = 0, versionChecks: Int = 0) {
      self.served = served
      self.failed = failed
      self.versionChecks = versionChecks
    }
  }

  private let counts = NIOLockedValueBox(Counts())

  /// Starts at zero.
  public init() {}

  /// The counts now.
  public var current: Counts { counts.withLockedValue { $0 } }

  func recordServed() { counts.withLockedValue { $0.served += 1 } }
  func recordFailure() { counts.withLockedValue { $0.failed += 1 } }
  func recordVersionCheck() { counts.withLockedValue { $0.versionChecks += 1 } }
}
