import Foundation
import XCTest

/// Temporary bundle folders for tests, built from committed fixture models.
enum BundleTestSupport {
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  static func model(_ name: String) -> URL { fixtures.appendingPathComponent("models/\(name).tflite") }
  static func bundle(_ name: String) -> URL { fixtures.appendingPathComponent("bundles/\(name).tiobundle") }

  /// A new bundle folder with `json` as model.json, `model` copied as model.tflite, and assets.
  static func makeBundle(
    json: String, model: String? = "two_vectors", assets: [String: Data] = [:], testCase: XCTestCase
  ) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tb-bundle-\(UUID().uuidString).tiobundle")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
    testCase.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    try Data(json.utf8).write(to: folder.appendingPathComponent("model.json"))
    if let model {
      try FileManager.default.copyItem(at: Self.model(model), to: folder.appendingPathComponent("model.tflite"))
    }
    for (name, data) in assets { try data.write(to: folder.appendingPathComponent("assets/\(name)")) }
    return folder
  }

  /// The seed's two-vector model.json with `inputs`/`outputs` replaced when given.
  static func twoVectorJSON(inputs: String? = nil, outputs: String? = nil, model: String? = nil) -> String {
    """
    {
      "name": "Example Model",
      "details": "This model takes two vector valued inputs and produces two vector valued outputs",
      "id": "my-awesome-model",
      "version": "1",
      "author": "doc.ai",
      "license": "Apache 2",
      "model": \(model ?? #"{ "file": "model.tflite", "quantized": false }"#),
      "inputs": \(inputs ?? #"[{ "name": "foo-features", "type": "array", "shape": [4] }, { "name": "bar-features", "type": "array", "shape": [8] }]"#),
      "outputs": \(outputs ?? #"[{ "name": "baz-outputs", "type": "array", "shape": [3] }, { "name": "qux-outputs", "type": "array", "shape": [6] }]"#)
    }
    """
  }
}
