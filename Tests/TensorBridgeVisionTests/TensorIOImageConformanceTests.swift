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
