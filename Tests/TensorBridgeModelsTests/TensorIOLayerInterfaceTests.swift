import Foundation
import TensorBridge
import XCTest

@testable import TensorBridgeModels

/// TensorIO/Tests/Core/TIOLayerInterfaceTests.mm (doc-ai/tensorio-ios @ 3e6cf3a): a layer's
/// `length`, the number of values one item holds, from its shape. Tensor/IO's vector, string
/// and scalar layer descriptions are our ``LayerDescription`` of kind `.array`, `.string` and
/// `.scalar`; its `batched:` flag is the `-1` leading dimension of the shape.
final class TensorIOLayerInterfaceTests: XCTestCase {
  /// `testVectorLengthIsCalculatedFromShape`.
  func testVectorLengthIsCalculatedFromShape() {
    XCTAssertEqual(LayerDescription(name: "v", kind: .array, shape: [6, 7]).length, 42)
  }

  /// `testVectorLengthIsAlwaysPositive`: a `-1` batch dimension does not count.
  func testVectorLengthIsAlwaysPositive() {
    XCTAssertEqual(LayerDescription(name: "v", kind: .array, shape: [-1, 6, 7]).length, 42)
  }

  /// `testStringLengthIsCalculatedFromShapeAndDType`: the count of values, whatever the dtype.
  func testStringLengthIsCalculatedFromShapeAndDType() {
    for type in [Tensor.DataType.uInt8, .float32, .int32, .int64] {
      XCTAssertEqual(LayerDescription(name: "s", kind: .string, dataType: type, shape: [6, 7]).length, 42, "\(type)")
    }
  }

  /// `testStringLengthIsAlwaysPositive`.
  func testStringLengthIsAlwaysPositive() {
    XCTAssertEqual(LayerDescription(name: "s", kind: .string, dataType: .uInt8, shape: [-1, 6, 7]).length, 42)
  }

  /// `testScalarLengthIsAlways1`.
  func testScalarLengthIsAlways1() {
    for type in [Tensor.DataType.uInt8, .float32, .int32, .int64] {
      XCTAssertEqual(LayerDescription(name: "n", kind: .scalar, dataType: type, shape: [1]).length, 1, "\(type)")
    }
  }

  /// `testScalarLengthIsAlwaysPositive1`.
  func testScalarLengthIsAlwaysPositive1() {
    XCTAssertEqual(LayerDescription(name: "n", kind: .scalar, dataType: .uInt8, shape: [-1, 1]).length, 1)
  }
}

/// TensorIO/Tests/TFLite/TIOTFLiteDataTests.mm (doc-ai/tensorio-ios @ 0d32bc3): numbers written
/// into a layer's tensor bytes and read back, unquantized (float32) and quantized (uint8) with
/// and without a quantizer or dequantizer. Tensor/IO's `getBytes:description:` is our
/// `ValueCoding.encode` (what `Model.run` writes into an input tensor) and
/// `initWithBytes:description:` is `ValueCoding.decode` (what it reads from an output tensor).
/// Tensor/IO's quantizer blocks are `(uint8_t)value` and `(float_t)value`: our
/// ``AffineTransform`` with scale 1 and bias 0. Its `NSNumber` cases are a one-element layer,
/// its `NSArray` cases a three-element one.
final class TensorIOTFLiteDataTests: XCTestCase {
  let identity = TensorBridgeModels.AffineTransform(scale: 1, bias: 0)

  /// The bytes `values` become in a tensor of `type`.
  func bytes(_ values: [Double], _ type: Tensor.DataType, quantize: TensorBridgeModels.AffineTransform? = nil) throws
    -> Data
  {
    var data = Data(count: values.count * (type == .float32 ? 4 : 1))
    try data.withUnsafeMutableBytes { raw in
      try ValueCoding.encode(values, into: raw, type: type, quantize: quantize, quantization: nil, layer: "layer")
    }
    return data
  }

  /// The numbers read from a tensor of `type` holding `data`.
  func numbers(_ data: Data, _ type: Tensor.DataType, dequantize: TensorBridgeModels.AffineTransform? = nil) -> [Float]
  {
    let count = data.count / (type == .float32 ? 4 : 1)
    return ValueCoding.decode(
      Tensor(name: "layer", dataType: type, shape: Tensor.Shape([count]), data: data), dequantize: dequantize)
  }

  func floats(_ values: [Float]) -> Data { values.withUnsafeBytes { Data($0) } }

