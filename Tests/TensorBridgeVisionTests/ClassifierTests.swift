import Foundation
import TensorBridge
import TensorBridgeModels
import XCTest

@testable import TensorBridgeVision

/// The shapes classifier (float, uint8, int8, metadata) against Python LiteRT and the Python
/// pipeline (Pillow decode and BILINEAR resize, numpy normalize).
final class ClassifierTests: XCTestCase {
  private let stems = ["shapes", "shapes_uint8", "shapes_int8", "shapes_metadata"]

  func testIdenticalInputTensorsGiveLiteRTOutputs() throws {
    let reference = try ClassifierReference.load()
    for testCase in reference.tensors {
      for stem in stems {
        let expected = try XCTUnwrap(testCase.outputs[stem])
        let interpreter = try Interpreter(modelPath: ClassifierReference.model(stem).tflite.path)
        let input = try interpreter.input(at: 0)
        switch input.dataType {
        case .float32: try interpreter.copy(testCase.input.map { Float($0) }, toInputAt: 0)
        case .uInt8: try interpreter.copy(try XCTUnwrap(expected.input).map { UInt8($0) }, toInputAt: 0)
        case .int8: try interpreter.copy(try XCTUnwrap(expected.input).map { Int8($0) }, toInputAt: 0)
        default: XCTFail("unexpected input type \(input.dataType)")
        }
        try interpreter.invoke()
        let scores = try XCTUnwrap(try interpreter.output(at: 0).dequantizedValues())
        XCTAssertEqual(scores.count, expected.scores.count)
        for (actual, wanted) in zip(scores, expected.scores) {
          XCTAssertEqual(Double(actual), wanted, accuracy: reference.tolerance, "\(stem) on \(testCase.image)")
        }
      }
    }
  }

  func testSwiftTensorizationEqualsPythonTensor() throws {
    let reference = try ClassifierReference.load()
    for testCase in reference.tensors where testCase.image.hasSuffix(".png") {
      let image = try PixelBuffer(contentsOf: VisionFixtures.url("samples/\(testCase.image)"))
      for stem in stems {
        let classifier = try ImageClassifier(contentsOf: ClassifierReference.model(stem).load)
        let interpreter = classifier.withModel { $0.interpreter }
        _ = try ImageInput(image).write(
          into: interpreter, inputAt: classifier.inputIndex, format: classifier.inputFormat, tensorName: "image")
        let tensor = try interpreter.input(at: classifier.inputIndex)
        switch tensor.dataType {
        case .float32:
          let values = try tensor.values(as: Float.self)
          let worst = zip(values, testCase.input).map { abs(Double($0) - $1) }.max() ?? 1
          XCTAssertLessThanOrEqual(worst, 1e-6, "\(stem): same resize (Pillow's coefficients), same normalization")
        default:
          let values = try XCTUnwrap(tensor.floatValues())
          let expected = try XCTUnwrap(testCase.outputs[stem]?.input)
          let worst = zip(values, expected).map { abs(Int($0) - $1) }.max() ?? 99
          XCTAssertLessThanOrEqual(worst, 1, "\(stem): quantized input (rounding of x.5 may differ by one)")
        }
      }
    }
  }

  func testPipelineMatchesPythonPipeline() throws {
    let reference = try ClassifierReference.load()
    for stem in stems {
      let classifier = try ImageClassifier(contentsOf: ClassifierReference.model(stem).load)
      for testCase in reference.pipeline {
        let expected = try XCTUnwrap(testCase.models[stem])
        let image = try PixelBuffer(contentsOf: VisionFixtures.url("samples/\(testCase.image)"))
        let result = try classifier.classify(image)
        XCTAssertEqual(result.categories.first?.label, expected.top, "\(stem) on \(testCase.image)")
        XCTAssertEqual(result.categories.count, 4)
        // PNG: identical tensors, so LiteRT's tolerance. JPEG: Pillow's libjpeg-turbo build may
        // decode some pixels one level apart from the system's, so scores move slightly.
        let tolerance =
          testCase.image.hasSuffix(".png") ? (stem == "shapes" || stem == "shapes_metadata" ? 1e-4 : 0.02) : 0.02
        for category in result.categories {
          XCTAssertEqual(
            Double(category.score), expected.scores[category.index], accuracy: tolerance,
            "\(stem) on \(testCase.image), class \(category.index)")
        }
      }
    }
  }

