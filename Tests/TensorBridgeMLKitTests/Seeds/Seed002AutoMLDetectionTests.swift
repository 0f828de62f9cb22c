import Foundation
import TensorBridgeMLKit
import TestSupport
import XCTest

/// Seed 002 (AutoML Vision Edge object detection on Apple platforms), its Swift sample
/// transcribed: read `tflite_metadata.json` for the input size and maximum detections, create
/// an `Interpreter` from the bundled model, copy the image's pixels in, invoke, read the boxes,
/// labels and confidences and combine them with `dict.txt`; then draw the boxes. The
/// `ssd_colors.automl` export stands in for the seed's 320×320, 40-detection model; a comment
/// marks every changed line.
final class Seed002AutoMLDetectionTests: XCTestCase {
  /// One printed detection of the seed's loop, kept so the test can check it.
  private struct Found {
    let label: String
    let labelIndex: Int
    let confidence: Float
    let top: Float, left: Float, bottom: Float, right: Float
  }

  func testTheBundledModelFlowFindsThePythonBoxesAndDrawsThem() throws {
    let reference = try DetectorReference.load()
    let folder = DetectorReference.folder
    let output = try TestPaths.temporaryDirectory("seed002")  // Added: where the drawn PNGs go

    // "Also look at the tflite_metadata.json file created alongside the model. You need two values:
    // the model's input dimensions (320x320 by default) and its maximum detections (40 by default)."
    let metadata = try AutoMLMetadata(data: Data(contentsOf: folder.appendingPathComponent(AutoMLMetadata.fileName)))  // Added: the seed read these two values by eye
    let side = try XCTUnwrap(metadata.inputShape?[1])  // Added: the seed hard-coded 320
    let maxDetections = try XCTUnwrap(metadata.maxDetections)  // Added: the seed hard-coded 40
    XCTAssertEqual(side, 32)
    XCTAssertEqual(maxDetections, 6)

    // 1. Load the model: "Create an object detector from your model".
    let modelPath: String? = folder.appendingPathComponent("model.tflite").path  // Changed: was Bundle.main.path(forResource: "model", ofType: "tflite")
    guard let modelPath else { return XCTFail("Failed to load the model file.") }  // Changed: print + return true
    let interpreter = try Interpreter(modelPath: modelPath)
    try interpreter.allocateTensors()

    for testCase in reference.cases {
      // 2. Prepare the input image: "crop and scale the image to the model's input dimensions".
      let source = try PixelBuffer(contentsOf: DetectorReference.sample(testCase.image))  // Changed: was a CGImage drawn into a CGContext
      let image = try source.converted(to: .rgb8).resized(width: side, height: side, reducingGap: nil)  // Added: the seed left the scaling to Core Image; Pillow's plain BILINEAR, as the reference
      var inputData = Data()
      for row in 0..<side {  // Changed: was 0 ..< 320
        for col in 0..<side {  // Changed: was 0 ..< 320
          // The seed computed `4 * (col * context.width + row)` (row and column swapped, see
          // SeedBugTests); `rgb(x:y:)` names its axes and knows the row stride.
          guard let pixel = image.rgb(x: col, y: row) else { return XCTFail("no pixel at \(col), \(row)") }  // Changed: was imageData.load(fromByteOffset: offset+1…3, as: UInt8.self)
          // This export is a float model (`inferenceType` FLOAT, mean and std 127.5): the seed's
          // bytes become (v − mean) / std.
          for value in [pixel.red, pixel.green, pixel.blue] {  // Changed: three appends of one UInt8 each
            var normalized = (Float(value) - Float(metadata.mean?.first ?? 0)) / Float(metadata.std?.first ?? 1)  // Added: normalization from tflite_metadata.json
            inputData.append(Data(bytes: &normalized, count: MemoryLayout<Float>.size))  // Changed: was inputData.append(&red, count: 1)
          }
        }
      }
      let pythonInput = testCase.input
      let ourInput = inputData.withUnsafeBytes { bytes in  // Added: the test checks the bytes
        Swift.stride(from: 0, to: bytes.count, by: 4).map { bytes.loadUnaligned(fromByteOffset: $0, as: Float.self) }
      }
      XCTAssertEqual(ourInput.count, pythonInput.count)
      let worst = zip(ourInput, pythonInput).map { abs(Double($0) - $1) }.max() ?? .infinity
      XCTAssertLessThanOrEqual(
        worst, testCase.image.hasSuffix(".png") ? 2.5 / 127.5 : 0.1, "\(testCase.image): input against Python's")

      // 3. Run the object detector.
      try interpreter.copy(inputData, toInputAt: 0)
      try interpreter.invoke()

      // 4. Get information about detected objects. The seed read outputs 0, 1 and 2 by
      // position; this export (like many converted models) lists them in another order, so
      // they are found by the names tflite_metadata.json gives.
      func outputIndex(_ representation: String) throws -> Int {  // Added: outputs by name
        let at = try XCTUnwrap(metadata.outputTensorRepresentation.firstIndex(of: representation), representation)
        return try XCTUnwrap(interpreter.outputIndex(named: metadata.outputTensors[at]), metadata.outputTensors[at])
      }
      var outputTensor = try interpreter.output(at: try outputIndex("bounding_boxes"))  // Changed: was output(at: 0)
      let boundingBoxes = try outputTensor.values(as: Float32.self)  // Changed: was an UnsafeMutableBufferPointer of 4 * 40 and copyBytes
      outputTensor = try interpreter.output(at: try outputIndex("class_labels"))  // Changed: was output(at: 1)
      let labels = try outputTensor.values(as: Float32.self)  // Changed: as above, capacity 40
      outputTensor = try interpreter.output(at: try outputIndex("class_confidences"))  // Changed: was output(at: 2)
      let probabilities = try outputTensor.values(as: Float32.self)  // Changed: as above, capacity 40
      XCTAssertEqual(boundingBoxes.count, 4 * maxDetections)

      let labelPath: String? = folder.appendingPathComponent("dict.txt").path  // Changed: was Bundle.main.path(forResource: "dict", ofType: "txt")
      guard let labelPath else { return XCTFail("no dict.txt") }  // Changed: return true
      let labelText = try Labels.parse(Data(contentsOf: URL(fileURLWithPath: labelPath)), file: labelPath)  // Changed: was String(contentsOfFile:).components(separatedBy: "\n"), see SeedBugTests

      var found: [Found] = []  // Added: the seed printed
      for i in 0..<maxDetections {  // Changed: was 0 ..< 40
        let top = boundingBoxes[4 * i + 0]  // Changed: the seed's `boundingBoxes[0 * i]` read the first box's top for every i (SeedBugTests)
        let left = boundingBoxes[4 * i + 1]  // Changed: was boundingBoxes[1 * i]
        let bottom = boundingBoxes[4 * i + 2]  // Changed: was boundingBoxes[2 * i]
        let right = boundingBoxes[4 * i + 3]  // Changed: was boundingBoxes[3 * i]
        let labelIdx = Int(labels[i])
        let label = labelText[labelIdx]
        let confidence = probabilities[i]
        if confidence > 0.66 {
          found.append(
            Found(
              label: label, labelIndex: labelIdx, confidence: confidence, top: top, left: left, bottom: bottom,
              right: right))  // Changed: was three print calls
        }
      }

      // The printed corners are normalized; the Python pipeline's boxes are source pixels,
      // clipped to the image.
      let expected = testCase.detections.filter { $0.score > 0.66 }
      XCTAssertEqual(found.count, expected.count, testCase.image)
      var drawn: [Detection] = []
      for object in found {
        let width = Double(testCase.width)
        let height = Double(testCase.height)
        let x0 = min(max(Double(object.left) * width, 0), width)
        let x1 = min(max(Double(object.right) * width, 0), width)
        let y0 = min(max(Double(object.top) * height, 0), height)
        let y1 = min(max(Double(object.bottom) * height, 0), height)
        let box = ImageRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let match = expected.first { $0.label == object.label && $0.rect.intersectionOverUnion(box) > 0.95 }
        guard let match else {
          XCTFail("\(testCase.image): \(object.label) at \(box) is not in the reference")
          continue
        }
        XCTAssertEqual(Double(object.confidence), match.score, accuracy: testCase.scoreTolerance)
        XCTAssertEqual(box.x, match.rect.x, accuracy: 1)
        XCTAssertEqual(box.width, match.rect.width, accuracy: 1)
        drawn.append(
          Detection(
            boundingBox: box,
            categories: [Category(index: object.labelIndex, label: object.label, score: object.confidence)]))
      }

      // Draw the boxes ("overlay graphics on the input image"): TensorBridge's ImageAnnotator.
      let annotated = ImageAnnotator().annotate(source, detections: drawn)  // Added: the seed pointed at the showcase app's overlay view
      let png = output.appendingPathComponent("\(testCase.image).png")
      try annotated.writePNG(to: png)
      let reread = try PixelBuffer(contentsOf: png)
      XCTAssertEqual(reread.width, testCase.width)
      XCTAssertEqual(reread.height, testCase.height)
      for detection in drawn {
        // The outline's bottom-left corner has the class colour, not the photo's pixel.
        let box = detection.boundingBox
        let x = Int(box.minX.rounded(.down))
        let y = Int(box.maxY.rounded(.up)) - 1
        let pixel = try XCTUnwrap(reread.rgb(x: x, y: y))
        let original = try XCTUnwrap(source.converted(to: .rgb8).rgb(x: x, y: y))
        XCTAssertFalse(pixel == original, "\(testCase.image): no outline at \(x), \(y)")
      }
    }
  }

