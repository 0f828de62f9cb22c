import ArgumentParser
import Foundation
import TensorBridgeModels
import TensorBridgeVision

/// `tensorbridge classify MODEL IMAGE...`: top categories per image.
struct ClassifyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "classify",
    abstract: "Classify JPEG or PNG images with an image classifier (bundle or .tflite with metadata).",
    discussion: """
      The model is a .tiobundle folder whose model.json has an image input, or a .tflite whose \
      TFLite metadata describes the input normalization and labels. Images are decoded with \
      their EXIF orientation. With many images, progress is shown on standard error.
      """)

  @Argument(help: "A .tiobundle folder or a .tflite with metadata.")
  var model: String

  @Argument(help: "JPEG or PNG files.")
  var images: [String]

  @Option(
    name: [.customLong("max-results"), .customLong("top")],
    help: "How many categories to show per image (--top is an alias).")
  var maxResults = 5

  @Option(name: .long, help: "Leave out categories scoring below this.")
  var threshold: Float?

  @Flag(
    name: .long,
    help:
      "Resize exactly as Pillow's Image.resize does, without first averaging blocks of pixels on large downscales (slower; the default equals reducing_gap=2.0)."
  )
  var exactResize = false

  @OptionGroup var pipeline: ImageTaskOptions

  @OptionGroup var runtime: RuntimeOptions

  func validate() throws {
    if images.isEmpty { throw ValidationError("give at least one image") }
    if maxResults < 1 { throw ValidationError("--max-results must be at least 1") }
  }

  func run() throws {
    let options = ImageClassifierOptions(
      maxResults: maxResults, scoreThreshold: threshold, fitMode: pipeline.fit.mode,
      filter: pipeline.resize.filter, reducingGap: exactResize ? nil : ResizeFilter.defaultReducingGap,
      displayNamesLocale: pipeline.displayNamesLocale)
    let classifier: ImageClassifier
    do {
      classifier = try runtime.quietly {
        try ImageClassifier(
          contentsOf: URL(fileURLWithPath: model), options: options, interpreterOptions: runtime.interpreterOptions)
      }
    } catch { throw CLIFailure(error) }
    try ImageBatch.run(images, json: pipeline.json, verb: "classified") { _, path in
      let result: ImageClassificationResult
      if let orientation = pipeline.orientation {
        result = try classifier.classify(
          try VisionImageLoader.load(path, orientation: pipeline.orientation), orientation: orientation.orientation)
      } else {
        result = try classifier.classify(contentsOf: URL(fileURLWithPath: path))
      }
      if pipeline.json {
        print(Self.json(path: path, categories: result.categories))
      } else {
        print(path)
        for category in result.categories {
          print("  \(String(format: "%.4f", category.score))  \(category.label ?? "#\(category.index)")")
        }
      }
    }
  }

  static func json(path: String, categories: [TensorBridgeModels.Category]) -> String {
    let items = categories.map { category -> [String: Any] in
      var item: [String: Any] = ["index": category.index, "score": Double(category.score)]
      if let label = category.label { item["label"] = label }
      if let displayName = category.displayName { item["displayName"] = displayName }
      return item
    }
    return encode(["image": path, "categories": items])
  }

  static func json(path: String, error: String) -> String { encode(["image": path, "error": error]) }

  static func encode(_ object: [String: Any]) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}
