import Foundation

/// The body of `PUT /v1/models/{name}/aliases/{alias}`: the version the alias names from now on.
public struct HubSetAliasRequest: Codable, Sendable, Equatable {
  /// A published version of the model.
  public var version: Int

  /// Creates a request.
  public init(version: Int) { self.version = version }
}