  /// The same flow in TensorBridge's own form: `ObjectDetector(contentsOf:)` reads the export,
  /// finds the outputs and scales the boxes back to the image.
  func testTheObjectDetectorFormGivesTheSameBoxes() throws {
    let reference = try DetectorReference.load()
    let detector = try ObjectDetector(contentsOf: DetectorReference.folder)
    XCTAssertEqual(detector.labels, reference.labels)
    for testCase in reference.cases {
      let result = try detector.detect(contentsOf: DetectorReference.sample(testCase.image))
      XCTAssertEqual(result.detections.count, testCase.detections.count, testCase.image)
      for expected in testCase.detections {
        let match = result.detections.first {
          $0.categories.first?.label == expected.label && $0.boundingBox.intersectionOverUnion(expected.rect) > 0.98
        }
        guard let match else {
          XCTFail("\(testCase.image): no \(expected.label) at \(expected.rect)")
          continue
        }
        XCTAssertEqual(Double(match.categories[0].score), expected.score, accuracy: testCase.scoreTolerance)
        XCTAssertEqual(match.boundingBox.x, expected.rect.x, accuracy: testCase.pixelTolerance)
        XCTAssertEqual(match.boundingBox.width, expected.rect.width, accuracy: testCase.pixelTolerance)
      }
    }
  }
}
