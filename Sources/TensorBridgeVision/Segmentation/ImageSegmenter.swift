import Foundation
import TFLiteFormat
import TensorBridge
import TensorBridgeModels

/// Segments images with a model whose output scores every class at every pixel
/// (`[1, height, width, classes]`, DeepLab style), like the Task Library's and MediaPipe's
/// `ImageSegmenter`: class names and display names from the metadata's labels, the Task
/// Library's colours.
///
/// ```swift
/// let segmenter = try ImageSegmenter(contentsOf: URL(fileURLWithPath: "deeplabv3.tflite"))
/// let result = try segmenter.segment(contentsOf: photoURL)
/// let small = result.segmentation.categoryMask        // the model's output size (257×257)
/// let mask = result.categoryMaskOverImage()            // one class per photo pixel
/// ```
///
/// Sendable: runs of its model are serialized by the task (see `InferenceTask`), so one
/// instance serves every `Task` and thread; the async `InferenceTask/process(_:)` and
/// `InferenceTask/process(_:completion:)` forms come with it.
public final class ImageSegmenter: InferenceTask, @unchecked Sendable {
  /// The options in use.
  public let options: ImageSegmenterOptions
  /// Serializes runs of the model.
  let lock = TaskLock()
  /// The input tensor's format.
  public var inputFormat: ImageInputFormat { task.format }
  /// The interpreter input index of the image.
  public var inputIndex: Int { task.input.tensorIndex }
  /// The model with its image input.
  let task: ImageTaskModel
  /// The interpreter output index of the scores.
  public let outputIndex: Int
  /// One name, display name and colour per class.
  public let coloredLabels: [Segmentation.ColoredLabel]

  /// Loads a bundle folder or a `.tflite` (described by its metadata).
  ///
  /// - Throws: ``VisionError`` when the model cannot be loaded or has no image input and no
  ///   `[1, height, width, classes]` output.
  public convenience init(
    contentsOf url: URL, options: ImageSegmenterOptions = ImageSegmenterOptions(),
    interpreterOptions: Interpreter.Options = Interpreter.Options()
  ) throws(VisionError) {
    let (model, isFile) = try ImageTaskModel.load(url, options: interpreterOptions)
    try self.init(model: model, options: options, metadata: isFile)
  }

  /// Segments with an already loaded model.
  ///
  /// - Parameters:
  ///   - model: The loaded model; it must have an image input and one
  ///     `[1, height, width, classes]` output.
  ///   - options: Which masks to produce, how the image is fitted and resampled into the
  ///     input, and the locale of the display names.
  ///   - metadata: read normalization, labels and display names from the model's
  ///     TFLite metadata (right for a `.tflite` loaded without `model.json`).
  public init(model: Model, options: ImageSegmenterOptions = ImageSegmenterOptions(), metadata: Bool = false)
    throws(VisionError)
  {
    self.options = options
    task = try ImageTaskModel(model: model, metadataNormalization: metadata)
    guard model.interpreter.outputTensorCount == 1 else {
      throw .missingTensor(
        role: "single segmentation output", reason: "it has \(model.interpreter.outputTensorCount) outputs")
    }
    outputIndex = 0
    let tensor: Tensor
    do { tensor = try model.interpreter.output(at: 0) } catch { throw .interpreter(error) }
    let dims = tensor.shape.dimensions
    guard dims.count == 4, dims[0] == 1, dims[1] > 0, dims[2] > 0, dims[3] > 0, dims[3] <= 256 else {
      throw .outputShape(
        tensor: tensor.name, shape: dims, expected: "[1, height, width, classes] with at most 256 classes")
    }
    guard tensor.dataType == .float32 || tensor.dataType == .uInt8 else {
      throw .unsupportedDataType(
        tensor: tensor.name, type: tensor.dataType, use: "for segmentation scores (float32 or uint8)")
    }
    let classes = dims[3]
    var names = model.description.outputs.first?.labels
    var displayNames: [String]?
    if metadata,
      let entries = try TaskOutputMetadata.read(
        model.interpreter.model, labelKind: .tensorAxisLabels,
        locale: options.displayNamesLocale), let entry = entries.first
    {
      names = entry.labels ?? names
      displayNames = entry.displayNames
    }
    if let names, names.count != classes {
      throw .outputShape(tensor: tensor.name, shape: dims, expected: "one class per label (\(names.count))")
    }
    coloredLabels = (0..<classes).map { index in
      // A single class is a foreground (binary mask): the palette's first colour that is not
      // the background's black.
      let color = Segmentation.color(ofClass: classes == 1 ? 1 : index)
      return Segmentation.ColoredLabel(
        name: names.map { $0[index] },
        displayName: displayNames.flatMap { $0.indices.contains(index) ? $0[index] : nil },
        red: color.red, green: color.green, blue: color.blue)
    }
  }

