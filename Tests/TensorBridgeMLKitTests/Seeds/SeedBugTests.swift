import Foundation
import TensorBridgeMLKit
import TensorBridgeText
import TestSupport
import XCTest

/// The seeds' known bugs, each next to the TensorBridge form that cannot make it.
final class SeedBugTests: XCTestCase {
  /// A 3×2 ARGB image whose rows are padded to 16 bytes (as camera frames are), every pixel's
  /// red value its own number: red = 10·y + x.
  private func paddedImage() throws -> PixelBuffer {
    let width = 3
    let height = 2
    let stride = 16
    var bytes = [UInt8](repeating: 0xEE, count: stride * height)
    for y in 0..<height {
      for x in 0..<width {
        let at = y * stride + x * 4
        bytes[at] = 255
        bytes[at + 1] = UInt8(10 * y + x)
        bytes[at + 2] = 0
        bytes[at + 3] = 0
      }
    }
    return try PixelBuffer(width: width, height: height, format: .argb8, bytesPerRow: stride, bytes: bytes)
  }

  /// Seeds 000 and 004 computed `4 * (col * width + row)`: row and column swapped. Seed 001
  /// computed `4 * (row * width + col)`: right axes, but `width * 4` is not the row stride of
  /// a padded buffer. `PixelBuffer.offset(x:y:)` / `rgb(x:y:)` take named axes and use
  /// `bytesPerRow`, and the tensorizer never exposes an offset at all.
  func testPixelOffsetsCannotBeTransposedOrIgnoreTheRowStride() throws {
    let image = try paddedImage()
    let bytes = image.bytes
    var transposed: [UInt8] = []
    var packedStride: [UInt8] = []
    var named: [UInt8] = []
    for row in 0..<image.height {
      for col in 0..<image.width {
        let seed000 = 4 * (col * image.width + row)  // the seeds' transposed offset
        // (past the pixels the seeds' `load(fromByteOffset:)` read whatever memory followed)
        transposed.append(seed000 + 1 < bytes.count ? bytes[seed000 + 1] : 0xEE)
        let seed001 = 4 * (row * image.width + col)  // the seed's `width * 4` stride
        packedStride.append(seed001 + 1 < bytes.count ? bytes[seed001 + 1] : 0xEE)
        named.append(try XCTUnwrap(image.rgb(x: col, y: row)).red)
      }
    }
    let truth: [UInt8] = [0, 1, 2, 10, 11, 12]
    XCTAssertEqual(named, truth, "TensorBridge reads every pixel where it is")
    XCTAssertNotEqual(transposed, truth, "the seeds' transposed offsets read other pixels")
    XCTAssertNotEqual(packedStride, truth, "`width * 4` reads padding on the second row")
    XCTAssertEqual(image.offset(x: 0, y: 1), image.bytesPerRow)

    // The tensorizer writes the image in row-major RGB order from the same buffer.
    let format = ImageInputFormat(width: 3, height: 2, dataType: .uInt8)
    var tensor = [UInt8](repeating: 0, count: 3 * 2 * 3)
    _ = try tensor.withUnsafeMutableBytes { try ImageTensorizer(format: format).write(image, into: $0) }
    XCTAssertEqual(Swift.stride(from: 0, to: tensor.count, by: 3).map { tensor[$0] }, truth)
  }

  /// Seeds 000, 001 and 004 split labels files with `components(separatedBy: "\n")`, so the
  /// file's trailing newline became an empty last label (and a fifth class for a four-class
  /// model). `Labels.parse` drops one trailing empty line.
  func testALabelsFileTrailingNewlineIsNotALabel() throws {
    let path = ShapesReference.labelsPath
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let seed = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
    XCTAssertEqual(seed.last, "", "the seeds' way")
    XCTAssertEqual(seed.count, 5)
    XCTAssertEqual(try Labels.parse(data, file: path), ["red circle", "green square", "blue triangle", "nothing"])
    XCTAssertEqual(try Labels.parse(Data("a\r\nb\r\n".utf8), file: "crlf"), ["a", "b"])
  }

