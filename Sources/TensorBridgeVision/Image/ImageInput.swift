import TensorBridge
import TensorBridgeModels

/// An image for a model's `"type": "image"` input layer, with how to fit it: feeds
/// ``TensorBridgeModels/Model/run(encoding:values:)``. A bare ``PixelBuffer`` works too (stretched,
/// bilinear, as Tensor/IO resizes).
///
/// ```swift
/// let outputs = try model.run(encoding: ["image": ImageInput(photo, fitMode: .centerCrop)])
/// ```
public struct ImageInput: ModelInputEncoder, Sendable {
  /// The image.
  public var image: PixelBuffer
  /// How it is fitted into the input tensor.
  public var fitMode: FitMode
  /// The resampling filter.
  public var filter: ResizeFilter
  /// Block averaging before the filter on large downscales (see ``ResizeFilter/defaultReducingGap``).
  public var reducingGap: Double?

  /// Creates an image input.
  public init(_ image: PixelBuffer, fitMode: FitMode = .stretch, filter: ResizeFilter = .bilinear,
              reducingGap: Double? = ResizeFilter.defaultReducingGap) {
    self.image = image
    self.fitMode = fitMode
    self.filter = filter
    self.reducingGap = reducingGap
  }

  /// Writes the image into the layer's tensor with the layer's `normalize` and `format`.
  public func encode(into interpreter: Interpreter, inputAt index: Int, layer: LayerDescription) throws(ModelError) {
    do { _ = try write(into: interpreter, inputAt: index, layer: layer) } catch {
      throw .unsupportedValue(layer: layer.name, reason: error.description)
    }
  }

  /// Writes the image and returns the map from tensor coordinates back to image pixels.
  public func write(into interpreter: Interpreter, inputAt index: Int, layer: LayerDescription?) throws(VisionError) -> ImageTransform {
    let tensor: Tensor
    do { tensor = try interpreter.input(at: index) } catch { throw .interpreter(error) }
    let format = try ImageInputFormat(tensor: tensor, layer: layer)
    return try write(into: interpreter, inputAt: index, format: format, tensorName: tensor.name)
  }

  /// Writes the image with an explicit format.
  public func write(into interpreter: Interpreter, inputAt index: Int, format: ImageInputFormat, tensorName: String) throws(VisionError) -> ImageTransform {
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

extension PixelBuffer: ModelInputEncoder {
  /// Writes the image stretched to the layer's tensor (see ``ImageInput`` for other fits).
  public func encode(into interpreter: Interpreter, inputAt index: Int, layer: LayerDescription) throws(ModelError) {
    try ImageInput(self).encode(into: interpreter, inputAt: index, layer: layer)
  }
}

extension Model {
  /// Runs a model whose only input layer is an image.
  public func run(
    on image: PixelBuffer, fitMode: FitMode = .stretch, filter: ResizeFilter = .bilinear,
    reducingGap: Double? = ResizeFilter.defaultReducingGap
  ) throws(ModelError) -> ModelOutputs {
    guard description.inputs.count == 1, let layer = description.inputs.first else {
      throw .inputCount(expected: description.inputs.count, actual: 1, layers: description.inputs.map(\.name))
    }
    return try run(encoding: [layer.name: ImageInput(image, fitMode: fitMode, filter: filter, reducingGap: reducingGap)])
  }
}
