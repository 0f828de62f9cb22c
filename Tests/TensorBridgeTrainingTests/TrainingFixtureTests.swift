import Foundation
import TensorBridge
import TensorBridgeModels
import XCTest

@testable import TensorBridgeTraining

/// Python LiteRT's reference for a training fixture (scripts/fixtures/make_training_fixtures.py):
/// the losses of training on the committed data in order and the weights before and after.
struct TrainingReference: Decodable {
  var batch_size: Int
  var epochs: Int
  var losses: [Double]
  var weights: [String: [Double]]
  var initial_weights: [String: [Double]]
  var infer_first_two: [Double]
}

/// The training fixtures of Tests/Fixtures/training (a dense head and a small conv net,
/// TensorFlow's on-device training pattern), for the test cases that train them.
protocol TrainingFixtureTests: XCTestCase {}

extension TrainingFixtureTests {
  static var folder: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/training")
  }

  func reference(_ name: String) throws -> TrainingReference {
    try JSONDecoder().decode(
      TrainingReference.self, from: Data(contentsOf: Self.folder.appendingPathComponent("\(name).reference.json")))
  }

  /// A fresh model from the fixture's bundle.
  func model(_ name: String) throws -> TrainableModel {
    try TrainableModel(contentsOf: Self.folder.appendingPathComponent("\(name).tiobundle"))
  }

  /// The fixture's committed training data.
  func data(_ name: String) throws -> Batch {
    try Batch(contentsOf: Self.folder.appendingPathComponent("\(name).data.json"))
  }

  func assertClose(
    _ actual: [Float], _ expected: [Double], _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(actual.count, expected.count, message, file: file, line: line)
    for (a, e) in zip(actual, expected) {
      XCTAssertEqual(Double(a), e, accuracy: 1e-5, message, file: file, line: line)
    }
  }
}
