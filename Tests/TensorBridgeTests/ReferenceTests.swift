import Foundation
import TensorBridge
import XCTest

/// Swift outputs against the Python LiteRT runtime's, for every committed fixture.
///
/// Tolerances: float outputs within 1e-5 absolute (both sides run the same LiteRT kernels, so
/// they are normally bit-identical; kernels picked by CPU type may differ by a few ulps);
/// quantized integer outputs within 1 (one quantization step), other integers exact.
final class ReferenceTests: XCTestCase {
  static let floatTolerance = 1e-5

  func testEveryFixtureMatchesPythonThroughInterpreter() throws {
    let models = try Fixtures.referencedModels()
    XCTAssertGreaterThanOrEqual(models.count, 9, "fixtures missing")
    var casesRun = 0
    for name in models {
      let reference = try Fixtures.reference(name)
      guard reference.expect_error == nil else { continue }
      let mainKey = reference.signatures?.first { $0.value.subgraph_index == 0 }?.key
      for testCase in reference.cases where testCase.signature == nil || testCase.signature == mainKey {
        let interpreter = try Interpreter(modelPath: Fixtures.model(name))
        XCTAssertEqual(interpreter.inputTensorCount, reference.tensors.inputs.count, name)
        XCTAssertEqual(interpreter.outputTensorCount, reference.tensors.outputs.count, name)
        // Resize every input first: resizing re-creates all buffers (and drops their contents).
        for input in testCase.inputs where try interpreter.input(at: input.index).shape.dimensions != input.shape {
          try interpreter.resizeInput(at: input.index, to: Tensor.Shape(input.shape))
        }
        for input in testCase.inputs {
          let tensor = try interpreter.input(at: input.index)
          XCTAssertEqual(tensor.name, input.name, "\(name) input \(input.index) order differs from Python")
          XCTAssertEqual(tensor.dataType.name, input.dtype, name)
          XCTAssertEqual(tensor.shape.dimensions, input.shape, name)
          try interpreter.copy(tensor.dataType.encode(input.data, tensor: tensor.name), toInputAt: input.index)
        }
        try interpreter.invoke()
        for expected in testCase.outputs {
          let tensor = try interpreter.output(at: expected.index)
          XCTAssertEqual(tensor.name, expected.name, "\(name) output \(expected.index) order differs from Python")
          try assertMatches(tensor, expected, context: "\(name) output \(expected.index)")
        }
        casesRun += 1
      }
    }
    XCTAssertGreaterThanOrEqual(casesRun, 10)
  }

  func testEverySignatureCaseMatchesPythonThroughSignatureRunner() throws {
    var casesRun = 0
    for name in try Fixtures.referencedModels() {
      let reference = try Fixtures.reference(name)
      for testCase in reference.cases {
        guard let key = testCase.signature else { continue }
        let interpreter = try Interpreter(modelPath: Fixtures.model(name))
        let runner = try interpreter.signatureRunner(with: key)
        // Resize every input first: resizing re-creates all buffers (and drops their contents).
        for input in testCase.inputs {
          let signatureName = try XCTUnwrap(input.signature_name)
          if try runner.input(named: signatureName).shape.dimensions != input.shape {
            try runner.resizeInput(named: signatureName, toShape: Tensor.Shape(input.shape))
          }
        }
        for input in testCase.inputs {
          let signatureName = try XCTUnwrap(input.signature_name)
          let tensor = try runner.input(named: signatureName)
          try runner.copy(tensor.dataType.encode(input.data, tensor: tensor.name), toInputNamed: signatureName)
        }
        try runner.invoke()
        for expected in testCase.outputs {
          let tensor = try runner.output(named: try XCTUnwrap(expected.signature_name))
          try assertMatches(tensor, expected, context: "\(name) \(key) \(expected.signature_name ?? "")")
        }
        casesRun += 1
      }
    }
    XCTAssertGreaterThanOrEqual(casesRun, 10)
  }

  func testQuantizationParametersMatchPython() throws {
    for name in ["two_vectors_uint8", "two_vectors_int8"] {
      let reference = try Fixtures.reference(name)
      let interpreter = try Interpreter(modelPath: Fixtures.model(name))
      for description in reference.tensors.inputs {
        let tensor = try interpreter.input(at: description.index)
        let quantization = try XCTUnwrap(tensor.quantizationParameters, name)
        XCTAssertEqual(Double(quantization.scale), description.quantization.scale, accuracy: 1e-9)
        XCTAssertEqual(quantization.zeroPoint, description.quantization.zero_point)
      }
      for description in reference.tensors.outputs {
        let tensor = try interpreter.output(at: description.index)
        let quantization = try XCTUnwrap(tensor.quantizationParameters, name)
        XCTAssertEqual(Double(quantization.scale), description.quantization.scale, accuracy: 1e-9)
        XCTAssertEqual(quantization.zeroPoint, description.quantization.zero_point)
        XCTAssertEqual(tensor.shapeSignature.dimensions, description.shape_signature)
      }
    }
  }

  private func assertMatches(_ tensor: Tensor, _ expected: Reference.TensorValue, context: String) throws {
    XCTAssertEqual(tensor.dataType.name, expected.dtype, context)
    XCTAssertEqual(tensor.shape.dimensions, expected.shape, context)
    let values = try XCTUnwrap(tensor.floatValues(), context)
    XCTAssertEqual(values.count, expected.data.count, context)
    let tolerance: Double
    switch tensor.dataType {
    case .float32, .float16, .float64: tolerance = Self.floatTolerance
    case .uInt8, .int8, .int16: tolerance = tensor.quantizationParameters == nil ? 0 : 1
    default: tolerance = 0
    }
    for (i, (actual, wanted)) in zip(values, expected.data).enumerated() {
      XCTAssertEqual(Double(actual), wanted, accuracy: tolerance, "\(context) element \(i)")
    }
  }
}
