import ArgumentParser
import Foundation
import TensorBridgeModels
import TensorBridgeVision

/// `tensorbridge detect MODEL IMAGE...`: objects per image, optionally drawn onto a PNG.
struct DetectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "detect",
    abstract: "Detect objects in JPEG or PNG images with an SSD-style detector.",
    discussion: """
      The model is an AutoML Vision Edge export folder (model.tflite, dict.txt, \
      tflite_metadata.json), a .tiobundle folder, or a .tflite with metadata, whose outputs are \
      TFLite's detection post-processing (boxes, classes, scores, count). Boxes are printed in \
      the image's pixels as x, y, width, height. With --annotate, boxes and labels are drawn \
      onto OUT.png (OUT-1.png, OUT-2.png, … for several images).
      """)

  @Argument(help: "A detector: AutoML export folder, .tiobundle folder or .tflite with metadata.")
  var model: String

  @Argument(help: "JPEG or PNG files.")
  var images: [String]

  @Option(name: .long, help: "Leave out detections scoring below this.")
  var threshold: Float?

  @Option(
    name: [.customLong("max-results"), .customLong("max")],
    help: "At most this many detections per image (--max is an alias).")
  var maxResults: Int?

  @Flag(
    name: .long,
    help:
      "Report boxes as the model gives them, reaching past the image's edges (as the TFLite Task Library does), instead of clipped to the image."
  )
  var unclipped = false

  @OptionGroup var resizing: ExactResizeOption

  @Option(name: .long, help: "Write the image with boxes and labels drawn to this PNG.")
  var annotate: String?

  @OptionGroup var pipeline: ImageTaskOptions

  @OptionGroup var runtime: RuntimeOptions

  func validate() throws {
    if images.isEmpty { throw ValidationError("give at least one image") }
    if let maxResults, maxResults < 1 { throw ValidationError("--max-results must be at least 1") }
  }

  func run() throws {
    let options = ObjectDetectorOptions(
      maxResults: maxResults ?? -1, scoreThreshold: threshold, fitMode: pipeline.fit.mode,
      filter: pipeline.resize.filter, reducingGap: resizing.reducingGap,
      displayNamesLocale: pipeline.displayNamesLocale, clipsBoxesToImage: !unclipped)
    let detector = try runtime.load {
      try ObjectDetector(contentsOf: URL(fileURLWithPath: model), options: options, interpreterOptions: $0)
    }
    try ImageBatch.run(images, json: pipeline.json, verb: "processed") { position, path in
      let (result, image) = try pipeline.process(
        path, keepingPixels: annotate != nil, file: { try detector.detect(contentsOf: $0) },
        pixels: { try detector.detect($0, orientation: $1) })
      if pipeline.json {
        print(ClassifyCommand.encode(["image": path, "detections": result.detections.map(Self.object)]))
      } else {
        print("\(path): \(result.detections.count) detection\(result.detections.count == 1 ? "" : "s")")
        for detection in result.detections {
          let category = detection.categories.first
          let box = detection.boundingBox
          print(
            String(
              format: "  %.4f  %@  x %.1f y %.1f w %.1f h %.1f", Double(category?.score ?? 0),
              category?.label ?? "#\(category?.index ?? 0)", box.x, box.y, box.width, box.height))
        }
      }
      if let annotate, let image {
        try ImageBatch.writePNG(
          ImageAnnotator().annotate(image, detections: result.detections),
          to: ImageBatch.picturePath(annotate, position: position, of: images.count))
      }
    }
  }

  static func object(_ detection: Detection) -> [String: Any] {
    let box = detection.boundingBox
    var item: [String: Any] = ["box": ["x": box.x, "y": box.y, "width": box.width, "height": box.height]]
    item["categories"] = detection.categories.map(ClassifyCommand.object)
    if !detection.keypoints.isEmpty { item["keypoints"] = detection.keypoints.map { ["x": $0.x, "y": $0.y] } }
    return item
  }
}
