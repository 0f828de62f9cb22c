import Foundation
import TensorBridgeMLKit
import TestSupport
import XCTest

/// Seed 000 (ML Kit custom TensorFlow Lite models on iOS): its Swift sample transcribed as
/// closely as the API allows, on a real hub on loopback. A comment marks every changed line.
/// The shapes classifier (32×32 RGB in, 4 scores out) stands in for the seed's ImageNet model.
final class Seed000MLKitInterpreterTests: XCTestCase {
  func testHostedModelWithBundledFallbackNotificationsOptionsRunAndOutputs() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    try await hub.deploy("your_remote_model", try Data(contentsOf: URL(fileURLWithPath: ShapesReference.modelPath)))
    // Changed: ML Kit read the Firebase app's configuration file; TensorBridge is told its hub.
    ModelManager.configure(
      hubURL: hub.url, clientKey: hub.clientKey, directory: try TestPaths.temporaryDirectory("seed000"))
    let reference = try ShapesReference.load()

    let remoteModel = CustomRemoteModel(
      name: "your_remote_model"  // The name you assigned in the Firebase console.
    )
    let modelPath = ShapesReference.modelPath  // Changed: was Bundle.main.path(forResource:ofType:)
    let localModel = CustomLocalModel(modelPath: modelPath)

    // Nothing is downloaded yet, so the sample's check picks the bundled model.
    var interpreter: ModelInterpreter
    if await ModelManager.modelManager().isModelDownloaded(remoteModel) {  // Changed: `await` (the store is an actor)
      interpreter = ModelInterpreter.modelInterpreter(remoteModel: remoteModel)
    } else {
      interpreter = ModelInterpreter.modelInterpreter(localModel: localModel)
    }
    let bundledPath = try await interpreter.modelPath()  // Added: the check
    XCTAssertEqual(bundledPath, modelPath)

    let succeeded = expectation(description: "firebaseMLModelDownloadDidSucceed")
    let success = NotificationCenter.default.addObserver(
      forName: .firebaseMLModelDownloadDidSucceed,
      object: nil,
      queue: nil
    ) { notification in  // Changed: no `[weak self]` / `strongSelf` (a test case, not a view controller)
      guard let userInfo = notification.userInfo,
        let model = userInfo[ModelDownloadUserInfoKey.remoteModel]  // Changed: the key is a String, no `.rawValue`
          as? CustomRemoteModel,  // Changed: was `as? RemoteModel`
        model.name == "your_remote_model"
      else { return }
      // The model was downloaded and is available on the device
      succeeded.fulfill()  // Added: the test waits for this
    }
    let failure = NotificationCenter.default.addObserver(
      forName: .firebaseMLModelDownloadDidFail,
      object: nil,
      queue: nil
    ) { notification in  // Changed: as above
      guard let userInfo = notification.userInfo,
        let model = userInfo[ModelDownloadUserInfoKey.remoteModel]  // Changed: as above
          as? CustomRemoteModel,
        model.name == "your_remote_model"  // Added: other tests' downloads are not this one's
      else { return }
      let error = userInfo[ModelDownloadUserInfoKey.error]  // Changed: no `.rawValue`
      XCTFail("download failed: \(String(describing: error))")  // Added
    }
    defer {
      NotificationCenter.default.removeObserver(success)
      NotificationCenter.default.removeObserver(failure)
    }

    let downloadConditions = ModelDownloadConditions(
      allowsCellularAccess: true,
      allowsBackgroundDownloading: true
    )
    let downloadProgress = ModelManager.modelManager().download(
      remoteModel,
      conditions: downloadConditions
    )
    await fulfillment(of: [succeeded], timeout: 30)
    XCTAssertEqual(downloadProgress.fractionCompleted, 1.0)

    // Downloaded now: the same check picks the hosted model.
    if await ModelManager.modelManager().isModelDownloaded(remoteModel) {  // Changed: `await`
      interpreter = ModelInterpreter.modelInterpreter(remoteModel: remoteModel)
    } else {
      interpreter = ModelInterpreter.modelInterpreter(localModel: localModel)
    }
    let downloadedPath = try await interpreter.modelPath()  // Added: the check
    XCTAssertNotEqual(downloadedPath, modelPath, "the verified download")