  /// Segments a frame whose pixels are stored with `orientation`; the masks come back in the
  /// stored pixels' orientation at the model's output size (as the Task Library returns them).
  ///
  /// - Throws: ``VisionError`` when the image cannot be written to the input, the model fails
  ///   to run, or its output is not `[1, height, width, classes]`.
  public func segment(_ image: PixelBuffer, orientation: ImageOrientation = .up) throws(VisionError)
    -> SegmentationResult
  {
    let upright = image.oriented(orientation)
    let (transform, tensor, scores) = try lock.run { () throws(VisionError) -> (ImageTransform, Tensor, [Float]) in
      let (_, transform) = try task.run(upright, options.pipeline)
      let tensor: Tensor
      do throws(InterpreterError) { tensor = try task.model.interpreter.output(at: outputIndex) } catch {
        throw .interpreter(error)
      }
      guard let scores = tensor.dequantizedValues() else {
        throw .unsupportedDataType(tensor: tensor.name, type: tensor.dataType, use: "for segmentation scores")
      }
      return (transform, tensor, scores)
    }
    let dims = tensor.shape.dimensions
    guard dims.count == 4 else {
      throw .outputShape(tensor: tensor.name, shape: dims, expected: "[1, height, width, classes]")
    }
    func decode(_ outputType: ImageSegmenterOptions.OutputType) throws(VisionError) -> Segmentation {
      try Segmentation.decode(
        scores: scores, width: dims[2], height: dims[1], classes: dims[3], orientation: orientation,
        outputType: outputType, coloredLabels: coloredLabels)
    }
    var segmentation = try decode(options.outputType)
    // MediaPipe's upsampling interpolates the scores: a category mask keeps them beside it.
    if options.maskUpsampling == .mediaPipe, options.outputType == .categoryMask {
      segmentation = Segmentation(
        width: segmentation.width, height: segmentation.height, categoryMask: segmentation.categoryMask,
        confidenceMasks: try decode(.confidenceMasks).confidenceMasks, coloredLabels: coloredLabels)
    }
    return SegmentationResult(
      segmentation: segmentation, imageWidth: image.width, imageHeight: image.height,
      orientation: orientation, fitTransform: transform,
      inputWidth: inputFormat.width, inputHeight: inputFormat.height, maskUpsampling: options.maskUpsampling)
  }

  /// Segments an upright image (ML Kit's name; the same as ``segment(_:orientation:)``).
  public func results(in image: PixelBuffer) throws(VisionError) -> SegmentationResult { try segment(image) }

  /// Decodes (upright per EXIF) and segments a JPEG or PNG file. Large JPEGs are decoded at a
  /// reduced size in the DCT domain when that still covers the model input (not with
  /// ``ResizeFilter/bilinearTwoTap``); the result still describes the file's full-size pixels
  /// (``SegmentationResult/categoryMaskOverImage()`` is full size) and
  /// ``SegmentationResult/decodeScale`` says by how much it was reduced.
  ///
  /// - Throws: ``VisionError/image(_:)`` when the file cannot be read or decoded, else as
  ///   ``segment(_:orientation:)``.
  public func segment(contentsOf url: URL) throws(VisionError) -> SegmentationResult {
    let file = try ModelInputFile(contentsOf: url, covering: inputFormat, filter: options.filter)
    let result = try segment(file.image)
    guard file.scale != 1 else { return result }
    return SegmentationResult(
      segmentation: result.segmentation, imageWidth: file.fullWidth, imageHeight: file.fullHeight,
      orientation: result.orientation, fitTransform: file.toFullSize.concatenating(after: result.fitTransform),
      inputWidth: result.inputWidth, inputHeight: result.inputHeight, decodeScale: file.scale,
      maskUpsampling: result.maskUpsampling)
  }
}
