import Foundation
import TensorBridge
import TensorBridgeModels

/// Classifies images with a model bundle (`model.json` with an image input and a labelled
/// output) or a `.tflite` carrying TFLite metadata (image input normalization, labels), like
/// ML Kit's custom image labeling and MediaPipe's `ImageClassifier`.
///
/// ```swift
/// let classifier = try ImageClassifier(contentsOf: URL(fileURLWithPath: "flowers.tflite"),
///                                      options: ImageClassifierOptions(maxResults: 3))
/// let result = try classifier.classify(contentsOf: URL(fileURLWithPath: "daisy.jpg"))
/// print(result.categories)   // [daisy: 0.93, dandelion: 0.04, …]
/// ```
///
/// Sendable: runs of its model are serialized by the task (see `InferenceTask`), so one
/// instance serves every `Task` and thread; the async `InferenceTask/process(_:)` and
/// `InferenceTask/process(_:completion:)` forms come with it.
public final class ImageClassifier: InferenceTask, @unchecked Sendable {
  /// The options in use.
  public let options: ImageClassifierOptions
  /// Serializes runs of the model.
  let lock = TaskLock()
  /// The input tensor's format (size, channels, normalization).
  public var inputFormat: ImageInputFormat { task.format }
  /// The interpreter input index of the image.
  public var inputIndex: Int { task.input.tensorIndex }
  /// The model with its image input.
  let task: ImageTaskModel
  /// The output layer holding the scores.
  public let scoresLayer: String
  /// Display names in ``ImageClassifierOptions/displayNamesLocale``, from the model's metadata.
  public let displayNames: [String]?
  /// Score calibration from the model's metadata (`ScoreCalibrationOptions`).
  public let calibration: ScoreCalibration?

  /// Loads a bundle folder or a `.tflite` (described by its metadata).
  public convenience init(
    contentsOf url: URL, options: ImageClassifierOptions = ImageClassifierOptions(),
    interpreterOptions: Interpreter.Options = Interpreter.Options()
  ) throws(VisionError) {
    let (model, isFile) = try ImageTaskModel.load(url, options: interpreterOptions)
    try self.init(model: model, options: options, metadataNormalization: isFile)
  }

  /// Classifies with an already loaded model.
  ///
  /// - Parameters:
  ///   - model: The loaded model; it must have an image input and a scores output.
  ///   - options: Result count, score threshold, category filter, how the image is fitted and
  ///     resampled into the input, and the locale of the display names.
  ///   - metadataNormalization: take the input normalization from the model's TFLite
  ///     metadata (every channel's own mean and std) rather than from the description, and the
  ///     scores' display names, calibration and default threshold from it too; right for models
  ///     loaded from a `.tflite` without `model.json`.
  /// - Throws: ``VisionError`` when the model has no image input or scores output, the options
  ///   conflict, or the metadata's files are missing or malformed.
  public init(
    model: Model, options: ImageClassifierOptions = ImageClassifierOptions(),
    metadataNormalization: Bool = false
  ) throws(VisionError) {
    try options.validate()
    var options = options
    task = try ImageTaskModel(model: model, metadataNormalization: metadataNormalization)
    let outputs = model.description.outputs
    guard let layer = outputs.first(where: { $0.labels != nil }) ?? outputs.first else {
      throw .missingTensor(role: "output", reason: "a classifier needs a scores output")
    }
    try Self.checkScores(model: model, layer: layer.name)
    scoresLayer = layer.name
    var displayNames: [String]?
    var calibration: ScoreCalibration?
    if metadataNormalization,
      let metadata = try task.outputMetadata(
        layer: layer.name, labelKind: .tensorAxisLabels,
        locale: options.displayNamesLocale)
    {
      displayNames = metadata.displayNames
      calibration = try metadata.calibration(labels: layer.labels ?? metadata.labels)
      if options.scoreThreshold == nil { options.scoreThreshold = metadata.scoreThreshold }
    }
    self.displayNames = displayNames
    self.calibration = calibration
    self.options = options
  }

  /// Classifies an image.
  ///
  /// - Throws: ``VisionError`` when the image cannot be written, the model fails, or the scores
  ///   do not match the labels.
  public func classify(_ image: PixelBuffer) throws(VisionError) -> ImageClassificationResult {
    let (outputs, transform) = try lock.run { () throws(VisionError) in
      try task.run(image, options.pipeline)
    }
    guard let scores = outputs[scoresLayer] else {
      throw .missingTensor(role: "output named \(scoresLayer)", reason: "the model produced no such output")
    }
    if let labels = scores.labels, labels.count != scores.values.count {
      throw .outputShape(tensor: scoresLayer, shape: scores.shape, expected: "one score per label (\(labels.count))")
    }
    return ImageClassificationResult(
      categories: options.categories(
        scores: scores.values, labels: scores.labels, displayNames: displayNames, calibration: calibration),
      transform: transform)
  }

  /// Decodes and classifies a JPEG or PNG file. Large JPEGs are decoded at a reduced size in
  /// the DCT domain when that still covers the model input (not with
  /// ``ResizeFilter/bilinearTwoTap``, which reproduces the Task Library's full-size pipeline); the result's transform still maps
  /// to the file's full-size (upright) pixels.
  public func classify(contentsOf url: URL) throws(VisionError) -> ImageClassificationResult {
    let file = try ModelInputFile(contentsOf: url, covering: inputFormat, filter: options.filter)
    let result = try classify(file.image)
    // Back to the file's full-size pixels, not the smaller decode's.
    return ImageClassificationResult(
      categories: result.categories, transform: file.toFullSize.concatenating(after: result.transform))
  }
}

extension ImageClassifier {
  /// Refuses a scores output that is not one row of numbers (`[N]`, `[1, N]`, `[1, 1, N]`…)
  /// of float32, uint8 or int8, naming the output and what it has instead.
  static func checkScores(model: Model, layer: String) throws(VisionError) {
    guard let index = model.outputTensorIndex(forLayer: layer) else {
      throw .missingTensor(role: "scores output", reason: "output layer '\(layer)' is bound to no output tensor")
    }
    let tensor: Tensor
    do { tensor = try model.interpreter.output(at: index) } catch { throw .interpreter(error) }
    guard [.float32, .uInt8, .int8].contains(tensor.dataType) else {
      throw .unsupportedDataType(
        tensor: tensor.name, type: tensor.dataType, use: "for classification scores (float32, uint8 and int8 are)")
    }
    let dimensions = tensor.shape.dimensions
    guard let last = dimensions.last, last > 0, dimensions.dropLast().allSatisfy({ $0 == 1 }) else {
      throw .outputShape(tensor: tensor.name, shape: dimensions, expected: "one row of scores ([1, classes])")
    }
  }
}

extension ImageClassifier {
  /// Classifies an image (ML Kit's name; the same as ``classify(_:)``).
  public func results(in image: PixelBuffer) throws(VisionError) -> ImageClassificationResult { try classify(image) }
}

/// The categories found in one image, best first.
public struct ImageClassificationResult: Sendable, Equatable {
  /// Categories after the options' filters, sorted by score.
  public let categories: [Category]
  /// The map from model-input coordinates back to the image's pixels.
  public let transform: ImageTransform

  /// Creates a result.
  public init(categories: [Category], transform: ImageTransform) {
    self.categories = categories
    self.transform = transform
  }
}
