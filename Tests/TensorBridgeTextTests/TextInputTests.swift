import Foundation
import TensorBridge
import TensorBridgeModels
import TensorBridgeText
import XCTest

/// Text goes through the same `Model.run(on:)` as numbers and images: a string, encoded text
/// (filling a BERT model's three inputs), or encoded text by layer name; text errors keep
/// their type inside `ModelError.input`.
final class TextInputTests: XCTestCase {
  func testEncodedTextFillsEveryBertLayerThroughModelRun() throws {
    let textModel = try TextModel(contentsOf: TextFixtures.url("bert.tiobundle"))
    let text = "The staff was rude but the room was clean."
    let expected = try textModel.run(on: text)
    let encoded = try textModel.encode(text)
    XCTAssertEqual(try textModel.model.run(on: encoded), expected)
    XCTAssertEqual(try textModel.model.run(on: text), expected, "a string is tokenized as TextModel does")
    let names = textModel.model.description.inputs.map(\.name)
    var byName: [String: any ModelInput] = [:]
    for name in names { byName[name] = encoded }
    XCTAssertEqual(try textModel.model.run(on: byName), expected)
    // Numbers are not text: a text layer refuses them, naming the layer.
    let maskLayer = try XCTUnwrap(textModel.model.description.inputs.first { $0.text?.role == .mask }?.name)
    byName[maskLayer] = encoded.mask
    XCTAssertThrowsError(try textModel.model.run(on: byName)) { error in
      guard case ModelError.unsupportedValue(let layer, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(layer, maskLayer)
    }
  }

  func testTextErrorsKeepTheirTypeInsideModelError() throws {
    let model = try Model(contentsOf: TextFixtures.models.appendingPathComponent("three_classes.tflite"))
    XCTAssertThrowsError(try model.run(on: "no text layer here")) { error in
      guard case ModelError.input(_, let failure) = error else { return XCTFail("\(error)") }
      guard case .noTextLayer? = failure.error as? TextError else { return XCTFail("\(failure)") }
    }
    let encoded = EncodedText(ids: [1, 2, 3, 4], mask: [1, 1, 1, 1], segmentIds: [0, 0, 0, 0], tokenCount: 4)
    XCTAssertThrowsError(try model.run(on: encoded)) { error in
      guard case ModelError.input(let layer, let failure) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(failure.error as? TextError, .nonTextInput(layer: layer))
    }
  }

  func testTextModelReportsTheTextErrorItself() throws {
    let textModel = try TextModel(contentsOf: TextFixtures.url("sentiment.tiobundle"))
    let short = EncodedText(ids: [1, 2], mask: [1, 1], segmentIds: [0, 0], tokenCount: 2)
    XCTAssertThrowsError(try textModel.model.run(on: short)) { error in
      guard case ModelError.input(_, let failure) = error, case .notASequence? = failure.error as? TextError else {
        return XCTFail("\(error)")
      }
    }
  }
}
