import Foundation
import XCTest

/// The committed text fixtures (Tests/Fixtures/text) and their Python references.
enum TextFixtures {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/text")
  static let models = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/models")

  static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

  static func json(_ name: String) throws -> [String: Any] {
    let data = try Data(contentsOf: url(name))
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  static func cases(_ name: String) throws -> [[String: Any]] {
    try XCTUnwrap(try json(name)["cases"] as? [[String: Any]])
  }

  /// A temporary bundle folder: `json` as model.json, `model` (a path under Fixtures/text or
  /// Fixtures/models) as model.tflite, and assets.
  static func makeBundle(json: String, model: URL, assets: [String: Data], testCase: XCTestCase) throws -> URL {
    let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("tb-text-\(UUID().uuidString).tiobundle")
    try FileManager.default.createDirectory(
      at: bundle.appendingPathComponent("assets"), withIntermediateDirectories: true)
    testCase.addTeardownBlock { try? FileManager.default.removeItem(at: bundle) }
    try Data(json.utf8).write(to: bundle.appendingPathComponent("model.json"))
    try FileManager.default.copyItem(at: model, to: bundle.appendingPathComponent("model.tflite"))
    for (name, data) in assets { try data.write(to: bundle.appendingPathComponent("assets/\(name)")) }
    return bundle
  }

  /// A model.json around the given input and output layer JSON.
  static func modelJSON(
    inputs: String, outputs: String = #"[{ "name": "scores", "type": "array", "shape": [2], "labels": "labels.txt" }]"#
  ) -> String {
    """
    { "name": "t", "details": "d", "id": "t", "version": "1", "author": "a", "license": "l",
      "model": { "file": "model.tflite", "quantized": false },
      "inputs": \(inputs), "outputs": \(outputs) }
    """
  }

  static var sentimentVocabulary: Data {
    get throws { try Data(contentsOf: url("sentiment.tiobundle/assets/vocab.txt")) }
  }
  static var bertVocabulary: Data { get throws { try Data(contentsOf: url("bert.tiobundle/assets/vocab.txt")) } }
  static var labels: Data { Data("negative\npositive\n".utf8) }
}