    var ioOptions = ModelInputOutputOptions()  // Changed: `var`, the options are a value type
    ioOptions.setInputFormat(index: 0, type: .float32, dimensions: [1, 32, 32, 3])  // Changed: no `try`; the shapes model's size
    ioOptions.setOutputFormat(index: 0, type: .float32, dimensions: [1, 4])  // Changed: as above, 4 classes

    for entry in reference.tensors {
      // Changed: the seed drew a CGImage into a 224×224 CGContext (alpha first); a PixelBuffer
      // resized to the model's size and converted to ARGB is that context's memory.
      let image = try PixelBuffer(contentsOf: MLKitFixtures.vision("samples/\(entry.image)"))
      let context = try image.resized(width: 32, height: 32).converted(to: .argb8)
      let imageData = context.bytes  // Changed: was `context.data`, a raw pointer

      let inputs = ModelInputs()
      var inputData = Data()
      for row in 0..<32 {  // Changed: 224 → the model's 32
        for col in 0..<32 {
          // Changed: the seed computed `4 * (col * context.width + row)`: row and column swapped
          // (it reads the transposed image) and `4 * width` instead of the row stride.
          // `offset(x:y:)` names the axes and uses `bytesPerRow`.
          let offset = context.offset(x: col, y: row)
          // (Ignore offset 0, the unused alpha channel)
          let red = imageData[offset + 1]  // Changed: array subscripts instead of `load(fromByteOffset:as:)`
          let green = imageData[offset + 2]
          let blue = imageData[offset + 3]

          // Changed: this model wants (v − 127.5) / 127.5, not v / 255 (the seed says it varies).
          var normalizedRed = (Float32(red) - 127.5) / 127.5
          var normalizedGreen = (Float32(green) - 127.5) / 127.5
          var normalizedBlue = (Float32(blue) - 127.5) / 127.5

          // Append normalized values to Data object in RGB order.
          let elementSize = MemoryLayout.size(ofValue: normalizedRed)
          var bytes = [UInt8](repeating: 0, count: elementSize)
          memcpy(&bytes, &normalizedRed, elementSize)
          inputData.append(&bytes, count: elementSize)
          memcpy(&bytes, &normalizedGreen, elementSize)
          inputData.append(&bytes, count: elementSize)
          memcpy(&bytes, &normalizedBlue, elementSize)  // Changed: the seed's `&ammp;` typo
          inputData.append(&bytes, count: elementSize)
        }
      }
      try inputs.addInput(inputData)
      // Added: the bytes equal the input tensor Python built from the same file.
      let built = inputData.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
      XCTAssertEqual(built.count, entry.input.count)
      XCTAssertLessThan(zip(built, entry.input).map { abs($0 - $1) }.max() ?? 1, 1e-5, entry.image)

      let (stream, continuation) = AsyncStream.makeStream(of: ModelOutputs.self)  // Added: the test waits
      interpreter.run(inputs: inputs, options: ioOptions) { outputs, error in
        guard error == nil, let outputs = outputs else { return continuation.finish() }
        continuation.yield(outputs)  // Process outputs
      }
      var received: ModelOutputs?
      for await outputs in stream {
        received = outputs
        break
      }
      let outputs = try XCTUnwrap(received, "the run failed")

      // Get first and only output of inference with a batch size of 1
      let output = try? outputs.output(index: 0) as? [[NSNumber]]
      let probabilities = output?[0]  // Changed: `try?` no longer nests optionals (Swift 5), so one `?`

      let labelPath = ShapesReference.labelsPath  // Changed: was Bundle.main.path(forResource:ofType:)
      // Changed: the seed split with `components(separatedBy: "\n")`, which makes the file's
      // trailing newline an empty fifth label; `Labels.parse` drops it.
      let labels = try Labels.parse(Data(contentsOf: URL(fileURLWithPath: labelPath)), file: labelPath)
      let expected = try XCTUnwrap(entry.outputs["shapes_metadata"]?.scores)
      XCTAssertEqual(labels, reference.labels)
      XCTAssertEqual(probabilities?.count, labels.count)
      for i in 0..<labels.count {
        let label = labels[i]
        let probability: Float = probabilities?[i].floatValue ?? -1
        XCTAssertEqual(probability, expected[i], accuracy: reference.tolerance, "\(entry.image) \(label)")
      }
    }
    await hub.stop()
  }
}
