import Foundation
import TestSupport

/// The committed model fixtures these tests upload.
enum HubFixtures {
  static func model(_ name: String) -> URL { TestPaths.fixtureModel(name) }
  static func data(_ name: String) throws -> Data { try Data(contentsOf: model(name)) }
}
