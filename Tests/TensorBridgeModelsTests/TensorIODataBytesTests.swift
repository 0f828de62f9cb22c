import Foundation
import TensorBridge
import XCTest

@testable import TensorBridgeModels

/// The four raw-bytes cases of `TensorIO/Tests/TFLite/TIOTFLiteDataTests.mm` (doc-ai/tensorio-ios
/// @ `0d32bc3`) that pass bytes through unchanged — `testDataGetBytesFloatUnquantized`,
/// `testDataGetBytesUInt8QuantizedWithoutQuantizer` (bytes into a tensor as they are) and
/// `testDataInitWithBytesFloatUnquantized`, `testDataInitWithBytesUInt8QuantizedWithoutDequantizer`
/// (a tensor's bytes out as they are) — on real models: `ModelValue.data` into a float32 and a
/// uint8 model's inputs must arrive byte for byte, and the outputs' bytes (`Model.interpreter`)
/// must be Python LiteRT's (`*.reference.json`): uint8 exactly, float32 within 1e-6.
/// (Tensor/IO's two other `NSData` cases run raw bytes through a quantizer or dequantizer; raw
/// `Data` goes into a tensor untransformed here by design.)
final class TensorIODataBytesTests: XCTestCase {
  private struct Case {
    var inputs: [(name: String, index: Int, bytes: Data)]
    var outputs: [(index: Int, dtype: String, values: [Double])]
  }

  private func reference(_ model: String) throws -> Case {
    let url = BundleTestSupport.fixtures.appendingPathComponent("models/\(model).reference.json")
    let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let cases = try XCTUnwrap(root["cases"] as? [[String: Any]])
    let first = try XCTUnwrap(cases.first)
    func bytes(_ values: [Double], _ dtype: String) throws -> Data {
      switch dtype {
      case "uint8": return Data(values.map { UInt8($0) })
      case "float32": return values.map { Float($0) }.withUnsafeBufferPointer { Data(buffer: $0) }
      default: throw XCTSkip("dtype \(dtype) not used here")
      }
    }
    var result = Case(inputs: [], outputs: [])
    for input in try XCTUnwrap(first["inputs"] as? [[String: Any]]) {
      let values = try XCTUnwrap(input["data"] as? [Double])
      result.inputs.append(
        (
          try XCTUnwrap(input["signature_name"] as? String), try XCTUnwrap(input["index"] as? Int),
          try bytes(values, try XCTUnwrap(input["dtype"] as? String))
        ))
    }
    for output in try XCTUnwrap(first["outputs"] as? [[String: Any]]) {
      result.outputs.append(
        (
          try XCTUnwrap(output["index"] as? Int), try XCTUnwrap(output["dtype"] as? String),
          try XCTUnwrap(output["data"] as? [Double])
        ))
    }
    return result
  }

  private func check(_ name: String) throws {
    let reference = try reference(name)
    let model = try Model(contentsOf: BundleTestSupport.model(name))
    var inputs: [String: any ModelInput] = [:]
    for input in reference.inputs { inputs[input.name] = ModelValue.data(input.bytes) }
    _ = try model.run(on: inputs)
    for input in reference.inputs {
      XCTAssertEqual(try model.interpreter.input(at: input.index).data, input.bytes, "\(name): \(input.name) in")
    }
    for output in reference.outputs {
      let data = try model.interpreter.output(at: output.index).data
      switch output.dtype {
      case "uint8":
        XCTAssertEqual(Array(data), output.values.map { UInt8($0) }, "\(name): output \(output.index)")
      default:
        let floats = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        XCTAssertEqual(floats.count, output.values.count)
        for (got, want) in zip(floats, output.values) { XCTAssertEqual(Double(got), want, accuracy: 1e-6) }
      }
    }
  }

  /// `testDataGetBytesFloatUnquantized` and `testDataInitWithBytesFloatUnquantized`.
  func testFloat32BytesInAndOutUnchanged() throws { try check("two_vectors") }

  /// `testDataGetBytesUInt8QuantizedWithoutQuantizer` and
  /// `testDataInitWithBytesUInt8QuantizedWithoutDequantizer`: no transform on raw bytes, even
  /// where the model's metadata (or a description) would normalize numbers.
  func testUInt8BytesInAndOutUnchanged() throws {
    try check("two_vectors_uint8")
    try check("metadata_classifier_uint8")
  }

