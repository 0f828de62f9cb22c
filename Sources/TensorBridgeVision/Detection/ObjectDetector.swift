import Foundation
import TensorBridge
import TensorBridgeModels

/// Finds objects in images with SSD-style models: (a) graphs ending in TFLite's detection
/// post-processing (boxes, classes, scores, count), as AutoML Vision Edge and Model Maker export;
/// (b) raw box regressors plus anchors (SSD, BlazeFace), decoded as the bundle's
/// `options.detection` section describes (see ``AnchorDetectionDescription``).
///
/// ```swift
/// let detector = try ObjectDetector(contentsOf: URL(fileURLWithPath: "automl-export"),   // model.tflite, dict.txt, tflite_metadata.json
///                                   options: ObjectDetectorOptions(scoreThreshold: 0.5))
/// for detection in try detector.detect(contentsOf: photoURL).detections {
///   print(detection.categories[0], detection.boundingBox)   // box in the photo's pixels
/// }
/// ```
///
/// Loads a bundle folder (`model.json`), an AutoML export folder (`tflite_metadata.json`,
/// `dict.txt`) or a `.tflite` with TFLite metadata.
///
/// Sendable: runs of its model are serialized by the task (see `InferenceTask`), so one
/// instance serves every `Task` and thread; the async `InferenceTask/process(_:)` and
/// `InferenceTask/process(_:completion:)` forms come with it.
public final class ObjectDetector: InferenceTask, @unchecked Sendable {
  /// The options in use.
  public let options: ObjectDetectorOptions
  /// Serializes runs of the model.
  let lock = TaskLock()
  /// The input tensor's format.
  public var inputFormat: ImageInputFormat { task.format }
  /// The input index of the image.
  public var inputIndex: Int { task.input.tensorIndex }
  /// The model with its image input.
  let task: ImageTaskModel
  /// How the outputs are read.
  public let head: Head
  /// Where the post-processed results are (`nil` for anchor models).
  public var outputs: SSDOutputs? {
    if case .postProcessed(let outputs) = head { return outputs }
    return nil
  }

  /// The two kinds of detection outputs.
  public enum Head: Sendable, Equatable {
    /// Boxes, classes, scores and count, already decoded and suppressed by the graph.
    case postProcessed(SSDOutputs)
    /// Raw box regressors and scores (output indices), decoded against anchors.
    case anchors(boxes: Int, scores: Int, decoder: AnchorBoxDecoder)
  }
  /// Class labels (index = class output value), if any.
  public let labels: [String]?
  /// AutoML metadata, when loaded from an AutoML export.
  public let automl: AutoMLMetadata?
  /// How post-processed outputs become detections (box order, calibration, display names, labels).
  public let decoding: SSDDecoding

  /// Loads a bundle folder, an AutoML export folder or a `.tflite` with metadata.
  public convenience init(
    contentsOf url: URL, options: ObjectDetectorOptions = ObjectDetectorOptions(),
    interpreterOptions: Interpreter.Options = Interpreter.Options()
  ) throws(VisionError) {
    let automlFile = url.appendingPathComponent(AutoMLMetadata.fileName)
    if FileManager.default.fileExists(atPath: automlFile.path),
      !FileManager.default.fileExists(atPath: url.appendingPathComponent("model.json").path)
    {
      try self.init(automlFolder: url, options: options, interpreterOptions: interpreterOptions)
      return
    }
    let (model, isFile) = try ImageTaskModel.load(url, options: interpreterOptions)
    let task = try ImageTaskModel(model: model, metadataNormalization: isFile)
    if let section = model.description.options.other["detection"] {
      let description = try AnchorDetectionDescription(section)
      func output(_ name: String) throws(VisionError) -> Int {
        guard let found = model.outputTensorIndex(forLayer: name) ?? model.interpreter.outputIndex(named: name) else {
          throw .missingTensor(
            role: "output named \(name)",
            reason: "options.detection names it but no output layer or tensor has that name")
        }
        return found
      }
      let head = Head.anchors(
        boxes: try output(description.boxesOutput), scores: try output(description.scoresOutput),
        decoder: description.decoder)
      let labels = model.description.outputs.compactMap(\.labels).first
      try self.init(task: task, head: head, labels: labels, automl: nil, options: options)
      return
    }
    let layerNames =
      model.description.outputs.count == model.interpreter.outputTensorCount
      ? model.description.outputs.map(\.name) : nil
    let outputs = try SSDOutputs.locate(in: model.interpreter, layerNames: layerNames)
    let classLayer = model.description.outputs.first { model.outputTensorIndex(forLayer: $0.name) == outputs.classes }
    var labels = classLayer?.labels ?? model.description.outputs.compactMap(\.labels).first
    var decoding = SSDDecoding()
    var options = options
    if isFile,
      let metadata = try TaskOutputMetadata.read(
        model.interpreter.model, labelKind: .tensorValueLabels, locale: options.displayNamesLocale)
    {
      func entry(_ index: Int) -> TaskOutputMetadata? { metadata.indices.contains(index) ? metadata[index] : nil }
      if let classes = entry(outputs.classes) {
        labels = classes.labels ?? labels
        decoding.displayNames = classes.displayNames
      }
      if let order = entry(outputs.boxes)?.boxOrder { decoding.boxOrder = order }
      if let scores = entry(outputs.scores) {
        decoding.calibration = try scores.calibration(labels: labels)
        if options.scoreThreshold == nil { options.scoreThreshold = scores.scoreThreshold }
      }
    }
    try self.init(
      task: task, head: .postProcessed(outputs), labels: labels, automl: nil, options: options, decoding: decoding)
  }

