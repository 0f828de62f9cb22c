import Foundation
import TensorBridge
import TensorBridgeModels
import XCTest

@testable import TensorBridgeVision

/// Channel order, element types, normalization, grayscale, letterbox and image outputs.
final class TensorizationTests: XCTestCase {
  /// A 4x2 RGB image whose pixels are all distinct.
  private func tiny() throws -> PixelBuffer {
    try PixelBuffer(width: 4, height: 2, format: .rgb8, bytes: (0..<24).map { UInt8($0 * 10) })
  }

  private func write<T>(_ image: PixelBuffer, _ format: ImageInputFormat, fit: FitMode = .stretch, as: T.Type) throws
    -> [T]
  {
    var storage = [UInt8](repeating: 0xEE, count: format.byteCount)
    try storage.withUnsafeMutableBytes { bytes in
      _ = try ImageTensorizer(format: format, fitMode: fit).write(image, into: bytes)
    }
    return storage.withUnsafeBytes { Array($0.bindMemory(to: T.self)) }
  }

  func testSameSizeRGBFloatIsThePixelsNormalized() throws {
    let image = try tiny()
    var format = ImageInputFormat(width: 4, height: 2)
    XCTAssertEqual(try write(image, format, as: Float.self), image.bytes.map { Float($0) })
    format.normalize(mean: [10, 20, 30], std: [2, 4, 5])
    let values = try write(image, format, as: Float.self)
    for (index, value) in values.enumerated() {
      let mean: [Float] = [10, 20, 30]
      let std: [Float] = [2, 4, 5]
      XCTAssertEqual(value, (Float(image.bytes[index]) - mean[index % 3]) / std[index % 3], accuracy: 1e-5)
    }
  }

  func testBGRAndEverySourceFormatAgree() throws {
    let image = try tiny()
    let format = ImageInputFormat(width: 4, height: 2, channelOrder: .bgr)
    let bgr = try write(image, format, as: Float.self)
    for pixel in 0..<8 {
      XCTAssertEqual(bgr[pixel * 3], Float(image.bytes[pixel * 3 + 2]))
      XCTAssertEqual(bgr[pixel * 3 + 2], Float(image.bytes[pixel * 3]))
    }
    for source in PixelFormat.allCases where source.hasColor {
      let converted = image.converted(to: source)
      // An odd stride, too.
      let stride = converted.bytesPerRow + 5
      var bytes = [UInt8](repeating: 1, count: stride * 2)
      for y in 0..<2 {
        for x in 0..<converted.bytesPerRow { bytes[y * stride + x] = converted.bytes[y * converted.bytesPerRow + x] }
      }
      let strided = try PixelBuffer(width: 4, height: 2, format: source, bytesPerRow: stride, bytes: bytes)
      XCTAssertEqual(try write(strided, format, as: Float.self), bgr, "\(source)")
      XCTAssertEqual(
        try write(strided, ImageInputFormat(width: 3, height: 3), as: Float.self),
        try write(image, ImageInputFormat(width: 3, height: 3), as: Float.self), "\(source) resized")
    }
  }

  /// A large downscale reduces blocks first: the tensor holds exactly `resized`'s pixels
  /// (Pillow-checked in GeometryTests), from any source layout, in BGR order, with a crop.
  func testLargeDownscaleTensorEqualsReducedResize() throws {
    let photo = try PixelBuffer(contentsOf: VisionFixtures.image("photo_160x120.png"))
    let format = ImageInputFormat(width: 12, height: 12, channelOrder: .bgr)
    let expected = try photo.fitted(width: 12, height: 12, mode: .centerCrop).image
    XCTAssertNotEqual(expected, try photo.fitted(width: 12, height: 12, mode: .centerCrop, reducingGap: nil).image)
    let bgr = (0..<144).flatMap { pixel in [2, 1, 0].map { Float(expected.bytes[pixel * 3 + $0]) } }
    for source in PixelFormat.allCases where source.hasColor {
      XCTAssertEqual(try write(photo.converted(to: source), format, fit: .centerCrop, as: Float.self), bgr, "\(source)")
    }
    let gray = ImageInputFormat(width: 12, height: 12, channels: 1)
    let grayExpected = try photo.converted(to: .gray8).fitted(width: 12, height: 12, mode: .centerCrop).image
    XCTAssertEqual(
      try write(photo.converted(to: .gray8), gray, fit: .centerCrop, as: Float.self), grayExpected.bytes.map(Float.init)
    )
  }

