import TensorBridge
import TensorBridgeModels

/// An image for a model's `"type": "image"` input layer, with how to fit it: a `ModelInput`
/// for `Model.run(on:)`. A bare ``PixelBuffer`` works too
/// (stretched, bilinear, as Tensor/IO resizes).
///
/// ```swift
/// let outputs = try model.run(on: ImageInput(photo, fitMode: .centerCrop))
/// let mixed = try model.run(on: ["image": ImageInput(photo), "threshold": 0.5])
/// ```
///
/// A failure to write the image reaches the caller as `ModelError/input(layer:_:)` holding
/// the ``VisionError``.
public struct ImageInput: ModelInput, Sendable {
  /// The image.
  public var image: PixelBuffer
  /// How it is fitted into the input tensor.
  public var fitMode: FitMode
  /// The resampling filter.
  public var filter: ResizeFilter
  /// Block averaging before the filter on large downscales (see ``ResizeFilter/defaultReducingGap``).
  public var reducingGap: Double?
  /// The tensor's format, when the caller knows it better than the layer (normalization from
  /// TFLite or AutoML metadata); `nil` derives it from the tensor and the layer.
  public var format: ImageInputFormat?

  /// Creates an image input.
  public init(
    _ image: PixelBuffer, fitMode: FitMode = .stretch, filter: ResizeFilter = .bilinear,
    reducingGap: Double? = ResizeFilter.defaultReducingGap, format: ImageInputFormat? = nil
  ) {
    self.image = image
    self.fitMode = fitMode
    self.filter = filter
    self.reducingGap = reducingGap
    self.format = format
  }

  /// Writes the image into each layer's tensor with the layer's `normalize` and `format`.
  ///
  /// - Throws: `ModelError/input(layer:_:)` with the ``VisionError``.
  public func write(into model: Model, inputs: [Model.BoundInput]) throws(ModelError) {
    for input in inputs {
      do { _ = try write(into: model.interpreter, inputAt: input.tensorIndex, layer: input.layer) } catch {
        throw .input(layer: input.layer.name, ModelInputFailure(error))
      }
    }
  }

  /// The map from model-input coordinates back to the image's pixels for a tensor of `format`.
  public func transform(for format: ImageInputFormat) -> ImageTransform {
    fitMode.transform(
      sourceWidth: image.width, sourceHeight: image.height, targetWidth: format.width, targetHeight: format.height,
      filter: filter)
  }

  /// Writes the image and returns the map from tensor coordinates back to image pixels.
  public func write(into interpreter: Interpreter, inputAt index: Int, layer: LayerDescription?) throws(VisionError)
    -> ImageTransform
  {
    let tensor: Tensor
    do { tensor = try interpreter.input(at: index) } catch { throw .interpreter(error) }
    let format: ImageInputFormat
    if let known = self.format { format = known } else { format = try ImageInputFormat(tensor: tensor, layer: layer) }
    return try write(into: interpreter, inputAt: index, format: format, tensorName: tensor.name)
  }

  /// Writes the image with an explicit format.
  public func write(into interpreter: Interpreter, inputAt index: Int, format: ImageInputFormat, tensorName: String)
    throws(VisionError) -> ImageTransform
  {
    let tensorizer = ImageTensorizer(format: format, fitMode: fitMode, filter: filter, reducingGap: reducingGap)
    do {
      return try interpreter.withUnsafeMutableInputBytes(at: index) { bytes in
        try tensorizer.write(image, into: bytes, tensor: tensorName)
      }
    } catch let error as VisionError { throw error } catch let error as InterpreterError {
      throw .interpreter(error)
    } catch {
      throw .invalidOption(name: "input", reason: String(describing: error))
    }
  }
}

extension PixelBuffer: ModelInput {
  /// Writes the image stretched to each layer's tensor (see ``ImageInput`` for other fits).
  public func write(into model: Model, inputs: [Model.BoundInput]) throws(ModelError) {
    try ImageInput(self).write(into: model, inputs: inputs)
  }
}
