import Foundation
import TFLiteFormat
import TensorBridge
import TensorBridgeModels
import XCTest

/// One load reads, verifies, describes and compiles a model once, and every interpreter made
/// on the user's behalf gets the user's options (issue 15).
final class LoadOnceTests: XCTestCase {
  /// Options that differ from the defaults in every field a load could drop.
  let options = Interpreter.Options(
    threadCount: 2, logSeverity: .silent, stringOutputByteCapacity: 4096, isOutputCaptureEnabled: false)

  /// Runs `body` with a fresh observer and returns it.
  func observe(_ body: () throws -> Void) rethrows -> LoadObserver {
    let observer = LoadObserver()
    try LoadObserver.$current.withValue(observer) { try body() }
    return observer
  }

  func assertCounts(
    _ observer: LoadObserver, read: Int = 1, verify: Int = 1, describe: Int, compile: Int = 1,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(observer.count(of: .read), read, "reads; \(observer.summary)", file: file, line: line)
    XCTAssertEqual(observer.count(of: .verify), verify, "verifications; \(observer.summary)", file: file, line: line)
    XCTAssertEqual(observer.count(of: .describe), describe, "descriptions; \(observer.summary)", file: file, line: line)
    XCTAssertEqual(observer.count(of: .compile), compile, "compilations; \(observer.summary)", file: file, line: line)
  }

  func testInterpreterFromAVerifiedModelNeitherReadsNorVerifiesAgain() throws {
    let path = BundleTestSupport.model("two_vectors").path
    var model: TFLiteModel?
    assertCounts(try observe { model = try TFLiteModel(modelPath: path) }, describe: 0, compile: 0)
    let verified = try XCTUnwrap(model)
    var interpreter: Interpreter?
    assertCounts(
      try observe { interpreter = try Interpreter(model: verified, options: options) },
      read: 0, verify: 0, describe: 0)
    XCTAssertEqual(interpreter?.options, options)
    XCTAssertEqual(interpreter?.inputTensorCount, 2)
    // The conveniences are the same load: one read and one verification.
    assertCounts(try observe { _ = try Interpreter(modelPath: path) }, describe: 0)
  }

  func testModelFromATFLiteWithMetadataLoadsOnce() throws {
    var model: Model?
    let observer = try observe {
      model = try Model(contentsOf: BundleTestSupport.model("metadata_classifier"), options: options)
    }
    assertCounts(observer, describe: 1)
    XCTAssertEqual(observer.details(of: .compile), [options.loadReportDescription])
    XCTAssertEqual(model?.interpreter.options, options)
    XCTAssertNotNil(model?.description.outputs.first?.labels, "labels still come from the metadata")
  }

  func testModelFromAPlainTFLiteLoadsOnce() throws {
    var model: Model?
    let observer = try observe {
      model = try Model(contentsOf: BundleTestSupport.model("two_vectors"), options: options)
    }
    assertCounts(observer, describe: 1)
    XCTAssertEqual(model?.interpreter.options, options)
    XCTAssertEqual(model?.description.inputs.map(\.shape), [[4], [8]])
  }

  func testBundleFolderLoadsItsModelOnce() throws {
    var model: Model?
    let observer = try observe {
      model = try Model(contentsOf: BundleTestSupport.bundle("two-vectors"), options: options)
    }
    // model.json describes it: the model is read only to run it.
    assertCounts(observer, describe: 0)
    XCTAssertEqual(model?.interpreter.options, options)
  }