  /// Loads an AutoML Vision Edge export: `model.tflite` (or the folder's only `.tflite`),
  /// `dict.txt` labels and `tflite_metadata.json`.
  public convenience init(
    automlFolder folder: URL, options: ObjectDetectorOptions = ObjectDetectorOptions(),
    interpreterOptions: Interpreter.Options = Interpreter.Options()
  ) throws(VisionError) {
    let metadataURL = folder.appendingPathComponent(AutoMLMetadata.fileName)
    let metadataData: Data
    do { metadataData = try FileContents.read(metadataURL) } catch {
      throw .image(.file(path: metadataURL.path, reason: fileErrorReason(error)))
    }
    let metadata = try AutoMLMetadata(data: metadataData, path: metadataURL.path)
    var modelURL = folder.appendingPathComponent("model.tflite")
    if !FileManager.default.fileExists(atPath: modelURL.path) {
      let candidates = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
        $0.hasSuffix(".tflite")
      }
      guard candidates.count == 1, let only = candidates.first else {
        throw .missingTensor(
          role: "model file", reason: "\(folder.path) has no model.tflite and \(candidates.count) other .tflite files")
      }
      modelURL = folder.appendingPathComponent(only)
    }
    let model: Model
    do { model = try Model(contentsOf: modelURL, options: interpreterOptions) } catch { throw .model(error) }
    let interpreter = model.interpreter
    var labels: [String]?
    let dictURL = folder.appendingPathComponent("dict.txt")
    if let data = try? Data(contentsOf: dictURL) {
      do { labels = try Labels.parse(data, file: "dict.txt") } catch {
        throw .labels(path: dictURL.path, error)
      }
    }
    let inputIndex = metadata.inputTensor.flatMap(interpreter.inputIndex(named:)) ?? 0
    guard let input = model.boundInputs.first(where: { $0.tensorIndex == inputIndex }) else {
      throw .missingTensor(role: "image input", reason: "no input layer is bound to input tensor \(inputIndex)")
    }
    let tensor: Tensor
    do { tensor = try interpreter.input(at: inputIndex) } catch { throw .interpreter(error) }
    var format = try ImageInputFormat(tensor: tensor)
    if let width = metadata.imageWidth, let height = metadata.imageHeight,
      width != format.width || height != format.height
    {
      throw .invalidDescription(
        path: "\(metadataURL.path): imageWidth/imageHeight",
        reason: "\(width)x\(height) but the model's input is \(format.width)x\(format.height)")
    }
    if let shape = metadata.inputShape,
      shape.count != 4 || Set([shape[1], shape[2]]) != Set([format.width, format.height]) || shape[3] != format.channels
    {
      throw .invalidDescription(
        path: "\(metadataURL.path): inputShape",
        reason: "\(shape) but the model's input is \(format.width)x\(format.height)x\(format.channels)")
    }
    if let mean = metadata.mean, let std = metadata.std { format.normalize(mean: mean, std: std) }
    let outputs = try SSDOutputs.locate(in: interpreter, automl: metadata)
    var options = options
    if options.maxResults <= 0, let maxDetections = metadata.maxDetections { options.maxResults = maxDetections }
    let task = try ImageTaskModel(model: model, input: input, format: format, metadataNormalization: false)
    try self.init(task: task, head: .postProcessed(outputs), labels: labels, automl: metadata, options: options)
  }

  /// A detector from a loaded model and its parts.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - inputLayer: The image's input layer (by default the first `"type": "image"` layer,
  ///     else the first input).
  ///   - inputFormat: The image input's format (by default from the tensor and the layer).
  ///   - head: Which outputs hold the detections and how they are decoded: post-processed SSD
  ///     outputs, or raw box regressors and scores decoded against anchors.
  ///   - labels: Class labels, indexed by the class output value; nil reports class indices
  ///     only.
  ///   - automl: The AutoML export's metadata when the model comes from one, kept as
  ///     ``automl``; nil otherwise.
  ///   - options: Result count, score threshold, category filter and how the image is fitted
  ///     to the input.
  ///   - decoding: how post-processed outputs are read (box order, score calibration,
  ///     display names); its `labels` are replaced by `labels`.
  /// - Throws: ``VisionError`` when the model has no such input or the options conflict.
  public convenience init(
    model: Model, inputLayer: String? = nil, inputFormat: ImageInputFormat? = nil, head: Head,
    labels: [String]?, automl: AutoMLMetadata? = nil, options: ObjectDetectorOptions = ObjectDetectorOptions(),
    decoding: SSDDecoding = SSDDecoding()
  ) throws(VisionError) {
    let task: ImageTaskModel
    if let inputLayer {
      guard let input = model.boundInputs.first(where: { $0.layer.name == inputLayer }) else {
        throw .missingTensor(role: "input layer named \(inputLayer)", reason: "the description has no such input layer")
      }
      task = try ImageTaskModel(model: model, input: input, format: inputFormat, metadataNormalization: false)
    } else if let inputFormat,
      let first = model.boundInputs.first(where: { $0.layer.kind == .image }) ?? model.boundInputs.first
    {
      task = try ImageTaskModel(model: model, input: first, format: inputFormat, metadataNormalization: false)
    } else {
      task = try ImageTaskModel(model: model, metadataNormalization: false)
    }
    try self.init(task: task, head: head, labels: labels, automl: automl, options: options, decoding: decoding)
  }

  init(
    task: ImageTaskModel, head: Head, labels: [String]?, automl: AutoMLMetadata?, options: ObjectDetectorOptions,
    decoding: SSDDecoding = SSDDecoding()
  ) throws(VisionError) {
    try options.validate()
    self.task = task
    self.head = head
    self.labels = labels
    self.automl = automl
    self.options = options
    var decoding = decoding
    decoding.labels = labels
    self.decoding = decoding
  }

  /// Detects objects in an image; boxes come back in the image's pixels.
  public func detect(_ image: PixelBuffer) throws(VisionError) -> DetectionResult {
    try lock.run { () throws(VisionError) in try detectAlone(image) }
  }

  /// Detects objects in an image (ML Kit's name; the same as ``detect(_:)``).
  public func results(in image: PixelBuffer) throws(VisionError) -> DetectionResult { try detect(image) }

  /// ``detect(_:)`` under the lock.
  private func detectAlone(_ image: PixelBuffer) throws(VisionError) -> DetectionResult {
    let (_, transform) = try task.run(image, options.pipeline)
    let width = Double(inputFormat.width)
    let height = Double(inputFormat.height)
    let bounds =
      options.clipsBoxesToImage ? ImageRect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)) : nil
    var detections: [Detection] = []
    switch head {
    case .anchors(let boxesIndex, let scoresIndex, let decoder):
      for box in try decoder.decode(boxes: try values(boxesIndex), scores: try values(scoresIndex)) {
        let inModel = ImageRect(
          x: box.rect.x * width, y: box.rect.y * height, width: box.rect.width * width, height: box.rect.height * height
        )
        let label = labels.flatMap { $0.indices.contains(box.classIndex) ? $0[box.classIndex] : nil }
        let keypoints = box.keypoints.map { point in
          let mapped = transform.apply(x: point.x * width, y: point.y * height)
          return ImagePoint(x: mapped.x, y: mapped.y)
        }
        let mapped = transform.apply(inModel)
        detections.append(
          Detection(
            boundingBox: bounds.map(mapped.intersection) ?? mapped,
            categories: [Category(index: box.classIndex, label: label, score: Float(box.score))],
            keypoints: keypoints))
      }
    case .postProcessed(let outputs):
      detections = try postProcessed(outputs, transform: transform, width: width, height: height, bounds: bounds)
    }
    return DetectionResult(detections: options.filter(detections), transform: transform)
  }

  /// Decodes (upright) and detects in a JPEG or PNG file. Large JPEGs are decoded at a reduced
  /// size in the DCT domain when that still covers the model input (not with
  /// ``ResizeFilter/bilinearTwoTap``, which reproduces the Task Library's full-size pipeline);
  /// boxes, keypoints and the transform still come back in the file's full-size pixels.
  public func detect(contentsOf url: URL) throws(VisionError) -> DetectionResult {
    let file = try ModelInputFile(contentsOf: url, covering: inputFormat, filter: options.filter)
    let result = try detect(file.image)
    guard file.scale != 1 else { return result }
    let scale = Double(file.scale)
    let detections = result.detections.map { detection in
      Detection(
        boundingBox: file.fullSize(detection.boundingBox, clip: options.clipsBoxesToImage),
        categories: detection.categories,
        keypoints: detection.keypoints.map { ImagePoint(x: $0.x * scale, y: $0.y * scale) })
    }
    return DetectionResult(detections: detections, transform: file.toFullSize.concatenating(after: result.transform))
  }

  private func postProcessed(
    _ outputs: SSDOutputs, transform: ImageTransform, width: Double, height: Double,
    bounds: ImageRect?
  ) throws(VisionError) -> [Detection] {
    try decoding.decode(
      boxes: try values(outputs.boxes), classes: try values(outputs.classes),
      scores: try values(outputs.scores), count: try values(outputs.count),
      inputWidth: width, inputHeight: height, transform: transform, bounds: bounds)
  }

  private func values(_ index: Int) throws(VisionError) -> [Float] {
    let tensor: Tensor
    do { tensor = try task.model.interpreter.output(at: index) } catch { throw .interpreter(error) }
    guard let values = tensor.dequantizedValues() else {
      throw .unsupportedDataType(tensor: tensor.name, type: tensor.dataType, use: "for detection outputs")
    }
    return values
  }
}
