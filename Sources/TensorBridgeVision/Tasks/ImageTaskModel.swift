import Foundation
import TFLiteFormat
import TensorBridge
import TensorBridgeModels

/// What the image tasks (classifier, segmenter, detector) share: loading the model, finding its
/// image input and its format, and running it on an image through `Model.run(on:)` by layer name.
struct ImageTaskModel {
  /// The model; a task reaches it through its `withModel(_:)`, which holds the task's lock.
  let model: Model
  /// The input layer the image goes to, with its tensor.
  let input: Model.BoundInput
  /// The image input's format (size, channels, normalization).
  let format: ImageInputFormat

  /// Loads a bundle folder or a `.tflite`; `isFile` says it was a file (described by its
  /// TFLite metadata, which then also gives normalization, labels and display names).
  static func load(_ url: URL, options: Interpreter.Options) throws(VisionError) -> (model: Model, isFile: Bool) {
    let model: Model
    do { model = try Model(contentsOf: url, options: options) } catch { throw .model(error) }
    var isDirectory: ObjCBool = false
    let isFile = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    return (model, isFile)
  }

  /// The image input of a model: the first `"type": "image"` layer, else the first input layer.
  /// Metadata normalization (per-channel mean and std) wins over the derived description's
  /// single scale.
  init(model: Model, metadataNormalization: Bool) throws(VisionError) {
    let layers = model.boundInputs
    if let input = layers.first(where: { $0.layer.kind == .image }) {
      try self.init(model: model, input: input, format: nil, metadataNormalization: metadataNormalization)
      return
    }
    guard let input = layers.first else {
      throw .missingTensor(role: "image input", reason: "the description has no input layers")
    }
    // No layer is described as an image: the first input must look like one.
    do {
      try self.init(model: model, input: input, format: nil, metadataNormalization: metadataNormalization)
    } catch .unsupportedImageInput(let tensor, let shape, let reason) {
      throw .missingTensor(
        role: "image input",
        reason:
          "its input '\(tensor)' has shape \(Tensor.Shape(shape)) and no layer is described as an image (\(reason))")
    }
  }

  /// The image input at `input`, with `format` when the caller knows it (AutoML metadata).
  init(model: Model, input: Model.BoundInput, format: ImageInputFormat?, metadataNormalization: Bool)
    throws(VisionError)
  {
    self.model = model
    self.input = input
    if let format {
      self.format = format
    } else if metadataNormalization,
      let format = try ImageInputFormat.fromMetadata(model.interpreter, inputAt: input.tensorIndex)
    {
      self.format = format
    } else {
      let tensor: Tensor
      do { tensor = try model.interpreter.input(at: input.tensorIndex) } catch { throw .interpreter(error) }
      self.format = try ImageInputFormat(tensor: tensor, layer: input.layer)
    }
  }

  /// Runs the model on `image` fitted and resampled as `pipeline` says; returns the outputs and
  /// the map from model-input coordinates back to the image's pixels.
  ///
  /// - Throws: the image's own ``VisionError`` when it cannot be written, else
  ///   ``VisionError/interpreter(_:)`` or ``VisionError/model(_:)``.
  func run(_ image: PixelBuffer, _ pipeline: ImagePipelineOptions) throws(VisionError) -> (
    ModelOutputs, ImageTransform
  ) {
    let imageInput = ImageInput(
      image, fitMode: pipeline.fitMode, filter: pipeline.filter, reducingGap: pipeline.reducingGap, format: format)
    do {
      return (try model.run(on: [input.layer.name: imageInput]), imageInput.transform(for: format))
    } catch {
      throw VisionError(running: error)
    }
  }
}

extension VisionError {
  /// A model run's error as a vision task reports it: the image's own error unwrapped, the
  /// interpreter's as ``interpreter(_:)``.
  init(running error: ModelError) {
    switch error {
    case .input(_, let failure):
      if let vision = failure.error as? VisionError { self = vision } else { self = .model(error) }
    case .interpreter(let error): self = .interpreter(error)
    default: self = .model(error)
    }
  }
}

extension ImageTaskModel {
  /// The TFLite metadata of the output layer `layer` (labels, display names, calibration,
  /// threshold), or `nil` when the model has none for it.
  func outputMetadata(layer: String, labelKind: AssociatedFileType, locale: String) throws(VisionError)
    -> TaskOutputMetadata?
  {
    guard let index = model.outputTensorIndex(forLayer: layer),
      let metadata = try TaskOutputMetadata.read(model.interpreter.model, labelKind: labelKind, locale: locale),
      metadata.indices.contains(index)
    else { return nil }
    return metadata[index]
  }
}

extension CategoryFilter {
  /// Throws the vision tasks' option error for a filter that cannot be used.
  func validateForVision() throws(VisionError) {
    switch problem {
    case .allowlistAndDenylist:
      throw .invalidOption(
        name: "categoryAllowlist/categoryDenylist", reason: "an allowlist and a denylist cannot be used together")
    case .thresholdNotANumber:
      throw .invalidOption(name: "scoreThreshold", reason: "it is not a number")
    case nil: return
    }
  }
}