  /// ``ModelValue/integers(_:)`` on a real int32 model: the same tensor bytes and outputs as the
  /// reference's token ids given as numbers, and a value int32 cannot hold is refused by index.
  func testIntegersIntoAnInt32Model() throws {
    let url = BundleTestSupport.fixtures.appendingPathComponent("models/token_classifier.reference.json")
    let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let input = try XCTUnwrap(((root["cases"] as? [[String: Any]])?.first?["inputs"] as? [[String: Any]])?.first)
    let ids = try XCTUnwrap(input["data"] as? [Double])
    let model = try Model(contentsOf: BundleTestSupport.model("token_classifier"))
    let asNumbers = try model.run(on: ["token_ids": ModelValue.numbers(ids)])
    let numberBytes = try model.interpreter.input(at: 0).data
    let asIntegers = try model.run(on: ["token_ids": ModelValue.integers(ids.map { Int64($0) })])
    XCTAssertEqual(try model.interpreter.input(at: 0).data, numberBytes)
    XCTAssertEqual(asIntegers, asNumbers)
    var tooBig = ids.map { Int64($0) }
    tooBig[3] = Int64(Int32.max) + 1
    XCTAssertThrowsError(try model.run(on: ["token_ids": ModelValue.integers(tooBig)])) { error in
      guard case .interpreter(.valueNotRepresentable(_, 3, _, .int32))? = error as? ModelError else {
        return XCTFail("\(error)")
      }
    }
  }

  /// `testDataGetBytesUInt8QuantizedWithQuantizer` and
  /// `testDataInitWithBytesUInt8QuantizedWithDequantizer`: float32 bytes given to a uint8 layer
  /// with a quantizer (Tensor/IO's `(uint8_t)value`: here `scale` 1, `bias` 0) arrive quantized
  /// (0, 1, 255 → the same bytes), and an output with a dequantizer reads as float32 bytes of
  /// its dequantized values (`ModelOutput.valueData`).
  func testQuantizerAndDequantizerOnRawBytes() throws {
    let identity = #"{ "scale": 1, "bias": 0 }"#
    let folder = try BundleTestSupport.makeBundle(
      json: BundleTestSupport.twoVectorJSON(
        inputs: #"[{ "name": "foo_features", "type": "array", "shape": [4], "quantize": \#(identity) }, "#
          + #"{ "name": "bar_features", "type": "array", "shape": [8], "quantize": \#(identity) }]"#,
        outputs: #"[{ "name": "qux_outputs", "type": "array", "shape": [6], "dequantize": \#(identity) }, "#
          + #"{ "name": "baz_outputs", "type": "array", "shape": [3], "dequantize": \#(identity) }]"#,
        model: #"{ "file": "model.tflite", "quantized": true }"#),
      model: "two_vectors_uint8", testCase: self)
    let model = try Model(contentsOf: folder)
    func floats(_ values: [Float]) -> Data { values.withUnsafeBufferPointer { Data(buffer: $0) } }
    let foo: [Float] = [0, 1, 255, 7]
    let bar: [Float] = [255, 1, 0, 2, 3, 4, 5, 6]
    let outputs = try model.run(on: [
      "foo_features": ModelValue.data(floats(foo)), "bar_features": ModelValue.data(floats(bar)),
    ])
    // The interpreter's order (two_vectors_uint8.reference.json): foo, bar in; qux, baz out.
    let (fooIndex, barIndex) = (0, 1)
    XCTAssertEqual(Array(try model.interpreter.input(at: fooIndex).data), foo.map { UInt8($0) })
    XCTAssertEqual(Array(try model.interpreter.input(at: barIndex).data), bar.map { UInt8($0) })
    for output in outputs.layers {
      let index = try XCTUnwrap(["qux_outputs": 0, "baz_outputs": 1][output.name])
      let raw = try model.interpreter.output(at: index).data
      XCTAssertEqual(output.valueData, floats(raw.map { Float($0) }), output.name)
    }
    // Raw uint8 bytes (one an element) still go in as they are.
    _ = try model.run(on: [
      "foo_features": ModelValue.data(Data([9, 8, 7, 6])), "bar_features": ModelValue.data(Data(count: 8)),
    ])
    XCTAssertEqual(Array(try model.interpreter.input(at: fooIndex).data), [9, 8, 7, 6])
    // Any other count is refused, naming both.
    XCTAssertThrowsError(
      try model.run(on: [
        "foo_features": ModelValue.data(Data(count: 5)), "bar_features": ModelValue.data(Data(count: 8)),
      ])
    ) { error in
      XCTAssertEqual(error as? ModelError, .byteCount(layer: "foo_features", expected: 4, actual: 5))
    }
  }

  /// A byte count that does not fit the tensor is refused, naming the layer and both counts.
  func testAWrongByteCountIsRefused() throws {
    let model = try Model(contentsOf: BundleTestSupport.model("metadata_classifier_uint8"))
    XCTAssertThrowsError(try model.run(on: ["features": ModelValue.data(Data([1, 2, 3]))])) { error in
      XCTAssertEqual(error as? ModelError, .byteCount(layer: "features", expected: 4, actual: 3))
    }
  }
}
