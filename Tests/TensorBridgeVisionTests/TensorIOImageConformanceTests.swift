import Foundation
import TensorBridgeModels
import XCTest

@testable import TensorBridgeVision

/// Tensor/IO's pixel-buffer identity case on our fixture bundles (Tests/Fixtures/tensorio,
/// made by scripts/fixtures/make_tensorio_fixtures.py): an identity model with `[0,1]`
/// normalization in and denormalization out returns the image it is given, in RGB and in BGR.
final class TensorIOImageConformanceTests: XCTestCase {
  private func bundle(_ name: String) -> URL {
    VisionFixtures.root.deletingLastPathComponent().appendingPathComponent("tensorio/\(name).tiobundle")
  }

  /// TensorIO/Tests/TFLite/TIOTFLiteModelIntegrationTests.mm, `testPixelBufferIdentityModel`
  /// (an all-red 224×224 image through the identity model comes back red, ±1), and the same
  /// through a `"format": "BGR"` copy of the bundle, whose output channels must be put back
  /// in RGB order.
  func testPixelBufferIdentityModel() throws {
    let red = try PixelBuffer(width: 224, height: 224, format: .rgb8, bytes: [UInt8]([255, 0, 0]).repeated(224 * 224))
    for name in ["1_in_1_out_pixelbuffer_identity_test", "1_in_1_out_pixelbuffer_identity_test_bgr"] {
      let model = try Model(contentsOf: bundle(name))
      let layer = try XCTUnwrap(model.description.outputs.first)
      let output = try XCTUnwrap(try model.run(on: red)["output"])
      let image = try PixelBuffer(
        values: output.values, shape: output.shape, denormalize: layer.denormalize,
        channelOrder: layer.pixelFormat ?? .rgb)
      XCTAssertEqual(image.width, 224, name)
      for (x, y) in [(0, 0), (100, 37), (223, 223)] {
        let pixel = try XCTUnwrap(image.rgb(x: x, y: y))
        XCTAssertEqual(Int(pixel.red), 255, accuracy: 1, name)
        XCTAssertEqual(Int(pixel.green), 0, accuracy: 1, name)
        XCTAssertEqual(Int(pixel.blue), 0, accuracy: 1, name)
      }
    }
  }

  /// TensorIO/Tests/TFLite/TIOTFLiteModelIntegrationTests.mm,
  /// `testPixelBufferNormalizationTransformationModel`: ARGB pixels (255, 0, 255, 0) are
  /// normalized to [0,1], the model computes 2x − 1, and `[-1,1]` denormalization gives the
  /// green image back (±1) at every pixel. Python LiteRT's first output pixel is in
  /// tensorio.reference.json.
  func testPixelBufferNormalizationTransformationModel() throws {
    let green = try PixelBuffer(
      width: 224, height: 224, format: .argb8, bytes: [UInt8]([255, 0, 255, 0]).repeated(224 * 224))
    let model = try Model(contentsOf: bundle("1_in_1_out_pixelbuffer_normalization_test"))
    XCTAssertEqual(model.description.inputs.count, 1)
    XCTAssertEqual(model.description.outputs.count, 1)
    let layer = try XCTUnwrap(model.description.outputs.first)
    let output = try XCTUnwrap(try model.run(on: green)["output"])
    XCTAssertEqual(Array(output.values.prefix(3)), [-1, 1, -1])
    let image = try PixelBuffer(
      values: output.values, shape: output.shape, denormalize: layer.denormalize,
      channelOrder: layer.pixelFormat ?? .rgb)
    XCTAssertEqual(image.width, 224)
    XCTAssertEqual(image.height, 224)
    for y in 0..<224 {
      for x in 0..<224 {
        let pixel = try XCTUnwrap(image.rgb(x: x, y: y))
        guard abs(Int(pixel.red)) <= 1, abs(Int(pixel.green) - 255) <= 1, abs(Int(pixel.blue)) <= 1 else {
          return XCTFail("pixel (\(x), \(y)) is \(pixel), not (0, 255, 0) ±1")
        }
      }
    }
  }

  /// doc-ai/tensorio-android @ `30213b2`,
  /// `tflite/src/androidTest/java/ai/doc/tensorio/tflite/TFLiteModelIntegrationTests.java`,
  /// `testPixelBufferIdentityModel` and `testPixelBufferNormalizationTransformationModel`: a
  /// 224×224 ARGB bitmap filled with rgb(89, 0, 84) comes back through the identity model
  /// (`[0,1]` in and out) and through the 2x − 1 model (`[0,1]` in, `[-1,1]` out) with every
  /// pixel's red, green and blue within 1 of the input's — a colour whose channels all differ,
  /// so a channel put in the wrong place, or a bias put on the wrong channel, shows.
  func testAndroidPixelBufferRoundTripsOfRGB89_0_84() throws {
    let colour = try PixelBuffer(
      width: 224, height: 224, format: .argb8, bytes: [UInt8]([255, 89, 0, 84]).repeated(224 * 224))
    for name in [
      "1_in_1_out_pixelbuffer_identity_test", "1_in_1_out_pixelbuffer_identity_test_bgr",
      "1_in_1_out_pixelbuffer_normalization_test",
    ] {
      let model = try Model(contentsOf: bundle(name))
      XCTAssertEqual(model.description.inputs.count, 1, name)
      XCTAssertEqual(model.description.outputs.count, 1, name)
      let layer = try XCTUnwrap(model.description.outputs.first)
      let output = try XCTUnwrap(try model.run(on: colour)["output"])
      let image = try PixelBuffer(
        values: output.values, shape: output.shape, denormalize: layer.denormalize,
        channelOrder: layer.pixelFormat ?? .rgb)
      XCTAssertEqual([image.width, image.height], [224, 224], name)
      for y in 0..<224 {
        for x in 0..<224 {
          let pixel = try XCTUnwrap(image.rgb(x: x, y: y))
          guard abs(Int(pixel.red) - 89) <= 1, abs(Int(pixel.green)) <= 1, abs(Int(pixel.blue) - 84) <= 1 else {
            return XCTFail("\(name): pixel (\(x), \(y)) is \(pixel), not (89, 0, 84) ±1")
          }
        }
      }
    }
  }

  /// BGR output values put back in RGB order, with the `r`, `g`, `b` biases on the channels
  /// they name.
  func testBGROutputChannelsAndBiases() throws {
    let values: [Float] = [10, 20, 30]  // b, g, r
    let transform = PixelTransform(scale: 1, bias: [1, 2, 3])  // r, g, b
    let image = try PixelBuffer(values: values, shape: [1, 1, 1, 3], denormalize: transform, channelOrder: .bgr)
    let pixel = try XCTUnwrap(image.rgb(x: 0, y: 0))
    XCTAssertEqual([pixel.red, pixel.green, pixel.blue], [31, 22, 13])
  }
}

extension Array {
  fileprivate func repeated(_ count: Int) -> [Element] { Array([[Element]](repeating: self, count: count).joined()) }
}
