import Foundation

/// The hub's OpenAPI 3 document, `openapi.json`, a resource of this module: served at
/// `/openapi.json`, printed by `tensorbridge hub openapi` and copied to `docs/openapi.json`
/// (a test keeps the copy identical and checks the document's operations against ``HubAPI``).
public enum ModelHubOpenAPI {
  /// The document's file in this module's resource bundle.
  ///
  /// Executables find the bundle (`TensorBridge_ModelHubAPI.resources` on Linux) next to
  /// themselves: ship that folder with the binary.
  public static var url: URL? {
    ResourceBundle.named("ModelHubAPI")?.url(forResource: "openapi", withExtension: "json")
  }

  /// The document's bytes (JSON, UTF-8).
  /// - Throws: ``ModelHubOpenAPIError/unreadable(path:reason:)`` when the resource is missing or
  ///   cannot be read.
  public static func data() throws(ModelHubOpenAPIError) -> Data {
    guard let url else {
      throw .unreadable(path: "openapi.json", reason: ResourceBundle.missing("ModelHubAPI"))
    }
    do { return try Data(contentsOf: url) } catch {
      throw .unreadable(path: url.path, reason: (error as NSError).localizedDescription)
    }
  }
}

/// Why the OpenAPI document could not be read.
public enum ModelHubOpenAPIError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The resource is missing or unreadable.
  case unreadable(path: String, reason: String)

  /// A sentence saying what went wrong.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "Cannot read the hub's OpenAPI document \(path): \(reason)."
    }
  }
}