  /// `testTypeSizes`: the element sizes, and the 32- and 64-bit integer extremes written into
  /// int32 and int64 tensors unchanged. Given as ``ModelValue/integers(_:)`` every extreme is kept
  /// exactly, `Int64.max` included (Tensor/IO's `NSNumber` keeps it too); given as numbers
  /// (`Double`s), `Int64.max` becomes 2^63, which int64 cannot hold, and is refused with a typed
  /// error rather than written wrong.
  func testTypeSizes() throws {
    XCTAssertEqual(MemoryLayout<Float>.size, 4)
    XCTAssertEqual(MemoryLayout<Int32>.size, 4)
    XCTAssertEqual(MemoryLayout<Int64>.size, 8)
    func written<T: FixedWidthInteger>(_ value: T, _ type: Tensor.DataType) throws -> T {
      var data = Data(count: MemoryLayout<T>.size)
      try data.withUnsafeMutableBytes { raw in
        try ValueCoding.encode([Double(value)], into: raw, type: type, quantize: nil, quantization: nil, layer: "l")
      }
      return data.withUnsafeBytes { $0.loadUnaligned(as: T.self) }
    }
    XCTAssertEqual(try written(Int32.min, .int32), Int32.min)
    XCTAssertEqual(try written(Int32.max, .int32), Int32.max)
    XCTAssertEqual(try written(Int64.min, .int64), Int64.min)
    func exact<T: FixedWidthInteger>(_ value: T, _ type: Tensor.DataType) throws -> T {
      var data = Data(count: MemoryLayout<T>.size)
      try data.withUnsafeMutableBytes { raw in
        try ValueCoding.encode(
          integers: [Int64(value)], into: raw, type: type, quantize: nil, quantization: nil, layer: "l")
      }
      return data.withUnsafeBytes { $0.loadUnaligned(as: T.self) }
    }
    XCTAssertEqual(try exact(Int32.min, .int32), Int32.min)
    XCTAssertEqual(try exact(Int32.max, .int32), Int32.max)
    XCTAssertEqual(try exact(Int64.min, .int64), Int64.min)
    XCTAssertEqual(try exact(Int64.max, .int64), Int64.max)
    XCTAssertEqual(try exact(Int64.max - 1, .int64), Int64.max - 1, "a Double would round this to 2^63")
    XCTAssertThrowsError(try exact(Int64(Int32.max) + 1, .int32)) { error in
      guard case .interpreter(.valueNotRepresentable(_, 0, _, .int32))? = error as? ModelError else {
        return XCTFail("\(error)")
      }
    }
    XCTAssertThrowsError(try written(Int64.max, .int64)) { error in
      guard case .interpreter(.valueNotRepresentable(_, _, _, .int64))? = error as? ModelError else {
        return XCTFail("\(error)")
      }
    }
  }

  // MARK: NSNumber + TIOTFLiteData get bytes

  /// `testNumberGetBytesFloatUnquantized`.
  func testNumberGetBytesFloatUnquantized() throws {
    XCTAssertEqual(try bytes([1], .float32), floats([1]))
  }

  /// `testNumberGetBytesUInt8QuantizedWithoutQuantizer`.
  func testNumberGetBytesUInt8QuantizedWithoutQuantizer() throws {
    for value in [0, 1, 255] { XCTAssertEqual(try bytes([Double(value)], .uInt8), Data([UInt8(value)])) }
  }

  /// `testNumberGetBytesUInt8QuantizedWithQuantizer`.
  func testNumberGetBytesUInt8QuantizedWithQuantizer() throws {
    for value in [0, 1, 255] {
      XCTAssertEqual(try bytes([Double(value)], .uInt8, quantize: identity), Data([UInt8(value)]))
    }
  }

  // MARK: NSNumber + TIOTFLiteData init with bytes

  /// `testNumberInitWithBytesFloatUnquantized`.
  func testNumberInitWithBytesFloatUnquantized() {
    XCTAssertEqual(numbers(floats([1]), .float32), [1])
  }

  /// `testNumberInitWithBytesUInt8QuantizedWithoutDequantizer`.
  func testNumberInitWithBytesUInt8QuantizedWithoutDequantizer() {
    for value: UInt8 in [0, 1, 255] { XCTAssertEqual(numbers(Data([value]), .uInt8), [Float(value)]) }
  }

  /// `testNumberInitWithBytesUInt8QuantizedWithDequantizer`.
  func testNumberInitWithBytesUInt8QuantizedWithDequantizer() {
    for value: UInt8 in [0, 1, 255] {
      XCTAssertEqual(numbers(Data([value]), .uInt8, dequantize: identity), [Float(value)])
    }
  }

  // MARK: NSArray + TIOTFLiteData get bytes

  /// `testArrayGetBytesFloatUnquantized`.
  func testArrayGetBytesFloatUnquantized() throws {
    XCTAssertEqual(try bytes([-1, 0, 1], .float32), floats([-1, 0, 1]))
  }

  /// `testArrayGetBytesUInt8QuantizedWithoutQuantizer`.
  func testArrayGetBytesUInt8QuantizedWithoutQuantizer() throws {
    XCTAssertEqual(try bytes([0, 1, 255], .uInt8), Data([0, 1, 255]))
  }

  /// `testArrayGetBytesUInt8QuantizedWithQuantizer`.
  func testArrayGetBytesUInt8QuantizedWithQuantizer() throws {
    XCTAssertEqual(try bytes([0, 1, 255], .uInt8, quantize: identity), Data([0, 1, 255]))
  }

  // MARK: NSArray + TIOTFLiteData init with bytes

  /// `testArrayInitWithBytesFloatUnquantized`.
  func testArrayInitWithBytesFloatUnquantized() {
    XCTAssertEqual(numbers(floats([-1, 0, 1]), .float32), [-1, 0, 1])
  }

  /// `testArrayInitWithBytesUInt8QuantizedWithoutDequantizer`.
  func testArrayInitWithBytesUInt8QuantizedWithoutDequantizer() {
    XCTAssertEqual(numbers(Data([0, 1, 255]), .uInt8), [0, 1, 255])
  }

  /// `testArrayInitWithBytesUInt8QuantizedWithDequantizer`.
  func testArrayInitWithBytesUInt8QuantizedWithDequantizer() {
    XCTAssertEqual(numbers(Data([0, 1, 255]), .uInt8, dequantize: identity), [0, 1, 255])
  }

  /// Not in Tensor/IO's file, the case its quantizer blocks stand for: a quantizer that is not
  /// the identity changes the bytes (so the cases above do go through the transform).
  func testANonIdentityQuantizerIsApplied() throws {
    XCTAssertEqual(
      try bytes([0, 0.5, 1], .uInt8, quantize: TensorBridgeModels.AffineTransform(scale: 255, bias: 0)),
      Data([0, 128, 255]))
    XCTAssertEqual(
      numbers(Data([0, 255]), .uInt8, dequantize: TensorBridgeModels.AffineTransform(scale: 1.0 / 255, bias: 0)),
      [0, 1])
  }
}