  func testBundleFolderWithAMetadataModelReadsItOnce() throws {
    // model.json describes the layers; the model's metadata adds the labels: the model is read
    // and verified to merge them, then compiled from that same verified model.
    let folder = try BundleTestSupport.makeBundle(
      json: BundleTestSupport.twoVectorJSON(
        inputs: #"[{ "name": "features", "type": "array", "shape": [4] }]"#,
        outputs: #"[{ "name": "probabilities", "type": "array", "shape": [3] }]"#),
      model: "metadata_classifier", testCase: self)
    var model: Model?
    let observer = try observe { model = try Model(contentsOf: folder, options: options) }
    assertCounts(observer, describe: 1)
    XCTAssertEqual(model?.interpreter.options, options)
    XCTAssertNotNil(model?.description.outputs.first?.labels, "labels merged from the metadata")
  }

  func testDescribingAModelFileCompilesNothing() throws {
    let observer = try observe { _ = try ModelBundle(modelFile: BundleTestSupport.model("metadata_classifier")) }
    assertCounts(observer, describe: 1, compile: 0)
  }

  func testValidationUsesTheUsersOptions() throws {
    let bogus = Interpreter.Options(runtimeLibraryPath: "/nonexistent/libLiteRt.so")
    let problems = ModelBundle.validate(BundleTestSupport.bundle("two-vectors"), options: bogus)
    XCTAssertTrue(problems.contains { $0.description.contains("/nonexistent/libLiteRt.so") }, "\(problems)")
    var found: [BundleProblem] = []
    let observer = observe { found = ModelBundle.validate(BundleTestSupport.bundle("two-vectors"), options: options) }
    XCTAssertEqual(found, [])
    XCTAssertEqual(observer.details(of: .compile), [options.loadReportDescription])
  }

  func testModelFromAFileUsesTheUsersRuntime() {
    let bogus = Interpreter.Options(runtimeLibraryPath: "/nonexistent/libLiteRt.so")
    XCTAssertThrowsError(try Model(contentsOf: BundleTestSupport.model("metadata_classifier"), options: bogus)) {
      error in
      guard case ModelError.interpreter(.runtimeUnavailable) = error else { return XCTFail("\(error)") }
    }
  }
}

/// Descriptions now come from the verified model, not from a compiled one: for every fixture
/// model (converter corpus included) they must say what the compiled model says.
final class VerifiedDescriptionTests: XCTestCase {
  func testDescriptionsFromTheFileMatchTheCompiledModel() throws {
    let fixtures = BundleTestSupport.fixtures
    let files =
      FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "tflite" && !$0.path.contains("/crashers/") } ?? []
    XCTAssertGreaterThan(files.count, 50)
    var compared = 0
    for file in files {
      guard let bundle = try? ModelBundle(modelFile: file),
        let interpreter = try? Interpreter(
          model: XCTUnwrap(bundle.verifiedModel), options: .init(logSeverity: .silent)),
        // A model waiting for input sizes has no compiled tensors to compare (SizedAtRunTests).
        interpreter.inputSizesRequired == nil
      else { continue }
      compared += 1
      let name = file.lastPathComponent
      // A text or image layer's shape is the metadata's view, not the tensor's.
      for (index, layer) in bundle.description.inputs.enumerated() {
        guard let tensor = try? interpreter.input(at: index) else {
          XCTFail("\(name) input \(index)")
          continue
        }
        XCTAssertEqual(layer.dataType, tensor.dataType, "\(name) input \(index)")
        if layer.kind == .array {
          XCTAssertEqual(layer.shape, tensor.shapeSignature.dimensions, "\(name) input \(index)")
        }
      }
      XCTAssertEqual(bundle.description.inputs.count, interpreter.inputTensorCount, name)
      XCTAssertEqual(bundle.description.outputs.count, interpreter.outputTensorCount, name)
      for (index, layer) in bundle.description.outputs.enumerated() {
        guard let tensor = try? interpreter.output(at: index) else {
          XCTFail("\(name) output \(index)")
          continue
        }
        XCTAssertEqual(layer.dataType, tensor.dataType, "\(name) output \(index)")
        XCTAssertEqual(layer.shape, tensor.shapeSignature.dimensions, "\(name) output \(index)")
        if bundle.verifiedModel?.metadata(named: "TFLITE_METADATA") == nil {
          let expected = interpreter.outputSignatureName(at: index).flatMap { $0.isEmpty ? nil : $0 } ?? tensor.name
          XCTAssertEqual(layer.name, expected, "\(name) output \(index)")
        }
      }
      if bundle.verifiedModel?.metadata(named: "TFLITE_METADATA") == nil {
        for (index, layer) in bundle.description.inputs.enumerated() {
          let tensor = try interpreter.input(at: index)
          let expected = interpreter.inputSignatureName(at: index).flatMap { $0.isEmpty ? nil : $0 } ?? tensor.name
          XCTAssertEqual(layer.name, expected, "\(name) input \(index)")
        }
      }
    }
    XCTAssertGreaterThan(compared, 50)
  }
}