  /// A `normalize` with one scale per channel (TFLite metadata's per-channel std, written by
  /// `bundle` as a `"scale"` array) reaches the tensor per channel, and round-trips model.json.
  func testPerChannelNormalizeScales() throws {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("tb-scales-\(UUID().uuidString).tiobundle")
    try FileManager.default.copyItem(at: VisionFixtures.url("shapes.tiobundle"), to: copy)
    defer { try? FileManager.default.removeItem(at: copy) }
    let json = copy.appendingPathComponent("model.json")
    let text = try String(contentsOf: json, encoding: .utf8)
      .replacingOccurrences(
        of: #""standard": "[-1,1]""#, with: #""scale": [0.5, 0.25, 2], "bias": { "r": -1, "g": 0, "b": 3 }"#)
    try text.write(to: json, atomically: true, encoding: .utf8)
    let model = try Model(contentsOf: copy)
    let normalize = try XCTUnwrap(model.description.inputs.first?.normalize)
    XCTAssertEqual(normalize.channelScales, [0.5, 0.25, 2])
    XCTAssertEqual((0..<3).map(normalize.scale(forChannel:)), [0.5, 0.25, 2])
    let format = try ImageInputFormat(tensor: model.interpreter.input(at: 0), layer: model.description.inputs.first)
    XCTAssertEqual(format.scales, [0.5, 0.25, 2])
    let image = try PixelBuffer(width: 32, height: 32, format: .rgb8, filledWith: 100)
    let values = try write(image, format, as: Float.self)
    XCTAssertEqual(Array(values.prefix(3)), [49, 25, 203])
    // model.json as `bundle` writes it loads back with the same transform.
    try model.description.jsonText().write(to: json, atomically: true, encoding: .utf8)
    XCTAssertEqual(try Model(contentsOf: copy).description.inputs.first?.normalize, normalize)
    // Neither two scales nor a zero.
    for bad in [#""scale": [1, 2], "bias": 0"#, #""scale": [1, 0, 2], "bias": 0"#] {
      try text.replacingOccurrences(of: #""scale": [0.5, 0.25, 2], "bias": { "r": -1, "g": 0, "b": 3 }"#, with: bad)
        .write(to: json, atomically: true, encoding: .utf8)
      XCTAssertThrowsError(try Model(contentsOf: copy)) { error in
        XCTAssertTrue("\(error)".contains("inputs[0].normalize.scale"), "\(error)")
      }
    }
  }

  func testQuantizedInputs() throws {
    let image = try tiny()
    XCTAssertEqual(
      try write(image, ImageInputFormat(width: 4, height: 2, dataType: .uInt8), as: UInt8.self), image.bytes)
    let int8 = ImageInputFormat(
      width: 4, height: 2, dataType: .int8, quantization: QuantizationParameters(scale: 1.0 / 255, zeroPoint: -128))
    XCTAssertEqual(try write(image, int8, as: Int8.self), image.bytes.map { Int8(Int($0) - 128) })
    // uint8 inputs take raw pixels whatever the normalization says (Task Library, MediaPipe).
    let normalized = ImageInputFormat(
      width: 4, height: 2, dataType: .uInt8, scales: [1.0 / 128], biases: [-127.0 / 128],
      quantization: QuantizationParameters(scale: 0.012566017, zeroPoint: 131))
    XCTAssertEqual(try write(image, normalized, as: UInt8.self), image.bytes)
    // int8 with [-1, 1] normalization and the matching quantization (2/255, -1): about p - 128.
    let int8Normalized = ImageInputFormat(
      width: 4, height: 2, dataType: .int8, scales: [2.0 / 255], biases: [-1],
      quantization: QuantizationParameters(scale: 2.0 / 255, zeroPoint: -1))
    for (value, pixel) in zip(try write(image, int8Normalized, as: Int8.self), image.bytes) {
      XCTAssertTrue(Int(value) == Int(pixel) - 128 || Int(value) == Int(pixel) - 129, "\(value) for \(pixel)")
    }
    // Values beyond the type clamp.
    let clamped = ImageInputFormat(
      width: 4, height: 2, dataType: .int8, scales: [1], biases: [0],
      quantization: QuantizationParameters(scale: 1, zeroPoint: 0))
    XCTAssertEqual(try write(image, clamped, as: Int8.self), image.bytes.map { Int8(min(127, Int($0))) })
  }

  func testGrayscale() throws {
    let image = try tiny()
    let gray = try write(image, ImageInputFormat(width: 4, height: 2, channels: 1), as: Float.self)
    XCTAssertEqual(gray, image.converted(to: .gray8).bytes.map { Float($0) })
    let grayImage = image.converted(to: .gray8)
    let rgb = try write(grayImage, ImageInputFormat(width: 4, height: 2), as: Float.self)
    XCTAssertEqual(rgb, grayImage.bytes.flatMap { [Float($0), Float($0), Float($0)] })
  }

  func testLetterboxFillsBordersWithTransformedFill() throws {
    let image = try tiny()  // 4x2 into 4x4: rows 1 and 2 hold the image
    var format = ImageInputFormat(width: 4, height: 4)
    format.normalize(mean: [100], std: [50])
    let values = try write(image, format, fit: .letterbox(fill: 0), as: Float.self)
    XCTAssertEqual(Array(values[0..<12]), Array(repeating: -2, count: 12))
    XCTAssertEqual(Array(values[36..<48]), Array(repeating: -2, count: 12))
    XCTAssertEqual(values[12], (0 - 100) / 50)
    XCTAssertEqual(values[12 + 23], (230 - 100) / 50)
  }

  func testFormatFromTensorShapes() throws {
    func tensor(_ shape: [Int], _ type: Tensor.DataType = .float32) -> Tensor {
      Tensor(name: "x", dataType: type, shape: Tensor.Shape(shape), data: Data())
    }
    XCTAssertEqual(try ImageInputFormat(tensor: tensor([1, 224, 160, 3])).width, 160)
    XCTAssertEqual(try ImageInputFormat(tensor: tensor([1, 28, 28, 1])).channels, 1)
    XCTAssertEqual(try ImageInputFormat(tensor: tensor([28, 28])).channels, 1)
    for (shape, type) in [
      ([2, 8, 8, 3], Tensor.DataType.float32), ([1, 3, 8, 8], .float32), ([1, 8, 8, 4], .float32),
      ([8], .float32), ([1, 8, 8, 3], .int32), ([1, 0, 8, 3], .float32),
    ] {
      XCTAssertThrowsError(try ImageInputFormat(tensor: tensor(shape, type)), "\(shape) \(type)") { error in
        XCTAssertTrue(error is VisionError)
        XCTAssertTrue("\(error)".contains("'x'"))
      }
    }
    // The tensor memory must have the format's size.
    var small = [UInt8](repeating: 0, count: 10)
    XCTAssertThrowsError(
      try small.withUnsafeMutableBytes { bytes in
        try ImageTensorizer(format: ImageInputFormat(width: 4, height: 2)).write(try tiny(), into: bytes)
      })
  }

  func testImageOutputsDenormalize() throws {
    let values: [Float] = [-1, 0, 1, 0.5, -0.5, 2]
    let image = try PixelBuffer(values: values, shape: [1, 1, 2, 3], denormalize: .denormalize(.minusOneToOne))
    XCTAssertEqual(image.format, .rgb8)
    XCTAssertEqual(image.bytes, [0, 128, 255, 191, 64, 255])
    let mask = try PixelBuffer(segmentationScores: [0.1, 0.9, 0.3, 0.2, 0.5, 0.1], shape: [1, 1, 3, 2])
    XCTAssertEqual(mask.bytes, [1, 0, 0])
    XCTAssertThrowsError(try PixelBuffer(values: values, shape: [1, 2, 2, 3]))
    XCTAssertThrowsError(try PixelBuffer(values: values, shape: [1, 1, 1, 6]))
  }
}
