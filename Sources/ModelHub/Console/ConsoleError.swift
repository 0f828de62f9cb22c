/// What can go wrong setting up or rendering the console (request errors are ``HubError``s).
public enum ConsoleError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A template or static file is not in the ModelHub bundle.
  case resourcesMissing(String)
  /// A template does not parse.
  case templateInvalid(name: String, reason: String)
  /// A page asked for a template that does not exist.
  case templateMissing(String)

  /// A sentence naming the problem.
  public var description: String {
    switch self {
    case .resourcesMissing(let what): "The console's resources are missing: \(what)."
    case .templateInvalid(let name, let reason): "The console template '\(name)' does not parse: \(reason)"
    case .templateMissing(let name): "The console has no template named '\(name)'."
    }
  }
}
