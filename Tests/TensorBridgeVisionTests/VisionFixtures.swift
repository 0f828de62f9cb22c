import Foundation
import XCTest

/// Paths of the committed vision fixtures and the Pillow reference values for them.
enum VisionFixtures {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/vision")

  static func image(_ name: String) -> URL { root.appendingPathComponent("images/\(name)") }
  static func imageData(_ name: String) throws -> Data { try Data(contentsOf: image(name)) }
  static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

  /// images/images.reference.json.
  static func imageReference() throws -> [String: Any] {
    let data = try Data(contentsOf: image("images.reference.json"))
    return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// A third-party model fetched by scripts/thirdparty/fetch.sh, or `nil` when not fetched.
  static func thirdParty(_ name: String) -> URL? {
    let url = root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".thirdparty/models/\(name)")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }
}
