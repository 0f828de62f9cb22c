import Foundation
import ModelHubAPI
import TestSupport

/// The committed model fixtures these tests upload.
enum HubFixtures {
  static func model(_ name: String) -> URL { TestPaths.fixtureModel(name) }
  static func data(_ name: String) throws -> Data { try Data(contentsOf: model(name)) }

  /// Creates model `name` on `hub` with three versions: 1 (`linear`) and 2 (`two_vectors`)
  /// published, 3 (`two_vectors_int8`) not. Returns them in order.
  @discardableResult
  static func threeVersions(_ name: String, on hub: TestHub) async throws -> [HubModelVersion] {
    try await hub.createModel(name)
    return [
      try await hub.upload(name, try data("linear"), publish: true),
      try await hub.upload(name, try data("two_vectors"), publish: true),
      try await hub.upload(name, try data("two_vectors_int8")),
    ]
  }
}