  /// A JPEG decoded at a reduced size (DCT scaling) still reports a transform to the file's
  /// full-size pixels, and the same labels as the full decode.
  func testFileClassificationTransformMapsToFullSizePixels() throws {
    let classifier = try ImageClassifier(contentsOf: ClassifierReference.model("shapes").load)
    let url = VisionFixtures.url("samples/4_blue_triangle.jpg")
    let full = try PixelBuffer(contentsOf: url)
    let input = (width: Double(classifier.inputFormat.width), height: Double(classifier.inputFormat.height))
    // The sample is large enough for a reduced decode, else this test would not test it.
    let reduced = try PixelBuffer(
      contentsOf: url, options: ImageDecodingOptions(minimumSize: (Int(input.width), Int(input.height))))
    XCTAssertLessThan(reduced.width, full.width)
    let fromFile = try classifier.classify(contentsOf: url)
    let corner = fromFile.transform.apply(x: input.width, y: input.height)
    XCTAssertEqual(corner.x, Double(full.width), accuracy: 1e-9)
    XCTAssertEqual(corner.y, Double(full.height), accuracy: 1e-9)
    XCTAssertEqual(fromFile.categories.first?.label, try classifier.classify(full).categories.first?.label)
  }

  func testOptions() throws {
    let url = ClassifierReference.model("shapes").load
    let image = try PixelBuffer(contentsOf: VisionFixtures.url("samples/0_red_circle.png"))
    let all = try ImageClassifier(contentsOf: url).classify(image).categories
    XCTAssertEqual(all.map(\.score), all.map(\.score).sorted(by: >))
    XCTAssertEqual(all.first?.label, "red circle")
    XCTAssertEqual(
      try ImageClassifier(contentsOf: url, options: ImageClassifierOptions(maxResults: 2)).classify(image).categories,
      Array(all.prefix(2)))
    let threshold = (all[1].score + all[2].score) / 2
    XCTAssertEqual(
      try ImageClassifier(contentsOf: url, options: ImageClassifierOptions(scoreThreshold: threshold)).classify(image)
        .categories, Array(all.prefix(2)))
    let allowed = try ImageClassifier(
      contentsOf: url, options: ImageClassifierOptions(categoryAllowlist: ["nothing", "green square"])
    ).classify(image).categories
    XCTAssertEqual(Set(allowed.compactMap(\.label)), ["nothing", "green square"])
    let denied = try ImageClassifier(contentsOf: url, options: ImageClassifierOptions(categoryDenylist: ["red circle"]))
      .classify(image).categories
    XCTAssertEqual(denied.count, 3)
    XCTAssertFalse(denied.contains { $0.label == "red circle" })
    XCTAssertThrowsError(
      try ImageClassifier(
        contentsOf: url, options: ImageClassifierOptions(categoryAllowlist: ["a"], categoryDenylist: ["b"]))
    ) { error in
      guard case VisionError.invalidOption(let name, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(name, "categoryAllowlist/categoryDenylist")
    }
    // Fit modes change the tensor but keep this picture's answer; the transform maps back.
    for mode in [FitMode.centerCrop, .letterbox(fill: 0)] {
      let result = try ImageClassifier(contentsOf: url, options: ImageClassifierOptions(fitMode: mode)).classify(image)
      XCTAssertEqual(result.categories.first?.label, "red circle", "\(mode)")
      let corner = result.transform.apply(x: 32, y: 32)
      XCTAssertLessThanOrEqual(corner.x, Double(image.width) + 1e-9)
    }
  }

  func testImageLayersRunThroughModel() throws {
    let model = try Model(contentsOf: VisionFixtures.url("shapes.tiobundle"))
    let image = try PixelBuffer(contentsOf: VisionFixtures.url("samples/1_green_square.png"))
    let outputs = try model.run(on: image)
    XCTAssertEqual(outputs["probabilities"]?.top(1).first?.label, "green square")
    let viaEncoder = try model.run(on: ["image": image])
    XCTAssertEqual(viaEncoder, outputs)
    // The numbers path still refuses image layers, with the layer named.
    XCTAssertThrowsError(try model.run(on: [1, 2, 3])) { error in
      guard case ModelError.unsupportedValue(let layer, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(layer, "image")
    }
    XCTAssertThrowsError(try model.run(on: ["picture": image])) { error in
      XCTAssertEqual(error as? ModelError, .unknownLayer(name: "picture", available: ["image"]))
    }
    XCTAssertThrowsError(try model.run(on: [:] as [String: any ModelInput])) { error in
      XCTAssertEqual(error as? ModelError, .missingInput(layer: "image"))
    }
  }

  func testImageErrorsKeepTheirTypeInsideModelError() throws {
    let model = try Model(contentsOf: VisionFixtures.url("shapes.tiobundle"))
    let image = try PixelBuffer(contentsOf: VisionFixtures.url("samples/1_green_square.png"))
    // A format of another size than the tensor: the tensorizer refuses it with a VisionError.
    let wrongSize = ImageInput(image, format: ImageInputFormat(width: 7, height: 5))
    XCTAssertThrowsError(try model.run(on: wrongSize)) { error in
      guard case ModelError.input(let layer, let failure) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(layer, "image")
      guard case .unsupportedImageInput? = failure.error as? VisionError else { return XCTFail("\(failure)") }
    }
    // The same image through the one protocol, by layer name, with a fit.
    let cropped = try model.run(on: ["image": ImageInput(image, fitMode: .centerCrop)])
    XCTAssertEqual(cropped["probabilities"]?.top(1).first?.label, "green square")
  }

  /// A third-party classifier with TFLite metadata (efficientnet_lite0_uint8, ImageNet labels)
  /// on real CC0 photos from scikit-image's wheel: the answers are the obvious ones.
  func testThirdPartyClassifierOnRealPhotos() throws {
    guard let model = VisionFixtures.thirdParty("efficientnet_lite0_uint8.tflite") else {
      throw XCTSkip("efficientnet_lite0_uint8.tflite not fetched (scripts/thirdparty/fetch.sh)")
    }
    let photos = VisionFixtures.root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".build-vision-data/photos")
    guard FileManager.default.fileExists(atPath: photos.appendingPathComponent("chelsea.png").path) else {
      throw XCTSkip("photos not fetched (scripts/vision/fetch_photos.sh)")
    }
    let classifier = try ImageClassifier(contentsOf: model, options: ImageClassifierOptions(maxResults: 3))
    XCTAssertEqual(classifier.inputFormat.dataType, .uInt8)
    let cat = try classifier.classify(contentsOf: photos.appendingPathComponent("chelsea.png")).categories
    XCTAssertTrue(["Egyptian cat", "tabby", "tiger cat"].contains(cat.first?.label ?? ""), "\(cat)")
    let coffee = try classifier.classify(contentsOf: photos.appendingPathComponent("coffee.png")).categories
    XCTAssertTrue(["espresso", "cup", "coffee mug"].contains(coffee.first?.label ?? ""), "\(coffee)")
  }

  func testCorruptImageFileIsTypedError() throws {
    let classifier = try ImageClassifier(contentsOf: ClassifierReference.model("shapes").load)
    let data = try Data(contentsOf: VisionFixtures.url("samples/4_blue_triangle.jpg"))
    let cut = FileManager.default.temporaryDirectory.appendingPathComponent("tb-cut-\(UUID().uuidString).jpg")
    try data.prefix(data.count / 2).write(to: cut)
    defer { try? FileManager.default.removeItem(at: cut) }
    XCTAssertThrowsError(try classifier.classify(contentsOf: cut)) { error in
      guard case VisionError.image(.truncated) = error else { return XCTFail("\(error)") }
    }
  }
}
