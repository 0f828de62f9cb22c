// hub-classifier: what an app does to ship its image model through a ModelHub — ask the hub
// for the model (downloaded, SHA-256 verified and cached by ModelDownloader), then classify
// photos with it (TensorBridgeVision reads the labels and normalization from the model's
// TFLite metadata).
//
//   TENSORBRIDGE_HUB_URL=http://127.0.0.1:8080 TENSORBRIDGE_CLIENT_KEY=tbh_client_… \
//     hub-classifier MODEL_NAME PHOTO… [--models DIR]
import Foundation
import TensorBridgeDelivery
import TensorBridgeVision

/// What the command line gave.
struct Settings {
  var hub: URL
  var clientKey: String
  var model: String
  var photos: [URL]
  var store: URL?

  static let usage = """
    usage: TENSORBRIDGE_HUB_URL=URL TENSORBRIDGE_CLIENT_KEY=KEY hub-classifier MODEL_NAME PHOTO… [--models DIR]
    """

  /// Reads the arguments and environment, or nil when something is missing.
  static func parse(_ arguments: [String], _ environment: [String: String]) -> Settings? {
    var rest = arguments
    var store: URL?
    if let flag = rest.firstIndex(of: "--models") {
      guard rest.indices.contains(flag + 1) else { return nil }
      store = URL(fileURLWithPath: rest[flag + 1], isDirectory: true)
      rest.removeSubrange(flag...(flag + 1))
    }
    guard rest.count >= 2, let text = environment["TENSORBRIDGE_HUB_URL"], let hub = URL(string: text),
      let key = environment["TENSORBRIDGE_CLIENT_KEY"], !key.isEmpty
    else { return nil }
    return Settings(
      hub: hub, clientKey: key, model: rest[0], photos: rest.dropFirst().map { URL(fileURLWithPath: $0) },
      store: store)
  }
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("hub-classifier: \(message)\n".utf8))
  exit(1)
}

guard let settings = Settings.parse(Array(CommandLine.arguments.dropFirst()), ProcessInfo.processInfo.environment)
else {
  FileHandle.standardError.write(Data((Settings.usage + "\n").utf8))
  exit(2)
}

// 1. The model: the copy on this device if it is current, else the hub's version for this
//    installation, downloaded and verified before it is used.
let downloader = ModelDownloader(hubURL: settings.hub, clientKey: settings.clientKey, directory: settings.store)
let model: CustomModel
do {
  model = try await downloader.getModel(
    name: settings.model, downloadType: .latestModel,
    conditions: ModelDownloadConditions(allowsCellularAccess: false))
} catch {
  fail("cannot get model '\(settings.model)': \(error)")
}
print("model \(model.name) v\(model.version), \(model.size) bytes, sha256 \(model.hash)")

// 2. The classifier, from the downloaded file and its metadata.
let classifier: ImageClassifier
do {
  classifier = try ImageClassifier(contentsOf: model.fileURL, options: ImageClassifierOptions(maxResults: 3))
} catch {
  fail("cannot load \(model.path): \(error)")
}

// 3. Photos in, labels out.
for photo in settings.photos {
  do {
    let result = try classifier.classify(PixelBuffer(contentsOf: photo))
    let labels = result.categories.map { "\($0.label ?? "#\($0.index)") \(String(format: "%.3f", $0.score))" }
    print("\(photo.lastPathComponent): \(labels.joined(separator: ", "))")
  } catch {
    fail("cannot classify \(photo.path): \(error)")
  }
}
