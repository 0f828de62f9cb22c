import ModelHubAPI

extension HubName {
  /// Throws ``HubError/invalidName(_:)`` unless `name` is a valid model name.
  static func check(_ name: String) throws(HubError) {
    guard isValid(name) else { throw .invalidName(name) }
  }
}
