import Foundation

/// The answer of `GET /v1/models/{name}/downloads[?days=N]`: how many download answers
/// (`:download` with a download URL, not `304`) the hub gave per version per UTC day.
public struct HubDownloadCounts: Codable, Sendable, Equatable {
  /// One version's count on one day.
  public struct Day: Codable, Sendable, Equatable {
    /// The UTC day, `YYYY-MM-DD`.
    public var day: String
    /// The version served.
    public var version: Int
    /// How many download answers named this version that day.
    public var count: Int

    /// Creates a count.
    public init(day: String, version: Int, count: Int) {
      self.day = day
      self.version = version
      self.count = count
    }
  }

  /// The model.
  public var model: String
  /// The first day covered (UTC, `YYYY-MM-DD`); days before it are not listed.
  public var since: String
  /// The counts, by day then version; days and versions without downloads are absent.
  public var days: [Day]

  /// Creates a count list.
  public init(model: String, since: String, days: [Day]) {
    self.model = model
    self.since = since
    self.days = days
  }
}

/// The body of `POST /v1/keys`: the scope of the key to create.
public struct HubCreateKeyRequest: Codable, Sendable, Equatable {
  /// What the new key may do.
  public var scope: HubKeyScope

  /// Creates a request.
  public init(scope: HubKeyScope) { self.scope = scope }
}
