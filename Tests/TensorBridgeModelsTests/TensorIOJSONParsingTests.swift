import Foundation
import TensorBridge
import XCTest

@testable import TensorBridgeModels

/// TensorIO/Tests/Core/TIOJSONParsingTests.mm (doc-ai/tensorio-ios @ c41e303), case by case,
/// against our model.json parser: each Tensor/IO function under test (`TIOPixelNormalizerForDictionary`,
/// `TIODataQuantizerForDict`, `TIOPixelFormatForString`, `TIOImageVolumeForShape`,
/// `TIODataTypeForString`, …) is reached the way a bundle reaches it, through a layer of
/// `model.json`; where Tensor/IO returns an error we report a problem at the key path.
final class TensorIOJSONParsingTests: XCTestCase {
  /// The layer parsed from `json` (`nil` when it has problems) and the problems.
  func parse(_ json: String, input: Bool = true) throws -> (layer: LayerDescription?, problems: [BundleProblem]) {
    var parser = DescriptionParser()
    let layer = parser.parseLayer(
      try JSONValue.parse(Data(json.utf8)), path: input ? "inputs[0]" : "outputs[0]", isInput: input)
    return (parser.problems.isEmpty ? layer : nil, parser.problems)
  }

  func image(_ key: String, _ transform: String, input: Bool = true) throws -> LayerDescription? {
    let json = #"{"name": "image", "type": "image", "shape": [224, 224, 3], "format": "RGB", "\#(key)": \#(transform)}"#
    let (layer, problems) = try parse(json, input: input)
    XCTAssertEqual(problems, [])
    return layer
  }

