import Foundation
import TensorBridge
import XCTest

@testable import TensorBridgeModels

/// doc-ai/tensorio-android's JUnit tests (core/src/test/java/ai/doc/tensorio/core/…) that test
/// model.json rules, each reproduced against our parser and naming its source file and method.
/// Its batch and data-source tests are in TensorBridgeTrainingTests
/// (`TensorIOAndroidBatchTests`); its integration and validator tests are the iOS cases of
/// the same names (TensorIOIntegrationTests, TensorIOConformanceTests,
/// TensorIOValidatorConformanceTests); what does not apply is listed in CONFORMANCE.md.
final class TensorIOAndroidConformanceTests: XCTestCase {
  func modes(_ json: String?) throws -> [String] {
    var parser = DescriptionParser()
    let modes = json.map { #", "modes": \#($0)"# } ?? ""
    let section = parser.parseModelSection(
      try JSONValue.parse(Data(#"{"file": "model.tflite", "quantized": false\#(modes)}"#.utf8)))
    XCTAssertEqual(parser.problems, [])
    return try XCTUnwrap(section).modes
  }

  /// model/ModesTest.java, `testNoModesDefaultsToPredict`: no modes, and an empty list, predict.
  func testNoModesDefaultsToPredict() throws {
    XCTAssertEqual(try modes(nil), ["predict"])
    XCTAssertEqual(try modes("[]"), ["predict"])
  }

  /// model/ModesTest.java, `testParsesOnlyPredict`.
  func testParsesOnlyPredict() throws { XCTAssertEqual(try modes(#"["predict"]"#), ["predict"]) }

  /// model/ModesTest.java, `testParsesOnlyTraining`.
  func testParsesOnlyTraining() throws { XCTAssertEqual(try modes(#"["train"]"#), ["train"]) }

  /// model/ModesTest.java, `testParsesOnlyEval`.
  func testParsesOnlyEval() throws { XCTAssertEqual(try modes(#"["eval"]"#), ["eval"]) }

  /// model/ModesTest.java, `testParsesMultipleModes`.
  func testParsesMultipleModes() throws {
    XCTAssertEqual(Set(try modes(#"["predict", "train", "eval"]"#)), ["predict", "train", "eval"])
  }

  /// data/QuantizerTest.java: `testDataQuantizerStandardZeroToOne`,
  /// `testDataQuantizerStandardNegativeOneToOne`, `testDataQuantizerScaleAndBias`.
  func testDataQuantizers() {
    for (name, quantizer, low) in [
      ("testDataQuantizerStandardZeroToOne", TensorBridgeModels.AffineTransform.quantize(.zeroToOne), 0.0),
      ("testDataQuantizerStandardNegativeOneToOne", TensorBridgeModels.AffineTransform.quantize(.minusOneToOne), -1),
      ("testDataQuantizerScaleAndBias", TensorBridgeModels.AffineTransform(scale: 255, bias: 0), 0),
    ] {
      XCTAssertEqual(quantizer.quantized(low), 0, accuracy: 1, name)
      XCTAssertEqual(quantizer.quantized(1), 255, accuracy: 1, name)
      XCTAssertEqual(quantizer.quantized((low + 1) / 2), 127, accuracy: 1, name)
    }
  }

  /// data/DequantizerTest.java: `testDataDequantizerStandardZeroToOne`,
  /// `testDataDequantizerStandardNegativeOneToOne`, `testDataDequantizerScaleAndBias`.
  func testDataDequantizers() {
    for (name, dequantizer, low) in [
      ("testDataDequantizerStandardZeroToOne", TensorBridgeModels.AffineTransform.dequantize(.zeroToOne), 0.0),
      (
        "testDataDequantizerStandardNegativeOneToOne", TensorBridgeModels.AffineTransform.dequantize(.minusOneToOne), -1
      ),
      ("testDataDequantizerScaleAndBias", TensorBridgeModels.AffineTransform(scale: 1.0 / 255.0, bias: 0), 0),
    ] {
      XCTAssertEqual(dequantizer.dequantized(0), low, accuracy: 0.01, name)
      XCTAssertEqual(dequantizer.dequantized(255), 1, accuracy: 0.01, name)
      XCTAssertEqual(dequantizer.dequantized(127), (low + 1) / 2, accuracy: 0.01, name)
    }
  }

  /// data/PixelNormalizerTest.java: its four cases (standard [0,1] and [-1,1], scale with the
  /// same and with different biases).
  func testPixelNormalizers() {
    let cases: [(String, PixelTransform, low: Double, bias: [Double])] = [
      ("testPixelNormalizerStandardZeroToOne", .normalize(.zeroToOne), 0, [0, 0, 0]),
      ("testPixelNormalizerStandardNegativeOneToOne", .normalize(.minusOneToOne), -1, [0, 0, 0]),
      ("testPixelNormalizerScaleAndSameBiases", PixelTransform(scale: 1.0 / 255.0, bias: [0, 0, 0]), 0, [0, 0, 0]),
      (
        "testPixelNormalizerScaleAndDifferenceBiases", PixelTransform(scale: 1.0 / 255.0, bias: [0.1, 0.2, 0.3]), 0,
        [0.1, 0.2, 0.3]
      ),
    ]
    for (name, normalizer, low, bias) in cases {
      for channel in 0..<3 {
        XCTAssertEqual(normalizer.normalized(0, channel: channel), low + bias[channel], accuracy: 0.01, name)
        XCTAssertEqual(
          normalizer.normalized(127, channel: channel), (low + 1) / 2 + bias[channel], accuracy: 0.01, name)
        XCTAssertEqual(normalizer.normalized(255, channel: channel), 1 + bias[channel], accuracy: 0.01, name)
      }
    }
  }

  /// data/PixelDenormalizerTest.java: its four cases.
  func testPixelDenormalizers() {
    let cases: [(String, PixelTransform, low: Double, bias: [Double])] = [
      ("testPixelDenormalizerForDictionaryParsesStandardZeroToOne", .denormalize(.zeroToOne), 0, [0, 0, 0]),
      (
        "testPixelDenormalizerForDictionaryParsesStandardNegativeOneToOne", .denormalize(.minusOneToOne), -1, [0, 0, 0]
      ),
      (
        "testPixelDenormalizerForDictionaryParsesScaleAndSameBiases", PixelTransform(scale: 255, bias: [0, 0, 0]), 0,
        [0, 0, 0]
      ),
      (
        "testPixelDenormalizerForDictionaryParsesScaleAndDifferenceBiases",
        PixelTransform(scale: 255, bias: [-0.1, -0.2, -0.3]), 0, [0.1, 0.2, 0.3]
      ),
    ]
    for (name, denormalizer, low, bias) in cases {
      for channel in 0..<3 {
        XCTAssertEqual(denormalizer.denormalized(low + bias[channel], channel: channel), 0, accuracy: 1, name)
        XCTAssertEqual(
          denormalizer.denormalized((low + 1) / 2 + bias[channel], channel: channel), 127, accuracy: 1, name)
        XCTAssertEqual(denormalizer.denormalized(1 + bias[channel], channel: channel), 255, accuracy: 1, name)
      }
    }
  }
}
