/// Why the LiteRT runtime library could not be used.
public enum LiteRTRuntimeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No `libLiteRt` was found. `searched` lists every place that was tried, in order.
  case libraryNotFound(searched: [String])
  /// A library was found but `dlopen` refused it.
  case libraryLoadFailed(path: String, reason: String)
  /// The library lacks a function TensorBridge needs (an incompatible LiteRT version).
  case missingSymbol(name: String, path: String)

  /// The command that installs the pinned runtime into the project.
  public static let installCommand = "bash scripts/setup.sh"

  public var description: String {
    switch self {
    case .libraryNotFound(let searched):
      let places = searched.map { "  - \($0)" }.joined(separator: "\n")
      return """
        The LiteRT runtime library (libLiteRt) was not found. Looked in, in order:
        \(places)
        Fix: run `\(Self.installCommand)` in the TensorBridge checkout, or set \
        \(LiteRTLibraryLocator.environmentVariable) to the path of libLiteRt.so.
        """
    case .libraryLoadFailed(let path, let reason):
      return "The LiteRT runtime at \(path) could not be loaded: \(reason)."
    case .missingSymbol(let name, let path):
      return
        "The LiteRT runtime at \(path) does not export \(name); install the pinned version with `\(Self.installCommand)`."
    }
  }
}