  /// Seed 002 read its corners as `boundingBoxes[0 * i]`, `[1 * i]`, `[2 * i]`, `[3 * i]`:
  /// every detection's top was the first box's top, and the other corners came from other
  /// boxes (the Objective-C version's `16 * i + 4k` byte ranges were right). TensorBridge's
  /// `Detection` carries its own `boundingBox` next to its category: there is no index
  /// arithmetic to get wrong, and each box is the one LiteRT paired with that score.
  func testEveryDetectionHasItsOwnBox() throws {
    let reference = try DetectorReference.load()
    let testCase = try XCTUnwrap(reference.cases.first { $0.image == "0_red_green.png" })
    let boxes: [Double] = try XCTUnwrap(testCase.outputs["TFLite_Detection_PostProcess"])  // [N, 4]: top, left, bottom, right
    let count = boxes.count / 4
    let seedTops: [Double] = (0..<count).map { (i: Int) -> Double in boxes[0 * i] }  // the seed's way
    let seedBoxes: [[Double]] = (0..<count).map { (i: Int) -> [Double] in
      [boxes[0 * i], boxes[1 * i], boxes[2 * i], boxes[3 * i]]
    }
    XCTAssertEqual(Set(seedTops).count, 1, "the seed's every top is the first box's")
    let truth: [[Double]] = (0..<count).map { (i: Int) -> [Double] in Array(boxes[(4 * i)..<(4 * i + 4)]) }
    XCTAssertNotEqual(seedBoxes, truth)
    XCTAssertEqual(
      seedBoxes[0], [boxes[0], boxes[0], boxes[0], boxes[0]], "even the first detection mixes one corner four times")

    let detector = try ObjectDetector(contentsOf: DetectorReference.folder)
    let detections = try detector.detect(contentsOf: DetectorReference.sample(testCase.image)).detections
    XCTAssertEqual(
      Set(detections.map { [$0.boundingBox.x, $0.boundingBox.y] }).count, detections.count,
      "every detection has its own box")
    for (detection, expected) in zip(detections, testCase.detections) {
      XCTAssertEqual(detection.categories.first?.label, expected.label)
      XCTAssertGreaterThan(
        detection.boundingBox.intersectionOverUnion(expected.rect), 0.999, "the box LiteRT paired with this score")
    }
  }

  /// Seed 004's sentiment app sized its sequence with a `SEQUENCE_LENGTH` constant that had to
  /// match the model it was trained with; retrain with another length and the app copies too
  /// few or too many bytes. TensorBridge's `Interpreter.copy` checks the byte count and names
  /// both sizes, and `TextModel` encodes at the length the model's input tensor declares.
  func testASequenceLengthCannotDisagreeWithTheModel() throws {
    let interpreter = try Interpreter(modelPath: SentimentReference.metadataModelPath)
    try interpreter.allocateTensors()
    let SEQUENCE_LENGTH = 20  // the seed's way: a constant; this model takes 24
    let myData = [Int32](repeating: 0, count: SEQUENCE_LENGTH).withUnsafeBufferPointer(Data.init)
    XCTAssertThrowsError(try interpreter.copy(myData, toInputAt: 0)) { error in
      guard case .byteCountMismatch(_, let expected, let actual) = error as? InterpreterError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(expected, 24 * 4)
      XCTAssertEqual(actual, SEQUENCE_LENGTH * 4)
    }

    let model = try TextModel(contentsOf: SentimentReference.bundle)
    let long = String(repeating: "really ", count: 100)
    let encoded = try model.encode(long)
    XCTAssertEqual(encoded.ids.count, 24, "the model's length, not a constant")
    XCTAssertTrue(encoded.isTruncated)
    XCTAssertEqual(try model.encode("great").ids.count, 24, "short texts are padded to the same length")
  }
}
