import Foundation
import TensorBridge
import XCTest

@testable import TensorBridgeModels

/// doc-ai/tensorio-android @ 98b6fee,
/// `core/src/androidTest/java/ai/doc/tensorio/core/modelbundle/ModelBundleIntegrationTests.java`:
/// its two cases open Tensor/IO's MobileNet bundles (`ModelBundle.bundleWithAsset`) and check
/// what `model.json` and `assets/labels.txt` say; they never load the model. Our rewrites of
/// the two bundles (Tests/Fixtures/tensorio/descriptions, made by
/// scripts/fixtures/make_tensorio_fixtures.py) hold the same fields and labels without the model
/// files, which are not to be had (CONFORMANCE.md), so the bundle is read the way Tensor/IO
/// Android reads it: the description and the labels, and the model file only named.
final class TensorIOMobileNetBundleTests: XCTestCase {
  static let folder = BundleTestSupport.fixtures.appendingPathComponent("tensorio/descriptions")

  /// The bundle's description with its output labels loaded, and the problems
  /// ``ModelBundle/validate(_:options:)`` finds in it.
  func read(_ name: String) throws -> (description: ModelDescription, problems: [BundleProblem]) {
    let bundle = Self.folder.appendingPathComponent("\(name).tiobundle")
    var parser = DescriptionParser()
    var description = try XCTUnwrap(
      parser.parse(try JSONValue.parse(Data(contentsOf: bundle.appendingPathComponent("model.json")))))
    XCTAssertEqual(parser.problems, [])
    for index in description.outputs.indices {
      guard let file = description.outputs[index].labelsFile else { continue }
      let url = bundle.appendingPathComponent("assets/\(file)")
      description.outputs[index].labels = try Labels.parse(Data(contentsOf: url), file: url.path)
    }
    return (description, ModelBundle.validate(bundle))
  }

  /// Tensor/IO's assertions common to both bundles: basic properties, one `image` input of
  /// 224×224×3 RGB, one labeled `classification` output of 1001 values.
  func assertMobileNet(
    _ description: ModelDescription, name: String, details: String, id: String, line: UInt = #line
  ) throws {
    XCTAssertEqual(description.name, name, line: line)
    XCTAssertEqual(description.details, details, line: line)
    XCTAssertEqual(description.id, id, line: line)
    XCTAssertEqual(description.version, "1", line: line)
    XCTAssertEqual(
      description.author,
      "Andrew G. Howard, Menglong Zhu, Bo Chen, Dmitry Kalenichenko, Weijun Wang, Tobias Weyand, Marco Andreetto, Hartwig Adam",
      line: line)
    XCTAssertEqual(
      description.license, "Apache License. Version 2.0 http://www.apache.org/licenses/LICENSE-2.0", line: line)
    // `options.getDevicePosition() == "0"`: Tensor/IO Android turns "back" (and anything but
    // "front") into camera id "0"; the description keeps the word.
    XCTAssertEqual(description.options.devicePosition, "back", line: line)

    XCTAssertEqual(description.inputs.count, 1, line: line)
    XCTAssertEqual(description.inputs.index(named: "image"), 0, line: line)
    let input = description.inputs[0]
    XCTAssertEqual(input.name, "image", line: line)
    XCTAssertEqual(input.kind, .image, line: line)
    XCTAssertEqual(input.pixelFormat, .rgb, line: line)
    XCTAssertEqual(input.imageVolume, .init(height: 224, width: 224, channels: 3), line: line)
    XCTAssertNil(input.denormalize, line: line)

    XCTAssertEqual(description.outputs.count, 1, line: line)
    XCTAssertEqual(description.outputs.index(named: "classification"), 0, line: line)
    let output = description.outputs[0]
    XCTAssertEqual(output.name, "classification", line: line)
    XCTAssertEqual(output.kind, .array, line: line)
    XCTAssertEqual(output.length, 1001, line: line)
    let labels = try XCTUnwrap(output.labels, line: line)
    XCTAssertEqual(labels.count, 1001, line: line)
    XCTAssertEqual(labels.first, "background", line: line)
    XCTAssertEqual(labels.last, "toilet tissue", line: line)
    XCTAssertNil(output.quantize, line: line)
  }

  /// Everything in the bundle checks out except the model file, which is absent here.
  func assertOnlyTheModelFileIsMissing(_ problems: [BundleProblem], file: String, line: UInt = #line) {
    XCTAssertEqual(problems.map(\.path), ["model.file"], "\(problems)", line: line)
    XCTAssertTrue(problems.first?.message.contains(file) == true, "\(problems)", line: line)
  }

  /// ModelBundleIntegrationTests.java, `testMobileNetModelBundle`.
  func testMobileNetModelBundle() throws {
    let (description, problems) = try read("mobilenet_v2_1.4_224")
    try assertMobileNet(
      description, name: "MobileNet V2 1.0 224",
      details:
        "MobileNet V2 with a width multiplier of 1.0 and an input resolution of 224x224. \n\nMobileNets are based on a streamlined architecture that have depth-wise separable convolutions to build light weight deep neural networks. Trained on ImageNet with categories such as trees, animals, food, vehicles, person etc. MobileNets: Efficient Convolutional Neural Networks for Mobile Vision Applications.",
      id: "mobilenet-v2-100-224-unquantized")
    // `pixelLayer.isQuantized()` and `vectorLayer.isQuantized()` are false: Tensor/IO takes a
    // layer's quantization from `model.quantized`.
    XCTAssertFalse(description.model.quantized)
    // The [-1,1] normalizer: pixels 0, 127 and 255 give -1, 0 and 1 on every channel (±0.01).
    let normalize = try XCTUnwrap(description.inputs[0].normalize)
    for (pixel, value) in [(0.0, -1.0), (127, 0), (255, 1)] {
      for channel in 0..<3 {
        XCTAssertEqual(normalize.normalized(pixel, channel: channel), value, accuracy: 0.01, "\(pixel) \(channel)")
      }
    }
    XCTAssertNil(description.outputs[0].dequantize)
    assertOnlyTheModelFileIsMissing(problems, file: "mobilenet_v2_1.4_224.tflite")
  }

  /// ModelBundleIntegrationTests.java, `testMobileNetQuantizedModelBundle`.
  func testMobileNetQuantizedModelBundle() throws {
    let (description, problems) = try read("mobilenet_v1_1.0_224_quant")
    try assertMobileNet(
      description, name: "MobileNet V1 1.0 224 Quantized",
      details:
        "MobileNet V1 with a width multiplier of 1.0 and an input resolution of 224x224. Quantized.\n\nMobileNets are based on a streamlined architecture that have depth-wise separable convolutions to build light weight deep neural networks. Trained on ImageNet with categories such as trees, animals, food, vehicles, person etc. MobileNets: Efficient Convolutional Neural Networks for Mobile Vision Applications.",
      id: "mobilenet-v1-100-224-quantized")
    XCTAssertTrue(description.model.quantized)
    XCTAssertNil(description.inputs[0].normalize)
    // `getDequantizer()` is not null: the [0,1] standard dequantizer, 0 → 0 and 255 → 1.
    let dequantize = try XCTUnwrap(description.outputs[0].dequantize)
    XCTAssertEqual(dequantize.dequantized(0), 0, accuracy: 0.01)
    XCTAssertEqual(dequantize.dequantized(255), 1, accuracy: 0.01)
    assertOnlyTheModelFileIsMissing(problems, file: "mobilenet_v1_1.0_224_quant.tflite")
  }
}
