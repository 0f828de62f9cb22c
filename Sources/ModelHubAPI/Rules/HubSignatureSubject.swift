/// What a hub signature says it signs: the in-toto subject name of the bundle the hub serves
/// beside each version is `<model>/versions/<version>`, so that a valid signature of another
/// model, or of an older version of this one, is told apart from the one asked for.
public struct HubSignatureSubject: Sendable, Hashable, CustomStringConvertible {
  /// The model name.
  public var model: String
  /// The version number.
  public var version: Int

  /// Creates a subject.
  /// - Parameters:
  ///   - model: The model name.
  ///   - version: The version number.
  public init(model: String, version: Int) {
    self.model = model
    self.version = version
  }

  /// Reads a subject name; nil unless it is `<valid model name>/versions/<number ≥ 1>`.
  /// - Parameter name: The statement's subject name.
  public init?(name: String) {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[1] == "versions", HubName.isValid(String(parts[0])),
      let version = Int(parts[2]), version >= 1, String(version) == parts[2]
    else { return nil }
    self.init(model: String(parts[0]), version: version)
  }

  /// The subject name, `<model>/versions/<version>`.
  public var name: String { "\(model)/versions/\(version)" }

  /// The subject name.
  public var description: String { name }
}
