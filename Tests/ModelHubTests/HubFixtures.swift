import Foundation
import XCTest

/// Paths of the committed model fixtures and the built `tensorbridge` executable.
enum HubFixtures {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
  static let repository = root.deletingLastPathComponent().deletingLastPathComponent()

  static func model(_ name: String) -> URL { root.appendingPathComponent("models/\(name).tflite") }
  static func data(_ name: String) throws -> Data { try Data(contentsOf: model(name)) }

  /// The `tensorbridge` executable built next to the test bundle (on Linux the bundle URL is the
  /// products folder itself; on Apple platforms it is the `.xctest` bundle inside it).
  static var cli: URL {
    let bundle = Bundle(for: Marker.self).bundleURL
    let candidates = [bundle.appendingPathComponent("tensorbridge"),
                      bundle.deletingLastPathComponent().appendingPathComponent("tensorbridge")]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
  }
  private final class Marker {}

  /// A fresh temporary folder.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("modelhub-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