  func array(_ key: String, _ transform: String, input: Bool = true) throws -> (LayerDescription?, [BundleProblem]) {
    try parse(#"{"name": "x", "type": "array", "shape": [4], "\#(key)": \#(transform)}"#, input: input)
  }

  func assertNormalizer(
    _ transform: PixelTransform?, _ expected: [(Double, Int, Double)], line: UInt = #line
  ) throws {
    let transform = try XCTUnwrap(transform, line: line)
    for (pixel, channel, value) in expected {
      XCTAssertEqual(transform.normalized(pixel, channel: channel), value, accuracy: 0.01, line: line)
    }
  }

  func assertDenormalizer(
    _ transform: PixelTransform?, _ expected: [(Double, Int, Double)], line: UInt = #line
  ) throws {
    let transform = try XCTUnwrap(transform, line: line)
    for (value, channel, pixel) in expected {
      XCTAssertEqual(transform.denormalized(value, channel: channel), pixel, accuracy: 1, line: line)
    }
  }

  /// Every channel of pixels 0, 127 and 255 giving `low`, `middle` and `high` plus the channel's bias.
  func grid(_ low: Double, _ middle: Double, _ high: Double, bias: [Double] = [0, 0, 0]) -> [(Double, Int, Double)] {
    var result: [(Double, Int, Double)] = []
    for (pixel, value) in [(0.0, low), (127.0, middle), (255.0, high)] {
      for channel in 0..<3 { result.append((pixel, channel, value + bias[channel])) }
    }
    return result
  }

  // MARK: Pixel normalization

  func testPixelNormalizerForDictionaryParsesStandardZeroToOne() throws {
    try assertNormalizer(try image("normalize", #"{"standard": "[0,1]"}"#)?.normalize, grid(0, 0.5, 1))
  }

  func testPixelNormalizerForDictionaryParsesStandardNegativeOneToOne() throws {
    try assertNormalizer(try image("normalize", #"{"standard": "[-1,1]"}"#)?.normalize, grid(-1, 0, 1))
  }

  func testPixelNormalizerForDictionaryParsesInvalidStandardAndReturnsError() throws {
    let (layer, problems) = try parse(
      #"{"name": "image", "type": "image", "shape": [224, 224, 3], "format": "RGB", "normalize": {"standard": "[-10, 10]"}}"#
    )
    XCTAssertNil(layer)
    XCTAssertEqual(problems.map(\.path), ["inputs[0].normalize.standard"])
  }

  func testPixelNormalizerForDictionaryParsesScaleAndSameBiases() throws {
    let layer = try image("normalize", #"{"scale": 0.00392156862745098, "bias": {"r": 0, "g": 0, "b": 0}}"#)
    try assertNormalizer(layer?.normalize, grid(0, 0.5, 1))
  }

  func testPixelNormalizerForDictionaryParsesScaleAndDifferenceBiases() throws {
    let layer = try image("normalize", #"{"scale": 0.00392156862745098, "bias": {"r": 0.1, "g": 0.2, "b": 0.3}}"#)
    try assertNormalizer(layer?.normalize, grid(0, 0.5, 1, bias: [0.1, 0.2, 0.3]))
  }

  func testPixelNormalizerForDictionaryParsesNilAndReturnsNilAndNoError() throws {
    let (layer, problems) = try parse(#"{"name": "image", "type": "image", "shape": [224, 224, 3], "format": "RGB"}"#)
    XCTAssertEqual(problems, [])
    XCTAssertNotNil(layer)
    XCTAssertNil(layer?.normalize)
  }

  // MARK: Pixel denormalization

  func testPixelDenormalizerForDictionaryParsesStandardZeroToOne() throws {
    let layer = try image("denormalize", #"{"standard": "[0,1]"}"#, input: false)
    try assertDenormalizer(layer?.denormalize, grid(0, 0.5, 1).map { ($0.2, $0.1, $0.0) })
  }

  func testPixelDenormalizerForDictionaryParsesStandardNegativeOneToOne() throws {
    let layer = try image("denormalize", #"{"standard": "[-1,1]"}"#, input: false)
    try assertDenormalizer(layer?.denormalize, grid(-1, 0, 1).map { ($0.2, $0.1, $0.0) })
  }

  func testPixelDenormalizerForDictionaryParsesInvalidStandardAndReturnsError() throws {
    let (layer, problems) = try parse(
      #"{"name": "image", "type": "image", "shape": [224, 224, 3], "format": "RGB", "denormalize": {"standard": "[-10, 10]"}}"#,
      input: false)
    XCTAssertNil(layer)
    XCTAssertEqual(problems.map(\.path), ["outputs[0].denormalize.standard"])
  }

  func testPixelDenormalizerForDictionaryParsesScaleAndSameBiases() throws {
    let layer = try image("denormalize", #"{"scale": 255.0, "bias": {"r": 0, "g": 0, "b": 0}}"#, input: false)
    try assertDenormalizer(layer?.denormalize, grid(0, 0.5, 1).map { ($0.2, $0.1, $0.0) })
  }

  func testPixelDenormalizerForDictionaryParsesScaleAndDifferenceBiases() throws {
    let layer = try image("denormalize", #"{"scale": 255.0, "bias": {"r": -0.1, "g": -0.2, "b": -0.3}}"#, input: false)
    // Tensor/IO's denormalizer(0.5 + 0.1, 0) ≈ 127: each channel's value carries its bias back.
    try assertDenormalizer(layer?.denormalize, grid(0, 0.5, 1, bias: [0.1, 0.2, 0.3]).map { ($0.2, $0.1, $0.0) })
  }

  func testPixelDenormalizerForDictionaryParsesNilAndReturnsNilAndNoError() throws {
    let (layer, problems) = try parse(
      #"{"name": "image", "type": "image", "shape": [224, 224, 3], "format": "RGB"}"#, input: false)
    XCTAssertEqual(problems, [])
    XCTAssertNil(try XCTUnwrap(layer).denormalize)
  }

  // MARK: Quantization

  func quantizer(_ json: String) throws -> TensorBridgeModels.AffineTransform {
    let (layer, problems) = try array("quantize", json)
    XCTAssertEqual(problems, [])
    return try XCTUnwrap(layer?.quantize)
  }

  func testDataQuantizerForDictParsesStandardZeroToOne() throws {
    let quantizer = try quantizer(#"{"standard": "[0,1]"}"#)
    XCTAssertEqual(quantizer.quantized(0), 0)
    XCTAssertEqual(quantizer.quantized(1), 255)
    XCTAssertEqual(quantizer.quantized(0.5), 127, accuracy: 1)
  }

  func testDataQuantizerForDictParsesStandardNegativeOneToOne() throws {
    let quantizer = try quantizer(#"{"standard": "[-1,1]"}"#)
    XCTAssertEqual(quantizer.quantized(-1), 0)
    XCTAssertEqual(quantizer.quantized(1), 255)
    XCTAssertEqual(quantizer.quantized(0), 127, accuracy: 1)
  }

  func testDataQuantizerForDictParsesUnavailableStandardAndReturnsError() throws {
    let (layer, problems) = try array("quantize", #"{"standard": "[-10,10]"}"#)
    XCTAssertNil(layer)
    XCTAssertEqual(problems.map(\.path), ["inputs[0].quantize.standard"])
  }

  func testDataQuantizerForDictParsesScaleAndBias() throws {
    let quantizer = try quantizer(#"{"scale": 255.0, "bias": 0}"#)
    XCTAssertEqual(quantizer.quantized(0), 0)
    XCTAssertEqual(quantizer.quantized(1), 255)
    XCTAssertEqual(quantizer.quantized(0.5), 127, accuracy: 1)
  }

  func testDataQuantizerForDictParsesBadScaleAndBiasAndReturnsError() throws {
    let (layer, problems) = try array("quantize", #"{"scale": 255.0}"#)
    XCTAssertNil(layer)
    XCTAssertEqual(problems.map(\.path), ["inputs[0].quantize.bias"])
  }

  func testDataQuantizerForDictParsesNilAndReturnsNilAndNoError() throws {
    let (layer, problems) = try parse(#"{"name": "x", "type": "array", "shape": [4]}"#)
    XCTAssertEqual(problems, [])
    XCTAssertNil(try XCTUnwrap(layer).quantize)
  }

  // MARK: Dequantization

  func dequantizer(_ json: String) throws -> TensorBridgeModels.AffineTransform {
    let (layer, problems) = try array("dequantize", json, input: false)
    XCTAssertEqual(problems, [])
    return try XCTUnwrap(layer?.dequantize)
  }

  func testDataDequantizerForDictParsesStandardZeroToOne() throws {
    let dequantizer = try dequantizer(#"{"standard": "[0,1]"}"#)
    XCTAssertEqual(dequantizer.dequantized(0), 0, accuracy: 1e-12)
    XCTAssertEqual(dequantizer.dequantized(255), 1, accuracy: 1e-12)
    XCTAssertEqual(dequantizer.dequantized(127), 0.5, accuracy: 0.01)
  }

  func testDataDequantizerForDictParsesStandardNegativeOneToOne() throws {
    let dequantizer = try dequantizer(#"{"standard": "[-1,1]"}"#)
    XCTAssertEqual(dequantizer.dequantized(0), -1, accuracy: 1e-12)
    XCTAssertEqual(dequantizer.dequantized(255), 1, accuracy: 1e-12)
    XCTAssertEqual(dequantizer.dequantized(127), 0, accuracy: 0.01)
  }

  func testDataDequantizerForDictParsesUnavailableStandardAndReturnsError() throws {
    let (layer, problems) = try array("dequantize", #"{"standard": "[-10,10]"}"#, input: false)
    XCTAssertNil(layer)
    XCTAssertEqual(problems.map(\.path), ["outputs[0].dequantize.standard"])
  }

  func testDataDequantizerForDictParsesBadScaleAndBiasAndReturnsError() throws {
    let (layer, problems) = try array("dequantize", #"{"scale": 255.0}"#, input: false)
    XCTAssertNil(layer)
    XCTAssertEqual(problems.map(\.path), ["outputs[0].dequantize.bias"])
  }

  func testDataDequantizerForDictParsesScaleAndBias() throws {
    let dequantizer = try dequantizer(#"{"scale": 0.00392156862745098, "bias": 0}"#)
    XCTAssertEqual(dequantizer.dequantized(0), 0, accuracy: 1e-12)
    XCTAssertEqual(dequantizer.dequantized(255), 1, accuracy: 1e-12)
    XCTAssertEqual(dequantizer.dequantized(127), 0.5, accuracy: 0.01)
  }

  func testDataDequantizerForDictReturnParsesNilAndReturnsNilAndNoError() throws {
    let (layer, problems) = try parse(#"{"name": "x", "type": "array", "shape": [4]}"#, input: false)
    XCTAssertEqual(problems, [])
    XCTAssertNil(try XCTUnwrap(layer).dequantize)
  }

  // MARK: Pixel format

  func format(_ value: String?) throws -> (LayerDescription?, [BundleProblem]) {
    let format = value.map { #", "format": "\#($0)""# } ?? ""
    return try parse(#"{"name": "image", "type": "image", "shape": [224, 224, 3]\#(format)}"#)
  }

  func testPixelFormatForStringParsesRGB() throws {
    XCTAssertEqual(try format("RGB").0?.pixelFormat, .rgb)
  }

  func testPixelFormatForStringParsesBGR() throws {
    XCTAssertEqual(try format("BGR").0?.pixelFormat, .bgr)
  }

  func testPixelFormatForStringReturnsInvalidForNilString() throws {
    let (layer, problems) = try format(nil)
    XCTAssertNil(layer)
    XCTAssertEqual(problems.map(\.path), ["inputs[0].format"])
  }

  func testPixelFormatForStringReturnsInvalidForOtherString() throws {
    let (layer, problems) = try format("CMYK")
    XCTAssertNil(layer)
    XCTAssertEqual(problems.map(\.path), ["inputs[0].format"])
    XCTAssertTrue(problems.first?.message.contains("CMYK") ?? false, "\(problems)")
  }

  // MARK: Image volume

  func volume(_ shape: String?) throws -> (LayerDescription?, [BundleProblem]) {
    let shape = shape.map { #", "shape": \#($0)"# } ?? ""
    return try parse(#"{"name": "image", "type": "image", "format": "RGB"\#(shape)}"#)
  }

  func testImageVolumeForShapeReturnsInvalidForNilInput() throws {
    let (layer, problems) = try volume(nil)
    XCTAssertNil(layer)
    XCTAssertEqual(problems.map(\.path), ["inputs[0].shape"])
  }

  func testImageVolumeForShapeReturnsInvalidForVolumesGreaterThanThreeDimensions() throws {
    let (layer, problems) = try volume("[224, 224, 3, 1]")
    XCTAssertNil(layer)
    XCTAssertEqual(problems.map(\.path), ["inputs[0].shape"])
    XCTAssertNil(LayerDescription.imageVolume([224, 224, 3, 1]))
  }

  func testImageVolumeForShapeParsesVolume() throws {
    let layer = try XCTUnwrap(try volume("[224, 224, 3]").0)
    XCTAssertEqual(layer.imageVolume, LayerDescription.ImageVolume(height: 224, width: 224, channels: 3))
  }

  func testImageVolumeForShapeParsesVolumeInHeightWidthChannelsOrder() throws {
    let layer = try XCTUnwrap(try volume("[200, 100, 3]").0)
    XCTAssertEqual(layer.imageVolume, LayerDescription.ImageVolume(height: 200, width: 100, channels: 3))
  }

  /// Tensor/IO's other four-dimension rules: the batch first (-1) or last (-1). (We also take
  /// a leading 1, as TF Lite models declare it.)
  func testImageVolumeWithABatchDimensionFirstOrLast() throws {
    let expected = LayerDescription.ImageVolume(height: 200, width: 100, channels: 3)
    for shape in ["[-1, 200, 100, 3]", "[200, 100, 3, -1]", "[1, 200, 100, 3]"] {
      let (layer, problems) = try volume(shape)
      XCTAssertEqual(problems, [], shape)
      XCTAssertEqual(layer?.imageVolume, expected, shape)
    }
  }

  // MARK: Data types

  func dataType(_ name: String?) throws -> Tensor.DataType? {
    let dtype = name.map { #", "dtype": "\#($0)""# } ?? ""
    let (layer, problems) = try parse(#"{"name": "x", "type": "array", "shape": [1]\#(dtype)}"#)
    XCTAssertEqual(problems, [], name ?? "nil")
    XCTAssertNotNil(layer, name ?? "nil")
    return layer?.dataType
  }

  func testIgnoresUnspecifiedDataType() throws { XCTAssertNil(try dataType(nil)) }

  /// An empty or unknown `dtype` is unspecified, not an error (Tensor/IO logs it and goes on).
  func testParsesUnknownType() throws {
    XCTAssertNil(try dataType(""))
    XCTAssertNil(try dataType("complex"))
  }

  func testParsersUInt8DataType() throws { XCTAssertEqual(try dataType("uint8"), .uInt8) }

  func testParsersFloat8DataType() throws { XCTAssertEqual(try dataType("float32"), .float32) }

  func testParsersInt32DataType() throws { XCTAssertEqual(try dataType("int32"), .int32) }

  func testParsersInt64DataType() throws {
    XCTAssertEqual(try dataType("int64"), .int64)
    XCTAssertEqual(try dataType("INT64"), .int64)  // Tensor/IO lowercases the name first
  }

  // MARK: Keys Tensor/IO ignores

  /// Tensor/IO reads each transform only where it applies (quantize on inputs, dequantize on
  /// outputs, normalize and denormalize on images) and ignores it elsewhere, unread; so do we.
  func testTransformsWhereTheyDoNotApplyAreIgnored() throws {
    let (output, outputProblems) = try parse(
      #"{"name": "y", "type": "array", "shape": [4], "quantize": {"standard": "[0,9]"}, "normalize": {"standard": "[0,1]"}, "labels": "x.txt"}"#,
      input: false)
    XCTAssertEqual(outputProblems, [])
    XCTAssertNil(output?.quantize)
    XCTAssertNil(output?.normalize)
    let (image, imageProblems) = try parse(
      #"{"name": "i", "type": "image", "shape": [8, 8, 3], "format": "BGR", "quantize": {"standard": "[0,1]"}, "denormalize": {"standard": "[0,1]"}, "labels": "x.txt"}"#
    )
    XCTAssertEqual(imageProblems, [])
    XCTAssertNil(image?.quantize)
    XCTAssertNil(image?.denormalize)
    XCTAssertEqual(image?.labelsFile, "x.txt")
  }
}
