import ArgumentParser
import Foundation
import TensorBridgeVision

/// `tensorbridge segment MODEL IMAGE...`: per-pixel classes, as masks and overlays.
struct SegmentCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "segment",
    abstract: "Segment JPEG or PNG images with an image segmenter (DeepLab-style .tflite with metadata, or a bundle).",
    discussion: """
      The model's single output scores every class at every pixel ([1, height, width, classes]); \
      class names come from the metadata's labels and colours from the Task Library's palette. \
      A single-class output (MediaPipe's selfie segmentation) is a binary foreground mask, as \
      MediaPipe Tasks reads it: the class where its score is above 0.5, 255 (background) \
      elsewhere. Prints the share of the image in each class present. --mask writes the class index of every \
      image pixel as an 8-bit gray PNG (the mask mapped back to the image's pixels); --overlay \
      writes the image with the classes' colours blended in; --confidence writes a single-class \
      model's score at every image pixel as 8-bit gray (a soft mask). \
      Several images number the files \
      (OUT-1.png, OUT-2.png, …). Without --orientation and --overlay a large JPEG is decoded at \
      the smallest DCT scale (1/2, 1/4, 1/8) still covering the model input, the mask still at \
      the image's full size (--json reports the factor as decodeScale).
      """)

  @Argument(help: "A .tflite with metadata or a .tiobundle folder.")
  var model: String

  @Argument(help: "JPEG or PNG files.")
  var images: [String]

  @Option(name: .long, help: "Write the category mask (class index per image pixel, 8-bit gray) to this PNG.")
  var mask: String?

  @Option(name: .long, help: "Write the image with the classes' colours blended in to this PNG.")
  var overlay: String?

  @Option(help: "Write a single-class model's score per image pixel (a soft mask: 8-bit gray, 255 = 1) to this PNG.")
  var confidence: String?

  @Option(
    help: "How masks map to image pixels: nearest (the Task Library's) or mediapipe (MediaPipe Tasks' category mask).")
  var maskUpsampling: MaskUpsamplingName = .nearest

  @OptionGroup var pipeline: ImageTaskOptions

  @OptionGroup var runtime: RuntimeOptions

  func validate() throws {
    if images.isEmpty { throw ValidationError("give at least one image") }
  }

  func run() throws {
    // The scores give the category mask too (the same rule), so --confidence keeps them.
    let options = ImageSegmenterOptions(
      outputType: confidence == nil ? .categoryMask : .confidenceMasks, fitMode: pipeline.fit.mode,
      filter: pipeline.resize.filter, displayNamesLocale: pipeline.displayNamesLocale,
      maskUpsampling: maskUpsampling.upsampling)
    let segmenter = try runtime.load {
      try ImageSegmenter(contentsOf: URL(fileURLWithPath: model), options: options, interpreterOptions: $0)
    }
    try ImageBatch.run(images, json: pipeline.json, verb: "segmented") { position, path in
      let (result, image) = try pipeline.process(
        path, keepingPixels: overlay != nil, file: { try segmenter.segment(contentsOf: $0) },
        pixels: { try segmenter.segment($0, orientation: $1) })
      let labels = result.segmentation.coloredLabels
      let shares = result.classShares()
      let binary = result.segmentation.isBinaryForeground
      func name(_ index: Int) -> String {
        if binary, index == Int(Segmentation.unlabeled) { return "(background)" }
        return labels.indices.contains(index) ? labels[index].name ?? "#\(index)" : "#\(index)"
      }
      if pipeline.json {
        let classes = shares.map { entry -> [String: Any] in
          var item: [String: Any] = ["index": entry.index, "share": entry.share]
          if binary, entry.index == Int(Segmentation.unlabeled) { item["background"] = true }
          if labels.indices.contains(entry.index) {
            let label = labels[entry.index]
            if let labelName = label.name { item["label"] = labelName }
            if let displayName = label.displayName { item["displayName"] = displayName }
            item["color"] = [Int(label.red), Int(label.green), Int(label.blue)]
          }
          return item
        }
        print(
          ClassifyCommand.encode([
            "image": path, "width": result.imageWidth, "height": result.imageHeight,
            "maskWidth": result.segmentation.width, "maskHeight": result.segmentation.height,
            "decodeScale": result.decodeScale, "classes": classes,
          ]))
      } else {
        print(
          "\(path): \(result.imageWidth)x\(result.imageHeight), model mask \(result.segmentation.width)x\(result.segmentation.height)"
        )
        for entry in shares {
          print(String(format: "  %6.2f%%  %@", entry.share * 100, name(entry.index)))
        }
      }
      try write(mask, position: position) { result.maskImage() }
      try write(overlay, position: position) { image.flatMap { result.overlay(on: $0) } }
      if confidence != nil, !binary {
        throw CLIFailure(
          "--confidence writes a single-class model's scores (a soft mask); this model has \(labels.count) classes")
      }
      try write(confidence, position: position) { result.confidenceImage() }
    }
  }

  private func write(_ path: String?, position: Int, _ picture: () -> PixelBuffer?) throws {
    guard let path else { return }
    let out = ImageBatch.picturePath(path, position: position, of: images.count)
    guard let image = picture() else { throw CLIFailure("no mask to write to \(out)") }
    try ImageBatch.writePNG(image, to: out)
  }
}

/// `--mask-upsampling`'s values.
enum MaskUpsamplingName: String, ExpressibleByArgument, CaseIterable {
  case nearest
  case mediapipe

  var upsampling: MaskUpsampling { self == .nearest ? .nearest : .mediaPipe }
}
