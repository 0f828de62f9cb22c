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

  @OptionGroup var resizing: ExactResizeOption

  @OptionGroup var pipeline: ImageTaskOptions

  @OptionGroup var runtime: RuntimeOptions

  func validate() throws {
    if images.isEmpty { throw ValidationError("give at least one image") }
    if maxResults < 1 { throw ValidationError("--max-results must be at least 1") }
  }

  func run() throws {
    let options = ImageClassifierOptions(
      maxResults: maxResults, scoreThreshold: threshold, fitMode: pipeline.fit.mode,
      filter: pipeline.resize.filter, reducingGap: resizing.reducingGap,
      displayNamesLocale: pipeline.displayNamesLocale)
    let classifier = try runtime.load {
      try ImageClassifier(contentsOf: URL(fileURLWithPath: model), options: options, interpreterOptions: $0)
    }
    try ImageBatch.run(images, json: pipeline.json, verb: "classified") { _, path in
      let (result, _) = try pipeline.process(
        path, file: { try classifier.classify(contentsOf: $0) },
        pixels: { try classifier.classify($0, orientation: $1) })
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
    encode(["image": path, "categories": categories.map(object)])
  }

  /// A category as `--json` prints it: index, score, and label and display name when known.
  static func object(_ category: TensorBridgeModels.Category) -> [String: Any] {
    var item: [String: Any] = ["index": category.index, "score": Double(category.score)]
    if let label = category.label { item["label"] = label }
    if let displayName = category.displayName { item["displayName"] = displayName }
    return item
  }

  static func json(path: String, error: String) -> String { encode(["image": path, "error": error]) }

  static func encode(_ object: [String: Any]) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}
