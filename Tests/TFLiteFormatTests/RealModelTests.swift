import Foundation
import TensorBridge
import TestSupport
import Testing

@testable import TFLiteFormat

/// Real `.tflite` files: the fixtures in `Tests/Fixtures/models`, plus any
/// directories listed (colon-separated) in the `TFLITE_FORMAT_EXTRA_MODELS`
/// environment variable, searched recursively. Skipped when there are none.
enum RealModels {
  /// `Tests/Fixtures/models`, found from this file's location (symlinks resolved).
  static var fixturesDirectory: URL {
    URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/models")
  }

  /// All model files to check, sorted.
  static let paths: [String] = {
    var directories = [fixturesDirectory.path]
    if let extra = ProcessInfo.processInfo.environment["TFLITE_FORMAT_EXTRA_MODELS"] {
      directories += extra.split(separator: ":").map(String.init)
    }
    var found: [String] = []
    for directory in directories {
      guard let enumerator = FileManager.default.enumerator(atPath: directory) else { continue }
      while let relative = enumerator.nextObject() as? String {
        if relative.hasSuffix(".tflite") {
          found.append((directory as NSString).appendingPathComponent(relative))
        }
      }
    }
    return found.sorted()
  }()
}

/// LiteRT crashers collected by fuzzing into `Tests/Fixtures/crashers`.
enum CrasherModels {
  static let paths: [String] = {
    let directory = RealModels.fixturesDirectory.deletingLastPathComponent().appendingPathComponent("crashers").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".tflite") }.sorted().map { (directory as NSString).appendingPathComponent($0) }
  }()
}

@Suite("Real models")
struct RealModelTests {
  @Test(
    "Every real model parses, validates, and keeps every promise",
    .enabled(if: !RealModels.paths.isEmpty, "no .tflite files in Tests/Fixtures/models or TFLITE_FORMAT_EXTRA_MODELS"),
    arguments: RealModels.paths)
  func realModel(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let model: TFLiteModel
    do {
      model = try TFLiteModel(data: data)
    } catch {
      Issue.record("\(path): \(error)")
      return
    }
    checkInvariants(model, byteCount: data.count)
    #expect(model.version == 3)
    let operatorCount = model.subgraphs.reduce(0) { $0 + $1.operators.count }
    #expect(operatorCount == 0 || !model.operatorNames.isEmpty)
    for name in model.operatorNames {
      #expect(!name.isEmpty && !name.hasPrefix("UNKNOWN_BUILTIN_"), "\(path): unexpected operator \(name)")
    }
  }

  @Test(
    "Truncated real models are rejected without crashing",
    .enabled(if: !RealModels.paths.isEmpty, "no .tflite files in Tests/Fixtures/models or TFLITE_FORMAT_EXTRA_MODELS"))
  func truncatedRealModels() throws {
    for path in RealModels.paths.prefix(5) {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      var random = SplitMix64(seed: UInt64(bytes.count))
      for _ in 0..<50 {
        let length = Int.random(in: 0..<bytes.count, using: &random)
        if case .success(let model) = parse(Array(bytes.prefix(length))) {
          checkInvariants(model, byteCount: length)
        }
      }
    }
  }

  @Test(
    "Every known LiteRT crasher is rejected",
    .enabled(if: !CrasherModels.paths.isEmpty, "no .tflite files in Tests/Fixtures/crashers"),
    arguments: CrasherModels.paths)
  func crasherRejected(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(throws: TFLiteFormatError.self, "\(path) must be rejected before LiteRT sees it") {
      try TFLiteModel(data: data)
    }
  }
}
