import Foundation
import TensorBridgeMLKit
import TestSupport
import XCTest

/// Seed 004 (the book chapter on custom models in iOS apps), "Step 4: load the model" to
/// "Step 6: get the inference results" of the flowers classifier, the raw-bytes way: an
/// `Interpreter`, a thumbnail's pixel buffer read byte by byte (skipping every fourth byte, the
/// alpha), normalized floats copied in, the biggest output looked up in the labels. The shapes
/// classifier (32×32, four classes) stands in for flowers_model.tflite (224×224, five flowers);
/// a comment marks every changed line.
final class Seed004FlowersRawBytesTests: XCTestCase {
  /// `rgbDataFromBuffer(_:byteCount:)`, with the TensorBridge image in place of the CVPixelBuffer.
  private func rgbDataFromBuffer(_ buffer: PixelBuffer, byteCount: Int) -> Data? {
    // CVPixelBufferLockBaseAddress / GetBaseAddress / GetDataSize: a packed RGBA copy's bytes.
    let packed = buffer.converted(to: .rgba8).packed()  // Changed: was the locked base address of a BGRA buffer
    let count = packed.bytes.count  // Changed: was CVPixelBufferGetDataSize(buffer)
    let bufferData = Data(packed.bytes)  // Changed: was Data(bytesNoCopy:count:deallocator: .none)
    guard count == byteCount / 3 * 4 else { return nil }  // Added: the book assumed rows without padding (packed() guarantees it here)

    var rgbBytes = [Float](repeating: 0, count: byteCount)
    var index = 0
    for component in bufferData.enumerated() {
      let offset = component.offset
      let isAlphaComponent = (offset % 4) == 3
      guard !isAlphaComponent else { continue }
      rgbBytes[index] = (Float(component.element) - 127.5) / 127.5  // Changed: was / 255.0; the shapes model's metadata gives mean and std 127.5
      index += 1
    }
    return rgbBytes.withUnsafeBufferPointer(Data.init)
  }

  func testTheRawBytesWay() throws {
    let reference = try ShapesReference.load()
    let side = ShapesReference.inputSize  // Added: the book's 224

    // Step 4: load the model.
    let modelPath: String? = ShapesReference.modelPath  // Changed: was Bundle.main.path(forResource: "flowers_model", ofType: "tflite")
    var interpreter: Interpreter
    do {
      interpreter = try Interpreter(modelPath: modelPath!)
    } catch _ {
      return XCTFail("Error loading model!")  // Changed: was print + return
    }
    let labels = try Labels.parse(
      Data(contentsOf: URL(fileURLWithPath: ShapesReference.labelsPath)), file: ShapesReference.labelsPath)  // Added: the app's labels (see SeedBugTests for the trailing-newline label)

    for entry in reference.tensors {
      // Step 5: turn the image into an input tensor.
      let image = try PixelBuffer(contentsOf: MLKitFixtures.vision("samples/\(entry.image)"))  // Changed: was UIImage(named:)
      var pixelBuffer: PixelBuffer  // Changed: was CVPixelBuffer
      pixelBuffer = image  // Changed: was image!.pixelBuffer()!
      // The book cropped the biggest centre square (`centerThumbnail(ofSize:)`); the Python
      // reference stretches the whole image, so the test does too (`centerSquareCropped()` is
      // the crop, for apps that want it).
      let thumbnailPixelBuffer: PixelBuffer? = try pixelBuffer.resized(width: side, height: side, reducingGap: nil)  // Changed: was pixelBuffer.centerThumbnail(ofSize: scaledSize); Pillow's plain BILINEAR
      let rgbData = rgbDataFromBuffer(thumbnailPixelBuffer!, byteCount: 1 * side * side * 3)  // Changed: was 1 * 224 * 224 * 3
      let data = try XCTUnwrap(rgbData)
      let floats = data.withUnsafeBytes { bytes in  // Added: the test checks the tensor
        Swift.stride(from: 0, to: bytes.count, by: 4).map { bytes.loadUnaligned(fromByteOffset: $0, as: Float.self) }
      }
      let worst = zip(floats, entry.input).map { abs($0 - $1) }.max() ?? .infinity
      XCTAssertLessThanOrEqual(
        worst, entry.image.hasSuffix(".png") ? 2.5 / 127.5 : 0.1, "\(entry.image): input against Python's")

      // Step 6: get the inference results.
      try interpreter.allocateTensors()
      try interpreter.copy(data, toInputAt: 0)
      try interpreter.invoke()
      let outputTensor = try interpreter.output(at: 0)
      let resultsArray = try outputTensor.values(as: Float32.self)  // Changed: was outputTensor.data.toArray(type: Float32.self)
      // Pick the biggest value in the array
      let maxVal = resultsArray.max()
      // Get the index of the biggest value
      let resultsIndex = resultsArray.firstIndex(of: maxVal!)
      // Set the result to be the label at that index
      let outputString = labels[resultsIndex!]

      let expected = try XCTUnwrap(entry.outputs["shapes_metadata"]?.scores)
      let best = try XCTUnwrap(expected.indices.max { expected[$0] < expected[$1] })
      XCTAssertEqual(outputString, reference.labels[best], entry.image)
      XCTAssertEqual(resultsArray.count, expected.count)
      XCTAssertEqual(maxVal ?? -1, expected[best], accuracy: entry.image.hasSuffix(".png") ? 1e-3 : 0.02, entry.image)
    }
  }
}
