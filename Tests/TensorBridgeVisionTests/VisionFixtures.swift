import Foundation
import TestSupport
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

  /// scikit-image's photo `name` (astronaut, chelsea, coffee) fetched by
  /// scripts/vision/fetch_photos.sh; skips the test when it is not fetched.
  static func photo(_ name: String) throws -> URL {
    let url = root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".build-vision-data/photos/\(name).png")
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw XCTSkip("\(name).png not fetched (scripts/vision/fetch_photos.sh)")
    }
    return url
  }

  /// The third-party model `name`; skips the test when it is not fetched.
  static func requiredThirdParty(_ name: String) throws -> URL { try TestPaths.requiredThirdParty(name) }

  /// A temporary bundle of blazeface/model.json and the third-party `blazeface_short_range.tflite`
  /// (skips the test when that is not fetched); the caller removes it.
  static func blazeFaceBundle() throws -> URL {
    let model = try requiredThirdParty("blazeface_short_range.tflite")
    let bundle = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tb-blazeface-\(UUID().uuidString).tiobundle")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: url("blazeface/model.json"), to: bundle.appendingPathComponent("model.json"))
    try FileManager.default.copyItem(at: model, to: bundle.appendingPathComponent("model.tflite"))
    return bundle
  }

  /// A third-party model fetched by scripts/thirdparty/fetch.sh, or `nil` when not fetched.
  static func thirdParty(_ name: String) -> URL? { TestPaths.thirdParty(name) }
}
