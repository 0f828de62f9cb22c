import Foundation
import TensorBridgeMLKit
import TestSupport
import XCTest

/// Seed 001 (Firebase `MLModelDownloader` with the TensorFlow Lite `Interpreter`): its Swift
/// sample transcribed with each of the three download types, on a real hub on loopback. A
/// comment marks every changed line. The shapes classifier stands in for the seed's model.
final class Seed001FirebaseDownloaderTests: XCTestCase {
  func testGetModelWithEveryDownloadTypeThenRunTheInterpreter() async throws {
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    try await hub.deploy("your_model", try Data(contentsOf: URL(fileURLWithPath: ShapesReference.modelPath)))
    // Changed: Firebase read its app configuration file; TensorBridge is told its hub.
    ModelManager.configure(
      hubURL: hub.url, clientKey: hub.clientKey, directory: try TestPaths.temporaryDirectory("seed001"))
    let reference = try ShapesReference.load()
    let entry = try XCTUnwrap(reference.tensors.first)

    for downloadType in [ModelDownloadType.localModel, .localModelUpdateInBackground, .latestModel] {  // Added: all three
      let (stream, continuation) = AsyncStream.makeStream(of: Result<[Float], any Error>.self)  // Added: the test waits
      let conditions = ModelDownloadConditions(allowsCellularAccess: false)
      try ModelDownloader.modelDownloader()  // Changed: `try`, there is no config file to fall back on
        .getModel(
          name: "your_model",
          downloadType: downloadType,  // Changed: each type in turn
          conditions: conditions
        ) { result in
          switch result {
          case .success(let customModel):
            do {
              // Download complete. Depending on your app, you could enable the ML
              // feature, or switch from the local model to the remote model, etc.
              // The CustomModel object contains the local path of the model file,
              // which you can use to instantiate a TensorFlow Lite interpreter.
              let interpreter = try Interpreter(modelPath: customModel.path)

              // Changed: the seed built `inputData` with a pixel loop (seed 000's, tested in
              // Seed000MLKitInterpreterTests); here the Python reference's input bytes.
              let inputData = Data(copyingBufferOf: entry.input)
              try interpreter.allocateTensors()
              try interpreter.copy(inputData, toInputAt: 0)
              try interpreter.invoke()

              let output = try interpreter.output(at: 0)
              // Changed: the seed allocated a hard-coded 1000 floats and copied raw bytes into
              // them; `values(as:)` checks the type and sizes the array from the tensor.
              let probabilities = try output.values(as: Float32.self)
              continuation.yield(.success(probabilities))  // Added
            } catch {
              // Error. Bad model file?
              continuation.yield(.failure(error))  // Added
            }
          case .failure(let error):
            // Download was unsuccessful. Don't enable ML features.
            continuation.yield(.failure(error))  // Changed: was print(error)
          }
        }
      var probabilities: [Float] = []
      for await result in stream {
        probabilities = try result.get()
        break
      }

      let labelPath = ShapesReference.labelsPath  // Changed: was Bundle.main.path(forResource:ofType:)
      // Changed: `components(separatedBy: "\n")` made the trailing newline an empty label.
      let labels = try Labels.parse(Data(contentsOf: URL(fileURLWithPath: labelPath)), file: labelPath)
      let expected = try XCTUnwrap(entry.outputs["shapes_metadata"]?.scores)
      XCTAssertEqual(probabilities.count, labels.count, "\(downloadType)")
      for i in labels.indices {
        XCTAssertEqual(probabilities[i], expected[i], accuracy: reference.tolerance, "\(downloadType) \(labels[i])")  // Changed: was print
      }
    }
    let downloaded = await (try ModelDownloader.modelDownloader()).isModelDownloaded(name: "your_model")
    XCTAssertTrue(downloaded)
    await hub.stop()
  }
}
