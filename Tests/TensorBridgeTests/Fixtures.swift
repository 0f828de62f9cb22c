import Foundation
import XCTest

/// Paths of the committed fixtures and the reference values Python LiteRT produced for them.
enum Fixtures {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
  static let models = root.appendingPathComponent("models")

  static func model(_ name: String) -> String { models.appendingPathComponent("\(name).tflite").path }

  static func data(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: model(name))) }

  static func reference(_ name: String) throws -> Reference {
    let url = models.appendingPathComponent("\(name).reference.json")
    return try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
  }

  /// `dynamic/<name>.tflite`: the models LiteRT prepares only once their inputs are sized.
  static func dynamicModel(_ name: String) -> String {
    root.appendingPathComponent("dynamic/\(name).tflite").path
  }

  /// `dynamic/<name>.reference.json`, written by scripts/fixtures/make_sized_at_run.py or
  /// make_hybrid_frames.py.
  static func dynamicReference<Reference: Decodable>(_ name: String, as type: Reference.Type) throws -> Reference {
    let url = root.appendingPathComponent("dynamic/\(name).reference.json")
    return try JSONDecoder().decode(type, from: Data(contentsOf: url))
  }

  /// Every model stem that has a reference file.
  static func referencedModels() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: models.path)
      .filter { $0.hasSuffix(".reference.json") }
      .map { String($0.dropLast(".reference.json".count)) }
      .sorted()
  }
}

/// `<model>.reference.json`, written by scripts/fixtures/make_fixtures.py.
struct Reference: Decodable {
  struct TensorValue: Decodable {
    let index: Int
    let name: String
    let signature_name: String?
    let dtype: String
    let shape: [Int]
    let data: [Double]
  }
  struct Case: Decodable {
    let signature: String?
    let inputs: [TensorValue]
    let outputs: [TensorValue]
  }
  struct TensorDescription: Decodable {
    let index: Int
    let name: String
    let dtype: String
    let shape: [Int]
    let shape_signature: [Int]
    let quantization: Quantization
  }
  struct Quantization: Decodable {
    let scale: Double
    let zero_point: Int
  }
  struct Tensors: Decodable {
    let inputs: [TensorDescription]
    let outputs: [TensorDescription]
  }
  struct Signature: Decodable {
    let subgraph_index: Int
  }
  let model: String
  let cases: [Case]
  let tensors: Tensors
  let signatures: [String: Signature]?
  let expect_error: String?
}
